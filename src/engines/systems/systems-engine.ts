import { OptionError } from '../../../operators/option-error.js';
import { saturatingAdd } from '../../../operators/saturating-add.js';
import { isDevelopmentBuild } from '../shell/development-build.js';
import { EngineShell, type EngineStats } from '../shell/engine-shell.js';
import type { PresetDeclaration } from '../shell/preset-declaration.js';
import { takeOptions } from '../shell/shell-options.js';
import type { Entity } from './entity.js';
import { EventQueue, type SystemsEventListener } from './event-queue.js';
import { andThen, callInSequence, deferred, type Deferred, type MaybePromise } from './hook-sequence.js';
import { drawAsIs, InterpolationSystem } from './interpolation.js';
import { performanceClock, type ResolvedPerformance } from './performance-settings.js';
import { Scene, type SceneContext } from './scene.js';
import type { WorldSystemHooks } from './system.js';
import { inertBackend, type SystemsBackend, type SystemsFrame } from './systems-backend.js';
import { checkConfig, SYSTEMS_OPTIONS, type CheckedConfig, type SystemsConfig } from './systems-config.js';
import { SYSTEMS_ENGINE_PHASE_TABLE, type FrameHook, type SystemsPhaseHost, type SystemsPhase } from './systems-phases.js';
import { restoreSystems, saveSystems, type SaveParts } from './systems-save.js';
import type { SystemsSnapshotState } from './systems-snapshot.js';
import { EngineTime, type Time } from './time.js';
import { handedOver, UnsavedFieldWarnings } from './unsaved-fields.js';
import { buildSystems, WorldRun, type SystemRecord } from './world-run.js';

export { SYSTEMS_ENGINE_PHASES, SYSTEMS_ENGINE_PHASE_TABLE, type SystemsPhase } from './systems-phases.js';

/**
 * Where the game is in its life (the seed's play / pause / stop):
 * `unloaded` (no world: before the first `play()`, after `destroyWorld()`
 * and `destroy()`), `loading` (hooks 1 to 4 under way: no frames),
 * `playing`, `paused` (no frames requested). Whether the engine takes host
 * ticks is the shell's `running` (`start()` / `stop()`), and whether it was
 * destroyed the shell's `destroyed`.
 */
export type SystemsEngineState = 'unloaded' | 'loading' | 'playing' | 'paused';

/**
 * The engine's counters, over its whole life (like the frame counter, they
 * survive `destroyWorld()` and `play()`): the shell's (`frames`, `ticks`, `declined`,
 * `droppedMs`, `errors`, `fps`) and the systems engine's own.
 */
export interface SystemsEngineStats extends EngineStats {
  /** Host ticks the loop skipped: the maxFPS cap's skipped iterations, on which nothing ran (the same as `declined`). */
  readonly skippedTicks: number;
  /** `fixedUpdate` steps run. */
  readonly fixedUpdates: number;
  /** Events delivered. */
  readonly eventsDelivered: number;
  /** Frames that hit `maxFixedUpdatesPerFrame` and discarded their backlog (its time is in `droppedMs`, the fraction included). */
  readonly ceilingFrames: number;
}

/**
 * The systems engine: a fixed-rate simulation clock (`fixedUpdate`), a
 * per-frame one (`update`), one shared {@link Time}, the lifecycle hooks in
 * the seed's order, a per-engine event queue, and the seed's `play()` /
 * `pause()` / stop (`destroyWorld()`). Its loop, errors, lifecycle
 * (`start()`, `stop()`, `destroy()`), `frame()`, `stats()` and `advance()`
 * are the engine shell's: every error is reported with the system and hook
 * that threw, and the engine keeps running. Build it with
 * {@link createSystemsEngine}.
 *
 * The seed's verbs sit on the shell's lifecycle and keep the seed's meaning:
 * `play()` builds the game (or resumes it from a pause) and takes host
 * ticks; `pause()` holds it; the seed's `stop()`, which destroys the world,
 * is `destroyWorld()`, since `stop()` is the shell's in every preset (no more
 * host ticks; the world stays, and `start()` resumes it). While the game is
 * not playing (unloaded, loading, paused) the loop is held: it asks for no
 * frames and `advance()` runs nothing.
 */
