import { fromStep, type StepOperator } from './step-operator.js';
import { OptionError } from './option-error.js';

/**
 * Ignores what arrives and delivers the deltas of a list in turn, starting
 * over after the last: a repeating pattern such as a 60/30 Hz alternation or
 * a periodic hitch.
 *
 * ```text
 * ticks        --a--b--c--d--e--|
 *              sequenceDeltas([10, 20, 30])
 * deltas       --10-20-30-10-20-|
 * ```
 *
 * Each subscription starts at the head of the list. The list is copied when
 * the operator is built, so changing the array later changes nothing.
 *
 * @example
 * ```ts
 * import { of } from 'rxjs';
 * import { sequenceDeltas } from 'tickflow/operators';
 *
 * of(0, 0, 0).pipe(sequenceDeltas([16, 33])).subscribe(console.log); // 16, 33, 16
 * ```
 *
 * @param list The deltas, at least one, each a finite number >= 0.
 * @return An operator from anything to deltas (ms).
 * @throws {OptionError} when `list` is empty or holds a bad delta.
 */
export function sequenceDeltas(list: readonly number[]): StepOperator<unknown, number> {
  if (!Array.isArray(list) || list.length === 0) {
    throw new OptionError('sequenceDeltas', 'list', 'a non-empty array of deltas', list);
  }
  const deltasMs = Float64Array.from(list, (ms, i) => {
    if (typeof ms !== 'number' || !Number.isFinite(ms) || ms < 0) {
      throw new OptionError('sequenceDeltas', `list[${i}]`, 'a finite number >= 0', ms);
    }
    return ms;
  });
  return fromStep(() => {
    let next = 0;
    return () => {
      const ms = deltasMs[next]!;
      next = next + 1 === deltasMs.length ? 0 : next + 1;
      return ms;
    };
  });
}
