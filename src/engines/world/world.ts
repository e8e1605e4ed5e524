// The world and what lives in it: the types below name one another (an
// actor's `world`, the world's `actors`, the `TickContext` every tick is
// handed, the world's controllers and game mode), so they are declared in one
// file: split, the files would import one another in a circle (issue 25).
import type { FrameInfo } from '../../../operators/frame-info.js';
import { OptionError } from '../../../operators/option-error.js';
import type { CollisionEvent, CollisionResponse, Shape } from '../../collision/shapes.js';
import type { InputView } from '../../input/input.js';
import type { CuePlayer } from '../cues.js';
import type { EngineRandom } from '../shell/engine-random.js';
import { Camera } from './camera.js';
import { CompensatedSum } from './compensated-sum.js';
import { TickOrder } from './tick-order.js';
import { Timers } from './timers.js';
import type { Visual } from './visual.js';

/**
 * What every tick (controller, actor, component, game mode, timer) is handed:
 * the delta in seconds, the world, this frame's input, the cue player and
 * the engine's seeded random source.
 * Ticks read input and play cues; drawing belongs to the backend.
 */
export interface TickContext<A extends string = string> {
  /** This frame's delta, in seconds. */
  readonly dt: number;
  /** The open world. */
  readonly world: World<A>;
  /** This frame's input: an edge is consumed at most once and discarded when the frame closes. */
  readonly input: InputView<A>;
  /** Plays an audio cue. */
  readonly cue: CuePlayer['play'];
  /** The engine's random source (`engine.random`): draw from it, not from `Math.random()`, so a run can be replayed. */
  readonly random: EngineRandom;
}

/** What a snapshot reads and writes of a world beside its public parts (world-save.ts, world-restore.ts). @internal */
export interface WorldParts<A extends string> {
  readonly elapsed: CompensatedSum;
  readonly stepped: CompensatedSum;
  readonly present: Actor<A>[];
  readonly pendingDestroy: Actor<A>[];
  readonly controllers: Controller<A>[];
  readonly tickOrder: TickOrder<Actor<A>, TickContext<A>>;
}

/** What a world needs from its engine. @internal */
export interface WorldHost {
  nextActorId(): number;
  frame(): FrameInfo;
  requestLevel(name: string): void;
  paused: boolean;
}

/**
 * One open level: its actors, controllers, game mode, timers and camera, and
 * `time`, the seconds it has been stepped by (it starts at zero with every
 * level). The frame counter and simulated time belong to the engine and
 * survive level changes: `world.frame()` reads them.
 *
 * Two clocks, both sums of frame deltas kept exact over hours of frames
 * (compensated summation):
 *
 * - `time` advances in every frame, paused or not (the seed's step 2: "The
 *   frame counter, timeMs, and world.time advance by the delta").
 * - `activeTime` advances only in frames that begin unpaused: the time the
 *   world was actually stepped. Timers run on it, so a pause freezes every
 *   countdown and a 1 s timer paused for 2.5 s still waits its remaining
 *   time after the resume.
 */
export class World<A extends string = string> {
  /** The camera the picture is drawn through. */
  readonly camera = new Camera<Actor<A>>();
  /** Timers on this world's {@link activeTime}: a pause freezes them. */
  readonly timers = new Timers(() => this.activeTime);

  private readonly elapsed = new CompensatedSum();
  private readonly stepped = new CompensatedSum();
  private mode: GameMode<A> | undefined;
  private closed = false;
  /** The actor step 9 is ending play for, while it does (an endPlay that closes the world must not end it twice). */
  private ending: Actor<A> | undefined;
  private readonly present: Actor<A>[] = [];
  private readonly pendingDestroy: Actor<A>[] = [];
  /** The order step 5 ticks `present` and their components in, kept up to date as they change. */
  private readonly tickOrder = new TickOrder<Actor<A>, TickContext<A>>();
  private readonly attachedControllers: Controller<A>[] = [];

  /** @internal Worlds are made by the engine, one per level. */
  constructor(
    /** The level's name. */
    readonly level: string,
    private readonly host: WorldHost,
  ) {}

