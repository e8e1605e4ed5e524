import { describe, expect, it } from 'vitest';
import { createInput } from 'tickflow';
import { leastBytesPerFrame } from '../support/bytes-per-frame.js';
import { withoutEscapeAnalysis } from '../support/without-escape-analysis.js';

// Issue 29, item 3: "no steady allocation by tickflow itself". The input's
// frame close runs every frame of every preset; before this check it walked
// its actions with a Map iterator, about 40 B for the iterator and 40 B for
// each action's step, every frame (bench/GAMES-RESULTS.md: 5-14 kB/s in the
// page and pixi games). Read with escape analysis off, which removes it in
// Node but did not in the browser (spec/support/without-escape-analysis.ts).
withoutEscapeAnalysis();

const FRAMES = 2_000;
const BOUND_BYTES_PER_FRAME = 4; // the reading's noise (the profiler's own session) is about 1 B a frame

describe('the input allocates nothing in a steady frame (issue 29: "no steady allocation by tickflow itself")', () => {
  it(`closeFrame over six bound actions, one held and read each frame: under ${BOUND_BYTES_PER_FRAME} B a frame, escape analysis off`, async () => {
    const input = createInput({ bindings: { up: ['KeyW'], down: ['KeyS'], left: ['KeyA'], right: ['KeyD'], fire: ['Space'], pause: ['Escape'] } });
    input.press('KeyW');
    const bytes = await leastBytesPerFrame((frames) => {
      for (let i = 0; i < frames; i++) {
        input.frame.held('up');
        input.frame.pressed('fire');
        input.closeFrame();
      }
    }, FRAMES, BOUND_BYTES_PER_FRAME);
    expect(bytes).toBeLessThan(BOUND_BYTES_PER_FRAME);
  });
});
