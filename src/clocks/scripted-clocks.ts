import { constantDeltas } from '../../operators/constant-deltas.js';
import { finiteTimestamps } from '../../operators/finite-timestamps.js';
import { seededDeltas, type SeededDeltasOptions } from '../../operators/seeded-deltas.js';
import { sequenceDeltas } from '../../operators/sequence-deltas.js';
import { pipeSteps, type StepOperator } from '../../operators/step-operator.js';
import { buildClock } from './clock.js';

// The three scripted clocks ignore the timestamp (a non-finite one is still
// declined), so the deltas a validator steps through synchronously are the
// deltas a reviewer watches play.

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
export function constantClock(ms: number): StepOperator<number, number> {
  return buildClock('constantClock', () => pipeSteps(finiteTimestamps(), constantDeltas(ms)));
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
export function sequenceClock(list: readonly number[]): StepOperator<number, number> {
  return buildClock('sequenceClock', () => pipeSteps(finiteTimestamps(), sequenceDeltas(list)));
}

/**
 * A clock that delivers a seeded draw in `[minMs, maxMs)` per tick: the same
 * jitter on every run and every platform.
 *
 * ```text
 * timestamps  --a---b---c---d--|
 *             seededClock({ seed: 7, minMs: 8, maxMs: 33 })
 * deltas      --w---x---y---z--|     each in [8, 33), the same every run
 * ```
 *
 * @throws {OptionError} for a bad seed or range.
 */
export function seededClock(options: SeededDeltasOptions): StepOperator<number, number> {
  return buildClock('seededClock', () => pipeSteps(finiteTimestamps(), seededDeltas(options)));
}
