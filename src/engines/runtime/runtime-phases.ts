import { phaseNames, type PhaseSpec } from '../../loop/phase.js';

/**
 * The fixed-tick runtime's phase table: one rendered frame, in order,
 * declared once (the runtime's loop is built from it and
 * {@link RUNTIME_PHASES} lists its names).
 *
 * "After its fixed ticks, the runtime calls update once. It then prepares
 * presentation transforms, calls lateUpdate, and makes the final snapshot
 * available to rendering." While paused, the pausable phases do not run (the
 * presentation stays as it was); a single step runs them once, with one tick
 * and the tick's interval (the loop's `step()`).
 */
export const RUNTIME_PHASE_TABLE = [
  {
    /** 1: the frame's input; a scene replacement asked for is applied; the player's pause (P) and single-step (N) keys are read. */
    name: 'input',
  },
  {
    /** 2: zero or more fixed ticks, each: structural commands at the barrier, tick input and `fixedUpdate`, the physics step, poses read back and `onCollision`. */
    name: 'tick',
    /** Runs once per fixed step. */
    fixed: true,
    /** Skipped while paused. */
    pausable: true,
  },
  {
    /** 3: every behavior's `update`, once. */
    name: 'update',
    /** Skipped while paused. */
    pausable: true,
  },
  {
    /** 4: presentation transforms prepared: each object's previous and current simulation poses blended by the accumulator fraction. */
    name: 'present',
    /** Skipped while paused. */
    pausable: true,
  },
  {
    /** 5: every behavior's `lateUpdate` (`setPresentation` allowed). */
    name: 'lateUpdate',
    /** Skipped while paused. */
    pausable: true,
  },
  {
    /** 6: the final snapshot goes to the renderer. */
    name: 'render',
  },
] as const satisfies readonly PhaseSpec[];

/** A phase of the runtime's frame. */
export type RuntimePhase = (typeof RUNTIME_PHASE_TABLE)[number]['name'];

/** The phases of one rendered frame, in order: the names of {@link RUNTIME_PHASE_TABLE}. */
export const RUNTIME_PHASES: readonly RuntimePhase[] = phaseNames(RUNTIME_PHASE_TABLE);
