import { System, type Circle, type Response } from 'detect-collisions';
import { createSeededRandom, nextRandom } from '../operators/seeded-random.js';
import { CollisionPass } from '../src/collision/collision-pass.js';
import { circle, type Collider, type CollisionEvent, type Shape } from '../src/collision/shapes.js';
import { CollisionPassBefore } from './collision-pass-before.js';
import type { AllocationReading } from './measure-allocation.js';
import { measureTimes, type TimedSubject, type TimingOptions, type TimingResult } from './measure-time.js';
import { weighFrames } from './weigh-frames.js';

/**
 * The collision benchmark: 5,000 moving circles in a 4000 × 4000 world
 * (radius 4–12, speed 20–120 units/s in a random direction, wrapping at the
 * edges, 1/60 s a frame). Per frame every row does the same work: move every
 * circle, then find every overlapping pair.
 *
 * - tickflow: plain collider objects; `CollisionPass.run(bodies, emit)`
 *   (sort-and-sweep, pairs tracked across frames, begin/end events counted).
 * - detect-collisions 10.10.2025 (a re-export of check2d 9.36): one `System`
 *   (its BVH is an R-tree, RBush), circles from `system.createCircle`, moved
 *   with `circle.setPosition(x, y)`, which re-inserts the circle in the tree
 *   when it leaves its (padded) box, as check2d's own stress demo does, then
 *   `system.checkAll(callback)`, which calls back once per ordered pair
 *   (a-b and b-a), so pairs = calls / 2.
 */

export const WORLD_SIZE = 4000;
export const CIRCLES = 5000;
const MIN_RADIUS = 4;
const MAX_RADIUS = 12;
const MIN_SPEED = 20;
const MAX_SPEED = 120;
const DT = 1 / 60;
const SEED = 20_240_601;

/** One circle's start: the same list seeds every row. */
interface Start {
  readonly x: number;
  readonly y: number;
  readonly vx: number;
  readonly vy: number;
  readonly radius: number;
}

export function createStarts(count: number, seed = SEED): Start[] {
  const random = createSeededRandom(seed);
  const starts: Start[] = [];
  for (let i = 0; i < count; i++) {
    const angle = nextRandom(random) * 2 * Math.PI;
    const speed = MIN_SPEED + nextRandom(random) * (MAX_SPEED - MIN_SPEED);
    starts.push({
      x: nextRandom(random) * WORLD_SIZE,
      y: nextRandom(random) * WORLD_SIZE,
      vx: Math.cos(angle) * speed,
      vy: Math.sin(angle) * speed,
      radius: MIN_RADIUS + nextRandom(random) * (MAX_RADIUS - MIN_RADIUS),
    });
  }
  return starts;
}

/** Wraps a coordinate into [0, WORLD_SIZE). */
function wrap(value: number): number {
  if (value < 0) return value + WORLD_SIZE;
  if (value >= WORLD_SIZE) return value - WORLD_SIZE;
  return value;
}

/** A game's collider: the fields the pass reads, plus its velocity. */
class Body implements Collider {
  readonly response = 'overlap' as const;
  readonly shape: Shape;
  // Initialised to numbers (not left undefined, as parameter properties are
  // under ES2022 class fields): a field that starts undefined holds a fresh
  // HeapNumber per write, and the bench would weigh its own moves.
  x = 0;
  y = 0;
  vx = 0;
  vy = 0;
  constructor(
    readonly id: number,
    start: Start,
  ) {
    this.shape = circle(start.radius);
    this.x = start.x;
    this.y = start.y;
    this.vx = start.vx;
    this.vy = start.vy;
  }
}

/** The interface both tickflow passes (current and frozen "before") share. */
interface Pass {
  run(colliders: readonly Body[], emit: (event: CollisionEvent<Body>) => void): void;
  readonly touchingPairs: number;
}

