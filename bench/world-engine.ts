import { nullBackend } from '../src/backends/null/null-backend.js';
import { constantClock } from '../src/clocks/scripted-clocks.js';
import { CollisionPass } from '../src/collision/collision-pass.js';
import { Actor, Component, type TickContext, type World } from '../src/engines/world/world.js';
import { createWorldEngine, type WorldEngine } from '../src/engines/world/world-engine.js';
import { createSeededRandom, nextRandom } from '../operators/seeded-random.js';
import { measureAllocation, type AllocationReading } from './measure-allocation.js';
import { measureTimes, type TimedSubject, type TimingOptions, type TimingResult } from './measure-time.js';

/**
 * The world engine's per-frame cost with many actors, beside a plain loop
 * making the same calls.
 *
 * Every actor is a `Drifter` (its tick integrates its position) with two
 * components, `Spin` (turns its actor) and `Age` (counts its seconds): the
 * trivial per-actor work of a game, so the engine's own cost is what shows.
 * No shapes: collision is measured on its own (bench/collision.ts).
 *
 * - **plain loop**: the engine's own actor objects in an array; a function,
 *   called once a frame, that calls for each actor `actor.tick(dt, context)`
 *   then each of `actor.components`' `tick(dt, context)`. The same virtual
 *   calls with no engine.
 * - **world engine**: `createWorldEngine({ backend: nullBackend(), clock:
 *   constantClock(1000 / 60), ... })` with the actors spawned by its level,
 *   stepped by `engine.advance()`: the whole frame (the loop's nine phases,
 *   controllers, the actors' step, timers, the collision pass, game mode,
 *   flush, render to the null backend, input close).
 */

/** The delta both sides tick with, in seconds (what `constantClock(1000 / 60)` hands the phases). */
const DT = 1000 / 60 / 1000;

class Drifter extends Actor {
  vx = 0;
  vy = 0;
  override tick(dt: number): void {
    this.x += this.vx * dt;
    this.y += this.vy * dt;
  }
}

class Spin extends Component {
  rate = 0;
  override tick(dt: number): void {
    this.actor.rotation += this.rate * dt;
  }
}

class Age extends Component {
  seconds = 0;
  override tick(dt: number): void {
    this.seconds += dt;
  }
}

function spawnDrifters(world: World, count: number, seed: number): void {
  const random = createSeededRandom(seed);
  for (let i = 0; i < count; i++) {
    const actor = world.spawn(new Drifter(), { x: nextRandom(random) * 1000, y: nextRandom(random) * 1000 });
    actor.vx = nextRandom(random) * 100 - 50;
    actor.vy = nextRandom(random) * 100 - 50;
    actor.attach(new Spin()).rate = nextRandom(random) * 2 - 1;
    actor.attach(new Age());
  }
}

/** An engine whose level spawns `count` drifters. */
export function createDrifterEngine(count: number): WorldEngine {
  return createWorldEngine({
    backend: nullBackend(),
    levels: { field: (world) => spawnDrifters(world, count, 7) },
    startLevel: 'field',
    clock: constantClock(1000 / 60),
  });
}

/** Seconds the actors' `Age` components counted, over all actors. */
function agedSeconds(actors: readonly Actor[]): number {
  let total = 0;
  for (const actor of actors) total += (actor.components[1] as Age).seconds;
  return total;
}

/**
 * One engine and its actors, which every row of a table runs on: the plain
 * loop ticks the engine's own actor objects, so the rows differ in the code
 * around the ticks, not in where their actors sit in memory (at 10,000
 * actors, ≈ 5 MB of objects, the layout alone moved separately built sets
 * by ±20 %).
 */
interface Fixture {
  readonly engine: WorldEngine;
  readonly actors: readonly Actor[];
  readonly context: TickContext;
  /** While true, the engine's collision pass does nothing (the "collision pass skipped" row). */
  skipCollisionPass: boolean;
}

