import type { Observable } from 'rxjs';
import type { FrameInfo } from '../../../operators/frame-info.js';
import type { Clock } from '../../clocks/clock.js';
import { pageFrames } from '../../hosts/animation-frames.js';
import { createLoop, type Loop } from '../../loop/loop.js';
import { LoopView } from '../../loop/loop-view.js';
import { PhaseError } from '../../loop/phase-error.js';
import { OptionError } from '../../../operators/option-error.js';
import { printError } from '../../loop/print-error.js';
import { isDevelopmentBuild } from './development-build.js';
import { EngineError, type ErrorSource } from './engine-error.js';
import { registerEngineLoop } from './engine-loop.js';
import { EngineRandom } from './engine-random.js';
import { NondeterminismWarnings } from './nondeterminism-warnings.js';
import { phaseSpecOf, type PresetDeclaration, type PresetPhase } from './preset-declaration.js';
import type { ShellOptions, TakenOptions } from './shell-options.js';
import { checkSnapshot, copyPlain, SNAPSHOT_FORMAT_VERSION, type EngineSnapshot } from './engine-snapshot.js';
import type { Input } from '../../input/input.js';

export type { PresetPhase } from './preset-declaration.js';

/** The counters every engine reports the same way (a preset adds its own). */
export interface EngineStats {
  /** Frames run so far. */
  readonly frames: number;
  /** Ticks the clock declined (no frame ran). */
  readonly declined: number;
  /** Fixed-step time dropped at the catch-up cap so far, in ms (0 without a fixed step). */
  readonly droppedMs: number;
  /** Errors caught so far. */
  readonly errors: number;
  /** Frames per second of host time over the recent frames (0 before two). */
  readonly fps: number;
}

/**
 * The engine shell: what every preset needs the same way, written once. A
 * preset is a phase table and its own rules on top of it.
 *
 * - **Options**: one intake for every preset (`takeOptions`, which a
 *   preset calls before its own checks): an unknown key is refused naming
 *   the closest known one (the preset declares its own names and which of
 *   the shell's it takes), and `ticks`, `clock`, `onError`, `seed`,
 *   `determinismWarnings`, `input`, `cues`, `overlay` and the backend are
 *   each checked by one rule before anything starts.
 * - **The frame**, built from the preset's phase table: each row's name and
 *   flags make a phase of the loop, and each row's `run` is wired into it
 *   here, once (see {@link PresetPhase}). Callers read the loop through
 *   `engine.loop`, a read-only {@link LoopView}; what they may change on it
 *   (the time scale, the clock, the preset's pause) they change through the
 *   engine, so a preset's rules around a control cannot be bypassed.
 * - **Errors**: everything caught at a boundary, in a phase or outside one,
 *   becomes one {@link EngineError} (engine, phase, frame, and the tick,
 *   object, system or hook where there is one); it is counted, handed to
 *   `onError` (whose own throw is contained) and emitted on `errors$`.
 * - **Lifecycle**: `start()`, `stop()`, `destroy()`, each idempotent and
 *   safe from inside any hook; `start()` after `stop()` resumes where the
 *   engine stood; after `destroy()` returns nothing of the engine runs, not
 *   even the rest of the frame it was called from.
 * - **Time**: `frame()`, `stats()`, `advance()`, `paused` and `timeScale`,
 *   with the same meaning in every preset.
 *
 * @typeParam P The preset's phase names.
 * @typeParam F What its phase table's rows run on: the preset's frame.
 * @typeParam S The preset's state in a snapshot (see {@link save}).
 */
