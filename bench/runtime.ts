/**
 * The fixed-tick runtime's own per-frame cost, against the same Rapier world
 * stepped by a plain hand-written fixed-step loop. Standalone:
 *
 *   node --expose-gc --import tsx bench/runtime.ts
 *
 * The scene, at 1,000 and 5,000 bodies: a fixed ground box, and N dynamic
 * bodies (boxes and balls, alternating, 0.5 m across) dropped in a grid from
 * 0.5-1.5 m onto it. Each object has one behavior, `work`: `fixedUpdate`
 * adds the tick's delta to a field, `update` counts frames (one line each).
 * `fixed_delta` 1/60 s, 4 physics substeps, `max_catch_up_ticks` 4. Both
 * subjects are fed the same 60 Hz host timestamps (±1 ms jitter, seeded,
 * bench/host-timeline.ts), so both run one fixed tick per frame on average
 * and the same number of ticks in total; both settle for
 * {@link SETTLE_FRAMES} frames first, so every timed frame sees the same
 * resting world (the bodies on the ground, asleep once Rapier puts them to
 * sleep): the physics step is then as cheap as it gets, which makes the
 * runtime's share look as large as it can.
 *
 * - runtime: `createRuntime({ scene, behaviors, physics: await createRapier3d() })`
 *   with no host ticks, driven by `runtime.advance(t)`. One frame: input,
 *   fixed ticks (barrier, tick input, `fixedUpdate` of every behavior,
 *   `physics.step`, poses read back into every object, collision delivery),
 *   `update`, presentation blend, `lateUpdate` pass, render snapshot.
 * - hand-written: a second `createRapier3d()` world with the same bodies and
 *   colliders (built from the same scene document by `bodyDescOf` /
 *   `colliderDescOf`, so every Rapier setting matches) and the same behavior
 *   objects called as plain methods. One frame: a fixed-step accumulator
 *   (keep-fraction overflow at 4 ticks); per tick previous <- current pose
 *   (`copyPose`), every `fixedUpdate`, `physics.step(1/60, 4)`,
 *   `physics.readPoses` into one buffer and from it into every current pose,
 *   a loop over the tick's collisions; then every `update`, and every
 *   presented pose blended from previous and current (`blendPose`, the
 *   runtime's own function). The same work the runtime does, so the
 *   difference is the runtime's own: the loop and its phases, the barrier,
 *   callback dispatch with its error guard, interpolation bookkeeping and
 *   the render snapshot.
 *
 * Reported: CPU µs per frame (median of interleaved rounds, bench/measure-time.ts),
 * the runtime's overhead in µs and as a ratio (median of per-round ratios,
 * IQR), the share of the 16.7 ms frame, and bytes allocated per frame
 * (bench/weigh-frames.ts: heap growth over gc-free samples, a scavenge before
 * each). Rapier's own reads allocate on the JS heap (both subjects alike), so
 * the runtime's own bytes are its bytes minus the hand-written loop's, and
 * per body: that difference at 5,000 minus at 1,000, over 4,000.
 */
import { NEVER } from 'rxjs';
import { createPoseBuffer, createRapier3d, type PhysicsAdapter } from '../src/backends/rapier/rapier3d.js';
import { blendPose, copyPose, createPose, type Pose } from '../src/engines/runtime/pose.js';
import { createRuntime, type Runtime } from '../src/engines/runtime/runtime.js';
import { bodyDescOf, colliderDescOf, type SceneDocument } from '../src/engines/runtime/scene-document.js';
import { HostDriver, makeHostCallMegamorphic } from './host-timeline.js';
import { fixed, markdownTable } from './markdown-table.js';
import { measureTimes, type TimedSubject } from './measure-time.js';
import { FIXED_DELTA_SECONDS, FIXED_STEP_MS, MAX_CATCH_UP_TICKS, PHYSICS_SUBSTEPS, sceneDocument, work, type Work } from './runtime-scene.js';
import { weighFrames } from './weigh-frames.js';

