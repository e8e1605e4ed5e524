import { Observable, Subscription, type Subscribable } from 'rxjs';
import type { FrameInfo } from '../../operators/frame-info.js';
import { OptionError } from '../../operators/option-error.js';
import { scaleDeltaMs } from '../../operators/scale-delta.js';
import {
  createStepAccumulator,
  retuneAccumulator,
  type FixedStepOptions,
  type StepPlan,
} from '../../operators/step-accumulator.js';
import { booleanOption, checkOptionKeys, functionOption, nonNegativeFinite, optionsObject } from '../../operators/validate.js';
import { startClock, type ClockRun } from '../clocks/clock-driver.js';
import type { Clock } from '../clocks/clock.js';
import { wallClock } from '../clocks/wall-clock.js';
import { DEFAULT_ADVANCE_MS } from '../hosts/manual-ticks.js';
import { Broadcast } from '../streams/broadcast.js';
import { ErrorRouter } from './error-router.js';
import { DIAGNOSTICS_WINDOW, FrameMeter, type Diagnostics } from './frame-meter.js';
import { FrameRunner, type PhaseGuard, type PhaseRow } from './frame-runner.js';
import { normalizePhases, type PhaseSpec } from './phase.js';
import { PhaseError } from './phase-error.js';
import { checkClock } from '../clocks/clock.js';
import { checkTicks, listenTo } from '../hosts/tick-source.js';

/** Options of {@link createLoop}. */
export interface LoopOptions<P extends string> {
  /** Where ticks come from: the page's frames, a manual source, a marble. Timestamps in ms. */
  ticks: Subscribable<number>;
  /** What each tick is worth. Defaults to `wallClock()`. Replaceable with {@link Loop.setClock}. */
  clock?: Clock;
  /** The frame's phases, in the order they run. A bare name is a phase that always runs once per frame. */
  phases: readonly (P | PhaseSpec<P>)[];
  /**
   * The fixed-step accumulator that plans the `fixed` phases' steps. Defaults
   * to the accumulator's own defaults (1/60 s, 4 steps, `'drop-backlog'`)
   * when a phase is fixed; without it and without fixed phases, no plan is
   * made. Changeable while running with {@link Loop.setFixedStep}.
   */
  fixedStep?: FixedStepOptions;
  /**
   * Called with every error caught at a phase boundary. Defaults to
   * `console.error`. `errors$` sees them too.
   */
  onError?: (error: PhaseError) => void;
  /**
   * For tests: the first error stops the frame where it is; `advance()`
   * throws it, and a host-driven loop stops. Defaults to false (report and go
   * on).
   */
  failFast?: boolean;
  /**
   * What `advance()` does with the errors of the frame it ran, once each was
   * reported: `'report'` (the default) only reports them; `'throw'` finishes
   * the frame, then throws its first error to the caller (a test, a
   * validator), while a host-driven loop goes on as with `'report'`.
   */
  advanceErrors?: 'report' | 'throw';
  /**
   * How the loop makes the error it reports for something thrown in a phase
   * (or the clock): defaults to `new PhaseError(phase, frame, cause)`. An
   * engine passes one that names itself, so its loop's errors are its own.
   */
  errorOf?: (phase: string, frame: number, cause: unknown) => PhaseError;
}

const LOOP_OPTION_KEYS = ['ticks', 'clock', 'phases', 'fixedStep', 'onError', 'failFast', 'advanceErrors', 'errorOf'] as const;

/** Counters and readings of a loop's life so far. */
export interface LoopStats {
  /** Ticks received (host ticks and `advance()` calls). */
  readonly ticks: number;
  /** Ticks the clock declined. */
  readonly declined: number;
  /** Fixed-step time dropped at the `maxSteps` cap, in ms. */
  readonly droppedMs: number;
  /** Errors caught at phase boundaries. */
  readonly errors: number;
  /** Frames per second of host time, over the last 30 frames (0 before two). */
  readonly fps: number;
  /**
   * Simulated time per host time over the same frames: 1 in real time, 0.5
   * when the game runs at half speed (a paced clock above the display rate,
   * a time scale of 0.5, clamped hitches), 0 before two frames.
   */
  readonly speed: number;
}

/**
 * What a session recorder sees of a loop (`tickflow/replay`): every tick that
 * reached the clock, the end of every frame, and the controls a caller
 * changed from outside a frame. One listener at most; none costs one
 * comparison per tick and nothing else.
 *
 * @internal
 */
