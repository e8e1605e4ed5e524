// tickflowClient frame by frame, with a stand-in room (no server) and
// virtual time: what it sends, when it reconciles, and the interpolated view
// ("remote entities are drawn interpolated a configurable delay behind, with
// tickflow's alpha").
import { describe, expect, it } from 'vitest';
import { manualTicks, OptionError } from 'tickflow';
import {
  DEFAULT_INTERPOLATION_DELAY_MS,
  PING_MESSAGE,
  PONG_MESSAGE,
  STATE_MESSAGE,
  tickflowClient,
  type ClientRoomLike,
  type RoomInput,
  type RoomStateMessage,
  type TickflowClientOptions,
} from 'tickflow/colyseus';

interface Counter {
  readonly ticks: number;
  readonly me: number;
  readonly move: number;
}

/** The game: `me` moves by the held input each tick; the held input is in the saved state. */
function counterGame() {
  let state: Counter = { ticks: 0, me: 0, move: 0 };
  return {
    get state() {
      return state;
    },
    advance: () => void (state = { ticks: state.ticks + 1, me: state.me + state.move, move: state.move }),
    save: () => state,
    restore: (saved: Counter) => void (state = saved),
    applyInputs: (inputs: readonly RoomInput[]) => {
      for (const { input } of inputs) state = { ...state, move: input[0]! };
    },
  };
}

function standInRoom() {
  const handlers = new Map<string, (message: unknown) => void>();
  const sent: [string, unknown][] = [];
  const room: ClientRoomLike = {
    sessionId: 'me',
    send: (type, message) => void sent.push([type, message]),
    onMessage(type, callback) {
      handlers.set(type, callback);
      return () => handlers.delete(type);
    },
  };
  const deliver = (type: string, message: unknown) => handlers.get(type)!(message);
  return { room, handlers, sent, deliver };
}

const state = (tick: number, me: number, ack: number): RoomStateMessage<Counter> => ({ tick, state: { ticks: tick, me, move: 1 }, acks: { me: [ack, 2] } });

function setUp(extra: Partial<TickflowClientOptions<Counter, number>> = {}) {
  const host = manualTicks();
  const game = counterGame();
  const stand = standInRoom();
  const client = tickflowClient<Counter, number>(stand.room, {
    engine: game,
    inputSize: 1,
    applyInputs: game.applyInputs,
    input: () => Uint8Array.of(1),
    present: () => game.state.me,
    stepMs: 10,
    ticks: host.ticks$,
    now: () => host.nowMs,
    ...extra,
  });
  return { host, game, client, ...stand };
}

