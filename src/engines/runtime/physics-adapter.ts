/**
 * The physics adapter: what the fixed-tick runtime needs from a physics
 * engine, declared here by the runtime and implemented by backends
 * (`tickflow/rapier3d`, `tickflow/rapier2d`), as the render backends
 * implement the engines' drawing interfaces.
 *
 * The seed's fixed tick is four steps; the adapter serves three of them and
 * nothing else:
 *
 * ```text
 * one fixed tick            the adapter call
 * 1. structural commands    physics.barrier(apply)      create/destroy bodies and colliders, FIFO, here only
 * 2. input + fixedUpdate    teleport, setLinearVelocity, setGravity (between barriers)
 * 3. step the world         physics.step(dtSeconds, substeps)
 * 4. poses and events out   physics.readPoses(...), physics.collisionCount / collisionAt(i)
 * ```
 *
 * Units: metres, seconds, metres per second, metres per second squared,
 * radians per second. Rotations are unit quaternions `[x, y, z, w]`; a 2D
 * adapter reports its bodies' angle as a rotation about the z axis, so the
 * runtime interpolates 2D and 3D poses the same way. Every type here is
 * plain data: no backend's types appear in it.
 *
 * Nothing here allocates per body per tick: poses are written into storage
 * the caller owns ({@link PoseBuffer}), and collision events are records the
 * adapter reuses from step to step.
 *
 * @example
 * ```ts
 * import { createPoseBuffer, createRapier3d } from 'tickflow/rapier3d';
 *
 * const physics = await createRapier3d({ gravity: [0, -9.81, 0] });
 * let ball = 0;
 * physics.barrier((structure) => {
 *   const ground = structure.createBody({ kind: 'fixed' });
 *   structure.createCollider(ground, { shape: { type: 'box', halfExtents: [10, 0.5, 10] }, offset: [0, -0.5, 0] });
 *   ball = structure.createBody({ position: [0, 2, 0] });
 *   structure.createCollider(ball, { shape: { type: 'ball', radius: 0.5 }, restitution: 0.5 });
 * });
 * const poses = createPoseBuffer(1);
 * for (let tick = 0; tick < 60; tick++) {
 *   physics.step(1 / 60, 4);
 *   physics.readPoses([ball], 1, poses);
 *   for (let i = 0; i < physics.collisionCount; i++) console.log(physics.collisionAt(i).kind);
 * }
 * physics.destroy(); // frees everything the backend allocated
 * ```
 *
 * @module
 */

/** The seed's gravity, in metres per second squared: `[0, -9.81, 0]` (y up). */
export const DEFAULT_GRAVITY_MPS2: readonly [number, number, number] = Object.freeze([0, -9.81, 0] as const);

/**
 * The seed's `physics_substeps`: solver subdivisions inside one fixed tick
 * (4). Substeps never add gameplay callbacks or collision passes: the world
 * still steps once per tick and reports its events once per tick.
 */
export const DEFAULT_PHYSICS_SUBSTEPS = 4;

/**
 * The largest magnitude of a number handed to a physics adapter: the largest
 * 32-bit float, 3.4028234663852886e+38. Rapier (like most physics engines)
 * stores 32-bit floats, so a larger number, finite in JavaScript, becomes
 * `Infinity` there and the next step spreads `NaN` through every pose. The
 * runtime hands physics no number beyond it: its physics bridge refuses one
 * (`teleport`, `setVelocity`, a gravity), and a scene document's checks
 * refuse one in every field that reaches physics.
 */
export const MAX_PHYSICS_MAGNITUDE = (2 - 2 ** -23) * 2 ** 127;

/** Whether `n` is a number a physics adapter can hold: finite, and within ±{@link MAX_PHYSICS_MAGNITUDE}. */
export function isPhysicsNumber(n: unknown): n is number {
  return typeof n === 'number' && n >= -MAX_PHYSICS_MAGNITUDE && n <= MAX_PHYSICS_MAGNITUDE;
}

/**
 * A body, as the adapter names it. A destroyed body's handle never becomes
 * valid again, even when its slot is reused (handles are generational), and
 * 0 is never a handle.
 */
export type BodyHandle = number;

