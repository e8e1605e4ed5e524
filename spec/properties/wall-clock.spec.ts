import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { NEVER } from 'rxjs';
import { createLoop, DEFAULT_MAX_DELTA_MS, wallClock } from '../../src/index.js';
import { emissionsPerInput, finiteTimestampSequence } from './arbitraries.js';

// DESIGN.md, clock rules: "Wall clock: delta = this timestamp minus the
// previous tick's, floored at 0 and clamped to `maxDeltaMs` (default 250).
// The first tick after start or after a clock swap has no baseline and
// reports 0 (a frame worth nothing, still counted)."
//
// Seed (frame-2d-actor-world, Clamping): "The wall clock bounds what a single
// frame can be worth, and floors it at zero." / "A frame with no baseline
// before it reports zero."

const maxDeltaMs = fc.oneof(
  fc.constant(DEFAULT_MAX_DELTA_MS),
  fc.constant(0),
  fc.double({ min: 0, max: 1000, noNaN: true }),
);

describe('wallClock() for any finite timestamp sequence', () => {
  it('"floored at 0 and clamped to maxDeltaMs": every delta is within [0, maxDeltaMs]', () => {
    fc.assert(
      fc.property(finiteTimestampSequence, maxDeltaMs, (timestamps, maxMs) => {
        const perTick = emissionsPerInput(wallClock({ maxDeltaMs: maxMs }), timestamps);
        // "Every tick calls the clock once": a finite tick is one frame, never two.
        expect(perTick.filter((emitted) => emitted.length !== 1)).toEqual([]);
        expect(perTick.flat().filter((deltaMs) => !(deltaMs >= 0 && deltaMs <= maxMs))).toEqual([]);
      }),
      { numRuns: 300 },
    );
  });

  it('"delta = this timestamp minus the previous tick\'s, floored at 0 and clamped"', () => {
    fc.assert(
      fc.property(finiteTimestampSequence, maxDeltaMs, (timestamps, maxMs) => {
        const deltasMs = emissionsPerInput(wallClock({ maxDeltaMs: maxMs }), timestamps).flat();
        // "The baseline is always the latest tick", so each delta is measured from the tick just before.
        const expected = timestamps.map((t, i) => (i === 0 ? 0 : Math.min(maxMs, Math.max(0, t - timestamps[i - 1]!))));
        expect(deltasMs).toEqual(expected);
      }),
      { numRuns: 200 },
    );
  });

  it('"the first tick after start ... has no baseline and reports 0"', () => {
    fc.assert(
      fc.property(finiteTimestampSequence, maxDeltaMs, (timestamps, maxMs) => {
        const deltasMs = emissionsPerInput(wallClock({ maxDeltaMs: maxMs }), timestamps).flat();
        expect(deltasMs[0]).toBe(0);
      }),
      { numRuns: 100 },
    );
  });
});

describe('a loop on wallClock() driven by advance(), for any finite timestamp sequence', () => {
  it('every frame is worth [0, maxDeltaMs], the first 0, and the deltas sum to frame().timeMs', () => {
    fc.assert(
      fc.property(finiteTimestampSequence, maxDeltaMs, (timestamps, maxMs) => {
        const loop = createLoop({ ticks: NEVER, clock: wallClock({ maxDeltaMs: maxMs }), phases: ['update'] });
        const handedSeconds: number[] = [];
        loop.on('update', (dtSeconds) => handedSeconds.push(dtSeconds));
        // advance() works on a started loop; see the report for an unstarted one.
        loop.start();

        const frameDeltasMs: number[] = [];
        let declined = 0;
        let sumMs = 0;
        for (const timestampMs of timestamps) {
          if (!loop.advance(timestampMs)) declined++;
          const { lastDeltaMs } = loop.frame();
          frameDeltasMs.push(lastDeltaMs);
          sumMs += lastDeltaMs; // the same additions in the same order as FrameInfo: exact
        }

        const info = loop.frame();
        expect(declined).toBe(0);
        expect(info.count).toBe(timestamps.length);
        expect(info.timeMs).toBe(sumMs);
        expect(frameDeltasMs[0]).toBe(0);
        expect(frameDeltasMs.filter((deltaMs) => !(deltaMs >= 0 && deltaMs <= maxMs))).toEqual([]);
        // "FrameInfo [is] milliseconds; everything handed to game code (dt ...) is seconds."
        expect(handedSeconds).toEqual(frameDeltasMs.map((ms) => ms / 1000));
        loop.destroy();
      }),
      { numRuns: 200 },
    );
  });

  it('"after a clock swap" the first tick has no baseline and reports 0', () => {
    fc.assert(
      fc.property(finiteTimestampSequence, fc.nat(), maxDeltaMs, (timestamps, swapAt, maxMs) => {
        const loop = createLoop({ ticks: NEVER, clock: wallClock({ maxDeltaMs: maxMs }), phases: ['update'] });
        loop.start();
        const swap = swapAt % timestamps.length;
        timestamps.slice(0, swap).forEach((timestampMs) => loop.advance(timestampMs));
        loop.setClock(wallClock({ maxDeltaMs: maxMs }));
        loop.advance(timestamps[swap]!);
        expect(loop.frame().lastDeltaMs).toBe(0);
        loop.destroy();
      }),
      { numRuns: 100 },
    );
  });
});
