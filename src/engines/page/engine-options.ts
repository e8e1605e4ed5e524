import { OptionError } from '../../../operators/option-error.js';
import { printError } from '../../loop/print-error.js';
import { DEFAULT_MAX_STEPS } from '../../../operators/step-accumulator.js';
import { checkOptionKeys, integerAtLeast, nonNegativeFinite, positiveFinite, rateOption } from '../../../operators/validate.js';
import type { FrameScheduler } from '../../hosts/animation-frames.js';
import { DEFAULT_EVENTS_PER_FRAME, eventCapacity, MAX_EVENTS_PER_FRAME } from './event-ring.js';
import type { EngineError } from '../shell/engine-error.js';
import type { PresetOptions, ShellOptions } from '../shell/shell-options.js';

/** The fixed step when the `step` option is not given: 1/60 s. */
export const DEFAULT_STEP_SECONDS = 1 / 60;

export { DEFAULT_MAX_STEPS, DEFAULT_EVENTS_PER_FRAME, MAX_EVENTS_PER_FRAME };

/**
 * Why an engine is paused; `engine.paused` holds every reason that applies.
 *
 * - `'stopped'`: not started yet, `stop()`ped, or a hook threw (`start()` resumes).
 * - `'manual'`: `pause()` (only `resume()` clears it).
 * - `'hidden'`: the tab is hidden (`document.visibilityState`).
 * - `'pagehide'`: the page is leaving (`pagehide`; `pageshow` clears it, so a page
 *   restored from the back/forward cache runs again).
 * - `'offscreen'`: the root is scrolled out of view (IntersectionObserver).
 * - `'typing'`: focus is in an input, textarea or contenteditable outside the root.
 * - `'reducedMotion'`: the visitor asked for reduced motion (opt-in).
 */
export type PauseReason = 'stopped' | 'manual' | 'hidden' | 'pagehide' | 'offscreen' | 'typing' | 'reducedMotion';

/** Which automatic pauses an engine watches for (the `pause` option). */
export interface PauseOptions {
  /** Pause while the tab is hidden. Defaults to true. */
  hidden?: boolean;
  /** Pause when the page is leaving (`pagehide`). Defaults to true. */
  pagehide?: boolean;
  /** Pause while the root is scrolled off screen. Defaults to true. */
  offscreen?: boolean;
  /** Pause while the visitor types in a field outside the root. Defaults to true. */
  typing?: boolean;
  /** Pause while `prefers-reduced-motion: reduce` matches. Defaults to false: most games calm their effects instead. */
  reducedMotion?: boolean;
}

/** The automatic pauses when the `pause` option is not given: all but reduced motion. */
export const DEFAULT_PAUSE: Readonly<Required<PauseOptions>> = {
  hidden: true,
  pagehide: true,
  offscreen: true,
  typing: true,
  reducedMotion: false,
};

/**
 * Options of `createEngine` (as `EngineOptions`, with `E` the `PageEngine`
 * that `onError` is handed). With the page engine's own, it takes the
 * shell's `seed` and `determinismWarnings` as every engine does; its frames
 * come from `frames` (the page's clock), not from `ticks` and `clock`.
 *
 * @typeParam E The engine `onError` is handed.
 */
export interface PageEngineOptions<E> extends Pick<ShellOptions, 'seed' | 'determinismWarnings'> {
  /**
   * The element the engine lives in: what the off-screen pause watches, what
   * the input helper measures, and what "a field outside the root" is outside
   * of. Leave it out for a headless engine (Node, a server) driven by
   * `advance()`.
   */
  root?: Element;
  /** The fixed step, in seconds, a finite number > 0 (and under 1.8e305 s, so that it is a finite number of ms). Defaults to {@link DEFAULT_STEP_SECONDS} (1/60). */
  step?: number;
  /** The most steps one frame runs, a whole number >= 1; the rest of the time is dropped. Defaults to {@link DEFAULT_MAX_STEPS} (4). */
  maxSteps?: number;
  /**
   * Seconds after the last `busy()` at which the engine sleeps (no frames
   * until `wake()`, its input or `start()`), a finite number >= 0. Defaults to
   * `undefined`: never settles.
   */
  settle?: number;
  /**
   * A cap on the engine's frames per second, a finite number > 0 whose
   * interval `1000 / fps` ms is finite (1e-320 is not): between
   * frames the engine leaves the page's clock and one timer brings it back.
   * Defaults to `undefined`: every frame of the page.
   */
  fps?: number;
  /** Which automatic pauses apply (see {@link PauseOptions}), or `false` for none. Defaults to {@link DEFAULT_PAUSE}. */
  pause?: PauseOptions | false;
  /** How many events one frame's ring holds, a whole number from 1 to {@link MAX_EVENTS_PER_FRAME} (65,536; the ring is allocated up front). Defaults to {@link DEFAULT_EVENTS_PER_FRAME} (64). */
  events?: number;
  /**
   * Where a hook's error goes (the engine has stopped by then), as the
   * {@link EngineError} every engine reports: the engine, phase, frame and
   * system, with what the hook threw as its `cause`. `errors$` sees it too.
   * Defaults to `console.error`. An `onError` that throws is printed, never
   * let through.
   */
  onError?: (error: EngineError, engine: E) => void;
  /** The engine's name in reports. Defaults to a description of the root (`div#hero`), or `engine <n>`. */
  name?: string;
  /**
   * Where frames come from: requestAnimationFrame and cancelAnimationFrame.
   * Defaults to the window. Engines with the same scheduler share one frame
   * loop; tests pass their own.
   */
  frames?: FrameScheduler;
}