/** A collider, as the adapter names it. Generational like {@link BodyHandle}; 0 is never a handle. */
export type ColliderHandle = number;

/** Three numbers: x, y, z (a 2D adapter reads x and y; see each field). */
export type Vec3 = readonly [number, number, number];

/** A unit quaternion: x, y, z, w. */
export type Quat = readonly [number, number, number, number];

/**
 * How a body moves.
 * - `'dynamic'`: moved by gravity, contacts and the velocity you assign;
 * - `'fixed'`: never moves (ground, walls);
 * - `'kinematic'`: moved only by the velocity you assign (v × dt per tick), pushes dynamic bodies, ignores gravity and contacts.
 */
export type BodyKind = 'dynamic' | 'fixed' | 'kinematic';

/** What a new body is. Every field is optional. */
export interface BodyDesc {
  /** How it moves; defaults to `'dynamic'`. */
  readonly kind?: BodyKind;
  /** Where it starts, in metres; defaults to the origin. A 2D adapter simulates x and y and reports z as given. */
  readonly position?: Vec3;
  /** How it is turned; defaults to the identity. A 2D adapter accepts only turns about the z axis. */
  readonly rotation?: Quat;
  /**
   * The scale its poses report; defaults to `[1, 1, 1]`. Physics never
   * changes a body's scale (size its colliders in metres); the pose carries
   * it so that one read gives the whole presentation transform.
   */
  readonly scale?: Vec3;
  /** Its velocity at creation, in metres per second; defaults to zero. */
  readonly linearVelocity?: Vec3;
  /** Its spin at creation, in radians per second about each axis (2D: z only); defaults to zero. */
  readonly angularVelocity?: Vec3;
  /** A multiplier of the world's gravity for this body; defaults to 1. */
  readonly gravityScale?: number;
  /** Linear damping, per second; defaults to 0. */
  readonly linearDamping?: number;
  /** Angular damping, per second; defaults to 0. */
  readonly angularDamping?: number;
  /** Keep it from turning (a character standing upright); defaults to false. */
  readonly lockRotations?: boolean;
  /** Continuous collision detection, for fast small bodies; defaults to false. */
  readonly ccd?: boolean;
  /** Whether it may fall asleep when at rest; defaults to true. Assigning a velocity or teleporting wakes it. */
  readonly canSleep?: boolean;
}

/**
 * A collider's shape, in metres, centred on the collider. In 2D a box uses
 * `halfExtents[0]` and `[1]`; a capsule's axis is y in both.
 */
export type ShapeDesc =
  | {
      /** A box. */
      readonly type: 'box';
      /** Half its size along x, y and z, in metres (2D uses the first two). */
      readonly halfExtents: Vec3;
    }
  | {
      /** A ball (a circle in 2D). */
      readonly type: 'ball';
      /** Its radius, in metres. */
      readonly radius: number;
    }
  | {
      /** A capsule along y. */
      readonly type: 'capsule';
      /** Half the length of its straight part, between the two caps, in metres. */
      readonly halfHeight: number;
      /** The radius of its caps and body, in metres. */
      readonly radius: number;
    };

/** What a new collider is: a shape attached to a body, and its material. */
export interface ColliderDesc {
  /** Its shape. */
  readonly shape: ShapeDesc;
  /** Its centre relative to its body's origin, in the body's frame, in metres; defaults to `[0, 0, 0]`. */
  readonly offset?: Vec3;
  /** Mass per volume (per area in 2D), kg/m³; defaults to 1. */
  readonly density?: number;
  /** Friction coefficient, >= 0; defaults to 0.5. */
  readonly friction?: number;
  /** Bounciness in [0, 1]; defaults to 0. */
  readonly restitution?: number;
  /** A sensor detects overlaps (begin/end events) but pushes nothing; defaults to false. */
  readonly sensor?: boolean;
}

/**
 * A pose to {@link PhysicsAdapter.teleport} a body to. Omitting `rotation`
 * keeps the body's current rotation.
 */
export interface PoseInput {
  /** The body's new position, in metres. */
  readonly position: Vec3;
  /** The body's new rotation, a unit quaternion (x, y, z, w); omitted, it keeps its rotation. */
  readonly rotation?: Quat;
}

