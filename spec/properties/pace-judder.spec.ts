import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { createPacingGrid, pacingStep } from '../../operators/index.js';
import { nearestSlotFrameTimes } from '../../bench/nearest-slot-pacing.js';
import { nonModalIntervalShare } from '../../bench/pacing-metrics.js';
import { JUDDER_TARGET_POINTS, PACING_HOST_RATES_HZ, PACING_TARGETS_FPS } from '../../bench/pacing-fidelity.js';
import { hostJitter, jitteredHostTicks, measuredHostHz } from './arbitraries.js';

// Issue 19: "the paced clock's judder on jittered hosts (the share of frame
// intervals that are not the modal one, above what the host/target ratio
// forces) ... bring it to at most +2 points in every jittered cell of the
// pacing bench (30, 50, 60 and 144 fps targets on 60-240 Hz hosts with ±1 ms
// jitter) with the rate still exact."
//
// DESIGN.md, Paced clock: "a target the host rate does not divide gets the
// nearest slot to each ideal instant; the average rate holds."
//
// The judder is measured as the bench measures it (bench/pacing-metrics.ts,
// bench/nearest-slot-pacing.ts): intervals counted in host frames, the share
// off the modal length, less the share of a perfect pacer (the nearest tick to
// each ideal instant) on a jitter-free host of the same rate.

/** Issue 19's bound, in percentage points, for the pacing bench's cells (its host rates and its targets). */
const JUDDER_POINTS = JUDDER_TARGET_POINTS;
/**
 * The bound on any host rate in [60, 240] Hz. Where the host/target ratio is
 * a hair off a whole number (7.99 at 239.6 Hz and 30 fps), the ideal instants
 * drift across the middle of two host frames over seconds, and ±1 ms jitter
 * flips which tick is nearest for a while: a sweep of 7,305 runs
 * (60-240 Hz in 0.37 Hz steps × 30, 45, 50, 60, 144 fps × 3 jitter seeds)
 * peaked at +2.00 points, and fast-check found +2.003 (239.64 Hz, 30 fps);
 * the 99th percentile was +0.67. So off the bench's cells the bound is 2.5,
 * a real margin over what was seen, not the 2 held at its edge. The
 * bench's host rate with a target it does not use is off its cells too:
 * fast-check found +2.108 at 240 Hz and 37.958 fps with a repeating
 * [+1, -1, +1, +1] ms jitter (seed 1743721554), the same drift at a target
 * whose ratio (6.32) is no whole number.
 */
const JUDDER_POINTS_ANY_RATE = 2.5;
/**
 * PERIODIC_JITTER, a limit found here and not met: a host whose offsets repeat
 * a short pattern at the band's edges (+1, -1, +1, +1 ms, over and over) is
 * outside the bench's model, and the judder bound is not asserted for it.
 * pace()'s beat estimate follows such a pattern: a sweep of 210 bench cells
 * x 7 patterns (2026-12-02, /tmp/sweep2.mts, reported on issue 19) found +7.4
 * points at 50 fps on 144 Hz with [+1, -1, +1, +1], where the look-ahead
 * nearest-slot grid on the same host has 0.0; off the bench's cells, +22.2 at
 * 34.277 fps on 240 Hz (the reference +9.6). The rate stays exact, and is
 * still asserted for every jitter.
 */
/**
 * The rate bound: the delivered rate (frames after the first over the span
 * from the first delivered tick to the last) within 0.1 % of min(target,
 * host), issue 2's bound. Over 20 s, ending a frame early or late at either
 * end of the span moves it by at most half a host frame over 20 s, 0.04 % at
 * 60 Hz, so this leaves no room for frames the grid gains or loses.
 */
const RATE_TOLERANCE = 0.001;
/** Simulated time per run: the pacing bench's. */
const RUN_MS = 20_000;

function pacedTicks(ticks: ArrayLike<number>, targetFps: number): number[] {
  const grid = createPacingGrid(1000 / targetFps);
  const delivered: number[] = [];
  for (let k = 0; k < ticks.length; k++) if (pacingStep(grid, ticks[k]!)) delivered.push(ticks[k]!);
  return delivered;
}

describe('pace() judder, host 60 to 240 Hz with up to ±1 ms jitter, target 30 to 144 fps', () => {
  it('"at most +2 points" of intervals off the modal length above what the ratio forces on the bench\'s hosts (2.5 on any rate), "with the rate still exact"', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.double({ min: 60, max: 240, noNaN: true }), fc.constantFrom(...PACING_HOST_RATES_HZ)),
        fc.oneof(fc.double({ min: 30, max: 144, noNaN: true }), fc.constantFrom(...PACING_TARGETS_FPS)),
        hostJitter,
        (hostHz, targetFps, jitter) => {
          const ticks = jitteredHostTicks(hostHz, jitter, RUN_MS);
          const steady = Float64Array.from({ length: ticks.length }, (_, k) => 1000 + (k * 1000) / hostHz);
          const forced = nonModalIntervalShare(nearestSlotFrameTimes(steady, targetFps), hostHz);

          const delivered = pacedTicks(ticks, targetFps);
          const judderPoints = (nonModalIntervalShare(delivered, hostHz) - forced) * 100;
          const deliveredHz = ((delivered.length - 1) * 1000) / (delivered[delivered.length - 1]! - delivered[0]!);
          const expectedHz = Math.min(targetFps, measuredHostHz(ticks));
          const rateError = Math.abs(deliveredHz / expectedHz - 1);

          const cell = `${targetFps} fps on ${hostHz} Hz`;
          const onBenchCell = (PACING_HOST_RATES_HZ as readonly number[]).includes(hostHz) && (PACING_TARGETS_FPS as readonly number[]).includes(targetFps);
          const bound = onBenchCell ? JUDDER_POINTS : JUDDER_POINTS_ANY_RATE;
          // The bound is the bench's jitter model: each tick drawn at random within the band. See PERIODIC_JITTER below.
          if (jitter.kind === 'random') expect(judderPoints, `judder, ${cell}`).toBeLessThanOrEqual(bound);
          expect(rateError, `rate error, ${cell}: delivered ${deliveredHz} Hz, expected ${expectedHz} Hz`).toBeLessThanOrEqual(RATE_TOLERANCE);
        },
      ),
      { numRuns: 150 },
    );
  });
});
