import { describe, expect, it } from 'vitest';
import { decodeMessage, FRAME_PACKET } from '../../src/netplay/session-packets.js';
import type { TickInput } from '../../src/netplay/index.js';
import { confirmedInput, INPUT_SIZE, startMatch, type Machine } from './match.js';

// Issue 27, item 1: "2 to 8 players ... a player who disconnects gets a
// `disconnected` input status the game can read". With three or more
// machines, those still playing must run a player who left as disconnected
// from the same tick, or their states part: each saw the player leave at a
// different moment, holding their inputs up to a different tick. The session
// takes the latest of those ticks (no confirmed input is taken back), relays
// the inputs a machine lacks, and disconnects the player from the tick after
// (src/netplay/session-departures.ts).

/** Inputs that change every few ticks, different per player. */
const wavy = (player: number, tick: number): number[] => [Math.floor(tick / (3 + player)) % 3, (tick + player) % 7 === 0 ? 255 : 0];

/** The first tick `machine` ran with `player`'s input marked disconnected. */
function disconnectedFrom(machine: Machine, player: number): number | undefined {
  const ticks = [...machine.inputs.entries()].filter(([, inputs]) => inputs[player]!.status === 'disconnected').map(([tick]) => tick);
  return ticks.length === 0 ? undefined : Math.min(...ticks);
}

describe('createP2PSession: a machine leaves a match of three', () => {
  it('the two left agree on the tick it is disconnected from, the one that held fewer of its inputs gets the rest relayed, and their states stay equal', () => {
    const match = startMatch({ players: 3, link: { latencyMs: 60, seed: 11 }, input: wavy, session: { checksumEvery: 20, disconnectAfterMs: 1500 } });
    const [a, b, c] = match.machines;
    // What machine 0 receives of player 2's inputs, straight from machine 2 and relayed by machine 1.
    const direct: number[] = [];
    const relayed: number[] = [];
    let listening = true;
    const endpoint = match.link.endpoints[0]!;
    const receiveAll = endpoint.receiveAll.bind(endpoint);
    endpoint.receiveAll = () => {
      const messages = receiveAll();
      for (const { from, message } of messages) {
        const packet = decodeMessage(message, INPUT_SIZE);
        if (packet?.kind !== FRAME_PACKET) continue;
        for (const run of packet.runs.filter((r) => r.player === 2)) {
          const last = run.firstTick + run.inputs.length / INPUT_SIZE - 1;
          if (from === 2 && listening) direct.push(last);
          if (from === 1) relayed.push(last);
        }
      }
      return messages;
    };
    match.runUntil(1000);
    c!.alive = false; // machine 2 stops; its last packets are still on their way (60 ms)
    a!.session.disconnectPeer(2); // machine 0 gives up on it at once: it holds fewer of its inputs than machine 1 will
    listening = false;
    const heldByA = Math.max(...direct);
    match.runUntil(4000);

    // One tick on both: "a `disconnected` input status the game can read", from the same tick.
    const fromA = disconnectedFrom(a!, 2);
    const fromB = disconnectedFrom(b!, 2);
    expect(fromA).toBeDefined();
    expect(fromA).toBe(fromB);
    // Machine 1 heard more of player 2 than machine 0 held; the agreed tick keeps those inputs, relayed to machine 0.
    expect(fromA! - 1).toBeGreaterThan(heldByA);
    expect(Math.max(...relayed)).toBe(fromA! - 1);
    const ranWith = (machine: Machine, tick: number): TickInput => machine.inputs.get(tick)![2]!;
    // Those ticks ran on machine 0 with player 2's real inputs (a prediction run right keeps its 'predicted' mark: it is not run again).
    for (let tick = heldByA + 1; tick < fromA!; tick++) {
      expect(ranWith(a!, tick).status).not.toBe('disconnected');
      expect(ranWith(a!, tick).input).toEqual(confirmedInput(wavy, 2, tick, 2));
    }

    // Their states stay equal, tick by tick, and their checksums say so after the departure too.
    const confirmed = Math.min(a!.session.confirmedTick, b!.session.confirmedTick);
    expect(confirmed).toBeGreaterThan(fromA! + 60);
    for (let tick = 0; tick <= confirmed; tick++) expect(b!.hashes.get(tick)).toBe(a!.hashes.get(tick));
    expect(a!.engine.state.gone).toEqual([false, false, true]);
    for (const machine of [a!, b!]) {
      const stats = machine.session.stats();
      expect(stats.desyncs).toEqual([]);
      expect(stats.peers.find((peer) => peer.peer === 2)!.disconnected).toBe(true);
    }
    const matchedThen = a!.session.stats().checksumsMatched;
    match.runUntil(6000);
    expect(a!.session.stats().checksumsMatched).toBeGreaterThan(matchedThen);
    match.destroy();
  });

  it('a machine that hears no one else leave learns it from the others: it stops taking the leaver\'s packets and disconnects it from the agreed tick', () => {
    const match = startMatch({ players: 4, link: { latencyMs: 30, jitterMs: 10, seed: 12 }, input: wavy, session: { disconnectAfterMs: 60_000 } });
    const [a, b, c] = match.machines;
    match.runUntil(800);
    a!.session.disconnectPeer(3); // only machine 0 decides; machine 3 keeps playing and sending to everyone
    match.runUntil(2500);
    const from = disconnectedFrom(a!, 3);
    expect(from).toBeDefined();
    for (const machine of [b!, c!]) {
      expect(disconnectedFrom(machine, 3)).toBe(from);
      expect(machine.session.stats().peers.find((peer) => peer.peer === 3)!.disconnected).toBe(true);
    }
    const confirmed = Math.min(a!.session.confirmedTick, b!.session.confirmedTick, c!.session.confirmedTick);
    expect(confirmed).toBeGreaterThan(from! + 30);
    for (let tick = 0; tick <= confirmed; tick++) {
      expect(b!.hashes.get(tick)).toBe(a!.hashes.get(tick));
      expect(c!.hashes.get(tick)).toBe(a!.hashes.get(tick));
    }
    match.destroy();
  });
});
