import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createRuntime } from 'tickflow/runtime';

// Invariants of the fixed-tick runtime over arbitrary frame times and presses (fast-check).

const STEP_MS = 10;
const never = { subscribe: () => ({ unsubscribe() {} }) };

describe('runtime properties', () => {
  it('time is conserved: ticks × fixed_delta + dropped time + the kept fraction = the time delivered; never more than 4 ticks a frame', () => {
    fc.assert(
      fc.property(fc.array(fc.double({ min: 0, max: 120, noNaN: true }), { minLength: 1, maxLength: 80 }), (deltas) => {
        let ticksInFrame = 0;
        let most = 0;
        const runtime = createRuntime({
          scene: { simulation: { fixed_delta: STEP_MS / 1000 }, objects: [{ name: 'a', behaviors: ['count'] }] },
          behaviors: { count: () => ({ fixedUpdate: () => void ticksInFrame++, update: () => { most = Math.max(most, ticksInFrame); ticksInFrame = 0; } }) },
          ticks: never,
        });
        let t = 0;
        runtime.advance(t);
        for (const delta of deltas) runtime.advance((t += delta));
        const { ticks, droppedSeconds, alpha } = runtime.stats();
        runtime.destroy();
        expect(most).toBeLessThanOrEqual(4);
        expect(ticks * STEP_MS + droppedSeconds * 1000 + alpha * STEP_MS).toBeCloseTo(t, 6);
      }),
      { numRuns: 300 },
    );
  });

  it('every press is seen by exactly one fixed tick: the first tick after it (presses before one tick merge into one edge)', () => {
    fc.assert(
      fc.property(fc.array(fc.record({ delta: fc.double({ min: 0, max: 45, noNaN: true }), press: fc.boolean() }), { minLength: 1, maxLength: 80 }), (frames) => {
        let seen = 0;
        const runtime = createRuntime({
          scene: { simulation: { fixed_delta: STEP_MS / 1000 }, objects: [{ name: 'p', behaviors: ['p'] }] },
          behaviors: { p: (game) => ({ fixedUpdate: () => void (game.input().jump && seen++) }) },
          ticks: never,
        });
        let t = 0;
        let pending = false;
        let expected = 0;
        let ticksBefore = 0;
        runtime.advance(t);
        for (const { delta, press } of frames) {
          if (press) {
            runtime.press('Space');
            runtime.release('Space');
            pending = true;
          }
          runtime.advance((t += delta));
          const ticks = runtime.stats().ticks;
          if (ticks > ticksBefore && pending) {
            expected++;
            pending = false;
          }
          ticksBefore = ticks;
        }
        runtime.destroy();
        expect(seen).toBe(expected);
      }),
      { numRuns: 300 },
    );
  });
});
