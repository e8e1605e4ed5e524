import type { WorkReport } from './core-candidate.js';

/**
 * The trivial work each phase handler does, identical for every row: count
 * the call and add up the seconds it was handed. Cheap enough that the
 * loop's own cost dominates, observable enough (it writes to an object the
 * bench reads afterwards) that no compiler can drop it.
 *
 * The tally is an object with number fields, so `seconds += dt` updates a
 * double in place; a closure variable would box a fresh HeapNumber per write
 * in this V8 and charge the handler's allocation to the loop.
 */

/** The fixed step and cap every row runs: 60 Hz, at most 5 steps a frame. */
export const CORE_STEP_MS = 1000 / 60;
export const CORE_MAX_STEPS = 5;
/** The most one frame may be worth, in ms (tickflow's default). */
export const CORE_MAX_DELTA_MS = 250;

/** What the handlers of one row did. */
export interface WorkTally {
  /** Calls of the fixed-step handler: one per fixed step. */
  fixedCalls: number;
  /** Calls of the three per-frame handlers (update, late, render). */
  frameCalls: number;
  /** The seconds handed to all four, summed. */
  seconds: number;
  /** The latest alpha render was handed (how far the frame sits between two steps). */
  alpha: number;
}

/** The four phase handlers of one row (one per phase), and their tally. */
export interface PhaseWork {
  readonly tally: WorkTally;
  readonly fixed: (stepSeconds: number) => void;
  readonly update: (dtSeconds: number) => void;
  readonly late: (dtSeconds: number) => void;
  /** Render reads the frame's alpha as well as its delta (tickflow rows read `loop.alpha`). */
  readonly render: (dtSeconds: number, alpha: number) => void;
}

/** Fresh handlers with an empty tally. */
export function createPhaseWork(): PhaseWork {
  const tally: WorkTally = { fixedCalls: 0, frameCalls: 0, seconds: 0, alpha: 0 };
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
    render(dtSeconds, alpha) {
      tally.frameCalls++;
      tally.seconds += dtSeconds;
      tally.alpha = alpha;
    },
  };
}

/** The work report of four single handlers after `frames` frames. */
export function reportPhaseWork(work: PhaseWork, frames: number): WorkReport {
  const { fixedCalls, frameCalls } = work.tally;
  return { fixedSteps: fixedCalls, handlerCalls: fixedCalls + frameCalls, handlersAgree: frameCalls === 3 * frames };
}

/** A one-line phase handler: what a game registers per entity. */
export type Handler = (seconds: number) => void;

/** `perPhase` one-line handlers for each of the four phases. */
export interface PhaseHandlers {
  readonly perPhase: number;
  readonly fixed: readonly Handler[];
  readonly update: readonly Handler[];
  readonly late: readonly Handler[];
  readonly render: readonly Handler[];
  /** What they did after `frames` frames worth `frameSeconds` in all (the loop's own count of simulated time). */
  report(frames: number, frameSeconds: number): WorkReport;
}

// One function literal for every handler, as a game's per-entity closure is:
// the closures share their code, each adds its seconds to a cell of its own.
const oneLineHandler =
  (cells: Float64Array, index: number): Handler =>
  (seconds) => {
    cells[index]! += seconds;
  };

/**
 * `perPhase` handlers for each phase, each one line: add the seconds it is
 * handed to its own cell of a Float64Array (a double stored in place, no
 * allocation). Every handler of a phase gets the same calls with the same
 * seconds, so their cells end equal; the fixed cells count steps.
 */
export function createPhaseHandlers(perPhase: number): PhaseHandlers {
  const cells = [0, 1, 2, 3].map(() => new Float64Array(perPhase));
  const handlersOf = (phase: Float64Array): Handler[] => Array.from({ length: perPhase }, (_, i) => oneLineHandler(phase, i));
  const [fixedCells, updateCells, lateCells, renderCells] = cells as [Float64Array, Float64Array, Float64Array, Float64Array];
  return {
    perPhase,
    fixed: handlersOf(fixedCells),
    update: handlersOf(updateCells),
    late: handlersOf(lateCells),
    render: handlersOf(renderCells),
    report(frames, frameSeconds) {
      const fixedSteps = Math.round(fixedCells[0]! / (CORE_STEP_MS / 1000));
      const allEqual = cells.every((phase) => phase.every((value) => value === phase[0]));
      // Each frame phase ran once a frame: its handlers were handed, in all, the frames' simulated time.
      const onceAFrame = (phase: Float64Array): boolean => Math.abs(phase[0]! - frameSeconds) <= 1e-9 * Math.max(1, frameSeconds);
      const framePhasesAgree = onceAFrame(updateCells) && onceAFrame(lateCells) && onceAFrame(renderCells);
      return {
        fixedSteps,
        handlerCalls: perPhase * (fixedSteps + 3 * frames),
        handlersAgree: allEqual && framePhasesAgree && frames > 0,
      };
    },
  };
}
