import { phaseNames, type PhaseSpec } from '../../loop/phase.js';

/**
 * The world engine's phase table: steps 3 to 11 of the frame, in order, each
 * with its flags, declared once. The engine's loop is built from it and
 * {@link WORLD_ENGINE_PHASES} lists its names, so the two cannot disagree.
 *
 * `pausable` marks steps 4 to 8 except step 5: "Steps 4 through 8 are
 * skipped while the world is paused". Step 5 (`actors`) runs while paused,
 * because an actor whose `tickWhenPaused` is true ticks anyway: it filters
 * the paused actors itself.
 */
export const WORLD_ENGINE_PHASE_TABLE = [
  // steps 2 (world time) and 3 (canvas sync, the fit)
  {
    /** The phase's name. */
    name: 'sync',
  },
  // step 4
  {
    /** The phase's name. */
    name: 'controllers',
    /** Skipped while the world is paused. */
    pausable: true,
  },
  // step 5: filters by tickWhenPaused itself
  {
    /** The phase's name. */
    name: 'actors',
  },
  // step 6
  {
    /** The phase's name. */
    name: 'timers',
    /** Skipped while the world is paused. */
    pausable: true,
  },
  // step 7
  {
    /** The phase's name. */
    name: 'collision',
    /** Skipped while the world is paused. */
    pausable: true,
  },
  // step 8
  {
    /** The phase's name. */
    name: 'gameMode',
    /** Skipped while the world is paused. */
    pausable: true,
  },
  // step 9
  {
    /** The phase's name. */
    name: 'flush',
  },
  // step 10
  {
    /** The phase's name. */
    name: 'render',
  },
  // step 11
  {
    /** The phase's name. */
    name: 'closeInput',
  },
] as const satisfies readonly PhaseSpec[];

/** A phase of the world engine. */
export type WorldPhase = (typeof WORLD_ENGINE_PHASE_TABLE)[number]['name'];

/** The world engine's phases, in order: steps 3 to 11 of the frame (the names of {@link WORLD_ENGINE_PHASE_TABLE}). */
export const WORLD_ENGINE_PHASES: readonly WorldPhase[] = phaseNames(WORLD_ENGINE_PHASE_TABLE);
