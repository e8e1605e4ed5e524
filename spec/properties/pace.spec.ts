import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { createPacingGrid,
  HOST_INTERVAL_WINDOW, pace, pacingStep } from '../../operators/index.js';
import { pacedClock } from '../../src/index.js';
import {
  deliveredRateHz,
  emissionsPerInput,
  hostileTimestampSequence,
  hostJitter,
  jitteredHostTicks,
  measuredHostHz,
  rateRunDurationMs,
  targetAndHost,
  type HostJitter,
} from './arbitraries.js';

// DESIGN.md, clock rules: "Paced clock (interval I): an ideal grid, frame n
// due at n·I after the first delivered tick. The first tick delivers I. A tick
// at or after the due time delivers exactly I and moves the grid on by one."
// ... "A target faster than the host therefore yields one frame per tick; a
// target the host rate does not divide gets the nearest slot to each ideal
// instant; the average rate holds."
//
// Seed (frame-2d-actor-world, Pacing): "Every delivered frame is worth exactly
// one interval, whatever the tick's real arrival time." / "The rate ticks
// arrive at bounds what pacing can deliver. A target above it yields a frame
// per tick, and a target it does not divide evenly yields the nearest slot to
// each ideal instant."
//
// Issue 2, testing: "the paced grid never delivers two frames for one tick and
// holds the average rate within 0.1% of min(target, host) for host rates 30 to
// 240 Hz with ±1 ms jitter".

/** The bound of issue 2, not to be loosened: a failure here is a finding. */
const RATE_TOLERANCE = 0.001;

const intervalMs = fc.oneof(
  fc.double({ min: 1000 / 240, max: 1000 / 30, noNaN: true }),
  fc.constantFrom(1000 / 60, 1000 / 30, 1000 / 144, 20),
);

describe('pace() for any timestamp sequence', () => {
  it('"never delivers two frames for one tick"; each frame is "worth exactly one interval"', () => {
    fc.assert(
      fc.property(intervalMs, hostileTimestampSequence, (interval, timestamps) => {
        const perTick = emissionsPerInput(pace(interval), timestamps);
        // One expect per run (not per tick) keeps the properties fast; the
        // offending ticks are listed in the failure.
        expect(perTick.filter((emitted) => emitted.length > 1 || emitted.some((deltaMs) => deltaMs !== interval))).toEqual([]);
        // "The first tick delivers I": the first finite tick is always a frame.
        const first = timestamps.findIndex(Number.isFinite);
        if (first >= 0) expect(perTick[first]).toEqual([interval]);
      }),
      { numRuns: 300 },
    );
  });

  it('the operator delivers exactly on the ticks its step function (pacingStep) accepts', () => {
    fc.assert(
      fc.property(intervalMs, hostileTimestampSequence, (interval, timestamps) => {
        const grid = createPacingGrid(interval);
        const expected = timestamps.map((t) => (pacingStep(grid, t) ? [interval] : []));
        expect(emissionsPerInput(pacedClock({ intervalMs: interval }), timestamps)).toEqual(expected);
      }),
      { numRuns: 100 },
    );
  });
});

const startMs = fc.double({ min: 0, max: 1e6, noNaN: true });

/** The ticks, by index, that pace() declines over 5 s of a host at `hostHz` wobbling by `jitter`, for a target of `targetFps`. */
function declinedTicks(hostHz: number, targetFps: number, jitter: HostJitter, start: number): number[] {
  const ticks = jitteredHostTicks(hostHz, jitter, 5_000, start);
  const grid = createPacingGrid(1000 / targetFps);
  return ticks.flatMap((t, k) => (pacingStep(grid, t) ? [] : [k]));
}

describe('pace() average rate, host 30 to 240 Hz with ±1 ms jitter, target 30 to 240 fps', () => {
  it('"the average rate holds": within 0.1% of min(target, host)', () => {
    fc.assert(
      fc.property(targetAndHost, hostJitter, startMs, ([targetFps, hostHz], jitter, start) => {
        const ticks = jitteredHostTicks(hostHz, jitter, rateRunDurationMs(targetFps, hostHz), start);
        const grid = createPacingGrid(1000 / targetFps);
        let frames = 0;
        for (const t of ticks) if (pacingStep(grid, t)) frames++;

        const deliveredHz = deliveredRateHz(frames, ticks);
        const expectedHz = Math.min(targetFps, measuredHostHz(ticks));
        const error = Math.abs(deliveredHz - expectedHz) / expectedHz;
        expect(error, `delivered ${deliveredHz} Hz, expected ${expectedHz} Hz`).toBeLessThanOrEqual(RATE_TOLERANCE);
      }),
      { numRuns: 300 },
    );
  });

  it('"a target faster than the host ... yields one frame per tick", for random and repeating ±1 ms jitter (see PATTERN_DECLINES below)', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 30, max: 240, noNaN: true }),
        fc.double({ min: 1, max: 8, minExcluded: true, noNaN: true }),
        hostJitter,
        startMs,
        (hostHz, ratio, jitter, start) => {
          const declined = declinedTicks(hostHz, hostHz * ratio, jitter, start);
          // Until the host estimate's window has filled, a host whose first
          // intervals all read short (jitter drifting one way) looks faster
          // than it is, and one tick may be declined; never after.
          expect(declined.filter((k) => k > HOST_INTERVAL_WINDOW)).toEqual([]);
          expect(declined.length).toBeLessThanOrEqual(1);
        },
      ),
      { numRuns: 300 },
    );
  });
});