/**
 * Caller-owned storage for poses, flat so that the adapter allocates nothing
 * to read N bodies (Rapier's getters may: docs/physics.md, "Poses into your
 * storage"): body `i` of a {@link PhysicsAdapter.readPoses} call is written at
 * `positions[3i..3i+2]`, `rotations[4i..4i+3]` (x, y, z, w) and, when the
 * buffer has them, `scales[3i..3i+2]`. Make one with {@link createPoseBuffer}.
 */
export interface PoseBuffer {
  /** Positions, 3 numbers (x, y, z) per body, in metres. */
  readonly positions: Float64Array;
  /** Rotations, 4 numbers (x, y, z, w) per body, unit quaternions. */
  readonly rotations: Float64Array;
  /** Scales, 3 numbers (x, y, z) per body, when the buffer has them. */
  readonly scales?: Float64Array;
}

/**
 * Allocates a {@link PoseBuffer} for `capacity` bodies, once; the runtime
 * keeps two (previous and current) and swaps them for interpolation.
 *
 * @param capacity How many bodies it holds.
 * @param withScale Whether it has `scales`; defaults to true.
 */
export function createPoseBuffer(capacity: number, withScale = true): PoseBuffer {
  if (!Number.isInteger(capacity) || capacity < 0) {
    throw new RangeError(`createPoseBuffer: capacity must be a whole number >= 0, got ${String(capacity)}`);
  }
  const positions = new Float64Array(capacity * 3);
  const rotations = new Float64Array(capacity * 4);
  return withScale ? { positions, rotations, scales: new Float64Array(capacity * 3) } : { positions, rotations };
}

/** Whether a contact began or ended during the step. */
export type CollisionKind = 'begin' | 'end';

/**
 * One collision event of the last step. The adapter reuses these records:
 * read or copy what you need before the next step.
 */
export interface CollisionEvent {
  /** `'begin'`: the two colliders started touching (or, with a sensor, overlapping) in this step; `'end'`: they stopped. */
  readonly kind: CollisionKind;
  /** The first collider and its body. */
  readonly colliderA: ColliderHandle;
  /** The body `colliderA` is attached to. */
  readonly bodyA: BodyHandle;
  /** The second collider and its body. */
  readonly colliderB: ColliderHandle;
  /** The body `colliderB` is attached to. */
  readonly bodyB: BodyHandle;
  /** Whether either collider is a sensor (an overlap: no contact point). */
  readonly sensor: boolean;
  /**
   * Whether `point` and `normal` hold a contact. True for a `'begin'` of two
   * solid colliders; false for sensors and for `'end'` (nothing touches any
   * more), when both are zeros.
   */
  readonly hasContact: boolean;
  /** The contact point in world space, metres: the centre of the contact patch (2D: z is 0). */
  readonly point: Float64Array;
  /** The contact normal in world space, a unit vector pointing from A towards B (2D: z is 0). */
  readonly normal: Float64Array;
}

/**
 * The structural half of the adapter, handed out only inside
 * {@link PhysicsAdapter.barrier}: bodies and colliders are created and
 * destroyed at the fixed-tick barrier and nowhere else, so nothing the
 * runtime is visiting changes under it. A call outside the barrier throws.
 */
export interface PhysicsStructure {
  /** Creates a body; its pose is readable at once and it moves from the next step. */
  createBody(desc?: BodyDesc): BodyHandle;
  /**
   * Destroys a body and every collider attached to it. Idempotent: a handle
   * already destroyed is ignored and `false` returned. A contact it had ends
   * with an `'end'` event in the next step, naming the destroyed handles.
   */
  destroyBody(body: BodyHandle): boolean;
  /** Attaches a collider to a live body. */
  createCollider(body: BodyHandle, desc: ColliderDesc): ColliderHandle;
  /** Destroys a collider. Idempotent like {@link destroyBody}. */
  destroyCollider(collider: ColliderHandle): boolean;
}

/**
 * A physics world saved between ticks ({@link PhysicsAdapter.takeSnapshot});
 * hand it back to `restoreSnapshot`. Plain data (a runtime's snapshot holds
 * it); an adapter adds what it keeps beside its engine's world.
 */
