// Issue 28, items 1 and 6 (first sentence): a Colyseus 0.16 server on
// 127.0.0.1 started by the test, SDK clients (colyseus.js) in Node joining
// a room that runs a state engine with tickflowRoom, sending tick-stamped
// inputs. Ticks are counted, never timed: the room's host ticks are virtual
// (pushed by the test) except in the stall test, which blocks the process.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Client, type Room as ClientRoom } from 'colyseus.js';
import { DEFAULT_MAX_STEPS, DEFAULT_STEP_MS } from 'tickflow';
import { CountingRoom, type CountingRoomOptions } from './fixtures/counting-room.js';
import { startLoopbackServer, until, type LoopbackServer } from './fixtures/loopback-server.js';

let server: LoopbackServer;
let joined: ClientRoom[] = [];

beforeAll(async () => {
  server = await startLoopbackServer({ counting: CountingRoom });
});
afterAll(async () => {
  await server.shutdown();
});
afterEach(async () => {
  await Promise.all(joined.map((room) => room.leave().catch(() => undefined)));
  joined = [];
});

/** `players` SDK clients in one new room: the first creates it, the others join it by id. */
async function joinRoom(players: number, options: CountingRoomOptions): Promise<{ rooms: ClientRoom[]; room: CountingRoom }> {
  const first = await new Client(server.url).create('counting', options);
  const rooms = [first];
  for (let i = 1; i < players; i++) rooms.push(await new Client(server.url).joinById(first.roomId));
  joined.push(...rooms);
  const room = CountingRoom.latest!;
  expect(room.roomId).toBe(first.roomId);
  return { rooms, room };
}

/** Sends `{ tick, input: [byte] }` from a client. */
function send(client: ClientRoom, tick: number, byte: number): void {
  client.send('input', { tick, input: new Uint8Array([byte]) });
}

/** The room's next `count` host ticks, each one fixed step of virtual time after the last. */
function runHostTicks(room: CountingRoom, count: number, stepMs = DEFAULT_STEP_MS): void {
  const host = room.host!;
  for (let i = 0; i < count; i++) host.tick(host.nowMs + stepMs);
}