export interface LoopTap {
  /** A tick reached the clock: what the clock made of it (a finite number is a delivered delta, before the time scale; anything else declined the tick). Called before the frame runs. */
  tick(clockMs: number | undefined): void;
  /** A delivered tick's frame finished. */
  frameEnd(): void;
  /** A caller changed a control from outside a frame (a change made inside a frame is the game's own, and replays itself). */
  control(kind: LoopControl, value: unknown): void;
}

/** The controls a {@link LoopTap} sees. @internal */
export type LoopControl = 'paused' | 'timeScale' | 'fixedStep' | 'clock' | 'step' | 'hold' | 'release';

/** Options of {@link Loop.setClock}. */
export interface SetClockOptions {
  /**
   * Show the new clock the latest tick first, as its baseline, and throw away
   * what it makes of it, so the next tick is measured from the latest one and
   * no frame is lost to a fresh start: how to change a wall clock's clamp
   * while running. Defaults to false: the new clock starts with no baseline.
   * (A scripted clock shown a tick uses up one of its deltas.)
   */
  keepBaseline?: boolean;
}

/**
 * A frame loop: ticks in, a clock deciding what each is worth, and the
 * frame's phases run synchronously in order for each delivered tick. See
 * {@link createLoop}.
 */
export class Loop<P extends string = string> {
  /** Every error caught at a phase boundary, as it happens. */
  readonly errors$: Observable<PhaseError>;
  /** A snapshot of {@link FrameInfo} after each frame's phases ran. */
  readonly frames$: Observable<FrameInfo>;

  private readonly runner: FrameRunner<P>;
  private readonly rows: ReadonlyMap<P, PhaseRow<P>>;
  private readonly phaseObservables = new Map<P, Observable<number>>();
  private readonly router: ErrorRouter;
  private readonly frameListeners = new Broadcast<FrameInfo>();
  private readonly meter = new FrameMeter();
  private readonly ticks: Subscribable<number>;
  private readonly failFast: boolean;
  private readonly throwFromAdvance: boolean;
  private readonly errorOf: (phase: string, frame: number, cause: unknown) => PhaseError;

  private clock: Clock;
  private clockRun: ClockRun;
  private hostRun: Subscription | undefined;
  /** Between `start()` and `stop()` (or the tick source's end). */
  private started = false;
  /** Holds outstanding (see {@link hold}). */
  private holds = 0;
  private scale = 1;
  private lastTimestampMs = 0;
  private tickCount = 0;
  private declinedCount = 0;
  private destroyed = false;
  private tap: LoopTap | undefined;

  constructor(options: LoopOptions<P>) {
    const where = 'createLoop';
    optionsObject(where, options);
    checkOptionKeys(where, options, LOOP_OPTION_KEYS);
    const {
      ticks,
      clock,
      phases,
      fixedStep,
      onError = defaultOnError,
      failFast = false,
      advanceErrors = 'report',
      errorOf = phaseErrorOf,
    } = options;
    checkTicks(where, ticks);
    if (clock !== undefined) checkClock(where, clock);
    functionOption(where, 'onError', onError);
    booleanOption(where, 'failFast', failFast);
    if (advanceErrors !== 'report' && advanceErrors !== 'throw') {
      throw new OptionError(where, 'advanceErrors', `'report' or 'throw'`, advanceErrors);
    }
    functionOption(where, 'errorOf', errorOf);
    if (fixedStep !== undefined && (fixedStep === null || typeof fixedStep !== 'object' || Array.isArray(fixedStep))) {
      throw new OptionError(where, 'fixedStep', 'an options object { stepMs, maxSteps, overflow, snap }', fixedStep);
    }
    const normalized = normalizePhases(phases, where);
    const accumulator =
      fixedStep !== undefined || normalized.some((p) => p.fixed) ? createStepAccumulator(fixedStep, where) : undefined;
    const table: PhaseRow<P>[] = normalized.map((phase) => ({ ...phase, listeners: new Broadcast<number>(), guard: undefined }));
    this.runner = new FrameRunner(table, accumulator, this.onListenerError);
    this.rows = new Map(table.map((row) => [row.name, row]));
    this.ticks = ticks;
    this.clock = clock ?? wallClock();
    this.router = new ErrorRouter(onError);
    this.failFast = failFast;
    this.throwFromAdvance = advanceErrors === 'throw';
    this.errorOf = errorOf;
    this.errors$ = this.router.errors$;
    this.frames$ = this.frameListeners.asObservable();
    this.clockRun = this.startClock();
  }

