// The systems engine, measured on its own (not wired into bench/run.ts):
//
//   node --expose-gc --import tsx bench/systems-engine.ts
//
// 1. Per-frame cost at 10 000 entities, each with a transform and one
//    behavior, interpolation on: the engine beside a plain hand-written loop
//    making the same calls (the same behaviors, the same interpolation
//    arithmetic, a fixed-step accumulator), on the same 60 Hz host with
//    jitter. CPU time per frame (median of rounds), the ratio, and bytes
//    allocated per frame, at 1 000 and 10 000 entities: what each extra
//    entity adds is the per-entity allocation.
// 2. Cap fidelity: the frames delivered for maxFPS 30/50/60 on 60-240 Hz
//    hosts with ±1 ms jitter, by the engine (tickflow's pacing grid), and by
//    the seed engine's own rule re-implemented: skip while
//    `elapsed < 1000 / maxFPS`, and by the peers in bench/peers/, each capped
//    the way its users cap a frame rate (PixiJS `ticker.maxFPS`, Excalibur
//    `new Clock({ maxFps })`, Phaser `fps: { limit }`, kontra `GameLoop({ fps })`,
//    whose fps is its update rate: it has no frame cap), all fed the same
//    host timestamps.
// 3. The three.js backend's share: bytes allocated per frame by the engine
//    drawing through `threeSystemsBackend` headless (a real three.js scene,
//    meshes and camera; no WebGL in Node), at 1 000 and 10 000 entities with
//    a sprite: what each extra entity adds is the backend's per-entity
//    allocation (the GPU side is not measured here).
import { NEVER } from 'rxjs';
import { Behavior, createSystemsEngine, type BehaviorOptions, type Entity, type SystemsEngine } from '../src/engines/systems/index.js';
import { hostTimestamps, HostDriver, makeHostCallMegamorphic } from './host-timeline.js';
import { fixed, markdownTable } from './markdown-table.js';
import { measureTimes, type TimedSubject } from './measure-time.js';
import { pacingFidelity } from './pacing-metrics.js';
import { PACERS } from './pacing-fidelity.js';
import { weighFrames } from './weigh-frames.js';
import { threeSystemsBackend } from '../src/backends/three/index.js';

const ENTITY_COUNTS = [1_000, 10_000] as const;
const FIXED_STEP_MS = 20; // the engine's default 50 Hz
const MAX_STEPS = 5;
const FRAME_BUDGET_US = 1000 / 60 * 1000;

// -- 1. per-frame cost ---------------------------------------------------------

/** The behavior every entity has: integrate a velocity on the fixed step, and a cheap per-frame touch. */
class Drift extends Behavior {
  private readonly entity: Entity;
  private readonly time: { readonly fixedDeltaTime: number; readonly deltaTime: number };
  private readonly velocity: { vx: number; vy: number };
  frames = 0;
  constructor(options: BehaviorOptions) {
    super();
    this.entity = options.entity;
    this.time = options.time;
    this.velocity = options.entity.get<{ vx: number; vy: number }>('velocity')!;
  }
  fixedUpdate(): void {
    const t = this.entity.transform;
    const step = this.time.fixedDeltaTime;
    t.x += this.velocity.vx * step;
    t.y += this.velocity.vy * step;
    if (t.x > 1000 || t.x < 0) this.velocity.vx = -this.velocity.vx;
    if (t.y > 1000 || t.y < 0) this.velocity.vy = -this.velocity.vy;
  }
  update(): void {
    this.frames++;
  }
}

function entityConfigs(count: number) {
  return Array.from({ length: count }, (_, i) => ({
    id: `e${i}`,
    transform: { x: (i * 37) % 1000, y: (i * 91) % 1000, rotation: i * 0.01 },
    components: { velocity: { vx: 30 + (i % 17), vy: 20 + (i % 13) } },
    behaviors: [Drift],
  }));
}

function engineSubject(count: number): TimedSubject & { engine: SystemsEngine } {
  let renders = 0;
  const engine = createSystemsEngine({
    scenes: [{ id: 'bench', entities: entityConfigs(count) }],
    startSceneId: 'bench',
    ticks: NEVER,
    backend: { render: () => void renders++, destroy() {} },
  });
  void engine.play();
  const host = new HostDriver((t) => void engine.advance(t));
  return { name: `systems engine, ${count} entities`, engine, run: (frames) => host.run(frames) };
}