export class SystemsEngine extends EngineShell<SystemsPhase, SystemsPhaseHost, SystemsSnapshotState> {
  /** The one shared Time handed to every system and behavior. */
  readonly time: Time;
  /** The backend frames are drawn through. */
  readonly backend: SystemsBackend;
  /** The settings in force, defaults applied. */
  readonly performance: ResolvedPerformance;

  private readonly config: CheckedConfig;
  private readonly engineTime: EngineTime;
  private readonly interpolation: InterpolationSystem | undefined;
  private readonly queue = new EventQueue();
  private readonly frameView: { sceneId: string; entities: readonly Entity[]; time: Time; frame: number };
  private readonly sceneContext: SceneContext;
  private run: WorldRun | undefined;
  private currentState: SystemsEngineState = 'unloaded';
  /** The loop's hold while the engine is not playing (see the class comment). */
  private release: (() => void) | undefined;
  /** While loading: whether to end up paused instead of playing. */
  private wantPaused = false;
  private loading: Promise<void> | undefined;
  /** A `destroyWorld()` asked for inside a frame: it happens as the frame ends. */
  private pendingWorldEnd = false;
  private pendingScene: { id: string; done: Deferred } | undefined;
  private counts = { eventsDelivered: 0, ceilingFrames: 0 };
  /** The development build's warning about fields a restore left (see `SaveHooks`); none in production. */
  private readonly unsavedFields = isDevelopmentBuild() ? new UnsavedFieldWarnings() : undefined;

  /** @throws {OptionError} for a bad or unknown option or setting, before anything starts. */
  constructor(config: SystemsConfig) {
    const where = 'createSystemsEngine';
    const taken = takeOptions({ where, options: SYSTEMS_OPTIONS }, config);
    const checked = checkConfig(config, where);
    const { fixedStepMs, maxFixedUpdatesPerFrame } = checked.performance;
    super(
      {
        label: 'systems engine',
        where,
        options: SYSTEMS_OPTIONS,
        phases: SYSTEMS_ENGINE_PHASE_TABLE,
        fixedStep: { stepMs: fixedStepMs, maxSteps: maxFixedUpdatesPerFrame, overflow: 'drop-backlog' },
        defaultClock: () => performanceClock(checked.performance),
        phaseHost: SystemsEngine.phaseHostOf,
        recordedCalls: ['play', 'pause', 'destroyWorld', 'loadScene', 'dispatchEvent'],
      } satisfies PresetDeclaration<SystemsPhase, SystemsPhaseHost>,
      taken,
    );
    this.config = checked;
    this.performance = checked.performance;
    const { backend, interpolation = true } = config;
    this.backend = backend ?? inertBackend();
    this.interpolation = interpolation ? new InterpolationSystem() : undefined;
    this.engineTime = new EngineTime(1 / this.performance.fixedUpdateRateHz);
    this.time = this.engineTime;
    this.frameView = { sceneId: '', entities: [], time: this.time, frame: 0 };
    this.sceneContext = {
      time: this.time,
      queue: this.queue,
      engine: this,
      report: (system, hook, error) => this.reportFrom(system, hook, error),
      inFrame: () => this.innerLoop.inFrame,
    };
    this.holdLoop();
  }

  /** Where the engine is in its life. */
  get state(): SystemsEngineState {
    return this.currentState;
  }

  /** The active scene (undefined while unloaded, and between a scene's destroy and the next one's build). */
  get scene(): Scene | undefined {
    return this.run?.scene;
  }

