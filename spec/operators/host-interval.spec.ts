import { describe, expect, it } from 'vitest';
import {
  BEAT_WINDOW,
  createHostInterval,
  estimatedHostIntervalMs,
  HOST_INTERVAL_WINDOW,
  LONGEST_FRAME_INTERVAL_MS,
  observeHostTick,
  OFF_BEAT_MS,
  resumeHostInterval,
  SETTLED_INTERVALS,
  type HostInterval,
} from '../../operators/index.js';

// Issue 19: "one host-interval estimate", used by the pacing grid and by the
// page's FrameHost (spec/hosts/hosts.spec.ts). The grid's use of it is in
// spec/operators/pace.spec.ts.

const H240 = 1000 / 240;
/** ±1 ms, the jitter, in a fixed order that reaches both ends. */
const JITTER_MS = [1, -1, 0.4, -0.7, 0.9, -0.2, -1, 0.6];

function fed(timestampsMs: readonly number[]): HostInterval {
  const host = createHostInterval();
  for (const t of timestampsMs) observeHostTick(host, t);
  return host;
}

const jittered240 = (count: number, startMs = 1000): number[] =>
  Array.from({ length: count }, (_, k) => startMs + k * H240 + JITTER_MS[k % JITTER_MS.length]!);

describe('estimatedHostIntervalMs', () => {
  it('is NaN before an interval, then the longest recent interval while the mean is short', () => {
    const host = createHostInterval();
    expect(estimatedHostIntervalMs(host)).toBeNaN();
    observeHostTick(host, 1000);
    expect(estimatedHostIntervalMs(host)).toBeNaN();
    for (const t of [1010, 1019, 1030]) observeHostTick(host, t); // 10, 9, 11
    expect(estimatedHostIntervalMs(host)).toBe(11);
    expect(HOST_INTERVAL_WINDOW).toBe(4);
  });

  it(`is the mean once it has SETTLED_INTERVALS (${SETTLED_INTERVALS}) intervals: ±1 ms of jitter at 240 Hz no longer reads as length`, () => {
    const before = fed(jittered240(SETTLED_INTERVALS)); // 31 intervals
    expect(estimatedHostIntervalMs(before)).toBeGreaterThan(H240 + 1); // the longest recent interval: jitter read as length
    const settled = fed(jittered240(SETTLED_INTERVALS + 1));
    // The mean: off by at most twice the jitter over the intervals (2/32 ms).
    expect(Math.abs(estimatedHostIntervalMs(settled) - H240)).toBeLessThanOrEqual(2 / SETTLED_INTERVALS);
  });

  it(`takes no stall into it: an interval over STALL_FACTOR times the time shared so far, or of ${LONGEST_FRAME_INTERVAL_MS} ms or more even as the first`, () => {
    const first = fed([0, 5000, 5010, 5020]);
    expect(estimatedHostIntervalMs(first)).toBe(10); // the 5 s first interval (a tab hidden after one frame) is not the rate
    const stalled = fed([0, 10, 20, 30, 40, 400, 410]);
    expect(stalled.sumCount).toBe(1); // the mean started over at the stall (400)
    expect(estimatedHostIntervalMs(stalled)).toBe(10); // the ring, kept, and the new mean
  });
});

