// Issue 28, item 4: "Two or more server processes sharing
// @colyseus/redis-presence and @colyseus/redis-driver on a real redis-server
// ...; a client that asks to join a room created on the other process gets
// there." The test starts its own redis-server and two Colyseus 0.16 server
// processes (fixtures/scale-out-process.ts), all on 127.0.0.1, each running
// tickflowRoom's counting room. How Colyseus gets a client there is in
// docs/rooms.md ("Many processes, many machines"): the seat is reserved by the
// room's own process over Redis, and the client opens its WebSocket at that
// process' publicAddress. No redis-server is a failure saying how to install
// it, never a skip.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Client, type Room as ClientRoom } from 'colyseus.js';
import { startColyseusProcess, startRedis, type ColyseusProcess, type RedisProcess } from './fixtures/processes.js';
import type { Where } from './fixtures/scale-out-process.js';

let redis: RedisProcess | undefined;
let servers: ColyseusProcess[] = [];
let joined: ClientRoom[] = [];

beforeAll(async () => {
  redis = await startRedis();
  const started = await Promise.allSettled([startColyseusProcess(redis.port), startColyseusProcess(redis.port)]);
  servers = started.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : [])); // afterAll stops these whatever happened
  for (const result of started) if (result.status === 'rejected') throw result.reason;
}, 60_000);

afterEach(async () => {
  await Promise.all(joined.map((room) => room.leave().catch(() => undefined)));
  joined = [];
});

afterAll(async () => {
  await Promise.all(servers.map((server) => server.stop())); // before Redis: each removes its listings on the way out
  await redis?.stop();
}, 30_000);

/** A colyseus.js client of `server`, logging each URL it reaches (the matchmaking request's, then the room's WebSocket's). */
function clientOf(server: ColyseusProcess, urls: string[] = []): Client {
  return new Client(server.url, {
    urlBuilder: (url) => {
      urls.push(url.href);
      return url.href;
    },
  });
}

/** Asks the room which process holds it and what its simulation ran so far (bounded: 5 s). */
function where(room: ClientRoom, timeoutMs = 5000): Promise<Where> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      remove();
      reject(new Error(`no answer to 'where?' from room ${room.roomId} after ${timeoutMs} ms`));
    }, timeoutMs);
    const remove = room.onMessage('where', (answer: Where) => {
      clearTimeout(timer);
      remove();
      resolve(answer);
    });
    room.send('where?');
  });
}

/** Asks `where?` every 50 ms until `done` holds of the answer; throws naming `what` after `timeoutMs`. */
async function whereWhen(room: ClientRoom, what: string, done: (answer: Where) => boolean, timeoutMs = 10_000): Promise<Where> {
  const start = performance.now();
  for (;;) {
    const answer = await where(room);
    if (done(answer)) return answer;
    if (performance.now() - start > timeoutMs) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}; last answer: ${JSON.stringify(answer)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The process `processId` names, and the other one. */
function holderAndOther(processId: string): [ColyseusProcess, ColyseusProcess] {
  const holder = servers.find((server) => server.processId === processId);
  if (holder === undefined) throw new Error(`no process of the test has Colyseus id ${processId}`);
  return [holder, servers.find((server) => server !== holder)!];
}

describe('scale-out on Colyseus 0.16: two server processes sharing RedisPresence and RedisDriver on one redis-server (127.0.0.1)', () => {
  it('a client that joins by id through the process that does not hold the room gets there: both players\' inputs run on the one simulation', async () => {
    const [a] = servers as [ColyseusProcess, ColyseusProcess];

    // Room 1, created through A. Colyseus puts a new room on the process with
    // the fewest rooms; with none anywhere, either may get it.
    const creator1 = await clientOf(a).create('arena');
    joined.push(creator1);
    const [holder1, other1] = holderAndOther((await where(creator1)).processId);

    // Room 2, created through room 1's process: it now holds more rooms than
    // the other, so Colyseus asks the other process, over Redis, to create it.
    const creator2 = await clientOf(holder1).create('arena');
    joined.push(creator2);
    expect((await where(creator2)).processId).toBe(other1.processId);
    const holder2 = other1;
    const other2 = holder1;

    // Each room joined by id through the process that does not hold it.
    const urls1: string[] = [];
    const urls2: string[] = [];
    const joiner1 = await clientOf(other1, urls1).joinById(creator1.roomId);
    const joiner2 = await clientOf(other2, urls2).joinById(creator2.roomId);
    joined.push(joiner1, joiner2);

    // The seat was asked of the process the client was given; the WebSocket
    // went to the holder's publicAddress, under its process id.
    expect(urls1).toEqual([
      `http://127.0.0.1:${other1.port}/matchmake/joinById/${creator1.roomId}`,
      expect.stringMatching(new RegExp(`^ws://127\\.0\\.0\\.1:${holder1.port}/${holder1.processId}/${creator1.roomId}\\?sessionId=${joiner1.sessionId}`)),
    ]);
    expect(urls2).toEqual([
      `http://127.0.0.1:${other2.port}/matchmake/joinById/${creator2.roomId}`,
      expect.stringMatching(new RegExp(`^ws://127\\.0\\.0\\.1:${holder2.port}/${holder2.processId}/${creator2.roomId}\\?sessionId=${joiner2.sessionId}`)),
    ]);

    // Both players of each room send an input for half a second from now;
    // the room's one engine runs both, and both players see it.
    const rooms = [
      { holder: holder1, players: [creator1, joiner1] },
      { holder: holder2, players: [creator2, joiner2] },
    ];
    for (const { players } of rooms) {
      const { tick } = await where(players[0]!);
      players.forEach((player, index) => player.send('input', { tick: tick + 30, input: new Uint8Array([index + 1]) }));
    }
    for (const { holder, players } of rooms) {
      const [creator, joiner] = players as [ClientRoom, ClientRoom];
      const seenByJoiner = await whereWhen(joiner, "the room's engine to run both players' inputs", (answer) => answer.seen.length === 2);
      const seenByCreator = await where(creator);
      for (const seen of [seenByCreator, seenByJoiner]) {
        expect(seen).toMatchObject({ processId: holder.processId, pid: holder.pid, roomId: creator.roomId });
      }
      // One simulation: the same two inputs, at the same engine tick, each at the tick it was stamped with.
      const inputs = seenByJoiner.seen.map(({ client, byte, engineTick, stampedTick, late }) => ({ client, byte, engineTick, stampedTick, late }));
      expect(seenByCreator.seen).toEqual(seenByJoiner.seen);
      expect(inputs.map(({ client, byte }) => [client, byte]).sort()).toEqual(
        [
          [creator.sessionId, 1],
          [joiner.sessionId, 2],
        ].sort(),
      );
      expect(inputs[0]!.engineTick).toBe(inputs[1]!.engineTick);
      for (const input of inputs) expect(input).toMatchObject({ engineTick: input.stampedTick, late: false });
    }
  }, 30_000);
});