function createFixture(count: number): Fixture {
  const engine = createDrifterEngine(count);
  const fixture: Fixture = {
    engine,
    actors: [...engine.world.actors],
    context: { dt: DT, world: engine.world, input: engine.input.frame, cue: () => {}, random: engine.random },
    skipCollisionPass: false,
  };
  // Bench only: the engine's own pass (a private field) wrapped so a row can skip it, to see what step 7 costs inside the frame.
  const internals = engine as unknown as { collisions?: CollisionPass<Actor> };
  const pass = internals.collisions;
  if (!(pass instanceof CollisionPass)) throw new Error('bench: the world engine no longer keeps its pass in `collisions`');
  const run = pass.run.bind(pass);
  pass.run = (colliders, emit) => {
    if (!fixture.skipCollisionPass) run(colliders, emit);
  };
  return fixture;
}

/** One row: something that runs frames on a fixture's actors. */
export interface WorldSubject extends TimedSubject {
  readonly how: string;
  readonly actors: number;
  /** Whether every actor's components tick once per frame in this row (the same-work check; `undefined` for a row that ticks nothing). */
  ticksEveryComponent(): boolean | undefined;
}

function subject(fixture: Fixture, name: string, how: string, run: (frames: number) => void, ticks = true): WorldSubject {
  const { actors } = fixture;
  return {
    name,
    how,
    actors: actors.length,
    run,
    ticksEveryComponent() {
      if (!ticks) return undefined;
      const frames = 10;
      const before = agedSeconds(actors);
      run(frames);
      const expected = frames * DT * actors.length;
      return actors.length === 0 || Math.abs(agedSeconds(actors) - before - expected) <= 1e-9 * Math.max(1, before);
    },
  };
}

function engineSubject(fixture: Fixture, name = 'world engine'): WorldSubject {
  const { engine } = fixture;
  return subject(fixture, name, '`engine.advance()`: the whole frame, nine phases, null backend', (frames) => {
    for (let i = 0; i < frames; i++) engine.advance();
  });
}

function engineWithoutCollisionSubject(fixture: Fixture): WorldSubject {
  const { engine } = fixture;
  return subject(
    fixture,
    'world engine, collision pass skipped',
    'the same engine with its collision pass made a no-op for the batch (a bench-only wrapper on a private field): the frame without step 7',
    (frames) => {
      fixture.skipCollisionPass = true;
      for (let i = 0; i < frames; i++) engine.advance();
      fixture.skipCollisionPass = false;
    },
  );
}

/** One frame of the plain loop: each actor's tick, then its components' ticks. */
function plainFrame(actors: readonly Actor[], dt: number, context: TickContext): void {
  for (let i = 0; i < actors.length; i++) {
    const actor = actors[i]!;
    actor.tick(dt, context);
    const components = actor.components;
    for (let j = 0; j < components.length; j++) components[j]!.tick(dt, context);
  }
}

/** One frame of the plain loop with what the engine's step 5 adds per actor, copied from world-engine.ts: the checks and a try/catch per call. */
function checkedFrame(actors: readonly Actor[], dt: number, context: TickContext, paused: boolean, report: (error: unknown) => void): void {
  const count = actors.length;
  for (let i = 0; i < count; i++) {
    const actor = actors[i]!;
    if (!actor.alive || (paused && !actor.tickWhenPaused)) continue;
    try {
      actor.tick(dt, context);
    } catch (error) {
      report(error);
    }
    const components = actor.components;
    for (let j = 0; j < components.length; j++) {
      const component = components[j]!;
      if (!component.enabled) continue;
      try {
        component.tick(dt, context);
      } catch (error) {
        report(error);
      }
    }
  }
}

// Both frame functions are called once a frame, as the engine calls its
// actor step, so each is optimised as a function of its own (a loop over
// frames around the actor loop would leave it to on-stack replacement, whose
// code was seen to vary by ±50 % between runs).

function plainSubject(fixture: Fixture): WorldSubject {
  const { actors, context } = fixture;
  const state = { dt: DT };
  return subject(fixture, WORLD_BASELINE, "for each actor: `actor.tick(dt, ctx)`, then each of `actor.components`' `tick(dt, ctx)`", (n) => {
    for (let f = 0; f < n; f++) plainFrame(actors, state.dt, context);
  });
}