/** A plain loop making the same calls: the hand-written version of what the engine does each frame. */
function plainSubject(count: number): TimedSubject {
  // The same entities and behaviors, built by an engine so they are the same objects and classes.
  const source = createSystemsEngine({ scenes: [{ id: 'bench', entities: entityConfigs(count) }], startSceneId: 'bench', ticks: NEVER });
  void source.play();
  const entities = source.scene!.entities;
  const behaviors = entities.map((e) => e.behaviors[0] as Drift);
  // The behaviors keep reading the Time they were built with (the same class as the engine's, so the
  // shared behavior code stays monomorphic); this loop writes it, as the engine's frame does.
  const time = source.time as { deltaTime: number; elapsedTime: number; alpha: number; readonly fixedDeltaTime: number };
  let previousMs = NaN;
  let accumulatedMs = 0;
  let renders = 0;
  const tick = (timestampMs: number) => {
    const deltaMs = Number.isNaN(previousMs) ? 0 : Math.min(Math.max(timestampMs - previousMs, 0), 250);
    previousMs = timestampMs;
    accumulatedMs += deltaMs;
    let steps = Math.floor(accumulatedMs / FIXED_STEP_MS);
    if (steps > MAX_STEPS) {
      steps = MAX_STEPS;
      accumulatedMs = 0;
    } else accumulatedMs -= steps * FIXED_STEP_MS;
    for (let s = 0; s < steps; s++) {
      plainSnapshot(entities);
      for (let i = 0; i < behaviors.length; i++) behaviors[i]!.fixedUpdate();
    }
    time.deltaTime = deltaMs / 1000;
    time.elapsedTime += time.deltaTime;
    time.alpha = accumulatedMs / FIXED_STEP_MS;
    for (let i = 0; i < behaviors.length; i++) behaviors[i]!.update();
    plainInterpolate(entities, time.alpha);
    renders++;
  };
  const host = new HostDriver(tick);
  return { name: `plain loop, ${count} entities`, run: (frames) => host.run(frames) };
}

/** The plain loop's snapshot: previous <- current, for every entity. */
function plainSnapshot(entities: readonly Entity[]): void {
  for (let i = 0; i < entities.length; i++) {
    const { transform, previous } = entities[i]!;
    previous.x = transform.x;
    previous.y = transform.y;
    previous.rotation = transform.rotation;
  }
}

/** The plain loop's interpolation: the same arithmetic as the engine's. */
function plainInterpolate(entities: readonly Entity[], alpha: number): void {
  for (let i = 0; i < entities.length; i++) {
    const { transform, previous, drawn } = entities[i]!;
    drawn.x = previous.x + (transform.x - previous.x) * alpha;
    drawn.y = previous.y + (transform.y - previous.y) * alpha;
    let turn = (transform.rotation - previous.rotation) % (Math.PI * 2);
    if (turn >= Math.PI) turn -= Math.PI * 2;
    else if (turn < -Math.PI) turn += Math.PI * 2;
    drawn.rotation = previous.rotation + turn * alpha;
  }
}

function perFrameCost(): void {
  makeHostCallMegamorphic();
  const rows: string[][] = [];
  const bytes = new Map<string, number>();
  for (const count of ENTITY_COUNTS) {
    const subjects = [plainSubject(count), engineSubject(count)];
    const timings = measureTimes(subjects, {
      rounds: 9,
      batchMs: 150,
      warmupMs: 1500,
      baseline: subjects[0]!.name,
      minFramesPerBatch: count >= 10_000 ? 20 : 200,
    });
    for (const subject of subjects) {
      const reading = weighFrames((frames) => subject.run(frames), 2000);
      bytes.set(subject.name, reading.bytesPerFrame);
      const timing = timings.find((t) => t.name === subject.name)!;
      rows.push([
        subject.name,
        fixed(timing.nsPerFrame / 1000, 1),
        `${fixed(timing.ratio, 2)} (${fixed(timing.ratioQ1, 2)}-${fixed(timing.ratioQ3, 2)})`,
        fixed((timing.nsPerFrame / 1000 / FRAME_BUDGET_US) * 100, 2),
        fixed(reading.bytesPerFrame, 0),
      ]);
    }
  }
  console.log('\n## Per-frame cost: transform + one behavior per entity, interpolation on, 60 Hz host with ±1 ms jitter\n');
  console.log(markdownTable(['subject', 'µs/frame (CPU, median)', 'ratio to the plain loop (IQR)', '% of 16.7 ms', 'B/frame'], rows));
  const [small, large] = ENTITY_COUNTS;
  for (const kind of ['systems engine', 'plain loop']) {
    const perEntity = (bytes.get(`${kind}, ${large} entities`)! - bytes.get(`${kind}, ${small} entities`)!) / (large - small);
    console.log(`\n${kind}: ${fixed(perEntity, 3)} B per extra entity per frame (B/frame at ${large} minus at ${small}, over ${large - small})`);
  }
}