  /**
   * Whether host ticks are being taken now: between `start()` and `stop()`
   * (until the tick source ends), and not held ({@link hold}).
   */
  get running(): boolean {
    return this.hostRun !== undefined;
  }

  /** Whether a {@link hold} is outstanding: no tick reaches the clock. */
  get held(): boolean {
    return this.holds > 0;
  }

  /**
   * Whether the loop is paused. A paused loop still takes ticks and counts
   * frames, skips the phases marked `pausable` and runs the rest. Pausing
   * clears the fixed-step time accumulated and not yet simulated, so resuming
   * does not simulate the time spent paused; active time (`frame().activeMs`)
   * stops while paused.
   */
  get paused(): boolean {
    return this.runner.paused;
  }

  /** Pauses (true) or resumes (false); see the getter. */
  set paused(value: boolean) {
    this.runner.setPaused(value === true);
    if (this.tap !== undefined && !this.runner.inFrame) this.tap.control('paused', value === true);
  }

  /**
   * Game time per clock time: each delivered delta is multiplied by it, after
   * the clock (so after a wall clock's clamp: the clamp bounds the real gap, the
   * scale says what that gap is worth). 0.5 is slow motion, 0 freezes the game
   * while frames still run. A finite number >= 0; defaults to 1.
   */
  get timeScale(): number {
    return this.scale;
  }

  /** Sets the time scale, from the next frame on; see the getter. @throws {OptionError} unless a finite number >= 0. */
  set timeScale(value: number) {
    nonNegativeFinite('timeScale', 'timeScale', value);
    this.scale = value;
    if (this.tap !== undefined && !this.runner.inFrame) this.tap.control('timeScale', value);
  }

  /** Whether a frame is running right now (inside a phase). */
  get inFrame(): boolean {
    return this.runner.inFrame;
  }

  /** The names of the phases, in the order a frame runs them. */
  get phaseNames(): readonly P[] {
    return this.runner.phases.map((p) => p.name);
  }

  /** How far the latest frame sits between the last two fixed steps, in [0, 1). */
  get alpha(): number {
    return this.runner.plan.alpha;
  }

  /**
   * Starts taking host ticks. The clock starts fresh (no baseline), so the
   * time the loop spent stopped costs nothing. Does nothing when running.
   * If the tick source errors or completes, that is reported (phase
   * `'ticks'`) and the loop stops; `start()` takes it up again.
   */
  start(): void {
    this.assertAlive('start');
    if (this.started) return;
    this.started = true;
    if (this.holds === 0) this.attachHost();
  }

  /** Stops taking host ticks: the loop asks its host for no frames. `advance()` still works. Does nothing when stopped. */
  stop(): void {
    this.started = false;
    this.detachHost();
  }

  /**
   * Holds the loop: until every hold is released, no tick reaches the clock.
   * Host ticks are not taken (the loop asks its host for no frames) and
   * `advance()` runs nothing and returns false. When the last hold is
   * released, the clock starts fresh, so the time spent held is not charged
   * to the next frame (the caller's clock stays: only its baseline goes), and
   * a started loop takes host ticks again. What an engine does while it
   * loads a level or a scene, or while it is paused in a way that asks for
   * no frames.
   *
   * @return The release: call it once (later calls do nothing).
   */
  hold(): () => void {
    this.assertAlive('hold');
    if (this.holds++ === 0) this.detachHost();
    if (this.tap !== undefined && !this.runner.inFrame) this.tap.control('hold', this.holds);
    let outstanding = true;
    return () => {
      if (!outstanding) return;
      outstanding = false;
      if (this.tap !== undefined && !this.runner.inFrame) this.tap.control('release', this.holds - 1);
      if (--this.holds > 0 || this.destroyed) return;
      this.restartClock();
      if (this.started) this.attachHost();
    };
  }

  /**
   * While paused, makes the next frame a single step: it runs as if
   * unpaused, for exactly one fixed step, hands its other phases the step's
   * seconds, and reports alpha 1 (it shows the step it made). Asked for in a
   * phase that runs before the fixed phases, it makes the frame under way
   * that step. Does nothing while running (not paused).
   */
  step(): void {
    this.assertAlive('step');
    this.runner.requestStep();
    if (this.tap !== undefined && !this.runner.inFrame && this.runner.paused) this.tap.control('step', true);
  }

