import { describe, expect, it } from 'vitest';
import { countFrame, createFrameInfo, frameInfo } from '../../operators/index.js';
import { marbles } from '../marbles.js';
import { itPassesTheOperatorMatrix } from '../operator-matrix.js';

// Seed (frame-2d-actor-world, "FrameInfo"): "count — Frames delivered since the
// loop started. timeMs — Accumulated simulated time, in milliseconds.
// lastDeltaMs — The most recent frame's delta, in milliseconds."

describe('countFrame (the step function)', () => {
  it('counts a frame, adds its delta to simulated time and keeps it as the latest', () => {
    const info = createFrameInfo();
    expect(info).toEqual({ count: 0, timeMs: 0, activeMs: 0, lastDeltaMs: 0 });
    expect(countFrame(info, 0)).toEqual({ count: 1, timeMs: 0, activeMs: 0, lastDeltaMs: 0 });
    expect(countFrame(info, 16)).toEqual({ count: 2, timeMs: 16, activeMs: 16, lastDeltaMs: 16 });
    expect(countFrame(info, 17)).toEqual({ count: 3, timeMs: 33, activeMs: 33, lastDeltaMs: 17 });
  });
});

describe('frameInfo()', () => {
  it(
    '"The loop reports simulated time: the sum of the deltas it delivered"',
    marbles((m) => {
      const deltas = m.hot('  -a-b-c-|', { a: 0, b: 16, c: 250 });
      m.expect(deltas.pipe(frameInfo())).toBeObservable('-x-y-z-|', {
        x: { count: 1, timeMs: 0, activeMs: 0, lastDeltaMs: 0 },
        y: { count: 2, timeMs: 16, activeMs: 16, lastDeltaMs: 16 },
        z: { count: 3, timeMs: 266, activeMs: 266, lastDeltaMs: 250 },
      });
    }),
  );

  it(
    'declines a delta that is not a finite number: it counts nothing',
    marbles((m) => {
      const deltas = m.hot('  -a-n-i-b-|', { a: 5, n: NaN, i: Infinity, b: 5 });
      m.expect(deltas.pipe(frameInfo())).toBeObservable('-x-----y-|', {
        x: { count: 1, timeMs: 5, activeMs: 5, lastDeltaMs: 5 },
        y: { count: 2, timeMs: 10, activeMs: 10, lastDeltaMs: 5 },
      });
    }),
  );

  itPassesTheOperatorMatrix(() => frameInfo(), 16);
});
