// Issue 28, item 2: "The client runs the same simulation code. It predicts
// the local player from its own inputs, and when the server's state for
// tick N arrives it restores it, re-applies its unacknowledged inputs and
// re-simulates to the present." And item 6: "2 to 8 SDK clients in Node with
// latency, jitter and loss added on the client side; after inputs stop,
// every client's state equals the server's at the same tick; a client with
// 150 ms of latency sees its own player respond on the next frame
// (prediction) and corrections stay under a bound you state."
//
// A Colyseus 0.16 server on 127.0.0.1, the arena game on the room's Node
// timer, three colyseus.js clients each behind a simulated bad network
// (conditionedRoom) running tickflowClient on their own timers. Real time,
// bounded: about 6 s.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client } from 'colyseus.js';
import { conditionedRoom, tickflowClient, type ConditionedRoom, type TickflowClient } from 'tickflow/colyseus';
import type { TransportConditions } from 'tickflow/netplay';
import { createArena, SPEED, type ArenaEngine, type ArenaState } from './fixtures/arena-game.js';
import { ArenaRoom } from './fixtures/arena-room.js';
import { nextFrame, startLoopbackServer, until, type LoopbackServer } from './fixtures/loopback-server.js';

let server: LoopbackServer;
beforeAll(async () => {
  server = await startLoopbackServer({ arena: ArenaRoom });
});
afterAll(async () => {
  await server.shutdown();
});

interface Player {
  readonly id: string;
  readonly room: ConditionedRoom;
  readonly engine: ArenaEngine;
  readonly client: TickflowClient<ArenaState>;
  /** The input the player holds now (the test changes it). */
  move: (tick: number) => number;
}

async function join(roomId: string | undefined, conditions: TransportConditions): Promise<Player> {
  const sdk = new Client(server.url);
  const joined = roomId === undefined ? await sdk.create('arena') : await sdk.joinById(roomId);
  const room = conditionedRoom(joined, conditions);
  const { engine, applyInputs } = createArena(); // the very code the room runs
  const player: Player = {
    id: joined.sessionId,
    room,
    engine,
    move: () => 0,
    client: tickflowClient(room, {
      engine,
      inputSize: 1,
      applyInputs,
      input: (tick) => Uint8Array.of(player.move(tick)),
      present: () => engine.state,
    }),
  };
  return player;
}


describe('tickflowClient against a Colyseus room on 127.0.0.1, on bad networks', () => {
  it('predicts, reconciles and converges: three clients, 150 ms / jitter / loss', async () => {
    // A: 150 ms each way (300 ms round trip), a little jitter. B and C: jitter, loss, duplicates, reordering.
    const a = await join(undefined, { latencyMs: 150, jitterMs: 10, seed: 1 });
    const room = ArenaRoom.latest!;
    const b = await join(room.roomId, { latencyMs: 40, jitterMs: 30, loss: 0.05, seed: 2 });
    const c = await join(room.roomId, { latencyMs: 20, jitterMs: 10, loss: 0.02, duplicate: 0.05, reorder: 0.05, seed: 3 });
    const players = [a, b, c];
    try {
      // Everyone has the room's state, knows its ping, and runs ahead of the room.
      await until('every client predicting ahead of the room', () => players.every((p) => p.client.stats().pingMs !== null && p.client.tick > p.client.stats().serverTick + 2), 5000);
      await until('A settled (its catch-up done, its inputs on time)', () => (a.client.stats().inputLeadTicks ?? -1) >= 0, 5000);
      await new Promise((resolve) => setTimeout(resolve, 400)); // the catch-up's late inputs, a round trip behind, land

      // The bound's counters start here: every player has joined.
      const corrections0 = a.client.stats().corrections;
      room.changes.clear();
      room.lateness.clear();

      // B and C change direction every 20 of their ticks.
      b.move = (tick) => [1, 3, 2, 4][Math.floor(tick / 20) % 4]!;
      c.move = (tick) => [4, 2, 3, 1][Math.floor(tick / 20) % 4]!;
      await new Promise((resolve) => setTimeout(resolve, 500));

      // "sees its own player respond on the next frame": A presses right; the frame after shows it moved, while the room has not heard yet.
      await nextFrame(a.client);
      const x0 = a.engine.state.players[a.id]!.x;
      const tick0 = a.client.tick;
      a.move = () => 1;
      while (a.client.tick === tick0) await nextFrame(a.client); // a frame of a busy timer may run no tick: the next that runs one
      // Every tick that frame ran moved A right: the input was applied at once, predicted.
      expect(a.engine.state.players[a.id]!.x - x0).toBeCloseTo(((a.client.tick - tick0) * SPEED) / 60, 9);
      expect(room.engine.state.players[a.id]!.move).toBe(0); // 150 ms away: the room still has A standing
      await new Promise((resolve) => setTimeout(resolve, 1000));

      // Inputs stop.
      for (const p of players) p.move = () => 0;
      await new Promise((resolve) => setTimeout(resolve, 1500));

      // "every client's state equals the server's at the same tick".
      for (const p of players) {
        await nextFrame(p.client);
        const tick = p.client.tick;
        const state = p.engine.state;
        await until(`the room at tick ${tick}`, () => room.history.has(tick), 3000);
        expect({ client: p.id, tick, state }).toEqual({ client: p.id, tick, state: room.history.get(tick) });
        expect(p.client.stats().correctionsPerSecond).toBe(0); // nothing left to correct
      }

      // The bound: a correction needs a cause the client could not predict, each causes at most its lateness + 1 (see docs/rooms.md).
      const corrections = a.client.stats().corrections - corrections0;
      const bound = (room.changes.get(b.id) ?? 0) + (room.changes.get(c.id) ?? 0) + (room.lateness.get(a.id) ?? 0);
      expect(corrections).toBeLessThanOrEqual(bound);
      expect(corrections).toBeGreaterThan(0); // B and C did change direction: A saw it late and corrected
      expect(a.client.stats()).toMatchObject({ errors: 0 });
    } finally {
      for (const p of players) {
        p.client.stop();
        p.room.close();
      }
    }
  }, 20_000);
});
