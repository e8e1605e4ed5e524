import { defer, Observable, pipe, Subject, type Subscribable } from 'rxjs';
import { capFps } from '../../../operators/cap-fps.js';
import { clampDelta } from '../../../operators/clamp-delta.js';
import { deltas } from '../../../operators/deltas.js';
import { OptionError } from '../../../operators/option-error.js';
import type { Clock } from '../../clocks/clock.js';
import { wallClock } from '../../clocks/wall-clock.js';
import { animationFrames } from '../../hosts/animation-frames.js';
import { createLoop, type Loop } from '../../loop/loop.js';
import type { PhaseError } from '../../loop/phase-error.js';
import type { Entity } from './entity.js';
import { EventQueue, EventScope, type SystemsEventListener } from './event-queue.js';
import { InterpolationSystem } from './interpolation.js';
import type { ResolvedPerformance } from './performance-settings.js';
import { Scene, type SceneContext } from './scene.js';
import { nameOf, SystemError } from './system-error.js';
import type { SceneSystemHooks, WorldSystemHooks } from './system.js';
import type { SystemsBackend, SystemsFrame } from './systems-backend.js';
import { checkConfig, type CheckedConfig, type SceneConfig, type SystemsConfig } from './systems-config.js';
import { EngineTime, type Time } from './time.js';

/**
 * The phases of one frame, in order (each a phase of the underlying
 * {@link Loop}):
 *
 * 1. `events`: the queued events are delivered.
 * 2. `fixedUpdate` (fixed): once per accumulated fixed step, zero or more
 *    times: the interpolation snapshot, then every system's `fixedUpdate` in
 *    configuration order (world systems first), then every entity's behaviors.
 * 3. `time`: {@link Time} is refreshed (deltaTime, elapsedTime, alpha).
 * 4. `update`: every system's `update`, then every entity's behaviors.
 * 5. `interpolate`: each entity's drawn pose, `alpha` between its last two steps.
 * 6. `render`: the backend draws.
 * 7. `endFrame`: removed entities leave the scene.
 */
export const SYSTEMS_ENGINE_PHASES = ['events', 'fixedUpdate', 'time', 'update', 'interpolate', 'render', 'endFrame'] as const;

/** A phase of the systems engine's frame. */
export type SystemsPhase = (typeof SYSTEMS_ENGINE_PHASES)[number];

/**
 * Where the engine is in its life:
 * `stopped` (no world), `loading` (hooks 1 to 4 under way: no frames),
 * `playing`, `paused` (no frames requested), `destroyed`.
 */
export type SystemsEngineState = 'stopped' | 'loading' | 'playing' | 'paused' | 'destroyed';

/** Counters of the current world run (they start over when `play()` builds the world again). */
export interface SystemsEngineStats {
  /** Frames run. */
  readonly frames: number;
  /** Host ticks the loop skipped: the maxFPS cap's skipped iterations (nothing ran on them). */
  readonly skippedTicks: number;
  /** `fixedUpdate` steps run. */
  readonly fixedUpdates: number;
  /** Events delivered. */
  readonly eventsDelivered: number;
  /** Frames that hit `maxFixedUpdatesPerFrame` and discarded their backlog. */
  readonly ceilingFrames: number;
  /** Simulation time discarded at the ceiling, in ms (the whole backlog, the fraction included). */
  readonly droppedMs: number;
  /** Errors reported. */
  readonly errors: number;
}

interface SystemRecord {
  readonly hooks: WorldSystemHooks;
  readonly name: string;
  readonly events: EventScope;
}

/** One world, from `play()` on a stopped engine to `stop()`. */
class WorldRun {
  readonly worldSystems: SystemRecord[] = [];
  sceneSystems: SystemRecord[] = [];
  /** World systems then the scene's, the order every frame phase walks. */
  frameSystems: SystemRecord[] = [];
  scene: Scene | undefined;
  sceneEntered = false;
  cancelled = false;
  fixedUpdates = 0;
  eventsDelivered = 0;
  ceilingFrames = 0;
  errors = 0;

