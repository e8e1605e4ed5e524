// Issue 28, item 7: the rooms bench's parts at tiny sizes, so they cannot rot. Nothing here is
// timed: the specs check what each part did (a reconciling frame re-ran `lead` ticks and corrected,
// a room ran its ticks in the server process with its client there), not how fast.
import { describe, expect, it } from 'vitest';
import { QUICK, type RoomsBench } from '../../bench/rooms-bench.js';
import { createRoomGame } from '../../bench/rooms-games.js';
import { benchLoad, coreShare, keptTime, largestWithin, projectedRooms } from '../../bench/rooms-load.js';
import { measureResim } from '../../bench/rooms-resim.js';
import { printRooms } from '../../bench/rooms-tables.js';

describe('measureResim', () => {
  it('reconciles every timed frame, re-running lead ticks, each a correction', async () => {
    const row = await measureResim('state arena', 6, { warmupFrames: 20, timedFrames: 10 });
    expect(row).toMatchObject({ reconciliations: 10, corrections: 10, resimulatedTicks: 60, frames: 10 });
    expect(row.reconciling.wallMedianMs).toBeGreaterThan(0);
  });

  it('does the same for the runtime, restoring its exact snapshot (Rapier included)', async () => {
    const row = await measureResim('runtime, exact snapshot', 4, { warmupFrames: 16, timedFrames: 3 });
    expect(row).toMatchObject({ reconciliations: 3, corrections: 3, resimulatedTicks: 12 });
  }, 30_000);
});

describe('the games', () => {
  it('the exact runtime restores to the same state it saved; poses only refuses to restore', async () => {
    const exact = await createRoomGame('runtime, exact snapshot', 4);
    const poses = await createRoomGame('runtime, poses only', 4);
    try {
      for (let i = 0; i < 10; i++) exact.advance();
      const saved = exact.save();
      for (let i = 0; i < 10; i++) exact.advance();
      exact.restore(saved);
      expect(exact.save()).toEqual(saved);
      expect(() => poses.restore(poses.save())).toThrow(/cannot restore/);
    } finally {
      exact.destroy();
      poses.destroy();
    }
  });
});

describe('benchLoad', () => {
  it('runs rooms in a server process of its own, with a client each in another, and prints the section', async () => {
    const load = await benchLoad({ warmupMs: 100, measureMs: 300, maxRooms: 2, settleMs: 0 }, ['state arena'], ['state arena']);
    expect(load.idle.server.rooms).toBe(0);
    expect(load.perRoom.map((row) => [row.server.rooms, row.withClients, row.server.clients])).toEqual([
      [1, false, 0],
      [1, true, 1],
    ]);
    for (const row of load.perRoom) expect(row.server.roomTicks).toBeGreaterThan(5); // 18 due in 300 ms, however loaded the machine
    expect(load.perRoom[1]!.clients!.states).toBeGreaterThan(5);
    const scan = load.scans[0]!.rows;
    expect(scan.map((row) => row.server.rooms)).toEqual([1, 2].slice(0, scan.length)); // k doubles; it stops at 2 (or at 1, past 50 % or behind)
    expect(scan.length === 2 || coreShare(scan[0]!.server) > 0.5 || !keptTime(scan[0]!)).toBe(true);
    expect(largestWithin(scan)?.server.rooms ?? 0).toBeLessThanOrEqual(2);
    expect(projectedRooms(load.perRoom[1]!.server, load.idle.server)).toBeGreaterThanOrEqual(0);
    const lines: string[] = [];
    const bench: RoomsBench = { config: QUICK, load, encoding: [['state game', 'snapshot', 'all 10 s', '523', '31.4']], resim: [] };
    printRooms((text = '') => lines.push(text), bench);
    expect(lines.join('\n')).toContain('Rooms per process within 50.0 % of a core');
  }, 60_000);
});
