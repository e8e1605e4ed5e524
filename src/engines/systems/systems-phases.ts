import { phaseNames, type PhaseSpec } from '../../loop/phase.js';

/**
 * The systems engine's phase table: one frame, in order, declared once. The
 * engine's loop is built from it and {@link SYSTEMS_ENGINE_PHASES} lists its
 * names. None is pausable: the seed's `pause()` "halts the loop", so a paused
 * engine runs no frame at all.
 *
 * The seed: "Within one frame the order is fixed: the engine delivers queued
 * events first, then runs every accumulated fixedUpdate, then update."
 */
export const SYSTEMS_ENGINE_PHASE_TABLE = [
  {
    /** 1: the queued events are delivered. */
    name: 'events',
  },
  {
    /**
     * 2: once per accumulated fixed step, zero or more times: the interpolation
     * snapshot, then every system's `fixedUpdate` in configuration order (world
     * systems first), then every entity's behaviors.
     */
    name: 'fixedUpdate',
    /** Runs once per fixed step. */
    fixed: true,
  },
  {
    /** 3: `Time` is refreshed (deltaTime, elapsedTime, alpha): after the fixed steps, before update. */
    name: 'time',
  },
  {
    /** 4: every system's `update`, then every entity's behaviors. */
    name: 'update',
  },
  {
    /** 5: each entity's drawn pose, `alpha` between its last two steps. */
    name: 'interpolate',
  },
  {
    /** 6: the backend draws. */
    name: 'render',
  },
  {
    /** 7: removed entities leave the scene; a `stop()` or `loadScene()` asked for during the frame happens. */
    name: 'endFrame',
  },
] as const satisfies readonly PhaseSpec[];

/** A phase of the systems engine's frame. */
export type SystemsPhase = (typeof SYSTEMS_ENGINE_PHASE_TABLE)[number]['name'];

/** The phases of one frame, in order: the names of {@link SYSTEMS_ENGINE_PHASE_TABLE}. */
export const SYSTEMS_ENGINE_PHASES: readonly SystemsPhase[] = phaseNames(SYSTEMS_ENGINE_PHASE_TABLE);
