import { measureAllocation, type AllocationReading } from './measure-allocation.js';

/** About what one sample may allocate: well under the young generation's smallest size in this Node. */
const SAMPLE_BUDGET_BYTES = 512 * 1024;

/**
 * {@link measureAllocation} for frames that may allocate a lot (hundreds of
 * kB to megabytes). Single frames are weighed first to estimate it, and
 * samples are sized to allocate about 512 kB (at most `maxFramesPerSample`
 * frames, at least one), so that a sample fits in the young generation with
 * no collection (a collection during a sample voids it); if samples are still
 * voided, their size is halved down to one frame.
 */
export function weighFrames(run: (frames: number) => void, maxFramesPerSample: number): AllocationReading {
  const estimate = Math.max(measureAllocation(run, { samples: 3, framesPerSample: 1 }).bytesPerFrame, 1);
  let frames = Math.max(1, Math.min(Math.round(maxFramesPerSample), Math.floor(SAMPLE_BUDGET_BYTES / estimate)));
  let reading = measureAllocation(run, { framesPerSample: frames });
  while (reading.keptSamples < 9 && frames > 1) {
    frames = Math.max(1, Math.floor(frames / 2));
    reading = measureAllocation(run, { framesPerSample: frames });
  }
  return reading;
}
