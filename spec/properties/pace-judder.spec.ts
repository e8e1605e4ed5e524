import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { createPacingGrid, pacingStep } from '../../operators/index.js';
import { nearestSlotFrameTimes } from '../../bench/nearest-slot-pacing.js';
import { nonModalIntervalShare } from '../../bench/pacing-metrics.js';
import { JUDDER_TARGET_POINTS, PACING_HOST_RATES_HZ, PACING_TARGETS_FPS } from '../../bench/pacing-cells.js';
import { driftingHost, hostJitter, jitteredHostTicks, measuredHostHz, type HostJitter } from './arbitraries.js';

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

/**
 * Issue 19's bound, in percentage points, and issue 29's: "The paced clock
 * holds its rate and its judder within 2 points of the floor on hosts whose
 * offsets repeat a pattern of 2 to 5 ticks or drift slowly, and on random
 * jitter at any host rate and target (near-whole ratios included) ... let the
 * property test assert the same bound everywhere."
 */
const JUDDER_POINTS = JUDDER_TARGET_POINTS;
/**
 * Near-whole ratios: the cell issue 29 reports (rounded as it reports it) and
 * three that a sweep measured above 2 points before the beat was retuned,
 * each with the jitter seed that put it there (this spec's xorshift jitter,
 * not the bench's table). Every run asserts the judder and the rate on each.
 *
 * The sweep (2026-12-06): 3,990 cells within 0.06 % of a whole ratio
 * (60-240 Hz, 30-144 fps, random ±1 ms, one jitter seed each) found 56 above
 * 2 points, the worst +4.31 at 31.3493 fps on 219.4285 Hz (ratio 6.99946) and
 * +4.15 at 47.0351 fps on 235.1537 Hz (4.99954).
 */
const NEAR_WHOLE_RATIO_CELLS: readonly { hostHz: number; targetFps: number; seed: number }[] = [
  { hostHz: 199.94, targetFps: 39.99, seed: 1 },
  { hostHz: 199.95, targetFps: 39.985, seed: 31676 },
  { hostHz: 219.4285, targetFps: 31.3493, seed: 165132287 },
  { hostHz: 235.1537, targetFps: 47.0351, seed: 3935024809 },
];
/** How far off a whole number the near-whole draws put the host/target ratio, relative to it, at most: 0.06 %, the sweeps'. */
const NEAR_WHOLE_MARGIN = 0.0006;
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

/** The bench's jitter model: each tick drawn at random within the band. */
const randomJitter = hostJitter.filter((jitter): jitter is Extract<HostJitter, { kind: 'random' }> => jitter.kind === 'random');

/** Issue 29: "offsets [that] repeat a pattern of 2 to 5 ticks", each within ±1 ms; the band's edges drawn often. */
const repeatingPattern: fc.Arbitrary<HostJitter> = fc
  .array(fc.oneof(fc.constantFrom(-1, 0, 1), fc.double({ min: -1, max: 1, noNaN: true })), { minLength: 2, maxLength: 5 })
  .map((offsetsMs) => ({ kind: 'pattern' as const, offsetsMs }));

/** Any host rate the pacer serves, a bench cell's often. */
const anyHost = fc.oneof(fc.double({ min: 60, max: 240, noNaN: true }), fc.constantFrom(...PACING_HOST_RATES_HZ));
/** Any target, a bench cell's often. */
const anyTarget = fc.oneof(fc.double({ min: 30, max: 144, noNaN: true }), fc.constantFrom(...PACING_TARGETS_FPS));

/**
 * A host rate and a target whose ratio is within NEAR_WHOLE_MARGIN of a whole
 * number of host frames a frame (2 to 8), both in range: where the ideal
 * instants take seconds to drift across the middle of two host frames.
 * Uniform draws almost never land there.
 */
const nearWholeRatio: fc.Arbitrary<[number, number]> = fc
  .tuple(fc.double({ min: 30, max: 120, noNaN: true }), fc.integer({ min: 2, max: 8 }), fc.double({ min: -NEAR_WHOLE_MARGIN, max: NEAR_WHOLE_MARGIN, noNaN: true }))
  .map(([targetFps, frames, off]): [number, number] => [Math.min(240, Math.max(60, targetFps * frames * (1 + off))), targetFps]);

