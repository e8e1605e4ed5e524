import { Observable, type Subscribable } from 'rxjs';
import { animationFrames } from 'tickflow';
import type { DisplayRate } from './tuning.js';

/** After this long without a display frame (a hidden tab), the next one is a single long frame. */
const CATCH_UP_LIMIT_MS = 250;

/**
 * The most display ticks one page frame delivers. A slow page (a loaded
 * machine) would otherwise owe a 144 Hz display dozens of engine frames per
 * page frame, each drawn, and fall further behind; past this it delivers one
 * long frame instead.
 */
const MAX_TICKS_PER_PAGE_FRAME = 4;

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
  /** The page frame's timestamp of the latest delivery, in ms of page time (what the HUD measures rates against). */
  pageTimeMs = NaN;
  private stallUntilMs = -Infinity;
  private stallRequestedMs = 0;

  /** @param pageFrames The page's frames; defaults to `animationFrames()` (a test may pass its own). */
  constructor(private readonly pageFrames: () => Subscribable<number> = animationFrames) {}

  readonly ticks$ = new Observable<number>((subscriber) => {
    let nextMs = NaN;
    let stalled = false;
    const subscription = this.pageFrames().subscribe({ next: (nowMs) => {
      this.pageTimeMs = nowMs;
      if (this.stallRequestedMs > 0) {
        this.stallUntilMs = nowMs + this.stallRequestedMs;
        this.stallRequestedMs = 0;
      }
      if (nowMs < this.stallUntilMs) {
        stalled = true;
        return;
      }
      const intervalMs = 1000 / this.rateHz;
      const owed = Math.floor((nowMs - nextMs) / intervalMs) + 1;
      if (Number.isNaN(nextMs) || stalled || nowMs - nextMs > CATCH_UP_LIMIT_MS || owed > MAX_TICKS_PER_PAGE_FRAME) {
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
    } });
    return () => subscription.unsubscribe();
  });

  /** The next display frame comes `ms` late. */
  longFrame(ms: number): void {
    this.stallRequestedMs = ms;
  }
}
