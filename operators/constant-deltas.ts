import { fromStep, type StepOperator } from './step-operator.js';
import { nonNegativeFinite } from './validate.js';

/**
 * Ignores what arrives and delivers the same delta for each: a scripted clock
 * that makes a run reproducible, tick for tick, under any host.
 *
 * ```text
 * ticks        --a----b--c---d--|
 *              constantDeltas(16)
 * deltas       --16---16-16--16-|
 * ```
 *
 * @example
 * ```ts
 * import { of } from 'rxjs';
 * import { constantDeltas } from 'tickflow/operators';
 *
 * of(5, 900, 901).pipe(constantDeltas(10)).subscribe(console.log); // 10, 10, 10
 * ```
 *
 * @param ms The delta, a finite number >= 0.
 * @return An operator from anything to deltas (ms).
 * @throws {OptionError} when `ms` is not a finite number >= 0.
 */
export function constantDeltas(ms: number): StepOperator<unknown, number> {
  nonNegativeFinite('constantDeltas', 'ms', ms);
  return fromStep(() => () => ms);
}
