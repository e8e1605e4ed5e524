import { OptionError } from './option-error.js';
import { integerAtLeast, positiveFinite } from './validate.js';

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
}

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
  readonly stepMs: number;
  readonly maxSteps: number;
  readonly overflow: OverflowPolicy;
  /** Time accumulated and not yet simulated, in milliseconds. */
  accumulatedMs: number;
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
  const {
    stepMs = DEFAULT_STEP_MS,
    maxSteps = DEFAULT_MAX_STEPS,
    overflow = DEFAULT_OVERFLOW,
  } = options ?? {};
  positiveFinite(where, 'stepMs', stepMs);
  integerAtLeast(where, 'maxSteps', maxSteps, 1);
  if (overflow !== 'keep-fraction' && overflow !== 'drop-backlog') {
    throw new OptionError(where, 'overflow', `'keep-fraction' or 'drop-backlog'`, overflow);
  }
  return { stepMs, maxSteps, overflow, accumulatedMs: 0, droppedTotalMs: 0 };
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
 * 3. Past the cap, `'keep-fraction'` drops the excess whole steps and keeps
 *    the fraction; `'drop-backlog'` drops everything past the cap.
 * 4. What is dropped is counted in the plan and in `droppedTotalMs`, so over
 *    any run `steps·step + dropped + accumulated` equals the sum of the
 *    deltas. `alpha` is the leftover over the step.
 *
 * @param accumulator The state; updated in place.
 * @param deltaMs The frame's delta, in milliseconds.
 * @param plan Where to write the plan (reused, so the loop allocates nothing).
 * @return `plan`.
 */
export function accumulate(accumulator: StepAccumulator, deltaMs: number, plan: MutableStepPlan): MutableStepPlan {
  const { stepMs, maxSteps } = accumulator;
  let accumulatedMs = accumulator.accumulatedMs + (deltaMs > 0 && deltaMs < Infinity ? deltaMs : 0);
  let steps = Math.floor(accumulatedMs / stepMs);
  if (accumulatedMs - (steps + 1) * stepMs > -stepMs * WHOLE_STEP_TOLERANCE) steps += 1;

  let droppedMs = 0;
  if (steps > maxSteps) {
    if (accumulator.overflow === 'keep-fraction') {
      droppedMs = (steps - maxSteps) * stepMs;
      accumulatedMs -= steps * stepMs;
    } else {
      droppedMs = accumulatedMs - maxSteps * stepMs;
      accumulatedMs = 0;
    }
    steps = maxSteps;
  } else {
    accumulatedMs -= steps * stepMs;
  }

  accumulator.accumulatedMs = accumulatedMs;
  accumulator.droppedTotalMs += droppedMs;
  plan.steps = steps;
  plan.stepMs = stepMs;
  plan.alpha = accumulatedMs > 0 ? accumulatedMs / stepMs : 0;
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
}
