import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { hashState } from '../../src/replay/state-hash.js';
import { simulatedLink, syncLayer, type SyncLayer, type TickInput } from '../../src/netplay/index.js';
import { inputGame } from './match.js';

// Issue 27, item 6: "a property test in one process: for any seeded link
// (latency 0 to 200 ms, jitter, up to 20 % loss, reordering, duplicates)
// and any input schedule for 2 to 4 players, every peer's state at every
// confirmed tick equals a lockstep reference's".
//
// What this file checks of that, for the sync layer alone (no session yet):
// 2 or 3 peers, one local player each, each a real state engine driven by
// its own syncLayer through engine.save() / engine.restore() / advance,
// wired through a simulatedLink with latency, jitter, reordering and
// duplicates: first with no loss and each input sent once; then with up to
// 20 % loss and a stand-in for the session's protocol (not built yet),
// written here in the test: every frame each peer acknowledges the inputs
// it has and resends those not acknowledged.
//
// After the inputs stop (TICKS ticks) and the network drains, every peer's
// engine state after every tick (engine.save(), hashed with hashState; the
// last run of a tick is the one kept, so a tick re-run after a rollback
// counts with its corrected state) equals that of a single engine that ran
// the same confirmed inputs with no network.

const INPUT_SIZE = 2;
const FRAME_MS = 16;
const MAX_STEPS = 5000;

/** Every stored input in one packet: [tick (4 bytes), input (INPUT_SIZE bytes)] repeated. */
function encode(inputs: readonly TickInput[]): Uint8Array {
  const bytes = new Uint8Array(inputs.length * (4 + INPUT_SIZE));
  const view = new DataView(bytes.buffer);
  inputs.forEach(({ tick, input }, i) => {
    view.setUint32(i * (4 + INPUT_SIZE), tick);
    bytes.set(input, i * (4 + INPUT_SIZE) + 4);
  });
  return bytes;
}

function decode(bytes: Uint8Array): { tick: number; input: Uint8Array }[] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const out: { tick: number; input: Uint8Array }[] = [];
  for (let at = 0; at < bytes.length; at += 4 + INPUT_SIZE) out.push({ tick: view.getUint32(at), input: bytes.slice(at + 4, at + 4 + INPUT_SIZE) });
  return out;
}

/** A few move and button values, so a prediction (the last input repeated) is sometimes right and sometimes wrong. */
const input = fc.tuple(fc.constantFrom(0, 1, 2, 200), fc.constantFrom(0, 0, 128, 255));

const scenario = fc
  .record({
    players: fc.integer({ min: 2, max: 3 }),
    ticks: fc.integer({ min: 1, max: 40 }),
    delay: fc.integer({ min: 0, max: 3 }),
    window: fc.integer({ min: 0, max: 8 }),
    sparseSaving: fc.boolean(),
    latencyMs: fc.double({ min: 0, max: 200, noNaN: true }),
    jitterMs: fc.double({ min: 0, max: 60, noNaN: true }),
    duplicate: fc.double({ min: 0, max: 0.3, noNaN: true }),
    reorder: fc.double({ min: 0, max: 0.3, noNaN: true }),
    seed: fc.integer({ min: 0, max: 0xffffffff }),
  })
  .chain((s) => fc.record({ s: fc.constant(s), schedule: fc.array(fc.array(input, { minLength: s.ticks, maxLength: s.ticks }), { minLength: s.players, maxLength: s.players }) }));

/** The input player `player` had at tick `tick` once confirmed: zero bytes for the first `delay` ticks, then the schedule delayed. */
function confirmedInput(schedule: readonly (readonly [number, number])[][], player: number, tick: number, delay: number): Uint8Array {
  return tick < delay ? new Uint8Array(INPUT_SIZE) : new Uint8Array(schedule[player]![tick - delay]!);
}

/** One peer of a match: its engine, its layer, the hash after each tick's last run, and what it sent. */
interface Peer {
  id: number;
  engine: ReturnType<typeof inputGame>['engine'];
  layer: SyncLayer<ReturnType<ReturnType<typeof inputGame>['engine']['save']>>;
  hashes: Map<number, string>;
  /** Every input it stored, for resending. */
  stored: TickInput[];
  /** For each other peer, the last tick of this peer's inputs it acknowledged. */
  acked: number[];
}

type Scenario = { players: number; ticks: number; delay: number; window: number; sparseSaving?: boolean; latencyMs: number; jitterMs: number; duplicate: number; reorder: number; loss: number; seed: number };

/**
 * Plays a match tick by tick on a simulated link until every peer ran every
 * tick, holds no wrong prediction and has every input confirmed (and, when
 * sending once, the network is empty). Returns the peers, and the steps taken.
 *
 * - `once`: each stored input is sent once, in a packet of its own add: [tick, input]...
 * - `resend`: every frame, each peer sends each other peer its acknowledgement
 *   (the last tick of that peer's inputs it has, all before it too) and every
 *   input of its own that peer has not acknowledged: [ack + 1, then tick, input...].
 *   Lost packets are made up by the next frame's.
 */
