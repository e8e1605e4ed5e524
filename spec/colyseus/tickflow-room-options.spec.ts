// tickflowRoom's options and error policy, with a stand-in room (no server):
// the helper needs only onMessage of a room.
import { describe, expect, it, vi } from 'vitest';
import { manualTicks, OptionError } from 'tickflow';
import { DEFAULT_INPUT_MESSAGE, PING_MESSAGE, STATE_MESSAGE, tickflowRoom, type RoomClientLike, type RoomLike, type RoomStateMessage, type TickflowRoomOptions } from 'tickflow/colyseus';

type Handler = (client: RoomClientLike, message: unknown) => void;

function standInRoom() {
  const handlers = new Map<string, Handler>();
  const broadcasts: [string, unknown][] = [];
  const room: RoomLike = {
    onMessage(type, callback) {
      handlers.set(type, callback);
      return () => handlers.delete(type);
    },
    broadcast: (type, message) => broadcasts.push([type, message]),
  };
  return { room, handlers, broadcasts };
}

const engine = { advance: () => undefined, save: () => 'state' };
const base = (): TickflowRoomOptions => ({ engine, inputSize: 1, applyInputs: () => undefined, ticks: manualTicks().ticks$ });

describe('tickflowRoom: options', () => {
  it.each([
    ['inputSize', { inputSize: 0 }],
    ['inputSize', { inputSize: 1.5 }],
    ['applyInputs', { applyInputs: 'no' }],
    ['stepMs', { stepMs: 0 }],
    ['stepMs', { stepMs: Number.NaN }],
    ['maxSteps', { maxSteps: 0 }],
    ['maxLeadTicks', { maxLeadTicks: -1 }],
    ['messageType', { messageType: '' }],
    ['messageType', { messageType: '*' }],
    ['engine', { engine: {} }],
    ['onError', { onError: 1 }],
    ['stateEvery', { stateEvery: -1 }],
    ['stateEvery', { stateEvery: 0.5 }],
    ['save', { save: 'no' }],
    ['save', { engine: { advance: () => undefined } }],
  ])('refuses a bad %s, naming it', (option, bad) => {
    const { room } = standInRoom();
    expect(() => tickflowRoom(room, { ...base(), ...(bad as object) })).toThrow(OptionError);
    expect(() => tickflowRoom(room, { ...base(), ...(bad as object) })).toThrow(new RegExp(`tickflowRoom: ${option}`));
  });

  it('refuses an unknown option, naming the closest known one', () => {
    const { room } = standInRoom();
    expect(() => tickflowRoom(room, { ...base(), stepMS: 20 } as TickflowRoomOptions)).toThrow(/stepMs/);
  });

  it('refuses something that is not a room', () => {
    expect(() => tickflowRoom({} as RoomLike, base())).toThrow(/tickflowRoom: room/);
    expect(() => tickflowRoom({ onMessage: () => undefined } as unknown as RoomLike, base())).toThrow(/tickflowRoom: room/);
  });

  it('an engine without save() is fine when no state is sent (stateEvery: 0)', () => {
    const { room, broadcasts } = standInRoom();
    const host = manualTicks();
    tickflowRoom(room, { ...base(), engine: { advance: () => undefined }, stateEvery: 0, ticks: host.ticks$, stepMs: 10 });
    host.tick(0);
    host.tick(30);
    expect(broadcasts).toEqual([]);
  });

  it(`listens under '${DEFAULT_INPUT_MESSAGE}' by default, or the messageType given`, () => {
    const a = standInRoom();
    tickflowRoom(a.room, base());
    expect([...a.handlers.keys()]).toEqual(['input', PING_MESSAGE]);
    const b = standInRoom();
    tickflowRoom(b.room, { ...base(), messageType: 'keys' });
    expect([...b.handlers.keys()]).toEqual(['keys', PING_MESSAGE]);
  });
});