describe('tickflowRoom in a Colyseus 0.16 room on 127.0.0.1', () => {
  it('runs one fixed tick per step of host time: 1 s of 60 Hz host ticks is 60 ticks, 20 ms ticks make 50', async () => {
    const { room } = await joinRoom(2, { host: 'manual' });
    room.host!.tick(0); // the clock's first tick has no baseline: worth nothing
    runHostTicks(room, 60);
    expect(room.sim.stats()).toMatchObject({ ticks: 60, hostTicks: 61, droppedSeconds: 0, errors: 0 });
    expect(room.engine.state.ticks).toBe(60);
    expect(room.sim.tick).toBe(60);

    const other = await joinRoom(2, { host: 'manual', stepMs: 20 });
    other.room.host!.tick(0);
    for (let t = 7; t <= 1000; t += 7) other.room.host!.tick(t); // 7 ms host ticks: the step, not the timer, decides
    other.room.host!.tick(1000);
    expect(other.room.sim.stats()).toMatchObject({ ticks: 50, droppedSeconds: 0 });
    expect(other.room.engine.state.ticks).toBe(50);
  });

  it('applies each input at the tick it was stamped with, from 3 clients', async () => {
    const { rooms, room } = await joinRoom(3, { host: 'manual' });
    const stamps = [5, 10, 30];
    rooms.forEach((client, player) => stamps.forEach((tick) => send(client, tick, player * 10 + tick)));
    send(rooms[2]!, 59, 99);
    await until('10 inputs at the room', () => room.sim.stats().inputs === 10);

    room.host!.tick(0);
    runHostTicks(room, 60);
    const { seen } = room.engine.state;
    expect(seen).toHaveLength(10);
    for (const input of seen) {
      expect(input.engineTick).toBe(input.stampedTick); // the engine ran the input at its stamp
      expect(input.late).toBe(false);
    }
    const ids = rooms.map((r) => r.sessionId);
    const atTick = (tick: number) => seen.filter((i) => i.engineTick === tick).map((i) => [ids.indexOf(i.client), i.byte]).sort();
    expect(atTick(5)).toEqual([[0, 5], [1, 15], [2, 25]]);
    expect(atTick(10)).toEqual([[0, 10], [1, 20], [2, 30]]);
    expect(atTick(30)).toEqual([[0, 30], [1, 40], [2, 50]]);
    expect(atTick(59)).toEqual([[2, 99]]);
    expect(room.sim.stats()).toMatchObject({ inputs: 10, lateInputs: 0, rejectedInputs: 0 });
  });

  it('applies a late input at the next tick the room runs, and counts it', async () => {
    const { rooms, room } = await joinRoom(2, { host: 'manual' });
    const [a, b] = rooms as [ClientRoom, ClientRoom];
    room.host!.tick(0);
    runHostTicks(room, 30); // ticks 0..29 ran; 30 is next
    send(a, 25, 1); // late by 5
    send(b, 29, 2); // late by 1
    send(a, 30, 3); // on time
    send(b, 40, 4); // early
    await until('4 inputs at the room', () => room.sim.stats().inputs === 4);
    runHostTicks(room, 20);

    const seen = room.engine.state.seen.map((i) => [i.engineTick, i.stampedTick, i.byte, i.late]);
    expect(seen.filter(([tick]) => tick === 30).sort()).toEqual([
      [30, 25, 1, true],
      [30, 29, 2, true],
      [30, 30, 3, false],
    ]);
    expect(seen.filter(([tick]) => tick !== 30)).toEqual([[40, 40, 4, false]]);
    expect(room.sim.stats()).toMatchObject({ ticks: 50, inputs: 4, lateInputs: 2, rejectedInputs: 0 });
  });

  it('refuses and counts a malformed input without stopping the room', async () => {
    const { rooms, room } = await joinRoom(2, { host: 'manual' });
    rooms[0]!.send('input', { tick: 3, input: [1, 2] }); // two bytes, inputSize is 1
    rooms[1]!.send('input', { tick: 'soon', input: [1] });
    rooms[1]!.send('input', { tick: 4, input: [7] });
    await until('3 messages at the room', () => room.sim.stats().inputs + room.sim.stats().rejectedInputs === 3);
    room.host!.tick(0);
    runHostTicks(room, 10);
    expect(room.sim.stats()).toMatchObject({ ticks: 10, inputs: 1, rejectedInputs: 2, errors: 0 });
    expect(room.engine.state.seen.map((i) => [i.engineTick, i.byte])).toEqual([[4, 7]]);
  });

  it('reports a stall of the process as dropped time, the runtime\'s way (Node timer host ticks)', async () => {
    const { rooms, room } = await joinRoom(2, { host: 'timer' });
    await until('a few host ticks', () => room.sim.stats().hostTicks >= 5);
    send(rooms[0]!, room.sim.tick + 2, 1);
    await until('the input at the room', () => room.sim.stats().inputs === 1);
    const droppedBefore = room.sim.stats().droppedSeconds; // 0 unless the machine was already late by maxSteps ticks

    const stallMs = 500;
    const start = performance.now();
    while (performance.now() - start < stallMs); // block the event loop: no timer fires, no message arrives
    const stalledAt = room.hostStamps.length;
    await until('3 host ticks after the stall', () => room.hostStamps.length >= stalledAt + 3);

    const stats = room.sim.stats();
    const stepMs = room.sim.stepMs;
    // The first host tick after the stall ran at most maxSteps ticks and dropped the other whole steps.
    expect((stats.droppedSeconds - droppedBefore) * 1000).toBeGreaterThan(stallMs - (DEFAULT_MAX_STEPS + 2) * stepMs);
    // Dropped time is counted, never lost: ticks·step + dropped + accumulated = the host time the loop was given.
    const hostMs = room.hostStamps.at(-1)! - room.hostStamps[0]!;
    expect(stats.ticks * stepMs + stats.droppedSeconds * 1000 + stats.accumulatedSeconds * 1000).toBeCloseTo(hostMs, 6);
    expect(room.engine.state.ticks).toBe(stats.ticks);
    expect(stats.lateInputs + room.engine.state.seen.filter((i) => !i.late).length).toBe(1);
  });
});