/** One world of circles, stepped a frame at a time, reporting the pairs touching after the frame. */
export interface CollisionWorld {
  readonly name: string;
  readonly how: string;
  step(): void;
  /** Overlapping pairs after the last step. */
  pairs(): number;
  /** The overlapping pairs after the last step, as sorted "lowId-highId" keys (slow: for the sanity check only). */
  pairKeys(): string[];
}

class TickflowWorld implements CollisionWorld {
  private readonly bodies: Body[];
  private readonly touching = new Set<string>();
  private tracking = false;
  events = 0;
  private readonly onEvent = (event: CollisionEvent<Body>): void => {
    this.events++;
    if (this.tracking) {
      const key = `${event.a.id}-${event.b.id}`;
      if (event.kind === 'begin') this.touching.add(key);
      else if (event.kind === 'end') this.touching.delete(key);
    }
  };

  constructor(
    readonly name: string,
    readonly how: string,
    private readonly pass: Pass,
    starts: readonly Start[],
  ) {
    this.bodies = starts.map((s, i) => new Body(i + 1, s));
  }

  /** Keeps the set of touching pairs from the events (the sanity check; off while timed). */
  track(): this {
    this.tracking = true;
    return this;
  }

  step(): void {
    const bodies = this.bodies;
    for (let i = 0; i < bodies.length; i++) {
      const body = bodies[i]!;
      body.x = wrap(body.x + body.vx * DT);
      body.y = wrap(body.y + body.vy * DT);
    }
    this.pass.run(bodies, this.onEvent);
  }

  pairs(): number {
    return this.pass.touchingPairs;
  }

  pairKeys(): string[] {
    return [...this.touching].sort();
  }
}

interface Mover {
  readonly circle: Circle;
  readonly id: number;
  vx: number;
  vy: number;
}

class DetectCollisionsWorld implements CollisionWorld {
  private readonly system: System;
  private readonly movers: Mover[];
  private readonly idOf = new Map<Circle, number>();
  private calls = 0;
  private keys: string[] | undefined;
  private readonly onCollision = (response: Response): void => {
    this.calls++;
    if (this.keys !== undefined) {
      const a = this.idOf.get(response.a as Circle)!;
      const b = this.idOf.get(response.b as Circle)!;
      if (a < b) this.keys.push(`${a}-${b}`);
    }
    // Returns nothing: a truthy return would stop checkAll.
  };

  constructor(
    readonly name: string,
    readonly how: string,
    starts: readonly Start[],
    options: { maxEntries?: number; padding?: number },
  ) {
    this.system = new System(options.maxEntries);
    this.movers = starts.map((s, i) => {
      const body = this.system.createCircle({ x: s.x, y: s.y }, s.radius, options.padding === undefined ? undefined : { padding: options.padding });
      this.idOf.set(body, i + 1);
      return { circle: body, id: i + 1, vx: s.vx, vy: s.vy };
    });
  }

  /** Records each pair's ids (the sanity check; off while timed). */
  track(): this {
    this.keys = [];
    return this;
  }

  step(): void {
    const movers = this.movers;
    for (let i = 0; i < movers.length; i++) {
      const mover = movers[i]!;
      const body = mover.circle;
      body.setPosition(wrap(body.x + mover.vx * DT), wrap(body.y + mover.vy * DT));
    }
    this.calls = 0;
    if (this.keys !== undefined) this.keys.length = 0;
    this.system.checkAll(this.onCollision);
  }

  pairs(): number {
    return this.calls / 2;
  }

  pairKeys(): string[] {
    return [...(this.keys ?? [])].sort();
  }
}

