import { describe, expect, it } from 'vitest';
import { capFps, deltas } from '../../operators/index.js';
import { marbles } from '../marbles.js';
import { itPassesTheOperatorMatrix } from '../operator-matrix.js';

const H = 1000 / 60;

// Seed (fixed-step-systems, "Settings"): "A cap does not slow a frame down. It
// skips whole iterations of the loop, and on a skipped iteration nothing runs
// at all." The grid is pace()'s (spec/operators/pace.spec.ts).

describe('capFps(fps)', () => {
  it(
    '"skips whole iterations of the loop": a 30 fps cap keeps every other 60 Hz tick, real timestamps intact',
    marbles((m) => {
      const ticks = m.hot('  -a-b-c-d-e-|', { a: 0, b: H, c: 2 * H, d: 3 * H, e: 4 * H });
      const expected = '     -a---c---e-|';
      m.expect(ticks.pipe(capFps(30))).toBeObservable(expected, { a: 0, c: 2 * H, e: 4 * H });
    }),
  );

  it(
    'leaves what a frame is worth to the clock after it: deltas stay real',
    marbles((m) => {
      // The kept tick for slot 1 arrives 3 ms late (36.3): its delta says so.
      const ticks = m.hot('  -a-b-c-d-e-|', { a: 0, b: H, c: 2 * H + 3, d: 3 * H, e: 4 * H });
      const expected = '     -x---y---z-|';
      m.expect(ticks.pipe(capFps(30), deltas())).toBeObservable(expected, { x: 0, y: 2 * H + 3, z: 2 * H - 3 });
    }),
  );

  it(
    '"Zero and the engine\'s internal default both mean uncapped": capFps(0) and capFps(Infinity) keep every finite tick',
    marbles((m) => {
      const ticks = m.hot('  -a-b-n-c-|', { a: 0, b: 1, n: NaN, c: 2 });
      m.expect(ticks.pipe(capFps(0))).toBeObservable('-a-b---c-|', { a: 0, b: 1, c: 2 });
      m.expect(ticks.pipe(capFps(Infinity))).toBeObservable('-a-b---c-|', { a: 0, b: 1, c: 2 });
    }),
  );

  it('rejects a negative or non-numeric cap, naming the rule', () => {
    expect(() => capFps(-30)).toThrow('capFps: fps must be a number > 0, or 0 or Infinity for no cap, got -30');
    expect(() => capFps(NaN)).toThrow('got NaN');
    expect(() => capFps('30' as never)).toThrow('got "30"');
  });

  itPassesTheOperatorMatrix(() => capFps(30), 0);
});
