// tickflowRoom's options and error policy, with a stand-in room (no server):
// the helper needs only onMessage of a room.
import { describe, expect, it, vi } from 'vitest';
import { manualTicks, OptionError } from 'tickflow';
import { DEFAULT_INPUT_MESSAGE, tickflowRoom, type RoomLike, type TickflowRoomOptions } from 'tickflow/colyseus';

type Handler = (client: { readonly sessionId: string }, message: unknown) => void;

function standInRoom() {
  const handlers = new Map<string, Handler>();
  const room: RoomLike = {
    onMessage(type, callback) {
      handlers.set(type, callback);
      return () => handlers.delete(type);
    },
  };
  return { room, handlers };
}

const engine = { advance: () => undefined };
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
  });

  it(`listens under '${DEFAULT_INPUT_MESSAGE}' by default, or the messageType given`, () => {
    const a = standInRoom();
    tickflowRoom(a.room, base());
    expect([...a.handlers.keys()]).toEqual(['input']);
    const b = standInRoom();
    tickflowRoom(b.room, { ...base(), messageType: 'keys' });
    expect([...b.handlers.keys()]).toEqual(['keys']);
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