const BODY_COUNTS = [1_000, 5_000] as const;
const HOST_RATE_HZ = 60;
const FRAME_BUDGET_US = 1e6 / 60;
/** Frames run before anything is measured: the bodies fall (at most 1.5 m, under 0.6 s) and come to rest. */
const SETTLE_FRAMES = 600;
const ROUNDS = 9;

function runtimeSubject(scene: SceneDocument, physics: PhysicsAdapter, count: number): TimedSubject & { runtime: Runtime } {
  const runtime = createRuntime({ scene, behaviors: { work }, physics, ticks: NEVER });
  const host = new HostDriver((t) => void runtime.advance(t), HOST_RATE_HZ);
  return { name: `runtime, ${count} bodies`, runtime, run: (frames) => host.run(frames) };
}

/** One object of the hand-written loop: its body, its behavior, and the runtime's three poses. */
interface PlainObject {
  readonly behavior: Work | undefined;
  readonly previous: Pose;
  readonly current: Pose;
  readonly presented: Pose;
}

function handWrittenSubject(scene: SceneDocument, physics: PhysicsAdapter, count: number): TimedSubject & { ticks: () => number } {
  const objects: PlainObject[] = [];
  const bodyObjects: PlainObject[] = [];
  const bodyHandles: number[] = [];
  const behaviors: Work[] = [];
  physics.setGravity(0, -9.81, 0);
  physics.barrier((structure) => {
    for (const doc of scene.objects) {
      const body = structure.createBody(bodyDescOf(doc));
      for (const collider of doc.body!.colliders) structure.createCollider(body, colliderDescOf(collider));
      const behavior = doc.behaviors === undefined ? undefined : (work(undefined as unknown as Runtime, 0) as Work);
      const object: PlainObject = { behavior, previous: createPose(), current: createPose(), presented: createPose() };
      if (doc.position !== undefined) object.current.position.set(doc.position);
      copyPose(object.previous, object.current);
      copyPose(object.presented, object.current);
      objects.push(object);
      bodyObjects.push(object);
      bodyHandles.push(body);
      if (behavior !== undefined) behaviors.push(behavior);
    }
  });
  const poses = createPoseBuffer(bodyObjects.length, false);
  const game = undefined as unknown as Runtime; // the behaviors never read it
  let previousMs = Number.NaN;
  let accumulatedMs = 0;
  let ticks = 0;
  let collisions = 0;

  const tick = (dtSeconds: number): void => {
    ticks++;
    for (let i = 0; i < objects.length; i++) copyPose(objects[i]!.previous, objects[i]!.current);
    for (let i = 0; i < behaviors.length; i++) behaviors[i]!.fixedUpdate!(game, 0, dtSeconds);
    physics.step(dtSeconds, PHYSICS_SUBSTEPS);
    const n = bodyObjects.length;
    physics.readPoses(bodyHandles, n, poses);
    const { positions, rotations } = poses;
    for (let i = 0; i < n; i++) {
      const { position, rotation } = bodyObjects[i]!.current;
      position[0] = positions[3 * i]!;
      position[1] = positions[3 * i + 1]!;
      position[2] = positions[3 * i + 2]!;
      rotation[0] = rotations[4 * i]!;
      rotation[1] = rotations[4 * i + 1]!;
      rotation[2] = rotations[4 * i + 2]!;
      rotation[3] = rotations[4 * i + 3]!;
    }
    for (let i = 0; i < physics.collisionCount; i++) if (physics.collisionAt(i).kind === 'begin') collisions++;
  };

  const frame = (timestampMs: number): void => {
    const deltaMs = Number.isNaN(previousMs) ? 0 : Math.max(timestampMs - previousMs, 0);
    previousMs = timestampMs;
    accumulatedMs += deltaMs;
    let steps = Math.floor(accumulatedMs / FIXED_STEP_MS);
    if (steps > MAX_CATCH_UP_TICKS) {
      steps = MAX_CATCH_UP_TICKS;
      accumulatedMs %= FIXED_STEP_MS; // keep the fraction, drop the whole intervals past the limit
    } else accumulatedMs -= steps * FIXED_STEP_MS;
    for (let s = 0; s < steps; s++) tick(FIXED_DELTA_SECONDS);
    const deltaSeconds = deltaMs / 1000;
    for (let i = 0; i < behaviors.length; i++) behaviors[i]!.update!(game, 0, deltaSeconds);
    const alpha = accumulatedMs / FIXED_STEP_MS;
    for (let i = 0; i < objects.length; i++) {
      const object = objects[i]!;
      blendPose(object.presented, object.previous, object.current, alpha);
    }
  };
  const host = new HostDriver(frame, HOST_RATE_HZ);
  return { name: `hand-written, ${count} bodies`, run: (frames) => host.run(frames), ticks: () => ticks };
}