function checkedSubject(fixture: Fixture): WorldSubject {
  const { actors, context } = fixture;
  const state = { dt: DT, paused: false };
  let errors = 0;
  const report = (_error: unknown): void => {
    errors++;
  };
  return subject(
    fixture,
    "plain loop + the engine's per-actor checks",
    "the plain loop plus the checks the engine's step 5 makes (`alive`, pause, `enabled`, a try/catch around each call), still reading each actor's own component list (the engine reads its flat tick order, src/engines/world/tick-order.ts)",
    (n) => {
      for (let f = 0; f < n; f++) checkedFrame(actors, state.dt, context, state.paused, report);
      if (errors > 0) throw new Error('bench: a tick threw');
    },
  );
}

/** The engine's step 7 with no shapes, alone: the collision pass still looks at every actor. */
function collisionScanSubject(fixture: Fixture): WorldSubject {
  const { actors } = fixture;
  const pass = new CollisionPass<Actor>();
  const emit = (): void => {};
  return subject(
    fixture,
    `CollisionPass.run over the ${actors.length.toLocaleString('en-US')} actors (no shapes)`,
    'step 7 alone, on its own pass: it finds no collider, but reads every actor',
    (n) => {
      for (let f = 0; f < n; f++) pass.run(actors, emit);
    },
    false,
  );
}

export const WORLD_BASELINE = 'plain loop';
export const MANY_ACTORS = 10_000;
export const FEW_ACTORS = 1_000;

/** One timed row. */
export interface WorldTimingRow {
  readonly subject: WorldSubject;
  readonly timing: TimingResult;
  readonly sameWork: boolean | undefined;
}

/** One weighed row. */
export interface WorldAllocationRow {
  readonly subject: WorldSubject;
  readonly allocation: AllocationReading;
}

export interface WorldBench {
  /** 10,000 actors: plain loop, the checks, the engine, the engine without step 7, step 7 alone, and the engine with no actors. */
  readonly many: WorldTimingRow[];
  /** 1,000 actors: plain loop, the checks, the engine, the engine without step 7. */
  readonly few: WorldTimingRow[];
  /** B/frame of the plain loop and the engine at 1,000 and 10,000 actors, and the engine with none. */
  readonly allocation: WorldAllocationRow[];
}

function timeRows(subjects: WorldSubject[], timing: Omit<TimingOptions, 'baseline'>): WorldTimingRow[] {
  const timings = measureTimes(subjects, { ...timing, baseline: WORLD_BASELINE, minFramesPerBatch: 1 });
  return subjects.map((subject, i) => ({ subject, timing: timings[i]!, sameWork: subject.ticksEveryComponent() }));
}

export function benchWorldEngine(timing: Omit<TimingOptions, 'baseline'>): WorldBench {
  const manyFixture = createFixture(MANY_ACTORS);
  const emptyFixture = createFixture(0);
  const manyEngine = engineSubject(manyFixture);
  const emptyEngine = engineSubject(emptyFixture, 'world engine, no actors');
  const many = timeRows(
    [plainSubject(manyFixture), checkedSubject(manyFixture), manyEngine, engineWithoutCollisionSubject(manyFixture), collisionScanSubject(manyFixture), emptyEngine],
    timing,
  );
  const fewFixture = createFixture(FEW_ACTORS);
  const fewEngine = engineSubject(fewFixture);
  const few = timeRows([plainSubject(fewFixture), checkedSubject(fewFixture), fewEngine, engineWithoutCollisionSubject(fewFixture)], timing);
  const weigh = (subject: WorldSubject): WorldAllocationRow => {
    // About two million actor-frames a sample (at least 200 frames, at most 10,000).
    const framesPerSample = Math.min(10_000, Math.max(200, Math.round(2_000_000 / Math.max(subject.actors, 1))));
    return { subject, allocation: measureAllocation((n) => subject.run(n), { framesPerSample }) };
  };
  const allocation = [weigh(many[0]!.subject), weigh(few[0]!.subject), weigh(manyEngine), weigh(fewEngine), weigh(emptyEngine)];
  return { many, few, allocation };
}
