import { filter, type OperatorFunction } from 'rxjs';

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
