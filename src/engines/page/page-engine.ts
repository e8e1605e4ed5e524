import type { Observable } from 'rxjs';
import { createDeltaBaseline, measureDelta, type DeltaBaseline } from '../../../operators/deltas.js';
import { countFrame, createFrameInfo, type FrameInfo } from '../../../operators/frame-info.js';
import { createPacingGrid, pacingStep, type PacingGrid } from '../../../operators/pacing-grid.js';
import { saturatingAdd } from '../../../operators/saturating-add.js';
import {
  accumulate,
  clearAccumulated,
  createStepAccumulator,
  createStepPlan,
  type MutableStepPlan,
  type StepAccumulator,
} from '../../../operators/step-accumulator.js';
import { OptionError } from '../../../operators/option-error.js';
import { nonNegativeFinite } from '../../../operators/validate.js';
import { ErrorRouter } from '../../loop/error-router.js';
import { FrameMeter } from '../../loop/frame-meter.js';
import { Broadcast } from '../../streams/broadcast.js';
import { EngineError } from '../shell/engine-error.js';
import type { EngineStats } from '../shell/engine-shell.js';
import { watchPauseReasons } from './auto-pause.js';
import { capTimerDelayMs, capWakeAtMs } from './cap-wake.js';
import { DomLedger } from './dom-ledger.js';
import { resolveEngineOptions, type EngineOptions, type PauseReason, type ResolvedEngineOptions } from './engine-options.js';
import { EventRing } from './event-ring.js';
import { pageClock, type PageClock } from './page-clock.js';
import { PageInput } from './page-input.js';
import { enterPhase, installPhaseChecks, leavePhase, PHASE_CHECKS, type PagePhase, type PhaseRuleError } from './phase-checks.js';
import type { System, SystemEntry } from './system.js';

/** An engine's counters, from {@link PageEngine.stats}: the shell's (`frames`, `declined`, `droppedMs`, `errors`, `fps`) and the page engine's own. */
export interface PageEngineStats extends EngineStats {
  /** Fixed steps run. */
  readonly steps: number;
  /** Time dropped at the `maxSteps` cap, in seconds (the next frame started fresh): the seed's `dropped`, `droppedMs` in seconds. */
  readonly dropped: number;
  /** Events dropped because a frame's ring was full. */
  readonly droppedEvents: number;
  /** Times the fps timer brought a capped engine back to the page's clock. */
  readonly timerWakeups: number;
}

/** The two transitions an engine reports: running to paused, and paused to running. */
export type PauseEvent = 'pause' | 'resume';

/** Called on a pause or resume transition, with the reason that caused it. */
export type PauseListener = (engine: PageEngine, reason: PauseReason) => void;

// Where an engine is in the page's current frame.
const NOT_IN_FRAME = 0;
const RUNNING = 1;
const LEFT = 2; // began, then stopped, paused or destroyed mid-frame: the rest is skipped

/**
 * A page engine: systems with read / step / render hooks on the page's one
 * requestAnimationFrame, with a fixed step, settle, an fps cap, automatic
 * pauses, an event ring, a change-only DOM ledger and error isolation. Made
 * by {@link createEngine}.
 */
export class PageEngine {
  /** The engine's name in reports. */
  readonly name: string;
  /** The element the engine lives in (`undefined` for a headless engine). */
  readonly root: Element | undefined;
  /** The fixed step, in seconds. */
  readonly step: number;
  /** The most steps a frame runs. */
  readonly maxSteps: number;
  /** Seconds after the last `busy()` at which the engine sleeps; `undefined`: never. */
  readonly settle: number | undefined;
  /** The frames-per-second cap; `undefined`: none. */
  readonly fps: number | undefined;
  /** This frame's events: step emits, render reads. */
  readonly events: EventRing;
  /** Change-only DOM writes, for render. */
  readonly ledger = new DomLedger();
  /** Every error a hook (or a pause listener, or `onError` itself) threw, as an {@link EngineError} naming this engine, the phase, the frame and the system. */
  readonly errors$: Observable<EngineError>;

