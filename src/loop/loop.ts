import { Observable, Subscription, type Subscribable } from 'rxjs';
import { OptionError } from '../../operators/option-error.js';
import { countFrame, createFrameInfo, type FrameInfo } from '../../operators/frame-info.js';
import {
  accumulate,
  clearAccumulated,
  createStepAccumulator,
  createStepPlan,
  type FixedStepOptions,
  type StepAccumulator,
  type StepPlan,
} from '../../operators/step-accumulator.js';
import { clockStep, type Clock } from '../clocks/clock.js';
import { wallClock } from '../clocks/wall-clock.js';
import { Broadcast, directListen, type DirectListener } from '../hosts/broadcast.js';
import { DEFAULT_ADVANCE_MS } from '../hosts/manual-ticks.js';
import { compileTick, EMITTING_FRAME_INFO, frameCompilerSettings, type CompiledTick, type FrameState } from './frame-compiler.js';
import { normalizePhases, type Phase, type PhaseSpec } from './phase.js';
import { PhaseError } from './phase-error.js';

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
   * made.
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
   * Whether the loop may compile its tick (clock step, frame, phases) into
   * one function (with `new Function`) once its listeners and clock have
   * stayed the same for a few ticks, so each handler is called at a call site of its own and can be
   * inlined (see bench/RESULTS.md for what it saves). Defaults to true; where
   * a Content Security Policy forbids `'unsafe-eval'`, the loop finds out on
   * the first try and dispatches the general way, with the same results. Set
   * false to never try (and so never trip a CSP report).
   */
  compileFrames?: boolean;
}

/** Counters of a loop's life so far. */
export interface LoopStats {
  /** Ticks received (host ticks and `advance()` calls). */
  readonly ticks: number;
  /** Ticks the clock declined. */
  readonly declined: number;
  /** Fixed-step time dropped at the `maxSteps` cap, in ms. */
  readonly droppedMs: number;
  /** Errors caught at phase boundaries. */
  readonly errors: number;
}

/**
 * A frame loop: ticks in, a clock deciding what each is worth, and the
 * frame's phases run synchronously in order for each delivered tick. See
 * {@link createLoop}.
 */
export class Loop<P extends string = string> {
  /** Every error caught at a phase boundary, as it happens. */
  readonly errors$: Observable<PhaseError>;
  /** A snapshot of {@link FrameInfo} after each frame's phases ran (made only while someone listens). */
  readonly frames$: Observable<FrameInfo>;

  private readonly phases: readonly Phase<P>[];
  private readonly streams: ReadonlyMap<P, Broadcast<number>>;
  /** The phases' streams in frame order (resolved once: the frame never looks one up). */
  private readonly phaseStreams: readonly Broadcast<number>[];
  /** Where the fixed group starts and ends in `phases`; -1 when there is none. */
  private readonly fixedStart: number;
  private readonly fixedEnd: number;
  private readonly phaseObservables = new Map<P, Observable<number>>();
  private readonly errorListeners = new Broadcast<PhaseError>();
  private readonly frameListeners = new Broadcast<FrameInfo>();
  private readonly ticks: Subscribable<number>;
  private readonly onError: (error: PhaseError) => void;
  private readonly failFast: boolean;
  private readonly accumulator: StepAccumulator | undefined;
  private readonly fixedGroupPausable: boolean;
  /** What a frame reads and writes: paused, in a frame, the current phase, the version, the seconds. */
  private readonly state: FrameState = {
    paused: false,
    inFrame: false,
    phaseIndex: 0,
    ticks: 0,
    declined: 0,
    lastTimestampMs: 0,
    pendingError: undefined,
    version: 0,
    stepSeconds: undefined,
  };
  private readonly compileFrames: boolean;
  /**
   * The general dispatch's frame delta in seconds, in a field that is never
   * numbers-only, so the number is boxed once a frame and handed to every
   * phase as is (passed as a plain number, it was boxed again for each
   * phase's emission; measured in bench/). The compiled tick keeps it in a
   * local instead: see FrameState.stepSeconds for why.
   */
  private frameSecondsBoxed: number | undefined;
  /** This loop's tick compiled at `compiledVersion`, once listeners and clock held still for long enough. */
  private compiled: CompiledTick | undefined;
  private compiledVersion = -1;
  private ticksAtVersion = 0;

