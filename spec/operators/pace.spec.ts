import { describe, expect, it } from 'vitest';
import {
  createPacingGrid,
  estimatedHostIntervalMs,
  HOST_INTERVAL_WINDOW,
  OptionError,
  pace,
  pacingStep,
} from '../../operators/index.js';
import { marbles } from '../marbles.js';
import { itPassesTheOperatorMatrix } from '../operator-matrix.js';

// Marble positions only order the ticks; the values are host timestamps (ms),
// which is all pace() reads. H is one 60 Hz host interval.
const H = 1000 / 60;
const at60 = (...frames: number[]) => Object.fromEntries(frames.map((n, i) => ['abcdefghijklmnop'[i]!, n * H]));

describe('pacingStep (the step function)', () => {
  it('starts the grid on the first tick: frame n is due n intervals after it', () => {
    const grid = createPacingGrid(30);
    expect(Number.isNaN(grid.dueMs)).toBe(true);
    expect(pacingStep(grid, 1000)).toBe(true);
    expect(grid.dueMs).toBe(1030);
    expect(grid.host.previousMs).toBe(1000);
    expect(grid.host.count).toBe(0);
  });

  it('estimates the host interval as the larger of the longest of the last HOST_INTERVAL_WINDOW intervals and the mean since the grid started', () => {
    const grid = createPacingGrid(100);
    expect(HOST_INTERVAL_WINDOW).toBe(4);
    for (const t of [0, 10, 19, 30]) pacingStep(grid, t); // intervals 10, 9, 11: the longest wins
    expect(estimatedHostIntervalMs(grid.host)).toBe(11);
    for (const t of [35, 40, 45, 50]) pacingStep(grid, t); // four 5 ms intervals push the others out of the window...
    expect(estimatedHostIntervalMs(grid.host)).toBe(50 / 7); // ...and the long-run mean remembers them
  });

  it('"A target above it yields a frame per tick": counterexamples the property tests found, pinned', () => {
    // A target 0.08% above a 200.6 Hz host restarts its grid every ~1000 ticks;
    // restarts are routine there, so their intervals must still count, or the
    // long jittered ones are never seen and a third of the frames are lost.
    // And a host drifting +1, 0, -1 ms, whose first intervals all read short:
    // at the third tick, a 4 ms host and a 5 ms host jittered so look the same,
    // so one tick may be declined before the estimate's window has filled.
    const cases: Array<[number, number, number[]]> = [
      [200.6382130036532, 1.0007984031936175, [0, -1, 1]],
      [200.0000000000003, 1.0000000000000002, [1, 0, -1]],
      [240, 1.001, [1, 0, -1]],
    ];
    for (const [hostHz, ratio, offsets] of cases) {
      const grid = createPacingGrid(1000 / (hostHz * ratio));
      const declined = Array.from({ length: 5000 }, (_, k) => k).filter((k) => !pacingStep(grid, (k * 1000) / hostHz + offsets[k % 3]!));
      const label = `${hostHz} Hz, target ×${ratio}, offsets ${offsets}`;
      expect(declined.filter((k) => k > HOST_INTERVAL_WINDOW), label).toEqual([]);
      expect(declined.length, label).toBeLessThanOrEqual(1);
    }
  });

  it('does not take a stall (longer than STALL_FACTOR host intervals) into the host estimate: no burst after it', () => {
    const grid = createPacingGrid(2 * H);
    for (let i = 0; i <= 4; i++) pacingStep(grid, i * H);
    pacingStep(grid, 500); // a stall: restarts the grid
    expect(estimatedHostIntervalMs(grid.host)).toBeCloseTo(H, 9);
    expect(pacingStep(grid, 500 + H)).toBe(false); // half a grid interval early: declined, not a second frame
  });

  it('"A tick up to half a host interval early also counts as on time", even at 240 Hz with ±1 ms jitter', () => {
    // A repro found by the property tests: the mean of the last intervals read
    // short, half of it fell below the 2 ms a jittered tick can be early, and
    // frames were lost for good. Now every tick of a 240 Hz host is a 240 fps
    // frame but the second, which is judged by the one interval known (this
    // jitter shortened it to 2.2 ms: a 2 ms early tick looks half a slot off).
    const jitter = [1, -1, -1];
    for (const targetFps of [240, 241]) {
      const grid = createPacingGrid(1000 / targetFps);
      const declined = Array.from({ length: 2400 }, (_, k) => k).filter((k) => !pacingStep(grid, 1000 + (k * 1000) / 240 + jitter[k % 3]!));
      expect(declined, `${targetFps} fps`).toEqual([1]);
    }
  });

  it('takes no early second tick on a host faster than the grid: 30 fps on rounded 60 Hz timestamps starts on every other tick', () => {
    // 16.7 is 16.6 ms early for the slot due at 33.3, under half a grid
    // interval; half the one host interval known (8.35 ms) declines it.
    const grid = createPacingGrid(1000 / 30);
    expect([0, 16.7, 33.3, 50, 66.7].map((t) => pacingStep(grid, t))).toEqual([true, false, true, false, true]);
  });

  it('moves the grid on by exactly one interval from its due time, not from the tick', () => {
    const grid = createPacingGrid(30);
    pacingStep(grid, 0);
    expect(pacingStep(grid, 34)).toBe(true); // 4 ms late
    expect(grid.dueMs).toBe(60); // the overrun shortens the next wait
  });

  it('restarts the grid from a tick a whole interval or more past its due time', () => {
    const grid = createPacingGrid(30);
    pacingStep(grid, 0);
    expect(pacingStep(grid, 60)).toBe(true); // due 30, late by exactly one interval
    expect(grid.dueMs).toBe(90);
  });

  it('declines a non-finite timestamp and changes nothing', () => {
    const grid = createPacingGrid(30);
    pacingStep(grid, 0);
    const snapshot = () => ({ ...grid, host: { ...grid.host, intervalsMs: [...grid.host.intervalsMs] } });
    const before = snapshot();
    expect(pacingStep(grid, NaN)).toBe(false);
    expect(pacingStep(grid, Infinity)).toBe(false);
    expect(snapshot()).toEqual(before);
  });

  it('declines a backwards tick and moves the grid back with it, keeping the wait that remained', () => {
    const grid = createPacingGrid(30);
    pacingStep(grid, 1000); // due 1030
    expect(pacingStep(grid, 10)).toBe(false); // the host clock jumped back by 990
    expect(grid.dueMs).toBe(40);
    expect(pacingStep(grid, 40)).toBe(true);
  });
});

