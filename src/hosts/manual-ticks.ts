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
    this.nowMs = timestampMs;
    this.listeners.emit(timestampMs);
  }

  advance(ms: number = DEFAULT_ADVANCE_MS): void {
    if (typeof ms !== 'number' || !Number.isFinite(ms) || ms < 0) {
      throw new OptionError('manualTicks.advance', 'ms', 'a finite number >= 0', ms);
    }
    this.nowMs += ms;
    this.listeners.emit(this.nowMs);
  }
}