  /**
   * Starts or resumes the game (the seed's `play()`), and takes host ticks
   * (the shell's `start()`, so `play()` after `stop()` resumes too).
   *
   * - Unloaded: builds the whole game from the configuration: every world
   *   system is constructed, then `onWorldLoad` (awaited, system by system,
   *   in order), `onWorldReady`, then the start scene: its systems and
   *   entities are constructed, `onSceneLoad` (awaited), `onSceneEnter`;
   *   then the loop starts. When no hook returns a promise, all of it
   *   happens before `play()` returns.
   * - Paused: resumes the same world in the same scene. `elapsedTime`
   *   restarts at zero, and no time is charged for the pause (the clock
   *   starts with no baseline, so the first frame is worth 0).
   *
   * @return A promise that settles once the engine is playing.
   * @throws {Error} after `destroy()`.
   */
  play(): Promise<void> {
    this.assertAlive('play');
    this.start();
    switch (this.currentState) {
      case 'playing':
        return Promise.resolve();
      case 'loading':
        this.wantPaused = false;
        return this.loading ?? Promise.resolve();
      case 'paused':
        this.engineTime.elapsedTime = 0;
        this.currentState = 'playing';
        this.releaseLoop();
        return Promise.resolve();
      case 'unloaded':
        this.wantPaused = false;
        return this.track(this.startWorld());
    }
  }

  /**
   * Halts the loop without tearing anything down (a pause menu's pause): the
   * engine requests no frames, `elapsedTime` freezes, and nothing drains the
   * event queue, so events dispatched while paused are delivered on the
   * first frame after `play()`. Called inside a frame, that frame finishes.
   * While loading, the engine ends up paused instead of playing.
   */
  pause(): void {
    if (this.currentState === 'playing') {
      this.holdLoop();
      this.currentState = 'paused';
    } else if (this.currentState === 'loading') {
      this.wantPaused = true;
    }
  }

  /** Whether the game is paused ({@link pause}): it runs no frame until {@link play}. */
  override get paused(): boolean {
    return this.currentState === 'paused';
  }

  /**
   * The seed's `stop()`: "stop() destroys the world." The scene's
   * `onSceneExit` and `onSceneDestroy` (world systems, then the scene's),
   * then `onWorldDestroy`; the event queue is emptied and every listener a
   * system or behavior added goes. A later `play()` builds the whole game
   * again from the configuration, starting at `startSceneId`. Called inside a
   * frame, it happens as the frame ends. Does nothing while unloaded.
   * (Named for what it does: `stop()` is the shell's in every preset, and
   * only stops taking host ticks.)
   */
  destroyWorld(): void {
    const run = this.run;
    if (run === undefined) return;
    if (this.innerLoop.inFrame) {
      this.pendingWorldEnd = true;
      return;
    }
    this.endWorld(run);
  }

  /**
   * Changes scene: the current scene's `onSceneExit` and `onSceneDestroy`
   * run, then the new scene is built (systems and entities), loaded
   * (`onSceneLoad`, awaited) and entered (`onSceneEnter`). No frame runs in
   * between. Called inside a frame, the change starts as the frame ends. A
   * paused engine stays paused.
   *
   * @return A promise that settles once the new scene is entered.
   * @throws {OptionError} when `sceneId` names no scene; an `Error` when the game is unloaded.
   */
  loadScene(sceneId: string): Promise<void> {
    if (!this.config.scenes.has(sceneId)) {
      throw new OptionError('loadScene', 'sceneId', `the id of one of the scenes (${[...this.config.scenes.keys()].join(', ')})`, sceneId);
    }
    const run = this.run;
    if (run === undefined) throw new Error(`loadScene: the engine is ${this.currentState}; play() builds a world first`);
    if (this.innerLoop.inFrame || this.currentState === 'loading') {
      const done = this.pendingScene?.done ?? deferred();
      this.pendingScene = { id: sceneId, done };
      return done.promise;
    }
    return this.track(this.changeScene(run, sceneId));
  }