export interface PhysicsSnapshot {
  /** The physics engine's own serialized world (Rapier's snapshot bytes). */
  readonly world: Uint8Array;
  /** The bodies live when it was taken: the handles a restore brings back. */
  readonly bodies: readonly BodyHandle[];
}

/**
 * What the fixed-tick runtime needs from a physics engine. See the module
 * comment for the tick it serves. Methods that name a body throw when the
 * handle is not live (see {@link isBody}); destroy methods are idempotent.
 */
export interface PhysicsAdapter {
  /** 2 or 3. */
  readonly dimensions: 2 | 3;

  /**
   * Runs `apply` with the structural operations (step 1 of a tick). They are
   * valid only while `apply` runs; `step` and a nested `barrier` throw inside
   * it. The runtime applies its queued structural commands, in FIFO order,
   * inside one call.
   */
  barrier(apply: (structure: PhysicsStructure) => void): void;

  /**
   * Advances the world by one fixed tick of `dtSeconds` (step 3), its solver
   * subdivided into `substeps` (the seed's `physics_substeps`: no extra
   * callbacks, one collision pass), then collects the tick's collision
   * events, replacing the previous tick's.
   *
   * @param dtSeconds The fixed interval, seconds: a finite number > 0.
   * @param substeps Solver subdivisions: a whole number >= 1.
   */
  step(dtSeconds: number, substeps: number): void;

  /**
   * Writes the poses of `bodies[0..count-1]` into `out` at indices `0..count-1`
   * (step 4). Allocates nothing.
   */
  readPoses(bodies: ArrayLike<BodyHandle>, count: number, out: PoseBuffer): void;

  /** How many collision events the last step produced. */
  readonly collisionCount: number;
  /** The last step's event `index` (`0 <= index < collisionCount`); a reused record. */
  collisionAt(index: number): CollisionEvent;

  /**
   * Moves a body to `pose` at once, an explicit discontinuity: no sweep, and
   * its velocity is kept. Wakes it.
   */
  teleport(body: BodyHandle, pose: PoseInput): void;

  /**
   * Assigns a body's linear velocity, metres per second, directly (the seed:
   * "A velocity is metres per second: assign it directly"). With no other
   * force it then moves `v × dt` in a step of `dt`. Wakes it. A 2D adapter ignores `z`.
   */
  setLinearVelocity(body: BodyHandle, x: number, y: number, z?: number): void;

  /** Writes a body's linear velocity (m/s) into `out[offset..offset+2]` (2D: z is 0). */
  readLinearVelocity(body: BodyHandle, out: Float64Array, offset?: number): void;

  /** Sets the world's gravity, metres per second squared (a 2D adapter requires `z` = 0). */
  setGravity(x: number, y: number, z?: number): void;

  /** The world's gravity, m/s². */
  readonly gravity: Vec3;

  /** Whether `body` names a live body. */
  isBody(body: BodyHandle): boolean;

  /** Whether `collider` names a live collider. */
  isCollider(collider: ColliderHandle): boolean;

  /** How many bodies are live. */
  readonly bodyCount: number;

  /**
   * Saves the whole physics world between ticks (Rapier: `world.takeSnapshot()`),
   * as plain data that shares nothing with the world: what
   * {@link restoreSnapshot} puts back, any number of times. Optional: a
   * runtime whose adapter has none cannot be saved (`save()` says so).
   */
  takeSnapshot?(): PhysicsSnapshot;

  /**
   * Puts the world back as {@link takeSnapshot} saved it: which bodies and
   * colliders exist, under the same handles (those destroyed since come back,
   * those created since go), every body's pose, velocity and contacts, the
   * gravity, and the handles the next bodies and colliders get. Nothing of
   * the snapshot is kept, so it restores again later.
   *
   * @throws {OptionError} for a value that is not a snapshot of this adapter; the world is then unchanged.
   */
  restoreSnapshot?(snapshot: PhysicsSnapshot): void;

  /**
   * Frees everything the backend allocated (for Rapier: the world and its
   * event queue, WASM memory). The adapter is unusable afterwards; a second
   * call does nothing. User code never frees a backend object itself.
   */
  destroy(): void;
}
