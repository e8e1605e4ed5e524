import { afterEach, describe, expect, it, vi } from 'vitest';
import { createSyncTestSession } from '../../src/netplay/index.js';
import { inputGame, INPUT_SIZE } from './match.js';

// Issue 27, item 2: "A sync test mode runs the session's rollback path
// alone, in CI." Each frame runs a tick, then loads the state checkDistance
// ticks back and runs those ticks again (the sync layer's runAgainFrom, the
// code a late input triggers in a match), comparing every state with its
// first run.

const busy = (player: number, tick: number) => new Uint8Array([(tick * (player + 2)) % 5, tick % (3 + player) === 0 ? 200 : 0]);

function syncTest(hidden: boolean, checkDistance?: number) {
  const { engine, run } = inputGame(3, hidden);
  const test = createSyncTestSession({
    players: 3,
    inputSize: INPUT_SIZE,
    ...(checkDistance !== undefined && { checkDistance }),
    readInput: busy,
    save: () => engine.save(),
    load: (state) => engine.restore(state),
    advance: run,
  });
  return { engine, test };
}

afterEach(() => vi.restoreAllMocks());

describe('createSyncTestSession', () => {
  it.each([1, 2, 8])('a deterministic state-engine game passes at checkDistance %i: every state re-run equals its first run', (distance) => {
    const { engine, test } = syncTest(false, distance);
    for (let frame = 0; frame < 300; frame++) expect(test.advanceFrame()).toEqual([]);
    const stats = test.stats();
    expect(stats.ticks).toBe(300);
    expect(stats.rollbacks).toBe(300 - distance + 1); // from the frame that has `distance` ticks behind it
    expect(stats.resimulated).toBe((300 - distance + 1) * distance);
    expect(stats.compared).toBe((300 - distance + 1) * distance);
    engine.destroy();
  });

  it('a game with a hidden Math.random() in its step fails on the first rollback, naming the field', () => {
    let draws = 0;
    vi.spyOn(Math, 'random').mockImplementation(() => (draws++ % 4) / 4);
    const { engine, test } = syncTest(true);
    test.advanceFrame();
    const found = test.advanceFrame(); // tick 1 ran, then ticks 0 and 1 again: the hidden draws are elsewhere now
    expect(found.length).toBeGreaterThan(0);
    expect(found[0]!.tick).toBe(1);
    expect(found[0]!.fields.map((field) => field.path)).toEqual(['.state.score']);
    expect(found[0]!.firstHash).not.toBe(found[0]!.againHash);
    engine.destroy();
  });

  it('names the option, the rule and the value', () => {
    const calls = { readInput: () => new Uint8Array(1), save: () => 0, load: () => {}, advance: () => {} };
    expect(() => createSyncTestSession({ players: 2, inputSize: 1, checkDistance: 0, ...calls })).toThrow('createSyncTestSession: checkDistance must be a whole number from 1 to 127, got 0');
    expect(() => createSyncTestSession({ players: 1, inputSize: 1, ...calls })).toThrow('createSyncTestSession: players must be a whole number from 2 to 8, got 1');
    expect(() => createSyncTestSession({ players: 2, inputSize: 1, ...calls, readInput: 3 as never })).toThrow('createSyncTestSession: readInput must be a function, got 3');
  });
});