  /**
   * Queues an event for the next frame's first phase. Events are delivered
   * in dispatch order; one dispatched during delivery waits for the next
   * frame; while paused, the queue waits for the first frame after `play()`.
   *
   * @throws {OptionError} unless `type` is a string (a system's `options.events` refuses the same).
   */
  dispatchEvent(type: string, payload?: unknown): void {
    this.queue.dispatch(type, payload);
  }

  /**
   * Listens to one type of event (for page code: a HUD, a pause menu). It
   * stays until removed, across `destroyWorld()` and `play()`; a system's own listeners go
   * through its `options.events`.
   *
   * @return A function that removes the listener.
   * @throws {OptionError} unless `type` is a string and `listener` a function (a system's `options.events` refuses the same).
   */
  addEventListener<T = unknown>(type: string, listener: SystemsEventListener<T>): () => void {
    return this.queue.listen(type, listener as SystemsEventListener, { name: 'event listener' });
  }

  /** How many events wait for the next frame. */
  get queuedEvents(): number {
    return this.queue.size;
  }

  /** The engine's counters over its whole life (see {@link SystemsEngineStats}). */
  override stats(): SystemsEngineStats {
    const stats = super.stats();
    return { ...stats, skippedTicks: stats.declined, fixedUpdates: this.innerLoop.fixedStepCount, ...this.counts };
  }

  /** The engine's own state (see {@link SystemsSnapshotState}). @throws {Error} while a world or scene loads or ends, and for state that is not plain data (see `saveSystems`). */
  protected saveState(): SystemsSnapshotState {
    return saveSystems(this.saveParts('save'));
  }

  /**
   * Puts the engine's own state back (see `restoreSystems`), then its life:
   * playing (the loop takes ticks again) or paused (it is held).
   * @throws {OptionError} for a state this engine cannot take (the engine is then unchanged); an `Error` while a world or scene loads or ends.
   */
  protected restoreState(state: unknown): void {
    this.currentState = restoreSystems(this.saveParts('restore'), state);
    if (this.currentState === 'playing') this.releaseLoop();
    else this.holdLoop();
  }

  /** What save and restore read and write, when they may: not while a world or a scene loads, nor while one ends (inside its exit or destroy hooks). */
  private saveParts(method: 'save' | 'restore'): SaveParts {
    const { currentState: life, engineTime: time, queue, run, unsavedFields: warnings } = this;
    if (life === 'loading' || this.pendingScene !== undefined) {
      throw new Error(
        `${method}: the ${this.preset} is loading (a play() or loadScene() is under way${this.pendingScene === undefined ? '' : `, scene "${this.pendingScene.id}" next`}); ` +
          `${method} between frames of a loaded scene: await the promise play() or loadScene() returned first`,
      );
    }
    if (run?.exiting === true || run?.ended === true) throw new Error(`${method}: called while the ${this.preset}'s scene or world ends (inside its exit or destroy hooks); ${method} between frames of a loaded scene`);
    return { life, time, queue, run, behaviorClasses: this.config.behaviorClasses, warnings, report: this.reportFrom };
  }

  /** The shell's `destroy()` calls this once: the world is destroyed (its hooks run) and the backend freed. Later calls to play throw. */
  protected teardown(): void {
    const run = this.run;
    if (run !== undefined) this.endWorld(run);
    try {
      this.backend.destroy();
    } catch (error) {
      this.reportFrom('backend', 'destroy', error);
    }
  }

  // -- building and tearing down ---------------------------------------------

  private startWorld(): MaybePromise {
    const run = new WorldRun();
    this.run = run;
    this.currentState = 'loading';
    this.engineTime.reset();
    // Construction comes before all hooks: every world system is built first.
    run.worldSystems = buildSystems(this.config.worldSystems, this.queue, (Class, events) => new Class(handedOver({ time: this.time, events, engine: this })), this.reportFrom);
    return andThen(this.eachHook(run, run.worldSystems, 'onWorldLoad'), () => {
      if (run.cancelled) return;
      void this.eachHook(run, run.worldSystems, 'onWorldReady');
      return andThen(this.enterScene(run, this.config.startSceneId), () => this.begin(run));
    });
  }