export abstract class EngineShell<P extends string, F = never, S = unknown> {
  /**
   * The loop the frames run on, read-only: its phases (the preset's phase
   * table) as streams and handlers, `frames$`, `frame()`, `stats()`,
   * `plan()`, `alpha`, `paused` and `timeScale`. Its controls are the
   * engine's own (`start`, `stop`, `timeScale`, `setClock`, the preset's
   * pause): `engine.loop.paused = true` throws a `TypeError`.
   */
  readonly loop: LoopView<P>;
  /** Every error the engine caught, as it happens. */
  readonly errors$: Observable<EngineError>;
  /**
   * The engine's random source, seeded by the `seed` option: what game code
   * draws from instead of `Math.random()`. Its {@link EngineRandom.state} is
   * part of the game's state: save it with the rest, put it back with
   * {@link EngineRandom.restore}.
   */
  readonly random: EngineRandom;

  /** The loop itself, with its controls: only the preset changes it. */
  protected readonly innerLoop: Loop<P>;
  /** The engine's name in errors. */
  protected readonly label: string;
  private readonly throwCause: boolean;
  private readonly recordedCalls: readonly string[];
  private dead = false;

  /**
   * @param options The preset's options, through the shell's intake (`takeOptions(preset, options)`).
   * @param supplied What the preset gives the shell in place of options it does not take from the game (the page engine's frames, clock and error callback).
   * @throws {OptionError} for a bad `seed`.
   * @internal Presets call it.
   */
  protected constructor(preset: PresetDeclaration<P, F>, options: TakenOptions, supplied: Pick<ShellOptions, 'ticks' | 'clock' | 'onError'> = {}) {
    const { label, where, phases, phaseHost, fixedStep, defaultClock, advanceErrors = 'report', frameEnd, freshStartDropsSteps, recordedCalls = [] } = preset;
    this.recordedCalls = recordedCalls;
    for (const method of recordedCalls) if (!method.includes('.')) this.recordMethod(method);
    const { ticks = pageFrames, clock = defaultClock?.(), onError = printError, seed, determinismWarnings = isDevelopmentBuild() } = { ...options.shell, ...supplied };
    this.random = new EngineRandom(seed, where);
    this.label = label;
    this.throwCause = advanceErrors === 'throw';
    const loop = createLoop({
      ticks,
      ...(clock === undefined ? {} : { clock }),
      phases: phases.map(phaseSpecOf),
      ...(fixedStep === undefined ? {} : { fixedStep }),
      onError: onError as (error: PhaseError) => void,
      advanceErrors,
      errorOf: (phase, frame, cause) => new EngineError(label, phase, frame, cause),
      ...(frameEnd === undefined ? {} : { frameEnd }),
      ...(freshStartDropsSteps === undefined ? {} : { freshStartDropsSteps }),
    });
    this.innerLoop = loop;
    this.loop = new LoopView(loop);
    registerEngineLoop(this, loop);
    this.errors$ = loop.errors$ as Observable<EngineError>;
    // The frame, declared once: each row's handler, made from the preset's frame, first in its phase (before any caller's).
    const host = (phaseHost as (engine: EngineShell<P, F>) => F)(this);
    for (const { name, run } of phases) {
      if (run !== undefined) loop.on(name, run(host));
    }
    if (determinismWarnings) {
      // Only here is anything installed: with the warnings off the phases carry no guard and no global is ever wrapped.
      const warnings = new NondeterminismWarnings(label);
      for (const { name, simulation } of phases) if (simulation === true) loop.guardPhase(name, warnings);
    }
  }

  /** The preset's name, as errors and recorded sessions give it: `'world engine'`, `'state engine'`, `'systems engine'`, `'runtime'`. */
  get preset(): string {
    return this.label;
  }

  /** Whether the engine takes host ticks now (started, and not held by a load or a pause that asks for no frames). */
  get running(): boolean {
    return this.innerLoop.running;
  }

  /** Whether {@link destroy} was called. */
  get destroyed(): boolean {
    return this.dead;
  }

