import type { OperatorFunction } from 'rxjs';
import { OptionError } from '../../operators/option-error.js';

/**
 * A clock answers one question: how much is this tick worth? Host timestamps
 * in milliseconds go in; for each tick the clock emits the frame's delta in
 * milliseconds, or nothing (the tick is declined: no state moves and the
 * frame counter stays).
 *
 * Any operator of this shape is a clock, so a clock is composed, not
 * configured: `pipe(capFps(30), deltas(), clampDelta(100))` is one. The
 * built-in clocks are compositions of step functions
 * (`pipeSteps` in `tickflow/operators`), which a loop calls per tick with no
 * stream in between; any other clock runs through RxJS (see clock-driver.ts).
 */
export type Clock = OperatorFunction<number, number>;

/**
 * Builds a clock from operators, re-attributing their option errors to the
 * clock the user called (`constantClock: ms must be ...`, not the operator's
 * name). Internal.
 */
export function buildClock<C extends Clock>(where: string, build: () => C): C {
  try {
    return build();
  } catch (error) {
    if (error instanceof OptionError) {
      throw new OptionError(where, error.option, error.rule, error.value, error.message.replace(`${error.where}:`, `${where}:`));
    }
    throw error;
  }
}

/** The rule for a `clock` option, wherever one is taken (a loop, `setClock`, every engine, `whileVisible`): one text. */
export const CLOCK_RULE = 'a clock: an operator from timestamps (ms) to deltas (wallClock(), constantClock(ms), ...)';

/** `clock` must be an operator (a function). @throws {OptionError} naming `where`, `clock`, the rule and the value. @internal */
export function checkClock(where: string, clock: unknown): asserts clock is Clock {
  if (typeof clock !== 'function') throw new OptionError(where, 'clock', CLOCK_RULE, clock);
}