describe('the beat (observeHostTick, step 4)', () => {
  it('averages ±1 ms of jitter out: once settled, every tick is on the beat, within 0.25 ms of its vsync', () => {
    const host = createHostInterval();
    const ticks = jittered240(2000);
    const offBeat: number[] = [];
    let worstMs = 0;
    ticks.forEach((t, k) => {
      observeHostTick(host, t);
      if (k <= SETTLED_INTERVALS) {
        expect(host.onBeat).toBe(false); // the mean is not settled: each tick is its own beat instant
        expect(host.beatMs).toBe(t);
        return;
      }
      if (!host.onBeat) offBeat.push(k);
      // The beat's phase is the jitter's mean (here -0.0125 ms); each tick wobbles ±1 ms about it.
      if (k > 2 * SETTLED_INTERVALS) worstMs = Math.max(worstMs, Math.abs(host.beatMs - (1000 + k * H240)));
    });
    // The line the beat is read from is fitted to every tick from the first, so the first tick judged
    // on it (33) already is. (When the beat started from tick 32 as it came, +1 ms, tick 33, -1 ms, was
    // 2 ms from it and off the beat.)
    expect(offBeat).toEqual([]);
    expect(worstMs).toBeLessThan(0.25);
  });

  it('places a tick after a dropped frame two intervals on, on the beat, and does not take the double interval into the mean', () => {
    const host = fed(Array.from({ length: 40 }, (_, k) => k * 10));
    const recorded = host.sumCount;
    observeHostTick(host, 410); // 400 was dropped
    expect(host.onBeat).toBe(true);
    expect(host.beatMs).toBeCloseTo(410, 9);
    expect(host.sumCount).toBe(recorded);
    expect(estimatedHostIntervalMs(host)).toBe(10);
    observeHostTick(host, 420);
    expect(host.sumCount).toBe(recorded + 1);
  });

  it(`starts over after HOST_INTERVAL_WINDOW (${HOST_INTERVAL_WINDOW}) ticks in a row that are no single frame on the beat: a 100 Hz host that drops to 50 Hz`, () => {
    const host = fed(Array.from({ length: 40 }, (_, k) => k * 10));
    for (let k = 1; k < HOST_INTERVAL_WINDOW; k++) observeHostTick(host, 390 + k * 20); // as if every other frame were dropped
    expect(estimatedHostIntervalMs(host)).toBe(10);
    observeHostTick(host, 390 + HOST_INTERVAL_WINDOW * 20);
    expect(host.sumCount).toBe(0); // started over: the next intervals teach it 20 ms
    for (let k = 1; k <= 3; k++) observeHostTick(host, 470 + k * 20);
    expect(estimatedHostIntervalMs(host)).toBe(20);
  });

  it(`judges a tick more than OFF_BEAT_MS (${OFF_BEAT_MS} ms) off its place at its own timestamp, and does not bend the beat with it`, () => {
    const host = fed(Array.from({ length: 40 }, (_, k) => k * 10));
    observeHostTick(host, 395); // due on the beat at 400: 5 ms early, half an interval
    expect(host.onBeat).toBe(false);
    expect(host.beatMs).toBeCloseTo(400, 9); // the line moves on to the tick's place, unchanged
    observeHostTick(host, 410); // exactly on its place: back on the beat
    expect(host.onBeat).toBe(true);
    expect(host.beatMs).toBeCloseTo(410, 9);
  });

  it(`a tick within the ±1 ms band is on the beat wherever the offsets' mean sits in it: +1, +1, +1, +1, -1 ms (mean +0.6, the early frame 1.6 ms from it, within OFF_BEAT_MS, ${OFF_BEAT_MS} ms)`, () => {
    const pattern = [1, 1, 1, 1, -1];
    const host = createHostInterval();
    const offBeat: number[] = [];
    let worstMs = 0;
    for (let k = 0; k < 2000; k++) {
      observeHostTick(host, 1000 + k * H240 + pattern[k % pattern.length]!);
      if (k <= SETTLED_INTERVALS) continue;
      if (!host.onBeat) offBeat.push(k);
      // The pattern is no change of phase: the beat stays on the offsets' mean, +0.6 ms.
      if (k > BEAT_WINDOW) worstMs = Math.max(worstMs, Math.abs(host.beatMs - (1000 + k * H240 + 0.6)));
    }
    expect(offBeat).toEqual([]);
    expect(worstMs).toBeLessThan(0.02);
  });

  it('resumeHostInterval (a frame requested from idle): the beat starts over from the tick, the settled mean is kept', () => {
    const host = fed(Array.from({ length: 40 }, (_, k) => k * 10));
    resumeHostInterval(host, 5000);
    expect(host.beatMs).toBe(5000);
    expect(host.onBeat).toBe(false);
    expect(estimatedHostIntervalMs(host)).toBe(10);
    observeHostTick(host, 5010.5); // the next frame back to back is on the beat at once
    expect(host.onBeat).toBe(true);
    // Placed with the beat's period, kept (10 ms), and moved part of the way toward the tick: the line through 40 ticks takes a tick's offset by about a tenth.
    expect(host.beatMs).toBeGreaterThan(5010);
    expect(host.beatMs).toBeLessThan(5010.25);
  });

  it('a tick behind the previous one starts the estimate over; a non-finite one changes nothing', () => {
    const host = fed(Array.from({ length: 40 }, (_, k) => k * 10));
    const snapshot = () => ({ ...host, intervalsMs: [...host.intervalsMs] });
    const before = snapshot();
    observeHostTick(host, NaN);
    observeHostTick(host, Infinity);
    expect(snapshot()).toEqual(before);
    observeHostTick(host, 100);
    expect(host.sumCount).toBe(0);
    expect(host.beatMs).toBe(100);
    expect(host.onBeat).toBe(false);
  });
});
