import { describe, expect, it } from 'vitest';
import { OptionError } from '../../operators/option-error.js';
import { constantClock, nullBackend } from '../../src/index.js';
import { createStateEngine } from '../../src/engines/state/index.js';
import { syncLayer, type SyncLayer, type TickInput } from '../../src/netplay/index.js';

// Issue 27, item 1: "a prediction window (default 8 ticks; 0 is lockstep)
// past which the session stalls by having the clock decline ticks, never by
// blocking; remote inputs predicted as the last confirmed one unless the
// game predicts; on a late input that differs, restore the snapshot of the
// first wrong tick and re-simulate to the present in the same frame, with
// rendering seeing only the corrected state".
//
// The game here is a log: each tick appends every player's input letter
// and status ('a' confirmed, 'a?' predicted, 'a!' disconnected), so a test reads which inputs
// each tick ran with. save/load/advance are counted.

const byte = (letter: string): Uint8Array => new Uint8Array([letter === '0' ? 0 : letter.charCodeAt(0)]);
const letter = (input: Uint8Array): string => (input[0] === 0 ? '0' : String.fromCharCode(input[0]!));

interface LogGame {
  /** One entry a tick run: the tick's inputs, e.g. 'a x?'. */
  log: string[];
  calls: { save: number; load: number; advance: number; loadedTick: number[] };
  layer: SyncLayer<string[]>;
}

function logGame(options: { players?: number; localPlayers?: number[]; delay?: number; window?: number; sparseSaving?: boolean; keepEvery?: number } = {}): LogGame {
  const game: LogGame = { log: [], calls: { save: 0, load: 0, advance: 0, loadedTick: [] }, layer: undefined! };
  game.layer = syncLayer<string[]>({
    players: options.players ?? 2,
    localPlayers: options.localPlayers ?? [0],
    inputSize: 1,
    delay: options.delay ?? 0,
    window: options.window ?? 8,
    sparseSaving: options.sparseSaving ?? false,
    keepEvery: options.keepEvery ?? 0,
    save: () => {
      game.calls.save++;
      return [...game.log];
    },
    load: (state) => {
      game.calls.load++;
      game.calls.loadedTick.push(state.length);
      game.log = [...state];
    },
    advance: (inputs: readonly TickInput[]) => {
      game.calls.advance++;
      game.log.push(inputs.map(({ input, status }) => letter(input) + (status === 'predicted' ? '?' : status === 'disconnected' ? '!' : '')).join(' '));
    },
  });
  return game;
}

/** One frame of a two-player game where player 0 is local: its input, then advanceFrame. */
function frame(game: LogGame, local: string): 'advanced' | 'stalled' {
  game.layer.addLocalInput(0, byte(local));
  return game.layer.advanceFrame();
}

