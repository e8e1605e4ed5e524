import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { createPacingGrid, pacingStep } from '../../operators/index.js';
import { nearestSlotFrameTimes } from '../../bench/nearest-slot-pacing.js';
import { nonModalIntervalShare } from '../../bench/pacing-metrics.js';
import { JUDDER_TARGET_POINTS, PACING_HOST_RATES_HZ, PACING_TARGETS_FPS } from '../../bench/pacing-cells.js';
import { hostJitter, jitteredHostTicks, measuredHostHz, type HostJitter } from './arbitraries.js';

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
 * Off the bench's cells, issue 19's bound is asserted where the host/target
 * ratio is at least this far (relatively) from a whole number: 1 %.
 *
 * NEAR_WHOLE_RATIO, a limit measured and not met (issue 29 owns it): where
 * the ratio is a hair off a whole number, the ideal instants drift across the
 * point where pace() takes the earlier of two ticks over seconds, and ±1 ms
 * random jitter flips which tick it takes for as long as they stay there.
 * The judder then exceeds 2 points, and the 2.5 this spec asserted off the
 * bench's cells until 2026-12-06 too: a fresh clone's unit run drew 199.94 Hz
 * and 39.99 fps (+2.25 to +3.0 points depending on the jitter seed) and
 * fast-check shrank it for more than 12 minutes. A sweep of 3,990 cells
 * within 0.06 % of a whole ratio (60-240 Hz, 30-144 fps, random ±1 ms, one
 * jitter seed each; 2026-12-06) found 56 above 2 points and 20 above 2.5,
 * the worst +4.31 at 31.3493 fps on 219.4285 Hz (ratio 6.99946) and +4.15 at
 * 47.0351 fps on 235.1537 Hz (4.99954); its 99th percentile was +2.17. No
 * bound is asserted there, since none is known; the rate is, and holds.
 * Away from whole ratios the same model stays far below the bound: 3,005
 * cells at least 1 % off a whole ratio (half of them within 3 % of p/q,
 * q = 2-5) peaked at +0.47 points, and 3,000 uniform cells at +1.34 (the
 * worst of them 0.03 % off a whole ratio).
 */
const WHOLE_RATIO_MARGIN = 0.01;
/** Near-whole ratios: the cell issue 29 reports (rounded as it reports it) and three a sweep measured above 2 points. The rate is asserted on each, every run. */
const NEAR_WHOLE_RATIO_CELLS: readonly { hostHz: number; targetFps: number; seed: number }[] = [
  { hostHz: 199.94, targetFps: 39.99, seed: 1 },
  { hostHz: 199.95, targetFps: 39.985, seed: 31676 },
  { hostHz: 219.4285, targetFps: 31.3493, seed: 165132287 },
  { hostHz: 235.1537, targetFps: 47.0351, seed: 3935024809 },
];
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

/** One run of RUN_MS: the judder above what the ratio forces, in points, and the rate error, as the bench measures them. */
function pacedRun(hostHz: number, targetFps: number, jitter: HostJitter) {
  const ticks = jitteredHostTicks(hostHz, jitter, RUN_MS);
  const steady = Float64Array.from({ length: ticks.length }, (_, k) => 1000 + (k * 1000) / hostHz);
  const forced = nonModalIntervalShare(nearestSlotFrameTimes(steady, targetFps), hostHz);
  const delivered = pacedTicks(ticks, targetFps);
  const deliveredHz = ((delivered.length - 1) * 1000) / (delivered[delivered.length - 1]! - delivered[0]!);
  const expectedHz = Math.min(targetFps, measuredHostHz(ticks));
  return {
    judderPoints: (nonModalIntervalShare(delivered, hostHz) - forced) * 100,
    rateError: Math.abs(deliveredHz / expectedHz - 1),
    rate: `delivered ${deliveredHz} Hz, expected ${expectedHz} Hz`,
  };
}

/** How far the host/target ratio is from the nearest whole number, relative to the ratio. */
function offWholeRatio(hostHz: number, targetFps: number): number {
  const ratio = hostHz / targetFps;
  return Math.abs(ratio - Math.round(ratio)) / ratio;
}

/** The bench's jitter model: each tick drawn at random within the band (see PERIODIC_JITTER). */
const randomJitter = hostJitter.filter((jitter): jitter is Extract<HostJitter, { kind: 'random' }> => jitter.kind === 'random');

describe('pace() judder, host 60 to 240 Hz with up to ±1 ms jitter, target 30 to 144 fps', () => {
  it('"at most +2 points" of intervals off the modal length above what the ratio forces, "in every jittered cell of the pacing bench"', () => {
    fc.assert(
      fc.property(fc.constantFrom(...PACING_HOST_RATES_HZ), fc.constantFrom(...PACING_TARGETS_FPS), randomJitter, (hostHz, targetFps, jitter) => {
        const { judderPoints } = pacedRun(hostHz, targetFps, jitter);
        expect(judderPoints, `judder, ${targetFps} fps on ${hostHz} Hz`).toBeLessThanOrEqual(JUDDER_POINTS);
      }),
      { numRuns: 60 },
    );
  });

  it('off the bench\'s cells, the same +2 points wherever the host/target ratio is at least 1 % off a whole number (nearer, see NEAR_WHOLE_RATIO: a limit measured, not asserted)', () => {
    fc.assert(
      fc.property(fc.double({ min: 60, max: 240, noNaN: true }), fc.double({ min: 30, max: 144, noNaN: true }), randomJitter, (hostHz, targetFps, jitter) => {
        fc.pre(offWholeRatio(hostHz, targetFps) >= WHOLE_RATIO_MARGIN);
        const { judderPoints } = pacedRun(hostHz, targetFps, jitter);
        expect(judderPoints, `judder, ${targetFps} fps on ${hostHz} Hz`).toBeLessThanOrEqual(JUDDER_POINTS);
      }),
      { numRuns: 80 },
    );
  });

  it('"with the rate still exact": within 0.1 % of min(target, host) on any rate, for random and repeating jitter, near-whole ratios included', () => {
    const anyHost = fc.oneof(fc.double({ min: 60, max: 240, noNaN: true }), fc.constantFrom(...PACING_HOST_RATES_HZ));
    const anyTarget = fc.oneof(fc.double({ min: 30, max: 144, noNaN: true }), fc.constantFrom(...PACING_TARGETS_FPS));
    fc.assert(
      fc.property(anyHost, anyTarget, hostJitter, (hostHz, targetFps, jitter) => {
        const { rateError, rate } = pacedRun(hostHz, targetFps, jitter);
        expect(rateError, `rate error, ${targetFps} fps on ${hostHz} Hz: ${rate}`).toBeLessThanOrEqual(RATE_TOLERANCE);
      }),
      {
        numRuns: 80,
        examples: NEAR_WHOLE_RATIO_CELLS.map(({ hostHz, targetFps, seed }): [number, number, HostJitter] => [hostHz, targetFps, { kind: 'random', amplitudeMs: 1, seed }]),
      },
    );
  });
});
