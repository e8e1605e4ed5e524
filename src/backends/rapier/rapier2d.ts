/**
 * tickflow's 2D physics backend (`tickflow/rapier2d`): the fixed-tick
 * runtime's {@link PhysicsAdapter} on Rapier, through
 * `@dimforge/rapier2d-compat`.
 *
 * `@dimforge/rapier2d-compat` is an optional peer dependency: only this entry
 * point imports it (the 3D adapter is `tickflow/rapier3d`, so a game loads
 * one engine's WASM, never both). It imports it on the first
 * `createRapier2d()`, dynamically, so a bundler puts Rapier in a chunk of
 * its own that a page fetches only when it creates physics.
 *
 * Bodies move in x and y; a pose's z is the body's own (as created or
 * teleported, e.g. a draw depth) and its rotation is the body's angle as a
 * quaternion about z, `[0, 0, sin(a/2), cos(a/2)]`, so the runtime treats 2D
 * and 3D poses alike.
 *
 * `physics_substeps` is Rapier's `numSolverIterations`: Rapier's solver
 * (TGS soft) runs that many substeps inside one `World.step`, each
 * integrating velocities and positions over `dt / substeps`; collision
 * detection and events still run once per tick. See docs/physics.md.
 *
 * @example
 * ```ts
 * import { createPoseBuffer, createRapier2d } from 'tickflow/rapier2d';
 *
 * const physics = await createRapier2d(); // gravity defaults to [0, -9.81, 0] m/s²
 * let crate = 0;
 * physics.barrier((structure) => {
 *   crate = structure.createBody({ position: [0, 3, 0] });
 *   structure.createCollider(crate, { shape: { type: 'box', halfExtents: [0.5, 0.5, 0] } });
 * });
 * const poses = createPoseBuffer(1);
 * physics.step(1 / 60, 4);
 * physics.readPoses([crate], 1, poses); // poses.positions[1] is a little below 3
 * physics.destroy();
 * ```
 *
 * @packageDocumentation
 */
import type * as Rapier from '@dimforge/rapier2d-compat';
import { checkOptionKeys } from '../../../operators/validate.js';
import {
  DEFAULT_GRAVITY_MPS2,
  type BodyDesc,
  type ColliderDesc,
  type PhysicsAdapter,
  type Vec3,
} from '../../engines/runtime/physics-adapter.js';
import { portableAtan2, portableCos, portableSin } from '../../math/portable-trig.js';
import { checkGravity } from './check-desc.js';
import { RapierAdapter } from './rapier-adapter.js';
import type { RapierBinding } from './rapier-binding.js';

// The adapter interface and its types, so a game needs this entry point only.
export * from '../../engines/runtime/physics-adapter.js';

/** Options of {@link createRapier2d}. */
export interface Rapier2dOptions {
  /** The world's gravity, metres per second squared; defaults to {@link DEFAULT_GRAVITY_MPS2} (`[0, -9.81, 0]`). */
  readonly gravity?: Vec3;
}

const WHERE = 'createRapier2d';

/** What this entry point binds the shared adapter to: Rapier 2D's own classes. */
type Binding2d = RapierBinding<Rapier.World, Rapier.RigidBody, Rapier.Collider, Rapier.EventQueue>;

/** Rapier 2D loaded, started and bound, once per page: see {@link loadBinding}. */
let bound: Promise<Binding2d> | undefined;

/** Reused by every read, so reading poses allocates nothing. */
const vector = { x: 0, y: 0 };