  private readonly options: ResolvedEngineOptions;
  private readonly reasons = new Set<PauseReason>(['stopped']);
  private systems: readonly SystemEntry[] = [];
  private frameSystems: readonly SystemEntry[] = [];
  private systemNames = 0;
  private readonly accumulator: StepAccumulator;
  private readonly plan: MutableStepPlan;
  private readonly baseline: DeltaBaseline = createDeltaBaseline();
  private grid: PacingGrid | undefined;
  private clock: PageClock | undefined;
  private frameState = NOT_IN_FRAME;
  private advancing = false;
  private isSettled = false;
  private busySinceCheck = false;
  private lastBusyMs = NaN;
  private capTimer: ReturnType<typeof setTimeout> | undefined;
  /** Whether the cap timer just brought the engine back: the next frame it gets is its frame. */
  private wokenByCapTimer = false;
  private pageInput: PageInput | undefined;
  private readonly detachWatchers: () => void;
  private readonly listeners: Record<PauseEvent, Broadcast<PauseReason>> = { pause: new Broadcast(), resume: new Broadcast() };
  private readonly reported = new Set<string>();
  private readonly router: ErrorRouter<EngineError>;
  private readonly info = createFrameInfo();
  private readonly meter = new FrameMeter();
  /** The engine in reports: `page engine 'hero'`. */
  private readonly label: string;
  /** The host time of the latest frame (`advance()` moves it by the seconds it runs), for the frame rate. */
  private hostMs = 0;
  /** The phase and system running now, for reports. */
  private phaseNow = 'outside a frame';
  private systemNow: string | undefined;
  private destroyed = false;
  private counts = { steps: 0, declined: 0, timerWakeups: 0 };
  private lastAlpha = 0;

  /** @internal Use {@link createEngine}. */
  constructor(options: EngineOptions | undefined) {
    const resolved = resolveEngineOptions(options);
    this.options = resolved;
    this.name = resolved.name;
    this.label = `page engine '${resolved.name}'`;
    this.router = new ErrorRouter<EngineError>((error) => resolved.onError(error, this));
    this.errors$ = this.router.errors$;
    this.root = resolved.root;
    this.step = resolved.stepSeconds;
    this.maxSteps = resolved.maxSteps;
    this.settle = resolved.settleSeconds;
    this.fps = resolved.fps;
    this.events = new EventRing(resolved.events, 'createEngine');
    this.accumulator = createStepAccumulator(
      { stepMs: resolved.stepSeconds * 1000, maxSteps: resolved.maxSteps, overflow: 'drop-backlog' },
      'createEngine',
    );
    this.plan = createStepPlan(this.accumulator.stepMs);
    if (PHASE_CHECKS) installPhaseChecks();
    this.detachWatchers = watchPauseReasons(resolved.root, resolved.pause, (reason, on) => this.setReason(reason, on));
  }

  // -- state -------------------------------------------------------------------

  /**
   * Why the engine is paused: empty while it runs. A set, because reasons
   * overlap (a hidden tab and a manual pause): each clears on its own, and an
   * automatic resume never clears a manual pause. A paused engine asks the
   * page for no frames.
   */
  get paused(): ReadonlySet<PauseReason> {
    return this.reasons;
  }

  /** Whether the engine is asleep after `settle` quiet seconds (not a pause: `paused` may be empty). */
  get settled(): boolean {
    return this.isSettled;
  }

  /** Whether the engine takes frames now: not paused, not settled. */
  get running(): boolean {
    return this.reasons.size === 0 && !this.isSettled && !this.destroyed;
  }

  /** How far the last frame sat between two steps, in [0, 1). */
  get alpha(): number {
    return this.lastAlpha;
  }

  /** The engine's input helper (made on first use). */
  get input(): PageInput {
    if (this.pageInput === undefined) this.pageInput = new PageInput(this.root, () => this.wake());
    return this.pageInput;
  }

