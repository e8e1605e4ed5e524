/**
 * The scene document's format: its types (what a JSON scene may hold) and
 * the defaults a missing setting takes. The checks are in scene-checks.ts,
 * the parsing into a runtime's document in scene-document.ts.
 *
 * @module
 */
import { DEFAULT_GRAVITY_MPS2, DEFAULT_PHYSICS_SUBSTEPS, type Vec3 } from './physics-adapter.js';


/** The seed's fixed interval, in seconds: "The default interval is 1/60 second." */
export const DEFAULT_FIXED_DELTA_SECONDS = 1 / 60;

/** The seed's catch-up limit: "The default catch-up limit is four ticks per frame." */
export const DEFAULT_MAX_CATCH_UP_TICKS = 4;

/**
 * The longest `fixed_delta` a document may ask for, in seconds (1). A longer
 * tick is not a simulation step any more: bodies tunnel through one another,
 * and one tick outlasts any frame budget.
 */
export const MAX_FIXED_DELTA_SECONDS = 1;

/**
 * The most `physics_substeps` a document may ask for (64). Each substep is a
 * full solver pass, so 64 already costs 16 times the default; beyond that a
 * value is almost surely a typo (`400` for `4`).
 */
export const MAX_PHYSICS_SUBSTEPS = 64;

/** How far from 1 a `rotation` quaternion's length may be (1e-6): write its components with 7 or more digits. */
export const UNIT_QUATERNION_TOLERANCE = 1e-6;

/** The `simulation` object of a scene document, as written. Every field is optional. */
export interface SimulationSettings {
  /** The fixed tick's interval, in seconds: > 0 and <= {@link MAX_FIXED_DELTA_SECONDS}; defaults to {@link DEFAULT_FIXED_DELTA_SECONDS} (1/60). */
  readonly fixed_delta?: number;
  /** At most this many fixed ticks per rendered frame (excess whole intervals are dropped): a whole number >= 1; defaults to {@link DEFAULT_MAX_CATCH_UP_TICKS} (4). */
  readonly max_catch_up_ticks?: number;
  /** Solver subdivisions inside one fixed tick (no extra callbacks): a whole number from 1 to {@link MAX_PHYSICS_SUBSTEPS}; defaults to {@link DEFAULT_PHYSICS_SUBSTEPS} (4). */
  readonly physics_substeps?: number;
  /** The world's gravity, metres per second squared, x, y, z; defaults to {@link DEFAULT_GRAVITY_MPS2} (`[0, -9.81, 0]`). */
  readonly gravity?: readonly [number, number, number];
}

/** The simulation settings with every default applied, in the runtime's names (units in the names). */
export interface ResolvedSimulation {
  /** The fixed tick's interval, in seconds. */
  readonly fixedDeltaSeconds: number;
  /** At most this many fixed ticks per rendered frame. */
  readonly maxCatchUpTicks: number;
  /** Solver subdivisions inside one fixed tick. */
  readonly physicsSubsteps: number;
  /** The world's gravity, metres per second squared. */
  readonly gravity: readonly [number, number, number];
}

/** A physics body: how it moves, and the colliders that give it its shape and mass. */
export interface BodyDoc {
  /** `'dynamic'` (gravity and contacts move it), `'fixed'` (never moves) or `'kinematic'` (only its velocity moves it); defaults to `'dynamic'`. */
  readonly kind?: 'dynamic' | 'fixed' | 'kinematic';
  /** Its velocity at the start, metres per second; defaults to `[0, 0, 0]`. */
  readonly linear_velocity?: readonly [number, number, number];
  /** A multiplier of the world's gravity for this body (0 floats, negative rises); defaults to 1. */
  readonly gravity_scale?: number;
  /** Keep it from turning (a character standing upright); defaults to false. */
  readonly lock_rotations?: boolean;
  /** Continuous collision detection, for fast small bodies; defaults to false. */
  readonly ccd?: boolean;
  /** Its colliders, at least one. */
  readonly colliders: readonly ColliderDoc[];
}

