import type { Observable } from 'rxjs';
import type { OptionError } from '../../../operators/option-error.js';
import { CollisionPass } from '../../collision/collision-pass.js';
import type { CollisionEvent } from '../../collision/shapes.js';
import type { Input } from '../../input/input.js';
import { Broadcast } from '../../streams/broadcast.js';
import type { CuePlayer } from '../cues.js';
import { EngineShell } from '../shell/engine-shell.js';
import type { PresetDeclaration } from '../shell/preset-declaration.js';
import { gameOptions, SHELL_OPTION_KEYS, takeOptions, type GameShellOptions } from '../shell/shell-options.js';
import { screenToLogical, type Viewport } from '../viewport.js';
import { LevelTransitions, type LevelLoader } from './level-transitions.js';
import { World, type Actor, type WorldHost } from './world.js';
import { isDevelopmentBuild } from '../shell/development-build.js';
import { WorldClasses, type WorldClass } from './world-classes.js';
import { restoreWorld } from './world-restore.js';
import { saveWorld } from './world-save.js';
import { checkWorldSnapshot } from './world-snapshot-check.js';
import type { WorldSnapshot } from './world-snapshot.js';
import type { WorldBackend, WorldScene } from './world-backend.js';
import { dispatchCollision, WORLD_ENGINE_PHASE_TABLE, type FrameTickContext, type WorldPhaseHost, type WorldPhase } from './world-phases.js';

export type { LevelLoader } from './level-transitions.js';

/** Options of {@link createWorldEngine}: the world engine's own, and the shell's (`ticks`, `clock`, `onError`, `input`, `cues`, `overlay`). */
export interface WorldEngineOptions<A extends string> extends GameShellOptions<A> {
  /** The drawing backend: `pixiBackend(...)` in a browser, `nullBackend()` in Node. */
  backend: WorldBackend;
  /** The levels by name (own keys only: a name inherited from `Object.prototype` is not a level). */
  levels: Readonly<Record<string, LevelLoader<A>>>;
  /** The level to open first. */
  startLevel: string;
  /**
   * Classes a restore may have to re-create objects of, by the name a
   * snapshot gives them (`classes: { Bullet, Spark }`). A restore finds a
   * class here, among the base classes, or among the classes of the objects
   * the engine saved or holds; list here what a fresh engine may not have
   * seen yet (an actor only spawned later in the game), and any class whose
   * name a minifier changes between builds. Defaults to none.
   */
  classes?: Readonly<Record<string, WorldClass>>;
}

const WORLD_PRESET: Omit<PresetDeclaration<WorldPhase, WorldPhaseHost>, 'phaseHost'> = {
  label: 'world engine',
  where: 'createWorldEngine',
  options: {
    own: ['backend', 'levels', 'startLevel', 'classes'] satisfies (keyof WorldEngineOptions<string>)[],
    shell: SHELL_OPTION_KEYS,
    backend: {
      rule: 'a world backend (pixiBackend() in a browser, nullBackend() in Node)',
      methods: ['sync', 'render', 'drawOverlay', 'destroy'] satisfies (keyof WorldBackend)[],
      nameMissing: true,
    },
  },
  phases: WORLD_ENGINE_PHASE_TABLE,
  recordedCalls: ['world.openLevel'],
};

/**
 * The world engine: a game supplies controllers, actors, components and a
 * game mode, in levels; the engine owns the loop and runs each frame in the
 * seed's eleven steps. Its lifecycle, errors, `frame()`, `stats()` and
 * `advance()` are the engine shell's; errors are reported and the engine
 * keeps running. See {@link createWorldEngine}.
 */
export class WorldEngine<A extends string = string> extends EngineShell<WorldPhase, WorldPhaseHost<A>, WorldSnapshot> {
  /**
   * Step 7: each collision event of the pass, after the actors' callbacks.
   * (A step's own stream is `engine.phase(name)`: `phase('actors')` emits
   * after every actor and component ticked, `phase('gameMode')` after the
   * game mode, `phase('render')` after the picture and overlay were drawn.)
   */
  readonly collision$: Observable<CollisionEvent<Actor<A>>>;
  /** The input the ticks read. */
  readonly input: Input<A>;
  /** Where cues play. */
  readonly cues: CuePlayer;
  /** The backend. */
  readonly backend: WorldBackend;

