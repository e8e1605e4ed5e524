import { nonNegativeFinite } from '../../../operators/validate.js';
import { OptionError } from '../../../operators/option-error.js';
import type { Clock } from '../../clocks/clock.js';
import { Broadcast } from '../../streams/broadcast.js';
import type { Input } from '../../input/input.js';
import { isDevelopmentBuild } from '../shell/development-build.js';
import { EngineShell, type EngineStats } from '../shell/engine-shell.js';
import { presetPhases } from '../shell/preset-declaration.js';
import { takeOptions } from '../shell/shell-options.js';
import { watchPauseReasons } from './auto-pause.js';
import { DomLedger } from './dom-ledger.js';
import { PAGE_OPTIONS, resolveEngineOptions, type PageEngineOptions, type PauseReason } from './engine-options.js';
import { EventRing } from './event-ring.js';
import { FpsCap, pageEngineClock } from './fps-cap.js';
import { PageInput } from './page-input.js';
import { PageSeat } from './page-seat.js';
import { enterPhase, installPhaseChecks, leavePhase, PHASE_CHECKS, type PagePhase, type PhaseRuleError } from './phase-checks.js';
import { checkPageEngineState, checkSaveHooks, saveSystems, type PageEngineSnapshot } from './system-state.js';
import { UnsavedFields } from './unsaved-fields.js';

/** Options of {@link createEngine} (see {@link PageEngineOptions}). */
export type EngineOptions = PageEngineOptions<PageEngine>;

/**
 * A system: up to three hooks the engine calls every frame, in this order for
 * the whole page (every engine's read runs before any engine's step, and
 * every step before any render):
 *
 * - `read(engine)`, once a frame: the only hook that may measure the page
 *   (`getBoundingClientRect`, `offsetWidth`, scroll positions); latch what
 *   the step will need.
 * - `step(engine, dtSeconds)`, 0 to `maxSteps` times a frame, `dtSeconds`
 *   always the engine's fixed `step`: plain numbers, no DOM at all, no
 *   allocation. What happened goes on the ring (`engine.events.emit`).
 * - `render(engine, alpha)`, once a frame: DOM writes through
 *   `engine.ledger`; `alpha` in [0, 1) is how far the clock is between the
 *   last step and the next, for smooth drawing.
 *
 * Hooks are called with the system as `this`. A hook that throws stops its
 * engine (see `PageEngine.paused`).
 *
 * A system that keeps state the game wants saved with the engine
 * (`engine.save()`, `engine.restore()`) gives it through a `save()` /
 * `restore(data)` pair, and a name (a snapshot finds its state by it): the
 * engine cannot see variables a hook closes over. See docs/save-restore.md.
 *
 * @example
 * ```ts
 * engine.add({
 *   name: 'ball',
 *   step(e, dt) { x += vx * dt; },
 *   render(e) { e.ledger.style(ball, 'transform', `translateX(${x}px)`); },
 * });
 * ```
 */
export interface System {
  /** Names the system in phase-rule reports; defaults to `system <n>`. */
  readonly name?: string;
  /** Once a frame, first: the only hook that may measure the page. */
  read?(engine: PageEngine): void;
  /** 0 to `maxSteps` times a frame, with `dtSeconds` the engine's fixed step in seconds: simulation only, no DOM. */
  step?(engine: PageEngine, dtSeconds: number): void;
  /** Once a frame, last: DOM writes through `engine.ledger`; `alpha` in [0, 1) is how far the clock is between the last step and the next. */
  render?(engine: PageEngine, alpha: number): void;
  /**
   * The system's state, as plain data (numbers, strings, booleans, arrays,
   * plain objects), for `engine.save()`: called between frames; what it
   * returns is copied, so it may be the system's own live object. Given with
   * {@link restore} and a {@link name}.
   */
  save?(): unknown;
  /** Puts back what {@link save} returned, on `engine.restore()`: `data` is a fresh copy the system may keep. Given with {@link save}. */
  restore?(data: unknown): void;
}

/** One added system, as the engine keeps it. @internal */
export interface SystemEntry {
  readonly system: System;
  readonly name: string;
  /** False once removed: a frame under way skips it from then on. */
  active: boolean;
}

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