  /** Seconds of simulated time since this level opened, paused frames included (step 2 runs in every frame). */
  get time(): number {
    return this.elapsed.value;
  }

  /**
   * Seconds this level has been stepped unpaused: the sum of the deltas of
   * the frames that began unpaused. Timers run on it. Schedule against it
   * (not `time`) when a due time must survive a pause.
   */
  get activeTime(): number {
    return this.stepped.value;
  }

  /** The rules of the match, if the level has one (a `GameMode`, or undefined). */
  get gameMode(): GameMode<A> | undefined {
    return this.mode;
  }

  /** Sets the rules of the match, or removes them with undefined; throws an `OptionError` for anything but a `GameMode` or undefined. */
  set gameMode(mode: GameMode<A> | undefined) {
    if (mode !== undefined && !(mode instanceof GameMode)) {
      throw new OptionError('world.gameMode', 'gameMode', 'a GameMode or undefined', mode);
    }
    this.mode = mode;
  }

  /** The engine's frames so far (they survive level changes). */
  frame(): FrameInfo {
    return this.host.frame();
  }

  /** Whether the world is paused (steps 4 to 8 skipped, but for `tickWhenPaused` actors). */
  get paused(): boolean {
    return this.host.paused;
  }

  /** Pauses (true) or resumes (false) the world. */
  set paused(value: boolean) {
    this.host.paused = value;
  }

  /**
   * The actors in the world, in spawn order, including any destroyed this
   * frame (not `alive`; they leave at the flush). Do not modify.
   */
  get actors(): readonly Actor<A>[] {
    return this.present;
  }

  /** The controllers, in the order they were added. */
  get controllers(): readonly Controller<A>[] {
    return this.attachedControllers;
  }

  /**
   * Adds an actor: it gets its id, joins the world (visible to queries at
   * once), begins play, and ticks from the next frame on.
   *
   * @param at Where to place it: any object with `x` and `y`, finite numbers in world units (a position, not an
   * options bag: its other fields are not read, so a level's entity record may be passed as it is).
   * @throws {OptionError} for an `actor` that is not an `Actor`, or an `at` that is not `{ x, y }` of finite numbers.
   * @throws {Error} for an actor already in a world, or a world that is closed (a level the engine left, or one
   * still loading when the engine was destroyed): nothing joins a closed world, and nothing begins play in it.
   */
  spawn<T extends Actor<A>>(actor: T, at?: { x: number; y: number }): T {
    if (!(actor instanceof Actor)) throw new OptionError('spawn', 'actor', 'an Actor', actor);
    if (at !== undefined) {
      if (at === null || typeof at !== 'object') throw new OptionError('spawn', 'at', 'an object { x, y }', at);
      if (!Number.isFinite(at.x)) throw new OptionError('spawn', 'at.x', 'a finite number', at.x);
      if (!Number.isFinite(at.y)) throw new OptionError('spawn', 'at.y', 'a finite number', at.y);
    }
    if (this.closed) throw new Error(`spawn: the level "${this.level}" is closed (the engine left it, or was destroyed while it loaded)`);
    if (actor.world !== undefined) throw new Error(`spawn: actor ${actor.id} "${actor.name}" is already in a world`);
    actor.id = this.host.nextActorId();
    actor.world = this;
    if (at !== undefined) {
      actor.x = at.x;
      actor.y = at.y;
    }
    this.present.push(actor);
    actor.beginPlay();
    return actor;
  }

  /**
   * Destroys an actor: it stops ticking now and leaves the world when the
   * frame's deferred work flushes (step 9), after every tick is finished.
   */
  destroy(actor: Actor<A>): void {
    if (actor.world !== this) return;
    if (actor.markDestroyed()) this.pendingDestroy.push(actor);
  }

  /**
   * Adds a controller; controllers tick first in each frame, in the order added.
   *
   * @throws {OptionError} for a `controller` that is not a `Controller`.
   */
  addController<C extends Controller<A>>(controller: C): C {
    if (!(controller instanceof Controller)) throw new OptionError('addController', 'controller', 'a Controller', controller);
    this.attachedControllers.push(controller);
    return controller;
  }