  /** Whether the frame under way (or the latest) is a single step ({@link step}). */
  get stepping(): boolean {
    return this.runner.stepping;
  }

  /**
   * Runs one tick synchronously through the clock, and the frame if the
   * clock delivers one. Works whether or not the loop is started.
   *
   * @param timestampMs The tick's timestamp; defaults to the previous tick's
   * plus 1000/60 (virtual time at 60 Hz).
   * @return Whether the tick made a frame (false when the clock declined it, or the loop is held).
   * @throws {Error} when called from inside a frame, or after `destroy()`.
   * @throws {PhaseError} with `failFast` or `advanceErrors: 'throw'`, the first error of the frame.
   */
  advance(timestampMs?: number): boolean {
    this.assertAlive('advance');
    if (this.holds > 0) return false;
    if (this.runner.inFrame) {
      throw new Error(
        `advance: called inside phase "${this.runner.currentPhase}" of frame ${this.runner.info.count}; ` +
          'a frame cannot run inside another, so advance from outside the loop (a test, a timer, the next tick)',
      );
    }
    // Two calls, not a default parameter: a default (`timestampMs = last + 1000/60`)
    // made V8 re-box the timestamp on every call, given or not (16 B a frame).
    const delivered = timestampMs === undefined ? this.tick(this.lastTimestampMs + DEFAULT_ADVANCE_MS) : this.tick(timestampMs);
    const error = this.runner.pendingError;
    this.runner.pendingError = undefined;
    if (error !== undefined && (this.failFast || this.throwFromAdvance)) throw error;
    return delivered;
  }

  /** Frames so far: `frame().count` without the snapshot. */
  get frameCount(): number {
    return this.runner.info.count;
  }

  /** A snapshot of the frames so far: count, simulated time, active time and the latest delta, in ms. */
  frame(): FrameInfo {
    const { count, timeMs, activeMs, lastDeltaMs } = this.runner.info;
    return { count, timeMs, activeMs, lastDeltaMs };
  }

  /**
   * Puts the frame counters back to a snapshot taken with {@link frame}
   * between frames: what a rollback does, so game code that reads the frame
   * count or the simulated time sees them as they were. Nothing else moves.
   * @internal
   */
  restoreFrame(info: FrameInfo): void {
    if (this.runner.inFrame) throw new Error('restoreFrame: called inside a frame; roll back between frames');
    const target = this.runner.info;
    target.count = info.count;
    target.timeMs = info.timeMs;
    target.activeMs = info.activeMs;
    target.lastDeltaMs = info.lastDeltaMs;
  }

  /** A snapshot of the latest frame's fixed-step plan (all zero without a fixed step). */
  plan(): StepPlan {
    const { steps, stepMs, alpha, droppedMs } = this.runner.plan;
    return { steps, stepMs, alpha, droppedMs };
  }

  /** Counters and readings of the loop's life so far. */
  stats(): LoopStats {
    return {
      ticks: this.tickCount,
      declined: this.declinedCount,
      droppedMs: this.runner.accumulator?.droppedTotalMs ?? 0,
      errors: this.router.count,
      fps: this.meter.fps,
      speed: this.meter.speed,
    };
  }

  /**
   * What a diagnostics overlay draws: frames per second (as `stats().fps`),
   * the last {@link DIAGNOSTICS_WINDOW} frame deltas (ms, oldest first), the
   * ticks declined and the frames so far. Allocates the graph's array: read
   * it only when drawing.
   */
  diagnostics(): Diagnostics {
    return {
      fps: this.meter.fps,
      frameTimesMs: this.meter.recentDeltasMs(),
      declinedTicks: this.declinedCount,
      frameCount: this.runner.info.count,
    };
  }

  /**
   * Replaces the clock. The new clock starts with no baseline (its first tick
   * is measured from nothing, as after `start()`), unless `keepBaseline`.
   *
   * @example
   * ```ts
   * // Tighten the clamp mid-game without losing a frame:
   * loop.setClock(wallClock({ maxDeltaMs: 100 }), { keepBaseline: true });
   * ```
   */
  setClock(clock: Clock, options?: SetClockOptions): void {
    this.assertAlive('setClock');
    checkClock('setClock', clock);
    optionsObject('setClock', options, true);
    checkOptionKeys('setClock', options, ['keepBaseline']);
    const keepBaseline = booleanOption('setClock', 'keepBaseline', options?.keepBaseline) ?? false;
    this.clock = clock;
    this.restartClock();
    if (keepBaseline && this.tickCount > 0) this.clockStep(this.lastTimestampMs);
    if (this.tap !== undefined && !this.runner.inFrame) this.tap.control('clock', keepBaseline);
  }

