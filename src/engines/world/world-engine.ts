import { defer, type Observable, type Subscribable, Observable as RxObservable } from 'rxjs';
import { OptionError } from '../../../operators/option-error.js';
import type { FrameInfo } from '../../../operators/frame-info.js';
import type { Clock } from '../../clocks/clock.js';
import { wallClock } from '../../clocks/wall-clock.js';
import { CollisionPass } from '../../collision/collision-pass.js';
import type { CollisionEvent } from '../../collision/shapes.js';
import { animationFrames } from '../../hosts/animation-frames.js';
import { Broadcast } from '../../streams/broadcast.js';
import { createInput, type Input } from '../../input/input.js';
import { createLoop, type Loop } from '../../loop/loop.js';
import { PhaseError } from '../../loop/phase-error.js';
import { cueLog, type CuePlayer } from '../cues.js';
import { FrameTimes } from '../diagnostics.js';
import { screenToLogical, type Viewport } from '../viewport.js';
import type { Actor } from './actor.js';
import type { TickContext } from './tick-context.js';
import { World, type WorldHost } from './world.js';
import type { WorldBackend, WorldScene } from './world-backend.js';

/** Builds a level into a fresh world: spawn its actors, add its controllers, set its game mode. May be async. */
export type LevelLoader<A extends string> = (world: World<A>) => void | PromiseLike<void>;

/** Options of {@link createWorldEngine}. */
export interface WorldEngineOptions<A extends string> {
  /** The drawing backend: `pixiBackend(...)` in a browser, `nullBackend()` in Node. */
  backend: WorldBackend;
  /** The levels by name. */
  levels: Readonly<Record<string, LevelLoader<A>>>;
  /** The level to open first. */
  startLevel: string;
  /** Host ticks; defaults to the page's frames (`animationFrames()`), read when `start()` is called. */
  ticks?: Subscribable<number>;
  /** What each tick is worth; defaults to `wallClock()`. */
  clock?: Clock;
  /** Input devices; defaults to an input with no bindings. */
  input?: Input<A>;
  /** Where cues play; defaults to a cue log (see `engine.cues`). */
  cues?: CuePlayer;
  /** Draws the debug overlay. Defaults to false. */
  overlay?: boolean;
  /** Errors caught in a frame (a throwing tick, a failed level load) go here and to `errors$`; the engine keeps running. Defaults to `console.error`. */
  onError?: (error: PhaseError) => void;
}

/** The world engine's phases, in order: steps 3 to 11 of the frame. */
export const WORLD_ENGINE_PHASES = [
  'sync',
  'controllers',
  'actors',
  'timers',
  'collision',
  'gameMode',
  'flush',
  'render',
  'closeInput',
] as const;

/** A phase of the world engine. */
export type WorldPhase = (typeof WORLD_ENGINE_PHASES)[number];

/**
 * The world engine: a game supplies controllers, actors, components and a
 * game mode, in levels; the engine owns the loop and runs each frame in the
 * seed's eleven steps. See {@link createWorldEngine}.
 */
export class WorldEngine<A extends string = string> {
  /** The underlying loop (phases {@link WORLD_ENGINE_PHASES}). */
  readonly loop: Loop<WorldPhase>;
  /** Step 5, after every actor and component ticked: the delta in seconds. */
  readonly tick$: Observable<number>;
  /** Step 7: each collision event of the pass, after the actors' callbacks. */
  readonly collision$: Observable<CollisionEvent<Actor<A>>>;
  /** Step 8, after the game mode ticked: the delta in seconds. */
  readonly gameMode$: Observable<number>;
  /** Step 10, after the picture and overlay were drawn: the delta in seconds. */
  readonly render$: Observable<number>;
  /** Every error caught while running. */
  readonly errors$: Observable<PhaseError>;
  /** The input the ticks read. */
  readonly input: Input<A>;
  /** Where cues play. */
  readonly cues: CuePlayer;
  /** The backend. */
  readonly backend: WorldBackend;

  private current: World<A> | undefined;
  private readonly levels: Readonly<Record<string, LevelLoader<A>>>;
  private readonly collisions = new CollisionPass<Actor<A>>();
  private readonly tickStream = new Broadcast<number>();
  private readonly collisionStream = new Broadcast<CollisionEvent<Actor<A>>>();
  private readonly gameModeStream = new Broadcast<number>();
  private readonly renderStream = new Broadcast<number>();
  private readonly frameTimes = new FrameTimes();
  private readonly overlay: boolean;
  private readonly context: { dt: number; world: World<A>; input: Input<A>['frame']; cue: CuePlayer['play'] };
  private fit: Viewport;
  private actorIds = 0;
  private requestedLevel: string | undefined;
  private inFlight: Promise<void> | undefined;
  private suspended = false;
  private clock: Clock;
  private readonly onError: (error: PhaseError) => void;