describe('pace(intervalMs)', () => {
  it(
    '"The first tick delivers I", and a 30 fps grid on a 60 Hz host takes every other tick',
    marbles((m) => {
      const ticks = m.hot('  -a-b-c-d-e-f-g-|', at60(0, 1, 2, 3, 4, 5, 6));
      const expected = '     -x---x---x---x-|';
      m.expect(ticks.pipe(pace(2 * H))).toBeObservable(expected, { x: 2 * H });
    }),
  );

  it(
    '"Every delivered frame is worth exactly one interval, whatever the tick\'s real arrival time"',
    marbles((m) => {
      // ticks at 0, 35 (2 ms late), 66 (on the grid of 33.3: due 66.7, inside the tolerance)
      const ticks = m.hot('  -a-b-c-|', { a: 0, b: 35, c: 66 });
      m.expect(ticks.pipe(pace(100 / 3))).toBeObservable('-x-x-x-|', { x: 100 / 3 });
    }),
  );

  it(
    '"A frame that overruns its interval shortens the wait for the next one, so the average rate holds"',
    marbles((m) => {
      // A 30 ms grid on a 10 ms host. The host hitches and the tick for slot 2
      // (due at 60) comes 5 ms late, at 65; slot 3 is still due at 90, not at
      // 65 + 30 = 95, so the tick at 85 (as near 90 as 95 is) takes it.
      const ticks = m.hot('  -a-b-c-d-e-f-g-h-i-j-|', { a: 0, b: 10, c: 20, d: 30, e: 40, f: 50, g: 65, h: 75, i: 85, j: 95 });
      const expected = '     -x-----x-----x---x---|';
      m.expect(ticks.pipe(pace(30))).toBeObservable(expected, { x: 30 });
    }),
  );

  it(
    '"A tick before the next due time is declined" unless it is within half a host interval of it',
    marbles((m) => {
      // 30 fps on 60 Hz. The tick for slot 1 arrives 5 ms early (28.3): within
      // half a host interval (8.3 ms), so it is on time.
      const early = m.hot('  -a-b-c-|', { a: 0, b: H, c: 2 * H - 5 });
      m.expect(early.pipe(pace(2 * H))).toBeObservable('-x---x-|', { x: 2 * H });
      // The tick for slot 2 arrives 10 ms early (56.7): declined, and the next
      // tick (83.3, late by 16.7) takes the slot.
      const late = m.hot('   -a-b-c-d-e-f-|', { a: 0, b: H, c: 2 * H, d: 3 * H, e: 4 * H - 10, f: 5 * H });
      m.expect(late.pipe(pace(2 * H))).toBeObservable('-x---x-----x-|', { x: 2 * H });
    }),
  );

  it(
    '"Falling far enough behind abandons the missed slots and restarts the grid from the current tick"',
    marbles((m) => {
      // 30 fps on 60 Hz; the host stalls from 33 ms to 500 ms. The stalled tick
      // delivers one interval (not a burst of 14), and the grid restarts at 500.
      const ticks = m.hot('  -a-b-c-d-e-f-|', { a: 0, b: H, c: 2 * H, d: 500, e: 500 + H, f: 500 + 2 * H });
      const expected = '     -x---x-x---x-|';
      m.expect(ticks.pipe(pace(2 * H))).toBeObservable(expected, { x: 2 * H });
    }),
  );

  it(
    '"A target above it yields a frame per tick"',
    marbles((m) => {
      const ticks = m.hot('  -a-b-c-d-e-|', at60(0, 1, 2, 3, 4));
      m.expect(ticks.pipe(pace(1000 / 144))).toBeObservable('-x-x-x-x-x-|', { x: 1000 / 144 });
    }),
  );

  it(
    '"a target it does not divide evenly yields the nearest slot to each ideal instant"',
    marbles((m) => {
      // 50 fps (20 ms) on 60 Hz: ideal instants 0, 20, 40, 60, 80, 100 get the
      // ticks 0, 16.7, 33.3, 66.7, 83.3, 100 (the tick at 50 is 10 ms from 40
      // and 60; 33.3 and 66.7 are nearer). Five intervals in 100 ms: 50 fps.
      const ticks = m.hot('  -a-b-c-d-e-f-g-|', at60(0, 1, 2, 3, 4, 5, 6));
      const expected = '     -x-x-x---x-x-x-|';
      m.expect(ticks.pipe(pace(20))).toBeObservable(expected, { x: 20 });
    }),
  );

  it(
    '"a target it does not divide evenly yields the nearest slot to each ideal instant" however the timestamps jitter: on the beat',
    marbles((m) => {
      // Issue 19: "the paced clock's judder on jittered hosts". 50 fps on a
      // 240 Hz host is 4.8 host frames a frame: intervals 5, 5, 4, 5, 5, 5, 5, 4,
      // 5. The ideal instants 140 and 160 ms after the first tick fall 0.1
      // host frames from the middle of two (33.6 and 38.4 frames in). Judged
      // on raw timestamps, tick H (33) reported 0.5 ms late was taken for
      // 140, 2 ms early, and tick M (38) reported 0.5 ms early was declined
      // for 160: intervals 4, 6, 4 (ticks H and N). Judged at their beat
      // instants, once the first 32 intervals settled the host's mean, each
      // jittered tick moves the line the beat is fitted to by about a tenth
      // of its 0.5 ms (the line runs through the 33 to 38 ticks so far): ticks
      // I and M.
      const H240 = 1000 / 240;
      const jitterMs: Record<number, number> = { 33: 0.5, 38: -0.5 };
      const names = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQR';
      const at = Object.fromEntries([...names].map((name, k) => [name, 1000 + k * H240 + (jitterMs[k] ?? 0)]));
      const ticks = m.hot('  abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQR|', at);
      //                                                    ^    ^       ticks H (+0.5 ms) and M (-0.5 ms)
      const expected = '     x----x----x---x----x----x----x----x---x----x|';
      m.expect(ticks.pipe(pace(20))).toBeObservable(expected, { x: 20 });
    }),
  );

  it(
    'declines a non-finite timestamp without disturbing the grid',
    marbles((m) => {
      const ticks = m.hot('  -a-n-b-i-c-|', { a: 0, n: NaN, b: H, i: -Infinity, c: 2 * H });
      m.expect(ticks.pipe(pace(2 * H))).toBeObservable('-x-------x-|', { x: 2 * H });
    }),
  );

  it(
    'gives each subscription its own grid',
    marbles((m) => {
      const paced = pace(2 * H);
      const early = m.hot('  -a-b-c-d-|', at60(0, 1, 2, 3));
      const late = m.hot('   ---b-c-d-|', at60(0, 1, 2, 3));
      m.expect(early.pipe(paced)).toBeObservable('-x---x---|', { x: 2 * H });
      m.expect(late.pipe(paced)).toBeObservable(' ---x---x-|', { x: 2 * H });
    }),
  );

  it('rejects a bad interval: "pace: intervalMs must be a finite number > 0, got -16"', () => {
    expect(() => pace(-16)).toThrow('pace: intervalMs must be a finite number > 0, got -16');
    expect(() => pace(0)).toThrow(OptionError);
    expect(() => pace(NaN)).toThrow('got NaN');
    expect(() => pace(Infinity)).toThrow('got Infinity');
  });

  itPassesTheOperatorMatrix(() => pace(10), 0);
});
