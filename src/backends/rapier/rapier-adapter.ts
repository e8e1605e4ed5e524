import { OptionError } from '../../../operators/option-error.js';
import { integerAtLeast, positiveFinite } from '../../../operators/validate.js';
import type {
  BodyDesc,
  BodyHandle,
  ColliderDesc,
  ColliderHandle,
  CollisionEvent,
  PhysicsAdapter,
  PhysicsSnapshot,
  PhysicsStructure,
  PoseBuffer,
  PoseInput,
  Vec3,
} from '../../engines/runtime/physics-adapter.js';
import { checkBodyDesc, checkColliderDesc, checkGravity, checkPose } from './check-desc.js';
import { CollisionRecord } from './collision-record.js';
import { HandleTable } from '../../engines/runtime/handle-table.js';
import { BODY_NUMBERS, checkRapierSnapshot, COLLIDER_NUMBERS, readColliders, saveCollider, type ColliderName, type RapierSnapshot } from './rapier-snapshot.js';
import type { RapierBinding, RapierBodyPort, RapierColliderPort, RapierEventQueuePort, RapierWorldPort } from './rapier-binding.js';

/** A live body: its Rapier body, its colliders, and what its poses carry besides Rapier's state. Written whole by {@link RapierAdapter.restoreSnapshot}. */
interface BodyEntry<B> {
  /** Rebound to the restored world's body by {@link RapierAdapter.restoreSnapshot}. */
  body: B;
  readonly colliders: ColliderHandle[];
  scale: Vec3;
  /** A 2D body's z, reported in its poses (3D: unused). */
  depth: number;
  /**
   * The pose {@link RapierAdapter.readPoses} last read while the body was at
   * rest (asleep, or fixed): position x, y, z, then the rotation quaternion.
   * Valid while `restKept`; a body at rest does not move, so its pose is
   * read once and copied from here until it wakes or is teleported.
   */
  readonly rest: Float64Array;
  restKept: boolean;
}

/** A live collider: its Rapier collider, and what events report of it. Written whole by {@link RapierAdapter.restoreSnapshot}. */
interface ColliderEntry<C> extends ColliderName {
  collider: C;
}

const UNIT_SCALE: Vec3 = Object.freeze([1, 1, 1] as const);

/**
 * The Rapier adapter, shared by the 2D and 3D entry points: a
 * {@link PhysicsAdapter} over one Rapier world and one event queue, the two
 * Rapier objects that hold WASM memory and need `free()`. Both are freed by
 * {@link destroy}; bodies and colliders are removed from the world when they
 * are destroyed, and Rapier's own temporaries are freed by Rapier.
 *
 * The tick it serves:
 *
 * 1. `barrier(apply)`: the only place bodies and colliders are created or destroyed;
 * 2. between barriers: `teleport`, `setLinearVelocity`, `setGravity`;
 * 3. `step(dt, substeps)`: sets Rapier's timestep to `dt` and
 *    `numSolverIterations` to `substeps`, steps the world once, then drains
 *    the event queue into this tick's records (events never pile up across ticks);
 * 4. `readPoses`, `collisionCount`/`collisionAt`.
 *
 * Internal: users get one from `createRapier3d` or `createRapier2d`.
 */
export class RapierAdapter<
  W extends RapierWorldPort<B, C, Q>,
  B extends RapierBodyPort,
  C extends RapierColliderPort,
  Q extends RapierEventQueuePort,
