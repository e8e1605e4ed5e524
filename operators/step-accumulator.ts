import { OptionError } from './option-error.js';
import { saturatingAdd } from './saturating-add.js';
import { createSteadySteps, steadyStepCount, type SteadySteps } from './steady-steps.js';
import { checkOptionKeys, integerAtLeast, optionsObject, positiveFinite } from './validate.js';

/** The fixed step when none is given: 1/60 s, in milliseconds. */
export const DEFAULT_STEP_MS = 1000 / 60;

/** The most fixed steps one frame runs when no cap is given. */
export const DEFAULT_MAX_STEPS = 4;

/**
 * What happens to the time left when a frame hits `maxSteps`:
 *
 * - `'keep-fraction'`: the excess whole steps are dropped and the fraction of
 *   a step is kept, so `alpha` stays meaningful (a fixed-tick runtime's
 *   policy: "Excess whole intervals are dropped ... the fractional remainder
 *   is retained").
 * - `'drop-backlog'`: all of it is dropped and the next frame starts fresh
 *   (a fixed-step systems loop's and a shared page loop's policy).
 */
export type OverflowPolicy = 'keep-fraction' | 'drop-backlog';

/** The overflow policy when none is given. */
export const DEFAULT_OVERFLOW: OverflowPolicy = 'drop-backlog';

/** Options of a fixed-step accumulator: `fixedStep()` in `tickflow/operators`, and a loop's `fixedStep` option. */
export interface FixedStepOptions {
  /** The step, in milliseconds, a finite number > 0. Defaults to {@link DEFAULT_STEP_MS} (1/60 s). */
  stepMs?: number;
  /** The most steps one frame runs, a whole number >= 1. Defaults to {@link DEFAULT_MAX_STEPS} (4). */
  maxSteps?: number;
  /** What to do with the time past `maxSteps`. Defaults to {@link DEFAULT_OVERFLOW} (`'drop-backlog'`). */
  overflow?: OverflowPolicy;
  /**
   * Steady step counts: a frame may run a step up to `snap` of a step early
   * so that it runs the number of steps its recent frames typically ran; the
   * difference stays accumulated, so no time is lost. A fraction of a step
   * in [0, 0.5); defaults to 0 (off); 0.25 absorbs a millisecond of jitter
   * at 60 Hz. See {@link accumulate}.
   */
  snap?: number;
}

/** The option names of {@link FixedStepOptions}, for refusing a typo. */
export const FIXED_STEP_OPTION_KEYS = ['stepMs', 'maxSteps', 'overflow', 'snap'] as const;

/** One frame's fixed-step plan. */
export interface StepPlan {
  /** How many fixed steps this frame runs, 0 to `maxSteps`. */
  readonly steps: number;
  /** The step, in milliseconds (constant). */
  readonly stepMs: number;
  /** How far the frame sits between the last two steps: the leftover over the step, in [0, 1). */
  readonly alpha: number;
  /** Time this frame dropped at the `maxSteps` cap, in milliseconds; 0 when none. */
  readonly droppedMs: number;
}

/** A {@link StepPlan} the accumulator writes into, so a loop can reuse one. */
export type MutableStepPlan = { -readonly [K in keyof StepPlan]: StepPlan[K] };

/** The state of one fixed-step accumulator. */
export interface StepAccumulator {
  /** The step, in milliseconds. */
  stepMs: number;
  /** The most steps one frame runs. */
  maxSteps: number;
  /** What happens to the time past `maxSteps`. */
  overflow: OverflowPolicy;
  /** Steady step counts: how far, in steps, a frame may run ahead of or behind the time owed; 0 off. */
  snap: number;
  /** Time accumulated and not yet simulated, in milliseconds (the snapped-away carry included). */
  accumulatedMs: number;
  /**
   * The part of `accumulatedMs` below zero that snapping leaves after a step
   * run early: in (-snap·stepMs, 0]. 0 without snapping.
   */
  snapCarryMs: number;
  /** The recent step counts snapping keeps steady; `undefined` without snapping. */
  steady: SteadySteps | undefined;
  /** Time dropped at the cap since the accumulator was made, in milliseconds. */
  droppedTotalMs: number;
}

// A remainder this close under a whole step (relative to the step) is the
// rounding of summed floating-point deltas, not time: 8.333… + 8.333… is
// 16.666666666666664, and must still make one step of 1000 / 60.
const WHOLE_STEP_TOLERANCE = 1e-9;