  constructor(options: WorldEngineOptions<A>) {
    const where = 'createWorldEngine';
    const {
      backend,
      levels,
      startLevel,
      ticks = defer(() => animationFrames()),
      clock = wallClock(),
      input = createInput({ bindings: {} as never }) as Input<A>,
      cues,
      overlay = false,
      onError = (error: PhaseError) => console.error(error),
    } = options ?? ({} as WorldEngineOptions<A>);
    if (backend == null || typeof (backend as Partial<WorldBackend>).render !== 'function') {
      throw new OptionError(where, 'backend', 'a world backend (pixiBackend() in a browser, nullBackend() in Node)', backend);
    }
    if (levels == null || typeof levels !== 'object') throw new OptionError(where, 'levels', 'an object of level loaders', levels);
    for (const [name, loader] of Object.entries(levels)) {
      if (typeof loader !== 'function') throw new OptionError(where, `levels.${name}`, 'a function (world) => void', loader);
    }
    if (typeof startLevel !== 'string' || !(startLevel in levels)) {
      throw new OptionError(where, 'startLevel', `one of the levels (${Object.keys(levels).join(', ')})`, startLevel);
    }
    this.backend = backend;
    this.levels = levels;
    this.input = input;
    this.overlay = overlay;
    this.clock = clock;
    this.onError = onError;
    this.fit = backend.sync();
    this.loop = createLoop({
      // While a level loads, no frame runs: ticks do not reach the clock.
      ticks: gate(ticks, () => this.inFlight === undefined),
      clock,
      phases: [
        'sync',
        { name: 'controllers', pausable: true },
        'actors', // filters by tickWhenPaused itself
        { name: 'timers', pausable: true },
        { name: 'collision', pausable: true },
        { name: 'gameMode', pausable: true },
        'flush',
        'render',
        'closeInput',
      ],
      onError: (error) => this.onError(error),
    });
    this.cues = cues ?? cueLog(() => this.loop.frame().count);
    this.errors$ = this.loop.errors$;
    this.tick$ = this.tickStream.asObservable();
    this.collision$ = this.collisionStream.asObservable();
    this.gameMode$ = this.gameModeStream.asObservable();
    this.render$ = this.renderStream.asObservable();
    const engine = this;
    this.context = {
      dt: 0,
      get world() {
        return engine.world;
      },
      input: input.frame,
      cue: (name, cueOptions) => engine.cues.play(name, cueOptions),
    };
    this.wireSteps();
    this.openFirstLevel(startLevel);
  }

  /** The open world. Throws while the first level is still loading (await `ready`). */
  get world(): World<A> {
    if (this.current === undefined) throw new Error('world: the first level is still loading; await engine.ready');
    return this.current;
  }

  /** Resolves when no level load is in flight (at once when none is). */
  get ready(): Promise<void> {
    return this.inFlight ?? Promise.resolve();
  }

  /** Whether a level load is in flight (no frame runs meanwhile). */
  get transitioning(): boolean {
    return this.inFlight !== undefined;
  }

  /** The engine's frames so far: count, simulated time, latest delta (ms). They survive level changes. */
  frame(): FrameInfo {
    return this.loop.frame();
  }

  /** Whether the world is paused: steps 4 to 8 skipped, but for `tickWhenPaused` actors. */
  get paused(): boolean {
    return this.loop.paused;
  }

  set paused(value: boolean) {
    this.loop.paused = value;
  }

  /** Starts taking host ticks. */
  start(): void {
    this.loop.start();
  }

  /** Stops taking host ticks. */
  stop(): void {
    this.loop.stop();
  }

  /** Whether the engine takes host ticks. */
  get running(): boolean {
    return this.loop.running;
  }

  /**
   * Runs one tick synchronously (declined while a level loads).
   *
   * @return Whether the tick made a frame.
   */
  advance(timestampMs?: number): boolean {
    if (this.inFlight !== undefined) return false;
    return this.loop.advance(timestampMs);
  }

  /** Replaces the clock; the new one starts with no baseline. */
  setClock(clock: Clock): void {
    this.clock = clock;
    this.loop.setClock(clock);
  }

  /** A point in CSS pixels of the surface, in world units, through the fit this frame renders through and the camera. */
  screenToWorld(cssX: number, cssY: number): { x: number; y: number } {
    const logical = screenToLogical(this.fit, cssX, cssY);
    return this.world.camera.screenToWorld(logical.x, logical.y, this.fit.logicalWidth, this.fit.logicalHeight);
  }

  /** The fit the latest frame rendered through (for converting between CSS pixels and logical units). */
  get viewport(): Viewport {
    return this.fit;
  }

