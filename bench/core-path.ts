import type { CoreCandidate } from './core-candidate.js';
import { HandWrittenLoop } from './hand-written-loop.js';
import { HOST_START_MS, HostDriver, makeHostCallMegamorphic } from './host-timeline.js';
import { measureAllocation, type AllocationReading } from './measure-allocation.js';
import { measureTimes, type TimedSubject, type TimingOptions, type TimingResult } from './measure-time.js';
import { createPhaseWork } from './phase-work.js';
import { createExcaliburCorePath } from './peers/excalibur-clock.js';
import { createKontraCorePath } from './peers/kontra-game-loop.js';
import { createPhaserCorePath } from './peers/phaser-time-step.js';
import { createPixiCorePath } from './peers/pixi-ticker.js';
import { createTickflowAdvance, createTickflowHandlers, createTickflowPhaseStreams } from './tickflow-core-path.js';

/** The label of the row every ratio divides by. */
export const HAND_WRITTEN = 'hand-written loop';

/** The baseline as a candidate. */
export function createHandWrittenCandidate(): CoreCandidate {
  const work = createPhaseWork();
  const loop = new HandWrittenLoop(work);
  return {
    name: HAND_WRITTEN,
    how: 'one function: delta, clamp 250, count, fixed step (cap 5), 4 calls',
    work,
    onHostTick: loop.onHostTick,
    frames: () => loop.frameCount,
    dispose: () => {},
  };
}

/** Every row of the core-path table, the baseline first. */
export function createCoreCandidates(): CoreCandidate[] {
  return [
    createHandWrittenCandidate(),
    createTickflowHandlers(),
    createTickflowPhaseStreams(),
    createTickflowAdvance(),
    createPixiCorePath(),
    createKontraCorePath(HOST_START_MS),
    createExcaliburCorePath(HOST_START_MS),
    createPhaserCorePath(HOST_START_MS),
  ];
}

/** One row: a candidate's time, ratio and allocation, and what it did. */
export interface CoreRow {
  readonly candidate: CoreCandidate;
  readonly timing: TimingResult;
  readonly allocation: AllocationReading;
  /** Frames delivered over the whole run, and fixed steps per frame: the same-work check. */
  readonly frames: number;
  readonly hostTicks: number;
  readonly fixedStepsPerFrame: number;
}

/**
 * Times and weighs a set of candidates side by side in this process: each
 * gets its own 60 Hz host (±1 ms jitter), the timing harness runs them in
 * interleaved rounds, then each one's allocation per frame is read.
 */
export function benchCandidates(candidates: readonly CoreCandidate[], timing: TimingOptions): CoreRow[] {
  makeHostCallMegamorphic();
  const hosts = candidates.map((candidate) => new HostDriver(candidate.onHostTick));
  const subjects: TimedSubject[] = candidates.map((candidate, i) => ({
    name: candidate.name,
    run: (frames) => hosts[i]!.run(frames),
  }));
  const timings = measureTimes(subjects, timing);
  return candidates.map((candidate, i) => {
    const allocation = measureAllocation((frames) => hosts[i]!.run(frames));
    const frames = candidate.frames();
    return {
      candidate,
      timing: timings[i]!,
      allocation,
      frames,
      hostTicks: hosts[i]!.ticks,
      fixedStepsPerFrame: candidate.work.tally.fixedCalls / frames,
    };
  });
}
