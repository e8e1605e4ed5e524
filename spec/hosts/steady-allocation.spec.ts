import { describe, expect, it } from 'vitest';
import { FrameHost } from '../../src/index.js';
import { leastBytesPerFrame } from '../support/bytes-per-frame.js';
import { withoutEscapeAnalysis } from '../support/without-escape-analysis.js';

// Issue 29, item 3: "no steady allocation by tickflow itself". The page's
// one requestAnimationFrame (FrameHost) measures the host's rate on every
// frame (operators/host-interval.ts, `observeHostTick` and its beat line,
// `placeOnBeat`): number fields and arithmetic only, which optimized code
// keeps unboxed. One conditional expression did not: the beat was set to
// either a field's number or the frame's timestamp, and V8's optimizing
// compiler gave the expression the timestamp's boxed form, making a new heap
// number of the field's number every frame (16 B a frame in Node; the
// whole-games bench's `observeHostTick`, up to 2 kB/s). Read with escape
// analysis off (spec/support/without-escape-analysis.ts).
withoutEscapeAnalysis();

const FRAMES = 2_000;
const BOUND_BYTES_PER_FRAME = 4; // the reading's noise (the profiler's own session) is about 1 B a frame

describe('the page\'s frames allocate nothing in a steady frame (issue 29: "no steady allocation by tickflow itself")', () => {
  it(`a 60 Hz host, its rate measured every frame: under ${BOUND_BYTES_PER_FRAME} B a frame, escape analysis off`, async () => {
    let pending: ((timestampMs: number) => void) | undefined;
    const host = new FrameHost({
      requestAnimationFrame(callback) {
        pending = callback;
        return 1;
      },
      cancelAnimationFrame() {
        pending = undefined;
      },
    });
    let frames = 0;
    host.listen(() => void frames++);
    // Whole milliseconds, 16, 17, 17 apart (60 Hz): small integers, so the spec hands the host no heap number of its own.
    let timestampMs = 1_000;
    let k = 0;
    let delivered = 0;
    const bytes = await leastBytesPerFrame((count) => {
      delivered += count;
      for (let i = 0; i < count; i++) {
        timestampMs += k === 0 ? 16 : 17;
        k = (k + 1) % 3;
        pending!(timestampMs);
      }
    }, FRAMES, BOUND_BYTES_PER_FRAME);
    expect(frames).toBe(delivered); // every host tick a frame
    expect(host.hostIntervalMs).toBeCloseTo(1000 / 60, 1);
    expect(bytes).toBeLessThan(BOUND_BYTES_PER_FRAME);
  });
});