/** What the page engine's phase table runs on: its frame, as the rows reach it (the engine builds it; the table never names the engine). */
export interface PagePhaseHost {
  /** The read phase: the input's pointer, then each system's `read`. */
  read(): void;
  /** One fixed step: each system's `step`. */
  step(stepSeconds: number): void;
  /** The render phase: each system's `render`, with the alpha. */
  render(): void;
}

/**
 * The page engine's phase table: the frame, in order, declared once, each
 * row with what it runs. Every engine on a page runs its read, then every
 * engine its steps, then every engine its render (the page's clock runs the
 * table stage by stage); none is pausable, since a paused page engine takes
 * no frames at all.
 */
export const PAGE_ENGINE_PHASE_TABLE = presetPhases<PagePhaseHost>()([
  {
    name: 'read',
    does: 'The only phase that may measure the page: the input measures the pointer (once, if it moved), then each system\'s `read`.',
    run: (frame) => frame.read,
  },
  {
    name: 'step',
    fixed: true,
    simulation: true,
    does: 'Each system\'s `step`, once per fixed step (0 to `maxSteps` a frame), handed the step in seconds: no DOM, no allocation.',
    run: (frame) => frame.step,
  },
  {
    name: 'render',
    does: 'Each system\'s `render`, handed the alpha: change-only DOM writes through the ledger.',
    run: (frame) => frame.render,
  },
]);

/** A hold of the loop that is no pause: a settled engine sleeps, but `paused` stays as it was. */
const SETTLED = 'settled';

/**
 * A page engine: systems with read / step / render hooks on the page's one
 * requestAnimationFrame, with a fixed step, settle, an fps cap, automatic
 * pauses, an event ring, a change-only DOM ledger and error isolation. Made
 * by {@link createEngine}.
 *
 * It stands on the engine shell like every preset: its frames are the loop's
 * (counted, planned and run by the one frame runner), its pauses and its
 * settling are the loop's holds, its errors the shell's. The page's clock
 * runs its frame stage by stage, beside every other page engine's.
 *
 * `save()` and `restore(snapshot)` are the shell's: the loop, `random` and
 * `input`, with the game's pause and each system's `save()` as its own state
 * ({@link PageEngineSnapshot}); the host's pauses are not restored.
 */
export class PageEngine extends EngineShell<PagePhase, PagePhaseHost, PageEngineSnapshot> {
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

  private readonly seat: PageSeat;
  private systems: readonly SystemEntry[] = [];
  /** The systems of the frame under way: one added during a frame first runs in the next. */
  private frameSystems: readonly SystemEntry[] = [];
  private systemNames = 0;
  private busySinceCheck = true;
  /** {@link paused}, kept until {@link setReason} changes a reason (every change goes through it). */
  private pauseReasons: ReadonlySet<PauseReason> | undefined;
  private lastBusyMs = NaN;
  private pageInput: PageInput | undefined;
  private readonly detachWatchers: () => void;
  private readonly listeners: Record<PauseEvent, Broadcast<PauseReason>> = { pause: new Broadcast(), resume: new Broadcast() };
  private readonly reported = new Set<string>();
  /** Development builds: the warning for systems whose fields a restore leaves. */
  private readonly unsavedFields: UnsavedFields | undefined;

  /** @internal Use {@link createEngine}. */
  constructor(options: EngineOptions | undefined) {
    const taken = takeOptions({ where: 'createEngine', options: PAGE_OPTIONS }, options);
    const resolved = resolveEngineOptions(options);
    // The loop is built in super(), before `this` exists; these hooks reach the engine once it does.
    const self: { engine?: PageEngine } = {};
    const cap = resolved.fps === undefined ? undefined : new FpsCap(1000 / resolved.fps);
    const seat = new PageSeat(resolved.frames, cap, (timestampMs) => self.engine!.afterPageFrame(timestampMs));
    super(
      {
        label: `page engine '${resolved.name}'`,
        where: 'createEngine',
        options: PAGE_OPTIONS,
        phases: PAGE_ENGINE_PHASE_TABLE,
        fixedStep: { stepMs: resolved.stepSeconds * 1000, maxSteps: resolved.maxSteps, overflow: 'drop-backlog' },
        frameEnd: () => self.engine?.closeFrame(),
        freshStartDropsSteps: true,
        phaseHost: PageEngine.phaseHostOf,
        recordedCalls: ['pause', 'resume'],
      },
      taken,
      {
        ticks: seat,
        clock: pageEngineClock(cap, () => self.engine?.freshStart()),
        onError: (error) => resolved.onError(error, self.engine!),
      },
    );
    self.engine = this;
    this.seat = seat;
    this.name = resolved.name;
    this.root = resolved.root;
    this.step = resolved.stepSeconds;
    this.maxSteps = resolved.maxSteps;
    this.settle = resolved.settleSeconds;
    this.fps = resolved.fps;
    this.events = new EventRing(resolved.events, 'createEngine');
    this.unsavedFields = isDevelopmentBuild() ? new UnsavedFields(resolved.name) : undefined;
    if (PHASE_CHECKS) installPhaseChecks();
    this.detachWatchers = watchPauseReasons(resolved.root, resolved.pause, (reason, on) => this.setReason(reason, on));
  }