/** Any host rate and target: uniform, a bench cell, or a near-whole ratio. */
const anyHostAndTarget: fc.Arbitrary<[number, number]> = fc.oneof(fc.tuple(anyHost, anyTarget), nearWholeRatio);

function assertJudder(hostHz: number, targetFps: number, jitter: HostJitter): void {
  const { judderPoints, rateError, rate } = pacedRun(hostHz, targetFps, jitter);
  expect(judderPoints, `judder, ${targetFps} fps on ${hostHz} Hz, ${JSON.stringify(jitter)}`).toBeLessThanOrEqual(JUDDER_POINTS);
  expect(rateError, `rate error, ${targetFps} fps on ${hostHz} Hz: ${rate}`).toBeLessThanOrEqual(RATE_TOLERANCE);
}

describe('pace() judder, host 60 to 240 Hz with offsets within ±1 ms, target 30 to 144 fps', () => {
  it('"at most +2 points" of intervals off the modal length above what the ratio forces, "in every jittered cell of the pacing bench"', () => {
    fc.assert(
      fc.property(fc.constantFrom(...PACING_HOST_RATES_HZ), fc.constantFrom(...PACING_TARGETS_FPS), randomJitter, (hostHz, targetFps, jitter) => {
        const { judderPoints } = pacedRun(hostHz, targetFps, jitter);
        expect(judderPoints, `judder, ${targetFps} fps on ${hostHz} Hz`).toBeLessThanOrEqual(JUDDER_POINTS);
      }),
      { numRuns: 60 },
    );
  });

  it('"on random jitter at any host rate and target (near-whole ratios included)": the same +2 points, the rate exact', () => {
    fc.assert(
      fc.property(anyHostAndTarget, randomJitter, ([hostHz, targetFps], jitter) => assertJudder(hostHz, targetFps, jitter)),
      {
        numRuns: 300,
        examples: NEAR_WHOLE_RATIO_CELLS.map(({ hostHz, targetFps, seed }): [[number, number], Extract<HostJitter, { kind: 'random' }>] => [
          [hostHz, targetFps],
          { kind: 'random', amplitudeMs: 1, seed },
        ]),
      },
    );
  });

  it('"on hosts whose offsets repeat a pattern of 2 to 5 ticks" (a compositor alternating early and late frames): the same +2 points, the rate exact', () => {
    fc.assert(
      fc.property(anyHostAndTarget, repeatingPattern, ([hostHz, targetFps], jitter) => assertJudder(hostHz, targetFps, jitter)),
      {
        numRuns: 300,
        // The pattern issue 19's sweep found +7.4 points with on a bench cell, and +22.2 off the cells.
        examples: [
          [[144, 50], { kind: 'pattern', offsetsMs: [1, -1, 1, 1] }],
          [[240, 34.277], { kind: 'pattern', offsetsMs: [1, -1, 1, 1] }],
        ],
      },
    );
  });

  it('"or drift slowly" (up to 1 ms over 2 to 30 s, random jitter for the rest of the band): the same +2 points, the rate exact', () => {
    fc.assert(
      fc.property(anyHostAndTarget, driftingHost, ([hostHz, targetFps], jitter) => assertJudder(hostHz, targetFps, jitter)),
      { numRuns: 200 },
    );
  });

  it('"with the rate still exact": within 0.1 % of min(target, host) on any rate, for random and repeating jitter, near-whole ratios included', () => {
    fc.assert(
      fc.property(anyHostAndTarget, hostJitter, ([hostHz, targetFps], jitter) => {
        const { rateError, rate } = pacedRun(hostHz, targetFps, jitter);
        expect(rateError, `rate error, ${targetFps} fps on ${hostHz} Hz: ${rate}`).toBeLessThanOrEqual(RATE_TOLERANCE);
      }),
      { numRuns: 80 },
    );
  });
});