  constructor(readonly loop: Loop<SystemsPhase>) {}
}

type MaybePromise = void | Promise<void>;

/**
 * The systems engine: a fixed-rate simulation clock (`fixedUpdate`), a
 * per-frame one (`update`), one shared {@link Time}, the lifecycle hooks in
 * the seed's order, a per-engine event queue, and `play` / `pause` /
 * `stop`. Build it with {@link createSystemsEngine}.
 */
export class SystemsEngine {
  /** The one shared Time handed to every system and behavior. */
  readonly time: Time;
  /** Every error a system, behavior, event listener or the backend threw, with system, hook and frame. */
  readonly errors$: Observable<SystemError>;
  /** The backend frames are drawn through. */
  readonly backend: SystemsBackend;
  /** The settings in force, defaults applied. */
  readonly performance: ResolvedPerformance;

  private readonly config: CheckedConfig;
  private readonly engineTime: EngineTime;
  private readonly ticks: Subscribable<number>;
  private readonly interpolation: InterpolationSystem | undefined;
  private readonly onError: (error: SystemError) => void;
  private readonly errorSubject = new Subject<SystemError>();
  private readonly queue = new EventQueue();
  private readonly frameView: { sceneId: string; entities: readonly Entity[]; time: Time; frame: number };
  private readonly sceneContext: SceneContext;
  private run: WorldRun | undefined;
  private currentState: SystemsEngineState = 'stopped';
  /** While loading: whether to end up paused instead of playing. */
  private wantPaused = false;
  private loading: Promise<void> | undefined;
  private pendingStop = false;
  private pendingScene: { id: string; done: Deferred } | undefined;

  constructor(config: SystemsConfig) {
    const where = 'createSystemsEngine';
    this.config = checkConfig(config, where);
    this.performance = this.config.performance;
    const { backend, ticks, interpolation = true, onError = defaultOnError } = config;
    this.backend = backend ?? inertBackend();
    this.ticks = ticks ?? defer(() => animationFrames());
    this.interpolation = interpolation ? new InterpolationSystem() : undefined;
    this.onError = onError;
    this.engineTime = new EngineTime(1 / this.performance.fixedUpdateRateHz);
    this.time = this.engineTime;
    this.errors$ = this.errorSubject.asObservable();
    this.frameView = { sceneId: '', entities: [], time: this.time, frame: 0 };
    const engine = this;
    this.sceneContext = {
      time: this.time,
      queue: this.queue,
      engine: this,
      report: (system, hook, error) => this.report(system, hook, error),
      inFrame: () => engine.run?.loop.inFrame === true,
    };
  }

  /** Where the engine is in its life. */
  get state(): SystemsEngineState {
    return this.currentState;
  }

  /** The active scene (undefined while stopped, and between a scene's destroy and the next one's build). */
  get scene(): Scene | undefined {
    return this.run?.scene;
  }

  /** The current world run's loop (undefined while stopped); its phases are {@link SYSTEMS_ENGINE_PHASES}. */
  get loop(): Loop<SystemsPhase> | undefined {
    return this.run?.loop;
  }

  /**
   * Starts or resumes the game.
   *
   * - Stopped: builds the whole game from the configuration: every world
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
    switch (this.currentState) {
      case 'destroyed':
        throw new Error('play: the engine was destroyed');
      case 'playing':
        return Promise.resolve();
      case 'loading':
        this.wantPaused = false;
        return this.loading ?? Promise.resolve();
      case 'paused':
        this.engineTime.elapsedTime = 0;
        this.currentState = 'playing';
        this.run!.loop.start();
        return Promise.resolve();
      case 'stopped':
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
      this.run!.loop.stop();
      this.currentState = 'paused';
    } else if (this.currentState === 'loading') {
      this.wantPaused = true;
    }
  }

  /**
   * Destroys the world: the scene's `onSceneExit` and `onSceneDestroy` (world
   * systems, then the scene's), then `onWorldDestroy`; the event queue is
   * emptied and every listener a system or behavior added goes. A later
   * `play()` builds the whole game again from the configuration, starting
   * at `startSceneId`. Called inside a frame, it happens as the frame ends.
   */
  stop(): void {
    const run = this.run;
    if (run === undefined) return;
    if (run.loop.inFrame) {
      this.pendingStop = true;
      run.loop.stop();
      return;
    }
    this.teardown(run);
  }