  /** Stops for good: the world closes, streams complete, the backend and input are freed. */
  destroy(): void {
    this.loop.destroy();
    this.current?.close((e) => this.report('destroy', e));
    for (const stream of [this.tickStream, this.collisionStream, this.gameModeStream, this.renderStream]) stream.complete();
    this.backend.destroy();
    this.input.destroy();
  }

  // -- the frame ------------------------------------------------------------

  private wireSteps(): void {
    const { loop, context } = this;
    const reportInPhase = (error: unknown) => loop.reportError(error);

    // Step 2's world.time and step 3: time moves first, then the canvas is synced and the fit recomputed.
    loop.on('sync', (dt) => {
      context.dt = dt;
      this.world.time += dt;
      this.fit = this.backend.sync();
      if (this.overlay) this.frameTimes.record(loop.frame().lastDeltaMs);
    });

    // Step 4: controllers, in the order added.
    loop.on('controllers', (dt) => {
      const controllers = this.world.controllers;
      for (let i = 0; i < controllers.length; i++) {
        try {
          controllers[i]!.tick(dt, context);
        } catch (error) {
          reportInPhase(error);
        }
      }
    });

    // Step 5: live actors in spawn order, each followed by its enabled components.
    loop.on('actors', (dt) => {
      this.world.tickActors(loop.paused, dt, context, reportInPhase);
      this.tickStream.emit(dt, reportInPhase);
    });

    // Step 6: timers due this frame, in scheduling order.
    loop.on('timers', () => this.world.timers.fireDue(reportInPhase));

    // Step 7: the collision pass and its events (the callback made once, not per frame).
    const emitCollision = (event: CollisionEvent<Actor<A>>): void => {
      try {
        dispatchCollision(event);
      } catch (error) {
        reportInPhase(error);
      }
      this.collisionStream.emit(event, reportInPhase);
    };
    loop.on('collision', () => this.collisions.run(this.world.actors, emitCollision));

    // Step 8: the game mode.
    loop.on('gameMode', (dt) => {
      try {
        this.world.gameMode?.tick(dt, context);
      } catch (error) {
        reportInPhase(error);
      }
      this.gameModeStream.emit(dt, reportInPhase);
    });

    // Step 9: destroyed actors leave, then a requested level transition is performed.
    loop.on('flush', () => {
      this.world.flushDestroyed(reportInPhase);
      const name = this.requestedLevel;
      this.requestedLevel = undefined;
      if (name !== undefined) this.performTransition(name);
    });

    // Step 10: camera, picture, overlay. (Deferred while a level loads: see completeTransition.)
    loop.on('render', (dt) => {
      if (!this.suspended) this.renderStep(dt, reportInPhase);
    });

    // Step 11: the input frame closes; unconsumed edges are discarded.
    loop.on('closeInput', () => {
      if (!this.suspended) this.input.closeFrame();
    });
  }

  private renderStep(dt: number, onError: (error: unknown) => void): void {
    const world = this.world;
    const viewport = this.fit;
    world.camera.update(viewport.logicalWidth, viewport.logicalHeight);
    const scene: WorldScene = { actors: world.actors, camera: world.camera, viewport };
    try {
      this.backend.render(scene);
      if (this.overlay) {
        const { declined } = this.loop.stats();
        const diagnostics = this.frameTimes.read(declined, this.loop.frame().count);
        const actorCount = world.actors.reduce((n, a) => n + (a.alive ? 1 : 0), 0);
        this.backend.drawOverlay({ ...diagnostics, level: world.level, actorCount }, scene);
      }
    } catch (error) {
      onError(error);
    }
    this.renderStream.emit(dt, onError);
  }

  // -- levels ---------------------------------------------------------------

  private readonly host: WorldHost = ((engine: WorldEngine<A>): WorldHost => ({
    nextActorId: () => ++engine.actorIds,
    frame: () => engine.loop.frame(),
    requestLevel: (name) => {
      if (!(name in engine.levels)) {
        throw new OptionError('openLevel', 'name', `one of the levels (${Object.keys(engine.levels).join(', ')})`, name);
      }
      engine.requestedLevel = name;
    },
    get paused() {
      return engine.loop.paused;
    },
    set paused(value: boolean) {
      engine.loop.paused = value;
    },
  }))(this);

  private openFirstLevel(name: string): void {
    const world = new World<A>(name, this.host);
    const loading = this.levels[name]!(world);
    if (!isPromiseLike(loading)) {
      this.current = world;
      return;
    }
    this.inFlight = Promise.resolve(loading).then(
      () => {
        this.current = world;
        this.inFlight = undefined;
      },
      (error: unknown) => {
        this.inFlight = undefined;
        throw new Error(`createWorldEngine: the start level "${name}" failed to load`, { cause: error });
      },
    );
  }