  private current: World<A> | undefined;
  private readonly transitions: LevelTransitions<A>;
  /** Step 7. What it cannot keep to itself (a collider it leaves out, a throwing emit) is reported in the frame. */
  private readonly collisions = new CollisionPass<Actor<A>>({ onError: (error) => this.innerLoop.reportError(error) });
  private readonly collisionStream = new Broadcast<CollisionEvent<Actor<A>>>();
  private readonly overlay: boolean;
  private readonly context: FrameTickContext<A>;
  private fit: Viewport;
  /** What the render step hands the backend (see {@link WorldScene}), made at the first. */
  private scene: { -readonly [K in keyof WorldScene]: WorldScene[K] } | undefined;
  private actorIds = 0;
  /** How a restore finds the class of an object to re-create. */
  private readonly classes: WorldClasses;
  /** Whether a restore warns about fields its snapshot did not hold (a development build). */
  private readonly restoreWarnings = isDevelopmentBuild();
  /** What those warnings named already (each warns once). */
  private readonly warned = new Set<string>();

  /** @throws {OptionError} for bad options (see {@link createWorldEngine}). */
  constructor(options: WorldEngineOptions<A>) {
    const { where } = WORLD_PRESET;
    const taken = takeOptions(WORLD_PRESET, options);
    super({ ...WORLD_PRESET, phaseHost: WorldEngine.phaseHostOf }, taken);
    const { backend, levels, startLevel, classes } = options;
    const game = gameOptions<A>(taken, () => this.innerLoop.frameCount);
    this.classes = new WorldClasses(where, classes);
    this.transitions = new LevelTransitions<A>(where, levels, this.levelHost);
    this.transitions.check(where, 'startLevel', startLevel);
    this.backend = backend;
    this.input = game.input;
    this.cues = game.cues;
    this.overlay = game.overlay;
    this.fit = backend.sync();
    this.collision$ = this.collisionStream.asObservable();
    const engine = this;
    this.context = {
      dt: 0,
      get world() {
        return engine.world;
      },
      input: this.input.frame,
      cue: (name, cueOptions) => engine.cues.play(name, cueOptions),
      random: this.random,
    };
    this.transitions.openFirst(startLevel);
  }

  /**
   * The open world. Throws while the first level is still loading (await
   * `ready`), and after the start level failed to load.
   */
  get world(): World<A> {
    if (this.current !== undefined) return this.current;
    const failure = this.transitions.failure;
    if (failure !== undefined) throw new Error(`world: there is none: ${failure.message}`, { cause: failure });
    throw new Error('world: the first level is still loading; await engine.ready');
  }

  /**
   * Resolves when no level load is in flight (at once when none is).
   * Rejects with the failure when the start level failed to load (a later
   * level's failure is reported and the current level stays, so it resolves).
   */
  get ready(): Promise<void> {
    return this.transitions.ready;
  }

  /** Whether a level load is in flight (no frame runs meanwhile). */
  get transitioning(): boolean {
    return this.transitions.inFlight;
  }

  /** Whether the world is paused: steps 4 to 8 skipped, but for `tickWhenPaused` actors; timers wait (they run on `world.activeTime`). */
  override get paused(): boolean {
    return this.innerLoop.paused;
  }

  /** Pauses (true) or resumes (false) the world. */
  override set paused(value: boolean) {
    this.innerLoop.paused = value;
  }

  /** A point in CSS pixels of the surface, in world units, through the fit this frame renders through and the camera. */
  screenToWorld(
    cssX: number,
    cssY: number,
  ): {
    /** The x, in world units. */
    x: number;
    /** The y, in world units. */
    y: number;
  } {
    const logical = screenToLogical(this.fit, cssX, cssY);
    return this.world.camera.screenToWorld(logical.x, logical.y, this.fit.logicalWidth, this.fit.logicalHeight);
  }

