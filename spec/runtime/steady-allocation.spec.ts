import { describe, expect, it } from 'vitest';
import { createRuntime, type RuntimeOptions } from '../../src/engines/runtime/index.js';
import { constantClock } from '../../src/index.js';
import { advancing, leastBytesPerFrame } from '../support/bytes-per-frame.js';
import { withoutEscapeAnalysis } from '../support/without-escape-analysis.js';

// Issue 29, item 3: "no steady allocation by tickflow itself". A runtime's
// fixed tick allocates nothing of tickflow's. Before this check every tick
// made a closure for its barrier and a scope for the closures the barrier
// makes when a command is queued (V8 makes that scope on entry, before the
// "nothing queued" return): 134 B a frame headless, and 67 B a frame at
// `runtime-phases.ts` in the Physics Playground (bench/GAMES-RESULTS.md).
// Read with escape analysis off, as Chromium's tiers allocate
// (spec/support/without-escape-analysis.ts).
withoutEscapeAnalysis();

const FRAMES = 2_000;
const BOUND_BYTES_PER_FRAME = 4; // the reading's noise (the profiler's own session) is about 1 B a frame
const never = { subscribe: () => ({ unsubscribe() {} }) };
const quiet: Pick<RuntimeOptions, 'ticks' | 'clock' | 'determinismWarnings' | 'onError'> = {
  ticks: never,
  clock: constantClock(1000 / 60),
  determinismWarnings: false,
  onError: (error) => {
    throw error;
  },
};

describe('the fixed-tick runtime allocates nothing of its own in a steady frame (issue 29: "no steady allocation by tickflow itself")', () => {
  // Its behaviours call nothing the shell records (setTransform and the like go through the shell's recorded-call
  // wrapper, whose rest array only escape analysis removes: Chromium's top tier does, and the backends bench reads
  // their bytes per object there), so what is read is the frame itself: barrier, tick input, the callbacks,
  // presentation and the frame view.
  it(`ten objects with fixedUpdate, update and lateUpdate, no physics: under ${BOUND_BYTES_PER_FRAME} B a frame`, async () => {
    const calls = new Int32Array(3);
    const runtime = createRuntime({
      ...quiet,
      scene: { objects: Array.from({ length: 10 }, (_, i) => ({ name: `o${i}`, position: [i, 0, 0] as const, behaviors: ['count'] })) },
      behaviors: {
        count: () => ({
          fixedUpdate: () => void calls[0]!++,
          update: () => void calls[1]!++,
          lateUpdate: () => void calls[2]!++,
        }),
      },
    });
    const bytes = await leastBytesPerFrame(advancing(runtime), FRAMES, BOUND_BYTES_PER_FRAME);
    runtime.destroy();
    expect(calls[0]).toBeGreaterThan(0);
    expect(bytes).toBeLessThan(BOUND_BYTES_PER_FRAME);
  });
});
