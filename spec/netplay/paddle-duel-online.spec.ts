import { describe, expect, it } from 'vitest';
import { nullBackend } from '../../src/index.js';
import { hashState } from '../../src/replay/state-hash.js';
import { simulatedLink, type LinkConditions } from '../../src/netplay/index.js';
import { Ball } from '../../examples/paddle-duel/ball.js';
import { NARROWS } from '../../examples/paddle-duel/courts.js';
import { CUES } from '../../examples/paddle-duel/cues.js';
import { BAD_NETWORK, createOnlineDuel, encodeDuelInput, seedFromRoomCode, sharedState, type OnlineDuel } from '../../examples/paddle-duel/online-duel.js';
import { Paddle } from '../../examples/paddle-duel/paddle.js';
import { LOGICAL_HEIGHT, LOGICAL_WIDTH } from '../../examples/paddle-duel/tuning.js';

// Issue 27, item 5: Paddle Duel online. Two machines, each its own world
// engine stepped only by its rollback session, over a simulated link with
// latency: after some seconds of play, every confirmed tick's state is the
// same on both (hashed here tick by tick, and compared by the sessions'
// own checksums), across a point, a serve and the change of court.

/** Player 0 chases the ball; player 1 wanders in a pattern of its own and presses nothing else: points are scored. */
function scripted(duel: () => OnlineDuel, player: number) {
  return (tick: number): number => {
    if (player === 1) return encodeDuelInput({ up: Math.floor(tick / 40) % 3 === 0, down: Math.floor(tick / 40) % 3 === 1, confirm: false });
    const world = duel().engine.world;
    const paddle = world.find('left-paddle');
    const ball = world.ofType(Ball)[0];
    if (!(paddle instanceof Paddle) || ball === undefined) return 0;
    return encodeDuelInput({ up: ball.y < paddle.y - 8, down: ball.y > paddle.y + 8, confirm: false });
  };
}

interface Machine {
  readonly duel: OnlineDuel;
  /** The cues played, by name. */
  readonly heard: Map<string, number>;
  /** The shared state's hash after each tick as last run (a re-simulated tick keeps its corrected state). */
  readonly hashes: Map<number, string>;
}

function playMatch(link: Partial<LinkConditions>, seconds: number): Machine[] {
  const wire = simulatedLink({ peers: 2, ...link });
  const seed = seedFromRoomCode('ABCD');
  const machines: Machine[] = [0, 1].map((player) => {
    const hashes = new Map<number, string>();
    const heard = new Map<string, number>();
    const machine: { duel?: OnlineDuel } = {};
    machine.duel = createOnlineDuel({
      backend: nullBackend({ logicalWidth: LOGICAL_WIDTH, logicalHeight: LOGICAL_HEIGHT }),
      transport: wire.endpoints[player]!,
      playerIndex: player,
      seed,
      readLocal: scripted(() => machine.duel!, player),
      onTick: (inputs) => hashes.set(inputs[0]!.tick, hashState(sharedState(machine.duel!.engine.save()))),
      cues: { play: (name) => void heard.set(name, (heard.get(name) ?? 0) + 1) },
    });
    return { duel: machine.duel, hashes, heard };
  });
  // Player 1's frames come 7 ms after player 0's: two machines never share a clock.
  const frameMs = 1000 / 60;
  for (let t = 0; t <= seconds * 1000; t += 1) {
    wire.advanceTo(t);
    machines.forEach((machine, player) => {
      const offset = player * 7;
      if (t >= offset && Math.floor((t - offset) / frameMs) !== Math.floor((t - offset - 1) / frameMs)) machine.duel.session.frame(t);
    });
  }
  return machines;
}

describe('Paddle Duel online: two rollback sessions over a simulated link', () => {
  it('over 80 ms (jitter 30, loss 5 %) for 25 s: equal confirmed states tick by tick, checksums matched, no desync, across a court change', () => {
    const machines = playMatch({ latencyMs: 80, jitterMs: 30, loss: 0.05, seed: 5 }, 25);
    const [a, b] = machines as [Machine, Machine];
    const confirmed = Math.min(a.duel.session.confirmedTick, b.duel.session.confirmedTick);
    expect(confirmed).toBeGreaterThan(1200); // 25 s at 60 Hz, less the delay, the round trip and the stretch
    for (let tick = 0; tick <= confirmed; tick++) {
      if (a.hashes.get(tick) !== b.hashes.get(tick)) expect.fail(`tick ${tick}: ${a.hashes.get(tick)} on the left, ${b.hashes.get(tick)} on the right`);
    }
    for (const { duel } of machines) {
      const stats = duel.session.stats();
      expect(stats.checksumsMatched).toBeGreaterThan(10);
      expect(stats.desyncs).toEqual([]);
      expect(stats.rollbacks).toBeGreaterThan(0); // predictions were wrong and corrected: the test is not vacuous
      expect(duel.match.rounds.length).toBeGreaterThanOrEqual(1); // round 1 ended and the narrows opened
      expect(duel.engine.world.level).toBe(NARROWS.level);
      duel.engine.destroy();
    }
    // A tick run again after a rollback plays no cue: each round's "go" is heard once, on each machine.
    for (const { heard } of machines) expect(heard.get(CUES.go)).toBe(2);
    expect(a.duel.match.totals).toEqual(b.duel.match.totals);
  });

  it("over the page's bad network (120 ms, jitter 40, 10 % loss) with duplicates and reordering too, for 15 s: every confirmed tick equal, no desync", () => {
    const machines = playMatch({ ...BAD_NETWORK, duplicate: 0.05, reorder: 0.05, seed: 9 }, 15);
    const [a, b] = machines as [Machine, Machine];
    const confirmed = Math.min(a.duel.session.confirmedTick, b.duel.session.confirmedTick);
    expect(confirmed).toBeGreaterThan(600);
    for (let tick = 0; tick <= confirmed; tick++) {
      if (a.hashes.get(tick) !== b.hashes.get(tick)) expect.fail(`tick ${tick}: ${a.hashes.get(tick)} on the left, ${b.hashes.get(tick)} on the right`);
    }
    for (const { duel } of machines) {
      const stats = duel.session.stats();
      expect(stats.desyncs).toEqual([]);
      expect(stats.checksumsMatched).toBeGreaterThan(5);
      expect(stats.rollbacks).toBeGreaterThan(10);
      duel.engine.destroy();
    }
  });
});