  // -- state -------------------------------------------------------------------

  /** The preset's name, as errors and recorded sessions give it: `'page engine'`. */
  override get preset(): string {
    return 'page engine';
  }

  /**
   * Why the engine is paused: empty while it runs. A set, because reasons
   * overlap (a hidden tab and a manual pause): each clears on its own, and an
   * automatic resume never clears a manual pause. A paused engine asks the
   * page for no frames. (Read from the loop: `'stopped'` while it is not
   * started, and every other reason is one of its holds.) The same set comes
   * back until a reason comes or goes, so reading it every frame makes no
   * garbage; a set read earlier stays as it was (a new one is made for the
   * change).
   */
  override get paused(): ReadonlySet<PauseReason> {
    return (this.pauseReasons ??= this.readPauseReasons());
  }

  private readPauseReasons(): ReadonlySet<PauseReason> {
    const reasons = new Set<PauseReason>();
    if (!this.innerLoop.started) reasons.add('stopped');
    for (const reason of this.innerLoop.holdReasons) if (reason !== SETTLED) reasons.add(reason as PauseReason);
    return reasons;
  }

  /** Whether the engine is asleep after `settle` quiet seconds (not a pause: `paused` may be empty). */
  get settled(): boolean {
    return this.innerLoop.heldFor(SETTLED);
  }

  /** How far the last frame sat between two steps, in [0, 1). */
  get alpha(): number {
    return this.innerLoop.alpha;
  }

  /** The engine's input helper (made on first use). */
  get input(): PageInput {
    return this.pageInput ?? this.createInput();
  }

  /** The engine's counters. */
  override stats(): PageEngineStats {
    const { frames, declined, droppedMs, errors, fps } = super.stats();
    return {
      frames,
      declined,
      droppedMs,
      errors,
      fps,
      steps: this.innerLoop.fixedStepCount,
      dropped: droppedMs / 1000,
      droppedEvents: this.events.dropped,
      timerWakeups: this.seat.timerWakeups,
    };
  }

  // -- systems -----------------------------------------------------------------

  /**
   * Adds a system. One added during a frame first runs in the next frame.
   *
   * @throws {OptionError} when `system` has no hook, a hook is not a function, it is already added, or it has one of `save`/`restore` without the other or without a name of its own.
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
    checkSaveHooks(system, this.systems);
    this.unsavedFields?.added(system);
    const name = typeof system.name === 'string' && system.name !== '' ? system.name : `system ${++this.systemNames}`;
    this.systems = [...this.systems, { system, name, active: true }];
    if (!this.innerLoop.inFrame) this.frameSystems = this.systems;
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
    if (!this.innerLoop.inFrame) this.frameSystems = this.systems;
    return true;
  }

  // -- lifecycle ---------------------------------------------------------------

  /** Starts the engine (clears `'stopped'`, also after a hook threw) and wakes it. */
  override start(): void {
    this.assertAlive('start');
    this.seat.pageClock(); // where there is no requestAnimationFrame and no frames option: the error, here
    this.wake();
    this.setReason('stopped', false);
  }

  /** Stops the engine (`paused` includes `'stopped'`): no frames until `start()`. */
  override stop(): void {
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
    if (this.settled) this.wake();
  }

