// A scripted physics scene and a hash of every pose it passes through: the
// same function runs in Node (spec/backends/rapier-determinism.spec.ts) and
// in real Chromium (spec/browser/rapier3d.spec.ts, through
// spec/browser/fixtures/rapier3d.ts), so both can compare hashes bit for bit.
import { createPoseBuffer, type BodyHandle, type PhysicsAdapter } from '../../src/engines/runtime/physics-adapter.js';

/** What {@link runScriptedScene} reports. */
export interface SceneResult {
  /** FNV-1a (32 bits) over the bytes of every pose after every step, and every event. */
  readonly hash: string;
  readonly steps: number;
  readonly events: number;
  /** The bodies live at the end. */
  readonly bodies: number;
}

/** The scene's fixed tick, seconds. */
export const SCENE_DT_SECONDS = 1 / 60;
/** Its substeps. */
export const SCENE_SUBSTEPS = 4;

/** The scripted scene, one tick at a time (so a page can step it once per animation frame). */
export interface ScriptedScene {
  /** Runs the next tick: its barrier work, its scripted calls, the step, the pose and event hash. */
  tick(): void;
  /** What the ticks so far produced. */
  result(): SceneResult;
}

/** Runs {@link createScriptedScene} for `steps` ticks in one go. */
export function runScriptedScene(physics: PhysicsAdapter, steps = 240): SceneResult {
  const scene = createScriptedScene(physics);
  for (let i = 0; i < steps; i++) scene.tick();
  return scene.result();
}

/**
 * Builds the scripted scene on `physics`; each `tick()` runs one fixed tick:
 * - a ground and two walls; 24 boxes and balls dropped in a tumbling heap, turned;
 * - at tick 30 a velocity assigned to one body (m/s), at tick 60 a teleport;
 * - every 20 ticks, at the barrier, one body destroyed and a new one spawned;
 * after each step every live dynamic body's pose is read and hashed, with the
 * step's collision events.
 */
export function createScriptedScene(physics: PhysicsAdapter): ScriptedScene {
  const bodies: BodyHandle[] = [];
  let spawned = 0;
  const spawn = (structure: Parameters<Parameters<PhysicsAdapter['barrier']>[0]>[0]): void => {
    const n = spawned++;
    const angle = n * 0.7;
    const body = structure.createBody({
      position: [((n * 37) % 9) * 0.45 - 2, 2 + n * 0.9, 0],
      rotation: [0, 0, Math.sin(angle / 2), Math.cos(angle / 2)],
      angularVelocity: [0, 0, (n % 5) - 2],
    });
    structure.createCollider(
      body,
      n % 3 === 0
        ? { shape: { type: 'ball', radius: 0.35 }, restitution: 0.4 }
        : { shape: { type: 'box', halfExtents: [0.3 + (n % 4) * 0.05, 0.3, 0.3] }, friction: 0.7 },
    );
    bodies.push(body);
  };
  physics.barrier((structure) => {
    const ground = structure.createBody({ kind: 'fixed' });
    structure.createCollider(ground, { shape: { type: 'box', halfExtents: [6, 0.5, 6] }, offset: [0, -0.5, 0] });
    structure.createCollider(ground, { shape: { type: 'box', halfExtents: [0.25, 4, 6] }, offset: [-3.5, 4, 0] });
    structure.createCollider(ground, { shape: { type: 'box', halfExtents: [0.25, 4, 6] }, offset: [3.5, 4, 0] });
    for (let i = 0; i < 24; i++) spawn(structure);
  });

  const poses = createPoseBuffer(64);
  let hash = FNV_OFFSET;
  let events = 0;
  let tick = 0;
  return {
    tick() {
      tick++;
      if (tick % 20 === 0) {
        physics.barrier((structure) => {
          structure.destroyBody(bodies.shift()!);
          spawn(structure);
        });
      }
      if (tick === 30) physics.setLinearVelocity(bodies[3]!, 2.5, 4, 0);
      if (tick === 60) physics.teleport(bodies[5]!, { position: [0, 6, 0], rotation: [0, 0, 0, 1] });
      physics.step(SCENE_DT_SECONDS, SCENE_SUBSTEPS);
      physics.readPoses(bodies, bodies.length, poses);
      hash = fnv1a(hash, poses.positions, bodies.length * 3);
      hash = fnv1a(hash, poses.rotations, bodies.length * 4);
      for (let i = 0; i < physics.collisionCount; i++) {
        const event = physics.collisionAt(i);
        events++;
        scratch[0] = event.kind === 'begin' ? 1 : 2;
        scratch[1] = event.colliderA;
        scratch[2] = event.colliderB;
        scratch.set(event.point, 3);
        scratch.set(event.normal, 6);
        hash = fnv1a(hash, scratch, 9);
      }
    },
    result: () => ({ hash: (hash >>> 0).toString(16).padStart(8, '0'), steps: tick, events, bodies: physics.bodyCount }),
  };
}

const FNV_OFFSET = 0x811c9dc5;
const FNV_PRIME = 0x01000193;
const scratch = new Float64Array(9);

/** Folds the bytes of `values[0..count-1]` into an FNV-1a hash. */
function fnv1a(hash: number, values: Float64Array, count: number): number {
  const bytes = new Uint8Array(values.buffer, values.byteOffset, count * 8);
  let h = hash;
  for (let i = 0; i < bytes.length; i++) h = Math.imul(h ^ bytes[i]!, FNV_PRIME);
  return h;
}
