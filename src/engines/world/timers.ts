import { OptionError } from '../../../operators/option-error.js';

/** A scheduled timer; `cancel()` stops it (safe to call twice, or from its own callback). */
export interface TimerHandle {
  /** Stops the timer; safe to call twice, or from its own callback. */
  cancel(): void;
  /** Whether it will still fire. */
  readonly active: boolean;
}

/**
 * How close to its due time a timer counts as due, in seconds. The timers'
 * time is a sum of frame deltas: a delta of 1000/60 ms is not 1/60 s exactly
 * in binary, so 120 of them reach 2 s only to within rounding, and a 2 s timer
 * must still fire on the 120th frame. (The sum is compensated, so the
 * rounding stays far below this over 10^7 frames; see `CompensatedSum`.)
 */
export const TIMER_DUE_TOLERANCE_SECONDS = 1e-9;

interface Timer {
  /** Where its schedule starts: when it was scheduled, or re-anchored after a long frame. */
  originSeconds: number;
  /** `originSeconds + steps * intervalSeconds` (a one-shot: `origin + delay`, steps 1). */
  dueSeconds: number;
  /** How many intervals after the origin it is due. */
  steps: number;
  /** The one-shot's delay, or the repeating timer's interval. */
  readonly periodSeconds: number;
  readonly repeats: boolean;
  readonly callback: () => void;
  active: boolean;
}

/**
 * Timers on a world's time (for the engine's worlds, `world.activeTime`:
 * the seconds the world was stepped unpaused, so a pause freezes them). They
 * fire in step 6, after the ticks, so a timer observes the world this frame
 * already moved; timers due in the same frame fire in scheduling order. A
 * timer scheduled inside a tick with a delay of 0 fires in that same frame; a
 * timer scheduled inside a timer callback fires from the next frame on.
 *
 * A repeating timer's k-th due time is computed as `origin + k * interval`
 * (one rounding), never by adding the interval k times, so a `every(0.1)`
 * keeps its grid over hours.
 *
 * Firing allocates nothing: the list is compacted in place.
 */
export class Timers {
  private readonly timers: Timer[] = [];
  private firing = false;

  constructor(private readonly now: () => number) {}

  /**
   * Runs `callback` once, `delaySeconds` from now.
   *
   * @throws {OptionError} for a delay that is not a finite number >= 0, or a callback that is not a function.
   */
  after(delaySeconds: number, callback: () => void): TimerHandle {
    if (typeof delaySeconds !== 'number' || !(delaySeconds >= 0) || !Number.isFinite(delaySeconds)) {
      throw new OptionError('timers.after', 'delaySeconds', 'a finite number >= 0', delaySeconds);
    }
    return this.schedule('timers.after', delaySeconds, false, callback);
  }

  /**
   * Runs `callback` every `intervalSeconds`, first after one interval.
   *
   * @throws {OptionError} for an interval that is not a finite number > 0, or a callback that is not a function.
   */
  every(intervalSeconds: number, callback: () => void): TimerHandle {
    if (typeof intervalSeconds !== 'number' || !(intervalSeconds > 0) || !Number.isFinite(intervalSeconds)) {
      throw new OptionError('timers.every', 'intervalSeconds', 'a finite number > 0', intervalSeconds);
    }
    return this.schedule('timers.every', intervalSeconds, true, callback);
  }

  /** How many timers will still fire. */
  get size(): number {
    let count = 0;
    for (let i = 0; i < this.timers.length; i++) if (this.timers[i]!.active) count++;
    return count;
  }

  /**
   * Step 6: fires every timer due at the current time, in scheduling order.
   * A repeating timer fires at most once a frame; after a frame longer than
   * its interval it restarts its schedule from now (so a long frame does not
   * fire it in a burst).
   *
   * @param onError Receives what a callback throws; the other timers still fire.
   */
  fireDue(onError: (error: unknown) => void): void {
    const nowSeconds = this.now();
    const timers = this.timers;
    const count = timers.length; // timers scheduled while firing wait for the next frame
    this.firing = true;
    try {
      for (let i = 0; i < count; i++) {
        const timer = timers[i]!;
        if (!timer.active || timer.dueSeconds > nowSeconds + TIMER_DUE_TOLERANCE_SECONDS) continue;
        if (timer.repeats) {
          timer.steps++;
          timer.dueSeconds = timer.originSeconds + timer.steps * timer.periodSeconds;
          if (timer.dueSeconds < nowSeconds) {
            timer.originSeconds = nowSeconds;
            timer.steps = 0;
            timer.dueSeconds = nowSeconds;
          }
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
      this.compact();
    }
  }

  /** Cancels every timer. */
  clear(): void {
    for (const t of this.timers) t.active = false;
    if (!this.firing) this.timers.length = 0;
  }

  private compact(): void {
    const timers = this.timers;
    let kept = 0;
    for (let i = 0; i < timers.length; i++) {
      const timer = timers[i]!;
      if (timer.active) timers[kept++] = timer;
    }
    timers.length = kept;
  }

  private schedule(where: string, periodSeconds: number, repeats: boolean, callback: () => void): TimerHandle {
    if (typeof callback !== 'function') throw new OptionError(where, 'callback', 'a function', callback);
    const originSeconds = this.now();
    const timer: Timer = {
      originSeconds,
      dueSeconds: originSeconds + periodSeconds,
      steps: 1,
      periodSeconds,
      repeats,
      callback,
      active: true,
    };
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
