import { Observable, type Subscription } from 'rxjs';
import { isStepOperator, type Stepper } from '../../operators/step-operator.js';
import type { Clock } from './clock.js';

/** One run of a clock as a plain function: a timestamp in, a delta out, or `undefined` for a declined tick. */
export type ClockStep = Stepper<number, number>;

/** A started clock: its step function, and how to end the run. */
export interface ClockRun {
  /** Asks the clock what one tick is worth. */
  readonly step: ClockStep;
  /** Ends the run (unsubscribes a piped clock); the step then declines everything. */
  readonly stop: () => void;
}

/**
 * Starts a clock as a step function, whatever it is made of, so a loop has
 * one way to ask what a tick is worth:
 *
 * - a clock made of step functions (every built-in clock, any `pipeSteps`)
 *   is its own step function: `clock.start()`, no stream in between;
 * - any other clock (an RxJS `pipe` of operators, your own operator) is
 *   subscribed once to a source the run pushes each timestamp into, and
 *   what it emits synchronously for that timestamp is the delta. A clock
 *   that emits nothing declined the tick; one that emits several times for
 *   one tick is worth its last emission. A clock that errors is reported to
 *   `onError` and its run ends (the loop then starts a fresh one).
 *
 * @param clock The clock.
 * @param onError Where a piped clock's error goes.
 */
export function startClock(clock: Clock, onError: (error: unknown) => void): ClockRun {
  if (isStepOperator(clock)) return { step: clock.start(), stop: () => {} };

  let push: ((timestampMs: number) => void) | undefined;
  let emitted: number | undefined;
  const ticks = new Observable<number>((subscriber) => {
    push = (timestampMs) => subscriber.next(timestampMs);
    return () => {
      push = undefined;
    };
  });
  let subscription: Subscription | undefined;
  subscription = ticks.pipe(clock).subscribe({
    next: (deltaMs) => {
      emitted = deltaMs;
    },
    error: (error: unknown) => {
      subscription = undefined;
      onError(error);
    },
  });
  return {
    step: (timestampMs) => {
      emitted = undefined;
      push?.(timestampMs);
      const deltaMs = emitted;
      emitted = undefined;
      return deltaMs;
    },
    stop: () => {
      subscription?.unsubscribe();
      subscription = undefined;
      push = undefined;
    },
  };
}
