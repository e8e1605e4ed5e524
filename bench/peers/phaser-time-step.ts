import { syntheticTime } from '../browser-shim.js';
import Phaser from 'phaser';
import type { CoreCandidate } from '../core-candidate.js';
import { createPhaseWork, reportPhaseWork } from '../phase-work.js';
import { FrameGlue } from './frame-glue.js';

/**
 * Phaser 4's `Phaser.Core.TimeStep`, the game loop's clock, without the
 * rest of a `Game` (which needs a renderer). `start(callback)` initialises
 * it as a game does (delta history, baseline from `performance.now()`); the
 * frame it then requests from `window.requestAnimationFrame` never fires in
 * the shim, and the bench calls the step function itself with each host
 * timestamp, as that rAF callback would: `step(time)`, or `stepLimitFPS(time)`
 * under an fps limit.
 */
function startTimeStep(
  config: Phaser.Types.Core.FPSConfig,
  callback: Phaser.Types.Core.TimeStepCallback,
  firstTickMs: number,
  intervalMs: number,
): Phaser.Core.TimeStep {
  const game = {} as Phaser.Game; // the TimeStep only stores it
  const timeStep = new Phaser.Core.TimeStep(game, config);
  syntheticTime.nowMs = firstTickMs - intervalMs;
  timeStep.start(callback);
  return timeStep;
}

/**
 * Core path: Phaser's callback hands its (smoothed, by default) delta to the
 * glue: clamp, count, fixed steps, four subscribers.
 */
export function createPhaserCorePath(firstTickMs: number): CoreCandidate {
  const work = createPhaseWork();
  const glue = new FrameGlue(work);
  const timeStep = startTimeStep({ target: 60 }, (_time, deltaMs) => glue.runFrame(deltaMs), firstTickMs, 1000 / 60);
  return {
    name: 'Phaser 4 TimeStep (reference)',
    how: '`timeStep.step(t)` -> its callback (delta smoothing on, the default); clamp/count/fixed step/4 calls: glue',
    onHostTick: (timestampMs) => timeStep.step(timestampMs),
    frames: () => glue.frameCount,
    work: () => reportPhaseWork(work, glue.frameCount),
    dispose: () => timeStep.stop(),
  };
}

/** The host ticks on which a TimeStep with `fps: { limit: fps }` calls back. */
export function phaserLimitedFrameTimes(timestamps: Float64Array, fps: number, hostIntervalMs: number): number[] {
  const delivered: number[] = [];
  const timeStep = startTimeStep(
    { target: 60, limit: fps },
    (timeMs) => {
      delivered.push(timeMs);
    },
    timestamps[0]!,
    hostIntervalMs,
  );
  for (const timestampMs of timestamps) timeStep.stepLimitFPS(timestampMs);
  timeStep.stop();
  return delivered;
}
