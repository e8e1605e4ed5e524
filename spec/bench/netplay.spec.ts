// Issue 27, item 7: the netplay bench's parts at tiny sizes, so they cannot rot. Nothing here is
// timed: the specs check what each part did (a depth-8 rollback re-advanced 8 ticks, a match sent
// a packet a frame, the wire estimate is the payload plus the headers), not how fast.
import { describe, expect, it } from 'vitest';
import { measureBandwidth, WEBRTC_BYTES_PER_PACKET, WEBRTC_OVERHEAD } from '../../bench/netplay-bandwidth.js';
import { FULL, QUICK, type NetplayBench } from '../../bench/netplay-bench.js';
import { stateGame } from '../../bench/netplay-games.js';
import { BUSY_EVERY_TICKS, keyChanges, keySchedule, REALISTIC_HOLD_TICKS } from '../../bench/netplay-match.js';
import { benchRollbackFrames, rollbackDriver } from '../../bench/netplay-rollback.js';
import { measureSpike, SPIKE_SKIPPED_FRAMES } from '../../bench/netplay-spike.js';
import { printNetplay } from '../../bench/netplay-tables.js';

describe('the rollback driver', () => {
  it('rolls back depth ticks every frame once the window is primed, and reaches the state of the same ticks run without rollback', () => {
    const lateGame = stateGame(2);
    const late = rollbackDriver(lateGame, 8);
    const plainGame = stateGame(2);
    const plain = rollbackDriver(plainGame, 0);
    for (let frame = 0; frame < 30; frame++) {
      late.frame();
      plain.frame();
    }
    const before = late.sync.stats();
    for (let frame = 0; frame < 10; frame++) late.frame();
    const after = late.sync.stats();
    expect(after.rollbacks - before.rollbacks).toBe(10);
    expect(after.resimulated - before.resimulated).toBe(80);
    expect(plain.sync.stats()).toMatchObject({ rollbacks: 0, resimulated: 0 });
    for (let frame = 0; frame < 10; frame++) plain.frame();
    late.settle();
    expect(late.sync.currentTick).toBe(plain.sync.currentTick);
    expect(lateGame.hash()).toBe(plainGame.hash());
  });
});

describe('benchRollbackFrames', () => {
  it('gives a row per game and depth whose counts say each frame rolled back depth ticks, with Rapier alone beside the runtime', async () => {
    const rows = await benchRollbackFrames([10], { warmupFrames: 10, timedFrames: 5 }, { warmupFrames: 10, timedFrames: 3 }, [1, 8]);
    expect(rows.map((row) => [row.bodies, row.depth, row.sparseSaving])).toEqual([
      [0, 1, false],
      [0, 8, false],
      [10, 1, false],
      [10, 8, false],
      [10, 1, true], // the runtime again with sparse saving: a rollback still goes back depth ticks (to the confirmed state)
      [10, 8, true],
    ]);
    for (const row of rows) {
      expect(row.rollbacksPerFrame).toBe(1);
      expect(row.resimulatedPerRollback).toBe(row.depth);
      expect(row.statesAgree).toBe(true);
      expect(row.rolledBack.frames).toBe(row.bodies === 0 ? 5 : 3);
      expect(row.rolledBack.wallMedianMs).toBeGreaterThan(0);
      expect(row.rapierAlone !== undefined).toBe(row.bodies > 0);
    }
    expect(rows[3]!.rapierAlone!.sessionPath.frames).toBe(3);
  }, 60_000);
});