  /** Wakes a settled engine (it asks for frames again) and counts as busy. */
  wake(): void {
    this.busySinceCheck = true;
    if (this.settled) this.innerLoop.setHold(SETTLED, false); // a fresh start: see freshStart
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
   * @return true: the frame ran.
   * @throws {OptionError} when `seconds` is not a finite number >= 0.
   * @throws {Error} from inside the engine's own frame, or after `destroy()`.
   */
  override advance(seconds: number): boolean {
    nonNegativeFinite('engine.advance', 'seconds', seconds);
    this.assertAlive('advance');
    if (this.innerLoop.inFrame) throw new Error(`engine.advance: called inside a frame of '${this.name}'`);
    // In ms, held at the largest number: seconds × 1000 overflows to Infinity past 1.8e305 s, which the
    // accumulator counts as nothing, where a frame that long runs maxSteps and drops the rest.
    this.innerLoop.advanceBy(Math.min(seconds * 1000, Number.MAX_VALUE));
    return true;
  }

  /**
   * A page engine's time is the page's frames and its fps cap, so its clock
   * is not replaced.
   *
   * @throws {Error} always: set `fps` when creating the engine, or drive it with `advance(seconds)`.
   */
  override setClock(_clock: Clock): never {
    throw new Error(`setClock: a page engine's clock is the page's frames and its fps cap; set fps in createEngine, or drive it with advance(seconds)`);
  }

  /** Stops the engine for good: detaches every watcher and listener, leaves the page's clock. Safe to call twice, and from inside a hook. */
  override destroy(): void {
    if (this.destroyed) return;
    this.stop();
    super.destroy();
  }

  /** Calls `listener` on every pause (running to paused) or resume (paused to running) transition; returns the unsubscribe. */
  on(event: PauseEvent, listener: PauseListener): () => void {
    if (event !== 'pause' && event !== 'resume') throw new OptionError('engine.on', 'event', `'pause' or 'resume'`, event);
    if (typeof listener !== 'function') throw new OptionError('engine.on', 'listener', 'a function', listener);
    return this.listeners[event].add((reason) => listener(this, reason));
  }

  /** @internal */
  reportPhaseRule(error: PhaseRuleError): void {
    const key = `${error.system}|${error.phase}|${error.api}`;
    if (this.reported.has(key)) return;
    this.reported.add(key);
    this.report(error, { system: error.system, hook: error.phase }, error.phase);
  }

  /** The game's pause and each saving system's `save()`, copied (see {@link PageEngineSnapshot}). */
  protected saveState(): PageEngineSnapshot {
    return { manualPause: this.innerLoop.heldFor('manual'), systems: saveSystems(this.systems) };
  }

  /**
   * Checks the whole state first (the engine's systems now against the
   * snapshot's), then: the game's pause, a wake (a settled engine draws the
   * restored state), each saving system's `restore(data)`. A `restore` that
   * throws stops the engine, as any hook does, and is reported; the others
   * still restore. The host's pauses stay as they are (see {@link PageEngineSnapshot}).
   */
  protected restoreState(state: unknown): void {
    const { manualPause, dataByName } = checkPageEngineState(state, this.systems);
    this.unsavedFields?.restoring(this.systems);
    this.setReason('manual', manualPause);
    this.wake();
    for (const { system, name } of this.systems) {
      if (system.restore === undefined) continue;
      try {
        system.restore(dataByName.get(name));
      } catch (error) {
        this.setReason('stopped', true);
        this.report(error, { system: name, hook: 'restore' });
      }
    }
  }

  /** The input the systems read (`engine.input`, made if it was not): its held keys, pointer and unconsumed edges are saved and restored. */
  protected override snapshotInput(): Input<string> {
    return this.input.device;
  }

  protected teardown(): void {
    this.innerLoop.abandonFrame();
    this.detachWatchers();
    this.pageInput?.destroy();
    for (const entry of this.systems) entry.active = false;
    this.systems = [];
    this.frameSystems = [];
    this.listeners.pause.complete();
    this.listeners.resume.complete();
  }

  // -- the frame: what the rows of PAGE_ENGINE_PHASE_TABLE run ------------------

  /** What the phase table's rows run: the engine's read, step and render (handed over once, while the shell builds the loop). */
  private static phaseHostOf(engine: PageEngine): PagePhaseHost {
    return {
      read: () => engine.readPhase(),
      step: (stepSeconds) => engine.stepPhase(stepSeconds),
      render: () => engine.renderPhase(),
    };
  }

  private readPhase(): void {
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
    for (let i = 0; i < systems.length && !this.innerLoop.frameAbandoned; i++) {
      const entry = systems[i]!;
      if (entry.active && entry.system.read !== undefined) this.call(entry, 'read', 0);
    }
  }

  private stepPhase(stepSeconds: number): void {
    const systems = this.frameSystems;
    for (let i = 0; i < systems.length && !this.innerLoop.frameAbandoned; i++) {
      const entry = systems[i]!;
      if (entry.active && entry.system.step !== undefined) this.call(entry, 'step', stepSeconds);
    }
  }

  /**
   * Makes the input on first use. A method of its own: the closure over `this` makes V8 allocate the function's
   * context on every call of the function that holds it, and games read `input` in every hook.
   */
  private createInput(): PageInput {
    this.pageInput = new PageInput(this.root, () => this.wake());
    return this.pageInput;
  }

  private renderPhase(): void {
    const systems = this.frameSystems;
    const alpha = this.innerLoop.alpha;
    for (let i = 0; i < systems.length && !this.innerLoop.frameAbandoned; i++) {
      const entry = systems[i]!;
      if (entry.active && entry.system.render !== undefined) this.call(entry, 'render', alpha);
    }
  }

  /** Every frame's end, its phases run or cut short: the ring empties, input edges of a frame that stepped end. */
  private closeFrame(): void {
    this.events.clear();
    this.pageInput?.endFrame(this.innerLoop.frameSteps);
    this.frameSystems = this.systems;
  }

  /** After a page frame the engine ran to its end: it settles after `settle` quiet seconds, or a capped one waits for its next slot. */
  private afterPageFrame(timestampMs: number): void {
    if (!this.running) return;
    if (this.settle !== undefined) {
      if (this.busySinceCheck) {
        this.busySinceCheck = false;
        this.lastBusyMs = timestampMs;
      } else if (!(timestampMs - this.lastBusyMs < this.settle * 1000)) {
        this.innerLoop.setHold(SETTLED, true); // not a pause: no hooks, held input stays
        return;
      }
    }
    if (this.fps !== undefined) this.seat.sleepUntilSlot(timestampMs);
  }

  /** Time restarts (the clock's fresh start: start, resume, wake): the settle wait starts from the first frame. */
  private freshStart(): void {
    this.lastBusyMs = NaN;
    this.busySinceCheck = true;
  }

  private call(entry: SystemEntry, phase: PagePhase, value: number): void {
    if (PHASE_CHECKS) enterPhase(this, entry.name, phase);
    try {
      const system = entry.system;
      if (phase === 'read') system.read!(this);
      else if (phase === 'step') system.step!(this, value);
      else system.render!(this, value);
    } catch (error) {
      this.fail(error, phase, entry.name);
    } finally {
      if (PHASE_CHECKS) leavePhase();
    }
  }

  /** A hook threw: only this engine stops (the rest of its frame is skipped), and the error is reported. */
  private fail(error: unknown, phase: PagePhase, system: string): void {
    this.innerLoop.abandonFrame(); // also when already stopped (an advance() by hand)
    this.setReason('stopped', true);
    this.report(error, { system, hook: phase }, phase);
  }

  /** Turns a pause reason on or off: `'stopped'` is the loop's start and stop, every other reason one of its holds. */
  private setReason(reason: PauseReason, on: boolean): void {
    if (this.destroyed) return;
    const before = this.pausedCount();
    if (reason === 'stopped') {
      if (on === !this.innerLoop.started) return;
      if (on) this.innerLoop.stop();
      else this.innerLoop.start();
    } else {
      if (on === this.innerLoop.heldFor(reason)) return;
      this.innerLoop.setHold(reason, on);
    }
    this.pauseReasons = undefined;
    const after = this.pausedCount();
    if (before === 0 && after > 0) {
      // Running to paused: what is left of this frame is skipped, held input released.
      this.innerLoop.abandonFrame();
      this.pageInput?.releaseAll();
      this.emitTransition('pause', reason);
    } else if (before > 0 && after === 0) {
      this.emitTransition('resume', reason);
    }
  }

  /** How many pause reasons hold (settling is not one). */
  private pausedCount(): number {
    let count = this.innerLoop.started ? 0 : 1;
    for (const reason of this.innerLoop.holdReasons) if (reason !== SETTLED) count++;
    return count;
  }

  private emitTransition(event: PauseEvent, reason: PauseReason): void {
    this.listeners[event].emitIsolated(reason, (error) => this.report(error, { hook: `on('${event}')` }, `on('${event}')`));
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
