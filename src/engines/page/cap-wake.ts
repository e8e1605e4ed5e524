/**
 * When a capped engine's timer should bring it back to the page's clock: half
 * a host interval before the host tick its pacing grid will take next.
 *
 * The host's ticks to come fall at `lastTickMs + k · hostIntervalMs`. The
 * pacing grid (operators/pacing-grid.ts, `pacingStep`) takes the first tick no
 * earlier than half a host interval before its due time. Waking half a host
 * interval before that tick leaves the same margin on both sides: a timer
 * that fires up to half a frame early or late still brings the engine back
 * for exactly that tick, so the engine asks the page for one frame per
 * frame it runs.
 *
 * ```text
 * host ticks  0-------16.7------33.3------50.0------66.7   (60 Hz)
 * fps: 30     run      .         run       .         run
 * timer            25.0 ^              58.3 ^
 * fps: 50     run      run       run       .         run   (due 20, 40, 60, 80)
 * ```
 *
 * @example
 * ```ts
 * capWakeAtMs(1000 / 30, 0, 1000 / 60); // 25: back for the tick at 33.3
 * capWakeAtMs(20, 0, 1000 / 60);        // 8.3: back for the tick at 16.7
 * ```
 *
 * @param dueMs When the engine's next frame is due on its grid.
 * @param lastTickMs The host tick the engine just ran on.
 * @param hostIntervalMs The host's frame interval.
 * @return The time to wake at, on the host's clock (ms).
 */
export function capWakeAtMs(dueMs: number, lastTickMs: number, hostIntervalMs: number): number {
  const halfMs = hostIntervalMs / 2;
  // Relative slack, so a tick exactly half an interval early (taken by the grid) is not missed by rounding.
  const ticks = Math.max(1, Math.ceil((dueMs - halfMs - lastTickMs) / hostIntervalMs - 1e-9));
  return lastTickMs + ticks * hostIntervalMs - halfMs;
}