  /**
   * Whether the engine is paused: its pause holds the game still while the
   * engine lives on (what a pause stops is the preset's rule: the world
   * engine's steps 4 to 8, the runtime's ticks and updates, every frame of
   * the systems engine). Each preset pauses and resumes with its seed's verbs
   * (see docs/lifecycle.md); stopping is not pausing (`stop()` takes no host
   * ticks, and leaves `paused` as it was). Always false in a preset whose
   * seed knows no pause (the state engine: "a game that pauses does so in
   * its state"). The page engine's seed says "engine.paused lists why": there
   * it is the set of reasons, empty while the engine runs.
   */
  get paused(): boolean | ReadonlySet<string> {
    return this.innerLoop.paused;
  }

  /**
   * Game time per clock time: each delivered delta is multiplied by it, after
   * the clock (after a wall clock's clamp). 0.5 is slow motion; 0 freezes the
   * game while frames still run. A finite number >= 0; defaults to 1.
   */
  get timeScale(): number {
    return this.innerLoop.timeScale;
  }

  /** Sets the time scale, from the next frame on; see the getter. @throws {OptionError} unless a finite number >= 0. */
  set timeScale(value: number) {
    this.innerLoop.timeScale = value;
  }

  /** Starts taking host ticks (the page's frames by default). Does nothing when started. @throws {Error} after `destroy()`. */
  start(): void {
    this.assertAlive('start');
    this.innerLoop.start();
  }

  /** Stops taking host ticks: the engine asks for no frames. `advance()` still works. Does nothing when stopped. */
  stop(): void {
    this.innerLoop.stop();
  }

  /**
   * Stops for good and frees what the engine holds (its preset says what).
   * After it returns nothing of the engine runs: no hook, no render, not the
   * rest of a frame it was called from, not a load that settles later. Safe to
   * call twice, and from inside any hook.
   */
  destroy(): void {
    if (this.dead) return;
    this.dead = true;
    this.innerLoop.stop();
    try {
      this.teardown();
    } catch (error) {
      this.report(error, { hook: 'destroy' });
    } finally {
      this.innerLoop.destroy();
    }
  }

  /** The frames so far: count, simulated time, active time and the latest delta, in ms. */
  frame(): FrameInfo {
    return this.innerLoop.frame();
  }

  /** A phase of the frame as a hot stream: it emits the delta in seconds inside that phase (see `Loop.phase`). */
  phase(name: P): Observable<number> {
    return this.innerLoop.phase(name);
  }

  /**
   * Replaces the clock; the new one starts with no baseline (see
   * `Loop.setClock`). It stays the engine's clock: a level or scene load
   * restarts it fresh, never replaces it.
   *
   * @throws {OptionError} for a clock that is not an operator (a function).
   */
  setClock(clock: Clock): void {
    this.assertAlive('setClock');
    this.innerLoop.setClock(clock);
  }

  /**
   * The engine's counters (see {@link EngineStats}), as a fresh object a
   * caller may keep: read every frame (a HUD), it is an object or two a frame
   * of garbage; a HUD that reads it a few times a second allocates next to nothing.
   */
  stats(): EngineStats {
    const { declined, droppedMs, errors, fps } = this.innerLoop.stats();
    return { frames: this.innerLoop.frameCount, declined, droppedMs, errors, fps };
  }

  /**
   * Runs one host tick synchronously, as the page's frame would: through the
   * clock, and the frame if the clock delivers one. Works whether or not the
   * engine is started; a held engine (a level or scene loading, a pause that
   * asks for no frames) runs nothing. Every error is reported as it happens;
   * what else `advance()` does with one is the preset's rule.
   *
   * @param timestampMs The tick's timestamp; defaults to the previous one plus 1000/60.
   * @return Whether the tick made a frame.
   * @throws {Error} after `destroy()`, and from inside a frame of this engine (a frame cannot run inside another).
   */
  advance(timestampMs?: number): boolean {
    this.assertAlive('advance');
    if (this.innerLoop.inFrame) {
      throw new Error(
        `advance: called inside frame ${this.innerLoop.frameCount} of the ${this.label} (phase "${this.innerLoop.currentPhase}"); ` +
          'a frame cannot run inside another, so call advance() from outside the frame (a test, a timer, the next tick)',
      );
    }
    try {
      return timestampMs === undefined ? this.innerLoop.advance() : this.innerLoop.advance(timestampMs);
    } catch (error) {
      if (this.throwCause && error instanceof PhaseError && error.cause instanceof Error) throw error.cause;
      throw error;
    }
  }