  private clock: Clock;
  /** A built-in clock's step function (see withStep): called per tick, no stream in between. */
  private clockStepper: ((timestampMs: number) => number | undefined) | undefined;
  /** Any other clock: the tick goes into its piped Observable. */
  private pushTick: ((timestampMs: number) => void) | undefined;
  private clockRun: Subscription | undefined;
  private hostRun: Subscription | undefined;
  /** The listener on a tickflow host, retargeted to the compiled host tick while there is one. */
  private hostListener: DirectListener<number> | undefined;

  private readonly info = createFrameInfo();
  private readonly currentPlan;
  private destroyed = false;
  private tickDelivered = false;
  private errorCount = 0;

  constructor(options: LoopOptions<P>) {
    const where = 'createLoop';
    const {
      ticks,
      clock,
      phases,
      fixedStep,
      onError = defaultOnError,
      failFast = false,
      compileFrames = true,
    } = options ?? ({} as LoopOptions<P>);
    if (ticks == null || typeof (ticks as Partial<Subscribable<number>>).subscribe !== 'function') {
      throw new OptionError(where, 'ticks', 'an Observable of timestamps', ticks);
    }
    if (clock !== undefined && typeof clock !== 'function') {
      throw new OptionError(where, 'clock', 'a clock (an operator from timestamps to deltas)', clock);
    }
    if (typeof onError !== 'function') throw new OptionError(where, 'onError', 'a function', onError);
    this.phases = normalizePhases(phases, where);
    const fixedPhases = this.phases.filter((p) => p.fixed);
    this.accumulator =
      fixedStep !== undefined || fixedPhases.length > 0 ? createStepAccumulator(fixedStep, where) : undefined;
    this.currentPlan = createStepPlan(this.accumulator?.stepMs ?? 0);
    this.fixedGroupPausable = fixedPhases.length > 0 && fixedPhases.every((p) => p.pausable);
    this.ticks = ticks;
    this.clock = clock ?? wallClock();
    this.onError = onError;
    this.failFast = failFast;
    this.compileFrames = compileFrames !== false;
    const onListenersChange = (): void => {
      this.state.version++;
    };
    this.streams = new Map(this.phases.map((p) => [p.name, new Broadcast<number>(onListenersChange)]));
    this.phaseStreams = this.phases.map((p) => this.streams.get(p.name)!);
    this.fixedStart = this.phases.findIndex((p) => p.fixed);
    this.fixedEnd = this.phases.findLastIndex((p) => p.fixed);
    this.state.stepSeconds = (this.accumulator?.stepMs ?? 0) / 1000;
    this.errors$ = this.errorListeners.asObservable();
    this.frames$ = this.frameListeners.asObservable();
    this.restartClock();
  }

  /** Whether host ticks are being taken (between `start()` and `stop()`). */
  get running(): boolean {
    return this.hostRun !== undefined;
  }

  /**
   * Whether the loop is paused. A paused loop still takes ticks and counts
   * frames, skips the phases marked `pausable` and runs the rest. Pausing
   * clears the fixed-step time accumulated and not yet simulated, so resuming
   * does not simulate the time spent paused.
   */
  get paused(): boolean {
    return this.state.paused;
  }

  set paused(value: boolean) {
    if (value && !this.state.paused && this.accumulator !== undefined) {
      clearAccumulated(this.accumulator);
      this.currentPlan.alpha = 0;
    }
    this.state.paused = value;
  }

  /** The name of the phase being emitted (`'frames$'` while `frames$` is). */
  private get currentPhase(): string {
    const index = this.state.phaseIndex;
    return index === EMITTING_FRAME_INFO ? 'frames$' : this.phases[index]!.name;
  }

