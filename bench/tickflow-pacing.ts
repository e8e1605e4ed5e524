import { pace } from '../operators/pace.js';
import { manualTicks } from '../src/index.js';

/**
 * The host ticks on which tickflow's `pace(1000 / fps)` delivers a frame,
 * run as a stream the way a paced clock runs it (`manualTicks` -> `pace`).
 * `capFps(fps)` and `pacedClock({ fps })` use the same grid (`pacingStep`)
 * and deliver on the same ticks.
 */
export function tickflowPacedFrameTimes(timestamps: Float64Array, fps: number): number[] {
  const delivered: number[] = [];
  const host = manualTicks();
  let nowMs = 0;
  const subscription = host.ticks$.pipe(pace(1000 / fps)).subscribe(() => {
    delivered.push(nowMs);
  });
  for (const timestampMs of timestamps) {
    nowMs = timestampMs;
    host.tick(timestampMs);
  }
  subscription.unsubscribe();
  return delivered;
}