> implements PhysicsAdapter {
  readonly dimensions: 2 | 3;
  private readonly where: string;
  private world: W | undefined;
  private queue: Q | undefined;
  private readonly bodies = new HandleTable<BodyEntry<B>>();
  private readonly colliders = new HandleTable<ColliderEntry<C>>();
  /** Rapier's collider handle -> what events report of it. Kept one step past a destroy, for the `'end'` events it causes. */
  private readonly byRapierHandle = new Map<number, ColliderName>();
  /** Rapier handles of colliders destroyed since the last step. */
  private retired: number[] = [];
  private readonly records: CollisionRecord[] = [];
  private count = 0;
  private inBarrier = false;
  private timestepSeconds = Number.NaN;
  private solverSubsteps = Number.NaN;
  private gravityNow: Vec3;
  private readonly structure: PhysicsStructure;
  /** The drain callback, made once. */
  private readonly onCollision = (handle1: number, handle2: number, started: boolean): void => this.record(handle1, handle2, started);

  constructor(
    private readonly binding: RapierBinding<W, B, C, Q>,
    gravity: Vec3,
  ) {
    this.where = binding.where;
    this.dimensions = binding.dimensions;
    this.gravityNow = Object.freeze([gravity[0], gravity[1], gravity[2]] as const);
    this.world = binding.createWorld(this.gravityNow);
    this.queue = binding.createEventQueue();
    const guard = (method: string): void => {
      this.open(method);
      if (!this.inBarrier) throw new Error(`${this.where}: ${method} is allowed only inside barrier(), the fixed-tick barrier`);
    };
    this.structure = {
      createBody: (desc = {}) => {
        guard('createBody');
        return this.createBody(desc);
      },
      destroyBody: (body) => {
        guard('destroyBody');
        return this.destroyBody(body);
      },
      createCollider: (body, desc) => {
        guard('createCollider');
        return this.createCollider(body, desc);
      },
      destroyCollider: (collider) => {
        guard('destroyCollider');
        return this.destroyCollider(collider);
      },
    };
  }

  barrier(apply: (structure: PhysicsStructure) => void): void {
    this.open('barrier');
    if (this.inBarrier) throw new Error(`${this.where}: barrier() cannot be nested`);
    this.inBarrier = true;
    try {
      apply(this.structure);
    } finally {
      this.inBarrier = false;
    }
  }

  step(dtSeconds: number, substeps: number): void {
    const world = this.open('step');
    if (this.inBarrier) throw new Error(`${this.where}: step() cannot run inside barrier()`);
    if (dtSeconds !== this.timestepSeconds) {
      world.timestep = positiveFinite(this.where, 'step dtSeconds', dtSeconds);
      this.timestepSeconds = dtSeconds;
    }
    if (substeps !== this.solverSubsteps) {
      world.numSolverIterations = integerAtLeast(this.where, 'step substeps', substeps, 1);
      this.solverSubsteps = substeps;
    }
    this.count = 0;
    // The world's physics pipeline, stepped as World.step steps it, without what World.step (Rapier 0.21)
    // does after it: re-wrap the soft-body pieces a tear split off, which walks every rigid body and
    // collider in JavaScript (at 5,000 resting bodies ≈ 1.4 ms and 650 KB of garbage a step; the
    // pipeline step itself ≈ 5 µs). This adapter makes no soft bodies, and it creates and removes
    // bodies and colliders through the world, which keeps those wrappers itself.
    world.physicsPipeline.step(
      world.gravity,
      world.integrationParameters,
      world.islands,
      world.broadPhase,
      world.narrowPhase,
      world.bodies,
      world.colliders,
      world.softBodies,
      world.impulseJoints,
      world.multibodyJoints,
      world.ccdSolver,
      this.queue!,
    );
    this.queue!.drainCollisionEvents(this.onCollision);
    // The 'end' events of colliders destroyed at the barrier came with this step; forget them now.
    for (const rapierHandle of this.retired) this.byRapierHandle.delete(rapierHandle);
    this.retired.length = 0;
  }

  readPoses(bodies: ArrayLike<BodyHandle>, count: number, out: PoseBuffer): void {
    this.open('readPoses');
    const { positions, rotations, scales } = out;
    if (count > bodies.length || count * 3 > positions.length || count * 4 > rotations.length || (scales !== undefined && count * 3 > scales.length)) {
      throw new RangeError(`${this.where}: readPoses count ${count} exceeds the handles given or the buffer's capacity`);
    }
    for (let i = 0; i < count; i++) {
      const entry = this.body(bodies[i]!, 'readPoses');
      // Reading a pose out of Rapier makes a number on the heap for each coordinate that is not a small integer
      // (WebAssembly hands it to JavaScript through an import); a body at rest keeps the pose read when it came to rest.
      const resting = this.binding.isResting(entry.body);
      if (resting && entry.restKept) {
        const rest = entry.rest;
        positions[i * 3] = rest[0]!;
        positions[i * 3 + 1] = rest[1]!;
        positions[i * 3 + 2] = rest[2]!;
        rotations[i * 4] = rest[3]!;
        rotations[i * 4 + 1] = rest[4]!;
        rotations[i * 4 + 2] = rest[5]!;
        rotations[i * 4 + 3] = rest[6]!;
      } else {
        this.binding.readPose(entry.body, entry.depth, positions, rotations, i);
        if (resting) {
          const rest = entry.rest;
          rest[0] = positions[i * 3]!;
          rest[1] = positions[i * 3 + 1]!;
          rest[2] = positions[i * 3 + 2]!;
          rest[3] = rotations[i * 4]!;
          rest[4] = rotations[i * 4 + 1]!;
          rest[5] = rotations[i * 4 + 2]!;
          rest[6] = rotations[i * 4 + 3]!;
        }
        entry.restKept = resting;
      }
      if (scales !== undefined) {
        scales[i * 3] = entry.scale[0];
        scales[i * 3 + 1] = entry.scale[1];
        scales[i * 3 + 2] = entry.scale[2];
      }
    }
  }

  get collisionCount(): number {
    return this.count;
  }

  collisionAt(index: number): CollisionEvent {
    if (!Number.isInteger(index) || index < 0 || index >= this.count) {
      throw new RangeError(`${this.where}: collisionAt(${index}) is outside the last step's ${this.count} events`);
    }
    return this.records[index]!;
  }

  teleport(body: BodyHandle, pose: PoseInput): void {
    this.open('teleport');
    checkPose(this.where, pose, this.dimensions);
    const entry = this.body(body, 'teleport');
    entry.depth = pose.position[2];
    // It wakes a dynamic body, but a fixed one stays at rest: read its pose afresh.
    entry.restKept = false;
    this.binding.teleport(entry.body, pose.position, pose.rotation);
  }

  setLinearVelocity(body: BodyHandle, x: number, y: number, z = 0): void {
    this.open('setLinearVelocity');
    if (!Number.isFinite(x) || !Number.isFinite(y) || !Number.isFinite(z)) {
      throw new OptionError(this.where, 'setLinearVelocity', 'finite numbers (m/s)', [x, y, z], `${this.where}: setLinearVelocity needs finite numbers (m/s), got ${x}, ${y}, ${z}`);
    }
    this.binding.setLinearVelocity(this.body(body, 'setLinearVelocity').body, x, y, z);
  }

  readLinearVelocity(body: BodyHandle, out: Float64Array, offset = 0): void {
    this.open('readLinearVelocity');
    this.binding.readLinearVelocity(this.body(body, 'readLinearVelocity').body, out, offset);
  }

  setGravity(x: number, y: number, z = 0): void {
    const world = this.open('setGravity');
    const gravity = [x, y, z] as const;
    checkGravity(this.where, 'setGravity', gravity, this.dimensions);
    this.gravityNow = Object.freeze(gravity);
    this.binding.setGravity(world, gravity);
  }

  get gravity(): Vec3 {
    return this.gravityNow;
  }

  isBody(body: BodyHandle): boolean {
    return this.bodies.get(body) !== undefined;
  }

  isCollider(collider: ColliderHandle): boolean {
    return this.colliders.get(collider) !== undefined;
  }

  get bodyCount(): number {
    return this.bodies.size;
  }

  /**
   * Rapier's world snapshot (`world.takeSnapshot()`), with what the adapter
   * keeps beside it: its body and collider tables (handles, generations,
   * free slots), each body's colliders, scale and 2D depth, the colliders
   * destroyed since the last step (the next step reports their 'end'
   * events), and the gravity.
   */
  takeSnapshot(): PhysicsSnapshot {
    const world = this.open('takeSnapshot');
    if (this.inBarrier) throw new Error(`${this.where}: takeSnapshot() cannot run inside barrier()`);
    const bodies: BodyHandle[] = [];
    const bodyEntries = new Float64Array(this.bodies.size * BODY_NUMBERS);
    const colliders = new Float64Array(this.colliders.size * COLLIDER_NUMBERS);
    let collider = 0;
    this.bodies.forEach((entry, handle) => {
      const at = bodies.length * BODY_NUMBERS;
      bodyEntries[at] = entry.body.handle;
      bodyEntries[at + 1] = entry.scale[0];
      bodyEntries[at + 2] = entry.scale[1];
      bodyEntries[at + 3] = entry.scale[2];
      bodyEntries[at + 4] = entry.depth;
      bodies.push(handle);
      for (const owned of entry.colliders) {
        const saved = this.colliders.get(owned)!;
        saveCollider(colliders, collider++, saved.collider.handle, saved);
      }
    });
    const retired = new Float64Array(this.retired.length * COLLIDER_NUMBERS);
    this.retired.forEach((rapier, i) => saveCollider(retired, i, rapier, this.byRapierHandle.get(rapier)!));
    const [x, y, z] = this.gravityNow;
    const snapshot: RapierSnapshot = {
      world: this.binding.takeSnapshot(world),
      bodies,
      bodySlots: this.bodies.slots(),
      bodyEntries,
      colliderSlots: this.colliders.slots(),
      colliders,
      retired,
      gravity: [x, y, z],
    };
    return snapshot;
  }

  /**
   * Puts the world back as the snapshot has it: a new Rapier world from its
   * bytes (`World.restoreSnapshot`; the old one is freed), and the adapter's
   * tables as they were, every entry bound to the new world's body or
   * collider under Rapier's handle. Bodies destroyed since come back under
   * their handles; bodies created since are gone, their handles invalid. The
   * snapshot is checked whole first, and nothing of it is kept.
   *
   * @throws {OptionError} naming the field for a value that is not a snapshot of this adapter; the world is then unchanged.
   */
  restoreSnapshot(snapshot: PhysicsSnapshot): void {
    const old = this.open('restoreSnapshot');
    if (this.inBarrier) throw new Error(`${this.where}: restoreSnapshot() cannot run inside barrier()`);
    const saved = checkRapierSnapshot(this.where, snapshot, this.dimensions);
    const world = this.binding.restoreWorld(saved.world);
    if (world === null || world === undefined) throw new OptionError(this.where, 'restoreSnapshot snapshot.world', "Rapier's snapshot bytes (World.restoreSnapshot could not read them)", saved.world);
    const { bodyEntries: bodyTable, colliders: colliderTable } = saved;
    // The new world's bodies and colliders under Rapier's handles, found before anything changes.
    const bodies = saved.bodies.map((_, i) => this.binding.bodyOf(world, bodyTable[i * BODY_NUMBERS]!));
    const colliders: (C | null | undefined)[] = [];
    for (let at = 0; at < colliderTable.length; at += COLLIDER_NUMBERS) colliders.push(this.binding.colliderOf(world, colliderTable[at]!));
    if (bodies.some(isMissing) || colliders.some(isMissing)) {
      world.free();
      throw new OptionError(this.where, 'restoreSnapshot snapshot.bodyEntries', "bodies and colliders of the snapshot's world (Rapier's handles)", snapshot);
    }
    old.free();
    this.world = world;
    // The tables as saved: an entry still under its handle is kept, and written whole; the others are made.
    const bodyEntries = saved.bodies.map((handle, i): BodyEntry<B> => {
      const at = i * BODY_NUMBERS;
      const entry = this.bodies.get(handle) ?? newBodyEntry(bodies[i]!, UNIT_SCALE, 0);
      entry.body = bodies[i]!;
      entry.restKept = false;
      entry.colliders.length = 0;
      entry.scale = scaleOf(bodyTable[at + 1]!, bodyTable[at + 2]!, bodyTable[at + 3]!);
      entry.depth = bodyTable[at + 4]!;
      return entry;
    });
    this.bodies.restore(saved.bodySlots, saved.bodies, bodyEntries);
    const colliderHandles: ColliderHandle[] = [];
    const colliderEntries = colliders.map((collider, i): ColliderEntry<C> => {
      const at = i * COLLIDER_NUMBERS;
      const handle = colliderTable[at + 1]!;
      const entry = this.colliders.get(handle) ?? { collider: collider!, handle, body: 0, sensor: false };
      entry.collider = collider!;
      entry.body = colliderTable[at + 2]!;
      entry.sensor = colliderTable[at + 3] === 1;
      this.bodies.get(entry.body)!.colliders.push(handle); // in the order the body kept them, as saved
      colliderHandles.push(handle);
      return entry;
    });
    this.colliders.restore(saved.colliderSlots, colliderHandles, colliderEntries);
    this.byRapierHandle.clear();
    for (const entry of colliderEntries) this.byRapierHandle.set(entry.collider.handle, entry);
    this.retired.length = 0;
    for (const { rapier, handle, body, sensor } of readColliders(saved.retired)) {
      this.byRapierHandle.set(rapier, { handle, body, sensor });
      this.retired.push(rapier);
    }
    this.gravityNow = Object.freeze([saved.gravity[0], saved.gravity[1], saved.gravity[2]] as const);
    // The restored world carries its own timestep and solver iterations: set them again on the next step.
    this.timestepSeconds = Number.NaN;
    this.solverSubsteps = Number.NaN;
    this.count = 0;
  }

  destroy(): void {
    if (this.world === undefined) return;
    // World.free() frees every set it owns (bodies, colliders, broad and narrow phase, pipelines).
    this.world.free();
    this.queue!.free();
    this.world = undefined;
    this.queue = undefined;
    this.byRapierHandle.clear();
    this.retired.length = 0;
    this.count = 0;
  }

  private createBody(desc: BodyDesc): BodyHandle {
    checkBodyDesc(this.where, desc, this.dimensions);
    const body = this.binding.createBody(this.world!, desc);
    const scale = desc.scale === undefined ? UNIT_SCALE : scaleOf(desc.scale[0], desc.scale[1], desc.scale[2]);
    return this.bodies.add(newBodyEntry(body, scale, desc.position?.[2] ?? 0));
  }

  private destroyBody(handle: BodyHandle): boolean {
    const entry = this.bodies.remove(handle);
    if (entry === undefined) return false;
    for (const collider of entry.colliders) this.retire(collider);
    // Removes its colliders from the world too.
    this.world!.removeRigidBody(entry.body);
    return true;
  }

  private createCollider(bodyHandle: BodyHandle, desc: ColliderDesc): ColliderHandle {
    const owner = this.body(bodyHandle, 'createCollider');
    checkColliderDesc(this.where, desc, this.dimensions);
    const collider = this.binding.createCollider(this.world!, owner.body, desc);
    const entry: ColliderEntry<C> = { collider, handle: 0, body: bodyHandle, sensor: this.binding.isSensor(collider) };
    entry.handle = this.colliders.add(entry);
    owner.colliders.push(entry.handle);
    this.byRapierHandle.set(collider.handle, entry);
    return entry.handle;
  }

  private destroyCollider(handle: ColliderHandle): boolean {
    const entry = this.colliders.get(handle);
    if (entry === undefined) return false;
    const owner = this.bodies.get(entry.body)!;
    owner.colliders.splice(owner.colliders.indexOf(handle), 1);
    this.retire(handle);
    this.world!.removeCollider(entry.collider, true);
    return true;
  }

  /** Takes a collider out of the table; its Rapier handle stays known until the next step's events are in. */
  private retire(handle: ColliderHandle): void {
    const entry = this.colliders.remove(handle)!;
    this.retired.push(entry.collider.handle);
  }

  private record(handle1: number, handle2: number, started: boolean): void {
    const a = this.byRapierHandle.get(handle1);
    const b = this.byRapierHandle.get(handle2);
    if (a === undefined || b === undefined) return; // not one of ours: cannot happen, every collider is made here
    let record = this.records[this.count];
    if (record === undefined) {
      record = new CollisionRecord();
      this.records.push(record);
    }
    this.count++;
    record.kind = started ? 'begin' : 'end';
    record.colliderA = a.handle;
    record.bodyA = a.body;
    record.colliderB = b.handle;
    record.bodyB = b.body;
    record.sensor = a.sensor || b.sensor;
    // Touching begins between live colliders only: both are in the table.
    record.hasContact = started && !record.sensor && this.binding.readContact(this.world!, this.colliders.get(a.handle)!.collider, this.colliders.get(b.handle)!.collider, record.point, record.normal);
    if (!record.hasContact) {
      record.point.fill(0);
      record.normal.fill(0);
    }
  }

  private body(handle: BodyHandle, method: string): BodyEntry<B> {
    const entry = this.bodies.get(handle);
    if (entry === undefined) throw new Error(`${this.where}: ${method}: body ${String(handle)} is not live (destroyed, or never created here)`);
    return entry;
  }

  private open(method: string): W {
    if (this.world === undefined) throw new Error(`${this.where}: ${method} after destroy()`);
    return this.world;
  }
}

function newBodyEntry<B>(body: B, scale: Vec3, depth: number): BodyEntry<B> {
  return { body, colliders: [], scale, depth, rest: new Float64Array(7), restKept: false };
}

function isMissing(value: unknown): boolean {
  return value === null || value === undefined;
}

/** A body's scale: the one unit scale for 1, 1, 1 (most bodies), else its own, frozen. */
function scaleOf(x: number, y: number, z: number): Vec3 {
  return x === 1 && y === 1 && z === 1 ? UNIT_SCALE : Object.freeze([x, y, z] as const);
}
