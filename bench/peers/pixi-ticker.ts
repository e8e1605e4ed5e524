import '../browser-shim.js';
import { Ticker } from 'pixi.js';
import type { CoreCandidate } from '../core-candidate.js';
import { CORE_MAX_DELTA_MS, createPhaseWork, reportPhaseWork } from '../phase-work.js';
import { FrameGlue } from './frame-glue.js';

/**
 * PixiJS v8's `Ticker`, driven the way its own rAF callback drives it:
 * `ticker.update(timestamp)`. Never started, so it requests no frames.
 *
 * Core path, as PixiJS users write it: ONE listener (`ticker.add`) that does
 * the frame's work, here the glue's `runFrame(ticker.deltaMS)`: clamp,
 * count, fixed steps with the cap, then update, late and render as plain
 * calls. Pixi clamps `deltaMS` itself at `1000 / minFPS`; `minFPS = 4`
 * makes that the same 250 ms as everyone's.
 */
export function createPixiCorePath(): CoreCandidate {
  const work = createPhaseWork();
  const glue = new FrameGlue(work);
  const ticker = new Ticker();
  ticker.autoStart = false;
  ticker.minFPS = 1000 / CORE_MAX_DELTA_MS;
  ticker.add((t) => glue.runFrame(t.deltaMS));
  return {
    name: 'PixiJS 8 Ticker',
    how: '`ticker.update(t)` -> one `ticker.add` listener running the frame (clamp, fixed step with cap, 4 plain calls: glue)',
    onHostTick: (timestampMs) => ticker.update(timestampMs),
    frames: () => glue.frameCount,
    work: () => reportPhaseWork(work, glue.frameCount),
    dispose: () => ticker.destroy(),
  };
}

/**
 * The host ticks on which a Ticker capped with `maxFPS = fps` calls its
 * listeners.
 */
export function pixiCappedFrameTimes(timestamps: Float64Array, fps: number): number[] {
  const delivered: number[] = [];
  const ticker = new Ticker();
  ticker.autoStart = false;
  ticker.maxFPS = fps;
  let nowMs = 0;
  ticker.add(() => {
    delivered.push(nowMs);
  });
  for (const timestampMs of timestamps) {
    nowMs = timestampMs;
    ticker.update(timestampMs);
  }
  ticker.destroy();
  return delivered;
}
