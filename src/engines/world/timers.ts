import { OptionError } from '../../../operators/option-error.js';

/** A scheduled timer; `cancel()` stops it (safe to call twice, or from its own callback). */
export interface TimerHandle {
  cancel(): void;
  /** Whether it will still fire. */
  readonly active: boolean;
}

/**
 * How close to its due time a timer counts as due, in seconds. World time is
 * a sum of frame deltas in floating point: 120 frames of 1000/60 ms add up to
 * 1.9999999999999996 s, and a 2 s timer must still fire on the 120th frame.
 */
export const TIMER_DUE_TOLERANCE_SECONDS = 1e-9;

interface Timer {
  readonly seq: number;
  dueSeconds: number;
  readonly intervalSeconds: number; // 0 for a one-shot
  readonly callback: () => void;
  active: boolean;
}

/**
 * Timers on world time (simulated seconds since the level opened). They fire
 * in step 6, after the ticks, so a timer observes the world this frame
 * already moved; timers due in the same frame fire in scheduling order. A
 * timer scheduled inside a tick with a delay of 0 fires in that same frame; a
 * timer scheduled inside a timer callback fires from the next frame on.
 */
export class Timers {
  private timers: Timer[] = [];
  private nextSeq = 0;
  private firing = false;

  constructor(private readonly now: () => number) {}

  /** Runs `callback` once, `delaySeconds` of world time from now. */
  after(delaySeconds: number, callback: () => void): TimerHandle {
    return this.schedule('after', delaySeconds, 0, callback);
  }

  /** Runs `callback` every `intervalSeconds` of world time, first after one interval. */
  every(intervalSeconds: number, callback: () => void): TimerHandle {
    if (!(intervalSeconds > 0) || !Number.isFinite(intervalSeconds)) {
      throw new OptionError('timers.every', 'intervalSeconds', 'a finite number > 0', intervalSeconds);
    }
    return this.schedule('every', intervalSeconds, intervalSeconds, callback);
  }

  /** How many timers will still fire. */
  get size(): number {
    return this.timers.filter((t) => t.active).length;
  }

  /**
   * Step 6: fires every timer due at the current world time, in scheduling
   * order. A repeating timer fires at most once a frame and is re-armed one
   * interval after its due time (so a long frame does not fire it in a burst).
   *
   * @param onError Receives what a callback throws; the other timers still fire.
   */
  fireDue(onError: (error: unknown) => void): void {
    const nowSeconds = this.now();
    const lastSeq = this.nextSeq; // timers scheduled while firing wait for the next frame
    this.firing = true;
    try {
      for (const timer of this.timers) {
        if (!timer.active || timer.seq >= lastSeq || timer.dueSeconds > nowSeconds + TIMER_DUE_TOLERANCE_SECONDS) continue;
        if (timer.intervalSeconds > 0) {
          timer.dueSeconds = Math.max(timer.dueSeconds + timer.intervalSeconds, nowSeconds);
        } else {
          timer.active = false;
        }
        try {
          timer.callback();
        } catch (error) {
          onError(error);
        }
      }
    } finally {
      this.firing = false;
      this.timers = this.timers.filter((t) => t.active);
    }
  }

  /** Cancels every timer. */
  clear(): void {
    for (const t of this.timers) t.active = false;
    if (!this.firing) this.timers = [];
  }

  private schedule(where: string, delaySeconds: number, intervalSeconds: number, callback: () => void): TimerHandle {
    if (!(delaySeconds >= 0) || !Number.isFinite(delaySeconds)) {
      throw new OptionError(`timers.${where}`, where === 'every' ? 'intervalSeconds' : 'delaySeconds', 'a finite number >= 0', delaySeconds);
    }
    if (typeof callback !== 'function') throw new OptionError(`timers.${where}`, 'callback', 'a function', callback);
    const timer: Timer = { seq: this.nextSeq++, dueSeconds: this.now() + delaySeconds, intervalSeconds, callback, active: true };
    this.timers.push(timer);
    return {
      cancel: () => {
        timer.active = false;
      },
      get active() {
        return timer.active;
      },
    };
  }
}
