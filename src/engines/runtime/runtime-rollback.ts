import type { PhysicsSnapshot } from './physics-adapter.js';
import type { PhysicsBridge } from './physics-bridge.js';
import type { Pose } from './pose.js';
import type { RuntimeObject } from './runtime-object.js';

/**
 * What a rollback saves and puts back of a runtime, between frames: the part
 * of the runtime a fixed tick changes. The runtime hands it over; this file
 * never names the runtime. @internal
 */
export interface RollbackParts {
  /** The scene session. */
  readonly session: number;
  /** The live objects, in creation order. */
  readonly objects: readonly RuntimeObject[];
  /** Fixed ticks run in the session. */
  readonly tickCount: number;
  /** The physics world, when the runtime has one. */
  readonly bridge: PhysicsBridge | undefined;
}

/** What `Runtime.saveSimulation` keeps. @internal */
export interface RuntimeSave {
  readonly session: number;
  readonly objects: readonly RuntimeObject[];
  /** Each object's current, previous and presented pose, {@link POSE_FLOATS} numbers each. */
  readonly poses: Float64Array;
  readonly tickCount: number;
  readonly physics: PhysicsSnapshot | undefined;
}

/** A rolled-back runtime's state, as plain data: what the sync test hashes. */
export interface SimulationState {
  readonly tick: number;
  readonly objects: Record<string, { position: number[]; rotation: number[]; velocity?: number[] }>;
}

/** Numbers in a packed pose: position 3, rotation 4, scale 3. */
const POSE_FLOATS = 10;

/** Saves the physics world (Rapier's snapshot), every live object's three poses, and the tick count. @internal */
export function saveSimulation({ session, objects, tickCount, bridge }: RollbackParts): RuntimeSave {
  const poses = new Float64Array(objects.length * POSE_FLOATS * 3);
  for (let i = 0; i < objects.length; i++) {
    const object = objects[i]!;
    packPose(poses, (i * 3) * POSE_FLOATS, object.current);
    packPose(poses, (i * 3 + 1) * POSE_FLOATS, object.previous);
    packPose(poses, (i * 3 + 2) * POSE_FLOATS, object.presented);
  }
  return { session, objects: objects.slice(), poses, tickCount, physics: bridge?.takeSnapshot() };
}

/**
 * Puts back what {@link saveSimulation} saved: the physics world and every
 * object's poses.
 *
 * @return The tick count to put back.
 * @throws {Error} when the scene or its set of live objects changed since (a spawn, a destroy, a scene change).
 * @internal
 */
export function restoreSimulation({ session, objects, bridge }: RollbackParts, save: RuntimeSave): number {
  if (save.session !== session || save.objects.length !== objects.length || save.objects.some((object, i) => object !== objects[i] || object.state !== 'live')) {
    throw new Error(
      'restoreSimulation: the scene or its live objects changed since the save (a spawn, destroyObject or scene change); ' +
        'rolling back structural changes is not supported',
    );
  }
  if (save.physics !== undefined) bridge!.restoreSnapshot(save.physics);
  for (let i = 0; i < objects.length; i++) {
    const object = objects[i]!;
    unpackPose(save.poses, (i * 3) * POSE_FLOATS, object.current);
    unpackPose(save.poses, (i * 3 + 1) * POSE_FLOATS, object.previous);
    unpackPose(save.poses, (i * 3 + 2) * POSE_FLOATS, object.presented);
  }
  return save.tickCount;
}

/**
 * The state a rollback compares, as plain data: the tick count and every
 * live object's simulation pose (position, rotation) and, for a physical
 * body, its velocity, keyed by name (a repeated name gets `#2`, `#3`...).
 * @internal
 */
export function simulationState({ objects: live, tickCount, bridge }: RollbackParts): SimulationState {
  const objects: Record<string, { position: number[]; rotation: number[]; velocity?: number[] }> = {};
  const velocity = new Float64Array(3);
  for (const object of live) {
    if (object.state !== 'live') continue;
    let key = object.name;
    for (let n = 2; Object.hasOwn(objects, key); n++) key = `${object.name}#${n}`;
    const entry: { position: number[]; rotation: number[]; velocity?: number[] } = { position: [...object.current.position], rotation: [...object.current.rotation] };
    if (object.physical) {
      bridge!.readVelocity(object, velocity);
      entry.velocity = [...velocity];
    }
    objects[key] = entry;
  }
  return { tick: tickCount, objects };
}

function packPose(out: Float64Array, at: number, pose: Pose): void {
  out.set(pose.position, at);
  out.set(pose.rotation, at + 3);
  out.set(pose.scale, at + 7);
}

function unpackPose(from: Float64Array, at: number, pose: Pose): void {
  pose.position.set(from.subarray(at, at + 3));
  pose.rotation.set(from.subarray(at + 3, at + 7));
  pose.scale.set(from.subarray(at + 7, at + 10));
}