  /** The fit this frame renders through (taken at step 3; between frames, the latest frame's). */
  get viewport(): Viewport {
    return this.fit;
  }

  /** The open world as a snapshot's state (see {@link WorldSnapshot} and `saveWorld`). */
  protected saveState(): WorldSnapshot {
    const world = this.worldToSnapshot('save');
    return saveWorld(world, { classes: this.classes, lastActorId: this.actorIds, requestedLevel: this.transitions.requestedLevel, collision: this.collisions.memory() });
  }

  /** Checks a snapshot's state fully, then puts the world, the collision pass's memory, the actor ids and a requested level back (see `restoreWorld`). */
  protected restoreState(state: unknown): void {
    const current = this.worldToSnapshot('restore');
    this.classes.seeWorld(current);
    const checked = checkWorldSnapshot(state, { classes: this.classes, checkLevel: (option, name) => void this.transitions.check('restore', option, name) });
    const restored = restoreWorld(checked, {
      current,
      createWorld: (name) => new World<A>(name, this.worldHost),
      warnOnce: (key, message) => {
        if (!this.restoreWarnings || this.warned.has(key)) return;
        this.warned.add(key);
        console.warn(message);
      },
      report: (error, hook) => this.report(error, { hook }, 'restore'),
    });
    const { pairs, order, faulty } = checked.state.collision;
    const actor = restored.actor;
    this.collisions.restoreMemory({ pairs: pairs.map(([a, b]) => [actor(a), actor(b)] as const), order: order.map(actor), faulty: faulty.map(actor) });
    this.current = restored.world;
    this.actorIds = checked.state.lastActorId;
    this.transitions.restoreRequest(checked.state.requestedLevel ?? undefined);
    restored.finish();
  }

  /** The input the ticks read: saved and restored with the world. */
  protected override snapshotInput(): Input<string> {
    return this.input;
  }

  /** The open world, when a snapshot can be taken of it or put into it. @throws {Error} while a level loads, or when the start level failed. */
  private worldToSnapshot(method: 'save' | 'restore'): World<A> {
    const loading = this.transitions.loadingLevel;
    if (loading !== undefined) {
      const why = method === 'save' ? 'a world its loader is still building cannot be saved' : 'a restore cannot replace a world its loader is still building';
      throw new Error(`${method}: the level "${loading}" is loading (a level load is in flight); ${why}: await engine.ready, then ${method}`);
    }
    if (this.current === undefined) throw new Error(`${method}: there is no world: ${this.transitions.failure?.message ?? 'the first level is still loading'}`);
    return this.current;
  }

  /**
   * The shell's `destroy()` calls this once: the world closes (every actor
   * ends play), a level still loading closes too (nothing of its load runs
   * when it settles), streams complete, the backend and input are freed.
   */
  protected teardown(): void {
    const report = (error: unknown): void => this.report(error, undefined, 'destroy');
    this.transitions.destroy(report);
    this.current?.close(report);
    this.collisionStream.complete();
    this.backend.destroy();
    this.input.destroy();
  }

  // -- the frame (its steps are WORLD_ENGINE_PHASE_TABLE's) --------------------

  /** What the phase table runs on (see {@link WorldPhaseHost}). @internal */
  private static phaseHostOf<A extends string>(engine: WorldEngine<A>): WorldPhaseHost<A> {
    const report = (error: unknown): void => engine.innerLoop.reportError(error);
    const isDestroyed = (): boolean => engine.destroyed;
    const deliverCollision = (event: CollisionEvent<Actor<A>>): void => {
      if (engine.destroyed) return;
      dispatchCollision(event, report, isDestroyed);
      if (!engine.destroyed) engine.collisionStream.emitIsolated(event, report);
    };
    return {
      world: () => engine.world,
      isPaused: () => engine.innerLoop.paused,
      isDestroyed,
      context: () => engine.context,
      runCollisions: () => engine.collisions.run(engine.world.actors, deliverCollision),
      isSuspended: () => engine.transitions.suspended,
      syncViewport: () => {
        engine.fit = engine.backend.sync();
      },
      performTransition: () => engine.transitions.performRequested(),
      render: () => engine.renderStep(report),
      closeInput: () => engine.input.closeFrame(),
      report,
    };
  }

