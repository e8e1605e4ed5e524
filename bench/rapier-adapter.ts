/**
 * The Rapier 3D adapter's own per-tick cost, against the same Rapier world
 * stepped and read by hand-written code. Standalone:
 *
 *   node --expose-gc --import tsx bench/rapier-adapter.ts
 *
 * Each subject owns an identical world: N boxes resting on the ground in a
 * grid (each touching the ground only, kept awake so every tick steps and
 * reads all of them), stepped at 1/60 s with 4 substeps. One tick:
 *
 * - hand-written: `world.timestep`/`numSolverIterations` set once,
 *   `world.step(queue)`, `queue.drainCollisionEvents(...)`, and for each body
 *   `translation(v)` and `rotation(q)` copied into a Float64Array;
 * - adapter: `physics.step(dt, 4)`, `physics.readPoses(handles, N, buffer)`,
 *   and a loop over `collisionCount` / `collisionAt(i)`.
 *
 * Reported: CPU µs per tick for both, their ratio, the adapter's own µs (the
 * difference), the share of the 16.7 ms frame budget, and bytes allocated per
 * tick on the JS heap: the adapter's own (its bytes minus the hand-written
 * loop's, which are Rapier's own step garbage) per body.
 */
import RAPIER from '@dimforge/rapier3d-compat';
import { createPoseBuffer, createRapier3d, type BodyHandle, type PhysicsAdapter } from '../src/backends/rapier/rapier3d.js';
import { measureAllocation } from './measure-allocation.js';
import { measureTimes, type TimedSubject } from './measure-time.js';
import { fixed, markdownTable } from './markdown-table.js';

const DT_SECONDS = 1 / 60;
const SUBSTEPS = 4;
const FRAME_BUDGET_US = 1e6 / 60;
const BODY_COUNTS = [1_000, 5_000] as const;
/** Timed rounds: a tick at 5,000 bodies costs tens of ms, so few and short batches. */
const ROUNDS = 5;
const SPACING_M = 2;
const GRID_WIDTH = 100;

/** Where box `i` rests: a grid cell of its own, its bottom on the ground. */
const cell = (i: number): [number, number, number] => [(i % GRID_WIDTH) * SPACING_M, 0.5, Math.floor(i / GRID_WIDTH) * SPACING_M];
const groundHalfExtentM = (GRID_WIDTH * SPACING_M) / 2 + 10;

function handWritten(count: number): TimedSubject {
  const world = new RAPIER.World({ x: 0, y: -9.81, z: 0 });
  world.timestep = DT_SECONDS;
  world.numSolverIterations = SUBSTEPS;
  const queue = new RAPIER.EventQueue(true);
  const ground = world.createRigidBody(RAPIER.RigidBodyDesc.fixed());
  world.createCollider(
    RAPIER.ColliderDesc.cuboid(groundHalfExtentM, 0.5, groundHalfExtentM)
      .setTranslation(groundHalfExtentM - 10, -0.5, groundHalfExtentM - 10)
      .setActiveEvents(RAPIER.ActiveEvents.COLLISION_EVENTS),
    ground,
  );
  const bodies: RAPIER.RigidBody[] = [];
  for (let i = 0; i < count; i++) {
    const [x, y, z] = cell(i);
    const body = world.createRigidBody(RAPIER.RigidBodyDesc.dynamic().setTranslation(x, y, z).setCanSleep(false));
    world.createCollider(RAPIER.ColliderDesc.cuboid(0.5, 0.5, 0.5).setActiveEvents(RAPIER.ActiveEvents.COLLISION_EVENTS), body);
    bodies.push(body);
  }
  const positions = new Float64Array(count * 3);
  const rotations = new Float64Array(count * 4);
  const v = { x: 0, y: 0, z: 0 };
  const q = { x: 0, y: 0, z: 0, w: 1 };
  let events = 0;
  const onEvent = (): void => {
    events++;
  };
  return {
    name: `hand-written, ${count} bodies`,
    run(ticks) {
      for (let t = 0; t < ticks; t++) {
        world.step(queue);
        queue.drainCollisionEvents(onEvent);
        for (let i = 0; i < count; i++) {
          const body = bodies[i]!;
          body.translation(v);
          positions[i * 3] = v.x;
          positions[i * 3 + 1] = v.y;
          positions[i * 3 + 2] = v.z;
          body.rotation(q);
          rotations[i * 4] = q.x;
          rotations[i * 4 + 1] = q.y;
          rotations[i * 4 + 2] = q.z;
          rotations[i * 4 + 3] = q.w;
        }
      }
    },
  };
}

