import { Observable, Subscription, type Subscribable } from 'rxjs';
import type { FrameInfo } from '../../operators/frame-info.js';
import { OptionError } from '../../operators/option-error.js';
import { scaleDeltaMs } from '../../operators/scale-delta.js';
import { clearAccumulated, createStepAccumulator, retuneAccumulator, type FixedStepOptions, type StepPlan } from '../../operators/step-accumulator.js';
import { booleanOption, checkOptionKeys, functionOption, nonNegativeFinite, optionsObject } from '../../operators/validate.js';
import type { Clock } from '../clocks/clock.js';
import { wallClock } from '../clocks/wall-clock.js';
import { DEFAULT_ADVANCE_MS } from '../hosts/manual-ticks.js';
import { Broadcast } from '../streams/broadcast.js';
import { ErrorRouter } from './error-router.js';
import { DIAGNOSTICS_WINDOW, FrameMeter, type Diagnostics } from './frame-meter.js';
import { FrameRunner, type PhaseGuard, type PhaseRow } from './frame-runner.js';
import { normalizePhases } from './phase.js';
import { PhaseError } from './phase-error.js';
import { checkClock } from '../clocks/clock.js';
import { listenTo, type StagedFrame } from '../hosts/tick-source.js';
import { saturatingAdd } from '../../operators/saturating-add.js';
import { resolveLoopOptions, type LoopOptions, type LoopStats, type SetClockOptions } from './loop-options.js';
import type { LoopTap } from './loop-tap.js';
import { Holds } from './holds.js';
import { LoopClock } from './loop-clock.js';
import { readLoopState, writeLoopState, type LoopState } from './loop-state.js';

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
  private readonly router: ErrorRouter;
  private readonly frameListeners = new Broadcast<FrameInfo>();
  private readonly meter = new FrameMeter();
  private readonly ticks: Subscribable<number>;
  private readonly failFast: boolean;
  private readonly throwFromAdvance: boolean;
  private readonly errorOf: (phase: string, frame: number, cause: unknown) => PhaseError;

  private readonly clock: LoopClock;
  private hostRun: Subscription | undefined;
  /** Between `start()` and `stop()` (or the tick source's end). */
  private startedFlag = false;
  /** Holds outstanding (see {@link hold}). */
  private readonly holds = new Holds();
  private readonly frameEnd: (() => void) | undefined;
  private readonly freshStartDropsSteps: boolean;
  private scale = 1;
  private lastTimestampMs = 0;
  private destroyed = false;
  private tap: LoopTap | undefined;

  constructor(options: LoopOptions<P>) {
    const where = 'createLoop';
    const { ticks, clock, phases, fixedStep, onError, failFast, advanceErrors, errorOf, frameEnd, freshStartDropsSteps } = resolveLoopOptions(options);
    const normalized = normalizePhases(phases, where);
    const accumulator =
      fixedStep !== undefined || normalized.some((p) => p.fixed) ? createStepAccumulator(fixedStep, where) : undefined;
    const table: PhaseRow<P>[] = normalized.map((phase) => ({ ...phase, listeners: new Broadcast<number>(), guard: undefined }));
    this.runner = new FrameRunner(table, accumulator, this.onListenerError);
    this.ticks = ticks;
    this.clock = new LoopClock(clock ?? wallClock(), (error) => this.reportClockError(error));
    this.router = new ErrorRouter(onError);
    this.failFast = failFast;
    this.throwFromAdvance = advanceErrors === 'throw';
    this.errorOf = errorOf;
    this.frameEnd = frameEnd;
    this.freshStartDropsSteps = freshStartDropsSteps;
    this.errors$ = this.router.errors$;
    this.frames$ = this.frameListeners.asObservable();
  }

  /**
   * Whether host ticks are being taken now: between `start()` and `stop()`
   * (until the tick source ends), and not held ({@link hold}).
   */
  get running(): boolean {
    return this.hostRun !== undefined;
  }

  /** Whether the loop is between `start()` and `stop()` (held or not). @internal */
  get started(): boolean {
    return this.startedFlag;
  }

  /** Whether a {@link hold} is outstanding: no tick reaches the clock. */
  get held(): boolean {
    return this.holds.count > 0;
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
    this.recorder?.control('paused', value === true);
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
    this.recorder?.control('timeScale', value);
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
    if (this.startedFlag) return;
    this.startedFlag = true;
    if (this.holds.count === 0) this.attachHost();
  }

  /** Stops taking host ticks: the loop asks its host for no frames. `advance()` still works. Does nothing when stopped. */
  stop(): void {
    this.startedFlag = false;
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
   * @param reason Why (an engine reads its holds by reason); defaults to `'hold'`. Holds of one reason add up.
   * @return The release: call it once (later calls do nothing).
   */
  hold(reason = 'hold'): () => void {
    this.assertAlive('hold');
    this.addHold(reason);
    let outstanding = true;
    return () => {
      if (!outstanding) return;
      outstanding = false;
      this.releaseHold(reason);
    };
  }

  /**
   * Holds the loop for `reason` (true) or lets go of every hold of that
   * reason (false), idempotently: how an engine maps a state it keeps a
   * yes-or-no of (a hidden tab, a settled hero) onto {@link hold}.
   * @internal
   */
  setHold(reason: string, on: boolean): void {
    const count = this.holds.countOf(reason);
    if (on && count === 0) this.addHold(reason);
    for (let i = on ? 1 : 0; i < count; i++) this.releaseHold(reason);
  }

  /** Whether a hold of `reason` is outstanding. @internal */
  heldFor(reason: string): boolean {
    return this.holds.countOf(reason) > 0;
  }

  /** The reasons of the holds outstanding, in the order they were first taken. @internal */
  get holdReasons(): IterableIterator<string> {
    return this.holds.reasons;
  }

  private addHold(reason: string): void {
    if (this.holds.add(reason)) this.detachHost();
    this.recorder?.control('hold', this.holds.count);
  }

  private releaseHold(reason: string): void {
    this.recorder?.control('release', this.holds.count - 1);
    if (!this.holds.release(reason) || this.destroyed) return;
    this.freshStart();
    if (this.startedFlag) this.attachHost();
  }

  /**
   * Does to the loop's time what letting go of its last hold does (a fresh
   * start: the clock restarted, and the accumulator cleared where the loop
   * drops held time), with no hold: a replay makes it again where the
   * recording's last hold was let go (a page's automatic pause, a settle),
   * which the replayed engine, with no page, never took. @internal
   */
  replayRelease(): void {
    this.assertAlive('replayRelease');
    this.freshStart();
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
    if (this.runner.paused) this.recorder?.control('step', true);
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
    if (this.holds.count > 0) return false;
    this.assertOutsideFrame();
    // Two calls, not a default parameter: a default (`timestampMs = last + 1000/60`)
    // made V8 re-box the timestamp on every call, given or not (16 B a frame).
    const delivered = timestampMs === undefined ? this.tick(this.lastTimestampMs + DEFAULT_ADVANCE_MS) : this.tick(timestampMs);
    this.throwFrameError();
    return delivered;
  }

  /**
   * Runs one frame worth `deltaMs` (a finite number >= 0) by hand, with no
   * clock, whether or not the loop is started or held: the page engine's
   * `advance(seconds)`. Host time moves on by `deltaMs`. Errors go as for
   * {@link advance}. @internal
   */
  advanceBy(deltaMs: number): void {
    this.assertAlive('advance');
    this.assertOutsideFrame();
    this.meter.ticks++;
    this.lastTimestampMs = saturatingAdd(this.lastTimestampMs, deltaMs);
    if (this.tap !== undefined) this.tap.tick(deltaMs);
    this.meter.record(this.lastTimestampMs, deltaMs);
    this.runner.run(deltaMs);
    this.frameEnded();
    this.throwFrameError();
  }

  /** @throws {Error} inside a frame: a frame cannot run inside another. */
  private assertOutsideFrame(): void {
    if (!this.runner.inFrame) return;
    throw new Error(
      `advance: called inside phase "${this.runner.currentPhase}" of frame ${this.runner.info.count}; ` +
        'a frame cannot run inside another, so advance from outside the loop (a test, a timer, the next tick)',
    );
  }

  /** After a frame run by hand: its first error is taken, and thrown with `failFast` or `advanceErrors: 'throw'`. */
  private throwFrameError(): void {
    const error = this.runner.pendingError;
    this.runner.pendingError = undefined;
    if (error !== undefined && (this.failFast || this.throwFromAdvance)) throw error;
  }

  /** Whether the frame under way was cut short ({@link abandonFrame}): what is left of it does not run. @internal */
  get frameAbandoned(): boolean {
    return this.runner.abandoned;
  }

  /** Skips what is left of the frame under way (nothing when none is): no later phase of it runs. @internal */
  abandonFrame(): void {
    this.runner.abandon();
  }

  /**
   * The recorder to tell of what a caller does now (a control, one of the
   * engine's own calls; see {@link LoopTap}): the tap, unless none listens or
   * a frame runs (what a frame does is made again by replaying the frame).
   * @internal
   */
  get recorder(): LoopTap | undefined {
    return this.runner.inFrame ? undefined : this.tap;
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
   * The loop's state between frames, as fresh plain data (see
   * {@link LoopState}): what an engine's `save()` keeps of its loop.
   * Between frames (the engine checks).
   * @internal
   */
  saveState(): LoopState {
    return readLoopState(this.runner, this.scale, this.lastTimestampMs);
  }

  /**
   * Puts back a state read by {@link saveState}: counters, accumulator,
   * plan, pause and time scale. The clock starts fresh (see
   * {@link LoopState}); a single step asked for and not yet run is put back as saved.
   * The holds are the engine's, not the loop's: they stay as they are.
   * Between frames (the engine checks).
   *
   * @throws {Error} while a recording is attached (a replay could not make the jump again).
   * @param checkOnly Only check the state (and throw as a restore would), changing nothing.
   * @throws {OptionError} for a state this loop cannot take (see `writeLoopState`); the loop is then unchanged.
   * @internal
   */
  restoreState(state: LoopState, checkOnly = false): void {
    if (this.tap !== undefined) throw new Error('restore: the engine is being recorded; stop the recording first (a replay could not make the jump again)');
    if (!writeLoopState('restore', this.runner, state, checkOnly)) return;
    this.scale = state.timeScale;
    this.lastTimestampMs = state.lastTimestampMs;
    this.clock.restart();
  }

  /** A snapshot of the latest frame's fixed-step plan (all zero without a fixed step). */
  plan(): StepPlan {
    return { ...this.runner.plan };
  }

  /**
   * Counters and readings of the loop's life so far, as a fresh object a
   * caller may keep (as {@link frame} and {@link plan} are): a HUD that reads
   * it every frame makes one object a frame of garbage. Read it when the
   * HUD's text changes, or read {@link frameCount} and {@link alpha}, which
   * allocate nothing.
   */
  stats(): LoopStats {
    return this.meter.stats(this.runner.accumulator?.droppedTotalMs ?? 0, this.router.count);
  }

  /**
   * What a diagnostics overlay draws: frames per second (as `stats().fps`),
   * the last {@link DIAGNOSTICS_WINDOW} frame deltas (ms, oldest first), the
   * ticks declined and the frames so far. Allocates the graph's array: read
   * it only when drawing.
   */
  diagnostics(): Diagnostics {
    return this.meter.diagnostics(this.runner.info.count);
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
    this.clock.replace(clock);
    this.freshStart();
    if (keepBaseline && this.meter.ticks > 0) this.clock.step(this.lastTimestampMs);
    this.recorder?.control('clock', keepBaseline);
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
    this.recorder?.control('fixedStep', { ...options });
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

  /** The time the latest frame dropped at the step cap (ms): `plan().droppedMs` without the snapshot, for a check every frame. @internal */
  get frameDroppedMs(): number {
    return this.runner.plan.droppedMs;
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
    return this.runner.row(name, 'phase').listeners.asObservable();
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
    return new Subscription(this.runner.row(name, 'on').listeners.add(handler));
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
    const subscription: Subscription = this.on(name, (dtSeconds) => {
      subscription.unsubscribe();
      handler(dtSeconds);
    });
    return subscription;
  }


  /**
   * Tells `guard` when phase `name` starts and ends, every time it runs (a
   * fixed phase: every step), the end even when a listener threw. One guard a
   * phase; `undefined` removes it. A phase with no guard runs as before.
   * @internal
   */
  guardPhase(name: P, guard: PhaseGuard | undefined): void {
    this.runner.row(name, 'guardPhase').guard = guard;
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
    this.clock.stop();
    this.destroyed = true;
    // Completing the phases' listener lists also ends a frame under way: no later listener is called.
    for (const row of this.runner.phases) row.listeners.complete();
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
    this.freshStart();
    const run = new Subscription();
    this.hostRun = run;
    const ended = (cause: unknown): void => {
      if (this.hostRun === run) this.hostRun = undefined;
      this.startedFlag = false;
      run.unsubscribe();
      this.report(this.errorOf('ticks', this.runner.info.count, cause));
    };
    run.add(
      listenTo(this.ticks, {
        next: this.onHostTick,
        error: ended,
        complete: () => ended(new Error('the tick source completed, so the loop stopped; start() subscribes to it again')),
        staged: this.stagedFrame,
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
    this.hostFrameDone();
  };

  /** What a staged host (the page engines' clock) drives: the tick's begin, each stage, the end. */
  private readonly stagedFrame: StagedFrame = {
    begin: (timestampMs) => !this.runner.inFrame && this.beginTick(timestampMs),
    stage: (k) => this.runner.runStage(k),
    end: () => {
      if (!this.runner.inFrame) return;
      this.runner.end();
      this.frameEnded();
      this.hostFrameDone();
    },
  };

  /** A host's frame is over: its first error was reported; with failFast the loop stops. */
  private hostFrameDone(): void {
    if (this.runner.pendingError === undefined) return;
    this.runner.pendingError = undefined;
    if (this.failFast) this.stop();
  }

  /**
   * One tick, top to bottom: the clock says what it is worth (or declines
   * it: nothing else moves); the delta is scaled; the runner counts the
   * frame, plans its fixed steps and runs its phases in order.
   */
  private tick(timestampMs: number): boolean {
    if (!this.beginTick(timestampMs)) return false;
    this.runner.runStages();
    this.runner.end();
    this.frameEnded();
    return true;
  }

  /** A tick through the clock: a declined one is counted and ends there; a delivered one begins its frame. */
  private beginTick(timestampMs: number): boolean {
    this.meter.ticks++;
    if (Number.isFinite(timestampMs)) this.lastTimestampMs = timestampMs;
    const clockMs = this.clock.step(timestampMs);
    if (this.tap !== undefined) this.tap.tick(clockMs);
    // A custom clock is user code: its deltas are checked like host input (undefined is not finite either).
    if (!Number.isFinite(clockMs)) {
      this.meter.declined++; // declined: counted, and nothing else moves
      return false;
    }
    const deltaMs = this.scale === 1 && clockMs! >= 0 ? clockMs! : this.scaled(clockMs!);
    // Metered before the phases run, so an overlay drawn in this frame counts it.
    this.meter.record(timestampMs, deltaMs);
    this.runner.begin(deltaMs);
    return true;
  }

  /** After a frame's phases: the engine closes its frame, then `frames$` and a recorder hear of it. */
  private frameEnded(): void {
    this.frameEnd?.();
    if (this.frameListeners.size > 0) this.emitFrame();
    if (this.tap !== undefined) this.tap.frameEnd();
  }

  /** A delivered delta floored at 0 (a custom clock may hand out a negative one) and times the time scale. */
  private scaled(clockMs: number): number {
    const clampedMs = clockMs > 0 ? clockMs : 0;
    return this.scale === 1 ? clampedMs : scaleDeltaMs(clampedMs, this.scale)!;
  }

  private emitFrame(): void {
    this.frameListeners.emitIsolated(this.frame(), this.onFrameListenerError);
  }

  /** Time starts fresh (start, the last hold released, a new clock): the clock has no baseline, the rate meter starts over. */
  private freshStart(): void {
    if (this.freshStartDropsSteps && this.runner.accumulator !== undefined) clearAccumulated(this.runner.accumulator);
    this.clock.restart();
    this.meter.resetRate();
  }

  /** A clock that throws is reported (phase `'clock'`) and restarted fresh. */
  private reportClockError(error: unknown): void {
    const phaseError = this.errorOf('clock', this.runner.info.count, error);
    this.runner.pendingError ??= phaseError;
    this.report(phaseError);
    if (!this.destroyed) this.freshStart();
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

  /** Every error the loop reports: the frame's first one is kept for `advance()`, then it is routed. */
  private report(error: PhaseError): void {
    if (this.runner.inFrame) this.runner.pendingError ??= error;
    this.router.route(error);
  }

  private assertAlive(method: string): void {
    if (this.destroyed) throw new Error(`${method}: the loop was destroyed`);
  }
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
