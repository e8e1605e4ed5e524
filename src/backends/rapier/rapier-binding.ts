/**
 * The half of a Rapier adapter that differs between `@dimforge/rapier3d-compat`
 * and `@dimforge/rapier2d-compat`: vectors of two or three numbers, a
 * rotation that is a quaternion or an angle. {@link RapierAdapter} does
 * everything else (handles, the barrier, stepping, events, freeing) once,
 * for both, and imports neither package: each entry point imports only its
 * own, so a 2D game never loads the 3D engine.
 *
 * Internal to the Rapier backend.
 */
import type { BodyDesc, ColliderDesc, Vec3 } from '../../engines/runtime/physics-adapter.js';

/** What the shared core calls on a Rapier rigid body. */
export interface RapierBodyPort {
  readonly handle: number;
}

/** What the shared core calls on a Rapier collider. */
export interface RapierColliderPort {
  readonly handle: number;
}

/** What the shared core calls on a Rapier event queue. */
export interface RapierEventQueuePort {
  drainCollisionEvents(f: (handle1: number, handle2: number, started: boolean) => void): void;
  free(): void;
}

/** What the shared core calls on a Rapier world (the same in both packages). */
export interface RapierWorldPort<B extends RapierBodyPort, C extends RapierColliderPort, Q extends RapierEventQueuePort> {
  timestep: number;
  numSolverIterations: number;
  // The parts of a world its physics pipeline steps (see RapierAdapter.step).
  readonly physicsPipeline: {
    step(
      gravity: unknown,
      integrationParameters: unknown,
      islands: unknown,
      broadPhase: unknown,
      narrowPhase: unknown,
      bodies: unknown,
      colliders: unknown,
      softBodies: unknown,
      impulseJoints: unknown,
      multibodyJoints: unknown,
      ccdSolver: unknown,
      eventQueue: Q,
    ): void;
  };
  readonly gravity: unknown;
  readonly integrationParameters: unknown;
  readonly islands: unknown;
  readonly broadPhase: unknown;
  readonly narrowPhase: unknown;
  readonly bodies: unknown;
  readonly colliders: unknown;
  readonly softBodies: unknown;
  readonly impulseJoints: unknown;
  readonly multibodyJoints: unknown;
  readonly ccdSolver: unknown;
  removeRigidBody(body: B): void;
  removeCollider(collider: C, wakeUp: boolean): void;
  free(): void;
}

/** One Rapier package, seen through what differs between 2D and 3D. */
export interface RapierBinding<
  W extends RapierWorldPort<B, C, Q>,
  B extends RapierBodyPort,
  C extends RapierColliderPort,
  Q extends RapierEventQueuePort,
> {
  /** The factory's name, for errors: `createRapier3d`. */
  readonly where: string;
  readonly dimensions: 2 | 3;
  createWorld(gravity: Vec3): W;
  createEventQueue(): Q;
  setGravity(world: W, gravity: Vec3): void;
  /** Builds the body from a checked description. */
  createBody(world: W, desc: BodyDesc): B;
  /** Builds the collider from a checked description, with collision events on. */
  createCollider(world: W, body: B, desc: ColliderDesc): C;
  /** Writes the body's position (3D: x, y, z; 2D: x, y, and `depth` as z) and rotation quaternion at `index`. */
  readPose(body: B, depth: number, positions: Float64Array, rotations: Float64Array, index: number): void;
  /** Whether the body is at rest: asleep, or fixed. Its pose then changes only by a teleport. */
  isResting(body: B): boolean;
  /** Moves the body; `rotation` undefined keeps its rotation. Wakes it. */
  teleport(body: B, position: Vec3, rotation: readonly [number, number, number, number] | undefined): void;
  setLinearVelocity(body: B, x: number, y: number, z: number): void;
  readLinearVelocity(body: B, out: Float64Array, offset: number): void;
  /**
   * Writes the contact between two touching colliders: the centre of the
   * contact patch and the unit normal from `a` towards `b`, world space.
   * Returns false (writing nothing) when they have no contact point.
   */
  readContact(world: W, a: C, b: C, point: Float64Array, normal: Float64Array): boolean;
  /** Whether the collider is a sensor. */
  isSensor(collider: C): boolean;
  /** The world serialized (`world.takeSnapshot()`). */
  takeSnapshot(world: W): Uint8Array;
  /** A new world from serialized bytes (`World.restoreSnapshot(bytes)`); null (or undefined) when the bytes are not a world. */
  restoreWorld(bytes: Uint8Array): W | null | undefined;
  /** The body a world holds under Rapier's handle (`world.getRigidBody`); null (or undefined) when it holds none. */
  bodyOf(world: W, rapierHandle: number): B | null | undefined;
  /** The collider a world holds under Rapier's handle (`world.getCollider`); null (or undefined) when it holds none. */
  colliderOf(world: W, rapierHandle: number): C | null | undefined;
}