describe('keySchedule', () => {
  it('realistic: a combination held 10 to 40 ticks, a change each time', () => {
    const keys = keySchedule('realistic', 0, 6000);
    let run = 1;
    const runs: number[] = [];
    for (let i = 1; i < keys.length; i++) {
      if (keys[i] === keys[i - 1]) run++;
      else {
        runs.push(run);
        run = 1;
      }
    }
    expect(Math.min(...runs)).toBeGreaterThanOrEqual(REALISTIC_HOLD_TICKS[0]);
    expect(Math.max(...runs)).toBeLessThanOrEqual(REALISTIC_HOLD_TICKS[1]);
    expect(keyChanges(keys) / 100).toBeGreaterThan(1.5); // changes a second at 60 Hz: 2.4 expected
    expect(keyChanges(keys) / 100).toBeLessThan(3.5);
  });

  it(`busy: a change every ${BUSY_EVERY_TICKS} ticks; each player its own schedule, the same every run`, () => {
    expect(keyChanges(keySchedule('busy', 1, 300))).toBe(300 / BUSY_EVERY_TICKS - 1);
    expect(keySchedule('busy', 0, 50)).toEqual(keySchedule('busy', 0, 50));
    expect(keySchedule('busy', 0, 50)).not.toEqual(keySchedule('busy', 1, 50));
  });
});

describe('measureBandwidth', () => {
  it('counts a packet a frame to each other machine, and the wire as payload plus the headers a packet', async () => {
    const row = await measureBandwidth(2, { latencyMs: 50, loss: 0 }, 'realistic', 4);
    expect(Math.abs(row.packetsS - 60)).toBeLessThanOrEqual(1); // 60 frames a second; the window's edges may hold one frame more
    expect(row.payloadBytesS).toBeGreaterThan(0);
    expect(row.wireBytesS).toBeCloseTo(row.payloadBytesS + row.packetsS * WEBRTC_BYTES_PER_PACKET, 6);
    expect(row.stalledFramesS).toBe(0);
    const four = await measureBandwidth(4, { latencyMs: 0 }, 'busy', 3);
    expect(Math.abs(four.packetsS - 180)).toBeLessThanOrEqual(3); // a packet a frame to each of 3 others
  }, 30_000);

  it('adds up the WebRTC headers it cites', () => {
    expect(WEBRTC_BYTES_PER_PACKET).toBe(20 + 8 + 13 + 24 + 12 + 16 + 1.5 + 8);
    expect(Object.keys(WEBRTC_OVERHEAD)).toHaveLength(8);
  });
});

describe('measureSpike', () => {
  it("sorts machine 0's frames into those with a rollback and those without", async () => {
    const row = await measureSpike('state game', () => stateGame(2), 3);
    expect(row.all.frames).toBeGreaterThan(3 * 60 - SPIKE_SKIPPED_FRAMES - 5);
    expect(row.withRollback.frames + row.withoutRollback.frames).toBe(row.all.frames);
    expect(row.withRollback.frames).toBeGreaterThan(0); // 50 ms of latency and keys that change: predictions go wrong
    expect(row.meanDepth).toBeGreaterThanOrEqual(1);
    expect(row.all.maxMs).toBeGreaterThanOrEqual(row.all.p99Ms);
  }, 30_000);
});

describe('printNetplay', () => {
  it('prints every target beside its figure with a verdict', async () => {
    const rollback = await benchRollbackFrames([200], { warmupFrames: 10, timedFrames: 2 }, { warmupFrames: 10, timedFrames: 2 }, [8]);
    const bandwidth = [await measureBandwidth(2, { latencyMs: 0 }, 'realistic', 3)];
    const bench: NetplayBench = { config: QUICK, rollback, spike: [], bandwidth };
    const lines: string[] = [];
    printNetplay((text = '') => lines.push(text), bench);
    const text = lines.join('\n');
    expect(text).toMatch(/an 8-tick rollback of 200 bodies in at most 4 ms .*\| .*(met|MISSED)/);
    expect(text).toMatch(/under 2\.00 KB\/s a player at 60 Hz with 2 players.*(met|MISSED)/);
    expect(text).toMatch(/on the wire over WebRTC.*(met|MISSED)/);
    expect(FULL.depths).toEqual([1, 4, 8]);
    expect(FULL.rollbackBodies).toEqual([100, 200, 500]);
  }, 60_000);
});