  /** The engine's counters. */
  stats(): PageEngineStats {
    const droppedMs = this.accumulator.droppedTotalMs;
    return {
      frames: this.info.count,
      declined: this.counts.declined,
      droppedMs,
      errors: this.router.count,
      fps: this.meter.fps,
      steps: this.counts.steps,
      dropped: droppedMs / 1000,
      droppedEvents: this.events.dropped,
      timerWakeups: this.counts.timerWakeups,
    };
  }

  /** The frames so far: count, simulated time (the frames' real deltas), active time and the latest delta, in ms. */
  frame(): FrameInfo {
    const { count, timeMs, activeMs, lastDeltaMs } = this.info;
    return { count, timeMs, activeMs, lastDeltaMs };
  }

  // -- systems -----------------------------------------------------------------

  /**
   * Adds a system. One added during a frame first runs in the next frame.
   *
   * @throws {OptionError} when `system` has no hook, a hook is not a function, or it is already added.
   */
  add<S extends System>(system: S): S {
    const where = 'engine.add';
    if (system === null || typeof system !== 'object') throw new OptionError(where, 'system', 'an object with read, step or render', system);
    for (const hook of ['read', 'step', 'render'] as const) {
      if (system[hook] !== undefined && typeof system[hook] !== 'function') throw new OptionError(where, hook, 'a function', system[hook]);
    }
    if (system.read === undefined && system.step === undefined && system.render === undefined) {
      throw new OptionError(where, 'system', 'an object with read, step or render', system);
    }
    if (this.systems.some((entry) => entry.system === system)) {
      throw new OptionError(where, 'system', 'a system not added yet', system, `${where}: this system is already added to '${this.name}'`);
    }
    const name = typeof system.name === 'string' && system.name !== '' ? system.name : `system ${++this.systemNames}`;
    this.systems = [...this.systems, { system, name, active: true }];
    return system;
  }

  /**
   * Removes a system; `false` if it was not added. Inside a hook, the removed
   * system is not called again, even later in the same frame, and the system
   * after it still runs.
   */
  remove(system: System): boolean {
    const entry = this.systems.find((e) => e.system === system);
    if (entry === undefined) return false;
    entry.active = false;
    this.systems = this.systems.filter((e) => e !== entry);
    return true;
  }

  // -- lifecycle ---------------------------------------------------------------

  /** Starts the engine (clears `'stopped'`, also after a hook threw) and wakes it. */
  start(): void {
    if (this.destroyed) throw new Error(`start: the ${this.label} was destroyed`);
    this.wake();
    this.setReason('stopped', false);
  }

  /** Stops the engine (`paused` includes `'stopped'`): no frames until `start()`. */
  stop(): void {
    this.setReason('stopped', true);
  }

  /** Pauses by hand (`'manual'`); only {@link resume} clears it. */
  pause(): void {
    this.setReason('manual', true);
  }

  /** Clears a manual pause; the engine runs if no other reason holds. */
  resume(): void {
    this.setReason('manual', false);
  }

  /**
   * Keeps a settling engine awake: call it in any frame where something
   * moves. A call during a frame counts toward the next frame: that frame
   * runs. On a settled engine (from an event handler, another engine) it
   * wakes it.
   */
  busy(): void {
    this.busySinceCheck = true;
    if (this.isSettled) this.wake();
  }

  /** Wakes a settled engine (it asks for frames again) and counts as busy. */
  wake(): void {
    this.busySinceCheck = true;
    if (!this.isSettled) return;
    this.isSettled = false;
    this.freshTime();
    this.sync();
  }