/**
 * A fresh accumulator, with its options validated.
 *
 * @throws {OptionError} for a bad `stepMs`, `maxSteps` or `overflow`.
 */
export function createStepAccumulator(options?: FixedStepOptions, where = 'fixedStep'): StepAccumulator {
  const { stepMs, maxSteps, overflow, snap } = fixedStepSettings(options, where);
  // Every field spelt out, not spread from the settings: V8 turns an object
  // built by a spread into a slow (dictionary) one once a few dozen such
  // objects see a field change from whole to fractional numbers, and a
  // dictionary boxes every number written to it (measured in
  // bench/page-engine.ts: 16-23 B an engine a frame at 50 and 200 engines).
  return {
    stepMs,
    maxSteps,
    overflow,
    snap,
    accumulatedMs: 0,
    snapCarryMs: 0,
    steady: snap > 0 ? createSteadySteps() : undefined,
    droppedTotalMs: 0,
  };
}

/**
 * Changes an accumulator's step, cap, overflow or snap while it runs, keeping
 * the time it holds: nothing accumulated is lost or replayed, and the next
 * frame plans its steps against the new step. Options left out keep their
 * current values.
 *
 * @throws {OptionError} for a bad option; the accumulator is then unchanged.
 */
export function retuneAccumulator(accumulator: StepAccumulator, options: FixedStepOptions, where = 'setFixedStep'): void {
  const { stepMs, maxSteps, overflow, snap } = accumulator;
  const settings = fixedStepSettings({ stepMs, maxSteps, overflow, snap, ...options }, where);
  const restep = settings.stepMs !== stepMs || (settings.snap > 0) !== (snap > 0);
  Object.assign(accumulator, settings);
  accumulator.snapCarryMs = 0; // the carry was against the old step: it stays in accumulatedMs
  if (restep) accumulator.steady = settings.snap > 0 ? createSteadySteps() : undefined; // the history was in old steps
}

function fixedStepSettings(options: FixedStepOptions | undefined, where: string): Pick<StepAccumulator, 'stepMs' | 'maxSteps' | 'overflow' | 'snap'> {
  optionsObject(where, options, true);
  checkOptionKeys(where, options, FIXED_STEP_OPTION_KEYS);
  const {
    stepMs = DEFAULT_STEP_MS,
    maxSteps = DEFAULT_MAX_STEPS,
    overflow = DEFAULT_OVERFLOW,
    snap = 0,
  } = options ?? {};
  positiveFinite(where, 'stepMs', stepMs);
  integerAtLeast(where, 'maxSteps', maxSteps, 1);
  if (overflow !== 'keep-fraction' && overflow !== 'drop-backlog') {
    throw new OptionError(where, 'overflow', `'keep-fraction' or 'drop-backlog'`, overflow);
  }
  if (typeof snap !== 'number' || !(snap >= 0 && snap < 0.5)) {
    throw new OptionError(where, 'snap', 'a fraction of a step in [0, 0.5)', snap);
  }
  return { stepMs, maxSteps, overflow, snap };
}

/** An empty plan to reuse with {@link accumulate}. */
export function createStepPlan(stepMs: number): MutableStepPlan {
  return { steps: 0, stepMs, alpha: 0, droppedMs: 0 };
}

/**
 * The step function behind {@link fixedStep}: adds one frame's delta and plans
 * the frame's steps.
 *
 * 1. The delta is added to the accumulator (a negative or non-finite delta counts as 0).
 * 2. The frame runs `floor(accumulated / step)` steps, at most `maxSteps`.
 *    With `snap`, it may run a step up to `snap` of a step early, so that it
 *    runs the count its recent frames typically ran (`steadyStepCount`);
 *    what it ran early stays accumulated (negative), so simulated time stays
 *    within one step of the deltas' sum.
 * 3. Past the cap, `'keep-fraction'` drops the excess whole steps and keeps
 *    the fraction; `'drop-backlog'` drops everything past the cap.
 * 4. What is dropped is counted in the plan and in `droppedTotalMs`, so over
 *    any run `steps·step + dropped + accumulated` equals the sum of the
 *    deltas. `alpha` is the visible leftover over the step, in [0, 1).
 *
 * Why snap: a 60 Hz display with a 1/60 s step and ±0.5 ms of timestamp
 * jitter leaves the accumulator a hair either side of a whole step every
 * frame, and about 40 % of frames run 0 or 2 steps instead of 1: motion
 * that visibly stutters though the average rate is right (why Bevy defaults
 * to 64 Hz; Godot's "physics jitter fix" snaps in the same way).
 *
 * @param accumulator The state; updated in place.
 * @param deltaMs The frame's delta, in milliseconds.
 * @param plan Where to write the plan (reused, so the loop allocates nothing).
 * @return `plan`.
 */
