/**
 * The trivial work each phase subscriber does, identical for every
 * candidate: count the call and add up the seconds it was handed. Cheap
 * enough that the loop's own cost dominates, observable enough (it writes to
 * an object the bench reads afterwards) that no compiler can drop it.
 *
 * The tally is an object with number fields, so `seconds += dt` updates a
 * double in place; a closure variable would box a fresh HeapNumber per write
 * in this V8 and charge the subscriber's allocation to the loop.
 */

/** What the subscribers of one candidate did. */
export interface WorkTally {
  /** Calls of the fixed-step subscriber: one per fixed step. */
  fixedCalls: number;
  /** Calls of the three per-frame subscribers (update, late, render). */
  frameCalls: number;
  /** The seconds handed to all four, summed. */
  seconds: number;
}

/** The four phase subscribers of one candidate, and their tally. */
export interface PhaseWork {
  readonly tally: WorkTally;
  readonly fixed: (stepSeconds: number) => void;
  readonly update: (dtSeconds: number) => void;
  readonly late: (dtSeconds: number) => void;
  readonly render: (dtSeconds: number) => void;
}

/** Fresh subscribers with an empty tally. */
export function createPhaseWork(): PhaseWork {
  const tally: WorkTally = { fixedCalls: 0, frameCalls: 0, seconds: 0 };
  return {
    tally,
    fixed(stepSeconds) {
      tally.fixedCalls++;
      tally.seconds += stepSeconds;
    },
    update(dtSeconds) {
      tally.frameCalls++;
      tally.seconds += dtSeconds;
    },
    late(dtSeconds) {
      tally.frameCalls++;
      tally.seconds += dtSeconds;
    },
    render(dtSeconds) {
      tally.frameCalls++;
      tally.seconds += dtSeconds;
    },
  };
}

/** The fixed step and cap every candidate runs: 60 Hz, at most 5 steps a frame. */
export const CORE_STEP_MS = 1000 / 60;
export const CORE_MAX_STEPS = 5;
/** The most one frame may be worth, in ms (tickflow's default). */
export const CORE_MAX_DELTA_MS = 250;
