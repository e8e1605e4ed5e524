import type { Subscribable } from 'rxjs';
import { OptionError } from '../../../operators/option-error.js';
import { booleanOption, checkOptionKeys, functionOption } from '../../../operators/validate.js';
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
 * The shell's options, in the order an unknown-option error lists them
 * (after the preset's own): every preset takes some of them, and says which
 * in its {@link PresetOptions}.
 */
export const SHELL_OPTION_KEYS = ['ticks', 'clock', 'input', 'cues', 'overlay', 'onError', 'seed', 'determinismWarnings'] as const satisfies readonly (keyof GameShellOptions<string>)[];

/** One of the shell's option names. */
export type ShellOptionKey = (typeof SHELL_OPTION_KEYS)[number];

/** The shell's options of an engine whose game reads no `Input`, plays no cue and draws no overlay of the shell's (systems, runtime). */
export const ENGINE_OPTION_KEYS = ['ticks', 'clock', 'onError', 'seed', 'determinismWarnings'] as const satisfies readonly ShellOptionKey[];

/**
 * What a preset's `backend` option must be. One check for every preset
 * (see {@link takeOptions}); the rule's text and the methods are the preset's.
 */
export interface BackendRule {
  /** The rule, as an error gives it: `'a world backend (pixiBackend() in a browser, nullBackend() in Node)'`. */
  readonly rule: string;
  /** The methods a backend must have. */
  readonly methods: readonly string[];
  /** Whether it may be left out (the engine then draws nothing). Defaults to false. */
  readonly optional?: boolean;
  /** Whether the error names the first missing method (`...: one with a drawOverlay() method`). Defaults to false. */
  readonly nameMissing?: boolean;
}

/**
 * What a preset declares of its options, once, for the shell's intake: its
 * own option names, and which of the shell's it takes. Any other key is
 * refused, naming the closest known one.
 */
export interface PresetOptions {
  /** The preset's own option names, in the order an unknown-option error lists them (the shell's follow). */
  readonly own: readonly string[];
  /** The shell's options it takes ({@link SHELL_OPTION_KEYS}, {@link ENGINE_OPTION_KEYS}, or fewer). */
  readonly shell: readonly ShellOptionKey[];
  /** What the options must be, for the error when they are not an object; defaults to `'an object'`. */
  readonly rule?: string;
  /** What that error calls them; defaults to `'options'` (the systems engine's are its `'config'`). */
  readonly name?: string;
  /** Whether the options may be left out altogether (`createEngine()`). Defaults to false. */
  readonly optional?: boolean;
  /** The rule for `onError`, when the preset calls it with more than the error; defaults to `'a function'`. */
  readonly onErrorRule?: string;
  /** Its `backend` option's rule, when it has one. */
  readonly backend?: BackendRule;
}

/**
 * A preset's options after the shell's intake ({@link takeOptions}): the only
 * way into the shell's constructor, so no preset builds on options the shell
 * did not check.
 *
 * @internal
 */
export class TakenOptions {
  private constructor(
    /** The shell's options the preset takes, checked (the others are absent). */
    readonly shell: GameShellOptions<string>,
  ) {}

  /** @see takeOptions */
  static take(preset: { readonly where: string; readonly options: PresetOptions }, options: unknown): TakenOptions {
    const { where, options: declared } = preset;
    const { own, shell, rule = 'an object', name = 'options', optional = false, onErrorRule, backend } = declared;
    if (options === undefined && optional) return new TakenOptions({});
    if (options === null || typeof options !== 'object' || Array.isArray(options)) throw new OptionError(where, name, rule, options);
    const taken = SHELL_OPTION_KEYS.filter((key) => shell.includes(key));
    checkOptionKeys(where, options, [...own, ...taken]);
    const values = options as GameShellOptions<string> & { backend?: unknown };
    const picked: Record<string, unknown> = {};
    for (const key of taken) if (values[key] !== undefined) picked[key] = values[key];
    checkShellOptions(where, picked, onErrorRule);
    if (backend !== undefined) checkBackend(where, values.backend, backend);
    return new TakenOptions(picked);
  }
}

/**
 * The shell's intake, once for every preset: the options must be an object
 * (or absent, where the preset allows it); every key must be one of the
 * preset's own or one of the shell's it takes (else `createX: unknown option
 * 'foo'; did you mean 'bar'?`); the shell's options present are checked each
 * against its one rule, and the backend against the preset's. A preset calls
 * it first, before its own checks, so a misspelt option is named as one.
 *
 * @throws {OptionError} naming `where`, the option, the rule and the value.
 * @internal
 */
export function takeOptions(preset: { readonly where: string; readonly options: PresetOptions }, options: unknown): TakenOptions {
  return TakenOptions.take(preset, options);
}

/** Checks the shell's options that are present, each against its one rule. */
function checkShellOptions(where: string, options: GameShellOptions<string>, onErrorRule?: string): void {
  const { ticks, clock, onError, determinismWarnings, input, cues, overlay } = options;
  if (ticks !== undefined) checkTicks(where, ticks);
  if (clock !== undefined) checkClock(where, clock);
  if (input !== undefined && !isInput(input)) throw new OptionError(where, 'input', INPUT_RULE, input);
  if (cues !== undefined && typeof (cues as Partial<CuePlayer> | null)?.play !== 'function') throw new OptionError(where, 'cues', CUES_RULE, cues);
  booleanOption(where, 'overlay', overlay);
  if (onError !== undefined) functionOption(where, 'onError', onError, onErrorRule);
  booleanOption(where, 'determinismWarnings', determinismWarnings);
}

/** Checks a preset's backend against its rule: an object with every method the rule names. */
function checkBackend(where: string, backend: unknown, { rule, methods, optional = false, nameMissing = false }: BackendRule): void {
  if (backend === undefined && optional) return;
  if (backend === null || typeof backend !== 'object') throw new OptionError(where, 'backend', rule, backend);
  const missing = methods.find((method) => typeof (backend as Record<string, unknown>)[method] !== 'function');
  if (missing !== undefined) throw new OptionError(where, 'backend', nameMissing ? `${rule}: one with a ${missing}() method` : rule, backend);
}

/** The game options, with their defaults. @internal */
export interface GameOptions<A extends string> {
  readonly input: Input<A>;
  readonly cues: CuePlayer;
  readonly overlay: boolean;
}

/**
 * The defaults of `input`, `cues` and `overlay` (checked by the intake): an
 * input with no bindings, a cue log stamped with `frameCount()`, no overlay.
 *
 * @internal
 */
export function gameOptions<A extends string>(taken: TakenOptions, frameCount: () => number): GameOptions<A> {
  const { input, cues, overlay = false } = taken.shell;
  return {
    input: (input as Input<A> | undefined) ?? (createInput({ bindings: {} as never }) as Input<A>),
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