describe('syncLayer rollback: "restore the snapshot of the first wrong tick and re-simulate to the present in the same frame"', () => {
  it('a wrong prediction at tick 2 loads the state before tick 2 and runs ticks 2 to 4 again, then tick 5, in one advanceFrame', () => {
    const game = logGame();
    game.layer.addRemoteInput(1, 0, byte('x'));
    for (let tick = 0; tick < 5; tick++) expect(frame(game, 'a')).toBe('advanced');
    // "remote inputs predicted as the last confirmed one"
    expect(game.log).toEqual(['a x', 'a x?', 'a x?', 'a x?', 'a x?']);
    expect(game.calls).toEqual({ save: 5, load: 0, advance: 5, loadedTick: [] });

    game.layer.addRemoteInput(1, 1, byte('x')); // as predicted: nothing wrong
    game.layer.addRemoteInput(1, 2, byte('y')); // differs: tick 2 is the first wrong one
    expect(game.layer.firstWrongTick).toBe(2);
    expect(frame(game, 'a')).toBe('advanced');

    // One load, of the state saved before tick 2 (2 ticks logged); ticks 2, 3, 4 again and the new tick 5: 4 advances;
    // saves before 3 and 4 (before 2 is the one loaded) and before 5: 3.
    expect(game.calls).toEqual({ save: 5 + 3, load: 1, advance: 5 + 4, loadedTick: [2] });
    // Tick 1 is not run again: its prediction was right, so the state after it stands (its log entry still says it was predicted).
    expect(game.log).toEqual(['a x', 'a x?', 'a y', 'a y?', 'a y?', 'a y?']);
    expect(game.layer.firstWrongTick).toBeUndefined();
    expect(game.layer.stats()).toEqual({ ticks: 6, rollbacks: 1, resimulated: 3, stalls: 0 });
  });

  it('a confirmation equal to the prediction costs nothing: no load, one advance', () => {
    const game = logGame();
    for (let tick = 0; tick < 3; tick++) frame(game, 'a');
    for (let tick = 0; tick < 3; tick++) game.layer.addRemoteInput(1, tick, byte('0')); // the default prediction: zero bytes
    frame(game, 'a');
    expect(game.calls).toEqual({ save: 4, load: 0, advance: 4, loadedTick: [] });
    expect(game.layer.confirmedTick).toBe(2);
    expect([game.layer.confirmedThrough(0), game.layer.confirmedThrough(1)]).toEqual([3, 2]); // the local player's through the tick just added
    expect(() => game.layer.confirmedThrough(2)).toThrow('syncLayer.confirmedThrough: player must be a player from 0 to 1, got 2');
  });

  it('confirmations arriving out of order roll back to the earliest wrong tick, once', () => {
    const game = logGame({ players: 3, localPlayers: [0] });
    for (let tick = 0; tick < 6; tick++) frame(game, 'a');
    game.layer.addRemoteInput(2, 4, byte('q')); // wrong at 4 (player 2)
    game.layer.addRemoteInput(1, 1, byte('p')); // wrong at 1 (player 1): the earlier one wins
    expect(game.layer.firstWrongTick).toBe(1);
    expect(game.layer.correct()).toBe(5); // ticks 1 to 5 again
    expect(game.calls.loadedTick).toEqual([1]);
    expect(game.log).toEqual(['a 0? 0?', 'a p 0?', 'a p? 0?', 'a p? 0?', 'a p? q', 'a p? q?']);
    expect(game.layer.correct()).toBe(0); // nothing wrong any more
    expect(game.layer.currentTick).toBe(6); // correct() never runs a new tick
  });
});

