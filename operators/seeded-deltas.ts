import { fromStep, type StepOperator } from './step-operator.js';
import { OptionError } from './option-error.js';
import { createSeededRandom, nextRandom } from './seeded-random.js';
import { checkOptionKeys, nonNegativeFinite, optionsObject } from './validate.js';

/** Options of {@link seededDeltas}. */
export interface SeededDeltasOptions {
  /** The seed, a whole number from 0 to 4294967295. The same seed draws the same deltas. */
  seed: number;
  /** The smallest delta, a finite number >= 0, in milliseconds. */
  minMs: number;
  /** The largest delta, a finite number >= `minMs`, in milliseconds. */
  maxMs: number;
}

/**
 * Ignores what arrives and delivers a seeded draw in `[minMs, maxMs)` for
 * each: jitter that is the same on every run and every platform, for showing
 * that a game integrates against the delta it is given.
 *
 * ```text
 * ticks        --a----b----c----d--|
 *              seededDeltas({ seed: 7, minMs: 8, maxMs: 33 })
 * deltas       --w----x----y----z--|     each in [8, 33), the same every run
 * ```
 *
 * Each subscription starts from the seed, so two subscribers see the same
 * deltas. The generator is {@link nextRandom} (mulberry32).
 *
 * @example
 * ```ts
 * import { range } from 'rxjs';
 * import { seededDeltas } from 'tickflow/operators';
 *
 * range(0, 3).pipe(seededDeltas({ seed: 42, minMs: 10, maxMs: 20 })).subscribe(console.log);
 * ```
 *
 * @param options The seed and the range.
 * @return An operator from anything to deltas (ms).
 * @throws {OptionError} for a bad seed or range.
 */
export function seededDeltas(options: SeededDeltasOptions): StepOperator<unknown, number> {
  optionsObject('seededDeltas', options);
  checkOptionKeys('seededDeltas', options, ['seed', 'minMs', 'maxMs']);
  const { seed, minMs, maxMs } = options ?? ({} as Partial<SeededDeltasOptions>);
  createSeededRandom(seed as number, 'seededDeltas');
  nonNegativeFinite('seededDeltas', 'minMs', minMs);
  if (typeof maxMs !== 'number' || !Number.isFinite(maxMs) || maxMs < (minMs as number)) {
    throw new OptionError('seededDeltas', 'maxMs', `a finite number >= minMs (${minMs})`, maxMs);
  }
  const spanMs = maxMs - (minMs as number);
  return fromStep(() => {
    const random = createSeededRandom(seed as number, 'seededDeltas');
    return () => (minMs as number) + spanMs * nextRandom(random);
  });
}
