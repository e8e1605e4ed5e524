import { Observable } from 'rxjs';
import { animationFrames } from 'tickflow';
import type { DisplayRate } from './tuning.js';

/** After this long without a display frame (a hidden tab), the next one is a single long frame. */
const CATCH_UP_LIMIT_MS = 250;

/**
 * A display of another refresh rate, simulated on the page's frames: the
 * ticks a 30, 60 or 144 Hz monitor would deliver, each at its exact time on
 * that display's grid. On a 60 Hz page a 30 Hz display ticks every other
 * frame and a 144 Hz one two or three times in a frame (each tick is a
 * whole engine frame, drawn; the page shows the last).
 *
 * `longFrame(ms)` stalls it: no tick for `ms`, then one tick that is `ms`
 * late, as after a slow machine's hitch or a backgrounded tab.
 *
 * Built on `animationFrames()`, the page's one requestAnimationFrame: while
 * the engine does not listen (paused), no frame is requested at all.
 */
export class SimulatedDisplay {
  rateHz: DisplayRate = 60;
  /** Display ticks delivered so far. */
  ticks = 0;
  private stallUntilMs = -Infinity;
  private stallRequestedMs = 0;

  readonly ticks$ = new Observable<number>((subscriber) => {
    let nextMs = NaN;
    let stalled = false;
    return animationFrames().subscribe((nowMs) => {
      if (this.stallRequestedMs > 0) {
        this.stallUntilMs = nowMs + this.stallRequestedMs;
        this.stallRequestedMs = 0;
      }
      if (nowMs < this.stallUntilMs) {
        stalled = true;
        return;
      }
      const intervalMs = 1000 / this.rateHz;
      if (Number.isNaN(nextMs) || stalled || nowMs - nextMs > CATCH_UP_LIMIT_MS) {
        // The first tick, or one long frame after a stall.
        stalled = false;
        nextMs = nowMs + intervalMs;
        this.ticks++;
        subscriber.next(nowMs);
        return;
      }
      while (nextMs <= nowMs) {
        this.ticks++;
        subscriber.next(nextMs);
        nextMs += intervalMs;
      }
    });
  });

  /** The next display frame comes `ms` late. */
  longFrame(ms: number): void {
    this.stallRequestedMs = ms;
  }
}
