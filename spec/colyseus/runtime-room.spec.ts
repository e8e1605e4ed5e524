// Issue 28, item 1: the fixed-tick runtime with Rapier run by tickflowRoom in
// a Colyseus 0.16 room on 127.0.0.1, two colyseus.js clients sending
// tick-stamped inputs; ticks counted on virtual host time.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client } from 'colyseus.js';
import { RuntimeRoom } from './fixtures/runtime-room.js';
import { startLoopbackServer, until, type LoopbackServer } from './fixtures/loopback-server.js';

let server: LoopbackServer;
beforeAll(async () => {
  server = await startLoopbackServer({ physics: RuntimeRoom });
});
afterAll(async () => {
  await server.shutdown();
});

describe('tickflowRoom running the fixed-tick runtime with Rapier', () => {
  it('runs one runtime tick per fixed tick, and each player\'s input moves their body from its stamped tick', async () => {
    const a = await new Client(server.url).create('physics');
    const b = await new Client(server.url).joinById(a.roomId);
    const room = RuntimeRoom.latest!;
    await until('both players joined', () => room.players.size === 2);
    a.send('input', { tick: 10, input: new Uint8Array([1]) }); // right from tick 10
    b.send('input', { tick: 20, input: new Uint8Array([2]) }); // left from tick 20
    a.send('input', { tick: 40, input: new Uint8Array([0]) }); // stop at tick 40
    await until('3 inputs at the room', () => room.sim.stats().inputs === 3);

    room.host.tick(0);
    for (let i = 0; i < 60; i++) room.host.tick(room.host.nowMs + room.sim.stepMs);

    expect(room.sim.stats()).toMatchObject({ ticks: 60, droppedSeconds: 0, lateInputs: 0, errors: 0 });
    expect(room.runtime.stats()).toMatchObject({ ticks: 60, droppedSeconds: 0 });
    expect(room.changes).toEqual([[[10, 1], [40, 0]], [[20, 2]]]);
    // p0 moved right for 30 ticks at 2 m/s (0.5 s: about 1 m), p1 left for 40 (about 1.33 m).
    expect(room.x(0)).toBeGreaterThan(-2 + 0.8);
    expect(room.x(0)).toBeLessThan(-2 + 1.2);
    expect(room.x(1)).toBeLessThan(2 - 1.1);
    await a.leave();
    await b.leave();
  });
});