function adapter(physics: PhysicsAdapter, count: number): TimedSubject {
  const handles = new Float64Array(count);
  physics.barrier((s) => {
    const ground = s.createBody({ kind: 'fixed' });
    s.createCollider(ground, {
      shape: { type: 'box', halfExtents: [groundHalfExtentM, 0.5, groundHalfExtentM] },
      offset: [groundHalfExtentM - 10, -0.5, groundHalfExtentM - 10],
    });
    for (let i = 0; i < count; i++) {
      const body: BodyHandle = s.createBody({ position: cell(i), canSleep: false });
      s.createCollider(body, { shape: { type: 'box', halfExtents: [0.5, 0.5, 0.5] } });
      handles[i] = body;
    }
  });
  const poses = createPoseBuffer(count, false);
  let events = 0;
  return {
    name: `adapter, ${count} bodies`,
    run(ticks) {
      for (let t = 0; t < ticks; t++) {
        physics.step(DT_SECONDS, SUBSTEPS);
        physics.readPoses(handles, count, poses);
        for (let i = 0; i < physics.collisionCount; i++) if (physics.collisionAt(i).kind === 'begin') events++;
      }
    },
  };
}

async function main(): Promise<void> {
  await RAPIER.init();
  const rows: string[][] = [];
  for (const count of BODY_COUNTS) {
    const physics = await createRapier3d();
    const hand = handWritten(count);
    const ours = adapter(physics, count);
    // Settle both worlds (the first ticks carry the contacts' begin events), then time.
    hand.run(30);
    ours.run(30);
    const [handTime, oursTime] = measureTimes([hand, ours], {
      rounds: ROUNDS,
      batchMs: 150,
      warmupMs: 300,
      baseline: hand.name,
      minFramesPerBatch: 1,
    });
    // Rapier's own reads allocate ~0.7 KB per body per tick (both sides alike): few ticks per sample, or a scavenge lands in each.
    const allocation = { samples: 3, framesPerSample: Math.max(1, Math.floor(10_000 / count)) };
    const handBytes = measureAllocation((ticks) => hand.run(ticks), allocation).bytesPerFrame;
    const oursBytes = measureAllocation((ticks) => ours.run(ticks), allocation).bytesPerFrame;
    const handUs = handTime!.nsPerFrame / 1000;
    const oursUs = oursTime!.nsPerFrame / 1000;
    console.error(`${count} bodies measured`);
    rows.push([
      String(count),
      fixed(handUs, 0),
      fixed(oursUs, 0),
      `${fixed(oursTime!.ratio, 3)}× (${fixed(oursTime!.ratioQ1, 3)}–${fixed(oursTime!.ratioQ3, 3)})`,
      fixed(oursUs - handUs, 0),
      `${fixed((100 * oursUs) / FRAME_BUDGET_US, 1)}%`,
      fixed(handBytes, 0),
      fixed(oursBytes, 0),
      fixed((oursBytes - handBytes) / count, 3),
    ]);
    physics.destroy();
  }
  console.log(`Rapier 3D adapter vs hand-written Rapier, one tick = step(1/60 s, ${SUBSTEPS} substeps) + read every pose + events (CPU time, median of ${ROUNDS} rounds)\n`);
  console.log(
    markdownTable(
      ['bodies', 'hand-written µs/tick', 'adapter µs/tick', 'ratio (IQR)', 'adapter own µs/tick', 'of 16.7 ms', 'hand-written B/tick', 'adapter B/tick', 'adapter own B/body/tick'],
      rows,
    ),
  );
}

await main();