/** What an object looks like; the physics never reads it. */
export interface VisualDoc {
  /** The mesh: `'box'`, `'ball'`, `'capsule'` (along y) or `'plane'` (in x and z). */
  readonly shape: 'box' | 'ball' | 'capsule' | 'plane';
  /** Its colour, `'#rrggbb'`; defaults to the renderer's. */
  readonly color?: string;
  /** Its full size along x, y and z, in metres, each > 0; defaults to the size of the body's first collider (see {@link visualSizeOf}). */
  readonly size?: readonly [number, number, number];
}

/** One object of a scene: a pose, and optionally a body, behaviors, a visual and tags. */
export interface SceneObjectDoc {
  /** Its name, a non-empty string unique within the scene. */
  readonly name: string;
  /** Where it starts, in metres; defaults to `[0, 0, 0]`. */
  readonly position?: readonly [number, number, number];
  /** How it is turned, a unit quaternion x, y, z, w (its length within 1e-6 of 1); defaults to the identity `[0, 0, 0, 1]`. */
  readonly rotation?: readonly [number, number, number, number];
  /** Its presentation scale, each > 0; defaults to `[1, 1, 1]`. Physics never scales: colliders are sized in metres. */
  readonly scale?: readonly [number, number, number];
  /** Its physics body; without one the object has a pose but no physics. */
  readonly body?: BodyDoc;
  /** The names of registered behaviors, in the order they run, each once. */
  readonly behaviors?: readonly string[];
  /** What it looks like. */
  readonly visual?: VisualDoc;
  /** Free labels for game code to find objects by, each a non-empty string. */
  readonly tags?: readonly string[];
}

/** One collider of a body: a shape in metres, where it sits on the body, and its material. */
export interface ColliderDoc {
  /** `'box'` (needs `half_extents`), `'ball'` (needs `radius`) or `'capsule'` along y (needs `radius` and `half_height`). */
  readonly shape: 'box' | 'ball' | 'capsule';
  /** A box's half size along x, y and z, in metres, each > 0. */
  readonly half_extents?: readonly [number, number, number];
  /** A ball's or capsule's radius, in metres, > 0. */
  readonly radius?: number;
  /** Half the length of a capsule's straight part, between its caps, in metres, > 0. */
  readonly half_height?: number;
  /** Its centre relative to the body's origin, in the body's frame, in metres; defaults to `[0, 0, 0]`. */
  readonly offset?: readonly [number, number, number];
  /** Mass per volume, kg/m³, > 0; defaults to 1. */
  readonly density?: number;
  /** Friction coefficient, >= 0; defaults to 0.5. */
  readonly friction?: number;
  /** Bounciness, in [0, 1]; defaults to 0. */
  readonly restitution?: number;
  /** A sensor detects overlaps but pushes nothing; defaults to false. */
  readonly sensor?: boolean;
}

/** A scene document: an optional name, optional simulation settings, and its objects. */
export interface SceneDocument {
  /** The scene's name, a non-empty string. */
  readonly name?: string;
  /** The simulation settings; every field has a default. */
  readonly simulation?: SimulationSettings;
  /** The objects of the scene, created before any of their initial callbacks run. */
  readonly objects: readonly SceneObjectDoc[];
}


/** The settings with every default applied. @internal */
export function resolveSimulation(settings: SimulationSettings | undefined): ResolvedSimulation {
  const {
    fixed_delta = DEFAULT_FIXED_DELTA_SECONDS,
    max_catch_up_ticks = DEFAULT_MAX_CATCH_UP_TICKS,
    physics_substeps = DEFAULT_PHYSICS_SUBSTEPS,
    gravity = DEFAULT_GRAVITY_MPS2,
  } = settings ?? {};
  return Object.freeze({
    fixedDeltaSeconds: fixed_delta,
    maxCatchUpTicks: max_catch_up_ticks,
    physicsSubsteps: physics_substeps,
    gravity: Object.freeze([gravity[0], gravity[1], gravity[2]] as const),
  });
}
