import { Observable } from 'rxjs';
import { OptionError } from '../../operators/option-error.js';
import { checkOptionKeys, optionsObject, positiveFinite } from '../../operators/validate.js';

/** Options of {@link timerTicks}. */
export interface TimerTicksOptions {
  /** How often to tick, in milliseconds. Defaults to 1000/60. */
  intervalMs?: number;
  /** Where timestamps come from; defaults to `performance.now`. */
  now?: () => number;
}

/**
 * Ticks from a timer, for Node (a headless server, a script) where there is
 * no requestAnimationFrame. Each tick carries `now()`; ticks are scheduled on
 * an ideal grid, so timer lateness does not accumulate. Each subscriber has
 * its own timer; unsubscribing clears it.
 *
 * @example
 * ```ts
 * import { createLoop, timerTicks, wallClock } from 'tickflow';
 *
 * const loop = createLoop({ ticks: timerTicks({ intervalMs: 50 }), clock: wallClock(), phases: ['step'] });
 * loop.start();
 * ```
 *
 * @throws {OptionError} when `intervalMs` is not a finite number > 0.
 */
export function timerTicks(options?: TimerTicksOptions): Observable<number> {
  optionsObject('timerTicks', options, true);
  checkOptionKeys('timerTicks', options, ['intervalMs', 'now']);
  const { intervalMs = 1000 / 60, now = () => performance.now() } = options ?? {};
  positiveFinite('timerTicks', 'intervalMs', intervalMs);
  if (typeof now !== 'function') throw new OptionError('timerTicks', 'now', 'a function returning a timestamp in ms', now);
  return new Observable<number>((subscriber) => {
    let dueMs = now() + intervalMs;
    let handle: ReturnType<typeof setTimeout>;
    const fire = (): void => {
      const timestampMs = now();
      dueMs = Math.max(dueMs + intervalMs, timestampMs);
      handle = setTimeout(fire, Math.max(0, dueMs - timestampMs));
      subscriber.next(timestampMs);
    };
    handle = setTimeout(fire, intervalMs);
    return () => clearTimeout(handle);
  });
}
