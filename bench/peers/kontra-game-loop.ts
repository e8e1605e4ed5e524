import { runAnimationFrame, syntheticTime } from '../browser-shim.js';
import { GameLoop } from 'kontra/kontra.mjs';
import type { CoreCandidate } from '../core-candidate.js';
import { CORE_STEP_MS, createPhaseWork, reportPhaseWork } from '../phase-work.js';

/**
 * kontra's `GameLoop`, driven through its only entry: the frame callback it
 * passes to `requestAnimationFrame`, which the shim fires with each host
 * timestamp (kontra reads the time itself from `performance.now()`, which the
 * shim points at the same timestamp).
 *
 * `kontra/kontra.mjs` is kontra's own ESM build (its package.json `module`);
 * Node resolves the bare `kontra` to a browser script that exports nothing.
 * `blur: true` keeps it from listening to window focus, `clearCanvas: false`
 * from clearing a canvas there is none of.
 */
function startGameLoop(fps: number, update: (dt: number) => void, render: () => void, firstTickMs: number) {
  syntheticTime.nowMs = firstTickMs - 1000 / fps; // start() takes its baseline from now
  const loop = GameLoop({ fps, update, render, clearCanvas: false, blur: true });
  loop.start();
  return loop;
}

/**
 * Core path: kontra's own fixed-step accumulator calls `update(dt)` once per
 * step (it has no step cap; it skips a frame whose delta is over 1 s
 * instead), then `render()` once per frame. `render` gets no delta and kontra
 * keeps no alpha, so the three frame handlers are handed the step, 1/60 s,
 * and render an alpha of 0.
 */
export function createKontraCorePath(firstTickMs: number): CoreCandidate {
  const work = createPhaseWork();
  const counter = { frames: 0 };
  const stepSeconds = CORE_STEP_MS / 1000;
  const loop = startGameLoop(
    1000 / CORE_STEP_MS,
    work.fixed,
    () => {
      counter.frames++;
      work.update(stepSeconds);
      work.late(stepSeconds);
      work.render(stepSeconds, 0);
    },
    firstTickMs,
  );
  return {
    name: 'kontra 10 GameLoop',
    how: 'shimmed rAF fires its frame; its own uncapped fixed step -> `update`, then `render` makes 3 plain calls',
    onHostTick: runAnimationFrame,
    frames: () => counter.frames,
    work: () => reportPhaseWork(work, counter.frames),
    dispose: () => loop.stop(),
  };
}

/**
 * The host ticks on which a `GameLoop({ fps })` runs `update`. kontra's `fps`
 * is the fixed update rate (render still runs on every tick), so a tick with
 * two updates counts twice, 0 ms apart.
 */
export function kontraUpdateTimes(timestamps: Float64Array, fps: number): number[] {
  const delivered: number[] = [];
  const loop = startGameLoop(
    fps,
    () => {
      delivered.push(syntheticTime.nowMs);
    },
    () => {},
    timestamps[0]!,
  );
  for (const timestampMs of timestamps) runAnimationFrame(timestampMs);
  loop.stop();
  return delivered;
}
