import { describe, expect, it } from 'vitest';
import { Actor, createWorldEngine, type TickContext } from '../../../src/engines/world/index.js';
import { constantClock, nullBackend } from '../../../src/index.js';
import { advancing, leastBytesPerFrame } from '../../support/bytes-per-frame.js';
import { withoutEscapeAnalysis } from '../../support/without-escape-analysis.js';

// Issue 29, item 3: "no steady allocation by tickflow itself". A world
// engine's frame, actors moving and a game looking one up by name each
// frame, allocates nothing of tickflow's: before this check the render step
// made a new scene object a frame, and `world.find` a closure a call
// (bench/GAMES-RESULTS.md: `find` 2.3 kB/s in Paddle Duel). Read with escape
// analysis off, which removes both in Node but did not in the browser
// (spec/support/without-escape-analysis.ts).
withoutEscapeAnalysis();

const FRAMES = 2_000;
const BOUND_BYTES_PER_FRAME = 4; // the reading's noise (the profiler's own session) is about 1 B a frame

/** Moves one unit a tick along x, round a 100-unit track (whole numbers: nothing to box). */
class Walker extends Actor {
  override tick(_dt: number, context: TickContext): void {
    this.x = (this.x + 1) % 100;
    if (context.world.find('walker-0') === undefined) throw new Error('walker-0 is gone');
  }
}

describe('the world engine allocates nothing of its own in a steady frame (issue 29: "no steady allocation by tickflow itself")', () => {
  // determinismWarnings: true is a development build's default (the Vite dev server's): each guarded phase swaps
  // Math.random, Date.now, performance.now and Date for stand-ins that warn. Before they were made once, that
  // swap allocated about 3.5 kB a phase, a development build's frame garbage of tickflow's in every game.
  it.each([false, true])(`ten actors ticking, each looking one up with world.find, rendered on the null backend: under ${BOUND_BYTES_PER_FRAME} B a frame (determinismWarnings: %s)`, async (determinismWarnings) => {
    const engine = createWorldEngine({
      backend: nullBackend(),
      clock: constantClock(1000 / 60),
      determinismWarnings,
      levels: {
        main: (world) => {
          for (let i = 0; i < 10; i++) {
            const walker = world.spawn(new Walker());
            walker.name = `walker-${i}`;
            walker.x = i * 10;
          }
        },
      },
      startLevel: 'main',
    });
    const bytes = await leastBytesPerFrame(advancing(engine), FRAMES, BOUND_BYTES_PER_FRAME);
    engine.destroy();
    expect(bytes).toBeLessThan(BOUND_BYTES_PER_FRAME);
  });
});