describe('tickflowClient, frame by frame', () => {
  it('waits for the room\'s state, then runs a round trip plus bufferTicks ahead, sending each tick\'s input stamped with it', () => {
    const { host, client, sent, deliver } = setUp();
    host.tick(0);
    expect(sent).toEqual([[PING_MESSAGE, 0]]);
    host.tick(20);
    deliver(PONG_MESSAGE, 0); // a 20 ms round trip: 2 ticks
    expect(client.stats()).toMatchObject({ tick: -1, pingMs: 20 });
    deliver(STATE_MESSAGE, state(5, 0, -1));
    host.tick(30); // resync at 5, then 2 extra ticks (5, 6) and the frame's own (7)
    expect(client.tick).toBe(8);
    host.tick(40); // 2 more extra (8, 9), the frame's own (10): 2 + 2 ahead reached
    host.tick(50);
    expect(client.tick).toBe(12);
    expect(sent.filter(([type]) => type === 'input').map(([, m]) => (m as { tick: number }).tick)).toEqual([5, 6, 7, 8, 9, 10, 11]);
    expect(client.stats()).toMatchObject({ serverTick: 5, resyncs: 1, corrections: 0, extraTicks: 4, aheadTicks: 4 });
  });

  it('reconciles with the newest state of a frame; a state confirming the prediction is no correction, one that does not is', () => {
    const { host, game, client, deliver } = setUp({ bufferTicks: 0 });
    host.tick(0);
    deliver(STATE_MESSAGE, state(0, 0, -1));
    for (let t = 10; t <= 50; t += 10) host.tick(t); // ticks 0..4 predicted, me = 5
    expect([client.tick, game.state.me]).toEqual([5, 5]);
    deliver(STATE_MESSAGE, state(2, 2, 1));
    deliver(STATE_MESSAGE, state(3, 3, 2)); // the newest of the frame: the one taken
    host.tick(60);
    expect(client.stats()).toMatchObject({ reconciliations: 2, corrections: 0, resimulatedTicks: 2 });
    deliver(STATE_MESSAGE, state(4, 10, 3)); // the room says 10 where 4 was predicted: a correction
    host.tick(70);
    expect(client.stats()).toMatchObject({ reconciliations: 3, corrections: 1, correctionsPerSecond: 1 });
    expect(game.state.me).toBe(10 + 3); // restored at 4, re-simulated 4 and 5, then tick 6
  });

  it('by default a correction is a change to what is drawn (present()): a room state that differs only where nothing is drawn is none', () => {
    const { host, client, deliver } = setUp({ bufferTicks: 0 });
    host.tick(0);
    deliver(STATE_MESSAGE, state(0, 0, -1));
    for (let t = 10; t <= 50; t += 10) host.tick(t); // ticks 0..4 predicted, me = 5
    // `ticks` is not drawn (present() is `me`): 1000 where 2 was predicted changes nothing the player sees.
    deliver(STATE_MESSAGE, { tick: 2, state: { ticks: 1000, me: 2, move: 1 }, acks: { me: [1, 2] } });
    host.tick(60);
    expect(client.stats()).toMatchObject({ reconciliations: 2, corrections: 0 });
    // With the whole state as its fingerprint, the same state is a correction.
    const whole = setUp({ bufferTicks: 0, fingerprint: () => JSON.stringify(whole.game.save()) });
    whole.host.tick(0);
    whole.deliver(STATE_MESSAGE, state(0, 0, -1));
    for (let t = 10; t <= 50; t += 10) whole.host.tick(t);
    whole.deliver(STATE_MESSAGE, { tick: 2, state: { ticks: 1000, me: 2, move: 1 }, acks: { me: [1, 2] } });
    whole.host.tick(60);
    expect(whole.client.stats()).toMatchObject({ reconciliations: 2, corrections: 1 });
  });

  it('fallen behind the room (a tab asleep): takes its state as the present and catches up a round trip plus the buffer again', () => {
    const { host, client, deliver } = setUp({ bufferTicks: 1 });
    host.tick(0);
    host.tick(10);
    deliver(PONG_MESSAGE, 0); // 10 ms: one tick
    deliver(STATE_MESSAGE, state(0, 0, -1));
    for (let t = 20; t <= 60; t += 10) host.tick(t);
    const before = client.stats();
    deliver(STATE_MESSAGE, state(200, 0, 3)); // the room is far ahead
    host.tick(70); // resync at 200, two extra ticks (of 1 + 1), the frame's own
    expect(client.tick).toBe(203);
    expect(client.stats()).toMatchObject({ resyncs: before.resyncs + 1, serverTick: 200, corrections: before.corrections });
  });

  it('draws the local player between its last two predicted ticks by the loop\'s alpha, and the room\'s states a delay further behind', () => {
    const { host, client, deliver } = setUp({ bufferTicks: 0, interpolationDelayTicks: 2 });
    host.tick(0);
    deliver(STATE_MESSAGE, state(0, 0, -1));
    for (let t = 10; t <= 100; t += 10) {
      host.tick(t);
      const tick = client.tick;
      deliver(STATE_MESSAGE, state(tick - 2, tick - 2, tick - 3)); // the room 2 ticks behind, confirming
    }
    host.tick(105); // half a step: no tick, alpha 0.5
    const { local, remote } = client.view();
    const present = client.tick; // 10
    expect(local).toEqual({ from: present - 1, to: present, alpha: 0.5, tick: present - 0.5 });
    const at = present - 1 + 0.5 - client.stats().aheadTicks - 2;
    expect(remote!.tick).toBeCloseTo(at, 9);
    expect(remote!.from).toBe(Math.floor(at)); // the room's state of that tick (me = tick here)
    expect(remote!.to).toBe(Math.floor(at) + 1);
    expect(remote!.alpha).toBeCloseTo(at - Math.floor(at), 9);
  });

  it(`delays remote entities ${DEFAULT_INTERPOLATION_DELAY_MS} ms unless told, in ms or ticks`, () => {
    expect(setUp().client.stats().interpolationDelayMs).toBe(DEFAULT_INTERPOLATION_DELAY_MS);
    expect(setUp({ interpolationDelayMs: 50 }).client.stats().interpolationDelayMs).toBe(50);
    expect(setUp({ interpolationDelayTicks: 3 }).client.stats().interpolationDelayMs).toBe(30);
  });

  it('stop() stops the frames and the listening, idempotently', () => {
    const { host, client, handlers, sent } = setUp();
    host.tick(0);
    client.stop();
    client.stop();
    host.tick(2000);
    expect(sent).toHaveLength(1);
    expect(handlers.size).toBe(0);
  });

  it.each([
    ['inputSize', { inputSize: 0 }],
    ['input', { input: 'keys' }],
    ['applyInputs', { applyInputs: undefined }],
    ['bufferTicks', { bufferTicks: -1 }],
    ['interpolationDelayMs', { interpolationDelayMs: -5 }],
    ['interpolationDelayTicks', { interpolationDelayMs: 50, interpolationDelayTicks: 3 }],
    ['engine', { engine: { advance: () => undefined } }],
    ['pingEveryMs', { pingEveryMs: 0 }],
  ])('refuses a bad %s, naming it', (option, bad) => {
    expect(() => setUp(bad as Partial<TickflowClientOptions<Counter, number>>)).toThrow(OptionError);
    expect(() => setUp(bad as Partial<TickflowClientOptions<Counter, number>>)).toThrow(new RegExp(`tickflowClient: ${option}`));
  });

  it('reports an input of the wrong size to onError, and goes on', () => {
    const errors: unknown[] = [];
    const { host, deliver, client } = setUp({ input: () => Uint8Array.of(1, 2), onError: (e) => void errors.push(e) });
    host.tick(0);
    deliver(STATE_MESSAGE, state(0, 0, -1));
    host.tick(10);
    expect(String(errors[0])).toMatch(/tickflowClient: input must be a function returning a Uint8Array of 1 bytes/);
    expect(client.stats().errors).toBe(errors.length); // each tick that read it: the catch-up's and the frame's own
    host.tick(20);
    expect(client.stats().errors).toBeGreaterThan(1); // the client went on
  });
});
