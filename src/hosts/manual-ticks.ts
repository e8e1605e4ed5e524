import type { Observable } from 'rxjs';
import { OptionError } from '../../operators/option-error.js';
import { Broadcast } from './broadcast.js';

/** The interval {@link ManualTicks.advance} steps by when none is given: 1/60 s, in ms. */
export const DEFAULT_ADVANCE_MS = 1000 / 60;

/**
 * A tick source a caller pushes synchronously: virtual time for tests, a
 * headless run or a server. Each call delivers one tick to every subscriber
 * before it returns.
 */
export interface ManualTicks {
  /** The ticks: each emits its timestamp in milliseconds. */
  readonly ticks$: Observable<number>;
  /** The timestamp of the latest tick (the start time before the first). */
  readonly nowMs: number;
  /** Delivers one tick at `timestampMs` (any number; clocks decide what to make of it). */
  tick(timestampMs: number): void;
  /** Moves virtual time on by `ms` (defaults to 1000/60) and delivers one tick there. */
  advance(ms?: number): void;
}

/**
 * Ticks pushed by hand.
 *
 * @example
 * ```ts
 * import { createLoop, manualTicks, constantClock } from 'tickflow';
 *
 * const host = manualTicks();
 * const loop = createLoop({ ticks: host.ticks$, clock: constantClock(16), phases: ['update'] });
 * loop.start();
 * host.advance(); // one frame, synchronously
 * ```
 *
 * @param startMs The virtual time before the first tick; defaults to 0.
 */
export function manualTicks(startMs = 0): ManualTicks {
  const listeners = new Broadcast<number>();
  // In an object field, not a closure variable: V8 updates a number field in
  // place, where each store of a fresh number into a long-lived closure
  // costs a remembered-set write (measured in bench/).
  const time = { nowMs: startMs };
  return {
    ticks$: listeners.asObservable(),
    get nowMs() {
      return time.nowMs;
    },
    tick(timestampMs) {
      time.nowMs = timestampMs;
      listeners.emit(timestampMs);
    },
    advance(ms = DEFAULT_ADVANCE_MS) {
      if (typeof ms !== 'number' || !Number.isFinite(ms) || ms < 0) {
        throw new OptionError('manualTicks.advance', 'ms', 'a finite number >= 0', ms);
      }
      time.nowMs += ms;
      listeners.emit(time.nowMs);
    },
  };
}