/**
 * PATTERN_DECLINES, a defect found on 2026-12-06 and fixed by issue 29's
 * beat: on a host whose offsets repeat a short pattern at the band's edges, a
 * target faster than the host lost a frame now and then, long after the host
 * estimate's window had filled (the property above, drawing patterns, failed
 * in about 1 unit run in 40: 7 of 300 asserts of 300 runs each, all at
 * 236-240 Hz with targets 1.0 to 1.6 times the host; 3 of 40,000 runs in a
 * sweep). The beat followed the long-run mean's error, which such a pattern
 * keeps moving, 16 times over; the line the beat is now fitted to does not (0
 * of 40,000 runs of the same sweep), so the property draws patterns again and
 * the two cases it shrank to, pinned here with `it.fails` until now, pass.
 */
describe('pace() on a host whose timestamps repeat a short pattern of ±1 ms offsets: no tick declined past the estimate\'s window (PATTERN_DECLINES, fixed)', () => {
  it('245.58 fps on a 240 Hz host repeating +1, +1, -1 ms: one frame per tick (pace() declined tick 38)', () => {
    expect(declinedTicks(240, 245.58, { kind: 'pattern', offsetsMs: [1, 1, -1] }, 0)).toEqual([]);
  });

  it('375 fps on a 240 Hz host repeating +1, -1, -1, +1, -1 ms: one frame per tick (pace() declined tick 36)', () => {
    expect(declinedTicks(240, 375, { kind: 'pattern', offsetsMs: [1, -1, -1, 1, -1] }, 0)).toEqual([]);
  });
});

// Counterexamples the properties above found and shrank, pinned so they fail
// on every run rather than when fast-check happens to draw them (see the
// report). The host runs at exactly its rate and reports each vsync instant
// within ±1 ms, repeating the offsets +1, -1, -1 ms.
//
// DESIGN.md: "a tick up to half a host interval early also counts as on time;
// the host interval is estimated from recent ticks (a short running average,
// so one jittered interval does not move a slot)." Every declined tick below
// is 2 ms early against a true half-interval of 2.08 ms (240 Hz), and is
// declined because the estimate it is compared with reads short: 2 ms short
// from the one interval after the first tick, 0.5 ms short from the 4-interval
// average later on. The grid then runs a slot behind the host until a tick a
// whole interval late restarts it, abandoning that slot: the frame is lost.
describe('pace() on a host whose timestamps repeat the offsets +1, -1, -1 ms (found by the properties above)', () => {
  const ticksAt = (hz: number, count: number) =>
    Array.from({ length: count }, (_, k) => 1000 + (k * 1000) / hz + [1, -1, -1][k % 3]!);
  // 1001, 1003.17, 1007.33, 1013.5, 1015.67, 1019.83, 1026, 1028.17, 1032.33 at 240 Hz

  it('240 fps on a 240 Hz host: "a tick up to half a host interval early also counts as on time"', () => {
    const delivered = emissionsPerInput(pace(1000 / 240), ticksAt(240, 9)).map((emitted) => emitted.length);
    // Before the fix: [1, 0, 1, 1, 0, 1, 1, 0, 1] (a mean host estimate read short, and kept
    // losing frames). The second tick is judged by the one interval known, which this jitter
    // shortened to 2.2 ms: it is declined once; every tick after it is a frame.
    expect(delivered).toEqual([1, 0, 1, 1, 1, 1, 1, 1, 1]);
  });

  it('241 fps on a 240 Hz host: "A target faster than the host therefore yields one frame per tick"', () => {
    const delivered = emissionsPerInput(pace(1000 / 241), ticksAt(240, 9)).map((emitted) => emitted.length);
    // Before the fix: [1, 0, 1, 1, 0, 1, 1, 0, 1]. Now only the ambiguous second tick (see above).
    expect(delivered).toEqual([1, 0, 1, 1, 1, 1, 1, 1, 1]);
  });

  it('225 fps on a 225 Hz host for 10 s: "the average rate holds" within 0.1%', () => {
    const ticks = ticksAt(225, 2250);
    const frames = emissionsPerInput(pacedClock({ fps: 225 }), ticks).flat().length;
    const expectedHz = Math.min(225, measuredHostHz(ticks));
    const error = Math.abs(deliveredRateHz(frames, ticks) - expectedHz) / expectedHz;
    expect(error).toBeLessThanOrEqual(RATE_TOLERANCE); // before the fix: 2003 frames for 2250 ticks, 11% low
  });
});
