import { collectYoungGeneration, median } from './measure-allocation.js';

/** Something the timing harness can run for a number of frames. */
export interface TimedSubject {
  readonly name: string;
  run(frames: number): void;
}

/** Options of {@link measureTimes}. */
/** The timing of `npm run bench`'s core-path, listener and engine tables (bench/run.ts), and of its core check (bench/core-floor-check.ts). */
export const BENCH_TIMING = { rounds: 31, batchMs: 8, warmupMs: 200 } as const;

export interface TimingOptions {
  /** Timed rounds; every subject runs one batch per round. */
  rounds: number;
  /** How much CPU time one batch should take, in ms; batch sizes are calibrated to it. */
  batchMs: number;
  /** Warm-up time per subject before anything is timed, in ms of wall time. */
  warmupMs: number;
  /** The subject every ratio divides by. */
  baseline: string;
  /**
   * The smallest batch, in frames, and the warm-up's first slice. Defaults to
   * 1000; frames that cost tens of microseconds or more (thousands of actors)
   * need fewer, or one batch would take far longer than `batchMs`.
   */
  minFramesPerBatch?: number;
}

/** One subject's timing. */
export interface TimingResult {
  readonly name: string;
  /** Median over rounds of CPU time per frame, in ns. */
  readonly nsPerFrame: number;
  /** Median over rounds of (this round's CPU ns / the baseline's in the same round). */
  readonly ratio: number;
  /** Quartiles of that per-round ratio: how much the noise moved it. */
  readonly ratioQ1: number;
  readonly ratioQ3: number;
  /** The fastest round by wall-clock time, in ns per frame. */
  readonly bestWallNsPerFrame: number;
  /** That, over the baseline's fastest wall-clock round. */
  readonly bestWallRatio: number;
  readonly framesPerBatch: number;
  /** CPU ns per frame of each round, in round order (for ratios between two subjects). */
  readonly cpuNsPerFrameByRound: readonly number[];
}

/** One timed batch: process CPU time and wall time it took, in ns. */
export interface BatchTime {
  readonly cpuNs: number;
  readonly wallNs: number;
}

/** Process CPU time (user + system), in ns. */
export function cpuNowNs(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) * 1000;
}

/** Runs `frames` frames of `subject` and times them. */
export function timeRun(subject: Pick<TimedSubject, 'run'>, frames: number): BatchTime {
  const cpuStart = cpuNowNs();
  const wallStart = process.hrtime.bigint();
  subject.run(frames);
  const wallNs = Number(process.hrtime.bigint() - wallStart);
  return { cpuNs: cpuNowNs() - cpuStart, wallNs };
}

/**
 * Runs `subject` for `durationMs` of wall time in slices of `frames` frames,
 * doubling the slice until one takes a millisecond; returns the slice size
 * reached (the next warm-up slice's, or the calibration's start).
 */
export function warmUp(subject: Pick<TimedSubject, 'run'>, frames: number, durationMs: number): number {
  const deadlineNs = Number(process.hrtime.bigint()) + durationMs * 1e6;
  let slice = frames;
  while (Number(process.hrtime.bigint()) < deadlineNs) {
    if (timeRun(subject, slice).wallNs < 1e6) slice *= 2;
  }
  return slice;
}

/** The batch size, in frames (at least `minFrames`), that takes about `batchMs` of CPU time, probed with `4 × frames` frames. */
export function calibrateBatch(subject: Pick<TimedSubject, 'run'>, frames: number, batchMs: number, minFrames: number): number {
  const probeFrames = frames * 4;
  collectYoungGeneration();
  const cpuNsPerFrame = Math.max(timeRun(subject, probeFrames).cpuNs, 1000) / probeFrames;
  return Math.max(minFrames, Math.round((batchMs * 1e6) / cpuNsPerFrame));
}