/** The options, checked and with their defaults. @internal */
export interface ResolvedEngineOptions<E> {
  readonly root: Element | undefined;
  readonly stepSeconds: number;
  readonly maxSteps: number;
  readonly settleSeconds: number | undefined;
  readonly fps: number | undefined;
  readonly pause: Readonly<Required<PauseOptions>>;
  readonly events: number;
  readonly onError: (error: EngineError, engine: E) => void;
  readonly name: string;
  readonly frames: FrameScheduler | undefined;
}

const WHERE = 'createEngine';

/**
 * The page engine's options, for the shell's intake: its own names, and the
 * shell's it takes (`onError`, called with the engine too, `seed`,
 * `determinismWarnings`; its frames come from `frames`, not `ticks` and
 * `clock`). `createEngine()` with no options is allowed. @internal
 */
export const PAGE_OPTIONS: PresetOptions = {
  own: ['root', 'step', 'maxSteps', 'settle', 'fps', 'pause', 'events', 'name', 'frames'] satisfies (keyof PageEngineOptions<unknown>)[],
  shell: ['onError', 'seed', 'determinismWarnings'],
  optional: true,
  onErrorRule: 'a function (error, engine) => void',
};
const PAUSE_KNOWN = Object.keys(DEFAULT_PAUSE);
let unnamed = 0;

/**
 * Checks the page engine's own options and applies the defaults, before
 * anything starts (the shell's intake, with {@link PAGE_OPTIONS}, checked
 * first that they are an object of known keys, and `onError`, `seed` and
 * `determinismWarnings`).
 *
 * @throws {OptionError} naming the option, the rule and the value. @internal
 */
export function resolveEngineOptions<E>(options: PageEngineOptions<E> | undefined): ResolvedEngineOptions<E> {
  const {
    root,
    step = DEFAULT_STEP_SECONDS,
    maxSteps = DEFAULT_MAX_STEPS,
    settle,
    fps,
    pause,
    events = DEFAULT_EVENTS_PER_FRAME,
    onError = printError,
    name,
    frames,
  } = options ?? {};
  if (root !== undefined && !isElement(root)) throw new OptionError(WHERE, 'root', 'an Element', root);
  positiveFinite(WHERE, 'step', step);
  // The step runs in ms: 1e306 s is a finite number of seconds but not of ms.
  if (!Number.isFinite(step * 1000)) throw new OptionError(WHERE, 'step', 'a number of seconds whose step in ms (step × 1000) is finite', step);
  integerAtLeast(WHERE, 'maxSteps', maxSteps, 1);
  if (settle !== undefined) nonNegativeFinite(WHERE, 'settle', settle);
  if (fps !== undefined) rateOption(WHERE, 'fps', fps);
  eventCapacity(WHERE, events);
  if (name !== undefined && (typeof name !== 'string' || name === '')) throw new OptionError(WHERE, 'name', 'a non-empty string', name);
  if (
    frames !== undefined &&
    (frames === null || typeof frames.requestAnimationFrame !== 'function' || typeof frames.cancelAnimationFrame !== 'function')
  ) {
    throw new OptionError(WHERE, 'frames', 'an object with requestAnimationFrame and cancelAnimationFrame', frames);
  }
  return {
    root,
    stepSeconds: step,
    maxSteps,
    settleSeconds: settle,
    fps,
    pause: resolvePause(pause),
    events,
    onError,
    name: name ?? describeRoot(root) ?? `engine ${++unnamed}`,
    frames,
  };
}

function resolvePause(pause: PauseOptions | false | undefined): Readonly<Required<PauseOptions>> {
  if (pause === undefined) return DEFAULT_PAUSE;
  if (pause === false) return { hidden: false, pagehide: false, offscreen: false, typing: false, reducedMotion: false };
  if (pause === null || typeof pause !== 'object' || Array.isArray(pause)) {
    throw new OptionError(WHERE, 'pause', 'an object of automatic pauses, or false', pause);
  }
  checkOptionKeys(`${WHERE}({ pause })`, pause, PAUSE_KNOWN);
  const resolved = { ...DEFAULT_PAUSE, ...pause };
  for (const key of PAUSE_KNOWN as (keyof PauseOptions)[]) {
    if (typeof resolved[key] !== 'boolean') throw new OptionError(WHERE, `pause.${key}`, 'true or false', resolved[key]);
  }
  return resolved;
}

function isElement(value: unknown): value is Element {
  return typeof value === 'object' && value !== null && (value as { nodeType?: unknown }).nodeType === 1;
}

function describeRoot(root: Element | undefined): string | undefined {
  if (root === undefined) return undefined;
  const id = root.id ? `#${root.id}` : '';
  return `${root.tagName.toLowerCase()}${id}`;
}