// GGRS's sparse saving (`with_sparse_saving_mode`), for games whose save costs
// about what a tick does (a Rapier world): save only states every input before
// is confirmed; a rollback loads the latest and saves once on the way back.
describe('syncLayer sparse saving: states saved only where every input before is confirmed', () => {
  it('a late remote input: ticks run on predictions save nothing; the rollback loads the confirmed state and saves once, at the new confirmed tick', () => {
    const game = logGame({ sparseSaving: true });
    for (let tick = 0; tick < 5; tick++) expect(frame(game, 'a')).toBe('advanced');
    // Only the state before tick 0 had every input before it confirmed (none).
    expect(game.calls).toEqual({ save: 1, load: 0, advance: 5, loadedTick: [] });
    expect(game.layer.settledTick).toBe(0);
    expect(game.layer.stateBefore(0)).toEqual([]);
    expect(game.layer.stateBefore(3)).toBeUndefined();

    game.layer.addRemoteInput(1, 0, byte('0')); // as predicted
    game.layer.addRemoteInput(1, 1, byte('0')); // as predicted
    game.layer.addRemoteInput(1, 2, byte('y')); // differs: tick 2 is the first wrong one
    expect(game.layer.firstWrongTick).toBe(2);
    expect(frame(game, 'a')).toBe('advanced');
    // Loaded the state before tick 0 (the saved one, not before tick 2), ran 0 to 4 again and the new tick 5;
    // saved once, before tick 3 = confirmedTick + 1, the state no confirmation can prove wrong.
    expect(game.calls).toEqual({ save: 2, load: 1, advance: 5 + 6, loadedTick: [0] });
    expect(game.log).toEqual(['a 0', 'a 0', 'a y', 'a y?', 'a y?', 'a y?']);
    expect(game.layer.settledTick).toBe(3);
    expect(game.layer.stateBefore(3)).toEqual(['a 0', 'a 0', 'a y']);
    expect(game.layer.stats()).toEqual({ ticks: 6, rollbacks: 1, resimulated: 5, stalls: 0 });
  });

  it('inputs confirmed before their tick runs: every tick saves, as without sparse saving, and nothing is loaded', () => {
    const game = logGame({ sparseSaving: true });
    for (let tick = 0; tick < 6; tick++) {
      game.layer.addRemoteInput(1, tick, byte('x'));
      frame(game, 'a');
    }
    expect(game.calls).toEqual({ save: 6, load: 0, advance: 6, loadedTick: [] });
    expect(game.layer.settledTick).toBe(5);
  });

  it('predictions right but the saved state window ticks old: it runs again from it to save a newer one, never stalling for it', () => {
    const game = logGame({ sparseSaving: true, window: 4 });
    for (let tick = 0; tick < 4; tick++) frame(game, 'a'); // ticks 0-3 on predictions; saved: before 0
    for (let tick = 0; tick < 2; tick++) game.layer.addRemoteInput(1, tick, byte('0')); // as predicted
    expect(game.layer.firstWrongTick).toBeUndefined();
    expect(frame(game, 'a')).toBe('advanced'); // currentTick 4 - saved 0 >= window 4: load 0, run 0-3 again, saving before 2
    expect(game.calls).toEqual({ save: 2, load: 1, advance: 4 + 4 + 1, loadedTick: [0] });
    expect(game.layer.settledTick).toBe(2);
    expect(game.layer.stats().stalls).toBe(0);
    for (let tick = 2; tick < 5; tick++) game.layer.addRemoteInput(1, tick, byte('0'));
    game.layer.correct(); // not stale yet (5 - 2 < 4): nothing runs
    expect(game.calls.load).toBe(1);
  });

  it('keepEvery: the states before multiples of it are kept too once confirmed, for the session\'s checksums', () => {
    const game = logGame({ sparseSaving: true, keepEvery: 2 });
    for (let tick = 0; tick < 6; tick++) frame(game, 'a');
    for (let tick = 0; tick < 5; tick++) game.layer.addRemoteInput(1, tick, byte(tick === 1 ? 'y' : '0'));
    frame(game, 'a'); // wrong at 1: load before 0, run 0-5 again saving before 2, 4 (multiples of 2) and 5 (= confirmedTick + 1)
    expect(game.calls.loadedTick).toEqual([0]);
    expect(game.calls.save).toBe(1 + 3);
    expect(game.layer.settledTick).toBe(5);
    expect(game.layer.stateBefore(2)).toEqual(['a 0', 'a y']);
    expect(game.layer.stateBefore(4)).toHaveLength(4);
    expect(game.layer.stateBefore(3)).toBeUndefined();
    expect(() => game.layer.runAgainFrom(3)).toThrow('syncLayer.runAgainFrom: tick must be a tick with a saved state (sparse saving keeps only confirmed ones, the latest 5), got 3');
  });
});

