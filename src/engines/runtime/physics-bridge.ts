import { OptionError } from '../../../operators/option-error.js';
import { resumeNondeterminismWarnings, suspendNondeterminismWarnings } from '../shell/nondeterminism-warnings.js';
import type { CallbackHost } from './callback-list.js';
import {
  createPoseBuffer,
  isPhysicsNumber,
  MAX_PHYSICS_MAGNITUDE,
  type PhysicsAdapter,
  type PhysicsSnapshot,
  type PhysicsStructure,
  type PoseBuffer,
  type Quat,
  type Vec3,
} from './physics-adapter.js';
import type { PoseUpdate } from './pose.js';
import type { RuntimeObject } from './runtime-object.js';
import { bodyDescOf, colliderDescOf } from './scene-document.js';

/**
 * The runtime's side of the physics world: every call the runtime makes to
 * its physics adapter goes through here. It keeps which object owns which
 * body, reads the bodies' poses back into their objects after each step
 * (one `readPoses` call for all of them), and hands each collision event to
 * both objects' `onCollision`.
 *
 * It is the one place numbers go to physics, so it is where they are held
 * to what physics stores: every number it hands over is finite and within
 * ±{@link MAX_PHYSICS_MAGNITUDE} (a 32-bit float), or the call is refused
 * before physics sees it. A body's numbers come from its scene document,
 * whose checks keep the same rule (`bodyDescOf` and `colliderDescOf` run
 * them); a teleport's, a velocity's and a gravity's are checked here. @internal
 */
export class PhysicsBridge {
  private readonly byBody = new Map<number, RuntimeObject>();
  /** Physical objects and their bodies, dense, for one readPoses call. */
  private bodyObjects: RuntimeObject[] = [];
  private bodyHandles: number[] = [];
  private poses: PoseBuffer = createPoseBuffer(0, false);
  /** The structural operations while a barrier is open. */
  private structure: PhysicsStructure | undefined;
  private readonly collision = {
    kind: 'begin' as 'begin' | 'end',
    self: 0,
    other: 0,
    sensor: false,
    hasContact: false,
    point: new Float64Array(3),
    normal: new Float64Array(3),
  };

  constructor(private readonly physics: PhysicsAdapter) {}

  /** The physics world saved (the runtime's `save()`). @throws {Error} when the adapter cannot take snapshots. */
  takeSnapshot(): PhysicsSnapshot {
    this.assertSnapshots('save');
    return this.physics.takeSnapshot!();
  }

  /**
   * Puts the physics world back (the runtime's `restore()`); {@link own}
   * then says which object owns which body.
   *
   * @throws {OptionError} for what the adapter refuses, naming the field under `snapshot.state.physics`; nothing changes then.
   * @throws {Error} when the adapter cannot restore snapshots.
   */
  restoreSnapshot(snapshot: PhysicsSnapshot): void {
    this.assertSnapshots('restore');
    try {
      this.physics.restoreSnapshot!(snapshot);
    } catch (error) {
      // The adapter names its own fields ('restoreSnapshot snapshot.world'): named again from the runtime's snapshot.
      if (!(error instanceof OptionError)) throw error;
      const field = error.option.startsWith(ADAPTER_SNAPSHOT) ? error.option.slice(ADAPTER_SNAPSHOT.length) : '';
      throw new OptionError('restore', `snapshot.state.physics${field}`, error.rule, error.value);
    }
  }

  /** After a restore: the bodies `objects` (the restored live objects) own. */
  own(objects: readonly RuntimeObject[]): void {
    this.byBody.clear();
    for (const object of objects) if (object.physical) this.byBody.set(object.body, object);
  }

  private assertSnapshots(method: string): void {
    if (this.physics.takeSnapshot === undefined || this.physics.restoreSnapshot === undefined) {
      throw new Error(`${method}: the physics adapter has no takeSnapshot()/restoreSnapshot(), so the runtime cannot be saved or restored (the Rapier adapters have them)`);
    }
  }