  /**
   * Changes the fixed step, its cap, overflow or snap while running, keeping
   * the time accumulated: no time is lost or replayed and no frame skipped;
   * the next frame plans its steps against the new step. Options left out keep
   * their values.
   *
   * @throws {OptionError} for a bad option, or when the loop has no fixed step.
   */
  setFixedStep(options: FixedStepOptions): void {
    this.assertAlive('setFixedStep');
    const accumulator = this.runner.accumulator;
    if (accumulator === undefined) {
      throw new OptionError('setFixedStep', 'fixedStep', 'set at createLoop (or a fixed phase) before it can change', undefined);
    }
    optionsObject('setFixedStep', options);
    retuneAccumulator(accumulator, options);
    this.runner.retuned();
    if (this.tap !== undefined && !this.runner.inFrame) this.tap.control('fixedStep', { ...options });
  }

  /**
   * Sets (or, with `undefined`, removes) the one {@link LoopTap}: how a
   * session recorder sees every tick, frame end and control.
   *
   * @throws {Error} when a tap is set and another is given (one recorder at a time).
   * @internal
   */
  setTap(tap: LoopTap | undefined): void {
    if (tap !== undefined && this.tap !== undefined && tap !== this.tap) {
      throw new Error('setTap: this loop is already recorded; stop the other recording first (one recorder at a time)');
    }
    this.tap = tap;
  }

  /** The fixed steps the latest frame planned (ran, unless it was cut short): `plan().steps` without the snapshot; 1 on a single step. */
  get frameSteps(): number {
    return this.runner.plan.steps;
  }

  /** The fixed steps run so far, over the loop's life (0 without a fixed step). @internal */
  get fixedStepCount(): number {
    return this.runner.stepsTotal;
  }

  /**
   * A phase as a hot stream: it emits inside that phase of every frame that
   * runs it, with the frame's delta in seconds (a fixed phase: the step in
   * seconds, once per step). So a `'collision'` observer runs after every
   * `'tick'` observer and before any `'render'` observer of the same frame.
   *
   * A throw inside a subscriber follows RxJS's rules: RxJS reports it
   * (asynchronously, to `config.onUnhandledError`, or thrown) and the
   * subscription goes on, and it never reaches the loop; game code that must
   * be reported on `errors$` belongs in {@link on}.
   */
  phase(name: P): Observable<number> {
    let observable = this.phaseObservables.get(name);
    if (observable === undefined) {
      observable = this.row(name, 'phase').listeners.asObservable();
      this.phaseObservables.set(name, observable);
    }
    return observable;
  }

  /**
   * Runs `handler` inside phase `name` of every frame that runs it, with the
   * frame's delta in seconds (a fixed phase: the step in seconds, once per
   * step). A handler that throws is caught at the phase boundary, reported
   * with the phase and frame on `errors$` and `onError`, and the loop goes on
   * with the next handler.
   *
   * @return A subscription; unsubscribe to remove the handler (safe from
   * inside a frame: a removed handler is not called again).
   */
  on(name: P, handler: (dtSeconds: number) => void): Subscription {
    functionOption('on', 'handler', handler);
    return new Subscription(this.row(name, 'on').listeners.add(handler));
  }

  /**
   * Runs `handler` once, the next time phase `name` runs (a fixed phase: its
   * next step), then removes it: a delayed effect, a one-frame screenshot, a
   * first-frame measurement. A throw is reported as for {@link on}, and the
   * handler is removed all the same.
   *
   * @return A subscription; unsubscribe before it ran to cancel it.
   */
  once(name: P, handler: (dtSeconds: number) => void): Subscription {
    functionOption('once', 'handler', handler);
    const remove = this.row(name, 'once').listeners.add((dtSeconds) => {
      remove();
      handler(dtSeconds);
    });
    return new Subscription(remove);
  }