  /** Builds a scene (systems, then entities), then onSceneLoad (awaited) and onSceneEnter, world systems first. */
  private enterScene(run: WorldRun, sceneId: string): MaybePromise {
    if (run.cancelled) return;
    const config = this.config.scenes.get(sceneId)!;
    const scene = new Scene(sceneId, this.sceneContext);
    run.scene = scene;
    run.sceneEntered = false;
    run.sceneSystems = buildSystems(config.systems ?? [], this.queue, (Class, events) => new Class(handedOver({ time: this.time, events, engine: this, scene })), this.reportFrom);
    scene.systems = run.sceneSystems.map((record) => record.hooks);
    (config.entities ?? []).forEach((entity, i) => {
      try {
        scene.createEntity({ ...entity, components: structuredClone(entity.components ?? {}) }, `scenes "${sceneId}" entities[${i}]`);
      } catch (error) {
        this.reportFrom(`scene ${sceneId}`, `entities[${i}]`, error);
      }
    });
    const both = [...run.worldSystems, ...run.sceneSystems];
    return andThen(this.eachHook(run, both, 'onSceneLoad', scene), () => {
      if (run.cancelled) return;
      run.sceneEntered = true; // from its first onSceneEnter on, so a stop from inside one exits the scene
      void this.eachHook(run, both, 'onSceneEnter', scene);
      run.frameSystems = both;
    });
  }

  /**
   * The scene's exit and destroy hooks (world systems first), then its
   * entities and listeners go. Once per scene: a stop or destroy from inside
   * one of these hooks lets them finish, each once, and the world ends after
   * them (the seed's order: onSceneExit, onSceneDestroy, onWorldDestroy).
   */
  private exitScene(run: WorldRun): void {
    const scene = run.scene;
    if (scene === undefined || run.exiting) return;
    run.exiting = true;
    const both = [...run.worldSystems, ...run.sceneSystems];
    run.frameSystems = run.worldSystems;
    if (run.sceneEntered) void this.eachHook(run, both, 'onSceneExit', scene, true);
    void this.eachHook(run, both, 'onSceneDestroy', scene, true);
    for (const record of run.sceneSystems) record.events.dispose();
    scene.destroy();
    run.sceneSystems = [];
    run.scene = undefined;
    run.sceneEntered = false;
    run.exiting = false;
    if (run.endAfterExit) this.endWorld(run);
  }

  /** The end of loading: the loop starts (or the engine rests paused), then a scene change asked for meanwhile. */
  private begin(run: WorldRun): void {
    if (run.cancelled) return;
    if (this.wantPaused) {
      this.currentState = 'paused';
    } else {
      this.currentState = 'playing';
      this.releaseLoop();
    }
    this.wantPaused = false;
    const pending = this.pendingScene;
    if (pending !== undefined) {
      this.pendingScene = undefined;
      const change = this.changeScene(run, pending.id);
      if (change === undefined) pending.done.resolve();
      else change.then(pending.done.resolve, pending.done.reject);
    }
  }

  private changeScene(run: WorldRun, sceneId: string): MaybePromise {
    this.wantPaused = this.currentState === 'paused';
    this.currentState = 'loading';
    this.holdLoop();
    this.exitScene(run);
    return andThen(this.enterScene(run, sceneId), () => this.begin(run));
  }

  /** The world's end (see {@link destroyWorld}), at once. */
  private endWorld(run: WorldRun): void {
    run.cancelled = true;
    this.holdLoop();
    if (run.ended) return;
    if (run.exiting) {
      run.endAfterExit = true; // asked for from inside a scene's exit hooks: the world ends once they are done
      return;
    }
    run.ended = true;
    this.exitScene(run);
    void this.eachHook(run, run.worldSystems, 'onWorldDestroy', undefined, true);
    for (const record of run.worldSystems) record.events.dispose();
    this.queue.clear();
    this.run = undefined;
    this.pendingWorldEnd = false;
    const pending = this.pendingScene;
    this.pendingScene = undefined;
    pending?.done.reject(new Error('loadScene: the world was destroyed before the scene loaded (destroyWorld() or destroy())'));
    this.loading = undefined;
    this.engineTime.reset();
    this.currentState = 'unloaded';
  }

