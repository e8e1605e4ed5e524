/**
 * tickflow's 3D physics backend (`tickflow/rapier3d`): the fixed-tick
 * runtime's {@link PhysicsAdapter} on Rapier, through
 * `@dimforge/rapier3d-compat`.
 *
 * `@dimforge/rapier3d-compat` is an optional peer dependency: only this entry
 * point imports it (the 2D adapter is `tickflow/rapier2d`, so a game loads
 * one engine's WASM, never both). It imports it on the first
 * `createRapier3d()`, dynamically, so a bundler puts Rapier in a chunk of
 * its own that a page fetches only when it creates physics.
 *
 * `physics_substeps` is Rapier's `numSolverIterations`: Rapier's solver
 * (TGS soft) runs that many substeps inside one `World.step`, each
 * integrating velocities and positions over `dt / substeps`; collision
 * detection and events still run once per tick. See docs/physics.md.
 *
 * @example
 * ```ts
 * import { createPoseBuffer, createRapier3d } from 'tickflow/rapier3d';
 *
 * const physics = await createRapier3d(); // gravity defaults to [0, -9.81, 0] m/s²
 * let crate = 0;
 * physics.barrier((structure) => {
 *   crate = structure.createBody({ position: [0, 3, 0] });
 *   structure.createCollider(crate, { shape: { type: 'box', halfExtents: [0.5, 0.5, 0.5] } });
 * });
 * const poses = createPoseBuffer(1);
 * physics.step(1 / 60, 4);
 * physics.readPoses([crate], 1, poses); // poses.positions[1] is a little below 3
 * physics.destroy();
 * ```
 *
 * @packageDocumentation
 */
import type * as Rapier from '@dimforge/rapier3d-compat';
import { checkOptionKeys } from '../../../operators/validate.js';
import {
  DEFAULT_GRAVITY_MPS2,
  type BodyDesc,
  type ColliderDesc,
  type PhysicsAdapter,
  type Vec3,
} from '../../engines/runtime/physics-adapter.js';
import { checkGravity } from './check-desc.js';
import { RapierAdapter } from './rapier-adapter.js';
import type { RapierBinding } from './rapier-binding.js';

// The adapter interface and its types, so a game needs this entry point only.
export * from '../../engines/runtime/physics-adapter.js';

/** Options of {@link createRapier3d}. */
export interface Rapier3dOptions {
  /** The world's gravity, metres per second squared; defaults to {@link DEFAULT_GRAVITY_MPS2} (`[0, -9.81, 0]`). */
  readonly gravity?: Vec3;
}

const WHERE = 'createRapier3d';

/** What this entry point binds the shared adapter to: Rapier 3D's own classes. */
type Binding3d = RapierBinding<Rapier.World, Rapier.RigidBody, Rapier.Collider, Rapier.EventQueue>;

/** Rapier 3D loaded, started and bound, once per page: see {@link loadBinding}. */
let bound: Promise<Binding3d> | undefined;

/** Reused by every read, so reading poses allocates nothing. */
const vector = { x: 0, y: 0, z: 0 };
const quaternion = { x: 0, y: 0, z: 0, w: 1 };