export function accumulate(accumulator: StepAccumulator, deltaMs: number, plan: MutableStepPlan): MutableStepPlan {
  // The common frame first, in a few lines the engine can inline: a finite
  // delta >= 0, no snapping, within the cap. Anything else takes the whole rule below.
  if (typeof deltaMs !== 'number' || !(deltaMs >= 0) || accumulator.snap > 0) return accumulateInFull(accumulator, deltaMs, plan);
  const stepMs = accumulator.stepMs;
  const accumulatedMs = accumulator.accumulatedMs + deltaMs;
  let steps = Math.floor(accumulatedMs / stepMs);
  if (accumulatedMs - (steps + 1) * stepMs > -stepMs * WHOLE_STEP_TOLERANCE) steps += 1;
  if (steps > accumulator.maxSteps || accumulatedMs === Infinity) return accumulateInFull(accumulator, deltaMs, plan);
  const leftMs = accumulatedMs - steps * stepMs;
  accumulator.accumulatedMs = leftMs;
  plan.steps = steps;
  plan.stepMs = stepMs;
  plan.alpha = leftMs > 0 ? Math.min(leftMs / stepMs, 1 - WHOLE_STEP_TOLERANCE) : 0;
  plan.droppedMs = 0;
  return plan;
}

/** {@link accumulate}'s whole rule: snapping, the cap and its overflow policy, deltas that are not finite. */
function accumulateInFull(accumulator: StepAccumulator, deltaMs: number, plan: MutableStepPlan): MutableStepPlan {
  const { stepMs, maxSteps, snap } = accumulator;
  const addMs = typeof deltaMs === 'number' && deltaMs > 0 && deltaMs < Infinity ? deltaMs : 0;
  let accumulatedMs = Math.min(accumulator.accumulatedMs + addMs, Number.MAX_VALUE);
  let steps = Math.floor(accumulatedMs / stepMs);
  if (accumulatedMs - (steps + 1) * stepMs > -stepMs * WHOLE_STEP_TOLERANCE) steps += 1;

  if (accumulator.steady !== undefined) steps = steadyStepCount(accumulator.steady, steps, accumulatedMs / stepMs, snap);

  let droppedMs = 0;
  let leftMs: number;
  if (steps > maxSteps) {
    if (accumulator.overflow === 'keep-fraction') {
      // The remainder by `%`, exact for any magnitude (accumulated - steps·step
      // is not, once accumulated dwarfs the step: a 1e17 ms delta left an
      // "alpha" of 9.4e55).
      const wholeLeftMs = accumulatedMs - steps * stepMs;
      leftMs = wholeLeftMs > -stepMs && wholeLeftMs < stepMs ? wholeLeftMs : accumulatedMs % stepMs;
      droppedMs = accumulatedMs - maxSteps * stepMs - leftMs;
    } else {
      droppedMs = accumulatedMs - maxSteps * stepMs;
      leftMs = 0;
    }
    steps = maxSteps;
  } else {
    leftMs = accumulatedMs - steps * stepMs;
  }
  // Without snapping a negative rest is the rounding of a whole step (kept, so the books balance exactly).
  const carryMs = snap > 0 ? leftMs - Math.min(Math.max(leftMs, 0), stepMs) : 0;

  accumulator.accumulatedMs = leftMs;
  accumulator.snapCarryMs = carryMs;
  accumulator.droppedTotalMs = saturatingAdd(accumulator.droppedTotalMs, droppedMs);
  const visibleMs = leftMs - carryMs;
  plan.steps = steps;
  plan.stepMs = stepMs;
  plan.alpha = visibleMs > 0 ? Math.min(visibleMs / stepMs, 1 - WHOLE_STEP_TOLERANCE) : 0;
  plan.droppedMs = droppedMs;
  return plan;
}

/**
 * Clears the time accumulated and not yet simulated, as a pause does ("Pause
 * clears accumulated wall time ... Resuming does not simulate the time spent
 * paused"). The cleared time is not counted as dropped: it was never owed.
 */
export function clearAccumulated(accumulator: StepAccumulator): void {
  accumulator.accumulatedMs = 0;
  accumulator.snapCarryMs = 0;
}