/**
 * Times every subject side by side in one process.
 *
 * 1. Warm-up: each subject runs, round-robin in short slices, for `warmupMs`,
 *    so every one is optimised before anything is timed.
 * 2. Calibration: each subject's batch is sized to take about `batchMs` of
 *    CPU time.
 * 3. Rounds: each round runs one batch of every subject, starting from a
 *    different subject each round (so none always runs first or right after
 *    the same neighbour), with a scavenge before each batch so no subject
 *    pays for another's garbage.
 * 4. Each batch is timed twice: by the process's CPU time
 *    (`process.cpuUsage()`, user + system), which leaves out the time the
 *    process sat descheduled on a shared machine, and by the wall clock.
 * 5. Per subject: the median CPU ns per frame and the median of its
 *    per-round CPU ratio to the baseline (a ratio within a round also cancels
 *    slow phases that move both sides together); and, as a cross-check, the
 *    fastest wall-clock round over the baseline's (contention only ever adds
 *    wall time, so the fastest rounds are the least disturbed).
 */
export function measureTimes(subjects: readonly TimedSubject[], options: TimingOptions): TimingResult[] {
  const { rounds, batchMs, warmupMs, baseline, minFramesPerBatch = 1000 } = options;
  const baselineIndex = subjects.findIndex((s) => s.name === baseline);
  if (baselineIndex < 0) throw new Error(`bench: no baseline subject named "${baseline}"`);

  const warmupSlices = 10;
  const framesPerBatch = subjects.map(() => minFramesPerBatch);
  for (let slice = 0; slice < warmupSlices; slice++) {
    subjects.forEach((subject, i) => {
      framesPerBatch[i] = warmUp(subject, framesPerBatch[i]!, warmupMs / warmupSlices);
    });
  }
  subjects.forEach((subject, i) => {
    framesPerBatch[i] = calibrateBatch(subject, framesPerBatch[i]!, batchMs, minFramesPerBatch);
  });

  const batches: BatchTime[][] = subjects.map(() => []);
  for (let round = 0; round < rounds; round++) {
    for (let k = 0; k < subjects.length; k++) {
      const i = (round + k) % subjects.length;
      collectYoungGeneration();
      batches[i]!.push(timeRun(subjects[i]!, framesPerBatch[i]!));
    }
  }

  return summariseRounds(
    subjects.map((subject) => subject.name),
    batches,
    framesPerBatch,
    baselineIndex,
  );
}

/**
 * Turns every subject's timed batches (one per round, rounds in the same
 * order for every subject) into its {@link TimingResult}: medians of CPU ns
 * per frame and of the per-round ratio to the baseline's batch of the same
 * round, and the fastest wall-clock rounds.
 */
export function summariseRounds(
  names: readonly string[],
  batches: readonly (readonly BatchTime[])[],
  framesPerBatch: readonly number[],
  baselineIndex: number,
): TimingResult[] {
  const perFrame = (i: number, pick: (b: BatchTime) => number): number[] => batches[i]!.map((batch) => pick(batch) / framesPerBatch[i]!);
  const baselineCpu = perFrame(baselineIndex, (b) => b.cpuNs);
  const baselineBestWall = Math.min(...perFrame(baselineIndex, (b) => b.wallNs));
  return names.map((name, i) => {
    const cpu = perFrame(i, (b) => b.cpuNs);
    const bestWall = Math.min(...perFrame(i, (b) => b.wallNs));
    const ratios = cpu.map((ns, round) => ns / baselineCpu[round]!);
    return {
      name,
      nsPerFrame: median(cpu),
      ratio: median(ratios),
      ratioQ1: quantile(ratios, 0.25),
      ratioQ3: quantile(ratios, 0.75),
      bestWallNsPerFrame: bestWall,
      bestWallRatio: bestWall / baselineBestWall,
      framesPerBatch: framesPerBatch[i]!,
      cpuNsPerFrameByRound: cpu,
    };
  });
}

/** The median over rounds of `a`'s CPU time over `b`'s in the same round (both timed in the same rounds). */
export function medianRatioBetween(a: TimingResult, b: TimingResult): number {
  return median(a.cpuNsPerFrameByRound.map((ns, round) => ns / b.cpuNsPerFrameByRound[round]!));
}

/** The q-quantile (0..1) of `values`, interpolated. */
export function quantile(values: readonly number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (sorted.length - 1) * q;
  const low = Math.floor(at);
  const high = Math.ceil(at);
  return sorted[low]! + (sorted[high]! - sorted[low]!) * (at - low);
}