/** The binding over a loaded Rapier 2D. */
function bindingOf(RAPIER: typeof Rapier): Binding2d {
  const BODY_DESCS = {
    dynamic: () => RAPIER.RigidBodyDesc.dynamic(),
    fixed: () => RAPIER.RigidBodyDesc.fixed(),
    kinematic: () => RAPIER.RigidBodyDesc.kinematicVelocityBased(),
  } as const;

  return {
    where: WHERE,
    dimensions: 2,
    createWorld: (gravity) => new RAPIER.World({ x: gravity[0], y: gravity[1] }),
    // autoDrain: Rapier clears the queue before each step; the adapter drains it right after.
    createEventQueue: () => new RAPIER.EventQueue(true),
    setGravity(world, gravity) {
      world.gravity = { x: gravity[0], y: gravity[1] };
    },
    createBody(world, desc: BodyDesc) {
      const d = BODY_DESCS[desc.kind ?? 'dynamic']();
      if (desc.position) d.setTranslation(desc.position[0], desc.position[1]);
      if (desc.rotation) d.setRotation(angleOf(desc.rotation));
      if (desc.linearVelocity) d.setLinvel(desc.linearVelocity[0], desc.linearVelocity[1]);
      if (desc.angularVelocity) d.setAngvel(desc.angularVelocity[2]);
      if (desc.gravityScale !== undefined) d.setGravityScale(desc.gravityScale);
      if (desc.linearDamping !== undefined) d.setLinearDamping(desc.linearDamping);
      if (desc.angularDamping !== undefined) d.setAngularDamping(desc.angularDamping);
      if (desc.lockRotations) d.lockRotations();
      if (desc.ccd) d.setCcdEnabled(true);
      if (desc.canSleep === false) d.setCanSleep(false);
      return world.createRigidBody(d);
    },
    createCollider(world, body, desc: ColliderDesc) {
      const shape = desc.shape;
      const d =
        shape.type === 'box'
          ? RAPIER.ColliderDesc.cuboid(shape.halfExtents[0], shape.halfExtents[1])
          : shape.type === 'ball'
            ? RAPIER.ColliderDesc.ball(shape.radius)
            : RAPIER.ColliderDesc.capsule(shape.halfHeight, shape.radius);
      if (desc.offset) d.setTranslation(desc.offset[0], desc.offset[1]);
      if (desc.density !== undefined) d.setDensity(desc.density);
      if (desc.friction !== undefined) d.setFriction(desc.friction);
      if (desc.restitution !== undefined) d.setRestitution(desc.restitution);
      if (desc.sensor) d.setSensor(true);
      d.setActiveEvents(RAPIER.ActiveEvents.COLLISION_EVENTS);
      return world.createCollider(d, body);
    },
    readPose(body, depth, positions, rotations, index) {
      const t = body.translation(vector);
      positions[index * 3] = t.x;
      positions[index * 3 + 1] = t.y;
      positions[index * 3 + 2] = depth;
      const half = body.rotation() / 2;
      rotations[index * 4] = 0;
      rotations[index * 4 + 1] = 0;
      // Portable: the pose is runtime state a replay or a peer on another engine must reproduce bit for bit.
      rotations[index * 4 + 2] = portableSin(half);
      rotations[index * 4 + 3] = portableCos(half);
    },
    isResting(body) {
      return body.isSleeping() || body.isFixed();
    },
    teleport(body, position, rotation) {
      vector.x = position[0];
      vector.y = position[1];
      body.setTranslation(vector, true);
      if (rotation) body.setRotation(angleOf(rotation), true);
    },
    setLinearVelocity(body, x, y) {
      vector.x = x;
      vector.y = y;
      body.setLinvel(vector, true);
    },
    readLinearVelocity(body, out, offset) {
      const v = body.linvel(vector);
      out[offset] = v.x;
      out[offset + 1] = v.y;
      out[offset + 2] = 0;
    },
    readContact(world, a, b, point, normal) {
      let found = false;
      world.contactPair(a, b, (manifold, flipped) => {
        const contacts = manifold.numSolverContacts();
        if (found || contacts === 0) return;
        found = true;
        // Rapier's normal points from the pair's first collider to its second; flipped: the pair is (b, a).
        const n = manifold.normal(vector);
        const sign = flipped ? -1 : 1;
        normal[0] = sign * n.x;
        normal[1] = sign * n.y;
        normal[2] = 0;
        let x = 0;
        let y = 0;
        for (let i = 0; i < contacts; i++) {
          const p = manifold.solverContactPoint(i, vector)!;
          x += p.x;
          y += p.y;
        }
        point[0] = x / contacts;
        point[1] = y / contacts;
        point[2] = 0;
      });
      return found;
    },
    isSensor: (collider) => collider.isSensor(),
    takeSnapshot: (world) => world.takeSnapshot(),
    restoreWorld: (bytes) => RAPIER.World.restoreSnapshot(bytes),
    bodyOf: (world, rapierHandle) => world.getRigidBody(rapierHandle),
    colliderOf: (world, rapierHandle) => world.getCollider(rapierHandle),
  };
}

/** The angle of a turn about z, from its quaternion (checked to be one); portable, as the poses are. */
function angleOf(rotation: readonly [number, number, number, number]): number {
  return 2 * portableAtan2(rotation[2], rotation[3]);
}

/**
 * Loads Rapier 2D (its WASM, once per page) and makes a physics adapter over
 * a new world. The adapter owns every Rapier object it makes and frees them
 * in `destroy()`; user code never calls Rapier's `free()`.
 *
 * @param options Gravity; see {@link Rapier2dOptions}. Unknown keys are refused.
 * @return The adapter, once Rapier is ready.
 */
export async function createRapier2d(options: Rapier2dOptions = {}): Promise<PhysicsAdapter> {
  checkOptionKeys(WHERE, options, ['gravity']);
  const { gravity = DEFAULT_GRAVITY_MPS2 } = options;
  checkGravity(WHERE, 'gravity', gravity, 2);
  bound ??= loadBinding();
  return new RapierAdapter(await bound, gravity);
}

/**
 * Imports Rapier 2D and starts its WebAssembly. The import is dynamic, so a
 * bundler gives Rapier a chunk of its own, fetched only when a game creates
 * physics: the -compat package inlines its WASM as base64 (about 3.2 MB of
 * JavaScript), far more than the rest of a game. Node loads it the same way.
 * Called once per page: each call of the package's own init() decodes the
 * inlined WASM again before noticing it is loaded.
 */
async function loadBinding(): Promise<Binding2d> {
  const RAPIER = await import('@dimforge/rapier2d-compat');
  await RAPIER.init();
  return bindingOf(RAPIER);
}