  /**
   * Runs `apply` at the physics world's structural barrier: bodies and
   * colliders change only here. Called while a barrier is open (a runtime
   * torn down from a callback the barrier runs, which clears the scene), it
   * runs `apply` within that one.
   */
  barrier(apply: (structure: PhysicsStructure) => void): void {
    const open = this.structure;
    if (open !== undefined) {
      apply(open);
      return;
    }
    this.physics.barrier((structure) => {
      this.structure = structure;
      try {
        apply(structure);
      } finally {
        this.structure = undefined;
      }
    });
  }

  /** Creates an object's body and colliders from its document (inside a barrier). */
  createBody(object: RuntimeObject, structure: PhysicsStructure): void {
    const body = object.doc.body;
    if (body === undefined) return;
    object.body = structure.createBody(bodyDescOf(object.doc));
    for (const collider of body.colliders) structure.createCollider(object.body, colliderDescOf(collider));
    this.byBody.set(object.body, object);
  }

  /** Destroys an object's body (inside a barrier). */
  destroyBody(object: RuntimeObject, structure: PhysicsStructure): void {
    if (object.body === 0) return;
    structure.destroyBody(object.body);
    this.byBody.delete(object.body);
  }

  /**
   * Moves an object's body at once to the pose it is about to have (a
   * teleport): the update's position and rotation, the parts it leaves out as
   * they are now. No sweep; the velocity is kept. Nothing of the object is
   * written here: the caller writes its pose once physics has taken it.
   *
   * @throws {OptionError} for a number physics cannot hold; what the adapter refuses, it throws.
   */
  teleport(object: RuntimeObject, pose: PoseUpdate): void {
    const p = pose.position ?? object.current.position;
    const r = pose.rotation ?? object.current.rotation;
    const position: Vec3 = [p[0]!, p[1]!, p[2]!];
    const rotation: Quat = [r[0]!, r[1]!, r[2]!, r[3]!];
    checkPhysicsNumbers('teleport', 'pose.position', position, 'metres');
    checkPhysicsNumbers('teleport', 'pose.rotation', rotation, 'a unit quaternion');
    this.physics.teleport(object.body, { position, rotation });
  }

  /** Assigns an object's body its linear velocity, m/s. @throws {OptionError} for a number physics cannot hold. */
  setVelocity(object: RuntimeObject, x: number, y: number, z: number): void {
    // The three checked before an array is made for the error: a game may set a velocity every tick.
    if (!isPhysicsNumber(x) || !isPhysicsNumber(y) || !isPhysicsNumber(z)) checkPhysicsNumbers('setVelocity', 'x, y, z', [x, y, z], 'm/s');
    this.physics.setLinearVelocity(object.body, x, y, z);
  }

  /** Writes an object's body's linear velocity (m/s) into `out[0..2]`. */
  readVelocity(object: RuntimeObject, out: Float64Array): void {
    this.physics.readLinearVelocity(object.body, out, 0);
  }

  /** Sets the world's gravity, m/s². @throws {OptionError} for a number physics cannot hold. */
  setGravity(gravity: Vec3): void {
    checkPhysicsNumbers('setGravity', 'gravity', gravity, 'm/s²');
    this.physics.setGravity(gravity[0], gravity[1], gravity[2]);
  }

  /** Frees the physics world (the runtime owns it). */
  destroy(): void {
    this.physics.destroy();
  }

  /** After a structural change: the physical objects whose poses each step reads back. */
  index(objects: readonly RuntimeObject[]): void {
    // Written over in place (this runs at every barrier, every tick): no new arrays unless the bodies outgrow them.
    const bodyObjects = this.bodyObjects;
    const bodyHandles = this.bodyHandles;
    let n = 0;
    for (let i = 0; i < objects.length; i++) {
      const object = objects[i]!;
      if (!object.physical) continue;
      bodyObjects[n] = object;
      bodyHandles[n] = object.body;
      n++;
    }
    bodyObjects.length = bodyHandles.length = n;
    if (this.poses.positions.length < n * 3) this.poses = createPoseBuffer(Math.max(16, n * 2), false);
  }

