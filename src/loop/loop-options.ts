import type { Subscribable } from 'rxjs';
import { printError } from './print-error.js';
import { OptionError } from '../../operators/option-error.js';
import type { FixedStepOptions } from '../../operators/step-accumulator.js';
import { booleanOption, checkOptionKeys, functionOption, optionsObject } from '../../operators/validate.js';
import { checkClock, type Clock } from '../clocks/clock.js';
import { checkTicks } from '../hosts/tick-source.js';
import type { PhaseSpec } from './phase.js';
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
   * made. Changeable while running with {@link Loop.setFixedStep}.
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
   * What `advance()` does with the errors of the frame it ran, once each was
   * reported: `'report'` (the default) only reports them; `'throw'` finishes
   * the frame, then throws its first error to the caller (a test, a
   * validator), while a host-driven loop goes on as with `'report'`.
   */
  advanceErrors?: 'report' | 'throw';
  /**
   * How the loop makes the error it reports for something thrown in a phase
   * (or the clock): defaults to `new PhaseError(phase, frame, cause)`. An
   * engine passes one that names itself, so its loop's errors are its own.
   */
  errorOf?: (phase: string, frame: number, cause: unknown) => PhaseError;
  /**
   * Called when each frame ends, after its phases (also when they were cut
   * short), before `frames$`: where an engine closes its frame (clears an
   * event ring, ends input edges). @internal
   */
  frameEnd?: () => void;
  /**
   * Whether a fresh start (`start()`, the last hold released) also drops the
   * fixed-step time accumulated and not yet simulated, as the page engine's
   * "every resume starts with an empty accumulator". Defaults to false: only
   * the clock starts fresh. @internal
   */
  freshStartDropsSteps?: boolean;
}

const LOOP_OPTION_KEYS = [
  'ticks',
  'clock',
  'phases',
  'fixedStep',
  'onError',
  'failFast',
  'advanceErrors',
  'errorOf',
  'frameEnd',
  'freshStartDropsSteps',
] as const;

/** Counters and readings of a loop's life so far. */
export interface LoopStats {
  /** Ticks received (host ticks and `advance()` calls). */
  readonly ticks: number;
  /** Ticks the clock declined. */
  readonly declined: number;
  /** Fixed-step time dropped at the `maxSteps` cap, in ms. */
  readonly droppedMs: number;
  /** Errors caught at phase boundaries. */
  readonly errors: number;
  /** Frames per second of host time, over the last 30 frames (0 before two). */
  readonly fps: number;
  /**
   * Simulated time per host time over the same frames: 1 in real time, 0.5
   * when the game runs at half speed (a paced clock above the display rate,
   * a time scale of 0.5, clamped hitches), 0 before two frames.
   */
  readonly speed: number;
}

/** Options of {@link Loop.setClock}. */
export interface SetClockOptions {
  /**
   * Show the new clock the latest tick first, as its baseline, and throw away
   * what it makes of it, so the next tick is measured from the latest one and
   * no frame is lost to a fresh start: how to change a wall clock's clamp
   * while running. Defaults to false: the new clock starts with no baseline.
   * (A scripted clock shown a tick uses up one of its deltas.)
   */
  keepBaseline?: boolean;
}

/** The options, checked, with their defaults. @internal */
export interface ResolvedLoopOptions<P extends string> {
  readonly ticks: Subscribable<number>;
  readonly clock: Clock | undefined;
  readonly phases: readonly (P | PhaseSpec<P>)[];
  readonly fixedStep: FixedStepOptions | undefined;
  readonly onError: (error: PhaseError) => void;
  readonly failFast: boolean;
  readonly advanceErrors: 'report' | 'throw';
  readonly errorOf: (phase: string, frame: number, cause: unknown) => PhaseError;
  readonly frameEnd: (() => void) | undefined;
  readonly freshStartDropsSteps: boolean;
}

/**
 * Checks a loop's options by name and applies their defaults (the phases are
 * checked by `normalizePhases`).
 *
 * @throws {OptionError} naming `createLoop`, the option, the rule and the value.
 * @internal
 */
export function resolveLoopOptions<P extends string>(options: LoopOptions<P>): ResolvedLoopOptions<P> {
  const where = 'createLoop';
  optionsObject(where, options);
  checkOptionKeys(where, options, LOOP_OPTION_KEYS);
  const {
    ticks,
    clock,
    phases,
    fixedStep,
    onError = printError,
    failFast = false,
    advanceErrors = 'report',
    errorOf = phaseErrorOf,
    frameEnd,
    freshStartDropsSteps = false,
  } = options;
  checkTicks(where, ticks);
  if (clock !== undefined) checkClock(where, clock);
  functionOption(where, 'onError', onError);
  booleanOption(where, 'failFast', failFast);
  if (advanceErrors !== 'report' && advanceErrors !== 'throw') {
    throw new OptionError(where, 'advanceErrors', `'report' or 'throw'`, advanceErrors);
  }
  functionOption(where, 'errorOf', errorOf);
  if (frameEnd !== undefined) functionOption(where, 'frameEnd', frameEnd);
  booleanOption(where, 'freshStartDropsSteps', freshStartDropsSteps);
  if (fixedStep !== undefined && (fixedStep === null || typeof fixedStep !== 'object' || Array.isArray(fixedStep))) {
    throw new OptionError(where, 'fixedStep', 'an options object { stepMs, maxSteps, overflow, snap }', fixedStep);
  }
  return { ticks, clock, phases, fixedStep, onError, failFast, advanceErrors, errorOf, frameEnd, freshStartDropsSteps };
}


function phaseErrorOf(phase: string, frame: number, cause: unknown): PhaseError {
  return new PhaseError(phase, frame, cause);
}