  /**
   * Runs one frame of `seconds` by hand, with no clock: read, the steps that
   * fit (at most `maxSteps`, the rest dropped), render. Runs whether or not
   * the engine is started or paused: tests, a headless run or a server step an
   * engine this way. (The seed names it in seconds; the other engines'
   * `advance(timestampMs)` takes a host timestamp and asks their clock what
   * it is worth. Here there is no clock: `advance(s)` is a frame worth `s`,
   * as a page frame `s` after the last one would be.)
   *
   * @throws {OptionError} when `seconds` is not a finite number >= 0.
   * @throws {Error} from inside the engine's own frame, or after `destroy()`.
   */
  advance(seconds: number): void {
    nonNegativeFinite('engine.advance', 'seconds', seconds);
    if (this.destroyed) throw new Error(`advance: the ${this.label} was destroyed`);
    if (this.frameState !== NOT_IN_FRAME || this.advancing) {
      throw new Error(`engine.advance: called inside a frame of '${this.name}'`);
    }
    // In ms, held at the largest number: seconds × 1000 overflows to Infinity past 1.8e305 s, which the
    // accumulator counts as nothing, where a frame that long runs maxSteps and drops the rest.
    const deltaMs = Math.min(seconds * 1000, Number.MAX_VALUE);
    this.advancing = true;
    try {
      this.planFrame(deltaMs, saturatingAdd(this.hostMs, deltaMs));
      this.readPhase();
      this.stepPhase();
      this.renderPhase();
      const steps = this.plan.steps;
      this.frameState = NOT_IN_FRAME;
      this.events.clear();
      this.pageInput?.endFrame(steps);
    } finally {
      this.frameState = NOT_IN_FRAME;
      this.advancing = false;
    }
  }

  /** Stops the engine for good: detaches every watcher and listener, leaves the page's clock. */
  destroy(): void {
    if (this.destroyed) return;
    this.stop();
    this.destroyed = true;
    this.frameState = this.frameState === NOT_IN_FRAME ? NOT_IN_FRAME : LEFT;
    this.clearCapTimer();
    this.clock?.leave(this);
    this.detachWatchers();
    this.pageInput?.destroy();
    for (const entry of this.systems) entry.active = false;
    this.systems = [];
    this.listeners.pause.complete();
    this.listeners.resume.complete();
    this.router.complete();
  }

  /** Calls `listener` on every pause (running to paused) or resume (paused to running) transition; returns the unsubscribe. */
  on(event: PauseEvent, listener: PauseListener): () => void {
    if (event !== 'pause' && event !== 'resume') throw new OptionError('engine.on', 'event', `'pause' or 'resume'`, event);
    if (typeof listener !== 'function') throw new OptionError('engine.on', 'listener', 'a function', listener);
    return this.listeners[event].add((reason) => listener(this, reason));
  }

  // -- the page clock's side (ClockedEngine) -------------------------------------

  /** @internal */
  beginFrame(timestampMs: number): void {
    this.frameState = NOT_IN_FRAME;
    if (!this.running) return;
    if (this.wokenByCapTimer) {
      // The timer was the cap ("one timer brings it back"): the frame it
      // brought is taken, whatever the host stamped it (headless Chromium
      // stamps a frame requested from idle with the vsync just past, which
      // the grid would decline, costing a second request). The grid moves on
      // by one slot, as for an on-time tick.
      this.wokenByCapTimer = false;
      pacingStep(this.grid!, Math.max(timestampMs, this.grid!.dueMs));
    } else if (this.grid !== undefined && !pacingStep(this.grid, timestampMs)) {
      this.counts.declined++;
      return;
    }
    const deltaMs = measureDelta(this.baseline, timestampMs);
    if (deltaMs === undefined) return; // a timestamp that is not finite: no frame
    this.planFrame(deltaMs, timestampMs);
  }

  /** @internal */
  readPhase(): void {
    if (this.frameState !== RUNNING) return;
    if (this.pageInput !== undefined) {
      if (PHASE_CHECKS) enterPhase(this, '(input)', 'read');
      try {
        this.pageInput.read();
      } catch (error) {
        this.fail(error, 'read', '(input)');
      } finally {
        if (PHASE_CHECKS) leavePhase();
      }
    }
    const systems = this.frameSystems;
    for (let i = 0; i < systems.length && this.frameState === RUNNING; i++) {
      const entry = systems[i]!;
      if (entry.active && entry.system.read !== undefined) this.call(entry, 'read', 0);
    }
  }