  /**
   * Changes scene: the current scene's `onSceneExit` and `onSceneDestroy`
   * run, then the new scene is built (systems and entities), loaded
   * (`onSceneLoad`, awaited) and entered (`onSceneEnter`). No frame runs in
   * between. Called inside a frame, the change starts as the frame ends. A
   * paused engine stays paused.
   *
   * @return A promise that settles once the new scene is entered.
   * @throws {OptionError} when `sceneId` names no scene; an `Error` when the engine is stopped.
   */
  loadScene(sceneId: string): Promise<void> {
    if (!this.config.scenes.has(sceneId)) {
      throw new OptionError('loadScene', 'sceneId', `the id of one of the scenes (${[...this.config.scenes.keys()].join(', ')})`, sceneId);
    }
    const run = this.run;
    if (run === undefined) throw new Error(`loadScene: the engine is ${this.currentState}; play() builds a world first`);
    if (run.loop.inFrame || this.currentState === 'loading') {
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
   */
  dispatchEvent(type: string, payload?: unknown): void {
    if (typeof type !== 'string') throw new OptionError('dispatchEvent', 'type', 'a string', type);
    this.queue.dispatch(type, payload);
  }

  /**
   * Listens to one type of event (for page code: a HUD, a pause menu). It
   * stays until removed, across stop and play; a system's own listeners go
   * through its `options.events`.
   *
   * @return A function that removes the listener.
   */
  addEventListener<T = unknown>(type: string, listener: SystemsEventListener<T>): () => void {
    if (typeof listener !== 'function') throw new OptionError('addEventListener', 'listener', 'a function', listener);
    return this.queue.listen(type, listener as SystemsEventListener, { name: 'event listener' });
  }

  /** How many events wait for the next frame. */
  get queuedEvents(): number {
    return this.queue.size;
  }

  /**
   * Runs one host tick synchronously, as the page's frame would (the cap
   * may skip it). Only a playing engine runs frames: paused, stopped or
   * loading, nothing runs and it returns false.
   *
   * @param timestampMs The tick's timestamp; defaults to the previous one plus 1000/60.
   * @return Whether a frame ran.
   */
  advance(timestampMs?: number): boolean {
    if (this.currentState !== 'playing') return false;
    const ran = this.run!.loop.advance(timestampMs);
    this.settle();
    return ran;
  }

  /** Counters of the current world run (all zero while stopped). */
  stats(): SystemsEngineStats {
    const run = this.run;
    if (run === undefined) {
      return { frames: 0, skippedTicks: 0, fixedUpdates: 0, eventsDelivered: 0, ceilingFrames: 0, droppedMs: 0, errors: 0 };
    }
    const loopStats = run.loop.stats();
    return {
      frames: run.loop.frame().count,
      skippedTicks: loopStats.declined,
      fixedUpdates: run.fixedUpdates,
      eventsDelivered: run.eventsDelivered,
      ceilingFrames: run.ceilingFrames,
      droppedMs: loopStats.droppedMs,
      errors: run.errors,
    };
  }

  /** Stops (destroying the world) and frees the backend. Later calls to play throw. */
  destroy(): void {
    if (this.currentState === 'destroyed') return;
    const run = this.run;
    if (run !== undefined) this.teardown(run);
    this.currentState = 'destroyed';
    try {
      this.backend.destroy();
    } catch (error) {
      this.report('backend', 'destroy', error);
    }
    this.errorSubject.complete();
  }

  // -- building and tearing down ---------------------------------------------

  private startWorld(): MaybePromise {
    const run = new WorldRun(this.createLoop());
    this.run = run;
    this.currentState = 'loading';
    this.engineTime.reset();
    // Construction comes before all hooks: every world system is built first.
    for (const Class of this.config.worldSystems) {
      const events = new EventScope(this.queue, Class.name);
      const hooks: WorldSystemHooks | undefined = this.construct(Class.name, () => new Class({ time: this.time, events, engine: this }));
      if (hooks === undefined) {
        events.dispose();
        continue;
      }
      events.name = nameOf(hooks);
      run.worldSystems.push({ hooks, name: events.name, events });
    }
    return then(this.eachHook(run, run.worldSystems, 'onWorldLoad'), () => {
      if (run.cancelled) return;
      this.eachHook(run, run.worldSystems, 'onWorldReady');
      return then(this.enterScene(run, this.config.startSceneId), () => this.begin(run));
    });
  }

  /** Builds a scene (systems, then entities), then onSceneLoad (awaited) and onSceneEnter, world systems first. */
  private enterScene(run: WorldRun, sceneId: string): MaybePromise {
    if (run.cancelled) return;
    const config = this.config.scenes.get(sceneId)!;
    const scene = new Scene(sceneId, this.sceneContext);
    run.scene = scene;
    run.sceneEntered = false;
    run.sceneSystems = this.buildSceneSystems(scene, config);
    scene.systems = run.sceneSystems.map((record) => record.hooks);
    (config.entities ?? []).forEach((entity, i) => {
      try {
        scene.createEntity({ ...entity, components: structuredClone(entity.components ?? {}) }, `scenes "${sceneId}" entities[${i}]`);
      } catch (error) {
        this.report(`scene ${sceneId}`, `entities[${i}]`, error);
      }
    });
    const both = [...run.worldSystems, ...run.sceneSystems];
    return then(this.eachHook(run, both, 'onSceneLoad', scene), () => {
      if (run.cancelled) return;
      this.eachHook(run, both, 'onSceneEnter', scene);
      run.sceneEntered = true;
      run.frameSystems = both;
    });
  }

  private buildSceneSystems(scene: Scene, config: SceneConfig): SystemRecord[] {
    const records: SystemRecord[] = [];
    for (const Class of config.systems ?? []) {
      const events = new EventScope(this.queue, Class.name);
      const hooks: SceneSystemHooks | undefined = this.construct(Class.name, () => new Class({ time: this.time, events, engine: this, scene }));
      if (hooks === undefined) {
        events.dispose();
        continue;
      }
      events.name = nameOf(hooks);
      records.push({ hooks: hooks as WorldSystemHooks, name: events.name, events });
    }
    return records;
  }

  /** The scene's exit and destroy hooks (world systems first), then its entities and listeners go. */
  private exitScene(run: WorldRun): void {
    const scene = run.scene;
    if (scene === undefined) return;
    const both = [...run.worldSystems, ...run.sceneSystems];
    run.frameSystems = run.worldSystems;
    if (run.sceneEntered) this.eachHook(run, both, 'onSceneExit', scene, true);
    this.eachHook(run, both, 'onSceneDestroy', scene, true);
    for (const record of run.sceneSystems) record.events.dispose();
    scene.destroy();
    run.sceneSystems = [];
    run.scene = undefined;
    run.sceneEntered = false;
  }

  /** The end of loading: the loop starts (or the engine rests paused), then a scene change asked for meanwhile. */
  private begin(run: WorldRun): void {
    if (run.cancelled) return;
    if (this.wantPaused) {
      this.currentState = 'paused';
    } else {
      this.currentState = 'playing';
      run.loop.start();
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
    run.loop.stop();
    this.exitScene(run);
    return then(this.enterScene(run, sceneId), () => this.begin(run));
  }

  private teardown(run: WorldRun): void {
    run.cancelled = true;
    run.loop.stop();
    this.exitScene(run);
    this.eachHook(run, run.worldSystems, 'onWorldDestroy', undefined, true);
    for (const record of run.worldSystems) record.events.dispose();
    this.queue.clear();
    run.loop.destroy();
    this.run = undefined;
    this.pendingStop = false;
    const pending = this.pendingScene;
    this.pendingScene = undefined;
    pending?.done.reject(new Error('loadScene: the engine was stopped before the scene loaded'));
    this.loading = undefined;
    this.engineTime.reset();
    if (this.currentState !== 'destroyed') this.currentState = 'stopped';
  }

  /** Runs after every tick (host or advance): a stop or a scene change asked for inside the frame. */
  private settle(): void {
    const run = this.run;
    if (run === undefined) return;
    if (this.pendingStop) {
      this.teardown(run);
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

  // -- the frame ------------------------------------------------------------

  private createLoop(): Loop<SystemsPhase> {
    const { fixedStepMs, maxFixedUpdatesPerFrame } = this.performance;
    const loop = createLoop({
      ticks: afterEachTick(this.ticks, () => this.settle()),
      clock: this.clock(),
      fixedStep: { stepMs: fixedStepMs, maxSteps: maxFixedUpdatesPerFrame, overflow: 'drop-backlog' },
      phases: ['events', { name: 'fixedUpdate', fixed: true }, 'time', 'update', 'interpolate', 'render', 'endFrame'],
      onError: (error: PhaseError) => this.report('engine', error.phase, error.cause),
    });
    const time = this.engineTime;
    const interpolation = this.interpolation;
    const frameView = this.frameView;
    loop.on('events', () => {
      const run = this.run!;
      run.eventsDelivered += this.queue.deliver(this.onListenerError);
    });
    loop.on('fixedUpdate', () => {
      const run = this.run!;
      run.fixedUpdates++;
      const scene = run.scene!;
      interpolation?.beginStep(scene.entities);
      this.runSystems(run.frameSystems, 'fixedUpdate');
      scene.runFixedUpdates();
    });
    loop.on('time', (deltaSeconds) => time.refresh(deltaSeconds, loop.alpha));
    loop.on('update', () => {
      const run = this.run!;
      this.runSystems(run.frameSystems, 'update');
      run.scene!.runUpdates();
    });
    loop.on('interpolate', () => {
      const entities = this.run!.scene!.entities;
      if (interpolation !== undefined) interpolation.draw(entities, time.alpha);
      else drawAsIs(entities);
    });
    loop.on('render', () => {
      const run = this.run!;
      const scene = run.scene!;
      frameView.sceneId = scene.id;
      frameView.entities = scene.entities;
      frameView.frame = loop.frame().count;
      try {
        this.backend.render(frameView as SystemsFrame);
      } catch (error) {
        this.report('backend', 'render', error);
      }
    });
    loop.on('endFrame', () => {
      const run = this.run!;
      run.scene!.flush();
      if (loop.plan().droppedMs > 0) run.ceilingFrames++;
    });
    return loop;
  }

  /** The loop's clock: the wall clock clamped to maxFrameDelta, behind the maxFPS cap when there is one. */
  private clock(): Clock {
    const { maxFps, maxFrameDeltaMs } = this.performance;
    if (maxFps === 0) return wallClock({ maxDeltaMs: maxFrameDeltaMs });
    // The cap skips whole iterations on the pacing grid; the kept ticks' real gaps are the frame deltas.
    return pipe(capFps(maxFps), deltas(), clampDelta(maxFrameDeltaMs));
  }

  private runSystems(systems: readonly SystemRecord[], hook: 'fixedUpdate' | 'update'): void {
    for (let i = 0; i < systems.length; i++) {
      const record = systems[i]!;
      const hooks = record.hooks;
      if (hooks[hook] === undefined) continue;
      try {
        hooks[hook]!();
      } catch (error) {
        this.report(record.name, hook, error);
      }
    }
  }

  // -- hooks and errors -------------------------------------------------------

  private construct<T>(name: string, build: () => T): T | undefined {
    try {
      return build();
    } catch (error) {
      this.report(name, 'constructor', error);
      return undefined;
    }
  }

  /**
   * Calls one lifecycle hook of each system in order, each caught on its
   * own. A hook that returns a promise is awaited before the next system's
   * (a rejection is reported like a throw); `all` runs the hook even for a
   * cancelled run (the destroy hooks).
   */
  private eachHook(
    run: WorldRun,
    systems: readonly SystemRecord[],
    hook: keyof WorldSystemHooks,
    scene?: Scene,
    all = false,
    from = 0,
  ): MaybePromise {
    for (let i = from; i < systems.length; i++) {
      if (run.cancelled && !all) return;
      const record = systems[i]!;
      const fn = record.hooks[hook] as ((scene?: Scene) => unknown) | undefined;
      if (typeof fn !== 'function') continue;
      let result: unknown;
      try {
        result = fn.call(record.hooks, scene);
      } catch (error) {
        this.report(record.name, hook, error);
        continue;
      }
      if (isThenable(result)) {
        return Promise.resolve(result).then(
          () => this.eachHook(run, systems, hook, scene, all, i + 1),
          (error: unknown) => {
            this.report(record.name, hook, error);
            return this.eachHook(run, systems, hook, scene, all, i + 1);
          },
        );
      }
    }
  }

  private readonly onListenerError = (owner: string, type: string, error: unknown): void => {
    this.report(owner, `event "${type}"`, error);
  };

  private report(system: string, hook: string, cause: unknown): void {
    const run = this.run;
    const frame = run === undefined ? 0 : run.loop.frame().count;
    if (run !== undefined) run.errors++;
    const error = new SystemError(system, hook, frame, cause);
    try {
      this.onError(error);
    } catch (secondary) {
      console.error(secondary);
    }
    this.errorSubject.next(error);
  }
}

interface Deferred {
  readonly promise: Promise<void>;
  resolve(): void;
  reject(error: unknown): void;
}

function deferred(): Deferred {
  let resolve!: () => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

function isThenable(value: unknown): value is PromiseLike<unknown> {
  return value !== null && (typeof value === 'object' || typeof value === 'function') && typeof (value as PromiseLike<unknown>).then === 'function';
}

/** Runs `next` after `result`: at once when it is not a promise, so a world with no async hook loads synchronously. */
function then(result: MaybePromise, next: () => MaybePromise): MaybePromise {
  return result === undefined ? next() : result.then(next);
}

function drawAsIs(entities: readonly Entity[]): void {
  for (let i = 0; i < entities.length; i++) {
    const { transform, drawn } = entities[i]!;
    drawn.x = transform.x;
    drawn.y = transform.y;
    drawn.rotation = transform.rotation;
  }
}

/** Host ticks, with `after` called once each tick's frame has run (and ended). */
function afterEachTick(ticks: Subscribable<number>, after: () => void): Observable<number> {
  return new Observable<number>((subscriber) => {
    const subscription = ticks.subscribe({
      next(timestampMs) {
        subscriber.next(timestampMs);
        after();
      },
      error: (error: unknown) => subscriber.error(error),
      complete: () => subscriber.complete(),
    });
    return () => subscription.unsubscribe();
  });
}

/** The backend when none is given: draws nothing. */
function inertBackend(): SystemsBackend {
  return { render() {}, destroy() {} };
}

function defaultOnError(error: SystemError): void {
  console.error(error);
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
 * One frame: queued events are delivered, then every accumulated
 * `fixedUpdate`, then `Time` is refreshed, then `update` once, then the
 * drawn poses are interpolated and the backend draws.
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
