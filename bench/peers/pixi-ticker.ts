import '../browser-shim.js';
import { Ticker } from 'pixi.js';
import type { CoreCandidate } from '../core-candidate.js';
import { CORE_MAX_DELTA_MS, createPhaseWork } from '../phase-work.js';
import { ownFrameGlue } from './frame-glue.js';

/** This peer's own copy of the glue (see ownFrameGlue). */
const FrameGlue = await ownFrameGlue('pixi');

/**
 * PixiJS v8's `Ticker`, driven the way its own rAF callback drives it:
 * `ticker.update(timestamp)`. Never started, so it requests no frames.
 *
 * Core path: four listeners in priority order (one per phase). The first
 * hands pixi's `deltaMS` to the glue (clamp, count, fixed steps); the other
 * three are update, late and render. Pixi clamps `deltaMS` itself at
 * `1000 / minFPS`; `minFPS = 4` makes that the same 250 ms as everyone's.
 */
export function createPixiCorePath(): CoreCandidate {
  const work = createPhaseWork();
  const glue = new FrameGlue(work);
  const ticker = new Ticker();
  ticker.autoStart = false;
  ticker.minFPS = 1000 / CORE_MAX_DELTA_MS;
  ticker.add((t) => glue.beginFrame(t.deltaMS));
  ticker.add(() => work.update(glue.dtSeconds));
  ticker.add(() => work.late(glue.dtSeconds));
  ticker.add(() => work.render(glue.dtSeconds));
  return {
    name: 'PixiJS 8 Ticker',
    how: '`ticker.update(t)` -> 4 `ticker.add` listeners; clamp/count/fixed step: glue',
    work,
    onHostTick: (timestampMs) => ticker.update(timestampMs),
    frames: () => glue.frameCount,
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
