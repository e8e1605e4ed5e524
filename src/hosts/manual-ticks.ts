import type { Observable } from 'rxjs';
import { OptionError } from '../../operators/option-error.js';
import { Broadcast } from '../streams/broadcast.js';

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
  /** The timestamp of the latest finite tick (the start time before the first). */
  readonly nowMs: number;
  /**
   * Delivers one tick at `timestampMs`: any number, clocks decide what to make
   * of it (a non-finite one is declined, and does not move `nowMs`).
   *
   * @throws {OptionError} when `timestampMs` is not a number.
   */
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
 * @param startMs The virtual time before the first tick, a finite number; defaults to 0.
 * @throws {OptionError} when `startMs` is not a finite number.
 */
export function manualTicks(startMs = 0): ManualTicks {
  if (typeof startMs !== 'number' || !Number.isFinite(startMs)) {
    throw new OptionError('manualTicks', 'startMs', 'a finite number', startMs);
  }
  return new ManualTickSource(startMs);
}

/** What {@link manualTicks} returns: a class, so every source shares its methods (one call target for V8). */
class ManualTickSource implements ManualTicks {
  private readonly listeners = new Broadcast<number>();
  readonly ticks$: Observable<number> = this.listeners.asObservable();
  nowMs: number;

  constructor(startMs: number) {
    this.nowMs = startMs;
  }

  tick(timestampMs: number): void {
    if (Number.isFinite(timestampMs)) this.nowMs = timestampMs;
    else if (typeof timestampMs !== 'number') throw new OptionError('manualTicks.tick', 'timestampMs', 'a number', timestampMs);
    this.listeners.emit(timestampMs);
  }

  advance(ms: number = DEFAULT_ADVANCE_MS): void {
    if (typeof ms !== 'number' || !Number.isFinite(ms) || ms < 0) {
      throw new OptionError('manualTicks.advance', 'ms', 'a finite number >= 0', ms);
    }
    if (!Number.isFinite(this.nowMs + ms)) {
      throw new OptionError('manualTicks.advance', 'ms', `small enough to keep the time (${this.nowMs} ms) finite`, ms);
    }
    this.nowMs += ms;
    this.listeners.emit(this.nowMs);
  }
}
