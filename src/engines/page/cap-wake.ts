/**
 * When a capped engine's timer should bring it back to the page's clock, so
 * that the next frame it gets is the host tick its pacing grid takes next.
 *
 * The host's ticks to come fall at `lastTickMs + k · hostIntervalMs`. The
 * pacing grid (operators/pacing-grid.ts, `pacingStep`) takes the first tick no
 * earlier than half a host interval before its due time: that is the target.
 * Which request gets which tick depends on the host:
 *
 * - a host with frames under way (another engine runs), or a browser that
 *   starts an idle frame at the next vsync, gives a request the first tick
 *   after it: wake half a host interval before the target;
 * - a browser that starts an idle frame at once, stamped with the vsync just
 *   past (headless Chromium does), gives a request the last tick before it:
 *   wake half a host interval after the target.
 *
 * Either way the timer has half a frame of margin on both sides, and the
 * engine asks the page for one frame per frame it runs.
 *
 * ```text
 * host ticks  0-------16.7------33.3------50.0------66.7   (60 Hz)
 * fps: 30     run      .         run       .         run
 * timer            25.0 ^              58.3 ^              (next-tick host)
 * timer                     41.7 ^              75.0 ^     (last-tick host)
 * fps: 50     run      run       run       .         run   (due 20, 40, 60, 80)
 * ```
 *
 * @example
 * ```ts
 * capWakeAtMs(1000 / 30, 0, 1000 / 60);       // 25: back for the tick at 33.3
 * capWakeAtMs(1000 / 30, 0, 1000 / 60, true); // 41.7: the same tick, on a host that stamps the vsync just past
 * capWakeAtMs(20, 0, 1000 / 60);              // 8.3: back for the tick at 16.7
 * ```
 *
 * @param dueMs When the engine's next frame is due on its grid.
 * @param lastTickMs The host tick the engine just ran on.
 * @param hostIntervalMs The host's frame interval.
 * @param stampsPast Whether a request gets the tick just before it (see above). Defaults to false.
 * @return The time to wake at, on the host's clock (ms).
 */
export function capWakeAtMs(dueMs: number, lastTickMs: number, hostIntervalMs: number, stampsPast = false): number {
  const halfMs = hostIntervalMs / 2;
  // Relative slack, so a tick exactly half an interval early (taken by the grid) is not missed by rounding.
  const ticks = Math.max(1, Math.ceil((dueMs - halfMs - lastTickMs) / hostIntervalMs - 1e-9));
  const targetMs = lastTickMs + ticks * hostIntervalMs;
  return stampsPast ? targetMs + halfMs : targetMs - halfMs;
}

/**
 * The longest delay a timer takes: 2^31 - 1 ms (about 24.8 days). Browsers
 * and Node both store it in a 32-bit signed integer, and a longer one
 * overflows to fire at once (Node says so with a `TimeoutOverflowWarning`).
 */
export const MAX_TIMER_DELAY_MS = 2 ** 31 - 1;

/**
 * The delay to hand `setTimeout` for a wake-up `delayMs` from now: at least 0
 * and at most {@link MAX_TIMER_DELAY_MS}. A capped engine whose grid is
 * further away than that (an fps of 1e-9 is a valid cap) wakes early, finds
 * its next tick not yet due and waits again, instead of waking every
 * millisecond on an overflowed timer.
 *
 * @example
 * ```ts
 * capTimerDelayMs(12.5);  // 12.5
 * capTimerDelayMs(-3);    // 0
 * capTimerDelayMs(1e300); // 2147483647
 * ```
 */
export function capTimerDelayMs(delayMs: number): number {
  return Math.min(MAX_TIMER_DELAY_MS, Math.max(0, delayMs));
}