async function main(): Promise<void> {
  makeHostCallMegamorphic();
  const rows: string[][] = [];
  const ownBytes: number[] = [];
  for (const count of BODY_COUNTS) {
    const scene = sceneDocument(count);
    const hand = handWrittenSubject(scene, await createRapier3d(), count);
    const ours = runtimeSubject(scene, await createRapier3d(), count);
    hand.run(SETTLE_FRAMES);
    ours.run(SETTLE_FRAMES);
    const ticksAfterSettle = ours.runtime.stats().ticks;
    if (ticksAfterSettle !== hand.ticks()) throw new Error(`bench: the runtime ran ${ticksAfterSettle} ticks, the hand-written loop ${hand.ticks()}`);
    const [handTime, oursTime] = measureTimes([hand, ours], {
      rounds: ROUNDS,
      batchMs: 200,
      warmupMs: 1000,
      baseline: hand.name,
      minFramesPerBatch: count >= 5_000 ? 5 : 20,
    });
    // Rapier's reads allocate on the JS heap every tick: few frames per sample, so no scavenge lands in one.
    const handBytes = weighFrames((frames) => hand.run(frames), 200).bytesPerFrame;
    const oursBytes = weighFrames((frames) => ours.run(frames), 200).bytesPerFrame;
    const handUs = handTime!.nsPerFrame / 1000;
    const oursUs = oursTime!.nsPerFrame / 1000;
    const stats = ours.runtime.stats();
    console.error(`${count} bodies measured (${stats.ticks} ticks in ${stats.frames} frames)`);
    ownBytes.push(oursBytes - handBytes);
    rows.push([
      String(count),
      fixed(handUs, 0),
      fixed(oursUs, 0),
      fixed(oursUs - handUs, 0),
      `${fixed(oursTime!.ratio, 3)}× (${fixed(oursTime!.ratioQ1, 3)}–${fixed(oursTime!.ratioQ3, 3)})`,
      `${fixed((100 * oursUs) / FRAME_BUDGET_US, 1)}%`,
      `${fixed((100 * (oursUs - handUs)) / FRAME_BUDGET_US, 2)}%`,
      fixed(handBytes, 0),
      fixed(oursBytes, 0),
      fixed(oursBytes - handBytes, 0),
    ]);
    ours.runtime.destroy();
  }
  console.log(
    `Fixed-tick runtime vs hand-written fixed-step loop on the same Rapier 3D world: fixed_delta 1/60 s, ${PHYSICS_SUBSTEPS} substeps, ` +
      `${HOST_RATE_HZ} Hz host (±1 ms jitter), one tick per frame on average; each object one behavior (fixedUpdate + update, one line each); ` +
      `CPU time, median of ${ROUNDS} interleaved rounds\n`,
  );
  console.log(
    markdownTable(
      [
        'bodies',
        'hand-written µs/frame',
        'runtime µs/frame',
        'runtime own µs/frame',
        'ratio (IQR)',
        'runtime of 16.7 ms',
        'own of 16.7 ms',
        'hand-written B/frame',
        'runtime B/frame',
        'runtime own B/frame',
      ],
      rows,
    ),
  );
  const [small, large] = BODY_COUNTS;
  console.log(
    `\nruntime's own allocation: ${fixed((ownBytes[1]! - ownBytes[0]!) / (large - small), 3)} B per extra body per frame ` +
      `(own B/frame at ${large} minus at ${small}, over ${large - small}; target 0)`,
  );
}

await main();