// -- 2. cap fidelity -----------------------------------------------------------

const HOSTS_HZ = [60, 75, 90, 120, 144, 165, 240] as const;
const CAPS_FPS = [30, 50, 60] as const;
const SECONDS = 20;

/** The frames the engine delivers for `maxFPS` on a host's timestamps. */
function engineDelivered(maxFPS: number, stamps: Float64Array): number[] {
  const engine = createSystemsEngine({ scenes: [{ id: 'a' }], startSceneId: 'a', ticks: NEVER, globalOptions: { performance: { maxFPS } } });
  void engine.play();
  const delivered: number[] = [];
  for (const t of stamps) if (engine.advance(t)) delivered.push(t);
  return delivered;
}

/**
 * The seed engine's own cap, re-implemented: on each requestAnimationFrame,
 * skip while less than one cap interval has passed since the last frame
 * ran; otherwise run a frame and remember its time.
 */
function naiveDelivered(maxFPS: number, stamps: Float64Array): number[] {
  const intervalMs = 1000 / maxFPS;
  const delivered: number[] = [];
  let lastMs = -Infinity;
  for (const t of stamps) {
    if (t - lastMs < intervalMs) continue;
    lastMs = t;
    delivered.push(t);
  }
  return delivered;
}

/** The peers of bench/peers/, as bench/pacing-fidelity.ts drives them (tickflow's bare `pace` is the engine's row here). */
const PEERS = PACERS.filter((pacer) => pacer.name !== 'tickflow pace');

function capFidelity(): void {
  const rows: string[][] = [];
  for (const cap of CAPS_FPS) {
    for (const hz of HOSTS_HZ) {
      const stamps = hostTimestamps(hz, SECONDS);
      const ours = pacingFidelity(engineDelivered(cap, stamps), hz, cap);
      const naive = pacingFidelity(naiveDelivered(cap, stamps), hz, cap);
      const peers = PEERS.map((peer) => pacingFidelity(peer.deliveredTimes(stamps, cap, hz), hz, cap));
      rows.push([
        `${cap}`,
        `${hz}`,
        fixed(ours.expectedFps, 1),
        `${fixed(ours.deliveredFps, 2)} / ${fixed(ours.irregularPercent, 1)}`,
        `${fixed(naive.deliveredFps, 2)} / ${fixed(naive.irregularPercent, 1)}`,
        ...peers.map((p) => `${fixed(p.deliveredFps, 2)} / ${fixed(p.irregularPercent, 1)}`),
      ]);
    }
  }
  console.log(`\n## Cap fidelity: ${SECONDS} s per host, ±1 ms jitter (seeded); each cell is delivered fps / irregular intervals %\n`);
  console.log(
    markdownTable(
      [
        'maxFPS',
        'host Hz',
        'best possible fps',
        'systems engine (`maxFPS`)',
        'seed rule (`elapsed < 1000/maxFPS`)',
        ...PEERS.map((peer) => `${peer.name} (${peer.setting})`),
      ],
      rows,
    ),
  );
}

// -- 3. the three.js backend's allocation -----------------------------------------

function threeBackendAllocation(): void {
  const rows: string[][] = [];
  const bytes: number[] = [];
  for (const count of ENTITY_COUNTS) {
    const backend = threeSystemsBackend({ logicalWidth: 1000, logicalHeight: 1000, headless: true });
    const entities = entityConfigs(count).map((config) => ({
      ...config,
      components: { ...config.components, sprite: { shape: 'rect', width: 4, height: 4, color: 0xffffff } },
    }));
    const engine = createSystemsEngine({ scenes: [{ id: 'bench', entities }], startSceneId: 'bench', ticks: NEVER, backend });
    void engine.play();
    const host = new HostDriver((t) => void engine.advance(t));
    host.run(10); // the meshes are built on the first frame
    const reading = weighFrames((frames) => host.run(frames), count >= 10_000 ? 200 : 2000);
    bytes.push(reading.bytesPerFrame);
    rows.push([`systems engine + threeSystemsBackend (headless), ${count} entities`, `${backend.meshCount}`, fixed(reading.bytesPerFrame, 0)]);
    engine.destroy();
  }
  console.log('\n## The three.js backend: allocation per frame, headless (real scene and meshes, no WebGL)\n');
  console.log(markdownTable(['subject', 'meshes', 'B/frame'], rows));
  const [small, large] = ENTITY_COUNTS;
  console.log(`\nthreeSystemsBackend: ${fixed((bytes[1]! - bytes[0]!) / (large - small), 3)} B per extra entity per frame`);
}

perFrameCost();
capFidelity();
threeBackendAllocation();
