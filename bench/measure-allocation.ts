import v8 from 'node:v8';

/**
 * Bytes allocated per frame, read off the V8 heap.
 *
 * Method (RESULTS.md explains it too):
 *
 * 1. A minor `gc({ type: 'minor' })` empties the young generation (a full
 *    collection would too, at 40 ms a time with the peers' code loaded).
 * 2. `process.memoryUsage().heapUsed` before and after running `frames`
 *    frames; young-generation allocation is a bump pointer, so the
 *    difference is the bytes allocated, provided no collection ran.
 * 3. A `v8.GCProfiler` watches each sample: a sample during which any
 *    collection ran (a scavenge frees memory and hides allocation) is thrown
 *    away, and the sample size halves if most are.
 * 4. The median over the kept samples, divided by the frames.
 *
 * The reading is validated in every run by subjects whose allocation is
 * known (see `allocationCalibration`): nothing, one HeapNumber (16 bytes),
 * one two-field object literal (40 bytes on a 64-bit V8 without pointer
 * compression, as Node ships).
 */
export interface AllocationReading {
  /** Median bytes per frame over the kept samples. */
  readonly bytesPerFrame: number;
  /** Samples kept (no collection ran during them) out of those taken. */
  readonly keptSamples: number;
  readonly takenSamples: number;
  /** Frames per sample. */
  readonly framesPerSample: number;
}

/** Options of {@link measureAllocation}. */
export interface AllocationOptions {
  /** Samples to keep. Defaults to 9. */
  samples?: number;
  /** Frames per sample to start with. Defaults to 10 000. */
  framesPerSample?: number;
}

/** A scavenge: empties the young generation, where per-frame garbage lives. */
export function collectYoungGeneration(): void {
  const collect = (globalThis as { gc?: (options?: { type: 'minor' | 'major' }) => void }).gc;
  if (collect === undefined) throw new Error('bench: run node with --expose-gc (npm run bench does)');
  collect({ type: 'minor' });
}

/** Measures what `run(frames)` allocates per frame. Warm `run` up first: compiling allocates too. */
export function measureAllocation(run: (frames: number) => void, options?: AllocationOptions): AllocationReading {
  const { samples = 9, framesPerSample: initialFrames = 10_000 } = options ?? {};
  let framesPerSample = initialFrames;
  const kept: number[] = [];
  let taken = 0;
  let discardedInARow = 0;
  while (kept.length < samples && taken < samples * 8) {
    collectYoungGeneration();
    const profiler = new v8.GCProfiler();
    profiler.start();
    const beforeBytes = process.memoryUsage().heapUsed;
    run(framesPerSample);
    const afterBytes = process.memoryUsage().heapUsed;
    const collections = profiler.stop().statistics.length;
    taken++;
    if (collections === 0) {
      kept.push((afterBytes - beforeBytes) / framesPerSample);
      discardedInARow = 0;
    } else if (++discardedInARow >= 2 && framesPerSample > 100) {
      framesPerSample = Math.floor(framesPerSample / 2);
      discardedInARow = 0;
    }
  }
  return {
    bytesPerFrame: median(kept),
    keptSamples: kept.length,
    takenSamples: taken,
    framesPerSample,
  };
}

/** The median; NaN for an empty list. */
export function median(values: readonly number[]): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

// Where the calibration subjects put what they make, so nothing is optimised away.
const calibrationSink: { value: unknown; total: number } = { value: undefined, total: 0 };

/**
 * Subjects whose allocation per frame is known, measured like any candidate,
 * to show the method reads bytes correctly on this machine.
 */
export const allocationCalibration: readonly {
  readonly name: string;
  readonly expectedBytes: number;
  readonly run: (frames: number) => void;
}[] = [
  {
    name: 'nothing (a counter increment)',
    expectedBytes: 0,
    run(frames) {
      for (let i = 0; i < frames; i++) calibrationSink.total++;
    },
  },
  {
    name: 'one HeapNumber (a fresh double stored as a value)',
    expectedBytes: 16,
    run(frames) {
      for (let i = 0; i < frames; i++) calibrationSink.value = i + 0.5;
    },
  },
  {
    name: 'one object literal `{ a: i, b: i }`',
    expectedBytes: 40,
    run(frames) {
      for (let i = 0; i < frames; i++) calibrationSink.value = { a: i, b: i };
    },
  },
];
