import { describe, expect, it } from 'vitest';
import { deltas, measureDelta, createDeltaBaseline } from '../../operators/index.js';
import { marbles } from '../marbles.js';
import { itPassesTheOperatorMatrix } from '../operator-matrix.js';

// DESIGN.md, clock rules: "The first tick after start or after a clock swap
// has no baseline and reports 0 ... The baseline is always the latest tick, so
// a timestamp behind the previous one advances nothing and the next tick
// measures from it." / "A timestamp that is not a finite number is declined
// and leaves the baseline unchanged."

describe('measureDelta (the step function)', () => {
  it('gives 0 with no baseline, then the time since the latest tick', () => {
    const baseline = createDeltaBaseline();
    expect(measureDelta(baseline, 1000)).toBe(0);
    expect(baseline.previousMs).toBe(1000);
    expect(measureDelta(baseline, 1016)).toBe(16);
    expect(measureDelta(baseline, 1033)).toBe(17);
  });

  it('declines a non-finite timestamp and leaves the baseline', () => {
    const baseline = createDeltaBaseline();
    measureDelta(baseline, 100);
    for (const bad of [NaN, Infinity, -Infinity]) {
      expect(measureDelta(baseline, bad)).toBeUndefined();
      expect(baseline.previousMs).toBe(100);
    }
    expect(measureDelta(baseline, 116)).toBe(16);
  });

  it('measures a backwards timestamp as negative once and rebases on it', () => {
    const baseline = createDeltaBaseline();
    measureDelta(baseline, 100);
    expect(measureDelta(baseline, 90)).toBe(-10);
    expect(measureDelta(baseline, 106)).toBe(16);
  });
});

describe('deltas()', () => {
  it(
    'emits elapsed time per tick; the first tick gives 0 (no baseline)',
    marbles((m) => {
      const ticks = m.hot('  --a---b---c---|', { a: 1000, b: 1016, c: 1033 });
      const expected = '     --x---y---z---|';
      m.expect(ticks.pipe(deltas())).toBeObservable(expected, { x: 0, y: 16, z: 17 });
    }),
  );

  it(
    '"a timestamp that is not a finite number is declined and leaves the baseline unchanged"',
    marbles((m) => {
      const ticks = m.hot('  --a---n---i---b---|', { a: 0, n: NaN, i: Infinity, b: 50 });
      const expected = '     --x-----------y---|';
      m.expect(ticks.pipe(deltas())).toBeObservable(expected, { x: 0, y: 50 });
    }),
  );

  it(
    '"the baseline is always the latest tick": a backwards tick rebases',
    marbles((m) => {
      const ticks = m.hot('  --a---b---c---|', { a: 50, b: 40, c: 56 });
      const expected = '     --x---y---z---|';
      m.expect(ticks.pipe(deltas())).toBeObservable(expected, { x: 0, y: -10, z: 16 });
    }),
  );

  it(
    'each subscription has its own baseline',
    marbles((m) => {
      const op = deltas();
      const ticks = m.hot('  --a---b---c---|', { a: 0, b: 10, c: 30 });
      const late = m.hot('   ------b---c---|', { b: 10, c: 30 });
      m.expect(ticks.pipe(op)).toBeObservable('--x---y---z---|', { x: 0, y: 10, z: 20 });
      m.expect(late.pipe(op)).toBeObservable('  ------x---z---|', { x: 0, z: 20 });
    }),
  );

  itPassesTheOperatorMatrix(() => deltas(), 16);
});
