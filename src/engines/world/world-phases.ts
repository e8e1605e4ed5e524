import type { PhaseSpec } from '../../loop/phase.js';

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
  { name: 'sync' }, // steps 2 (world time) and 3 (canvas sync, the fit)
  { name: 'controllers', pausable: true }, // step 4
  { name: 'actors' }, // step 5: filters by tickWhenPaused itself
  { name: 'timers', pausable: true }, // step 6
  { name: 'collision', pausable: true }, // step 7
  { name: 'gameMode', pausable: true }, // step 8
  { name: 'flush' }, // step 9
  { name: 'render' }, // step 10
  { name: 'closeInput' }, // step 11
] as const satisfies readonly PhaseSpec[];

/** A phase of the world engine. */
export type WorldPhase = (typeof WORLD_ENGINE_PHASE_TABLE)[number]['name'];

/** The world engine's phases, in order: steps 3 to 11 of the frame (the names of {@link WORLD_ENGINE_PHASE_TABLE}). */
export const WORLD_ENGINE_PHASES: readonly WorldPhase[] = Object.freeze(WORLD_ENGINE_PHASE_TABLE.map((phase) => phase.name));