  /**
   * Opens level `name` in a fresh world. A loader that returns synchronously
   * is performed now, and this frame renders the world it opened. An async
   * one suspends the frame here: no frame runs while it loads; when it
   * resolves, the new world replaces the old and the suspended frame finishes
   * (render, input close) on it; when it fails, the failure is reported, the
   * current level stays and the frame finishes on it.
   */
  private performTransition(name: string): void {
    const next = new World<A>(name, this.host);
    let loading: void | PromiseLike<void>;
    try {
      loading = this.levels[name]!(next);
    } catch (error) {
      next.close(() => {});
      this.loop.reportError(new Error(`level "${name}" failed to load; the current level stays`, { cause: error }));
      return;
    }
    if (!isPromiseLike(loading)) {
      this.replaceWorld(next);
      return;
    }
    this.suspended = true;
    const dt = this.context.dt;
    this.inFlight = Promise.resolve(loading).then(
      () => {
        this.replaceWorld(next);
        this.completeSuspendedFrame(dt);
      },
      (error: unknown) => {
        next.close(() => {});
        this.report('flush', new Error(`level "${name}" failed to load; the current level stays`, { cause: error }));
        this.completeSuspendedFrame(dt);
      },
    );
  }

  private replaceWorld(next: World<A>): void {
    this.current?.close((e) => this.loop.reportError(e));
    this.collisions.reset();
    this.current = next;
  }

  private completeSuspendedFrame(dt: number): void {
    this.suspended = false;
    this.inFlight = undefined;
    this.fit = this.backend.sync();
    this.renderStep(dt, (e) => this.report('render', e));
    this.input.closeFrame();
    // The time spent loading is not charged to the next frame.
    this.loop.setClock(this.clock);
  }

  private report(phase: string, cause: unknown): void {
    this.loop.reportError(new PhaseError(phase, this.loop.frame().count, cause));
  }
}

function dispatchCollision<A extends string>(event: CollisionEvent<Actor<A>>): void {
  const { kind, a, b } = event;
  if (kind === 'begin') {
    a.onOverlapBegin(b, event);
    b.onOverlapBegin(a, event);
  } else if (kind === 'end') {
    a.onOverlapEnd(b, event);
    b.onOverlapEnd(a, event);
  } else {
    a.onHit(b, event.normalX, event.normalY, event.depth);
    b.onHit(a, -event.normalX, -event.normalY, event.depth);
  }
}

function isPromiseLike(value: unknown): value is PromiseLike<void> {
  return typeof (value as PromiseLike<void> | undefined)?.then === 'function';
}

/** Passes ticks only while `open()` says so. */
function gate(ticks: Subscribable<number>, open: () => boolean): Observable<number> {
  return new RxObservable<number>((subscriber) => {
    const subscription = ticks.subscribe({
      next: (t) => {
        if (open()) subscriber.next(t);
      },
      error: (e: unknown) => subscriber.error(e),
      complete: () => subscriber.complete(),
    });
    return () => subscription.unsubscribe();
  });
}

/**
 * Builds a world engine. A game supplies levels (loaders that spawn actors,
 * add controllers and set a game mode); the engine owns the loop and runs,
 * for each delivered tick, the seed's eleven steps:
 *
 * 1. the clock, once (a declined tick ends the frame before any state moves);
 * 2. the frame counter, `timeMs` and `world.time` advance;
 * 3. the backend syncs its canvas and recomputes the viewport;
 * 4. controllers tick, in the order added;
 * 5. live actors tick in spawn order, each followed by its enabled components;
 * 6. timers due this frame fire, in scheduling order;
 * 7. the collision pass runs and emits its events;
 * 8. the game mode ticks;
 * 9. destroyed actors leave, then a requested level transition is performed;
 * 10. the camera updates, the backend renders, the debug overlay draws;
 * 11. the input frame closes.
 *
 * While paused, steps 4 to 8 are skipped, except actors with `tickWhenPaused`
 * (and their components).
 *
 * ```text
 * ticks       --a-------b--|
 * tick$       --t-------t--|      each then collision$ events, gameMode$, render$
 * render$     --r-------r--|
 * ```
 *
 * @example
 * ```ts
 * import { createWorldEngine, nullBackend, constantClock, Actor, circle } from 'tickflow';
 *
 * class Ball extends Actor { vx = 100; override shape = circle(5); override tick(dt: number) { this.x += this.vx * dt; } }
 * const engine = createWorldEngine({
 *   backend: nullBackend(),
 *   levels: { court: (world) => void world.spawn(new Ball()) },
 *   startLevel: 'court',
 *   clock: constantClock(1000 / 60),
 * });
 * for (let i = 0; i < 60; i++) engine.advance();
 * ```
 *
 * @throws {OptionError} for bad options.
 */
export function createWorldEngine<const A extends string = string>(options: WorldEngineOptions<A>): WorldEngine<A> {
  return new WorldEngine(options);
}
