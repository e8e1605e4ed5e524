// Issue 28, item 2: "when the server's state for tick N arrives it restores
// it, re-applies its unacknowledged inputs and re-simulates to the present".
// The rule by example, on Prediction (what tickflowClient drives).
import { describe, expect, it } from 'vitest';
import type { RoomInput } from 'tickflow/colyseus';
import { Prediction } from '../../src/colyseus/prediction.js';

/** A game that logs what it is handed: its state is the list of [tick, stamps applied] it ran. */
function loggingGame() {
  const game = {
    state: [] as [number, number[]][],
    pending: [] as number[],
    save: () => structuredClone(game.state),
    restore: (state: [number, number[]][]) => void (game.state = structuredClone(state)),
    applyInputs: (inputs: readonly RoomInput[], tick: number) => {
      game.pending = inputs.map((i) => i.tick);
      for (const i of inputs) expect(i.appliedTick).toBe(tick);
    },
    advance: () => {
      game.state.push([game.state.length, game.pending]);
      game.pending = [];
    },
    fingerprint: () => JSON.stringify(game.state),
  };
  return game;
}

const bytes = Uint8Array.of(1);

describe('Prediction: predict, then reconcile with the room\'s state of tick N', () => {
  it('takes the first room state as its present (a resync), and predicts from it', () => {
    const game = loggingGame();
    const prediction = new Prediction(game, 'me');
    expect(prediction.started).toBe(false);
    expect(() => prediction.step(bytes)).toThrow(/no room state yet/);
    const roomState = [[0, []], [1, []]] as [number, number[]][];
    expect(prediction.reconcile(2, roomState, -1)).toEqual({ resimulated: 0, corrected: false, resynced: true });
    expect(prediction.step(bytes)).toEqual({ tick: 2, input: bytes });
    expect(game.state).toEqual([[0, []], [1, []], [2, [2]]]); // the local input at once: the next frame shows it
  });

  it('restores tick N, re-applies the inputs after the ack at their ticks and late ones at N first, and re-runs to the present', () => {
    // tick            5 6 7 8 9 10            present 10
    // ours            a b c d e               sent; the room applied through 6 (A = 6) by its state of 8
    // room state 8        ^                   restore it, then
    // re-run                  c+d e           8 with c (stamped 7, late: at 8 first) and d, 9 with e
    const game = loggingGame();
    const prediction = new Prediction(game, 'me');
    const before5 = [0, 1, 2, 3, 4].map((t) => [t, []] as [number, number[]]);
    prediction.reconcile(5, before5, -1);
    for (let t = 5; t <= 9; t++) prediction.step(bytes);
    expect(prediction.tick).toBe(10);
    const room8 = [...before5, [5, [5]], [6, [6]], [7, []]] as [number, number[]][]; // 7 did not arrive in time
    const result = prediction.reconcile(8, room8, 6);
    expect(result).toEqual({ resimulated: 2, corrected: true, resynced: false });
    expect(game.state.slice(5)).toEqual([[5, [5]], [6, [6]], [7, []], [8, [7, 8]], [9, [9]]]);
    expect(prediction.unacknowledged).toBe(3); // 7, 8, 9
  });

  it('a state that confirms the prediction is no correction', () => {
    const game = loggingGame();
    const prediction = new Prediction(game, 'me');
    prediction.reconcile(0, [], -1);
    for (let t = 0; t < 6; t++) prediction.step(bytes);
    const room3 = [[0, [0]], [1, [1]], [2, [2]]] as [number, number[]][];
    expect(prediction.reconcile(3, room3, 2)).toEqual({ resimulated: 3, corrected: false, resynced: false });
    expect(prediction.unacknowledged).toBe(3);
  });

  it('ignores a state no newer than the last (reordered or doubled on the way)', () => {
    const game = loggingGame();
    const prediction = new Prediction(game, 'me');
    prediction.reconcile(3, [[0, []], [1, []], [2, []]], -1);
    expect(prediction.reconcile(3, [], -1)).toBeUndefined();
    expect(prediction.reconcile(2, [], -1)).toBeUndefined();
    expect(game.state).toHaveLength(3);
  });

  it('fallen behind the room (the tab slept): takes the newer state as its present, no correction counted', () => {
    const game = loggingGame();
    const prediction = new Prediction(game, 'me');
    prediction.reconcile(1, [[0, []]], -1);
    prediction.step(bytes); // present 2
    const room9 = [...Array(9)].map((_, t) => [t, []] as [number, number[]]);
    expect(prediction.reconcile(9, room9, 1)).toEqual({ resimulated: 0, corrected: false, resynced: true });
    expect(prediction.tick).toBe(9);
  });
});
