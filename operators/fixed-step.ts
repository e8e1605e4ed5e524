import { fromStep, type StepOperator } from './step-operator.js';
import {
  accumulate,
  createStepAccumulator,
  createStepPlan,
  type FixedStepOptions,
  type StepPlan,
} from './step-accumulator.js';

/**
 * Turns frame deltas into fixed-step plans: how many constant-duration
 * simulation steps each frame runs, and how far the frame sits between two.
 *
 * Simulation on a fixed step gives the same result on any display rate, and
 * bounds how far anything moves between two collision checks. Rendering
 * happens once per frame and uses `alpha` to interpolate between the last two
 * steps.
 *
 * An accumulator adds each delta and runs `floor(acc / stepMs)` steps, at most
 * `maxSteps` (the cap that stops a slow frame from spiralling into ever more
 * catch-up). Time past the cap is dropped by the `overflow` policy and counted
 * in `droppedMs`, never silently lost: over any run,
 * `steps·stepMs + dropped + acc` equals the sum of the deltas. N deltas of
 * exactly `stepMs` give exactly N steps. The arithmetic is {@link accumulate}.
 *
 * ```text
 * deltas     --16.7--10-----30------------100---------|
 *            fixedStep({ stepMs: 20, maxSteps: 2 })
 * steps      --0-----1------1-------------2-----------|
 * alpha      --.83---.33----.84-----------0-----------|
 * droppedMs  --0-----0------0-------------76.7--------|   (drop-backlog)
 * ```
 *
 * @example
 * ```ts
 * import { of } from 'rxjs';
 * import { fixedStep } from 'tickflow/operators';
 *
 * of(16.7, 10, 30).pipe(fixedStep({ stepMs: 20, maxSteps: 5 }))
 *   .subscribe(({ steps, alpha }) => console.log(steps, alpha.toFixed(2)));
 * // 0 0.83, 1 0.33, 1 0.84
 * ```
 *
 * @param options `stepMs` (defaults to 1000/60), `maxSteps` (defaults to 4),
 * `overflow` (defaults to `'drop-backlog'`).
 * @return An operator from deltas (ms) to one {@link StepPlan} per delta. A
 * delta that is not a finite number is declined.
 * @throws {OptionError} for a bad option.
 */
export function fixedStep(options?: FixedStepOptions): StepOperator<number, StepPlan> {
  createStepAccumulator(options); // validate now, before anything subscribes
  return fromStep(() => {
    const accumulator = createStepAccumulator(options);
    return (deltaMs) => {
      if (typeof deltaMs !== 'number' || !Number.isFinite(deltaMs)) return undefined; // an infinite delta would poison the accumulator
      // A fresh plan per emission: a value a stream hands out must not change later.
      return accumulate(accumulator, deltaMs, createStepPlan(accumulator.stepMs));
    };
  });
}
