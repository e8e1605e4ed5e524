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
import { checkBodyDesc, checkColliderDesc, checkNumbers, checkPose } from './check-desc.js';
import { CollisionRecord } from './collision-record.js';
import { HandleTable, slotsProblem, type HandleSlots } from '../../engines/runtime/handle-table.js';
import type { RapierBinding, RapierBodyPort, RapierColliderPort, RapierEventQueuePort, RapierWorldPort } from './rapier-binding.js';

/** A live body: its Rapier body, its colliders, and what its poses carry besides Rapier's state. */
interface BodyEntry<B> {
  /** Rebound to the restored world's body by {@link RapierAdapter.restoreSnapshot}. */
  body: B;
  readonly colliders: ColliderHandle[];
  readonly scale: Vec3;
  /** A 2D body's z, reported in its poses (3D: unused). */
  depth: number;
}

/** What a collision event reports of a collider: its handle, its body's, and whether it is a sensor. */
interface ColliderName {
  /** Set once, right after the table gives it out. */
  handle: ColliderHandle;
  readonly body: BodyHandle;
  readonly sensor: boolean;
}

/** A live collider: its Rapier collider, and what events report of it. */
interface ColliderEntry<C> extends ColliderName {
  readonly collider: C;
}

/** A collider in a snapshot: Rapier's handle, and what events report of it. */
interface SavedCollider {
  readonly rapier: number;
  readonly handle: ColliderHandle;
  readonly body: BodyHandle;
  readonly sensor: boolean;
}

/**
 * What {@link RapierAdapter.takeSnapshot} returns, as plain data: Rapier's
 * bytes and the adapter's own tables at that moment (Rapier keeps its own
 * handles in the bytes; the adapter's handles, their generations and what
 * its poses and events report beside Rapier's state are here).
 */
