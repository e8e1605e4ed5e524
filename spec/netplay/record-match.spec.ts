import { describe, expect, it } from 'vitest';
import { resolve } from 'node:path';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { runReplayCommand } from '../../src/cli/replay-command.js';
import { createP2PSession, recordMatch, simulatedLink } from '../../src/netplay/index.js';
import { decodeSession, encodeSession, hashState, replay } from '../../src/replay/index.js';
import { advance, build } from './fixtures/duel-build.js';

// Issue 27, item 3: "Every netplay match is a recording. Each peer's
// confirmed inputs are a session in tickflow's session format, so a match
// replays offline in Node (`tickflow replay`) and can become a regression
// test."

/** Each player holds up or down for a while, then the other, then nothing. */
const keys = (player: number, tick: number): number => (Math.floor(tick / (20 + 7 * player)) % 3 === 0 ? 1 : Math.floor(tick / 13) % 3 === 1 ? 2 : 0);

function playMatch() {
  const link = simulatedLink({ latencyMs: 70, jitterMs: 25, loss: 0.1, seed: 12 });
  const peers = [0, 1].map((me) => {
    const engine = build();
    const hashes = new Map<number, string>(); // the state after each tick's last run
    const session = createP2PSession({
      transport: link.endpoints[me]!,
      players: 2,
      localPlayers: [me],
      inputSize: 1,
      readInput: (player, tick) => new Uint8Array([tick < 400 ? keys(player, tick) : 0]),
      save: () => engine.save(),
      load: (state) => engine.restore(state),
      advance: (inputs) => {
        advance(engine, inputs);
        hashes.set(inputs[0]!.tick, hashState(engine.state));
      },
    });
    return { engine, session, hashes };
  });
  for (let t = 0; t <= 8000; t += 1000 / 60) {
    link.advanceTo(t);
    for (const { session } of peers) session.frame(t);
  }
  return peers;
}

describe('recordMatch: a netplay match as a session', () => {
  const [a, b] = playMatch();

  it('every peer holds the same confirmed inputs, statuses confirmed', () => {
    const mine = a!.session.confirmedInputs();
    const theirs = b!.session.confirmedInputs();
    const common = Math.min(mine.inputs.length, theirs.inputs.length);
    expect(common).toBeGreaterThan(400);
    expect(mine.inputs.slice(0, common)).toEqual(theirs.inputs.slice(0, common));
    expect(mine.inputs.flat().every((input) => input.status === 'confirmed')).toBe(true);
    expect(a!.session.stats().rollbacks).toBeGreaterThan(0); // the match did roll back: the recording is of the corrected ticks
  });

  it('the recording replays the same in Node, and ends in the state both peers had at that tick', async () => {
    const inputs = a!.session.confirmedInputs();
    let recordedFinal = '';
    const session = recordMatch(inputs, () => {
      const engine = build();
      return {
        engine,
        advance: (tickInputs) => {
          advance(engine, tickInputs);
          recordedFinal = hashState(engine.state);
        },
      };
    });
    expect(session.deltasMs).toHaveLength(inputs.inputs.length);
    const report = await replay(decodeSession(encodeSession(session)), (host) => build(host));
    expect(report.same).toBe(true);
    expect(report.frames).toBe(inputs.inputs.length);
    // The state the recording ends in is the one both peers had after that tick.
    const last = inputs.inputs.length - 1;
    expect(recordedFinal).toBe(a!.hashes.get(last));
    expect(recordedFinal).toBe(b!.hashes.get(last));
    expect(a!.session.stats().desyncs).toEqual([]);
  });

  it('"npx tickflow replay match.json build.ts" replays it: exit 0 and "the replay is the same"', async () => {
    const session = recordMatch(a!.session.confirmedInputs(), () => {
      const engine = build();
      return { engine, advance: (tickInputs) => advance(engine, tickInputs) };
    });
    const dir = mkdtempSync(resolve(tmpdir(), 'tickflow-match-'));
    const file = resolve(dir, 'match.json');
    writeFileSync(file, encodeSession(session));
    const out: string[] = [];
    const code = await runReplayCommand([file, resolve(import.meta.dirname, 'fixtures/duel-build.ts')], { out: (text) => out.push(text), err: (text) => out.push(text) });
    expect(out.join('\n')).toMatch(/✓ the replay is the same/);
    expect(code).toBe(0);
  });

  it('a build that returns no engine is named', () => {
    expect(() => recordMatch(a!.session.confirmedInputs(), () => ({}) as never)).toThrow('recordMatch: build must be a function returning { engine, advance(inputs) }');
  });
});
