import { Session } from 'node:inspector/promises';

/** Bytes a sample stands for: V8's sampling heap profiler takes one allocation in about this many bytes. */
const SAMPLING_INTERVAL_BYTES = 64;

interface SampledNode {
  readonly selfSize: number;
  readonly children: readonly SampledNode[];
}

/**
 * Bytes `runFrames(frames)` allocates per frame, read with V8's sampling
 * heap profiler (the browser bench's method, bench/browser/backends.ts),
 * objects a collection already freed included: garbage counts. A
 * statistical reading (one sample in about 64 B): compare two readings by
 * far more than that. Warm `runFrames` up first: compiling allocates too.
 */
export async function bytesPerFrame(runFrames: (frames: number) => void, frames: number): Promise<number> {
  const session = new Session();
  session.connect();
  try {
    await session.post('HeapProfiler.startSampling', {
      samplingInterval: SAMPLING_INTERVAL_BYTES,
      includeObjectsCollectedByMinorGC: true,
      includeObjectsCollectedByMajorGC: true,
    });
    runFrames(frames);
    const { profile } = (await session.post('HeapProfiler.stopSampling')) as unknown as { profile: { head: SampledNode } };
    let total = 0;
    const walk = (node: SampledNode): void => {
      total += node.selfSize;
      for (const child of node.children) walk(child);
    };
    walk(profile.head);
    return total / frames;
  } finally {
    session.disconnect();
  }
}

/**
 * The least reading of {@link bytesPerFrame}, after one warm-up run of as
 * many frames: what a frame allocates once V8 has compiled it, not what
 * compiling allocated. Readings go on until one is under `below` or
 * `budgetMs` has passed: a fixed number of readings (five, about 0.1 s)
 * once all came before V8's background compile had landed, on two cores
 * busy with eighteen other spec files, and read 12.9 B a frame where a run
 * alone read under 1. Code that allocates every frame reads over `below`
 * for the whole budget, so the spec still fails.
 */
export async function leastBytesPerFrame(runFrames: (frames: number) => void, frames: number, below: number, budgetMs = 3_000): Promise<number> {
  runFrames(frames);
  const deadline = performance.now() + budgetMs;
  let bytes = Infinity;
  do bytes = Math.min(bytes, await bytesPerFrame(runFrames, frames));
  while (bytes >= below && performance.now() < deadline);
  return bytes;
}

/**
 * Runs an engine's frames by `advance`, 16 ms apart: whole milliseconds, so
 * the timestamps are small integers and the reading holds no heap number of
 * the spec's own (for engines whose clock ignores the timestamp, or takes 16 ms frames).
 */
export function advancing(engine: { advance(timestampMs: number): unknown }): (frames: number) => void {
  let timestampMs = 0;
  return (frames) => {
    for (let i = 0; i < frames; i++) engine.advance((timestampMs += 16));
  };
}