interface RapierSnapshot extends PhysicsSnapshot {
  /** The body table's slots: the handles of the bodies made after a restore follow from them. */
  readonly bodySlots: HandleSlots;
  /** Per body of `bodies`, in order: Rapier's handle, its colliders, the scale its poses report, its 2D depth. */
  readonly bodyEntries: readonly { readonly rapier: number; readonly colliders: readonly ColliderHandle[]; readonly scale: Vec3; readonly depth: number }[];
  /** The collider table's slots. */
  readonly colliderSlots: HandleSlots;
  /** The live colliders. */
  readonly colliders: readonly SavedCollider[];
  /** The colliders destroyed since the last step: its 'end' events name them. */
  readonly retired: readonly SavedCollider[];
  /** The world's gravity, m/s². */
  readonly gravity: Vec3;
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
      this.binding.readPose(entry.body, entry.depth, positions, rotations, i);
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
    const bodyEntries: RapierSnapshot['bodyEntries'][number][] = [];
    this.bodies.forEach((entry, handle) => {
      bodies.push(handle);
      bodyEntries.push({ rapier: entry.body.handle, colliders: entry.colliders.slice(), scale: [entry.scale[0], entry.scale[1], entry.scale[2]], depth: entry.depth });
    });
    const colliders: SavedCollider[] = [];
    this.colliders.forEach(({ collider, handle, body, sensor }) => colliders.push({ rapier: collider.handle, handle, body, sensor }));
    const retired = this.retired.map((rapier): SavedCollider => {
      const { handle, body, sensor } = this.byRapierHandle.get(rapier)!;
      return { rapier, handle, body, sensor };
    });
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
    const bodies = saved.bodies.map((handle, i): readonly [BodyHandle, BodyEntry<B>] | undefined => {
      const { rapier, colliders, scale, depth } = saved.bodyEntries[i]!;
      const body = this.binding.bodyOf(world, rapier);
      return body === null || body === undefined ? undefined : [handle, { body, colliders: colliders.slice(), scale: Object.freeze([scale[0], scale[1], scale[2]] as const), depth }];
    });
    const colliders = saved.colliders.map(({ rapier, handle, body, sensor }): readonly [ColliderHandle, ColliderEntry<C>] | undefined => {
      const collider = this.binding.colliderOf(world, rapier);
      return collider === null || collider === undefined ? undefined : [handle, { collider, handle, body, sensor }];
    });
    if (bodies.includes(undefined) || colliders.includes(undefined)) {
      world.free();
      throw new OptionError(this.where, 'restoreSnapshot snapshot.bodyEntries', "bodies and colliders of the snapshot's world (Rapier's handles)", snapshot);
    }
    old.free();
    this.world = world;
    this.bodies.restore(saved.bodySlots, bodies as (readonly [BodyHandle, BodyEntry<B>])[]);
    this.colliders.restore(saved.colliderSlots, colliders as (readonly [ColliderHandle, ColliderEntry<C>])[]);
    this.byRapierHandle.clear();
    for (const [, entry] of colliders as (readonly [ColliderHandle, ColliderEntry<C>])[]) this.byRapierHandle.set(entry.collider.handle, entry);
    this.retired.length = 0;
    for (const { rapier, handle, body, sensor } of saved.retired) {
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
    const scale = desc.scale === undefined ? UNIT_SCALE : Object.freeze([desc.scale[0], desc.scale[1], desc.scale[2]] as const);
    return this.bodies.add({ body, colliders: [], scale, depth: desc.position?.[2] ?? 0 });
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

/** Checks a gravity vector, m/s²; a 2D world has none along z. */
export function checkGravity(where: string, option: string, gravity: unknown, dimensions: 2 | 3): asserts gravity is Vec3 {
  checkNumbers(where, option, gravity, 3);
  if (dimensions === 2 && (gravity as Vec3)[2] !== 0) {
    throw new OptionError(where, option, 'a 2D gravity [x, y, 0]', gravity, `${where}: ${option} must be a 2D gravity [x, y, 0] (m/s²), got z = ${(gravity as Vec3)[2]}`);
  }
}

/**
 * Checks a value handed to `restoreSnapshot` against what `takeSnapshot`
 * returns, whole, before anything changes.
 * @throws {OptionError} naming the field.
 */
function checkRapierSnapshot(where: string, snapshot: unknown, dimensions: 2 | 3): RapierSnapshot {
  const option = 'restoreSnapshot snapshot';
  const rule = "a snapshot from this adapter's takeSnapshot()";
  if (snapshot === null || typeof snapshot !== 'object') throw new OptionError(where, option, rule, snapshot);
  const saved = snapshot as Partial<RapierSnapshot>;
  const { world, bodies, bodyEntries, colliders, retired } = saved;
  const refuse = (field: string, value: unknown, what = rule): never => {
    throw new OptionError(where, `${option}.${field}`, what, value);
  };
  if (!(world instanceof Uint8Array)) refuse('world', world, "Rapier's snapshot bytes, a Uint8Array");
  if (!Array.isArray(bodies) || !Array.isArray(bodyEntries) || bodyEntries.length !== bodies.length) refuse('bodyEntries', bodyEntries, 'an entry per body of snapshot.bodies');
  bodyEntries!.forEach((entry, i) => {
    const { rapier, colliders: owned, scale, depth } = (entry ?? {}) as Partial<RapierSnapshot['bodyEntries'][number]>;
    if (typeof rapier !== 'number' || !Array.isArray(owned) || !owned.every((c) => typeof c === 'number') || typeof depth !== 'number' || !Number.isFinite(depth)) refuse(`bodyEntries[${i}]`, entry);
    checkNumbers(where, `${option}.bodyEntries[${i}].scale`, scale, 3);
  });
  for (const [field, list] of [['colliders', colliders], ['retired', retired]] as const) {
    if (!Array.isArray(list)) refuse(field, list);
    list!.forEach((entry, i) => {
      const { rapier, handle, body, sensor } = (entry ?? {}) as Partial<SavedCollider>;
      if (typeof rapier !== 'number' || typeof handle !== 'number' || typeof body !== 'number' || typeof sensor !== 'boolean') refuse(`${field}[${i}]`, entry);
    });
  }
  const bodyProblem = slotsProblem(saved.bodySlots, bodies!);
  if (bodyProblem !== undefined) refuse('bodySlots', saved.bodySlots, `the body table's slots (${bodyProblem})`);
  const colliderProblem = slotsProblem(saved.colliderSlots, colliders!.map((c) => c.handle));
  if (colliderProblem !== undefined) refuse('colliderSlots', saved.colliderSlots, `the collider table's slots (${colliderProblem})`);
  checkGravity(where, `${option}.gravity`, saved.gravity, dimensions);
  return saved as RapierSnapshot;
}