  /**
   * The engine's whole state now, between frames, as a plain value: the
   * preset's state (see the preset's `*Snapshot` type), the loop's counters,
   * fixed-step time, pause and time scale, the input's held keys, pointer
   * and unconsumed edges, and the random source's state. Nothing in it is
   * shared with the engine, so it stays as it was while the game plays on,
   * and restores any number of times (see {@link restore}).
   *
   * @example
   * ```ts
   * const checkpoint = engine.save();
   * // ... play on, lose a life ...
   * engine.restore(checkpoint); // back to the checkpoint, exactly
   * ```
   *
   * @throws {Error} inside a frame of this engine, while a level or scene loads, or after `destroy()`.
   */
  save(): EngineSnapshot<S> {
    this.assertAlive('save');
    this.assertBetweenFrames('save');
    const input = this.snapshotInput();
    return {
      format: SNAPSHOT_FORMAT_VERSION,
      preset: this.preset, // not the label: a page engine's names the engine ('page engine 'hero''), and a snapshot restores into any engine of its preset
      loop: this.innerLoop.saveState(),
      random: this.random.state,
      input: input === undefined ? null : input.save(),
      state: this.saveState(),
    };
  }

  /**
   * Puts the engine back to a snapshot taken with {@link save} (by this
   * engine or another of the same preset built with the same options): the
   * next frame runs as the frame after the save did. The snapshot is copied,
   * never adopted, so it restores again later. The clock starts fresh (its
   * baseline is host time, not game time: see `LoopState`). Whether the
   * engine runs (started, stopped) is not part of the state and does not
   * change.
   *
   * @throws {OptionError} for a value that is not a snapshot of this preset and format, naming the field; the engine is then unchanged.
   * @throws {Error} inside a frame of this engine, while a level or scene loads, while a recording is attached, or after `destroy()`.
   */
  restore(snapshot: EngineSnapshot<S>): void {
    this.assertAlive('restore');
    this.assertBetweenFrames('restore');
    checkSnapshot('restore', this.preset, snapshot);
    const copy = copyPlain(snapshot, 'restore', 'the snapshot', undefined, new Set(this.readOnlyParts(snapshot.state)));
    const input = this.snapshotInput();
    this.innerLoop.restoreState(copy.loop, true);
    if (input !== undefined && copy.input !== null) input.checkState(copy.input);
    if (!Number.isInteger(copy.random) || copy.random < 0 || copy.random > 0xffffffff) throw new OptionError('restore', 'snapshot.random', 'a whole number from 0 to 4294967295 (engine.random.state)', copy.random);
    this.restoreState(copy.state);
    this.innerLoop.restoreState(copy.loop);
    this.random.restore(copy.random);
    if (input !== undefined) input.restore(copy.input ?? { held: [], actions: [], pointer: input.frame.pointer });
  }

  /**
   * The preset's own state, as fresh plain data that shares nothing with the
   * engine (the `state` of {@link save}'s snapshot).
   * @throws {Error} when the preset cannot be saved now (a load under way), saying why.
   */
  protected abstract saveState(): S;

  /**
   * Puts the preset's own state back from a copy the shell made (the preset
   * may keep parts of it). Checks it before changing anything.
   * @throws {OptionError} for a state this preset cannot take, naming the field.
   */
  protected abstract restoreState(state: unknown): void;

  /**
   * Parts of a snapshot's state that {@link restoreState} only reads and
   * never keeps (the runtime's poses and Rapier's bytes, hundreds of KB):
   * `restore` hands them on uncopied, so a rollback does not copy them once
   * more before reading them. Everything else is copied. None by default.
   */
  protected readOnlyParts(_state: unknown): readonly object[] {
    return [];
  }