describe('syncLayer window: "a prediction window (default 8 ticks; 0 is lockstep) past which the session stalls"', () => {
  it('defaults to a window of 8 and a delay of 2', () => {
    const layer = syncLayer({ players: 2, localPlayers: [1], inputSize: 1, save: () => 0, load: () => {}, advance: () => {} });
    expect(layer.window).toBe(8);
    expect(layer.addLocalInput(1, byte('a')).map(({ tick }) => tick)).toEqual([0, 1, 2]);
  });

  it('with window 3 and a silent peer it runs ticks 0, 1, 2 on predictions, then stalls without running anything', () => {
    const game = logGame({ window: 3 });
    expect([frame(game, 'a'), frame(game, 'b'), frame(game, 'c')]).toEqual(['advanced', 'advanced', 'advanced']);
    for (let i = 0; i < 4; i++) expect(frame(game, 'd')).toBe('stalled');
    expect(game.calls).toEqual({ save: 3, load: 0, advance: 3, loadedTick: [] });
    expect(game.layer.currentTick).toBe(3);
    expect(game.layer.stats().stalls).toBe(4);
    // The input first given for tick 3 stands: the repeated addLocalInput calls while stalled were ignored.
    game.layer.addRemoteInput(1, 0, byte('x'));
    expect(frame(game, 'e')).toBe('advanced'); // tick 0 confirmed: one more tick fits, after the rollback to tick 0
    expect(game.log).toEqual(['a x', 'b x?', 'c x?', 'd x?']);
    expect(game.calls.loadedTick).toEqual([0]);
  });

  it('window 0 is lockstep: no tick ever runs with an input not confirmed, and nothing is ever loaded', () => {
    const game = logGame({ window: 0, delay: 1 });
    const letters = 'abcdefghij';
    let sent = 0;
    const results: string[] = [];
    for (let step = 0; step < 20; step++) {
      // The remote peer's input for a tick comes every other frame.
      if (step % 2 === 1 && sent < letters.length) game.layer.addRemoteInput(1, sent, byte(letters[sent++]!));
      results.push(frame(game, 'a') === 'advanced' ? 'A' : 's');
      expect(game.log.every((entry) => !entry.includes('?'))).toBe(true);
      expect(game.layer.currentTick - 1).toBeLessThanOrEqual(game.layer.confirmedTick);
    }
    expect(results.join('')).toBe('sAsAsAsAsAsAsAsAsAsA');
    expect(game.log).toEqual(['0 a', 'a b', 'a c', 'a d', 'a e', 'a f', 'a g', 'a h', 'a i', 'a j']);
    expect(game.calls.load).toBe(0);
  });
});

describe('syncLayer delay: "input delay (default 2 ticks) changeable while playing"', () => {
  it('a local input is used delay ticks later; grown, the last input repeats; shrunk, inputs are dropped until caught up', () => {
    const game = logGame({ delay: 1 });
    const played: string[] = [];
    for (const [local, delay] of [['a', 1], ['b', 1], ['c', 2], ['d', 2], ['e', 0], ['f', 0], ['g', 0]] as const) {
      game.layer.setDelay(0, delay);
      game.layer.addRemoteInput(1, game.layer.currentTick, byte('x'));
      played.push(...game.layer.addLocalInput(0, byte(local)).map(({ tick, input }) => `${tick}${letter(input)}`));
      expect(game.layer.advanceFrame()).toBe('advanced');
    }
    expect(played).toEqual(['00', '1a', '2b', '3b', '4c', '5d', '6g']); // 0 is zero bytes; b repeats at 3; e and f are dropped
    expect(game.log.map((entry) => entry.split(' ')[0])).toEqual(['0', 'a', 'b', 'b', 'c', 'd', 'g']);
    expect(() => game.layer.setDelay(1, 0)).toThrow('a local player (0)');
  });
});

describe('syncLayer disconnect: "a player who disconnects gets a `disconnected` input status the game can read"', () => {
  it('from the tick after their last confirmed input: ticks run with predictions since are run again as disconnected, and the window stops waiting', () => {
    const game = logGame({ window: 2 });
    game.layer.addRemoteInput(1, 0, byte('x'));
    game.layer.addRemoteInput(1, 1, byte('y'));
    for (let tick = 0; tick < 4; tick++) expect(frame(game, 'a')).toBe('advanced'); // ticks 2 and 3 predicted
    expect(frame(game, 'a')).toBe('stalled'); // tick 4 would be 3 ticks past the last confirmed
    expect(game.layer.disconnectPlayer(1)).toBe(2);
    expect(game.layer.firstWrongTick).toBe(2);
    expect(frame(game, 'a')).toBe('advanced'); // rolls back to tick 2, runs 2 and 3 again, then tick 4
    expect(game.calls.loadedTick).toEqual([2]);
    const show = (entry: string) => entry.replace(/^a /, '');
    // The disconnected input is the last confirmed one (y) by default, the same on every peer.
    expect(game.log.map(show)).toEqual(['x', 'y', 'y!', 'y!', 'y!']);
    // No more stalls, and inputs are still let go of (a local queue holds 128 ticks at most): the player who left counts as confirmed.
    for (let tick = 0; tick < 300; tick++) expect(frame(game, 'a')).toBe('advanced');
    expect(game.layer.confirmedTick).toBe(game.layer.currentTick - 1);
    expect(game.layer.disconnectPlayer(1)).toBe(2); // again: the same tick
    expect(() => game.layer.disconnectPlayer(0)).toThrow('a remote player (1)');
  });

  it('refuses a tick before the oldest saved state, or before one of their confirmed inputs', () => {
    const game = logGame({ window: 2 });
    game.layer.addRemoteInput(1, 0, byte('x'));
    for (let tick = 0; tick < 3; tick++) frame(game, 'a');
    expect(() => game.layer.disconnectPlayer(1, 0)).toThrow('syncLayer.disconnectPlayer: atTick must be a whole number >= 1');
    expect(() => game.layer.disconnectPlayer(1, 0.5)).toThrow(OptionError);
  });
});