describe('tickflowRoom: errors and lifecycle', () => {
  it('reports what a tick throws to onError and goes on; the tick counts as run', () => {
    const { room } = standInRoom();
    const host = manualTicks();
    const onError = vi.fn();
    let advances = 0;
    const sim = tickflowRoom(room, {
      ...base(),
      ticks: host.ticks$,
      stepMs: 10,
      engine: {
        advance: () => {
          if (++advances === 2) throw new Error('boom');
        },
        save: () => advances,
      },
      onError,
    });
    host.tick(0);
    for (let t = 10; t <= 50; t += 10) host.tick(t);
    expect(advances).toBe(5);
    expect(sim.stats()).toMatchObject({ ticks: 5, errors: 1 });
    expect(onError).toHaveBeenCalledTimes(1);
    expect(String(onError.mock.calls[0]![0])).toMatch(/boom/);
  });

  it('stop() stops the ticks and the listening, and is idempotent', () => {
    const { room, handlers } = standInRoom();
    const host = manualTicks();
    const sim = tickflowRoom(room, { ...base(), ticks: host.ticks$, stepMs: 10 });
    host.tick(0);
    host.tick(10);
    expect(sim.tick).toBe(1);
    sim.stop();
    sim.stop();
    host.tick(20);
    host.tick(30);
    expect(sim.tick).toBe(1);
    expect(handlers.size).toBe(0);
  });

  it('caps a host tick at maxSteps and keeps the fraction (keep-fraction)', () => {
    const { room } = standInRoom();
    const host = manualTicks();
    const sim = tickflowRoom(room, { ...base(), ticks: host.ticks$, stepMs: 10, maxSteps: 3 });
    host.tick(0);
    host.tick(75); // 7.5 steps: 3 run, 4 dropped, 0.5 kept
    expect(sim.stats()).toMatchObject({ ticks: 3, droppedSeconds: 0.04, droppedLastFrameSeconds: 0.04 });
    expect(sim.stats().accumulatedSeconds).toBeCloseTo(0.005, 9);
    host.tick(80); // 0.5 + 0.5: one more
    expect(sim.stats()).toMatchObject({ ticks: 4, droppedSeconds: 0.04, droppedLastFrameSeconds: 0 });
  });
});

describe('tickflowRoom: the state of tick N and each client\'s ack', () => {
  it('broadcasts after each tick the state before the next, with each client\'s latest applied stamp and least lead', () => {
    const { room, handlers, broadcasts } = standInRoom();
    const host = manualTicks();
    let runs = 0;
    tickflowRoom(room, { ...base(), engine: { advance: () => void runs++, save: () => ({ runs }) }, ticks: host.ticks$, stepMs: 10 });
    const a = { sessionId: 'a', send: () => undefined };
    const input = handlers.get('input')!;
    input(a, { tick: 1, input: [1] }); // lead 1 (tick 0 is next)
    input(a, { tick: 3, input: [1] }); // lead 3
    host.tick(0);
    host.tick(20); // ticks 0 and 1
    const states = broadcasts.map(([type, message]) => [type, message as RoomStateMessage]);
    expect(states).toEqual([
      [STATE_MESSAGE, { tick: 1, state: { runs: 1 }, acks: { a: [-1, 1] } }], // nothing applied yet: ack -1
      [STATE_MESSAGE, { tick: 2, state: { runs: 2 }, acks: { a: [1, null] } }], // stamp 1 applied at tick 1; no input since
    ]);
  });

  it('every stateEvery ticks only', () => {
    const { room, broadcasts } = standInRoom();
    const host = manualTicks();
    tickflowRoom(room, { ...base(), stateEvery: 3, ticks: host.ticks$, stepMs: 10 });
    host.tick(0);
    for (let t = 10; t <= 70; t += 10) host.tick(t);
    expect(broadcasts.map(([, m]) => (m as RoomStateMessage).tick)).toEqual([3, 6]);
  });

  it('answers a ping with the same number, and ignores one that is not a number', () => {
    const { room, handlers } = standInRoom();
    tickflowRoom(room, base());
    const sent: unknown[] = [];
    const client = { sessionId: 'a', send: (type: string, message: unknown) => sent.push([type, message]) };
    handlers.get(PING_MESSAGE)!(client, 123.5);
    handlers.get(PING_MESSAGE)!(client, 'x');
    expect(sent).toEqual([['tickflow:pong', 123.5]]);
  });
});
