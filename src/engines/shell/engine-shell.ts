import type { Observable } from 'rxjs';
import type { FrameInfo } from '../../../operators/frame-info.js';
import type { FixedStepOptions } from '../../../operators/step-accumulator.js';
import type { Clock } from '../../clocks/clock.js';
import { pageFrames } from '../../hosts/animation-frames.js';
import { createLoop, type Loop } from '../../loop/loop.js';
import type { PhaseSpec } from '../../loop/phase.js';
import { PhaseError } from '../../loop/phase-error.js';
import { printError } from '../../loop/print-error.js';
import { isDevelopmentBuild } from './development-build.js';
import { EngineError, type ErrorSource } from './engine-error.js';
import { EngineRandom } from './engine-random.js';
import { NondeterminismWarnings } from './nondeterminism-warnings.js';
import type { PresetOptions, ShellOptions, TakenOptions } from './shell-options.js';

/** What a preset tells the shell about itself, once. @internal */
export interface PresetDeclaration<P extends string> {
  /** The engine's name in errors: `'world engine'`. */
  readonly label: string;
  /** Its factory, for option errors: `'createWorldEngine'`. */
  readonly where: string;
  /** Its options: its own names, the shell's it takes, its backend's rule (see `takeOptions`). */
  readonly options: PresetOptions;
  /** Its phase table: the frame, in order, each phase with its flags. */
  readonly phases: readonly PhaseSpec<P>[];
  /** Its fixed step, when its frame has fixed phases. */
  readonly fixedStep?: FixedStepOptions;
  /** Its clock when the game gives none; defaults to `wallClock()`. */
  readonly defaultClock?: () => Clock;
  /**
   * What `advance()` does with the errors of the frame it ran, once each was
   * reported: `'report'` (the default) nothing more; `'throw'` finishes the
   * frame, then throws its first error (what was thrown, not the wrapper).
   */
  readonly advanceErrors?: 'report' | 'throw';
  /**
   * The phases that move the game (its fixed steps and updates): where the
   * development warnings watch for `Math.random`, `Date.now` and
   * `performance.now` (see `determinismWarnings`).
   */
  readonly simulationPhases: readonly P[];
  /** Called when each frame ends, its phases run or cut short (see `LoopOptions.frameEnd`). */
  readonly frameEnd?: () => void;
  /** Whether a fresh start also drops the fixed-step time not yet simulated (see `LoopOptions.freshStartDropsSteps`). */
  readonly freshStartDropsSteps?: boolean;
}

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
 * - **The loop**, built from the preset's phase table: `engine.loop`.
 * - **Errors**: everything caught at a boundary, in a phase or outside one,
 *   becomes one {@link EngineError} (engine, phase, frame, and the tick,
 *   object, system or hook where there is one); it is counted, handed to
 *   `onError` (whose own throw is contained) and emitted on `errors$`.
 * - **Lifecycle**: `start()`, `stop()`, `destroy()`, each idempotent and
 *   safe from inside any hook; after `destroy()` returns nothing of the
 *   engine runs, not even the rest of the frame it was called from.
 * - **Time**: `frame()`, `stats()` and `advance()`, with the same meaning in
 *   every preset.
 *
 * @typeParam P The preset's phase names.
 */
export abstract class EngineShell<P extends string> {
  /** The loop the frames run on; its phases are the preset's phase table. */
  readonly loop: Loop<P>;
  /** Every error the engine caught, as it happens. */
  readonly errors$: Observable<EngineError>;
  /**
   * The engine's random source, seeded by the `seed` option: what game code
   * draws from instead of `Math.random()`. Its {@link EngineRandom.state} is
   * part of the game's state: save it with the rest, put it back with
   * {@link EngineRandom.restore}.
   */
  readonly random: EngineRandom;

  /** The engine's name in errors. */
  protected readonly label: string;
  private readonly throwCause: boolean;
  private dead = false;