  /** The Input the engine's game reads, saved and restored with it; none by default. */
  protected snapshotInput(): Input<string> | undefined {
    return undefined;
  }

  private assertBetweenFrames(method: string): void {
    if (!this.innerLoop.inFrame) return;
    throw new Error(
      `${method}: called inside frame ${this.innerLoop.frameCount} of the ${this.label} (phase "${this.innerLoop.currentPhase}"); ` +
        `${method} between frames (from a key handler, a timer, or after advance() returns)`,
    );
  }

  /**
   * Makes a recorded call again (a replay does): `method` is one of the
   * preset's `recordedCalls`, a path on the engine.
   * @return What the call returns (a load's promise, say).
   * @throws {Error} for a method the preset does not record.
   * @internal
   */
  replayCall(method: string, args: readonly unknown[]): unknown {
    if (!this.recordedCalls.includes(method)) {
      throw new Error(`replay: the session calls ${method}(), which the ${this.preset} does not record (${this.recordedCalls.join(', ') || 'it records none'})`);
    }
    const path = method.split('.');
    let target = this as unknown as Record<string, unknown>;
    for (const key of path.slice(0, -1)) target = target[key] as Record<string, unknown>;
    return (target[path[path.length - 1]!] as (...values: unknown[]) => unknown).apply(target, [...args]);
  }

  /**
   * Makes the preset's method `name` a recorded call: an own property that
   * calls the class's method through {@link recordedCall}, so every method
   * the declaration lists is recorded the same way without its body knowing.
   *
   * A call that would not be recorded (no recorder, or made inside a frame,
   * as a behaviour's `setTransform` every tick) goes straight to the method
   * and allocates nothing: its arguments are only handed on, and the closure
   * that records is made in a function of its own, so V8 keeps them off the
   * heap (issue 29: the closure and the arguments array cost about 160 B per
   * call, 783 B per object per frame in the runtime bench).
   */
  private recordMethod(name: string): void {
    const method = (this as unknown as Record<string, unknown>)[name];
    if (typeof method !== 'function') throw new Error(`${this.label}: recordedCalls names ${name}, which is not a method`);
    const call = method as (...values: unknown[]) => unknown;
    const record = (args: unknown[]): unknown => this.recordedCall(name, args, () => call.apply(this, args));
    Object.defineProperty(this, name, {
      value: (...args: unknown[]): unknown => (this.innerLoop.recorder === undefined ? call.apply(this, args) : record(args)),
      writable: true,
      configurable: true,
    });
  }

  /**
   * Runs one of the preset's own calls a caller made (`method` is one of its
   * `recordedCalls`): a recorder attached and no frame running, it is
   * recorded by name, so a replay makes it again.
   */
  protected recordedCall<T>(method: string, args: readonly unknown[], body: () => T): T {
    const recorder = this.innerLoop.recorder;
    return recorder === undefined ? body() : recorder.call(method, args, body);
  }

  /** Frees what the preset holds (its world, backend, input...); called once, by {@link destroy}. */
  protected abstract teardown(): void;

  /**
   * Reports an error caught at one of the preset's own boundaries (a user
   * callback it isolates): an {@link EngineError} at the phase running now
   * (or `phase`) and this frame, with `source`.
   */
  protected report(cause: unknown, source?: ErrorSource, phase: string = this.innerLoop.currentPhase): void {
    this.innerLoop.reportError(new EngineError(this.label, phase, this.innerLoop.frameCount, cause, source));
  }

  /** Calls a hook the game supplied (`onDiagnostic`, ...): what it throws is reported as `hook`'s error, never let through. */
  protected callHook(hook: string, call: () => void): void {
    try {
      call();
    } catch (error) {
      this.report(error, { hook });
    }
  }

  /** @throws {Error} naming `method` after `destroy()`. */
  protected assertAlive(method: string): void {
    if (this.dead) throw new Error(`${method}: the ${this.label} was destroyed`);
  }
}
