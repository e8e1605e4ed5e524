import type { FixedStepOptions } from '../../../operators/step-accumulator.js';
import type { Clock } from '../../clocks/clock.js';
import type { PhaseSpec } from '../../loop/phase.js';
import type { PresetOptions } from './shell-options.js';

/**
 * One row of a preset's phase table: a phase's name and flags, what the step
 * does in one sentence, and what it runs, the way a Bevy plugin adds systems
 * to a schedule label. The shell wires every row's `run` into the loop, so a
 * preset's whole frame is its table, in one file.
 *
 * `run` is handed the preset's frame (`F`): a small interface declared beside
 * the table, which the preset makes (its declaration's `phaseHost`), never
 * the preset's class (so the table imports nothing that imports it).
 *
 * @typeParam P The preset's phase names.
 * @typeParam F What the rows' `run` is handed: the preset's frame.
 */
export interface PresetPhase<P extends string = string, F = never> extends PhaseSpec<P> {
  /**
   * What the step does, in one sentence: the preset's factory documents its
   * frame as these, numbered in order, and a spec holds the two to each other.
   */
  readonly does: string;
  /**
   * What the phase runs: handed the preset's frame once, as the engine is
   * built, it returns the handler the loop calls inside the phase every time
   * the phase runs (a fixed phase: once per step), before any handler or
   * subscriber a caller added, with the delta in seconds (a fixed phase: the
   * step). A throw is caught at the phase boundary and reported like any
   * handler's.
   *
   * ```ts
   * run: (frame) => (dt) => frame.world().tickActors(frame.isPaused(), dt, frame.context(), frame.report),
   * ```
   *
   * Why a handler from the frame, not `run(frame, dt)`: the handler the loop
   * calls is then the row's own closure, with the frame in its scope, as a
   * handler written in the engine was; a shared wrapper calling `run(frame,
   * dt)` (or `run.bind(frame)`) cost the state engine's empty frame about
   * 30 ns (165 against 135 ns, nine phases).
   */
  readonly run?: (frame: F) => (seconds: number) => void;
  /**
   * Whether the phase moves the game (its fixed steps and updates): the
   * development warnings watch for `Math.random`, `Date.now` and
   * `performance.now` while it runs (see `determinismWarnings`). Defaults to
   * false.
   */
  readonly simulation?: boolean;
}

/** What a preset tells the shell about itself, once. @internal */
export interface PresetDeclaration<P extends string, F = never> {
  /** The engine's name in errors: `'world engine'`. */
  readonly label: string;
  /** Its factory, for option errors: `'createWorldEngine'`. */
  readonly where: string;
  /** Its options: its own names, the shell's it takes, its backend's rule (see `takeOptions`). */
  readonly options: PresetOptions;
  /** Its phase table: the frame, in order, each phase with its flags and what it runs. */
  readonly phases: readonly PresetPhase<P, F>[];
  /**
   * Makes what the rows' `run` is handed, once, as the shell wires the rows:
   * it is handed the engine under construction, so it keeps the engine and
   * reads its fields only when a row runs (a preset's own fields are set
   * after the shell's constructor returns). A static method of the preset's
   * class, so it may reach the class's private members. Make the frame an
   * object of functions, not getters: V8 keeps an object literal with getters
   * in dictionary mode, and every row reads it every frame.
   */
  readonly phaseHost: (engine: never) => F;
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
  /** Called when each frame ends, its phases run or cut short (see `LoopOptions.frameEnd`). */
  readonly frameEnd?: () => void;
  /** Whether a fresh start also drops the fixed-step time not yet simulated (see `LoopOptions.freshStartDropsSteps`). */
  readonly freshStartDropsSteps?: boolean;
  /**
   * The preset's own calls a session records by name when a caller makes
   * them between frames, and a replay makes again: method paths on the
   * engine (`'pause'`, `'world.openLevel'`). A method of the engine itself is
   * recorded by the shell (it wraps it); one on a part of it (a dotted path)
   * goes through the shell's `recordedCall` in the part.
   */
  readonly recordedCalls?: readonly string[];
}

/**
 * Declares a preset's phase table: the rows as written, typed as
 * {@link PresetPhase}s whose phase names are the rows' own (`P` is the union
 * of the names, so the preset's phase type is read off the table) and whose
 * `run` is handed `F`. An identity at run time.
 *
 * @example
 * ```ts
 * const TABLE = presetPhases<{ step(seconds: number): void }>()([
 *   { name: 'update', does: 'the game steps', run: (frame, dt) => frame.step(dt) },
 *   { name: 'render', does: 'the picture is drawn' },
 * ]);
 * type Phase = (typeof TABLE)[number]['name']; // 'update' | 'render'
 * ```
 * @internal
 */
export function presetPhases<F>(): <const P extends string>(rows: readonly PresetPhase<P, F>[]) => readonly PresetPhase<P, F>[] {
  return (rows) => rows;
}

/** A row as the loop takes it: name and flags only. @internal */
export function phaseSpecOf<P extends string>({ name, pausable, fixed }: PresetPhase<P>): PhaseSpec<P> {
  return { name, ...(pausable === undefined ? {} : { pausable }), ...(fixed === undefined ? {} : { fixed }) };
}