/** The binding over a loaded Rapier 3D. */
function bindingOf(RAPIER: typeof Rapier): Binding3d {
  const BODY_DESCS = {
    dynamic: () => RAPIER.RigidBodyDesc.dynamic(),
    fixed: () => RAPIER.RigidBodyDesc.fixed(),
    kinematic: () => RAPIER.RigidBodyDesc.kinematicVelocityBased(),
  } as const;

  return {
    where: WHERE,
    dimensions: 3,
    createWorld: (gravity) => new RAPIER.World({ x: gravity[0], y: gravity[1], z: gravity[2] }),
    // autoDrain: Rapier clears the queue before each step; the adapter drains it right after.
    createEventQueue: () => new RAPIER.EventQueue(true),
    setGravity(world, gravity) {
      world.gravity = { x: gravity[0], y: gravity[1], z: gravity[2] };
    },
    createBody(world, desc: BodyDesc) {
      const d = BODY_DESCS[desc.kind ?? 'dynamic']();
      if (desc.position) d.setTranslation(desc.position[0], desc.position[1], desc.position[2]);
      if (desc.rotation) d.setRotation({ x: desc.rotation[0], y: desc.rotation[1], z: desc.rotation[2], w: desc.rotation[3] });
      if (desc.linearVelocity) d.setLinvel(desc.linearVelocity[0], desc.linearVelocity[1], desc.linearVelocity[2]);
      if (desc.angularVelocity) d.setAngvel({ x: desc.angularVelocity[0], y: desc.angularVelocity[1], z: desc.angularVelocity[2] });
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
          ? RAPIER.ColliderDesc.cuboid(shape.halfExtents[0], shape.halfExtents[1], shape.halfExtents[2])
          : shape.type === 'ball'
            ? RAPIER.ColliderDesc.ball(shape.radius)
            : RAPIER.ColliderDesc.capsule(shape.halfHeight, shape.radius);
      if (desc.offset) d.setTranslation(desc.offset[0], desc.offset[1], desc.offset[2]);
      if (desc.density !== undefined) d.setDensity(desc.density);
      if (desc.friction !== undefined) d.setFriction(desc.friction);
      if (desc.restitution !== undefined) d.setRestitution(desc.restitution);
      if (desc.sensor) d.setSensor(true);
      d.setActiveEvents(RAPIER.ActiveEvents.COLLISION_EVENTS);
      return world.createCollider(d, body);
    },
    readPose(body, _depth, positions, rotations, index) {
      const t = body.translation(vector);
      positions[index * 3] = t.x;
      positions[index * 3 + 1] = t.y;
      positions[index * 3 + 2] = t.z;
      const r = body.rotation(quaternion);
      rotations[index * 4] = r.x;
      rotations[index * 4 + 1] = r.y;
      rotations[index * 4 + 2] = r.z;
      rotations[index * 4 + 3] = r.w;
    },
    isResting(body) {
      return body.isSleeping() || body.isFixed();
    },
    teleport(body, position, rotation) {
      vector.x = position[0];
      vector.y = position[1];
      vector.z = position[2];
      body.setTranslation(vector, true);
      if (rotation) {
        quaternion.x = rotation[0];
        quaternion.y = rotation[1];
        quaternion.z = rotation[2];
        quaternion.w = rotation[3];
        body.setRotation(quaternion, true);
      }
    },
    setLinearVelocity(body, x, y, z) {
      vector.x = x;
      vector.y = y;
      vector.z = z;
      body.setLinvel(vector, true);
    },
    readLinearVelocity(body, out, offset) {
      const v = body.linvel(vector);
      out[offset] = v.x;
      out[offset + 1] = v.y;
      out[offset + 2] = v.z;
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
        normal[2] = sign * n.z;
        let x = 0;
        let y = 0;
        let z = 0;
        for (let i = 0; i < contacts; i++) {
          const p = manifold.solverContactPoint(i, vector)!;
          x += p.x;
          y += p.y;
          z += p.z;
        }
        point[0] = x / contacts;
        point[1] = y / contacts;
        point[2] = z / contacts;
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

/**
 * Loads Rapier 3D (its WASM, once per page) and makes a physics adapter over
 * a new world. The adapter owns every Rapier object it makes and frees them
 * in `destroy()`; user code never calls Rapier's `free()`.
 *
 * @param options Gravity; see {@link Rapier3dOptions}. Unknown keys are refused.
 * @return The adapter, once Rapier is ready.
 */
export async function createRapier3d(options: Rapier3dOptions = {}): Promise<PhysicsAdapter> {
  checkOptionKeys(WHERE, options, ['gravity']);
  const { gravity = DEFAULT_GRAVITY_MPS2 } = options;
  checkGravity(WHERE, 'gravity', gravity, 3);
  bound ??= loadBinding();
  return new RapierAdapter(await bound, gravity);
}

/**
 * Imports Rapier 3D and starts its WebAssembly. The import is dynamic, so a
 * bundler gives Rapier a chunk of its own, fetched only when a game creates
 * physics: the -compat package inlines its WASM as base64 (about 4.3 MB of
 * JavaScript), far more than the rest of a game. Node loads it the same way.
 * Called once per page: each call of the package's own init() decodes the
 * inlined WASM again before noticing it is loaded.
 */
async function loadBinding(): Promise<Binding3d> {
  const RAPIER = await import('@dimforge/rapier3d-compat');
  await RAPIER.init();
  return bindingOf(RAPIER);
}
