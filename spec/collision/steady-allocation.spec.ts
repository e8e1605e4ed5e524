import { describe, expect, it } from 'vitest';
import { CollisionPass } from '../../src/collision/collision-pass.js';
import type { Collider } from '../../src/collision/shapes.js';
import { leastBytesPerFrame } from '../support/bytes-per-frame.js';
import { withoutEscapeAnalysis } from '../support/without-escape-analysis.js';

// Issue 29, item 3: "no steady allocation by tickflow itself". A pass over
// the same colliders, the same overlap pairs touching, sends no event and
// must allocate nothing. Before this check it walked its pairs with a Map
// iterator to find the ended ones: about 40 B for the iterator and 40 B a
// pair, every frame (bench/GAMES-RESULTS.md: 6.8-30 kB/s in Paddle Duel).
// Read with escape analysis off, which removes it in Node but did not in the
// browser (spec/support/without-escape-analysis.ts).
withoutEscapeAnalysis();

const FRAMES = 2_000;
const BOUND_BYTES_PER_FRAME = 4; // the reading's noise (the profiler's own session) is about 1 B a frame

const box = (id: number, x: number, response: Collider['response']): Collider => ({ id, x, y: 0, shape: { kind: 'box', width: 20, height: 20 }, response });

describe('the collision pass allocates nothing in a steady frame (issue 29: "no steady allocation by tickflow itself")', () => {
  it(`three overlap pairs touching all along and blocking colliders apart: no event, under ${BOUND_BYTES_PER_FRAME} B a frame`, async () => {
    const colliders = [box(1, 0, 'overlap'), box(2, 10, 'overlap'), box(3, 100, 'overlap'), box(4, 110, 'block'), box(5, 200, 'block'), box(6, 210, 'overlap'), box(7, 400, 'block')];
    const pass = new CollisionPass();
    let events = 0;
    const emit = (): void => {
      events++;
    };
    const bytes = await leastBytesPerFrame((frames) => {
      for (let i = 0; i < frames; i++) pass.run(colliders, emit);
    }, FRAMES, BOUND_BYTES_PER_FRAME);
    expect({ touchingPairs: pass.touchingPairs, events }).toEqual({ touchingPairs: 3, events: 3 }); // the three begins, then nothing
    expect(bytes).toBeLessThan(BOUND_BYTES_PER_FRAME);
  });
});