  /** @internal */
  stepPhase(): void {
    const systems = this.frameSystems;
    const steps = this.plan.steps;
    for (let s = 0; s < steps && this.frameState === RUNNING; s++) {
      for (let i = 0; i < systems.length && this.frameState === RUNNING; i++) {
        const entry = systems[i]!;
        if (entry.active && entry.system.step !== undefined) this.call(entry, 'step', this.step);
      }
      if (this.frameState === RUNNING) this.counts.steps++;
    }
  }

  /** @internal */
  renderPhase(): void {
    const systems = this.frameSystems;
    const alpha = this.plan.alpha;
    for (let i = 0; i < systems.length && this.frameState === RUNNING; i++) {
      const entry = systems[i]!;
      if (entry.active && entry.system.render !== undefined) this.call(entry, 'render', alpha);
    }
  }

  /** @internal */
  endFrame(timestampMs: number): void {
    const state = this.frameState;
    this.frameState = NOT_IN_FRAME;
    if (state === NOT_IN_FRAME) return;
    this.events.clear();
    this.pageInput?.endFrame(this.plan.steps);
    if (state !== RUNNING || !this.running) return;
    if (this.settle !== undefined) {
      if (this.busySinceCheck) {
        this.busySinceCheck = false;
        this.lastBusyMs = timestampMs;
      } else if (!(timestampMs - this.lastBusyMs < this.settle * 1000)) {
        this.isSettled = true; // not a pause: no hooks, held input stays
        this.sync();
        return;
      }
    }
    if (this.grid !== undefined && this.clock !== undefined) this.waitForCap(timestampMs);
  }

  /** @internal */
  reportPhaseRule(error: PhaseRuleError): void {
    const key = `${error.system}|${error.phase}|${error.api}`;
    if (this.reported.has(key)) return;
    this.reported.add(key);
    this.report(error, error.phase, error.system);
  }

  // -- inside ------------------------------------------------------------------

  private planFrame(deltaMs: number, hostMs: number): void {
    accumulate(this.accumulator, deltaMs, this.plan);
    this.lastAlpha = this.plan.alpha;
    this.frameSystems = this.systems;
    this.frameState = RUNNING;
    countFrame(this.info, deltaMs);
    this.hostMs = hostMs;
    this.meter.record(hostMs, deltaMs);
  }

  private call(entry: SystemEntry, phase: PagePhase, value: number): void {
    if (PHASE_CHECKS) enterPhase(this, entry.name, phase);
    this.phaseNow = phase;
    this.systemNow = entry.name;
    try {
      const system = entry.system;
      if (phase === 'read') system.read!(this);
      else if (phase === 'step') system.step!(this, value);
      else system.render!(this, value);
    } catch (error) {
      this.fail(error, phase, entry.name);
    } finally {
      this.phaseNow = 'outside a frame';
      this.systemNow = undefined;
      if (PHASE_CHECKS) leavePhase();
    }
  }

  /** A hook threw: only this engine stops, and the error is reported. */
  private fail(error: unknown, phase: string, system: string): void {
    if (this.frameState === RUNNING) this.frameState = LEFT; // also when already stopped (an advance() by hand)
    this.setReason('stopped', true);
    this.report(error, phase, system);
  }

  /** Every error, through the one router: counted, to `onError(error, engine)` (its own throw contained), then `errors$`. */
  private report(cause: unknown, phase = this.phaseNow, system = this.systemNow): void {
    this.router.route(new EngineError(this.label, phase, this.info.count, cause, system === undefined ? { hook: phase } : { system, hook: phase }));
  }

