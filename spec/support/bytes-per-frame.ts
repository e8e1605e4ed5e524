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
 * The least of `readings` readings of {@link bytesPerFrame}, after one warm-up
 * run of as many frames: what a frame allocates every time, not what
 * compiling or a late background compile allocated in one of them (five by
 * default: with three, a spec run beside eighteen other files on two cores
 * once read a frame before V8 had optimized it in all three).
 */
export async function leastBytesPerFrame(runFrames: (frames: number) => void, frames: number, readings = 5): Promise<number> {
  runFrames(frames);
  let bytes = Infinity;
  for (let reading = 0; reading < readings; reading++) bytes = Math.min(bytes, await bytesPerFrame(runFrames, frames));
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
