import { pipe } from 'rxjs';
import { constantDeltas } from '../../operators/constant-deltas.js';
import { seededDeltas, type SeededDeltasOptions } from '../../operators/seeded-deltas.js';
import { sequenceDeltas } from '../../operators/sequence-deltas.js';
import { buildClock, finiteTimestamps, withStep, type Clock } from './clock.js';
import { createSeededRandom, nextRandom } from '../../operators/seeded-random.js';

// The three scripted clocks ignore the timestamp, so the deltas a validator
// steps through synchronously are the deltas a reviewer watches play.

/**
 * A clock that makes every frame worth `ms`, whatever the host does.
 *
 * ```text
 * timestamps  --0---16---900---901--|
 *             constantClock(16)
 * deltas      --16--16---16----16---|
 * ```
 *
 * @throws {OptionError} when `ms` is not a finite number >= 0.
 */
export function constantClock(ms: number): Clock {
  return buildClock('constantClock', () =>
    withStep(pipe(finiteTimestamps(), constantDeltas(ms)), () => (timestampMs) => (Number.isFinite(timestampMs) ? ms : undefined)),
  );
}

/**
 * A clock that delivers the deltas of `list` in turn, repeating.
 *
 * ```text
 * timestamps  --a---b---c---d--|
 *             sequenceClock([16, 33])
 * deltas      --16--33--16--33-|
 * ```
 *
 * @throws {OptionError} when `list` is empty or holds a bad delta.
 */
export function sequenceClock(list: readonly number[]): Clock {
  return buildClock('sequenceClock', () => {
    const clock = pipe(finiteTimestamps(), sequenceDeltas(list)); // validates the list
    const deltasMs = [...list];
    return withStep(clock, () => {
      let next = 0;
      return (timestampMs) => {
        if (!Number.isFinite(timestampMs)) return undefined;
        const ms = deltasMs[next]!;
        next = next + 1 === deltasMs.length ? 0 : next + 1;
        return ms;
      };
    });
  });
}

/**
 * A clock that delivers a seeded draw in `[minMs, maxMs)` per tick: the same
 * jitter on every run and every platform.
 *
 * @throws {OptionError} for a bad seed or range.
 */
export function seededClock(options: SeededDeltasOptions): Clock {
  return buildClock('seededClock', () => {
    const clock = pipe(finiteTimestamps(), seededDeltas(options)); // validates the options
    const { seed, minMs, maxMs } = options;
    return withStep(clock, () => {
      const random = createSeededRandom(seed);
      return (timestampMs) => (Number.isFinite(timestampMs) ? minMs + (maxMs - minMs) * nextRandom(random) : undefined);
    });
  });
}
