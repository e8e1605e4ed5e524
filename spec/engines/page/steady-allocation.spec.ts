import { describe, expect, it } from 'vitest';
import type { FrameHost } from '../../../src/hosts/animation-frames.js';
import { createEngine } from '../../../src/engines/page/index.js';
import { PageClock, type ClockedEngine } from '../../../src/engines/page/page-clock.js';
import { leastBytesPerFrame } from '../../support/bytes-per-frame.js';
import { withoutEscapeAnalysis } from '../../support/without-escape-analysis.js';
import { testFrames } from './frames.js';

// Issue 29, item 3: "no steady allocation by tickflow itself". A page engine
// with an fps cap leaves the page's clock at the end of each of its frames and
// joins it again from its timer (src/engines/page/page-seat.ts); the clock
// replaced its list of engines on each (a spread on join, a `filter` and its
// closure on leave), which the whole-games bench charged to `join`,
// `onTimer` and `sleepUntilSlot` (bench/GAMES-RESULTS.md: 2-3 kB/s each in
// page-together). And `engine.input`, which games read in every hook, made its
// input on first use by a closure over `this`: V8 made the getter's context
// (where `this` lives for the closure) on every call, made or not (the
// bench's `get input`, 1-8 kB/s in every page game, "unexplained"). Read with escape analysis off
// (spec/support/without-escape-analysis.ts).
withoutEscapeAnalysis();

const FRAMES = 2_000;
const BOUND_BYTES_PER_FRAME = 4; // the reading's noise (the profiler's own session) is about 1 B a frame

/** A host that hands the clock's listener to the spec, which runs its frames. */
function handHost(): { host: FrameHost; frame: (timestampMs: number) => void } {
  let listener: ((timestampMs: number) => void) | undefined;
  const host = {
    listen(l: (timestampMs: number) => void) {
      listener = l;
      return () => {
        listener = undefined;
      };
    },
    listenerCount: 0,
  } as unknown as FrameHost;
  return { host, frame: (timestampMs) => listener?.(timestampMs) };
}

describe('the page clock allocates nothing in a steady frame (issue 29: "no steady allocation by tickflow itself")', () => {
  it(`three engines, one of them capped (leaving at its frame's end, joining again before the next): under ${BOUND_BYTES_PER_FRAME} B a frame, escape analysis off`, async () => {
    const { host, frame } = handHost();
    const clock = new PageClock(host);
    let staged = 0;
    const engine = (): ClockedEngine => ({ begin() {}, stage: () => void staged++, end() {} });
    const capped: ClockedEngine = { begin() {}, stage: () => void staged++, end: () => clock.leave(capped) };
    clock.join(engine());
    clock.join(capped);
    clock.join(engine());
    const bytes = await leastBytesPerFrame((frames) => {
      for (let i = 0; i < frames; i++) {
        frame(16 * i);
        clock.join(capped); // its timer (page-seat's onTimer)
      }
    }, FRAMES, BOUND_BYTES_PER_FRAME);
    expect(staged).toBeGreaterThan(0);
    expect(clock.size).toBe(3);
    expect(bytes).toBeLessThan(BOUND_BYTES_PER_FRAME);
  });

  it(`engine.input, read by three hooks a frame: under ${BOUND_BYTES_PER_FRAME} B a frame, escape analysis off`, async () => {
    const engine = createEngine({ frames: testFrames(), pause: false });
    let held = 0;
    const bytes = await leastBytesPerFrame((frames) => {
      for (let i = 0; i < frames; i++) {
        if (engine.input.held('ArrowLeft')) held++;
        if (engine.input.pressed('Space')) held++;
        if (engine.input.pointer.inside) held++;
      }
    }, FRAMES, BOUND_BYTES_PER_FRAME);
    expect(held).toBe(0);
    expect(bytes).toBeLessThan(BOUND_BYTES_PER_FRAME);
  });

  // The whole-games bench's `Set ← get paused page-engine.ts:244` (0.4-1.0 kB/s in the DOM games, whose readouts
  // read it every frame): the getter made a new set on every read.
  it(`engine.paused, read every frame: under ${BOUND_BYTES_PER_FRAME} B a frame, escape analysis off`, async () => {
    const engine = createEngine({ frames: testFrames(), pause: false });
    engine.start();
    let paused = 0;
    const bytes = await leastBytesPerFrame((frames) => {
      for (let i = 0; i < frames; i++) if (engine.paused.size > 0) paused++;
    }, FRAMES, BOUND_BYTES_PER_FRAME);
    expect(paused).toBe(0);
    expect(bytes).toBeLessThan(BOUND_BYTES_PER_FRAME);
    engine.destroy();
  });
});
