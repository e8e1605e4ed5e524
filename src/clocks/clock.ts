import { filter, type OperatorFunction } from 'rxjs';
import { OptionError } from '../../operators/option-error.js';

/**
 * A clock answers one question: how much is this tick worth? Host timestamps
 * in milliseconds go in; for each tick the clock emits the frame's delta in
 * milliseconds, or nothing (the tick is declined: no state moves and the
 * frame counter stays).
 *
 * Any operator of this shape is a clock, so a clock is composed, not
 * configured: `pipe(capFps(30), deltas(), clampDelta(100))` is one.
 */
export type Clock = OperatorFunction<number, number>;

/**
 * Declines a timestamp that is not a finite number before a clock sees it,
 * the one rule every clock shares ("a timestamp that is not a finite number
 * is declined and leaves the baseline unchanged"). Internal.
 */
export const finiteTimestamps = (): OperatorFunction<number, number> =>
  filter((timestampMs: number) => Number.isFinite(timestampMs));

/**
 * Builds a clock from operators, re-attributing their option errors to the
 * clock the user called (`constantClock: ms must be ...`, not the operator's
 * name). Internal.
 */
export function buildClock(where: string, build: () => Clock): Clock {
  try {
    return build();
  } catch (error) {
    if (error instanceof OptionError) throw new OptionError(where, error.option, error.rule, error.value);
    throw error;
  }
}
