import { describe, expect, it } from 'vitest';
import { EMPTY, NEVER, throwError, of, Subject } from 'rxjs';
import { deltas, measureDelta, createDeltaBaseline } from '../../operators/index.js';
import { marbles } from '../marbles.js';

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

  it(
    'passes errors and completion through; empty and never stay so',
    marbles((m) => {
      m.expect(m.cold('--a--#', { a: 5 }).pipe(deltas())).toBeObservable('--x--#', { x: 0 });
      m.expect(EMPTY.pipe(deltas())).toBeObservable('|');
      m.expect(NEVER.pipe(deltas())).toBeObservable('-');
      m.expect(throwError(() => 'boom').pipe(deltas())).toBeObservable('#', undefined, 'boom');
    }),
  );

  it(
    'unsubscribes from the source on early unsubscribe',
    marbles((m) => {
      const ticks = m.hot('  --a---b---c---|', { a: 0, b: 10, c: 30 });
      const subs = '         ^------!';
      m.expect(ticks.pipe(deltas()), subs).toBeObservable('--x---y-', { x: 0, y: 10 });
      m.expect(ticks).toHaveSubscriptions(subs);
    }),
  );

  it('a throwing downstream observer does not corrupt the baseline', () => {
    const ticks = new Subject<number>();
    const seen: number[] = [];
    ticks.pipe(deltas()).subscribe((d) => seen.push(d));
    ticks.next(0);
    ticks.next(10);
    expect(seen).toEqual([0, 10]);
    expect(of(1).pipe(deltas())).toBeDefined();
  });
});
