// A small world-engine game for the save/restore specs: every kind of thing
// a world holds that a later frame reads. A pawn driven by a controller from
// the input, a chaser holding a reference to the actor it chases, sparks a
// method timer spawns (drawing from the engine's random source) that burn out
// and destroy themselves, components with plain-data fields, a game mode that
// scores overlaps and keeps a ledger (a class instance) through the
// save()/restore(data) hook, collisions, the camera, and two levels.
import { box, circle, constantClock, createInput, nullBackend, type CollisionEvent } from '../../../src/index.js';
import {
  Actor,
  Component,
  Controller,
  createWorldEngine,
  GameMode,
  type TickContext,
  type TimerHandle,
  type World,
  type WorldClass,
  type WorldEngine,
} from '../../../src/engines/world/index.js';

export const ARENA_BINDINGS = { left: ['ArrowLeft'], right: ['ArrowRight'], up: ['ArrowUp'], down: ['ArrowDown'], fire: ['Space'] } as const;
export type ArenaAction = keyof typeof ARENA_BINDINGS;

/** The pawn: moves by its drive; counts what it touches, and remembers the last (an actor reference). */
export class Runner extends Actor<ArenaAction> {
  override name = 'runner';
  override shape = circle(6);
  vx = 0;
  vy = 0;
  touches = 0;
  lastTouched: Actor<ArenaAction> | undefined;
  override tick(dt: number): void {
    this.vx += this.drive.x * 300 * dt;
    this.vy += this.drive.y * 300 * dt;
    this.x += this.vx * dt;
    this.y += this.vy * dt;
  }
  override onOverlapBegin(other: Actor<ArenaAction>): void {
    this.touches++;
    this.lastTouched = other;
  }
}

/** Chases its target (an actor reference); blocks, and bounces off what it hits. */
export class Chaser extends Actor<ArenaAction> {
  override name = 'chaser';
  override shape = box(10, 10);
  override response = 'block' as const;
  target: Actor<ArenaAction> | undefined;
  bumps = 0;
  override tick(dt: number): void {
    const target = this.target;
    if (target === undefined || !target.alive) return;
    this.x += Math.sign(target.x - this.x) * 40 * dt;
    this.y += Math.sign(target.y - this.y) * 40 * dt;
  }
  override onHit(_other: Actor<ArenaAction>, normalX: number, normalY: number): void {
    this.bumps++;
    this.x -= normalX;
    this.y -= normalY;
  }
}

/** Flies off in a random direction and destroys itself when its fuse burns out. */
export class Spark extends Actor<ArenaAction> {
  override name = 'spark';
  override shape = circle(3);
  fuse = 0.2;
  heading: number | undefined;
  override tick(dt: number, { world, random }: TickContext<ArenaAction>): void {
    this.heading ??= random.next() * 2 * Math.PI;
    this.x += Math.cos(this.heading) * 90 * dt;
    this.y += Math.sin(this.heading) * 90 * dt;
    this.fuse -= dt;
    if (this.fuse <= 0) world.destroy(this);
  }
}

/** Turns its actor; plain-data fields only. */
export class Wobble extends Component<ArenaAction> {
  phase = 0;
  override tick(dt: number): void {
    this.phase += dt;
    this.actor.rotation = Math.sin(this.phase * 5);
  }
}

/** Keeps its actor's recent positions in an array, and how often it saw each quadrant in a Map. */
export class Trail extends Component<ArenaAction> {
  points: number[] = [];
  seen = new Map<string, number>();
  override tick(): void {
    this.points = [...this.points, Math.round(this.actor.x)].slice(-5);
    const quadrant = `${this.actor.x >= 0 ? 'e' : 'w'}${this.actor.y >= 0 ? 's' : 'n'}`;
    this.seen.set(quadrant, (this.seen.get(quadrant) ?? 0) + 1);
  }
}