  /** Removes a controller. */
  removeController(controller: Controller<A>): void {
    const i = this.attachedControllers.indexOf(controller);
    if (i >= 0) this.attachedControllers.splice(i, 1);
  }

  /** The first live actor with this name. */
  find(name: string): Actor<A> | undefined {
    // A loop, not `present.find(callback)`: a closure a call, and games look actors up every frame (issue 29).
    const present = this.present;
    for (let i = 0; i < present.length; i++) {
      const actor = present[i]!;
      if (actor.alive && actor.name === name) return actor;
    }
    return undefined;
  }

  /** The live actors of a class, in a new array each call (to find one actor every frame, {@link find} allocates nothing). */
  ofType<T extends Actor<A>>(type: abstract new (...args: never[]) => T): T[] {
    return this.present.filter((a): a is T => a.alive && a instanceof type);
  }

  /** Asks for a level transition; it is performed when this frame's deferred work flushes. */
  openLevel(name: string): void {
    this.host.requestLevel(name);
  }

  /**
   * @internal Step 2: the frame's delta, in seconds, moves `time`, and
   * `activeTime` too when the frame began unpaused (`stepped`).
   */
  advanceTime(dtSeconds: number, stepped: boolean): void {
    this.elapsed.add(dtSeconds);
    if (stepped) this.stepped.add(dtSeconds);
  }

  /** @internal Whether the level closed (left by the engine, or the engine was destroyed). */
  get isClosed(): boolean {
    return this.closed;
  }

  /**
   * @internal Step 9, first half: destroyed actors end play and leave.
   * @param onError Receives what an `endPlay` throws; the rest still leave.
   */
  flushDestroyed(onError: (error: unknown) => void): void {
    if (this.pendingDestroy.length === 0) return;
    const leaving = new Set(this.pendingDestroy.splice(0));
    try {
      for (const actor of leaving) {
        if (this.closed) return; // an endPlay destroyed the engine: the close ended every other actor's play
        this.ending = actor;
        try {
          actor.endPlay();
        } catch (error) {
          onError(error);
        }
        actor.world = undefined;
      }
    } finally {
      this.ending = undefined;
    }
    this.tickOrder.removeLeaving(this.present, leaving);
  }

  /**
   * @internal Step 5: each live actor ticks in spawn order, and after each
   * its enabled components in attachment order (see `TickOrder`).
   * @param paused While true, only actors with `tickWhenPaused` tick.
   * @param onError Receives what a tick throws; the next tick still runs.
   */
  tickActors(paused: boolean, dt: number, context: TickContext<A>, onError: (error: unknown) => void): void {
    this.tickOrder.tick(this.present, paused, dt, context, onError);
  }

  /** @internal One of this world's actors had a component attached or detached. */
  componentsChanged(actor: Actor<A>): void {
    this.tickOrder.componentsChanged(actor);
  }

  /** @internal The arrays and sums a snapshot reads and a restore rewrites. */
  get parts(): WorldParts<A> {
    const { elapsed, stepped, present, pendingDestroy, attachedControllers: controllers, tickOrder } = this;
    return { elapsed, stepped, present, pendingDestroy, controllers, tickOrder };
  }

  /**
   * @internal A restore leaves the level for another world of its own: it
   * closes without a game hook (no `endPlay`: the snapshot is the state
   * after what those hooks did), its actors out of it.
   */
  closeForRestore(): void {
    this.closed = true;
    this.timers.clear();
    for (const actor of this.present) if (actor.world === this) actor.world = undefined;
    this.present.length = 0;
    this.pendingDestroy.length = 0;
    this.tickOrder.clear();
  }

  /** @internal The level closes: every actor ends play; timers are cancelled; nothing joins it any more. */
  close(onError: (error: unknown) => void): void {
    if (this.closed) return;
    this.closed = true;
    this.timers.clear();
    for (const actor of this.present) {
      if (actor.world !== this || actor === this.ending) continue; // it left, or its endPlay is what closes the world
      try {
        actor.endPlay();
      } catch (error) {
        onError(error);
      }
      actor.world = undefined;
    }
    this.present.length = 0;
    this.pendingDestroy.length = 0;
    this.tickOrder.clear();
  }
}