  /** The end of every frame: a stop or a scene change asked for inside it. */
  private settle(): void {
    const run = this.run;
    if (run === undefined) return;
    if (this.pendingWorldEnd) {
      this.endWorld(run);
      return;
    }
    const pending = this.pendingScene;
    if (pending !== undefined && this.currentState !== 'loading') {
      this.pendingScene = undefined;
      const change = this.changeScene(run, pending.id);
      if (change === undefined) pending.done.resolve();
      else this.track(change).then(pending.done.resolve, pending.done.reject);
    }
  }

  /** Remembers a load under way (so `play()` during it can wait for it); a synchronous load is already done. */
  private track(result: MaybePromise): Promise<void> {
    if (result === undefined) return Promise.resolve();
    const loading = result.finally(() => {
      if (this.loading === loading) this.loading = undefined;
    });
    this.loading = loading;
    return loading;
  }

  // -- the frame (its steps are SYSTEMS_ENGINE_PHASE_TABLE's) ------------------

  /** What the phase table runs on (see {@link SystemsPhaseHost}). @internal */
  private static phaseHostOf(engine: SystemsEngine): SystemsPhaseHost {
    const scene = (): Scene => engine.run!.scene!;
    return {
      refreshTime: (seconds) => engine.engineTime.refresh(seconds, engine.innerLoop),
      deliverEvents() {
        const counts = engine.counts;
        counts.eventsDelivered = saturatingAdd(counts.eventsDelivered, engine.queue.deliver(engine.onListenerError));
      },
      beginStep: () => engine.interpolation?.beginStep(scene().entities),
      runSystems(hook) {
        const run = engine.run!;
        engine.runSystems(run.frameSystems, hook);
        return engine.run === run;
      },
      runBehaviors(hook) {
        const current = engine.run?.scene;
        if (hook === 'fixedUpdate') current?.runFixedUpdates();
        else current?.runUpdates();
      },
      drawPoses() {
        const { entities } = scene();
        if (engine.interpolation !== undefined) engine.interpolation.drawAt(entities, engine.engineTime);
        else drawAsIs(entities);
      },
      render() {
        const { frameView } = engine;
        const current = scene();
        frameView.sceneId = current.id;
        frameView.entities = current.entities;
        frameView.frame = engine.innerLoop.frameCount;
        try {
          engine.backend.render(frameView as SystemsFrame);
        } catch (error) {
          engine.reportFrom('backend', 'render', error);
        }
      },
      flushRemoved: () => scene().flush(),
      countCeiling() {
        if (engine.innerLoop.frameDroppedMs > 0) engine.counts.ceilingFrames++;
      },
      settle: () => engine.settle(),
    };
  }

  /** Holds the loop (idempotent): no frames while the engine is not playing. */
  private holdLoop(): void {
    this.release ??= this.innerLoop.hold();
  }

  /** Releases the hold (idempotent): the clock starts fresh, so no time is charged for the pause or the load. */
  private releaseLoop(): void {
    const release = this.release;
    this.release = undefined;
    release?.();
  }

  /** One frame hook of each system, in order, each caught on its own; a stop or destroy from inside one ends the walk. */
  private runSystems(systems: readonly SystemRecord[], hook: FrameHook): void {
    const run = this.run;
    for (let i = 0; i < systems.length && this.run === run; i++) {
      const record = systems[i]!;
      const hooks = record.hooks;
      if (hooks[hook] === undefined) continue;
      try {
        hooks[hook]!();
      } catch (error) {
        this.reportFrom(record.name, hook, error);
      }
    }
  }

