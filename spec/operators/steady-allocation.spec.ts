import { describe, expect, it } from 'vitest';
import { createPacingGrid, pacingStep } from '../../operators/pacing-grid.js';
import { leastBytesPerFrame } from '../support/bytes-per-frame.js';
import { withoutEscapeAnalysis } from '../support/without-escape-analysis.js';

// Issue 29, item 3: "no steady allocation by tickflow itself". The paced
// clock (and the page engine's fps cap) decides each host tick with
// `pacingStep`: number fields and arithmetic only, which optimized code keeps
// unboxed. Two expressions did not, each a new heap number a tick in Node's
// optimized code: the tick's instant, joining the beat's number with the
// timestamp parameter, and the host's estimated interval, whose `NaN` before
// the first interval was the global `NaN` (32 B a tick together). Read with
// escape analysis off (spec/support/without-escape-analysis.ts).
withoutEscapeAnalysis();

const TICKS = 2_000;
const BOUND_BYTES_PER_TICK = 4; // the reading's noise (the profiler's own session) is about 1 B a tick

/** Runs a grid of `fps` on a 60 Hz host: whole milliseconds, 16, 17, 17 apart, so the spec hands it no heap number of its own. */
function pacedTicks(fps: number): { run: (ticks: number) => void; frames: () => number; ticks: () => number } {
  const grid = createPacingGrid(1000 / fps);
  let timestampMs = 1_000;
  let k = 0;
  let frames = 0;
  let ticksRun = 0;
  const run = (ticks: number): void => {
    ticksRun += ticks;
    for (let i = 0; i < ticks; i++) {
      timestampMs += k === 0 ? 16 : 17;
      k = (k + 1) % 3;
      if (pacingStep(grid, timestampMs)) frames++;
    }
  };
  return { run, frames: () => frames, ticks: () => ticksRun };
}

describe('the pacing grid allocates nothing in a steady tick (issue 29: "no steady allocation by tickflow itself")', () => {
  for (const fps of [30, 60]) {
    it(`${fps} fps on a 60 Hz host: under ${BOUND_BYTES_PER_TICK} B a tick, escape analysis off`, async () => {
      const { run, frames, ticks } = pacedTicks(fps);
      const bytes = await leastBytesPerFrame(run, TICKS, BOUND_BYTES_PER_TICK);
      // Every tick a frame at 60, every other one at 30 (a few more or fewer over the ticks run, 4,000 or more).
      expect(frames() / ticks()).toBeCloseTo(fps / 60, 2);
      expect(bytes).toBeLessThan(BOUND_BYTES_PER_TICK);
    });
  }
});
