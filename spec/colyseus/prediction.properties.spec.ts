// Issue 28, item 2: "when the server's state for tick N arrives it restores
// it, re-applies its unacknowledged inputs and re-simulates to the present".
// Property tests of that rule (Prediction, the structure tickflowClient
// drives) against a model room on discrete time (fixtures/tick-model.ts):
// the room is tickflowRoom's own input timeline (RoomInputs) and the same
// game code.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { runModel, type ModelScenario } from './fixtures/tick-model.js';

/** Ticks at the start where the local player holds still. */
const STILL_TICKS = 12;

const delay = (max: number, loss: boolean) => (loss ? fc.option(fc.integer({ min: 0, max }), { freq: 8, nil: null }) : fc.integer({ min: 0, max }));

function scenario(options: { late: boolean; loss: boolean; otherMoves: boolean }): fc.Arbitrary<ModelScenario> {
  return fc
    .record({
      own: fc.array(fc.integer({ min: 0, max: 3 }), { minLength: 1, maxLength: 40 }),
      lead: fc.integer({ min: 1, max: 8 }),
      upJitter: fc.array(delay(12, options.loss), { minLength: 1, maxLength: 16 }),
      downDelays: fc.array(delay(8, options.loss), { minLength: 1, maxLength: 16 }),
      other: options.otherMoves ? fc.array(fc.tuple(fc.integer({ min: 0, max: STILL_TICKS + 40 }), fc.integer({ min: 0, max: 3 })), { maxLength: 6 }) : fc.constant([]),
    })
    .map(({ own, lead, upJitter, downDelays, other }) => ({
      // The first ticks still: a player joins, then moves.
      own: [...new Array<number>(STILL_TICKS).fill(0), ...own],
      lead,
      // Late: up to 12 ticks on the way. On time: cut down to reach the room by the input's tick.
      upDelays: upJitter,
      onTime: !options.late,
      // Lose no state in a row forever: the last one of each cycle arrives.
      downDelays: [...downDelays, 0],
      other,
      ticks: STILL_TICKS + 40 + lead + 60,
    }));
}

describe('Prediction: the reconciliation rule, against a model room', () => {
  it('after inputs stop, the client\'s present equals the room\'s state at the same tick: late, lost, reordered inputs and states, a remote player moving', () => {
    fc.assert(
      fc.property(scenario({ late: true, loss: true, otherMoves: true }), (s) => {
        // The client stopped with inputs long at 0; the room ran on to the client's present with what was in flight.
        const run = runModel(s);
        expect(run.prediction.serverTick).toBeGreaterThan(0);
        expect(run.client.state).toEqual(run.history.get(run.prediction.tick));
      }),
      { numRuns: 300 },
    );
  });

  it('"predicts the local player from its own inputs": inputs that reach the room on time, and no remote change, never correct', () => {
    fc.assert(
      fc.property(scenario({ late: false, loss: false, otherMoves: false }), (s) => {
        expect(runModel(s).corrections).toBe(0);
      }),
      { numRuns: 300 },
    );
  });

  it('every correction has a cause: corrections <= the remote changes + the lateness (+1) of each late input of ours', () => {
    fc.assert(
      fc.property(scenario({ late: true, loss: false, otherMoves: true }), (s) => {
        const run = runModel(s);
        expect(run.corrections).toBeLessThanOrEqual(run.otherChanges + run.lateness);
      }),
      { numRuns: 300 },
    );
  });
});
