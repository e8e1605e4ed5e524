import { describe, expect, it } from 'vitest';
import { hashState } from '../../src/replay/state-hash.js';
import { CATCH_UP_AFTER_TICKS, createP2PSession, createSpectatorSession, simulatedLink, type TickInput } from '../../src/netplay/index.js';
import { inputGame, INPUT_SIZE } from './match.js';

// Issue 27, item 1: "spectators receive confirmed inputs only and can join
// late from a snapshot."

const wavy = (player: number, tick: number) => new Uint8Array([Math.floor(tick / (3 + player)) % 3, (tick + player) % 7 === 0 ? 255 : 0]);

/** Two players (peers 0 and 1) and a spectator (peer 2) watching player 0's session. */
function watchedMatch(spectatorStartsMs: number, joinLate: boolean) {
  const link = simulatedLink({ peers: 3, latencyMs: 60, jitterMs: 20, loss: 0.1, seed: 21 });
  const players = [0, 1].map((me) => {
    const { engine, run } = inputGame(2);
    const hashes = new Map<number, string>();
    const session = createP2PSession({
      transport: link.endpoints[me]!,
      players: 2,
      localPlayers: [me],
      inputSize: INPUT_SIZE,
      readInput: wavy,
      save: () => engine.save(),
      load: (state) => engine.restore(state),
      advance: (inputs) => {
        run(inputs);
        hashes.set(inputs[0]!.tick, hashState(engine.save()));
      },
      ...(me === 0 && { spectators: [2] }),
    });
    return { engine, session, hashes };
  });
  const watched = inputGame(2);
  const runs: (readonly TickInput[])[] = [];
  const hashes = new Map<number, string>();
  const spectator = createSpectatorSession({
    transport: link.endpoints[2]!,
    host: 0,
    players: 2,
    inputSize: INPUT_SIZE,
    joinLate,
    load: (state) => watched.engine.restore(state as ReturnType<typeof watched.engine.save>),
    advance: (inputs) => {
      runs.push(inputs);
      watched.run(inputs);
      hashes.set(inputs[0]!.tick, hashState(watched.engine.save()));
    },
  });
  const behind: number[] = [];
  const play = (untilMs: number) => {
    for (let t = 0; t <= untilMs; t += 1000 / 60) {
      link.advanceTo(t);
      for (const { session } of players) session.frame(t);
      if (t >= spectatorStartsMs) {
        spectator.frame(t);
        behind.push(spectator.ticksBehind);
      }
    }
  };
  return { players, spectator, runs, hashes, behind, play };
}

describe('createSpectatorSession', () => {
  it('watching from the start: "confirmed inputs only", each tick run once, every state the players\' state', () => {
    const match = watchedMatch(0, false);
    match.play(6000);
    const { spectator, runs, hashes, players } = match;
    expect(spectator.currentTick).toBeGreaterThan(300);
    expect(runs.map((inputs) => inputs[0]!.tick)).toEqual(Array.from({ length: runs.length }, (_, tick) => tick)); // never rolled back
    expect(runs.flat().every((input) => input.status === 'confirmed')).toBe(true);
    for (let tick = 0; tick < spectator.currentTick; tick++) expect(hashes.get(tick)).toBe(players[0]!.hashes.get(tick));
    expect(spectator.currentTick).toBeLessThanOrEqual(players[0]!.session.confirmedTick + 1); // behind the players, as confirmations allow
    expect(players[1]!.session.stats().rollbacks).toBeGreaterThan(0); // the players did predict and roll back
  });

  it('"can join late from a snapshot": arriving 3 s in, it starts at a confirmed tick from the host\'s state and stays equal', () => {
    const match = watchedMatch(3000, true);
    match.play(7000);
    const { spectator, runs, hashes, players } = match;
    const first = runs[0]![0]!.tick;
    expect(first).toBeGreaterThan(150); // started from the snapshot, not tick 0
    expect(spectator.currentTick).toBeGreaterThan(first + 200);
    for (let tick = first; tick < spectator.currentTick; tick++) expect(hashes.get(tick)).toBe(players[0]!.hashes.get(tick));
  });

  it('a spectator that starts 2 s late from tick 0 plays two ticks a frame until it is no more than a few ticks behind', () => {
    const match = watchedMatch(2000, false);
    match.play(8000);
    const { behind, spectator, hashes, players } = match;
    expect(Math.max(...behind)).toBeGreaterThan(60);
    expect(behind.at(-1)!).toBeLessThanOrEqual(CATCH_UP_AFTER_TICKS + 4);
    for (let tick = 0; tick < spectator.currentTick; tick++) expect(hashes.get(tick)).toBe(players[0]!.hashes.get(tick));
  });

  it('names the option, the rule and the value', () => {
    const transport = simulatedLink().endpoints[1]!;
    expect(() => createSpectatorSession({ transport, host: -1, players: 2, inputSize: 1, advance: () => {} })).toThrow('createSpectatorSession: host must be a transport peer id (a whole number >= 0), got -1');
    expect(() => createSpectatorSession({ transport, host: 0, players: 2, inputSize: 1, joinLate: true, advance: () => {} })).toThrow(/createSpectatorSession: load must be a function \(joinLate/);
    expect(() => createP2PSession({ transport, players: 2, localPlayers: [0], inputSize: 1, readInput: () => new Uint8Array(1), save: () => 0, load: () => {}, advance: () => {}, spectators: [1] })).toThrow(
      "createP2PSession: spectators must be transport peer ids none of which is a player's, got an array of 1",
    );
  });
});
