import type { DeepReadonly } from 'tickflow/state';
import { createSeededRandom, type SeededRandom } from 'tickflow/operators';
import { FIRST_SPAWN_SECONDS, ROUND_SECONDS, STARTING_LIVES, type OrbValue } from './tuning.js';

/**
 * One glowing orb, spiralling in towards the core. Its `id` is also the name
 * of the mesh that draws it, which is how a pick through the view
 * (`ctx.view.pick(x, y).name`) finds the orb the player clicked.
 */
export interface Orb {
  /** `'orb-12'`: unique within a round; the mesh's name. */
  readonly id: string;
  /** Points scored by catching it. */
  readonly value: OrbValue;
  /** Distance from the core's axis, in world units; falls over time. */
  readonly radiusUnits: number;
  /** Position around the axis. */
  readonly angleRadians: number;
  /** The height it orbits at (before bobbing). */
  readonly heightUnits: number;
  /** Where in its bob it is. */
  readonly bobRadians: number;
  /** How fast it falls towards the core. */
  readonly radialSpeedUnitsPerSecond: number;
  /** How fast it travels along its orbit; the sign is the direction. */
  readonly tangentialSpeedUnitsPerSecond: number;
  /** The round time it was scheduled to appear at (exact, whatever the step size). */
  readonly spawnedAtSeconds: number;
}

/** A point in world units (y up). */
export interface Vec3 {
  readonly x: number;
  readonly y: number;
  readonly z: number;
}

/** A short flash where an orb was caught (or reached the core). Drawn, never picked. */
export interface Burst {
  readonly id: string;
  readonly kind: 'catch' | 'escape';
  /** Where it happened, in world units. */
  readonly position: Vec3;
  /** The points the catch scored (0 for an escape). */
  readonly value: number;
  /** How long ago it happened. */
  readonly ageSeconds: number;
}

/** Why a round ended. */
export type EndReason = 'time' | 'core-breached';

/**
 * Everything a round of Orbit Catch is: a plain value that each frame's
 * update replaces (never writes into). The render draws it, and nothing else
 * is needed to draw it, so the game can run, be stepped, compared and
 * restarted without a picture.
 */
export interface GameState {
  /** The seed this round was dealt from; a restart deals from the next one. */
  readonly seed: number;
  /** The round's random generator (mulberry32): draws advance a copy, never the view's. */
  readonly random: SeededRandom;
  readonly phase: 'playing' | 'over';
  /**
   * Whether the round is paused (Esc, or the page losing focus): the update
   * then advances nothing, so the timer, the orbs and the flashes wait and a
   * pause costs the player no time. Only a round in play pauses.
   */
  readonly paused: boolean;
  /** Why the round ended; `null` while playing. */
  readonly endReason: EndReason | null;
  /** Round time so far: the sum of the deltas the round was given, stopped at the end. */
  readonly elapsedSeconds: number;
  /** Time since the round ended (drives the game-over screen and the camera). */
  readonly overSeconds: number;
  /** The round time the round ended at; `null` while playing. */
  readonly endedAtSeconds: number | null;
  readonly score: number;
  readonly lives: number;
  /** Ids of the orbs caught, in order. */
  readonly caughtIds: readonly string[];
  /** Orbs that reached the core. */
  readonly escaped: number;
  /** Clicks that hit no orb. */
  readonly misses: number;
  readonly orbs: readonly Orb[];
  readonly bursts: readonly Burst[];
  /** The number the next orb's id gets. */
  readonly nextOrbNumber: number;
  /** The round time the next orb is due at. */
  readonly nextSpawnAtSeconds: number;
}

/** The seed a page starts from when none is given. */
export const DEFAULT_SEED = 20_240_601;

/**
 * A fresh round: no orbs yet (the first is due at {@link FIRST_SPAWN_SECONDS}),
 * full lives, the timer at {@link ROUND_SECONDS}.
 *
 * @param seed A whole number from 0 to 4294967295; the same seed deals the same round.
 */
export function initialState(seed: number = DEFAULT_SEED): GameState {
  return {
    seed,
    random: createSeededRandom(seed, 'initialState'),
    phase: 'playing',
    paused: false,
    endReason: null,
    elapsedSeconds: 0,
    overSeconds: 0,
    endedAtSeconds: null,
    score: 0,
    lives: STARTING_LIVES,
    caughtIds: [],
    escaped: 0,
    misses: 0,
    orbs: [],
    bursts: [],
    nextOrbNumber: 1,
    nextSpawnAtSeconds: FIRST_SPAWN_SECONDS,
  };
}

/**
 * The restart, as a transition for `engine.apply`: the current state in, a
 * fresh round dealt from the next seed out. Between frames, so the next
 * update receives the new round.
 *
 * ```ts
 * window.addEventListener('keydown', (e) => e.code === 'KeyR' && engine.apply(restart));
 * ```
 */
export function restart(view: DeepReadonly<GameState>): GameState {
  return initialState((view.seed + 1) >>> 0);
}

/**
 * Pauses the round, as a transition for `engine.apply` (between frames, like
 * {@link restart}). A round that is over has nothing to pause and stays as it is.
 *
 * ```ts
 * window.addEventListener('blur', () => engine.apply(pause));
 * ```
 */
export function pause(view: DeepReadonly<GameState>): GameState {
  return { ...view, paused: view.phase === 'playing' };
}

/** Resumes a paused round (a transition for `engine.apply`): the next frame plays on from where it stood. */
export function resume(view: DeepReadonly<GameState>): GameState {
  return { ...view, paused: false };
}

/** {@link pause} or {@link resume}, whichever the round is not: what Esc does. */
export function togglePause(view: DeepReadonly<GameState>): GameState {
  return view.paused ? resume(view) : pause(view);
}

/** Seconds left on the round's timer. */
export function timeLeftSeconds(state: DeepReadonly<GameState>): number {
  return Math.max(0, ROUND_SECONDS - state.elapsedSeconds);
}