  private renderStep(onError: (error: unknown) => void): void {
    const world = this.world;
    const viewport = this.fit;
    world.camera.update(viewport.logicalWidth, viewport.logicalHeight);
    // One scene, its fields set each frame: a new object a frame was garbage (issue 29, "no steady allocation by tickflow itself").
    const scene = (this.scene ??= { actors: world.actors, camera: world.camera, viewport });
    scene.actors = world.actors;
    scene.camera = world.camera;
    scene.viewport = viewport;
    try {
      this.backend.render(scene);
      if (this.overlay) {
        const actorCount = world.actors.reduce((n, a) => n + (a.alive ? 1 : 0), 0);
        this.backend.drawOverlay({ ...this.innerLoop.diagnostics(), level: world.level, actorCount }, scene);
      }
    } catch (error) {
      onError(error);
    }
  }

  // -- levels ---------------------------------------------------------------

  /** What each world reaches its engine through. */
  private readonly worldHost: WorldHost = ((engine: WorldEngine<A>): WorldHost => ({
    nextActorId: () => ++engine.actorIds,
    frame: () => engine.innerLoop.frame(),
    requestLevel: (name) => engine.recordedCall('world.openLevel', [name], () => engine.transitions.request(name)),
    get paused() {
      return engine.innerLoop.paused;
    },
    set paused(value: boolean) {
      engine.innerLoop.paused = value;
    },
  }))(this);

  /** What the level transitions reach the engine through. */
  private readonly levelHost = ((engine: WorldEngine<A>) => ({
    createWorld: (name: string) => new World<A>(name, engine.worldHost),
    open: (world: World<A>) => {
      engine.current?.close((e) => engine.report(e));
      engine.collisions.reset();
      engine.current = world;
    },
    // The frame that performed an async transition finishes through the fit
    // it took at step 3: "a tick that converts a point uses the fit this
    // frame renders through". (The canvas was not synced since, so that fit
    // still matches it; the next frame syncs as usual.)
    finishSuspendedFrame: () => {
      engine.renderStep((e) => engine.report(e, undefined, 'render'));
      engine.input.closeFrame();
    },
    hold: () => engine.innerLoop.hold(),
    report: (phase: string, cause: unknown) => engine.report(cause, undefined, phase),
  }))(this);
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
 * (and their components). `world.time` still advances (step 2 runs in every
 * frame); timers run on `world.activeTime`, which does not, so a pause
 * freezes every countdown.
 *
 * What it refuses, with an {@link OptionError} naming the option, the rule and
 * the value, before anything starts: options that are not an object; an
 * unknown option key (naming the closest known one: "unknown option
 * 'startlevel'; did you mean 'startLevel'?"); a `backend` without `sync`,
 * `render`, `drawOverlay` and `destroy`; `levels` that are not an object of
 * at least one function; a `startLevel` that is not one of its own keys;
 * `classes` that are not an object of `Actor`, `Component`, `Controller` or
 * `GameMode` classes; a
 * `ticks` without `subscribe`; a `clock` that is not a function; an `input`
 * that is not an `Input`; `cues` without `play`; an `overlay` that is not a
 * boolean; an `onError` that is not a function.
 *
 * ```text
 * ticks                   --a-------b--|
 * phase('actors')         --t-------t--|      each then collision$ events, phase('gameMode'), phase('render')
 * phase('render')         --r-------r--|
 * ```
 *
 * @example
 * ```ts
 * import { nullBackend, constantClock, circle } from 'tickflow';
 * import { createWorldEngine, Actor } from 'tickflow/world';
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
