/**
 * The rollback bench's plain side: the same scene written against Rapier by
 * hand (bench/runtime-scene.ts's ground and bodies, the same shapes and
 * places, Rapier's defaults for the rest), stepped as the runtime steps it
 * (one `World.step` a tick of {@link FIXED_DELTA_SECONDS}, with
 * {@link PHYSICS_SUBSTEPS} solver iterations, its event queue drained), and
 * rolled back as a game on Rapier alone would: `takeSnapshot()`,
 * `World.restoreSnapshot(bytes)` (a new world; the old one freed), then the
 * ticks again. What Rapier alone costs is the floor under the runtime's
 * rollback: the difference is tickflow's own.
 */
import RAPIER from '@dimforge/rapier3d-compat';
import { FIXED_DELTA_SECONDS, PHYSICS_SUBSTEPS, sceneDocument } from './runtime-scene.js';

/** A Rapier world of the bench scene, at a tick. */
export interface PlainRapierScene {
  /** The world's bytes now. */
  save(): Uint8Array;
  /** The world made again from bytes (Rapier makes a new world; the old one is freed). */
  restore(bytes: Uint8Array): void;
  /** One tick. */
  tick(): void;
  /** Frees the world. */
  destroy(): void;
}

/**
 * The bench scene at `bodies` bodies in Rapier alone, run `ticks` ticks.
 * `beforeStep`, when given, runs before each step with the world and the
 * dynamic bodies' handles in scene order (handles survive a restore; the
 * world does not): the netplay bench's hops.
 */
export async function plainRapierScene(bodies: number, ticks: number, beforeStep?: (world: RAPIER.World, dynamic: readonly number[]) => void): Promise<PlainRapierScene> {
  await RAPIER.init();
  let world = new RAPIER.World({ x: 0, y: -9.81, z: 0 });
  const events = new RAPIER.EventQueue(true);
  const dynamic: number[] = [];
  for (const object of sceneDocument(bodies).objects) {
    const [x, y, z] = object.position as [number, number, number];
    const body = world.createRigidBody((object.body!.kind === 'fixed' ? RAPIER.RigidBodyDesc.fixed() : RAPIER.RigidBodyDesc.dynamic()).setTranslation(x, y, z));
    if (object.body!.kind !== 'fixed') dynamic.push(body.handle);
    for (const collider of object.body!.colliders) {
      const shape = collider as { shape: string; half_extents?: number[]; radius?: number };
      const desc = shape.shape === 'box' ? RAPIER.ColliderDesc.cuboid(shape.half_extents![0]!, shape.half_extents![1]!, shape.half_extents![2]!) : RAPIER.ColliderDesc.ball(shape.radius!);
      world.createCollider(desc, body);
    }
  }
  const tick = (): void => {
    beforeStep?.(world, dynamic);
    world.timestep = FIXED_DELTA_SECONDS;
    world.numSolverIterations = PHYSICS_SUBSTEPS;
    world.step(events);
    events.drainCollisionEvents(() => {});
    events.drainContactForceEvents(() => {});
  };
  for (let i = 0; i < ticks; i++) tick();
  return {
    save: () => world.takeSnapshot(),
    restore(bytes) {
      const next = RAPIER.World.restoreSnapshot(bytes);
      world.free();
      world = next;
    },
    tick,
    destroy() {
      events.free();
      world.free();
    },
  };
}
