import { Observable, timer, map, merge } from 'rxjs';
import { OptionError } from '../../operators/option-error.js';
import { rateOption } from '../../operators/validate.js';

/** The longest array JavaScript makes: 2³² − 1. */
const MAX_ARRAY_LENGTH = 2 ** 32 - 1;

/** Characters a tick marble uses for its values, in order. */
const KEYS = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ';

/**
 * Timestamps of a host ticking at `hz`, starting at `startMs`: `hz(60, 4)` is
 * `[0, 16.67, 33.33, 50]`. Every timestamp it returns is finite.
 *
 * @param rateHz Ticks per second, a finite number > 0 whose interval `1000 / rateHz` is finite.
 * @param count How many ticks, a whole number from 0 to 2³² − 1 (an array's length).
 * @param startMs The first timestamp, a finite number; defaults to 0.
 * @throws {OptionError} naming the argument that breaks its rule, or `count` when the last timestamp would not be finite.
 */
export function hz(rateHz: number, count: number, startMs = 0): number[] {
  const intervalMs = 1000 / rateOption('hz', 'rateHz', rateHz);
  if (!Number.isInteger(count) || count < 0 || count > MAX_ARRAY_LENGTH) {
    throw new OptionError('hz', 'count', `a whole number from 0 to ${MAX_ARRAY_LENGTH} (an array's length)`, count);
  }
  if (typeof startMs !== 'number' || !Number.isFinite(startMs)) throw new OptionError('hz', 'startMs', 'a finite number', startMs);
  if (count > 0 && !Number.isFinite(startMs + (count - 1) * intervalMs)) {
    throw new OptionError('hz', 'count', `a number of ticks whose last timestamp ${startMs} + (count - 1) × ${intervalMs} is finite`, count);
  }
  return Array.from({ length: count }, (_, i) => startMs + i * intervalMs);
}

/** A marble diagram and its values, for `m.hot(marble, values)` or `m.cold(...)`. */
export interface TickMarble {
  /** The marble diagram: one letter a tick, dashes between. */
  readonly marble: string;
  /** Each letter's timestamp, in ms. */
  readonly values: Record<string, number>;
}

/**
 * Writes the marble for host ticks at the given timestamps, so a 60 fps
 * diagram needs no counting of dashes: each tick lands on the virtual
 * millisecond nearest its timestamp (a marble frame is 1 ms in run mode) and
 * carries the exact timestamp as its value.
 *
 * ```ts
 * tickMarble(hz(60, 3)) // { marble: 'a 15ms b 15ms c', values: { a: 0, b: 16.67, c: 33.33 } }
 * ```
 *
 * Up to 52 ticks (one letter each); for longer runs use {@link virtualTicks}.
 *
 * @param timestampsMs Non-decreasing finite timestamps, at least 0.
 */
export function tickMarble(timestampsMs: readonly number[]): TickMarble {
  if (timestampsMs.length > KEYS.length) {
    throw new OptionError('tickMarble', 'timestampsMs', `at most ${KEYS.length} ticks (use virtualTicks)`, timestampsMs);
  }
  const values: Record<string, number> = {};
  let marble = '';
  let frame = 0; // the virtual ms the next character lands on
  let previous = -Infinity;
  timestampsMs.forEach((t, i) => {
    if (!Number.isFinite(t) || t < 0 || t < previous) {
      throw new OptionError('tickMarble', `timestampsMs[${i}]`, 'a finite number >= 0, not below the one before', t);
    }
    previous = t;
    const at = Math.round(t);
    const key = KEYS[i]!;
    values[key] = t;
    if (at < frame) {
      throw new OptionError('tickMarble', `timestampsMs[${i}]`, 'at least 1 ms after the tick before', t);
    }
    const gap = at - frame;
    if (gap > 0) marble += `${marble === '' ? '' : ' '}${gap}ms `;
    marble += key;
    frame = at + 1;
  });
  return { marble: marble.trim(), values };
}

/**
 * Host ticks at the given timestamps in virtual time: each emits its exact
 * timestamp at the virtual millisecond nearest it, counted from subscription.
 * Under a TestScheduler's `run` (as rxjs-marbles uses) that is virtual time;
 * elsewhere, real timers. For runs too long to draw as a marble.
 */
export function virtualTicks(timestampsMs: readonly number[]): Observable<number> {
  return merge(...timestampsMs.map((t) => timer(Math.max(0, Math.round(t))).pipe(map(() => t))));
}
