// Issue 28, items 1 and 2 for the fixed-tick runtime with Rapier: "The
// client runs the same simulation code" (the runtime, its behaviors and a
// Rapier world in each client), restoring the room's snapshot of tick N
// (Rapier's world included) and re-simulating to the present. Two balls, two
// colyseus.js clients 40 ms from a room on 127.0.0.1; real time, bounded
// (about 3 s). A small world: 100 bodies' snapshots are 205 KB a tick (see
// docs/rooms.md), which this does not attempt.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client } from 'colyseus.js';
import { hashState } from 'tickflow/replay';
import { conditionedRoom, tickflowClient } from 'tickflow/colyseus';
import { BALL_STEP_MS, createBallGame, type BallState } from './fixtures/ball-game.js';
import { BallRoom } from './fixtures/ball-room.js';
import { nextFrame, startLoopbackServer, until, type LoopbackServer } from './fixtures/loopback-server.js';

let server: LoopbackServer;
beforeAll(async () => {
  server = await startLoopbackServer({ balls: BallRoom });
});
afterAll(async () => {
  await server.shutdown();
});

async function join(roomId?: string) {
  const sdk = new Client(server.url);
  const joined = roomId === undefined ? await sdk.create('balls') : await sdk.joinById(roomId);
  const room = conditionedRoom(joined, { latencyMs: 40, jitterMs: 10, seed: roomId === undefined ? 1 : 2 });
  const game = await createBallGame();
  const player = { roomId: joined.roomId, room, game, move: 0, client: undefined! as ReturnType<typeof tickflowClient<BallState, number[]>> };
  player.client = tickflowClient<BallState, number[]>(room, {
    engine: { advance: () => game.runtime.advance(), save: game.save, restore: game.restore },
    restore: game.restore,
    fingerprint: () => hashState(game.save()),
    inputSize: 1,
    stepMs: BALL_STEP_MS,
    applyInputs: game.applyInputs,
    input: () => Uint8Array.of(player.move),
    present: game.xs,
  });
  return player;
}


describe('tickflowClient running the fixed-tick runtime with Rapier', () => {
  it('predicts its ball, restores the room\'s Rapier world and re-simulates; after inputs stop, equals the room at the same tick', async () => {
    const a = await join();
    const b = await join(a.roomId);
    const room = BallRoom.latest!;
    try {
      await until('both predicting ahead of the room', () => [a, b].every((p) => p.client.tick > p.client.stats().serverTick + 2), 5000);
      a.move = 1; // A's ball right
      b.move = 2; // B's ball left
      await new Promise((resolve) => setTimeout(resolve, 500));
      a.move = 0;
      b.move = 0;
      await new Promise((resolve) => setTimeout(resolve, 1000));
      for (const p of [a, b]) {
        await nextFrame(p.client);
        const tick = p.client.tick;
        const xs = p.game.xs();
        await until(`the room at tick ${tick}`, () => room.history.has(tick), 3000);
        expect({ tick, xs }).toEqual({ tick, xs: room.history.get(tick) });
        expect(p.client.stats()).toMatchObject({ errors: 0 });
      }
      const [x0, x1] = room.game.xs(); // who holds which ball is who moved first
      expect(Math.abs(x0! - -2)).toBeGreaterThan(0.1); // both balls moved (how far is how many ticks a loaded machine ran in 500 ms), opposite ways
      expect(Math.abs(x1! - 2)).toBeGreaterThan(0.1);
      expect((x0! - -2) * (x1! - 2)).toBeLessThan(0);
      expect(a.client.stats().reconciliations).toBeGreaterThan(5); // many, however few frames a loaded machine ran
    } finally {
      for (const p of [a, b]) {
        p.client.stop();
        p.room.close();
        p.game.runtime.destroy();
      }
    }
  }, 20_000);
});