/** The player: the arrows drive the pawn; fire counts presses. */
export class Pilot extends Controller<ArenaAction> {
  shots = 0;
  override tick(_dt: number, { input }: TickContext<ArenaAction>): void {
    if (input.pressed('fire')) this.shots++;
    if (this.pawn === undefined) return;
    this.pawn.drive.x = input.axis('left', 'right');
    this.pawn.drive.y = input.axis('up', 'down');
  }
}

/** An AI: pushes its pawn in a random direction each frame. */
export class Drifter extends Controller<ArenaAction> {
  override tick(_dt: number, { random }: TickContext<ArenaAction>): void {
    if (this.pawn === undefined) return;
    this.pawn.drive.x = random.next() - 0.5;
    this.pawn.drive.y = random.next() - 0.5;
  }
}

/** A record the game mode keeps: a class instance, so a snapshot holds it only through the mode's hook. */
export class Ledger {
  constructor(readonly entries: string[] = []) {}
  note(entry: string): void {
    this.entries.push(entry);
    if (this.entries.length > 6) this.entries.shift();
  }
}

/** Scores each begin of an overlap; spawns sparks on a method timer; names a leader (an actor reference). */
export class Arena extends GameMode<ArenaAction> {
  leader: Actor<ArenaAction> | undefined;
  sparkTimer: TimerHandle | undefined;
  ledger = new Ledger();
  constructor(readonly world: World<ArenaAction>) {
    super();
  }
  spawnSpark(x: number, y: number): void {
    this.world.spawn(new Spark(), { x, y });
    this.ledger.note(`spark at ${this.world.frame().count}`);
  }
  score(event: CollisionEvent<Actor<ArenaAction>>): void {
    if (event.kind !== 'begin') return;
    this.scores[event.a.name] = (this.scores[event.a.name] ?? 0) + 1;
    this.ledger.note(`${event.a.id}+${event.b.id}`);
  }
  override tick(): void {
    const runner = this.world.find('runner');
    this.leader = runner !== undefined && (this.scores['runner'] ?? 0) > 2 ? runner : this.world.find('chaser');
  }
  override save(): unknown {
    return this.ledger.entries;
  }
  override restore(data: unknown): void {
    this.ledger = new Ledger(data as string[]);
  }
}

/** The arena level: a pawn, a chaser after it, a trail, a spark timer. */
export function arenaLevel(world: World<ArenaAction>): void {
  const runner = world.spawn(new Runner(), { x: 0, y: 0 });
  runner.attach(new Trail());
  const chaser = world.spawn(new Chaser(), { x: 60, y: 30 });
  chaser.target = runner;
  chaser.attach(new Wobble());
  world.addController(new Pilot()).possess(runner);
  const arena = new Arena(world);
  world.gameMode = arena;
  arena.sparkTimer = world.timers.every(0.1, arena, 'spawnSpark', 5, 5);
  world.camera.follow(runner);
}

/** The quiet level: a chaser and a mode, nothing else. */
export function quietLevel(world: World<ArenaAction>): void {
  world.spawn(new Chaser(), { x: 0, y: 0 });
  world.gameMode = new Arena(world);
}

const errorsOf = new WeakMap<object, unknown[]>();

/** What an arena engine caught so far (a game error would hide a divergence behind a report). */
export function arenaErrors(engine: WorldEngine<ArenaAction>): readonly unknown[] {
  return errorsOf.get(engine) ?? [];
}

/** Builds the arena engine (a constant clock: a restore restarts the clock, and a constant one restarts the same). */
export function arena(classes?: Readonly<Record<string, WorldClass>>): WorldEngine<ArenaAction> {
  const errors: unknown[] = [];
  const engine = createWorldEngine({
    backend: nullBackend(),
    input: createInput({ bindings: ARENA_BINDINGS }),
    clock: constantClock(16),
    seed: 11,
    levels: { arena: arenaLevel, quiet: quietLevel },
    startLevel: 'arena',
    onError: (error) => void errors.push(error),
    ...(classes === undefined ? {} : { classes }),
  });
  errorsOf.set(engine, errors);
  engine.collision$.subscribe((event) => (engine.world.gameMode as Arena | undefined)?.score(event));
  return engine;
}