  /** Whether a frame is running right now (inside a phase). */
  get inFrame(): boolean {
    return this.state.inFrame;
  }

  /** The names of the phases, in the order a frame runs them. */
  get phaseNames(): readonly P[] {
    return this.phases.map((p) => p.name);
  }

  /**
   * Starts taking host ticks. The clock starts fresh (no baseline), so the
   * time the loop spent stopped costs nothing. Does nothing when running.
   */
  start(): void {
    this.assertAlive('start');
    if (this.hostRun !== undefined) return;
    this.restartClock();
    this.hostRun = new Subscription();
    // A tickflow host (the page's frames, manualTicks) is listened to
    // directly: the same listener list, no RxJS subscriber chain per tick.
    const listen = directListen<number>(this.ticks);
    if (listen !== undefined) {
      const listener = listen(this.onHostTick);
      this.hostListener = listener;
      this.hostRun.add(() => {
        listener.remove();
        if (this.hostListener === listener) this.hostListener = undefined;
      });
      const compiled = this.currentCompiled();
      if (compiled !== undefined) listener.retarget(compiled.hostTick);
      return;
    }
    this.hostRun.add(
      this.ticks.subscribe({
        next: this.onHostTick,
        error: (error: unknown) => this.report(new PhaseError('ticks', this.info.count, error)),
      }),
    );
  }

  /** Stops taking host ticks: the loop asks its host for no frames. `advance()` still works. */
  stop(): void {
    const run = this.hostRun;
    this.hostRun = undefined;
    run?.unsubscribe();
  }

  /**
   * Runs one tick synchronously through the clock, and the frame if the
   * clock delivers one. Works whether or not the loop is started.
   *
   * @param timestampMs The tick's timestamp; defaults to the previous tick's
   * plus 1000/60 (virtual time at 60 Hz).
   * @return Whether the tick made a frame (false when the clock declined it).
   * @throws {Error} when called from inside a frame, or after `destroy()`.
   * @throws {PhaseError} with `failFast`, the first error of the frame.
   */
  advance(timestampMs: number = this.state.lastTimestampMs + DEFAULT_ADVANCE_MS): boolean {
    if (this.destroyed || this.state.inFrame) this.refuseAdvance();
    const delivered = this.tick(timestampMs);
    const error = this.state.pendingError;
    this.state.pendingError = undefined;
    if (error !== undefined && this.failFast) throw error;
    return delivered;
  }

  private refuseAdvance(): never {
    this.assertAlive('advance');
    throw new Error(
      `advance: called inside phase "${this.currentPhase}" of frame ${this.info.count}; ` +
        'a frame cannot run inside another, so advance from outside the loop (a test, a timer, the next tick)',
    );
  }

  /** A snapshot of the frames so far: count, simulated time and the latest delta, in ms. */
  frame(): FrameInfo {
    const { count, timeMs, lastDeltaMs } = this.info;
    return { count, timeMs, lastDeltaMs };
  }

  /** A snapshot of the latest frame's fixed-step plan (all zero without a fixed step). */
  plan(): StepPlan {
    const { steps, stepMs, alpha, droppedMs } = this.currentPlan;
    return { steps, stepMs, alpha, droppedMs };
  }

  /** How far the latest frame sits between the last two fixed steps, in [0, 1). */
  get alpha(): number {
    return this.currentPlan.alpha;
  }

  /** Counters of the loop's life so far. */
  stats(): LoopStats {
    return {
      ticks: this.state.ticks,
      declined: this.state.declined,
      droppedMs: this.accumulator?.droppedTotalMs ?? 0,
      errors: this.errorCount,
    };
  }

