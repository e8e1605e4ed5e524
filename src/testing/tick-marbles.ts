import { Observable, timer, map, merge } from 'rxjs';
import { OptionError } from '../../operators/option-error.js';

/** Characters a tick marble uses for its values, in order. */
const KEYS = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ';

/**
 * Timestamps of a host ticking at `hz`, starting at `startMs`: `hz(60, 4)` is
 * `[0, 16.67, 33.33, 50]`.
 *
 * @param rateHz Ticks per second, a finite number > 0.
 * @param count How many ticks, a whole number >= 0.
 * @param startMs The first timestamp; defaults to 0.
 */
export function hz(rateHz: number, count: number, startMs = 0): number[] {
  if (typeof rateHz !== 'number' || !Number.isFinite(rateHz) || rateHz <= 0) {
    throw new OptionError('hz', 'rateHz', 'a finite number > 0', rateHz);
  }
  if (!Number.isInteger(count) || count < 0) throw new OptionError('hz', 'count', 'a whole number >= 0', count);
  const intervalMs = 1000 / rateHz;
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
