import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { pipe } from 'rxjs';
import { capFps, createPacingGrid, deltas, pacingStep } from '../../operators/index.js';
import {
  deliveredRateHz,
  emissionsPerInput,
  hostileTimestampSequence,
  hostJitter,
  jitteredHostTicks,
  measuredHostHz,
  rateRunDurationMs,
  targetAndHost,
} from './arbitraries.js';

// Issue 2: "`capFps(fps)` | timestamps -> timestamps | the same grid, passing
// the real timestamp through (a cap that skips whole iterations, so
// downstream deltas stay real)".
// Seed (fixed-step-systems, Settings): "A cap does not slow a frame down. It
// skips whole iterations of the loop, and on a skipped iteration nothing runs
// at all".

/** The bound of issue 2 for the paced grid, which capFps shares. */
const RATE_TOLERANCE = 0.001;

const capRate = fc.oneof(fc.double({ min: 30, max: 240, noNaN: true }), fc.constantFrom(30, 60, 144));

describe('capFps() for any timestamp sequence', () => {
  it('"passing the real timestamp through": the kept timestamps are a subsequence of the input', () => {
    fc.assert(
      fc.property(capRate, hostileTimestampSequence, (fps, timestamps) => {
        const perTick = emissionsPerInput(capFps(fps), timestamps);
        // Each tick is kept as itself, then and there, or skipped: at most one
        // emission per tick, equal to it, so the output is the input with some removed.
        const misplaced = perTick.filter((emitted, i) => emitted.length > 1 || (emitted.length === 1 && !Object.is(emitted[0], timestamps[i])));
        expect(misplaced).toEqual([]);
        // A non-finite timestamp is never kept.
        expect(perTick.filter((emitted, i) => emitted.length > 0 && !Number.isFinite(timestamps[i]))).toEqual([]);
      }),
      { numRuns: 300 },
    );
  });

  it('"the same grid": it keeps exactly the ticks pace() would deliver on', () => {
    fc.assert(
      fc.property(capRate, hostileTimestampSequence, (fps, timestamps) => {
        const grid = createPacingGrid(1000 / fps);
        const expected = timestamps.map((t) => (pacingStep(grid, t) ? [t] : []));
        expect(emissionsPerInput(capFps(fps), timestamps)).toEqual(expected);
      }),
      { numRuns: 100 },
    );
  });

  it('"downstream deltas stay real": deltas() after it sum to the span of the kept ticks', () => {
    fc.assert(
      fc.property(capRate, hostileTimestampSequence, (fps, timestamps) => {
        const kept = emissionsPerInput(capFps(fps), timestamps).flat();
        const measured = emissionsPerInput(pipe(capFps(fps), deltas()), timestamps).flat();
        // Issue 12: "Whatever comes in, what goes out is finite": a span too wide for a double saturates.
        const span = (t: number, previous: number): number => (Number.isFinite(t - previous) ? t - previous : Math.sign(t - previous) * Number.MAX_VALUE);
        expect(measured).toEqual(kept.map((t, i) => (i === 0 ? 0 : span(t, kept[i - 1]!))));
      }),
      { numRuns: 100 },
    );
  });

  it('"Zero ... mean[s] uncapped": fps 0 (or Infinity) keeps every finite tick', () => {
    fc.assert(
      fc.property(fc.constantFrom(0, Infinity), hostileTimestampSequence, (fps, timestamps) => {
        expect(emissionsPerInput(capFps(fps), timestamps).flat()).toEqual(timestamps.filter(Number.isFinite));
      }),
      { numRuns: 100 },
    );
  });
});

describe('capFps() kept rate, host 30 to 240 Hz with ±1 ms jitter, cap 30 to 240 fps', () => {
  it('the kept rate is within 0.1% of min(cap, host), the bound pace() obeys', () => {
    fc.assert(
      fc.property(targetAndHost, hostJitter, ([fps, hostHz], jitter) => {
        const ticks = jitteredHostTicks(hostHz, jitter, rateRunDurationMs(fps, hostHz));
        const kept = emissionsPerInput(capFps(fps), ticks).flat();
        const keptHz = deliveredRateHz(kept.length, ticks);
        const expectedHz = Math.min(fps, measuredHostHz(ticks));
        const error = Math.abs(keptHz - expectedHz) / expectedHz;
        expect(error, `kept ${keptHz} Hz, expected ${expectedHz} Hz`).toBeLessThanOrEqual(RATE_TOLERANCE);
      }),
      { numRuns: 150 },
    );
  });
});