  /**
   * Replaces the clock. The new clock starts with no baseline: its first
   * tick is measured from nothing, as after `start()`.
   */
  setClock(clock: Clock): void {
    this.assertAlive('setClock');
    if (typeof clock !== 'function') {
      throw new OptionError('setClock', 'clock', 'a clock (an operator from timestamps to deltas)', clock);
    }
    this.clock = clock;
    this.restartClock();
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
   * be reported on `errors$` belongs in {@link on}. (`subscribe(fn)` attaches
   * `fn` itself, so a loop can compile it into its frame, and applies those
   * same rules; see bench/RESULTS.md.)
   */
  phase(name: P): Observable<number> {
    let observable = this.phaseObservables.get(name);
    if (observable === undefined) {
      observable = this.stream(name, 'phase').asObservable();
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
    if (typeof handler !== 'function') throw new OptionError('on', 'handler', 'a function', handler);
    return new Subscription(this.stream(name, 'on').add(handler));
  }

  /**
   * Reports an error that code running inside a phase caught itself (an
   * engine isolating each actor's tick, say) as if a handler had thrown: a
   * {@link PhaseError} with the current phase and frame goes to `errors$` and
   * `onError`. Outside a frame the phase is `'outside a frame'`.
   */
  reportError(cause: unknown): void {
    const phase = this.state.inFrame ? this.currentPhase : 'outside a frame';
    this.report(cause instanceof PhaseError ? cause : new PhaseError(phase, this.info.count, cause));
  }

  /**
   * Stops the loop for good: no subscription, listener or pending frame is
   * left; phase streams, `frames$` and `errors$` complete. Later calls to
   * `start`, `advance` or `setClock` throw.
   */
  destroy(): void {
    if (this.destroyed) return;
    this.stop();
    this.clockRun?.unsubscribe();
    this.clockRun = undefined;
    this.clockStepper = undefined;
    this.pushTick = undefined;
    this.compiled = undefined;
    this.destroyed = true;
    for (const stream of this.streams.values()) stream.complete();
    this.frameListeners.complete();
    this.errorListeners.complete();
  }

  // -- the frame ------------------------------------------------------------

  private readonly onHostTick = (timestampMs: number): void => {
    if (this.state.inFrame) {
      this.report(
        new PhaseError(
          this.currentPhase,
          this.info.count,
          new Error('a host tick arrived inside a frame; it was dropped (a tick source must not tick from a phase)'),
        ),
      );
      return;
    }
    this.tick(timestampMs);
    if (this.state.pendingError !== undefined) this.settleHostError();
  };

  private readonly settleHostError = (): void => {
    this.state.pendingError = undefined;
    if (this.failFast) this.stop();
  };

  /** Pushes one tick through the clock; a delivered delta runs the frame. */
  private tick(timestampMs: number): boolean {
    const state = this.state;
    state.ticks++;
    if (Number.isFinite(timestampMs)) state.lastTimestampMs = timestampMs;
    const compiled = this.currentCompiled();
    const delivered = compiled !== undefined ? compiled.tick(timestampMs) : this.tickInGeneral(timestampMs);
    if (!delivered) state.declined++;
    return delivered;
  }

  /**
   * The general path of a tick, which the compiled tick reproduces (see
   * frame-compiler.ts): the clock, then {@link runFrame} for a delivered
   * delta. It also counts how long listeners and clock have stayed the same,
   * and compiles the tick once they have for
   * `frameCompilerSettings.stableFrames` ticks (any change drops it).
   */
  private tickInGeneral(timestampMs: number): boolean {
    const compiled = this.considerCompiling();
    if (compiled !== undefined) return compiled.tick(timestampMs);
    this.tickDelivered = false;
    const step = this.clockStepper;
    if (step !== undefined) {
      const deltaMs = step(timestampMs);
      if (deltaMs !== undefined) this.onDelta(deltaMs);
    } else {
      this.pushTick?.(timestampMs);
    }
    return this.tickDelivered;
  }

  /** The compiled tick, if there is one for the listeners and clock as they are now. */
  private currentCompiled(): CompiledTick | undefined {
    return this.state.version === this.compiledVersion ? this.compiled : undefined;
  }

  /** Compiles this loop's tick when it is time to; returns it when there is one to use now. */
  private considerCompiling(): CompiledTick | undefined {
    const { version } = this.state;
    if (version !== this.compiledVersion) {
      if (this.compiled !== undefined) this.hostListener?.retarget(this.onHostTick);
      this.compiled = undefined;
      this.compiledVersion = version;
      this.ticksAtVersion = 0;
    }
    const clockStep = this.clockStepper;
    // Only a built-in clock has a step function to compile in; a custom
    // clock is an RxJS pipe and stays on the general path.
    if (this.compiled !== undefined || !this.compileFrames || clockStep === undefined) return this.compiled;
    if (this.ticksAtVersion++ < frameCompilerSettings.stableFrames) return undefined;
    this.compiled = compileTick(
      {
        phases: this.phases.map((phase, i) => ({ ...phase, listeners: this.phaseStreams[i]!.listeners })),
        state: this.state,
        clockStep,
        info: this.info,
        accumulator: this.accumulator,
        plan: this.currentPlan,
        fixedGroupPausable: this.fixedGroupPausable,
        frameListeners: this.frameListeners,
        emitFrameInfo: this.emitFrameInfo,
        onHandlerError: this.onHandlerError,
        recordFrameError: this.recordFrameError,
        resume: this.resumeFrame,
        hostTick: this.onHostTick,
        settleHostError: this.settleHostError,
      },
      version,
    );
    if (this.compiled !== undefined) this.hostListener?.retarget(this.compiled.hostTick);
    return this.compiled;
  }

  private readonly onDelta = (deltaMs: number): void => {
    // A custom clock is user code: its deltas are checked like host input.
    if (!Number.isFinite(deltaMs)) return;
    this.tickDelivered = true;
    this.runFrame(deltaMs > 0 ? deltaMs : 0);
  };

  private runFrame(deltaMs: number): void {
    const state = this.state;
    state.inFrame = true;
    try {
      countFrame(this.info, deltaMs);
      const accumulator = this.accumulator;
      const plan = this.currentPlan;
      if (accumulator !== undefined) {
        if (state.paused && this.fixedGroupPausable) {
          plan.steps = 0;
          plan.droppedMs = 0;
        } else {
          accumulate(accumulator, deltaMs, plan);
        }
      }
      this.frameSecondsBoxed = deltaMs / 1000;
      this.runPhasesFrom(0, 0);
      if (this.frameListeners.size > 0) this.emitFrameInfo();
    } catch (error) {
      this.recordFrameError(error);
    } finally {
      state.inFrame = false;
    }
  }

  private readonly emitFrameInfo = (): void => {
    this.state.phaseIndex = EMITTING_FRAME_INFO;
    this.frameListeners.emit(this.frame(), this.onHandlerError);
  };

  /** Only a fail-fast rethrow from onHandlerError ends a frame early and lands here. */
  private readonly recordFrameError = (error: unknown): void => {
    this.state.pendingError ??= error instanceof PhaseError ? error : new PhaseError(this.currentPhase, this.info.count, error);
  };

  /**
   * The general dispatch: the frame's phases from phase `from` on (inside
   * the fixed group: from that phase of step `fromStep`, then the remaining
   * steps). A whole frame is `runPhasesFrom(0, 0)`.
   */
  private runPhasesFrom(from: number, fromStep: number): void {
    const { phases, fixedStart, fixedEnd } = this;
    const steps = this.currentPlan.steps;
    let i = from;
    if (fixedStart >= 0 && i >= fixedStart && i <= fixedEnd) {
      // The fixed group: every fixed phase, in order, once per step.
      for (let step = fromStep; step < steps; step++) {
        for (let j = step === fromStep ? i : fixedStart; j <= fixedEnd; j++) this.emitPhase(j, this.state.stepSeconds);
      }
      i = fixedEnd + 1;
    }
    for (; i < phases.length; i++) {
      if (i !== fixedStart) {
        this.emitPhase(i, this.frameSecondsBoxed);
        continue;
      }
      for (let step = 0; step < steps; step++) {
        for (let j = fixedStart; j <= fixedEnd; j++) this.emitPhase(j, this.state.stepSeconds);
      }
      i = fixedEnd;
    }
  }

  private readonly resumeFrame = (from: number, step: number, frameSeconds: number): void => {
    this.frameSecondsBoxed = frameSeconds;
    this.runPhasesFrom(from, step);
  };

  private emitPhase(index: number, seconds: number | undefined): void {
    const phase = this.phases[index]!;
    if (this.state.paused && phase.pausable) return;
    const stream = this.phaseStreams[index]!;
    if (stream.size === 0) return;
    this.state.phaseIndex = index;
    stream.emit(seconds as number, this.onHandlerError);
  }

  private readonly onHandlerError = (error: unknown): void => {
    const phaseError = new PhaseError(this.currentPhase, this.info.count, error);
    this.state.pendingError ??= phaseError;
    this.report(phaseError);
    if (this.failFast) throw phaseError;
  };

  // -- the clock ------------------------------------------------------------

  private restartClock(): void {
    this.clockRun?.unsubscribe();
    this.clockRun = undefined;
    this.clockStepper = undefined;
    this.pushTick = undefined;
    this.state.version++; // a compiled tick holds the old clock's step
    // A built-in clock's step function runs per tick with no RxJS subscriber
    // in between (see withStep); any other clock is an operator, piped.
    const start = clockStep(this.clock);
    if (start !== undefined) {
      this.clockStepper = start();
      return;
    }
    const ticks = new Observable<number>((subscriber) => {
      this.pushTick = (timestampMs) => subscriber.next(timestampMs);
      return () => {
        this.pushTick = undefined;
      };
    });
    const run = ticks.pipe(this.clock).subscribe({
      next: this.onDelta,
      error: (error: unknown) => {
        // A clock that throws is reported and replaced by a fresh run of
        // itself, so the loop stays alive.
        const phaseError = new PhaseError('clock', this.info.count, error);
        this.state.pendingError ??= phaseError;
        this.report(phaseError);
        if (!this.destroyed && this.clockRun === run) this.restartClock();
      },
    });
    this.clockRun = run;
  }

  // -- plumbing -------------------------------------------------------------

  private stream(name: P, where: string): Broadcast<number> {
    const stream = this.streams.get(name);
    if (stream === undefined) {
      throw new OptionError(where, 'name', `one of the loop's phases (${[...this.streams.keys()].join(', ')})`, name);
    }
    return stream;
  }

  private report(error: PhaseError): void {
    this.errorCount++;
    try {
      this.onError(error);
    } catch (secondary) {
      console.error(secondary);
    }
    this.errorListeners.emit(error, (secondary) => console.error(secondary));
  }

  private assertAlive(method: string): void {
    if (this.destroyed) throw new Error(`${method}: the loop was destroyed`);
  }
}

function defaultOnError(error: PhaseError): void {
  console.error(error);
}

/**
 * Builds a frame loop: ticks (any Observable of timestamps: the page's frames,
 * `manualTicks()`, a marble) piped through a clock, and for each delivered
 * tick the phases run synchronously, in order.
 *
 * 1. The clock is called once per tick; a declined tick ends there, before
 *    any state moves.
 * 2. The frame counter, simulated time and latest delta advance.
 * 3. With a fixed step, the accumulator plans this frame's steps.
 * 4. Each phase runs in order: its handlers ({@link Loop.on}) and stream
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
 * import { animationFrames, createLoop, wallClock } from 'tickflow';
 *
 * const loop = createLoop({
 *   ticks: animationFrames(),
 *   clock: wallClock(),
 *   fixedStep: { stepMs: 1000 / 60, maxSteps: 4 },
 *   phases: [{ name: 'physics', fixed: true, pausable: true }, { name: 'update', pausable: true }, 'render'],
 * });
 * loop.on('physics', (step) => world.step(step));
 * loop.on('render', () => draw(loop.alpha));
 * loop.start();
 * ```
 *
 * @throws {OptionError} for bad options, before anything starts.
 */
export function createLoop<const P extends string>(options: LoopOptions<P>): Loop<P> {
  return new Loop(options);
}
