import type { Subscribable } from 'rxjs';
import { OptionError } from '../../../operators/option-error.js';
import { booleanOption, functionOption } from '../../../operators/validate.js';
import type { Clock } from '../../clocks/clock.js';
import { createInput, type Input } from '../../input/input.js';
import { checkClock } from '../../clocks/clock.js';
import { checkTicks } from '../../hosts/tick-source.js';
import { cueLog, type CuePlayer } from '../cues.js';
import type { EngineError } from './engine-error.js';

/**
 * The options every engine takes the same way, validated by the shell with
 * one rule each (so an error reads the same from every factory). A preset's
 * options extend these with its own.
 */
export interface ShellOptions {
  /** Host ticks (timestamps in ms); defaults to the page's one requestAnimationFrame (`animationFrames()`), read when the engine starts. */
  ticks?: Subscribable<number>;
  /** What each tick is worth; defaults to the preset's own clock (a wall clock, for most). Replaceable with `engine.setClock`. */
  clock?: Clock;
  /**
   * Every error the engine catches (a throwing hook, a backend, a user
   * callback such as `onDiagnostic`) goes here and to `errors$`; what the
   * engine does next is its preset's rule. Defaults to `console.error`. An
   * `onError` that throws is printed, never let through.
   */
  onError?: (error: EngineError) => void;
  /**
   * The seed of the engine's random source (`engine.random`): a whole number
   * from 0 to 4294967295. Defaults to `DEFAULT_RANDOM_SEED`, so an engine
   * built twice draws the same numbers.
   */
  seed?: number;
  /**
   * Warns (with `console.warn`, once per call site) when `Math.random()`,
   * `Date.now()` or `performance.now()` is called inside a phase that moves
   * the game (a fixed step, an update): the calls a replay or a sync test
   * cannot reproduce. A development check, so it follows the build: on by
   * default unless `process.env.NODE_ENV === 'production'` (which Vite,
   * webpack and esbuild write into a production bundle; Node reads its
   * environment; a page loading the modules unbundled counts as
   * development). Off, nothing is wrapped: it costs nothing.
   */
  determinismWarnings?: boolean;
}

/** The option names every engine takes from the shell (a preset lists them among its own). */
export const SHELL_OPTION_KEYS = ['ticks', 'clock', 'onError', 'seed', 'determinismWarnings'] as const satisfies readonly (keyof ShellOptions)[];

/** The options the engines whose game reads input, plays cues and draws an overlay take (world, state). */
export interface GameShellOptions<A extends string> extends ShellOptions {
  /** Input devices; defaults to an input with no bindings. */
  input?: Input<A>;
  /** Where cues play; defaults to a {@link cueLog} (see `engine.cues`). */
  cues?: CuePlayer;
  /** Draws the diagnostics overlay (fps, frame-time graph, declined ticks). Defaults to false. */
  overlay?: boolean;
}

/** The rule for an `input` option. */
export const INPUT_RULE = 'an Input (createInput({ bindings }))';
/** The rule for a `cues` option. */
export const CUES_RULE = 'a cue player ({ play(name, options) }: cueLog(), webAudioCues())';

/**
 * Checks the shell's options that are present, each against its one rule.
 *
 * @throws {OptionError} naming `where`, the option, the rule and the value.
 * @internal
 */
export function checkShellOptions(where: string, options: ShellOptions): void {
  const { ticks, clock, onError, determinismWarnings } = options;
  if (ticks !== undefined) checkTicks(where, ticks);
  if (clock !== undefined) checkClock(where, clock);
  if (onError !== undefined) functionOption(where, 'onError', onError);
  booleanOption(where, 'determinismWarnings', determinismWarnings);
}

/** The game options, checked, with their defaults. @internal */
export interface GameOptions<A extends string> {
  readonly input: Input<A>;
  readonly cues: CuePlayer;
  readonly overlay: boolean;
}

/**
 * Checks `input`, `cues` and `overlay` and applies their defaults: an input
 * with no bindings, a cue log stamped with `frameCount()`, no overlay.
 *
 * @throws {OptionError} naming `where`, the option, the rule and the value.
 * @internal
 */
export function gameOptions<A extends string>(where: string, options: GameShellOptions<A>, frameCount: () => number): GameOptions<A> {
  const { input, cues, overlay = false } = options;
  if (input !== undefined && !isInput(input)) throw new OptionError(where, 'input', INPUT_RULE, input);
  if (cues !== undefined && typeof (cues as Partial<CuePlayer> | null)?.play !== 'function') throw new OptionError(where, 'cues', CUES_RULE, cues);
  booleanOption(where, 'overlay', overlay);
  return {
    input: input ?? (createInput({ bindings: {} as never }) as Input<A>),
    cues: cues ?? cueLog(frameCount),
    overlay,
  };
}

/** What an engine uses of an Input: its frame view, the frame close, and destroy. */
function isInput(value: unknown): value is Input<string> {
  const input = value as Partial<Input<string>> | null;
  return (
    input !== null &&
    typeof input === 'object' &&
    input.frame !== null &&
    typeof input.frame === 'object' &&
    typeof input.closeFrame === 'function' &&
    typeof input.destroy === 'function'
  );
}