  /**
   * Tells `guard` when phase `name` starts and ends, every time it runs (a
   * fixed phase: every step), the end even when a listener threw. One guard a
   * phase; `undefined` removes it. A phase with no guard runs as before.
   * @internal
   */
  guardPhase(name: P, guard: PhaseGuard | undefined): void {
    this.row(name, 'guardPhase').guard = guard;
  }

  /** The name of the phase running now; `'outside a frame'` between frames. */
  get currentPhase(): string {
    return this.runner.currentPhase;
  }

  /**
   * Reports an error that code running inside a phase caught itself (an
   * engine isolating each actor's tick, say) as if a handler had thrown: a
   * {@link PhaseError} with the current phase and frame (or `cause` itself,
   * when it is one) goes to `errors$` and `onError`, and counts as the
   * frame's error for `advance()`. Outside a frame the phase is
   * `'outside a frame'`.
   */
  reportError(cause: unknown): void {
    this.report(cause instanceof PhaseError ? cause : this.errorOf(this.runner.currentPhase, this.runner.info.count, cause));
  }

  /**
   * Stops the loop for good: no subscription, listener or pending frame is
   * left; phase streams, `frames$` and `errors$` complete. Later calls to
   * `start`, `advance`, `setClock` or `setFixedStep` throw.
   */
  destroy(): void {
    if (this.destroyed) return;
    this.stop();
    this.clockRun.stop();
    this.destroyed = true;
    // Completing the phases' listener lists also ends a frame under way: no later listener is called.
    for (const row of this.rows.values()) row.listeners.complete();
    this.frameListeners.complete();
    this.router.complete();
  }

  /** Whether {@link destroy} was called. */
  get isDestroyed(): boolean {
    return this.destroyed;
  }

  // -- the tick: the clock, then the frame ---------------------------------------

  private attachHost(): void {
    if (this.hostRun !== undefined) return;
    this.restartClock();
    const run = new Subscription();
    this.hostRun = run;
    const ended = (cause: unknown): void => {
      if (this.hostRun === run) this.hostRun = undefined;
      this.started = false;
      run.unsubscribe();
      this.report(this.errorOf('ticks', this.runner.info.count, cause));
    };
    run.add(
      listenTo(this.ticks, {
        next: this.onHostTick,
        error: ended,
        complete: () => ended(new Error('the tick source completed, so the loop stopped; start() subscribes to it again')),
      }),
    );
    if (this.hostRun !== run) run.unsubscribe(); // the source ended while it was being listened to
  }

  private detachHost(): void {
    const run = this.hostRun;
    this.hostRun = undefined;
    run?.unsubscribe();
  }

  private readonly onHostTick = (timestampMs: number): void => {
    if (this.runner.inFrame) {
      this.reportError(new Error('a host tick arrived inside a frame; it was dropped (a tick source must not tick from a phase)'));
      return;
    }
    this.tick(timestampMs);
    if (this.runner.pendingError !== undefined) {
      this.runner.pendingError = undefined;
      if (this.failFast) this.stop();
    }
  };

  /**
   * One tick, top to bottom: the clock says what it is worth (or declines
   * it: nothing else moves); the delta is scaled; the runner counts the
   * frame, plans its fixed steps and runs its phases in order.
   */
  private tick(timestampMs: number): boolean {
    this.tickCount++;
    if (Number.isFinite(timestampMs)) this.lastTimestampMs = timestampMs;
    const clockMs = this.clockStep(timestampMs);
    if (this.tap !== undefined) this.tap.tick(clockMs);
    // A custom clock is user code: its deltas are checked like host input (undefined is not finite either).
    if (!Number.isFinite(clockMs)) return this.decline();
    const deltaMs = this.scale === 1 && clockMs! >= 0 ? clockMs! : this.scaled(clockMs!);
    // Metered before the phases run, so an overlay drawn in this frame counts it.
    this.meter.record(timestampMs, deltaMs);
    this.runner.run(deltaMs);
    if (this.frameListeners.size > 0) this.emitFrame();
    if (this.tap !== undefined) this.tap.frameEnd();
    return true;
  }

  /** A tick the clock declined: counted, and nothing else moves. */
  private decline(): false {
    this.declinedCount++;
    return false;
  }

  /** A delivered delta floored at 0 (a custom clock may hand out a negative one) and times the time scale. */
  private scaled(clockMs: number): number {
    const clampedMs = clockMs > 0 ? clockMs : 0;
    return this.scale === 1 ? clampedMs : scaleDeltaMs(clampedMs, this.scale)!;
  }