/** The rows of the collision table, each its own world from the same starts. */
export function createCollisionWorlds(starts: readonly Start[]): CollisionWorld[] {
  return [
    new TickflowWorld('tickflow CollisionPass', 'move all, `pass.run(bodies, emit)`: sort-and-sweep, begin/end tracked', new CollisionPass<Body>(), starts),
    new TickflowWorld(
      'tickflow CollisionPass, before (commit 72fd37f)',
      'the same, with the pass as committed before this optimisation (bench/collision-pass-before.ts)',
      new CollisionPassBefore<Body>(),
      starts,
    ),
    new DetectCollisionsWorld(
      'detect-collisions, defaults',
      '`new System()`, `createCircle(pos, r)`, `setPosition(x, y)` per circle, `checkAll(cb)`',
      starts,
      {},
    ),
    new DetectCollisionsWorld(
      'detect-collisions, padding 5',
      'the same with `{ padding: 5 }` per circle (re-inserted only when it leaves its box padded by 5)',
      starts,
      { padding: 5 },
    ),
    new DetectCollisionsWorld(
      'detect-collisions, stress-demo settings',
      '`new System(5)` and padding 0.2 × (min + max diameter) = 6.4, as check2d\'s stress demo sets them',
      starts,
      { maxEntries: 5, padding: 0.2 * (2 * MIN_RADIUS + 2 * MAX_RADIUS) },
    ),
  ];
}

/** Same work check: every row, stepped in lockstep from the same starts, finds the same pairs on every frame. */
export interface SanityCheck {
  readonly frames: number;
  /** Frames on which every row's pair count equalled the first row's. */
  readonly countsEqual: number;
  /** Frames on which every row's set of pairs equalled the first row's. */
  readonly setsEqual: number;
  readonly minPairs: number;
  readonly maxPairs: number;
  /** Pair counts on a few frames, per row. */
  readonly samples: { readonly frame: number; readonly pairs: readonly number[] }[];
  readonly names: readonly string[];
}

export function sanityCheck(frames: number, sampleFrames: readonly number[]): SanityCheck {
  const starts = createStarts(CIRCLES);
  const worlds = createCollisionWorlds(starts);
  for (const world of worlds) (world as TickflowWorld | DetectCollisionsWorld).track();
  let countsEqual = 0;
  let setsEqual = 0;
  let minPairs = Infinity;
  let maxPairs = 0;
  const samples: { frame: number; pairs: number[] }[] = [];
  for (let frame = 1; frame <= frames; frame++) {
    for (const world of worlds) world.step();
    const counts = worlds.map((w) => w.pairs());
    const keys = worlds.map((w) => w.pairKeys().join(','));
    if (counts.every((c) => c === counts[0])) countsEqual++;
    if (keys.every((k) => k === keys[0]) && worlds.every((w, i) => w.pairKeys().length === counts[i])) setsEqual++;
    minPairs = Math.min(minPairs, counts[0]!);
    maxPairs = Math.max(maxPairs, counts[0]!);
    if (sampleFrames.includes(frame)) samples.push({ frame, pairs: counts });
  }
  return { frames, countsEqual, setsEqual, minPairs, maxPairs, samples, names: worlds.map((w) => w.name) };
}

/** One row: time and bytes per frame. */
export interface CollisionRow {
  readonly world: CollisionWorld;
  readonly timing: TimingResult;
  readonly allocation: AllocationReading;
}

export const COLLISION_BASELINE = 'detect-collisions, defaults';

/** Times and weighs every row, side by side. */
export function benchCollision(timing: Omit<TimingOptions, 'baseline'>): CollisionRow[] {
  const worlds = createCollisionWorlds(createStarts(CIRCLES));
  const runs = worlds.map((world) => (frames: number) => {
    for (let i = 0; i < frames; i++) world.step();
  });
  const subjects: TimedSubject[] = worlds.map((world, i) => ({ name: world.name, run: runs[i]! }));
  const timings = measureTimes(subjects, { ...timing, baseline: COLLISION_BASELINE, minFramesPerBatch: 1 });
  return worlds.map((world, i) => ({
    world,
    timing: timings[i]!,
    // A frame may allocate megabytes (the peers): samples of 4 frames or fewer fit in the young generation.
    allocation: weighFrames(runs[i]!, 4),
  }));
}