  private setReason(reason: PauseReason, on: boolean): void {
    if (this.destroyed) return;
    const before = this.reasons.size;
    if (on === this.reasons.has(reason)) return;
    if (on) this.reasons.add(reason);
    else this.reasons.delete(reason);
    if (before === 0 && on) {
      // Running to paused: what is left of this frame is skipped, held input released.
      if (this.frameState === RUNNING) this.frameState = LEFT;
      this.pageInput?.releaseAll();
      this.sync();
      this.emitTransition('pause', reason);
    } else if (before > 0 && this.reasons.size === 0) {
      this.freshTime(); // every resume starts with an empty accumulator
      this.sync();
      this.emitTransition('resume', reason);
    }
  }

  private emitTransition(event: PauseEvent, reason: PauseReason): void {
    this.listeners[event].emitIsolated(reason, (error) => this.report(error, `on('${event}')`, undefined));
  }

  /** Time restarts: no baseline (the next frame is worth 0), an empty accumulator, a new pacing grid. */
  private freshTime(): void {
    this.baseline.previousMs = NaN;
    clearAccumulated(this.accumulator);
    this.grid = this.fps === undefined ? undefined : createPacingGrid(1000 / this.fps, 'createEngine');
    this.lastBusyMs = NaN;
    this.busySinceCheck = true; // a restart counts as busy: the settle wait starts from the first frame
    this.clearCapTimer();
  }

  /** Puts the engine on the page's clock or takes it off, as its state says. */
  private sync(): void {
    if (this.running) {
      if (this.capTimer === undefined) {
        this.clock ??= pageClock(this.options.frames);
        this.clock.join(this);
      }
    } else {
      this.clearCapTimer();
      this.clock?.leave(this);
    }
  }

  /**
   * A capped engine leaves the page's clock until its timer brings it back,
   * half a host frame from the tick its grid takes next: before it while other
   * engines keep the page's frames coming, and on an idle page as the host
   * stamps idle frames (see capWakeAtMs).
   */
  private waitForCap(timestampMs: number): void {
    const clock = this.clock!;
    clock.leave(this);
    const stampsPast = clock.pageIdle && clock.idleFramesStampedPast;
    const wakeAtMs = capWakeAtMs(this.grid!.dueMs, timestampMs, clock.hostIntervalMs, stampsPast);
    this.capTimer = setTimeout(this.onCapTimer, capTimerDelayMs(wakeAtMs - performance.now()));
  }

  private readonly onCapTimer = (): void => {
    this.capTimer = undefined;
    this.wokenByCapTimer = true;
    this.counts.timerWakeups++;
    this.sync();
  };

  private clearCapTimer(): void {
    this.wokenByCapTimer = false;
    if (this.capTimer === undefined) return;
    clearTimeout(this.capTimer);
    this.capTimer = undefined;
  }
}

/**
 * Creates a page engine: systems with read / step / render hooks on the
 * page's one requestAnimationFrame. Every option is checked by name before
 * anything starts; the engine starts paused (`'stopped'`) until `start()`.
 *
 * ```text
 * page rAF     --f1--------f2--------f3--------f4--
 * read          a b         a b       a b       a b     every engine's read,
 * step          a a b       a b       a a a b   a b     then every step (0 to maxSteps each),
 * render        a b         a b       a b       a b     then every render
 * ```
 *
 * @example
 * ```ts
 * import { createEngine } from 'tickflow/page';
 *
 * const stage = document.querySelector<HTMLElement>('#stage')!;
 * const dot = stage.querySelector<HTMLElement>('.dot')!;
 * const engine = createEngine({ root: stage, settle: 0.5, fps: 30 });
 * let x = 0;
 * let vx = 120; // px per second
 * engine.add({
 *   name: 'dot',
 *   step(e, dt) {
 *     x += vx * dt;
 *     if (x < 0 || x > 300) { vx = -vx; e.events.emit('bounce', x); }
 *     e.busy(); // it moves: stay awake
 *   },
 *   render(e) {
 *     e.ledger.style(dot, 'transform', `translateX(${x.toFixed(1)}px)`);
 *   },
 * });
 * engine.start();
 * ```
 *
 * @throws {OptionError} for an unknown option key or a bad value, naming it.
 */
export function createEngine(options?: EngineOptions): PageEngine {
  return new PageEngine(options);
}
