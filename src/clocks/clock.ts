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

/** One run of a clock as a plain function: a timestamp in, a delta out, or `undefined` for a declined tick. */
export type ClockStep = (timestampMs: number) => number | undefined;

const STEP = Symbol('tickflow.clockStep');

/**
 * Gives a clock its step function: what the operator does, as a plain
 * function a loop can call per tick instead of pushing the tick through RxJS
 * subscribers (measured in bench/: the built-in wall clock's three operators
 * cost more than the rest of the frame's plumbing). `start` makes a fresh run
 * (a fresh baseline), as subscribing to the operator does. The two must
 * agree; spec/clocks checks that they do for every built-in clock. Internal.
 */
export function withStep(clock: Clock, start: () => ClockStep): Clock {
  return Object.defineProperty(clock, STEP, { value: start });
}

/** The step function of a built-in clock, if it has one. Internal. */
export function clockStep(clock: Clock): (() => ClockStep) | undefined {
  return (clock as { [STEP]?: () => ClockStep })[STEP];
}