function playMatch(s: Scenario, schedule: readonly (readonly [number, number])[][], protocol: 'once' | 'resend'): { peers: Peer[]; steps: number } {
  const link = simulatedLink({ peers: s.players, latencyMs: s.latencyMs, jitterMs: s.jitterMs, duplicate: s.duplicate, reorder: s.reorder, loss: s.loss, seed: s.seed });
  const header = protocol === 'resend' ? 4 : 0;
  const peers: Peer[] = link.endpoints.map((endpoint) => {
    const { engine, run } = inputGame(s.players);
    const hashes = new Map<number, string>();
    const layer = syncLayer({
      players: s.players,
      localPlayers: [endpoint.id],
      inputSize: INPUT_SIZE,
      delay: s.delay,
      window: s.window,
      sparseSaving: s.sparseSaving ?? false,
      save: () => engine.save(),
      load: (state) => engine.restore(state),
      advance: (inputs) => {
        run(inputs);
        hashes.set(inputs[0]!.tick, hashState(engine.save()));
      },
    });
    return { id: endpoint.id, engine, layer, hashes, stored: [], acked: new Array<number>(s.players).fill(-1) };
  });
  const send = (from: Peer, to: Peer, inputs: readonly TickInput[]): void => {
    const body = encode(inputs);
    const message = new Uint8Array(header + body.length);
    if (header > 0) new DataView(message.buffer).setUint32(0, from.layer.confirmedThrough(to.id) + 1);
    message.set(body, header);
    link.endpoints[from.id]!.sendTo(to.id, message);
  };
  let step = 0;
  for (; step < MAX_STEPS; step++) {
    link.advanceTo(step * FRAME_MS);
    let settled = protocol === 'resend' || link.stats().inFlight === 0;
    for (const peer of peers) {
      const { layer } = peer;
      for (const { from, message } of link.endpoints[peer.id]!.receiveAll()) {
        if (header > 0) peer.acked[from] = Math.max(peer.acked[from]!, new DataView(message.buffer, message.byteOffset).getUint32(0) - 1);
        for (const { tick, input } of decode(message.subarray(header))) layer.addRemoteInput(from, tick, input);
      }
      let stored: TickInput[] = [];
      if (layer.currentTick < s.ticks) {
        settled = false;
        stored = layer.addLocalInput(peer.id, new Uint8Array(schedule[peer.id]![layer.currentTick]!));
        peer.stored.push(...stored);
        layer.advanceFrame();
      } else if (layer.correct() > 0 || layer.confirmedTick < s.ticks - 1) settled = false;
      for (const other of peers) {
        if (other === peer) continue;
        if (protocol === 'once') {
          if (stored.length > 0) send(peer, other, stored);
        } else send(peer, other, peer.stored.filter(({ tick }) => tick > peer.acked[other.id]!));
      }
    }
    if (settled) break;
  }
  return { peers, steps: step };
}

/** Each tick's hash in one engine that ran the confirmed inputs with no network. */
function referenceHashes(s: Scenario, schedule: readonly (readonly [number, number])[][]): string[] {
  const reference = inputGame(s.players);
  const expected: string[] = [];
  for (let tick = 0; tick < s.ticks; tick++) {
    reference.run(Array.from({ length: s.players }, (_, player) => ({ tick, input: confirmedInput(schedule, player, tick, s.delay), status: 'confirmed' as const })));
    expected.push(hashState(reference.engine.save()));
  }
  reference.engine.destroy();
  return expected;
}

/** The property: every peer ran every tick, holds nothing wrong, and each tick's final state is the reference's. */
function checkMatch(s: Scenario, schedule: readonly (readonly [number, number])[][], protocol: 'once' | 'resend'): void {
  const { peers, steps } = playMatch(s, schedule, protocol);
  expect(steps).toBeLessThan(MAX_STEPS);
  const expected = referenceHashes(s, schedule);
  for (const { layer, engine, hashes } of peers) {
    expect(layer.currentTick).toBe(s.ticks);
    expect(layer.firstWrongTick).toBeUndefined();
    expect(Array.from({ length: s.ticks }, (_, tick) => hashes.get(tick))).toEqual(expected);
    expect(hashState(engine.save())).toBe(expected[s.ticks - 1]);
    if (s.window === 0) expect(layer.stats().rollbacks).toBe(0); // lockstep never predicts, so never rolls back
    engine.destroy();
  }
}

describe('syncLayer over a simulatedLink: every peer ends with the state of one engine that ran the confirmed inputs', () => {
  it('no loss, each input sent once: for any 2 or 3 peers, delay, window, latency, jitter, reordering, duplicates and schedule, every tick\'s final state equals the reference\'s', () => {
    fc.assert(
      fc.property(scenario, ({ s, schedule }) => checkMatch({ ...s, loss: 0 }, schedule, 'once')),
      { numRuns: 60 },
    );
  });

  it('"up to 20 % loss", made up by resending every input not yet acknowledged: the same property', () => {
    fc.assert(
      fc.property(scenario, fc.double({ min: 0, max: 0.2, noNaN: true }), ({ s, schedule }, loss) => checkMatch({ ...s, loss }, schedule, 'resend')),
      { numRuns: 60 },
    );
  });

  it('the property is not vacuous: a seeded run with latency rolls back, re-simulates and stalls', () => {
    // 2 peers, 120 ms latency (7.5 frames), window 4, delay 1, inputs that change every 5 ticks.
    const s = { players: 2, ticks: 60, delay: 1, window: 4, latencyMs: 120, jitterMs: 30, duplicate: 0, reorder: 0, loss: 0, seed: 7 };
    const schedule = [0, 1].map((player) => Array.from({ length: s.ticks }, (_, tick) => [Math.floor(tick / 5) % 3, player === 0 ? 0 : 255] as const));
    checkMatch(s, schedule, 'once');
    for (const { layer, engine } of playMatch(s, schedule, 'once').peers) {
      const stats = layer.stats();
      expect(stats.ticks).toBe(s.ticks);
      expect(stats.rollbacks).toBeGreaterThan(0);
      expect(stats.resimulated).toBeGreaterThan(stats.rollbacks);
      expect(stats.stalls).toBeGreaterThan(0); // 7.5 frames of latency against a window of 4 (+ delay 1)
      engine.destroy();
    }
  });
});