  // -- hooks and errors -------------------------------------------------------

  /**
   * Calls one lifecycle hook of each system in order, each caught on its
   * own; a hook that returns a promise is awaited before the next system's
   * (see {@link callInSequence}). `all` runs the hook even for a cancelled
   * run (the destroy hooks).
   */
  private eachHook(run: WorldRun, systems: readonly SystemRecord[], hook: keyof WorldSystemHooks, scene?: Scene, all = false): MaybePromise {
    return callInSequence(
      systems,
      (record) => (record.hooks[hook] as ((scene?: Scene) => unknown) | undefined)?.call(record.hooks, scene),
      (record, error) => this.reportFrom(record.name, hook, error),
      () => run.cancelled && !all,
    );
  }

  private readonly onListenerError = (owner: string, type: string, error: unknown): void => {
    this.reportFrom(owner, `event "${type}"`, error);
  };

  /** An error a system, behavior, listener or the backend threw, named by who threw and in which hook. */
  private readonly reportFrom = (system: string, hook: string, cause: unknown): void => {
    this.report(cause, { system, hook });
  };
}

/**
 * Builds a systems engine from a game's configuration: world systems,
 * scenes each with their scene systems in order, a `startSceneId`, and the
 * performance settings under `globalOptions.performance`.
 *
 * The loop runs on requestAnimationFrame with a fixed-timestep accumulator.
 * Rendering happens once per frame; simulation (`fixedUpdate`) runs at
 * `fixedUpdateRate`, zero or more times per frame, so the same input gives
 * the same result at any display rate, and a long frame cannot carry a
 * character through a platform in one step.
 *
 * One frame, in order (the phases of {@link SYSTEMS_ENGINE_PHASE_TABLE}):
 *
 * 1. the queued events are delivered, in dispatch order;
 * 2. once per accumulated fixed step, zero or more times: the interpolation
 *    snapshot, every system's `fixedUpdate` in configuration order (world
 *    systems first), then every entity's behaviors;
 * 3. `Time` is refreshed (`deltaTime`, `elapsedTime`, `alpha`): after the
 *    fixed steps, before update;
 * 4. every system's `update`, then every entity's behaviors;
 * 5. each entity's drawn pose, `alpha` between its last two steps;
 * 6. the backend draws;
 * 7. removed entities leave the scene; a `stop()` or `loadScene()` asked
 *    for during the frame happens.
 *
 * ```text
 * host ticks   a-----b--------------c--|     a = 0, b = 30, c = 90 (ms), 50 Hz step = 20 ms
 * events       e-----e--------------e--|
 * fixedUpdate  ------F--------------(FFF)    0, 1, then 3 steps (acc 0, 10, 0)
 * update       u-----u--------------u--|
 * ```
 *
 * @example
 * ```ts
 * import { NEVER } from 'rxjs';
 * import { createSystemsEngine, SceneSystem, type SceneSystemOptions } from 'tickflow/systems';
 *
 * class Fall extends SceneSystem {
 *   constructor(private readonly options: SceneSystemOptions) { super(); }
 *   fixedUpdate(): void {
 *     for (const entity of this.options.scene.entities) entity.transform.y += 10 * this.options.time.fixedDeltaTime;
 *   }
 * }
 * const engine = createSystemsEngine({
 *   scenes: [{ id: 'main', systems: [Fall], entities: [{ id: 'rock' }] }],
 *   startSceneId: 'main',
 *   ticks: NEVER, // headless: step it with advance()
 * });
 * await engine.play();
 * for (let t = 0; t <= 1000; t += 20) engine.advance(t); // one second at 50 Hz
 * engine.scene!.find('rock')!.transform.y; // 10 (9.999999999999996: fifty sums of 0.2)
 * ```
 *
 * @throws {OptionError} for a bad or unknown option or setting, before anything starts.
 */
export function createSystemsEngine(config: SystemsConfig): SystemsEngine {
  return new SystemsEngine(config);
}