/**
 * Something in the world: a position, an optional collision shape and visual,
 * components that follow it, and a tick. Games extend it.
 *
 * Lifecycle: `spawn` adds it and calls `beginPlay`; it ticks from the next
 * frame on, in spawn order; `world.destroy(actor)` marks it (it stops
 * ticking) and it ends play and leaves the world when the frame's deferred
 * work flushes, after every tick is finished.
 *
 * @example
 * ```ts
 * class Ball extends Actor {
 *   vx = 120; // world units per second
 *   override shape = circle(8);
 *   override visual = { kind: 'circle', radius: 8, color: 0xffcc00 } as const;
 *   override tick(dt: number) { this.x += this.vx * dt; }
 * }
 * ```
 */
export class Actor<A extends string = string> {
  /** Unique in the engine, in spawn order. Set by `spawn`; 0 before. */
  id = 0;
  /** The world it lives in; set by `spawn`. */
  world: World<A> | undefined;
  /** A name for debugging and lookups. */
  name = '';
  /** Its x, in world units; starts at 0. */
  x = 0;
  /** Its y, in world units; starts at 0. */
  y = 0;
  /** Radians. */
  rotation = 0;
  /** Collision shape, centred on the position; none means no collisions. */
  shape: Shape | undefined;
  /** How collisions are reported; defaults to `'overlap'`. */
  response: CollisionResponse = 'overlap';
  /** What the backend draws; none draws nothing. */
  visual: Visual | undefined;
  /** Ticks (with its components) while the world is paused: how a pause menu drives itself. */
  tickWhenPaused = false;
  /**
   * What a possessing controller asks of this pawn this frame, written by
   * the controller (step 4) and read by the pawn's tick (step 5).
   */
  readonly drive = {
    /** The movement asked for along x, what the pawn makes of it (typically -1 to 1, as `input.axis` gives); starts at 0. */
    x: 0,
    /** The movement asked for along y, like `x`; starts at 0. */
    y: 0,
    /** Whether the pawn's action is asked for (a jump, a shot); starts false. */
    action: false,
  };

  private readonly attached: Component<A>[] = [];
  private destroyed = false;

  /** Whether it is in the world and not destroyed. */
  get alive(): boolean {
    // `=== false`, not `!`: the same on this boolean, and one comparison in the engine's per-actor step.
    return this.world !== undefined && this.destroyed === false;
  }

  /** The components, in attachment order. Change them with `attach` and `detach`: the world keeps the order it ticks them in from those. */
  get components(): readonly Component<A>[] {
    return this.attached;
  }

  /** Attaches a component (it ticks after this actor, after earlier components). */
  attach<C extends Component<A>>(component: C): C {
    component.actor = this;
    this.attached.push(component);
    this.world?.componentsChanged(this);
    return component;
  }

  /** Detaches a component. */
  detach(component: Component<A>): void {
    const i = this.attached.indexOf(component);
    if (i < 0) return;
    this.attached.splice(i, 1);
    this.world?.componentsChanged(this);
  }

  /** Called when spawned. */
  beginPlay(): void {}
  /** Called once per frame (step 5) with the delta in seconds. */
  tick(_dt: number, _context: TickContext<A>): void {}
  /** Called when it leaves the world (at the flush after `destroy`, or when its level closes). */
  endPlay(): void {}
  /** An overlap with `other` began this frame. */
  onOverlapBegin(_other: Actor<A>, _event: CollisionEvent<Actor<A>>): void {}
  /** An overlap with `other` ended this frame. */
  onOverlapEnd(_other: Actor<A>, _event: CollisionEvent<Actor<A>>): void {}
  /** This blocking actor touches blocking `other` this frame; the normal points from this actor to `other`. */
  onHit(_other: Actor<A>, _normalX: number, _normalY: number, _depth: number): void {}

