import { describe, expect, it } from 'vitest';
import { constantClock, pacedClock, seededClock, sequenceClock, wallClock } from '../../src/index.js';
import { createSeededRandom, nextRandom } from '../../operators/index.js';
import { marbles } from '../marbles.js';
import { itPassesTheOperatorMatrix } from '../operator-matrix.js';

const H = 1000 / 60;

describe('wallClock({ maxDeltaMs = 250 })', () => {
  it(
    '"delta = this timestamp minus the previous tick\'s, floored at 0 and clamped to maxDeltaMs (default 250)"',
    marbles((m) => {
      const ticks = m.hot('  -a-b-c-d-e-f-|', { a: 1000, b: 1016, c: 1033, d: 5000, e: 4990, f: 5006 });
      const expected = '     -x-y-z-w-v-u-|';
      m.expect(ticks.pipe(wallClock())).toBeObservable(expected, { x: 0, y: 16, z: 17, w: 250, v: 0, u: 16 });
    }),
  );

  it(
    '"A frame with no baseline before it reports zero": the first tick is a frame worth nothing',
    marbles((m) => {
      m.expect(m.hot('-a-|', { a: 123456 }).pipe(wallClock())).toBeObservable('-x-|', { x: 0 });
    }),
  );

  it(
    '"A timestamp that is not a finite number is declined and leaves the baseline unchanged"',
    marbles((m) => {
      const ticks = m.hot('  -a-n-b-|', { a: 100, n: NaN, b: 116 });
      m.expect(ticks.pipe(wallClock())).toBeObservable('-x---y-|', { x: 0, y: 16 });
    }),
  );

  it(
    'takes its own ceiling',
    marbles((m) => {
      const ticks = m.hot('  -a-b-|', { a: 0, b: 500 });
      m.expect(ticks.pipe(wallClock({ maxDeltaMs: 100 }))).toBeObservable('-x-y-|', { x: 0, y: 100 });
    }),
  );

  it('rejects a bad ceiling, naming wallClock\'s own option', () => {
    expect(() => wallClock({ maxDeltaMs: -5 })).toThrow('wallClock: maxDeltaMs must be a finite number >= 0, got -5');
  });

  itPassesTheOperatorMatrix(() => wallClock(), 0);
});

describe('pacedClock({ fps } | { intervalMs })', () => {
  it(
    '"the paced clock reports its own fixed interval"',
    marbles((m) => {
      const ticks = m.hot('  -a-b-c-d-e-|', { a: 0, b: H, c: 2 * H, d: 3 * H, e: 4 * H });
      m.expect(ticks.pipe(pacedClock({ fps: 30 }))).toBeObservable('-x---x---x-|', { x: 1000 / 30 });
      m.expect(ticks.pipe(pacedClock({ intervalMs: 2 * H }))).toBeObservable('-x---x---x-|', { x: 2 * H });
    }),
  );

  it('takes a rate or an interval, not both, and names the bad one', () => {
    expect(() => pacedClock({ fps: 0 })).toThrow('pacedClock: fps must be a finite number > 0, got 0');
    expect(() => pacedClock({ intervalMs: -1 })).toThrow('pacedClock: intervalMs must be a finite number > 0, got -1');
    expect(() => pacedClock({ fps: 30, intervalMs: 10 } as never)).toThrow('pacedClock: fps must be given alone, not with intervalMs, got 30');
    expect(() => pacedClock({} as never)).toThrow('pacedClock: fps or intervalMs must be given, got undefined');
  });

  itPassesTheOperatorMatrix(() => pacedClock({ fps: 60 }), 0);
});

describe('scripted clocks', () => {
  // "A clock that ignores the host timestamp therefore produces the same
  // deltas under both [a host frame callback and an explicit advance]"
  it(
    'constantClock, sequenceClock and seededClock ignore the timestamp, and decline a non-finite one',
    marbles((m) => {
      const ticks = m.hot('  -a-b-n-c-|', { a: 5, b: 5000, n: NaN, c: -3 });
      m.expect(ticks.pipe(constantClock(16))).toBeObservable('-x-x---x-|', { x: 16 });
      m.expect(ticks.pipe(sequenceClock([10, 20]))).toBeObservable('-x-y---x-|', { x: 10, y: 20 });
      const random = createSeededRandom(9);
      const [p, q, r] = [0, 1, 2].map(() => 10 + 10 * nextRandom(random)) as [number, number, number];
      m.expect(ticks.pipe(seededClock({ seed: 9, minMs: 10, maxMs: 20 }))).toBeObservable('-p-q---r-|', { p, q, r });
    }),
  );

  it('validate their options, naming the clock that was called', () => {
    expect(() => constantClock(-1)).toThrow('constantClock: ms must be a finite number >= 0, got -1');
    expect(() => sequenceClock([16, -1])).toThrow('sequenceClock: list[1] must be a finite number >= 0, got -1');
    expect(() => seededClock({ seed: 2 ** 32, minMs: 0, maxMs: 1 })).toThrow('seededClock: seed must be a whole number');
  });

  itPassesTheOperatorMatrix(() => constantClock(16), 0);
});