  /** The seed's tick steps 3 and 4: the world steps (with substeps), then the poses come back into the objects. */
  step(dtSeconds: number, substeps: number): void {
    // Rapier times its own step with performance.now(): bookkeeping, not the game's, so no warning.
    suspendNondeterminismWarnings();
    try {
      this.physics.step(dtSeconds, substeps);
    } finally {
      resumeNondeterminismWarnings();
    }
    const count = this.bodyObjects.length;
    if (count === 0) return;
    const { positions, rotations } = this.poses;
    this.physics.readPoses(this.bodyHandles, count, this.poses);
    for (let i = 0; i < count; i++) {
      const { position, rotation } = this.bodyObjects[i]!.current;
      position[0] = positions[3 * i]!;
      position[1] = positions[3 * i + 1]!;
      position[2] = positions[3 * i + 2]!;
      rotation[0] = rotations[4 * i]!;
      rotation[1] = rotations[4 * i + 1]!;
      rotation[2] = rotations[4 * i + 2]!;
      rotation[3] = rotations[4 * i + 3]!;
    }
  }

  /** The step's collision events, to both objects' onCollision (the normal from self towards other). */
  deliverCollisions(host: CallbackHost): void {
    const { physics, collision: info } = this;
    for (let i = 0; i < physics.collisionCount; i++) {
      const event = physics.collisionAt(i);
      const a = this.byBody.get(event.bodyA);
      const b = this.byBody.get(event.bodyB);
      info.kind = event.kind;
      info.sensor = event.sensor;
      info.hasContact = event.hasContact;
      info.point.set(event.point);
      for (let side = 0; side < 2; side++) {
        const self = side === 0 ? a : b;
        if (self === undefined || self.state !== 'live' || !self.started) continue;
        info.self = self.handle;
        info.other = (side === 0 ? b : a)?.handle ?? 0;
        const sign = side === 0 ? 1 : -1;
        info.normal[0] = event.normal[0]! * sign;
        info.normal[1] = event.normal[1]! * sign;
        info.normal[2] = event.normal[2]! * sign;
        const components = self.behaviors;
        for (let j = 0; j < components.length && self.state === 'live'; j++) {
          const { name, behavior } = components[j]!;
          if (behavior.onCollision === undefined) continue;
          host.callback = 'onCollision';
          try {
            behavior.onCollision(host.game, self.handle, info);
          } catch (error) {
            host.reportCallback(self, name, 'onCollision', error);
          }
        }
      }
    }
    host.callback = undefined;
  }
}

/** How an adapter names the snapshot handed to `restoreSnapshot` in its errors (the Rapier adapters' `restoreSnapshot snapshot.world`). */
const ADAPTER_SNAPSHOT = 'restoreSnapshot snapshot';

/**
 * Refuses numbers physics cannot hold: each must be finite and within
 * ±{@link MAX_PHYSICS_MAGNITUDE}.
 *
 * @throws {OptionError} `where: option must be finite numbers of <unit>, each within ±3.4028234663852886e+38, got 1e+39, 0, 0`.
 */
function checkPhysicsNumbers(where: string, option: string, values: readonly number[], unit: string): void {
  for (let i = 0; i < values.length; i++) {
    if (isPhysicsNumber(values[i])) continue;
    const rule = `finite numbers (${unit}), each within ±${MAX_PHYSICS_MAGNITUDE} (physics stores 32-bit floats)`;
    throw new OptionError(where, option, rule, values, `${where}: ${option} must be ${rule}, got ${values.map(String).join(', ')}`);
  }
}