  /**
   * What this actor keeps that a snapshot cannot hold by itself, as plain
   * data: the hook for state in fields the engine cannot save (see
   * `engine.save()`). Optional; give it together with {@link restore}.
   */
  save?(): unknown;
  /**
   * Puts back what {@link save} returned (a copy), once the restored world
   * is whole: every actor, component, controller, the game mode and the
   * timers are in place, so it may look them up. No `beginPlay` runs on a
   * restore. Optional; give it together with {@link save}.
   */
  restore?(data: unknown): void;

  /**
   * @internal A restore puts it in `world` (its `world` field, its
   * components, destroyed or not), as the snapshot had it: no `beginPlay`.
   */
  placeForRestore(world: World<A> | undefined, components: readonly Component<A>[], destroyed: boolean): void {
    this.world = world;
    this.attached.length = 0;
    this.attached.push(...components);
    this.destroyed = destroyed;
  }

  /** @internal Marks it destroyed (it stops ticking; it leaves at the flush). */
  markDestroyed(): boolean {
    if (this.destroyed) return false;
    this.destroyed = true;
    return true;
  }
}

/**
 * A reusable piece of behaviour attached to an actor; it ticks right after
 * its actor, in attachment order, while `enabled`.
 */
export class Component<A extends string = string> {
  /** The actor it is attached to; set by `attach`. */
  actor!: Actor<A>;
  /** Disabled components do not tick. */
  enabled = true;
  /** Called once per frame after its actor's tick. */
  tick(_dt: number, _context: TickContext<A>): void {}
  /** What this component keeps that a snapshot cannot hold by itself, as plain data: see {@link Actor.save}. */
  save?(): unknown;
  /** Puts back what {@link save} returned, once the restored world is whole: see {@link Actor.restore}. */
  restore?(data: unknown): void;
}

/**
 * Drives a pawn: each frame (step 4, before any actor ticks) it writes the
 * drive of the pawn it possesses, so the pawn's own tick sees that drive in
 * the same frame. A player controller reads input; an AI controller decides.
 *
 * @example
 * ```ts
 * class PlayerController extends Controller {
 *   override tick(_dt: number, { input }: TickContext) {
 *     if (this.pawn) this.pawn.drive.y = input.axis('up', 'down');
 *   }
 * }
 * ```
 */
export class Controller<A extends string = string> {
  /** A name for debugging and outcome tables. */
  name = '';
  private possessed: Actor<A> | undefined;

  /** The pawn it possesses, if any (and alive). */
  get pawn(): Actor<A> | undefined {
    return this.possessed?.alive ? this.possessed : undefined;
  }

  /** Takes control of `pawn` (releasing any other). */
  possess(pawn: Actor<A>): void {
    this.possessed = pawn;
  }

  /** Lets go of the pawn. */
  unpossess(): void {
    this.possessed = undefined;
  }

  /** Called once per frame (step 4) with the delta in seconds. */
  tick(_dt: number, _context: TickContext<A>): void {}
  /** What this controller keeps that a snapshot cannot hold by itself, as plain data: see {@link Actor.save}. */
  save?(): unknown;
  /** Puts back what {@link save} returned, once the restored world is whole: see {@link Actor.restore}. */
  restore?(data: unknown): void;
}

/**
 * The rules of the match. It ticks after the collision pass (step 8), so it
 * decides from a settled world, with this frame's overlaps and hits already
 * reported. `phase` and `scores` are what outcome comparisons read.
 */
export class GameMode<A extends string = string> {
  /** The match phase, e.g. `'warm-up'`, `'playing'`, `'over'`. */
  phase = 'playing';
  /** Score per side. */
  readonly scores: Record<string, number> = {};

  /** Called once per frame (step 8) with the delta in seconds. */
  tick(_dt: number, _context: TickContext<A>): void {}
  /** What this game mode keeps that a snapshot cannot hold by itself, as plain data: see {@link Actor.save}. */
  save?(): unknown;
  /** Puts back what {@link save} returned, once the restored world is whole: see {@link Actor.restore}. */
  restore?(data: unknown): void;
}