  private emitFrame(): void {
    this.frameListeners.emitIsolated(this.frame(), this.onFrameListenerError);
  }

  /** Asks the clock what a tick is worth. A clock that throws is reported (phase `'clock'`) and restarted fresh. */
  private clockStep(timestampMs: number): number | undefined {
    try {
      return this.clockRun.step(timestampMs);
    } catch (error) {
      this.reportClockError(error);
      return undefined;
    }
  }

  private startClock(): ClockRun {
    return startClock(this.clock, (error) => this.reportClockError(error));
  }

  private restartClock(): void {
    this.clockRun?.stop();
    this.clockRun = this.startClock();
    this.meter.resetRate();
  }

  private reportClockError(error: unknown): void {
    const phaseError = this.errorOf('clock', this.runner.info.count, error);
    this.runner.pendingError ??= phaseError;
    this.report(phaseError);
    if (!this.destroyed) this.restartClock();
  }

  // -- plumbing ---------------------------------------------------------------

  private readonly onFrameListenerError = (cause: unknown): void => {
    this.report(this.errorOf('frames$', this.runner.info.count, cause));
  };

  /** A listener threw inside a phase: reported, and with failFast thrown on to end the frame. */
  private readonly onListenerError = (cause: unknown): void => {
    const error = this.errorOf(this.runner.currentPhase, this.runner.info.count, cause);
    this.report(error);
    if (this.failFast) throw error;
  };

  private row(name: P, where: string): PhaseRow<P> {
    const row = this.rows.get(name);
    if (row === undefined) {
      throw new OptionError(where, 'name', `one of the loop's phases (${[...this.rows.keys()].join(', ')})`, name);
    }
    return row;
  }

  /** Every error the loop reports: the frame's first one is kept for `advance()`, then it is routed. */
  private report(error: PhaseError): void {
    if (this.runner.inFrame) this.runner.pendingError ??= error;
    this.router.route(error);
  }

  private assertAlive(method: string): void {
    if (this.destroyed) throw new Error(`${method}: the loop was destroyed`);
  }
}

function defaultOnError(error: PhaseError): void {
  console.error(error);
}

function phaseErrorOf(phase: string, frame: number, cause: unknown): PhaseError {
  return new PhaseError(phase, frame, cause);
}

/**
 * Builds a frame loop: ticks (any Observable of timestamps: the page's frames,
 * `manualTicks()`, a marble) piped through a clock, and for each delivered
 * tick the phases run synchronously, in order.
 *
 * 1. The clock is called once per tick; a declined tick ends there, before
 *    any state moves.
 * 2. The delta is multiplied by {@link Loop.timeScale} (1 unless set).
 * 3. The frame counter, simulated time, active time and latest delta advance.
 * 4. With a fixed step, the accumulator plans this frame's steps.
 * 5. Each phase runs in order: its handlers ({@link Loop.on}) and stream
 *    subscribers ({@link Loop.phase}) are called with the delta in seconds; the
 *    fixed phases run as a group once per step, with the step in seconds;
 *    while paused, pausable phases are skipped.
 *
 * ```text
 * ticks       --a------b------c--|       a = 0, b = 16, c = 40 (ms)
 *             wallClock()
 * 'update'    --u------u------u--|       u = 0, 0.016, 0.024 (s)
 * 'render'    --r------r------r--|       always after 'update' in the same frame
 * ```
 *
 * @example
 * ```ts
 * import { createLoop, manualTicks, wallClock } from 'tickflow';
 *
 * const host = manualTicks();
 * const loop = createLoop({
 *   ticks: host.ticks$,
 *   clock: wallClock(),
 *   fixedStep: { stepMs: 1000 / 60, maxSteps: 4 },
 *   phases: [{ name: 'physics', fixed: true, pausable: true }, { name: 'update', pausable: true }, 'render'],
 * });
 * let x = 0;
 * loop.on('physics', (stepSeconds) => (x += 60 * stepSeconds));
 * loop.on('render', () => console.log(x.toFixed(1), loop.alpha.toFixed(2))); // 0.0 0.00, 1.0 0.20
 * loop.start();
 * host.advance(0);
 * host.advance(20);
 * ```
 *
 * @throws {OptionError} for bad options, before anything starts.
 */
export function createLoop<const P extends string>(options: LoopOptions<P>): Loop<P> {
  return new Loop(options);
}