  /**
   * @param options The preset's options, through the shell's intake (`takeOptions(preset, options)`).
   * @param supplied What the preset gives the shell in place of options it does not take from the game (the page engine's frames, clock and error callback).
   * @throws {OptionError} for a bad `seed`.
   * @internal Presets call it.
   */
  protected constructor(preset: PresetDeclaration<P>, options: TakenOptions, supplied: Pick<ShellOptions, 'ticks' | 'clock' | 'onError'> = {}) {
    const { label, where, phases, fixedStep, defaultClock, advanceErrors = 'report', simulationPhases, frameEnd, freshStartDropsSteps } = preset;
    const { ticks = pageFrames, clock = defaultClock?.(), onError = printError, seed, determinismWarnings = isDevelopmentBuild() } = { ...options.shell, ...supplied };
    this.random = new EngineRandom(seed, where);
    this.label = label;
    this.throwCause = advanceErrors === 'throw';
    this.loop = createLoop({
      ticks,
      ...(clock === undefined ? {} : { clock }),
      phases,
      ...(fixedStep === undefined ? {} : { fixedStep }),
      onError: onError as (error: PhaseError) => void,
      advanceErrors,
      errorOf: (phase, frame, cause) => new EngineError(label, phase, frame, cause),
      ...(frameEnd === undefined ? {} : { frameEnd }),
      ...(freshStartDropsSteps === undefined ? {} : { freshStartDropsSteps }),
    });
    this.errors$ = this.loop.errors$ as Observable<EngineError>;
    if (determinismWarnings) {
      // Only here is anything installed: with the warnings off the phases carry no guard and no global is ever wrapped.
      const warnings = new NondeterminismWarnings(label);
      for (const phase of simulationPhases) this.loop.guardPhase(phase, warnings);
    }
  }

  /** The preset's name, as errors and recorded sessions give it: `'world engine'`, `'state engine'`, `'systems engine'`, `'runtime'`. */
  get preset(): string {
    return this.label;
  }

  /** Whether the engine takes host ticks now (started, and not held by a load or a pause that asks for no frames). */
  get running(): boolean {
    return this.loop.running;
  }

  /** Whether {@link destroy} was called. */
  get destroyed(): boolean {
    return this.dead;
  }

  /** Starts taking host ticks (the page's frames by default). Does nothing when started. @throws {Error} after `destroy()`. */
  start(): void {
    this.assertAlive('start');
    this.loop.start();
  }

  /** Stops taking host ticks: the engine asks for no frames. `advance()` still works. Does nothing when stopped. */
  stop(): void {
    this.loop.stop();
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
    this.loop.stop();
    try {
      this.teardown();
    } catch (error) {
      this.report(error, { hook: 'destroy' });
    } finally {
      this.loop.destroy();
    }
  }

  /** The frames so far: count, simulated time, active time and the latest delta, in ms. */
  frame(): FrameInfo {
    return this.loop.frame();
  }

  /** A phase of the frame as a hot stream: it emits the delta in seconds inside that phase (see `Loop.phase`). */
  phase(name: P): Observable<number> {
    return this.loop.phase(name);
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
    this.loop.setClock(clock);
  }

  /** The engine's counters (see {@link EngineStats}). */
  stats(): EngineStats {
    const { declined, droppedMs, errors, fps } = this.loop.stats();
    return { frames: this.loop.frameCount, declined, droppedMs, errors, fps };
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
    if (this.loop.inFrame) {
      throw new Error(
        `advance: called inside frame ${this.loop.frameCount} of the ${this.label} (phase "${this.loop.currentPhase}"); ` +
          'a frame cannot run inside another, so call advance() from outside the frame (a test, a timer, the next tick)',
      );
    }
    try {
      return timestampMs === undefined ? this.loop.advance() : this.loop.advance(timestampMs);
    } catch (error) {
      if (this.throwCause && error instanceof PhaseError && error.cause instanceof Error) throw error.cause;
      throw error;
    }
  }

  /** Frees what the preset holds (its world, backend, input...); called once, by {@link destroy}. */
  protected abstract teardown(): void;

  /**
   * Reports an error caught at one of the preset's own boundaries (a user
   * callback it isolates): an {@link EngineError} at the phase running now
   * (or `phase`) and this frame, with `source`.
   */
  protected report(cause: unknown, source?: ErrorSource, phase: string = this.loop.currentPhase): void {
    this.loop.reportError(new EngineError(this.label, phase, this.loop.frameCount, cause, source));
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
