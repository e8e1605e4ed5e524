import { syntheticTime } from '../browser-shim.js';
import { Clock, type ClockOptions } from 'excalibur';
import type { CoreCandidate } from '../core-candidate.js';
import { createPhaseWork, reportPhaseWork } from '../phase-work.js';
import { FrameGlue } from './frame-glue.js';

/**
 * Excalibur's `Clock`, extended the way its docs ask for a custom clock
 * ("extend Clock and override start/stop ..., then call update()"): each host
 * frame moves the synthetic time, which the base class reads through
 * `performance.now()`, and calls `update()`, exactly what `StandardClock`'s
 * rAF callback does after requesting the next frame. All of Excalibur's
 * per-frame logic (elapsed, `maxFps` limiting, its FPS sampler, scheduled
 * callbacks) is its own.
 */
export class SyntheticTimelineClock extends Clock {
  private running = true;

  isRunning(): boolean {
    return this.running;
  }

  start(): void {
    this.running = true;
  }

  stop(): void {
    this.running = false;
  }

  /** One host frame at `timestampMs`. */
  frame(timestampMs: number): void {
    syntheticTime.nowMs = timestampMs;
    this.update();
  }
}

function createClock(options: ClockOptions, firstTickMs: number, intervalMs: number): SyntheticTimelineClock {
  syntheticTime.nowMs = firstTickMs - intervalMs; // the constructor takes its baseline from now
  return new SyntheticTimelineClock(options);
}

/**
 * Core path: `tick(elapsedMs)` hands Excalibur's elapsed time to the glue
 * (clamp, count, fixed steps, four subscribers). Excalibur turns an elapsed
 * time over 200 ms into 1 ms on its own, before the glue sees it.
 */
export function createExcaliburCorePath(firstTickMs: number): CoreCandidate {
  const work = createPhaseWork();
  const glue = new FrameGlue(work);
  const clock = createClock({ tick: (elapsedMs) => glue.runFrame(elapsedMs) }, firstTickMs, 1000 / 60);
  return {
    name: 'Excalibur 0.32 Clock',
    how: '`Clock` subclass, `update()` per host frame -> `tick(elapsed)`; clamp/count/fixed step/4 calls: glue',
    onHostTick: (timestampMs) => clock.frame(timestampMs),
    frames: () => glue.frameCount,
    work: () => reportPhaseWork(work, glue.frameCount),
    dispose: () => clock.stop(),
  };
}

/** The host ticks on which a `Clock` with `maxFps: fps` calls `tick`. */
export function excaliburCappedFrameTimes(timestamps: Float64Array, fps: number, hostIntervalMs: number): number[] {
  const delivered: number[] = [];
  const clock = createClock(
    {
      tick: () => {
        delivered.push(syntheticTime.nowMs);
      },
      maxFps: fps,
    },
    timestamps[0]!,
    hostIntervalMs,
  );
  for (const timestampMs of timestamps) clock.frame(timestampMs);
  return delivered;
}