describe('syncLayer on a state engine (the doc comment\'s example)', () => {
  it('a late input for tick 0 rolls the engine back through restore() and re-runs ticks 0 to 2 before tick 3', () => {
    let inputs: readonly TickInput[] = [];
    const engine = createStateEngine({
      backend: nullBackend(),
      ticks: { subscribe: () => ({ unsubscribe() {} }) },
      clock: constantClock(1000 / 60),
      initial: { x: [0, 0] },
      update: (s) => ({ x: s.x.map((x, player) => x + inputs[player]!.input[0]!) }),
    });
    const sync = syncLayer({
      players: 2,
      localPlayers: [0],
      inputSize: 1,
      delay: 0,
      save: () => engine.save(),
      load: (state) => engine.restore(state),
      advance: (tickInputs) => {
        inputs = tickInputs;
        engine.advance();
      },
    });
    for (let tick = 0; tick < 3; tick++) {
      sync.addLocalInput(0, new Uint8Array([1]));
      sync.advanceFrame();
    }
    expect(engine.state.x).toEqual([3, 0]);
    sync.addRemoteInput(1, 0, new Uint8Array([2]));
    sync.addLocalInput(0, new Uint8Array([1]));
    sync.advanceFrame();
    expect(engine.state.x).toEqual([4, 8]);
    expect(engine.frame().count).toBe(4); // the frame count came back with the snapshot: 4 ticks, not 7
    expect(sync.stats()).toEqual({ ticks: 4, rollbacks: 1, resimulated: 3, stalls: 0 });
    engine.destroy();
  });
});

describe('syncLayer errors', () => {
  it('refuses to advance without the local input for the current tick', () => {
    const game = logGame();
    expect(() => game.layer.advanceFrame()).toThrow(OptionError);
    expect(() => game.layer.advanceFrame()).toThrow('syncLayer.advanceFrame: localInput must be an input for tick 0 from every local player');
  });

  it('names a wrong player, and a bad option', () => {
    const game = logGame();
    expect(() => game.layer.addRemoteInput(0, 0, byte('a'))).toThrow('a remote player (1)');
    expect(() => game.layer.addLocalInput(1, byte('a'))).toThrow('a local player (0)');
    const base = { inputSize: 1, save: () => 0, load: () => {}, advance: () => {} };
    expect(() => syncLayer({ ...base, players: 1, localPlayers: [0] })).toThrow('syncLayer: players must be a whole number from 2 to 8, got 1');
    expect(() => syncLayer({ ...base, players: 2, localPlayers: [2] })).toThrow('localPlayers must be an array of distinct players from 0 to 1');
    expect(() => syncLayer({ ...base, players: 2, localPlayers: [0, 0] })).toThrow('distinct');
    expect(() => syncLayer({ ...base, players: 2, localPlayers: [0], window: -1 })).toThrow('window must be a whole number from 0 to 127');
    expect(() => syncLayer({ ...base, players: 2, localPlayers: [0], sparseSaving: 'yes' as unknown as boolean })).toThrow('syncLayer: sparseSaving must be true or false, got');
    expect(() => syncLayer({ ...base, players: 2, localPlayers: [0], keepEvery: 1.5 })).toThrow('keepEvery must be');
  });
});
