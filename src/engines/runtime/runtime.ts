import { defer, Observable, Subject, type Subscribable } from 'rxjs';
import { deltas } from '../../../operators/deltas.js';
import { finiteTimestamps } from '../../../operators/finite-timestamps.js';
import { OptionError } from '../../../operators/option-error.js';
import { pipeSteps } from '../../../operators/step-operator.js';
import { checkOptionKeys, optionsObject } from '../../../operators/validate.js';
import type { Clock } from '../../clocks/clock.js';
import { whileVisible } from '../../clocks/while-visible.js';
import { animationFrames } from '../../hosts/animation-frames.js';
import { createLoop, type Loop } from '../../loop/loop.js';
import type { PhaseError } from '../../loop/phase-error.js';
import type { Behavior, BehaviorFactory, CollisionInfo } from './behavior.js';
import { HandleTable } from './handle-table.js';
import { createPoseBuffer, type PhysicsAdapter, type PhysicsStructure, type PoseBuffer } from './physics-adapter.js';
import { blendPose, copyPose, writePose, type Pose, type PoseUpdate } from './pose.js';
import { RuntimeError } from './runtime-error.js';
import { RuntimeInput, type RuntimeInputOptions, type RuntimeInputState } from './runtime-input.js';
import { RuntimeObject, type BehaviorComponent, type EntityHandle, type RuntimeObjectView } from './runtime-object.js';
import {
  bodyDescOf,
  colliderDescOf,
  parseSceneDocument,
  SceneDocumentError,
  type ResolvedSimulation,
  type SceneDocument,
  type SceneObjectDoc,
} from './scene-document.js';

/**
 * The phases of one rendered frame, in order (each a phase of the underlying
 * {@link Loop}):
 *
 * 1. `input`: the frame's input; a scene replacement asked for is applied;
 *    the player's pause (P) and single-step (N) keys are read.
 * 2. `tick` (fixed, pausable): zero or more fixed ticks, each: structural
 *    commands at the barrier, tick input and `fixedUpdate`, the physics step,
 *    poses read back and `onCollision`.
 * 3. `update`: every behavior's `update`, once.
 * 4. `present`: presentation transforms prepared, each object's previous and
 *    current simulation poses blended by the accumulator fraction.
 * 5. `lateUpdate`: every behavior's `lateUpdate` (`setPresentation` allowed).
 * 6. `render`: the final snapshot goes to the renderer.
 *
 * While paused, phases 2 to 5 do not run (the presentation stays as it was);
 * a single step runs one tick, then 3 to 5 with the tick's interval.
 */
export const RUNTIME_PHASES = ['input', 'tick', 'update', 'present', 'lateUpdate', 'render'] as const;

/** A phase of the runtime's frame. */
export type RuntimePhase = (typeof RUNTIME_PHASES)[number];

/** What the runtime hands its renderer once per rendered frame: one object, rewritten each frame. */
export interface RuntimeFrame {
  /** The live objects, in creation order; draw each at `presented`. */
  readonly objects: readonly RuntimeObjectView[];
  /** The scene session: a new number for every scene loaded. */
  readonly session: number;
  /** Rendered frames of the runtime so far. */
  readonly frame: number;
  /** The accumulator fraction the presentation used, in [0, 1] (1 on a single step). */
  readonly alpha: number;
  /** Fixed ticks this frame ran. */
  readonly ticks: number;
  /** Whether the runtime is paused. */
  readonly paused: boolean;
}

/** What the runtime needs from a renderer (`threeRuntimeBackend` in `tickflow/three`). Rendering never feeds back into simulation. */
export interface RuntimeBackend {
  /** Draws one frame's snapshot. */
  render(frame: RuntimeFrame): void;
  /** Frees the surface (the runtime's `destroy()` calls it). */
  destroy(): void;
}

/** Options of {@link createRuntime}. */
export interface RuntimeOptions {
  /**
   * The scene document (an object or its JSON text): its `simulation`
   * settings and its objects. Validated before anything starts: every
   * problem is named in one {@link SceneDocumentError}.
   */
  readonly scene: unknown;
  /** Behavior factories by the name scene documents use. */
  readonly behaviors?: { readonly [name: string]: BehaviorFactory };
  /**
   * The physics world (`await createRapier3d()` from `tickflow/rapier3d`, or
   * `tickflow/rapier2d`). The runtime owns it from here: its `destroy()`
   * destroys the adapter, which frees everything the physics engine
   * allocated. Required when a scene object has a `body`.
   */
  readonly physics?: PhysicsAdapter;
  /** Draws each frame; defaults to drawing nothing (headless). */
  readonly backend?: RuntimeBackend;
  /** Host ticks (ms); defaults to the page's one requestAnimationFrame. `advance()` works without them. */
  readonly ticks?: Subscribable<number>;
  /**
   * What each tick is worth; defaults to the wall clock with no clamp (so
   * every lost interval shows in `dropped`), declining ticks while the page
   * is hidden when there is a page.
   */
  readonly clock?: Clock;
  /** Keyboard target and key bindings. */
  readonly input?: RuntimeInputOptions;
  /** Called with every error a callback threw; defaults to `console.error`. `errors$` sees them too. */
  readonly onError?: (error: RuntimeError) => void;
  /** Called with every diagnostic (a structural command aimed at a dead object); defaults to `console.warn`. */
  readonly onDiagnostic?: (message: string) => void;
}

const RUNTIME_OPTION_KEYS = ['scene', 'behaviors', 'physics', 'backend', 'ticks', 'clock', 'input', 'onError', 'onDiagnostic'] as const;

/** Counters and readings of the runtime. */
export interface RuntimeStats {
  /** Rendered frames so far. */
  readonly frames: number;
  /** Fixed ticks run in the current scene session. */
  readonly ticks: number;
  /** Fixed ticks the latest frame ran. */
  readonly ticksLastFrame: number;
  /** The accumulator fraction of the latest frame, in [0, 1). */
  readonly alpha: number;
  /** The seed's `dropped_time`: whole fixed intervals dropped past `max_catch_up_ticks`, seconds, in total. */
  readonly droppedSeconds: number;
  /** The same, in the latest frame. */
  readonly droppedLastFrameSeconds: number;
  /** The scene session. */
  readonly session: number;
  /** Live objects. */
  readonly objects: number;
  /** Errors callbacks threw. */
  readonly errors: number;
  /** Diagnostics reported. */
  readonly diagnostics: number;
}

type Command =
  | { readonly kind: 'spawn'; readonly object: RuntimeObject }
  | { readonly kind: 'destroy'; readonly handle: EntityHandle }
  | { readonly kind: 'addComponent'; readonly handle: EntityHandle; readonly behavior: string }
  | { readonly kind: 'removeComponent'; readonly handle: EntityHandle; readonly behavior: string };

type FrameCallback = 'fixedUpdate' | 'update' | 'lateUpdate';
type Callback = FrameCallback | 'onStart' | 'onDestroy' | 'onCollision' | 'create';

/**
 * Who has one frame callback, in creation order then component order: the
 * object, its component, and the function, found once
 * when the scene's structure changes (at a barrier, a scene load or clear),
 * so a frame calls exactly the callbacks there are and looks nothing up.
 */
class CallbackList {
  readonly objects: RuntimeObject[] = [];
  readonly components: BehaviorComponent[] = [];
  readonly functions: ((game: Runtime, self: EntityHandle, delta: number) => void)[] = [];

  constructor(readonly callback: FrameCallback) {}

  /** Lists every live object's behaviors that have this callback. */
  index(objects: readonly RuntimeObject[]): void {
    this.objects.length = this.components.length = this.functions.length = 0;
    for (const object of objects) {
      for (const component of object.behaviors) {
        const callback = component.behavior[this.callback];
        if (typeof callback !== 'function') continue;
        this.objects.push(object);
        this.components.push(component);
        this.functions.push(callback);
      }
    }
  }
}

const NO_BEHAVIORS: { readonly [name: string]: BehaviorFactory } = Object.freeze({});

/**
 * The fixed-tick runtime: behaviors with `onStart`, `fixedUpdate`, `update`,
 * `lateUpdate`, `onDestroy` and `onCollision`; structural commands applied
 * at each fixed tick's barrier; real physics stepped with substeps;
 * interpolated presentation; latched input; dropped time past the catch-up
 * limit; pause and single-step. Build it with {@link createRuntime}.
 *
 * Handles are numbers: `valid(handle)` says whether one names a live object;
 * a destroyed object's handle never validates again.
 */
export class Runtime {
  /** Every error a callback threw, with object, behavior, callback and tick. */
  readonly errors$: Observable<RuntimeError>;
  /** The loop the frames run on; its phases are {@link RUNTIME_PHASES}. */
  readonly loop: Loop<RuntimePhase>;

  private readonly physics: PhysicsAdapter | undefined;
  private readonly backend: RuntimeBackend | undefined;
  private readonly factories: { readonly [name: string]: BehaviorFactory };
  private readonly keys: RuntimeInput;
  private readonly onError: (error: RuntimeError) => void;
  private readonly onDiagnostic: (message: string) => void;
  private readonly errorSubject = new Subject<RuntimeError>();
  private readonly table = new HandleTable<RuntimeObject>();
  private readonly byBody = new Map<number, RuntimeObject>();
  /** The live objects, in creation order: every callback pass walks this. */
  private objects: RuntimeObject[] = [];
  /** Physical objects and their bodies, dense, for one readPoses call. */
  private bodyObjects: RuntimeObject[] = [];
  private bodyHandles: number[] = [];
  private poses: PoseBuffer = createPoseBuffer(0, false);
  private readonly fixedUpdates = new CallbackList('fixedUpdate');
  private readonly updates = new CallbackList('update');
  private readonly lateUpdates = new CallbackList('lateUpdate');
  private queue: Command[] = [];
  private spareQueue: Command[] = [];
  private readonly startObjects: RuntimeObject[] = [];
  private readonly startComponents: (Behavior | undefined)[] = [];
  private documentInForce: SceneDocument;
  private simulationInForce: ResolvedSimulation;
  private pendingScene: { document: SceneDocument; simulation: ResolvedSimulation } | undefined;
  private readonly collision = { kind: 'begin' as 'begin' | 'end', self: 0, other: 0, sensor: false, hasContact: false, point: new Float64Array(3), normal: new Float64Array(3) };
  private readonly frameView: { objects: readonly RuntimeObject[]; session: number; frame: number; alpha: number; ticks: number; paused: boolean };
  private sessionId = 0;
  private tickCount = 0;
  private ticksThisFrame = 0;
  private errorCount = 0;
  private diagnosticCount = 0;
  /** The callback running now (undefined between callbacks). */
  private callback: Callback | undefined;
  /** Whether a fixed tick is running (what `input()` returns depends on it). */
  private inTick = false;
  private isPaused = false;
  private stepRequested = false;
  /** This frame runs update, present and lateUpdate: not paused, or paused and single-stepping. */
  private frameRuns = true;
  private stepping = false;
  private destroyed = false;

  constructor(options: RuntimeOptions) {
    const where = 'createRuntime';
    optionsObject(where, options);
    checkOptionKeys(where, options, RUNTIME_OPTION_KEYS);
    const { behaviors = NO_BEHAVIORS, physics, backend, ticks, clock, input, onError, onDiagnostic } = options;
    checkFactories(where, behaviors);
    if (physics !== undefined && (physics === null || typeof (physics as Partial<PhysicsAdapter>).step !== 'function')) {
      throw new OptionError(where, 'physics', 'a physics adapter (createRapier3d() or createRapier2d())', physics);
    }
    if (backend !== undefined && (backend === null || typeof (backend as Partial<RuntimeBackend>).render !== 'function')) {
      throw new OptionError(where, 'backend', 'an object with render(frame) and destroy()', backend);
    }
    if (ticks !== undefined && (ticks === null || typeof (ticks as Partial<Subscribable<number>>).subscribe !== 'function')) {
      throw new OptionError(where, 'ticks', 'a subscribable of timestamps in ms', ticks);
    }
    if (clock !== undefined && typeof clock !== 'function') throw new OptionError(where, 'clock', 'a clock (an operator from timestamps to deltas)', clock);
    if (onError !== undefined && typeof onError !== 'function') throw new OptionError(where, 'onError', 'a function', onError);
    if (onDiagnostic !== undefined && typeof onDiagnostic !== 'function') throw new OptionError(where, 'onDiagnostic', 'a function', onDiagnostic);
    const scene = this.parseScene(options.scene, behaviors, physics, where);
    this.factories = behaviors;
    this.physics = physics;
    this.backend = backend;
    this.keys = new RuntimeInput(input, where);
    this.onError = onError ?? ((error) => console.error(error));
    this.onDiagnostic = onDiagnostic ?? ((message) => console.warn(message));
    this.errors$ = this.errorSubject.asObservable();
    this.documentInForce = scene.document;
    this.simulationInForce = scene.simulation;
    this.frameView = { objects: this.objects, session: 0, frame: 0, alpha: 0, ticks: 0, paused: false };
    this.loop = createLoop({
      ticks: ticks ?? defer(() => animationFrames()),
      clock: clock ?? defaultClock(),
      phases: ['input', { name: 'tick', fixed: true, pausable: true }, 'update', 'present', 'lateUpdate', 'render'],
      fixedStep: stepOptions(scene.simulation),
      onError: (error: PhaseError) => this.report('runtime', error.phase, 'update', error.cause),
    });
    this.listen(this.loop);
    this.load(scene.document, scene.simulation);
  }

  // -- running ---------------------------------------------------------------

  /** Starts taking host ticks (the page's frames). The first frame is worth 0. */
  start(): void {
    this.assertAlive('start');
    this.loop.start();
  }

  /** Stops taking host ticks. `advance()` still works. */
  stop(): void {
    this.loop.stop();
  }

  /**
   * Runs one rendered frame by hand at `timestampMs` (tests, headless, the
   * `validate` mode). Defaults to the previous tick plus 1000/60 ms.
   *
   * @return Whether the clock delivered a frame.
   */
  advance(timestampMs?: number): boolean {
    this.assertAlive('advance');
    return this.loop.advance(timestampMs);
  }

  /** Whether the runtime is paused (P, or {@link pause}). */
  get paused(): boolean {
    return this.isPaused;
  }

  /**
   * Pauses: no fixed ticks, no update or lateUpdate; frames still render
   * the presentation as it was. "Pause clears accumulated wall time": the
   * loop's accumulator is emptied, and interpolation history reset.
   */
  pause(): void {
    if (this.isPaused) return;
    this.isPaused = true;
    this.loop.paused = true;
    this.resetAllHistory();
  }

  /** Resumes. "Resuming does not simulate the time spent paused": the accumulator starts empty. */
  resume(): void {
    if (!this.isPaused) return;
    this.isPaused = false;
    this.loop.paused = false;
    this.resetAllHistory();
  }

  /**
   * While paused, asks the next frame for a single step: "One step advances
   * one fixed tick and produces a current presentation pose." That frame runs
   * one tick, update and lateUpdate (delta: the fixed interval) and presents
   * the tick's pose itself (alpha 1). Does nothing while running.
   */
  step(): void {
    if (this.isPaused) this.stepRequested = true;
  }

  /** Scripted input (tests, headless): a key (`KeyboardEvent.code`) goes down, as a real keydown would. */
  press(code: string): void {
    this.keys.press(code);
  }

  /** Scripted input: a key comes up. */
  release(code: string): void {
    this.keys.release(code);
  }

  // -- reading ---------------------------------------------------------------

  /** The scene session: a new number for every scene loaded ("a new scene uses a new session identity"). */
  get session(): number {
    return this.sessionId;
  }

  /** The scene document in force, as written (structural commands never change it). Deep-frozen. */
  get document(): SceneDocument {
    return this.documentInForce;
  }

  /** The simulation settings in force (the document's `simulation`, defaults applied). */
  get simulation(): ResolvedSimulation {
    return this.simulationInForce;
  }

  /** Whether `handle` names a live object. False for a spawn not yet at a barrier, and for good once destroyed. */
  valid(handle: EntityHandle): boolean {
    return this.table.get(handle)?.state === 'live';
  }

  /** The first live object named `name`, or undefined. */
  find(name: string): EntityHandle | undefined {
    const objects = this.objects;
    for (let i = 0; i < objects.length; i++) if (objects[i]!.name === name) return objects[i]!.handle;
    return undefined;
  }

  /** Every live object's handle, in creation order (a new array). */
  handles(): EntityHandle[] {
    return this.objects.map((object) => object.handle);
  }

  /** An object's name. */
  nameOf(handle: EntityHandle): string {
    return this.live(handle, 'nameOf').name;
  }

  /** Whether an object has a tag. */
  hasTag(handle: EntityHandle, tag: string): boolean {
    return this.live(handle, 'hasTag').tags.includes(tag);
  }

  /**
   * An object's current simulation pose (read-only: write it with
   * `setTransform` or `teleport`). A camera following this would judder:
   * follow {@link presentation} instead.
   */
  transform(handle: EntityHandle): Pose {
    return this.live(handle, 'transform').current;
  }

  /** An object's presented pose this frame: what is drawn. Follow this in lateUpdate. */
  presentation(handle: EntityHandle): Pose {
    return this.live(handle, 'presentation').presented;
  }

  /**
   * The input: in `fixedUpdate` (and `onCollision`) the tick's, elsewhere the
   * rendered frame's. "Consume a gameplay action in one chosen phase so your
   * own code does not apply it twice."
   */
  input(): RuntimeInputState {
    return this.inTick ? this.keys.tick : this.keys.frame;
  }

  /** Counters and readings. */
  stats(): RuntimeStats {
    const plan = this.loop.plan();
    return {
      frames: this.loop.frame().count,
      ticks: this.tickCount,
      ticksLastFrame: this.frameView.ticks,
      alpha: plan.alpha,
      droppedSeconds: this.loop.stats().droppedMs / 1000,
      droppedLastFrameSeconds: plan.droppedMs / 1000,
      session: this.sessionId,
      objects: this.objects.length,
      errors: this.errorCount,
      diagnostics: this.diagnosticCount,
    };
  }

  // -- writing poses ---------------------------------------------------------

  /**
   * Moves a non-physical object. In `fixedUpdate` it is the simulation pose
   * (interpolated like any other); anywhere else, "a non-physical pose
   * changed in update is presented directly for that frame" (its history is
   * reset to the new pose).
   *
   * @throws {Error} for a physical body ("Physical bodies reject ordinary
   * setTransform; use an explicit teleport").
   */
  setTransform(handle: EntityHandle, pose: PoseUpdate): void {
    const object = this.live(handle, 'setTransform');
    if (object.physical) {
      throw new Error(
        `setTransform: "${object.name}" is a physical body, which physics moves; assign a velocity (setVelocity), ` +
          'or teleport(handle, pose) for an intended discontinuity',
      );
    }
    writePose(object.current, pose);
    if (!this.inTick) copyPose(object.previous, object.current);
  }

  /**
   * The explicit discontinuity: moves an object (physical or not) to `pose` at
   * once, with no sweep and no interpolation from where it was. A physical
   * body keeps its velocity.
   */
  teleport(handle: EntityHandle, pose: PoseUpdate): void {
    const object = this.live(handle, 'teleport');
    writePose(object.current, pose);
    if (object.physical) this.physics!.teleport(object.body, { position: toVec3(object.current.position), rotation: toQuat(object.current.rotation) });
    object.resetHistory();
  }

  /**
   * Sets the presented pose of this frame (a camera's visual pose). "This
   * method is permitted only during lateUpdate and does not write back into
   * physics."
   *
   * @throws {Error} outside lateUpdate.
   */
  setPresentation(handle: EntityHandle, pose: PoseUpdate): void {
    if (this.callback !== 'lateUpdate') {
      throw new Error(`setPresentation: allowed only during lateUpdate, called ${this.callback === undefined ? 'outside any callback' : `during ${this.callback}`}`);
    }
    writePose(this.live(handle, 'setPresentation').presented, pose);
  }

  /**
   * Assigns a physical body's velocity, metres per second ("A velocity is
   * metres per second: assign it directly"): the physics step moves it
   * v × dt, so never multiply by delta here.
   */
  setVelocity(handle: EntityHandle, x: number, y: number, z = 0): void {
    this.physics!.setLinearVelocity(this.body(handle, 'setVelocity'), x, y, z);
  }

  /** Writes a physical body's velocity (m/s) into `out[0..2]`. */
  velocity(handle: EntityHandle, out: Float64Array): Float64Array {
    this.physics!.readLinearVelocity(this.body(handle, 'velocity'), out, 0);
    return out;
  }

  // -- structural commands (applied at the next fixed tick's barrier) -------

  /**
   * Queues a new object; it becomes visible at the next fixed-tick barrier,
   * "not during the callback that requested it": the handle is returned now
   * and `valid` turns true there. Its onStart runs after the barrier.
   *
   * @throws {SceneDocumentError} when `object` is not a valid scene object (every problem named).
   */
  spawn(object: SceneObjectDoc): EntityHandle {
    this.assertAlive('spawn');
    const parsed = parseObject(object, this.factories);
    const record = new RuntimeObject(parsed);
    record.handle = this.table.add(record);
    this.queue.push({ kind: 'spawn', object: record });
    return record.handle;
  }

  /**
   * Queues the removal of an object. At the barrier its behaviors' onDestroy
   * runs while the handle and its data are still valid; afterwards
   * `valid(handle)` is false. Idempotent: destroying an object already
   * destroyed (earlier in the same batch, or before) does nothing.
   */
  destroy(handle: EntityHandle): void {
    this.assertAlive('destroy');
    this.queue.push({ kind: 'destroy', handle });
  }

  /** Queues adding a registered behavior to an object; its onStart runs after the barrier. On a dead object: a no-op and a diagnostic. */
  addComponent(handle: EntityHandle, behavior: string): void {
    this.assertAlive('addComponent');
    if (!Object.hasOwn(this.factories, behavior)) {
      throw new OptionError('addComponent', 'behavior', `a registered behavior (${Object.keys(this.factories).join(', ') || 'none registered'})`, behavior);
    }
    this.queue.push({ kind: 'addComponent', handle, behavior });
  }

  /** Queues removing an object's behavior (the first of that name); its onDestroy runs at the barrier. On a dead object: a no-op and a diagnostic. */
  removeComponent(handle: EntityHandle, behavior: string): void {
    this.assertAlive('removeComponent');
    this.queue.push({ kind: 'removeComponent', handle, behavior });
  }

  /**
   * Replaces the scene at the start of the next rendered frame: every object's
   * onDestroy runs, commands still queued are dropped, and the new document
   * is loaded as written, with a new session identity. Pass the current
   * `document` to restart the scene.
   *
   * @throws {SceneDocumentError} now, when the document is invalid (nothing changes).
   */
  replaceScene(scene: unknown): void {
    this.assertAlive('replaceScene');
    this.pendingScene = this.parseScene(scene, this.factories, this.physics, 'replaceScene');
  }

  /** Stops, runs every object's onDestroy, frees the renderer, the keyboard listeners and the physics world. A second call does nothing. */
  dispose(): void {
    if (this.destroyed) return;
    this.loop.stop();
    this.clear();
    this.destroyed = true;
    this.loop.destroy();
    this.keys.destroy();
    this.backend?.destroy();
    this.physics?.destroy();
    this.errorSubject.complete();
  }

  // -- the frame -------------------------------------------------------------

  private listen(loop: Loop<RuntimePhase>): void {
    loop.on('input', () => {
      this.ticksThisFrame = 0;
      const pending = this.pendingScene;
      if (pending !== undefined) {
        this.pendingScene = undefined;
        this.clear();
        this.load(pending.document, pending.simulation);
      }
      const keys = this.keys;
      keys.beginFrame();
      if (keys.pauseKey) {
        if (this.isPaused) this.resume();
        else this.pause();
      }
      if (keys.stepKey) this.step();
      this.stepping = this.isPaused && this.stepRequested;
      this.stepRequested = false;
      this.frameRuns = !this.isPaused || this.stepping;
      if (this.stepping) this.runTick(this.simulationInForce.fixedDeltaSeconds);
    });
    loop.on('tick', (dtSeconds) => this.runTick(dtSeconds));
    loop.on('update', (dtSeconds) => {
      if (this.frameRuns) this.runCallbacks(this.updates, this.stepping ? this.simulationInForce.fixedDeltaSeconds : dtSeconds);
    });
    loop.on('present', () => {
      if (!this.frameRuns) return;
      const alpha = this.stepping ? 1 : loop.alpha;
      const objects = this.objects;
      for (let i = 0; i < objects.length; i++) {
        const object = objects[i]!;
        blendPose(object.presented, object.previous, object.current, alpha);
      }
      this.frameView.alpha = alpha;
    });
    loop.on('lateUpdate', (dtSeconds) => {
      if (this.frameRuns) this.runCallbacks(this.lateUpdates, this.stepping ? this.simulationInForce.fixedDeltaSeconds : dtSeconds);
    });
    loop.on('render', () => {
      const view = this.frameView;
      view.objects = this.objects;
      view.session = this.sessionId;
      view.frame++; // rendered frames: the loop's count, without its per-call snapshot object
      view.ticks = this.ticksThisFrame;
      view.paused = this.isPaused;
      this.keys.endFrame();
      this.stepping = false;
      this.backend?.render(view);
    });
  }

  /** One fixed tick: the seed's four steps, in order. */
  private runTick(dtSeconds: number): void {
    this.tickCount++;
    this.ticksThisFrame++;
    this.inTick = true;
    try {
      // 1. Structural commands queued by earlier work, FIFO.
      this.barrier();
      // The blend's "previous completed simulation pose" is the one this tick starts from.
      const objects = this.objects;
      for (let i = 0; i < objects.length; i++) copyPose(objects[i]!.previous, objects[i]!.current);
      // 2. Tick input, then fixedUpdate.
      this.keys.beginTick();
      this.runCallbacks(this.fixedUpdates, dtSeconds);
      // 3. The physics step, 4. poses back and collision events.
      const physics = this.physics;
      if (physics !== undefined) {
        physics.step(dtSeconds, this.simulationInForce.physicsSubsteps);
        this.readPoses(physics);
        this.deliverCollisions(physics);
      }
    } finally {
      this.inTick = false;
    }
  }

  /**
   * Applies the structural commands queued before this tick, in FIFO order,
   * then runs the onStart of what they created. "A command queued while this
   * barrier or a callback runs waits until the next tick": the queue is
   * swapped before the first command runs.
   */
  private barrier(): void {
    const batch = this.queue;
    if (batch.length === 0) return;
    this.queue = this.spareQueue;
    const apply = (structure: PhysicsStructure | undefined): void => {
      for (let i = 0; i < batch.length; i++) this.applyCommand(batch[i]!, structure);
    };
    if (this.physics !== undefined) this.physics.barrier(apply);
    else apply(undefined);
    batch.length = 0;
    this.spareQueue = batch;
    this.objects = this.objects.filter((object) => object.state === 'live');
    this.runStarts();
    this.index();
  }

  private applyCommand(command: Command, structure: PhysicsStructure | undefined): void {
    switch (command.kind) {
      case 'spawn': {
        const object = command.object;
        if (object.state !== 'pending') return;
        this.create(object, structure);
        return;
      }
      case 'destroy': {
        const object = this.table.get(command.handle);
        if (object === undefined || object.state !== 'live') return; // idempotent
        this.remove(object, structure);
        return;
      }
      case 'addComponent': {
        const object = this.table.get(command.handle);
        if (object === undefined || object.state !== 'live') {
          this.diagnose(`addComponent: object ${command.handle} is not live (destroyed, or never spawned); "${command.behavior}" was not added`);
          return;
        }
        const behavior = this.make(object, command.behavior);
        if (behavior === undefined) return;
        object.behaviors.push({ name: command.behavior, behavior });
        if (object.started) this.queueStart(object, behavior);
        return;
      }
      case 'removeComponent': {
        const object = this.table.get(command.handle);
        if (object === undefined || object.state !== 'live') {
          this.diagnose(`removeComponent: object ${command.handle} is not live (destroyed, or never spawned); nothing removed`);
          return;
        }
        const index = object.behaviors.findIndex((component) => component.name === command.behavior);
        if (index < 0) {
          this.diagnose(`removeComponent: "${object.name}" has no behavior "${command.behavior}"`);
          return;
        }
        const [component] = object.behaviors.splice(index, 1);
        if (object.started) this.call(object, component!.name, component!.behavior, 'onDestroy', 0);
        return;
      }
    }
  }

  /** Creates an object's body and behaviors (at a barrier, or loading a scene); its onStart is queued. */
  private create(object: RuntimeObject, structure: PhysicsStructure | undefined): void {
    object.state = 'live';
    const body = object.doc.body;
    if (body !== undefined && structure !== undefined) {
      object.body = structure.createBody(bodyDescOf(object.doc));
      for (const collider of body.colliders) structure.createCollider(object.body, colliderDescOf(collider));
      this.byBody.set(object.body, object);
    }
    object.resetHistory();
    this.objects.push(object);
    for (const name of object.doc.behaviors ?? []) {
      const behavior = this.make(object, name);
      if (behavior !== undefined) object.behaviors.push({ name, behavior });
    }
    this.queueStart(object, undefined);
  }

  /** Removes an object: onDestroy while its handle is valid, then its body, then the handle. */
  private remove(object: RuntimeObject, structure: PhysicsStructure | undefined): void {
    if (object.started) {
      const components = object.behaviors;
      for (let i = 0; i < components.length; i++) this.call(object, components[i]!.name, components[i]!.behavior, 'onDestroy', 0);
    }
    if (object.body !== 0) {
      structure?.destroyBody(object.body);
      this.byBody.delete(object.body);
    }
    object.state = 'dead';
    this.table.remove(object.handle);
  }

  private make(object: RuntimeObject, name: string): Behavior | undefined {
    const factory = this.factories[name]!;
    this.callback = 'create';
    try {
      const behavior = factory(this, object.handle);
      if (behavior === null || typeof behavior !== 'object') throw new TypeError(`the factory returned ${String(behavior)}, not a behavior object`);
      return behavior;
    } catch (error) {
      this.report(object.name, name, 'create', error);
      return undefined;
    } finally {
      this.callback = undefined;
    }
  }

  /** `component` undefined: every behavior of a new object. */
  private queueStart(object: RuntimeObject, component: Behavior | undefined): void {
    this.startObjects.push(object);
    this.startComponents.push(component);
  }

  private runStarts(): void {
    const objects = this.startObjects;
    const components = this.startComponents;
    for (let i = 0; i < objects.length; i++) {
      const object = objects[i]!;
      if (object.state !== 'live') continue; // spawned and destroyed in one batch: it never started
      const only = components[i];
      object.started = true;
      for (const { name, behavior } of object.behaviors) {
        if (only === undefined || behavior === only) this.call(object, name, behavior, 'onStart', 0);
      }
    }
    objects.length = 0;
    components.length = 0;
  }

  /**
   * After every structural change: the objects with bodies (whose poses are
   * read back each tick) and the three frame callbacks' lists. A behavior's
   * `fixedUpdate`, `update` and `lateUpdate` are read here, once it has
   * started, not every frame.
   */
  private index(): void {
    this.fixedUpdates.index(this.objects);
    this.updates.index(this.objects);
    this.lateUpdates.index(this.objects);
    const bodyObjects: RuntimeObject[] = [];
    const objects = this.objects;
    for (let i = 0; i < objects.length; i++) if (objects[i]!.physical) bodyObjects.push(objects[i]!);
    this.bodyObjects = bodyObjects;
    this.bodyHandles = bodyObjects.map((object) => object.body);
    if (this.poses.positions.length < bodyObjects.length * 3) this.poses = createPoseBuffer(Math.max(16, bodyObjects.length * 2), false);
  }

  private readPoses(physics: PhysicsAdapter): void {
    const count = this.bodyObjects.length;
    if (count === 0) return;
    const { positions, rotations } = this.poses;
    physics.readPoses(this.bodyHandles, count, this.poses);
    for (let i = 0; i < count; i++) {
      const { position, rotation } = this.bodyObjects[i]!.current;
      position[0] = positions[3 * i]!;
      position[1] = positions[3 * i + 1]!;
      position[2] = positions[3 * i + 2]!;
      rotation[0] = rotations[4 * i]!;
      rotation[1] = rotations[4 * i + 1]!;
      rotation[2] = rotations[4 * i + 2]!;
      rotation[3] = rotations[4 * i + 3]!;
    }
  }

  /** The tick's collision events, to both objects' onCollision (normal from self towards other). */
  private deliverCollisions(physics: PhysicsAdapter): void {
    const info = this.collision;
    for (let i = 0; i < physics.collisionCount; i++) {
      const event = physics.collisionAt(i);
      const a = this.byBody.get(event.bodyA);
      const b = this.byBody.get(event.bodyB);
      info.kind = event.kind;
      info.sensor = event.sensor;
      info.hasContact = event.hasContact;
      info.point.set(event.point);
      for (let side = 0; side < 2; side++) {
        const self = side === 0 ? a : b;
        if (self === undefined || self.state !== 'live' || !self.started) continue;
        info.self = self.handle;
        info.other = (side === 0 ? b : a)?.handle ?? 0;
        const sign = side === 0 ? 1 : -1;
        info.normal[0] = event.normal[0]! * sign;
        info.normal[1] = event.normal[1]! * sign;
        info.normal[2] = event.normal[2]! * sign;
        const components = self.behaviors;
        for (let j = 0; j < components.length; j++) {
          const { name, behavior } = components[j]!;
          if (behavior.onCollision === undefined) continue;
          this.callback = 'onCollision';
          try {
            behavior.onCollision(this, self.handle, info);
          } catch (error) {
            this.report(self.name, name, 'onCollision', error);
          }
        }
      }
    }
    this.callback = undefined;
  }

  /** One frame callback of every live object's behaviors that has it, in creation order then component order; each call isolated. */
  private runCallbacks(list: CallbackList, delta: number): void {
    const { objects, components, functions } = list;
    const outer = this.callback;
    this.callback = list.callback;
    for (let i = 0; i < functions.length; i++) {
      try {
        functions[i]!.call(components[i]!.behavior, this, objects[i]!.handle, delta);
      } catch (error) {
        this.report(objects[i]!.name, components[i]!.name, list.callback, error);
      }
    }
    this.callback = outer;
  }

  /** One onStart or onDestroy (frame callbacks run from their lists, {@link runCallbacks}). */
  private call(object: RuntimeObject, name: string, behavior: Behavior, callback: 'onStart' | 'onDestroy', delta: number): void {
    const outer = this.callback;
    this.callback = callback;
    try {
      behavior[callback]?.(this, object.handle, delta);
    } catch (error) {
      this.report(object.name, name, callback, error);
    } finally {
      this.callback = outer;
    }
  }

  // -- scenes ----------------------------------------------------------------

  /** Loads a document: a new session, every object created, then every onStart ("All objects in the initial scene are created before their initial callbacks run"). */
  private load(document: SceneDocument, simulation: ResolvedSimulation): void {
    this.sessionId++;
    this.tickCount = 0;
    this.documentInForce = document;
    this.simulationInForce = simulation;
    this.loop.setFixedStep(stepOptions(simulation));
    const physics = this.physics;
    physics?.setGravity(simulation.gravity[0], simulation.gravity[1], simulation.gravity[2]);
    const create = (structure: PhysicsStructure | undefined): void => {
      for (const doc of document.objects) {
        const object = new RuntimeObject(doc);
        object.handle = this.table.add(object);
        this.create(object, structure);
      }
    };
    if (physics !== undefined) physics.barrier(create);
    else create(undefined);
    this.runStarts();
    this.index();
  }

  /** Clears the scene: every live object's onDestroy, then its body; queued commands and pending spawns are dropped. */
  private clear(): void {
    const objects = this.objects;
    const batch = this.queue;
    this.queue = [];
    const clearAll = (structure: PhysicsStructure | undefined): void => {
      for (let i = 0; i < objects.length; i++) if (objects[i]!.state === 'live') this.remove(objects[i]!, structure);
    };
    if (this.physics !== undefined && objects.length > 0) this.physics.barrier(clearAll);
    else clearAll(undefined);
    for (const command of batch) {
      if (command.kind === 'spawn' && command.object.state === 'pending') {
        command.object.state = 'dead';
        this.table.remove(command.object.handle);
      }
    }
    this.objects = [];
    this.startObjects.length = 0;
    this.startComponents.length = 0;
    this.index();
    this.keys.releaseAll();
  }

  private resetAllHistory(): void {
    const objects = this.objects;
    for (let i = 0; i < objects.length; i++) objects[i]!.resetHistory();
  }

  // -- plumbing --------------------------------------------------------------

  private parseScene(
    scene: unknown,
    behaviors: { readonly [name: string]: BehaviorFactory },
    physics: PhysicsAdapter | undefined,
    where: string,
  ): { document: SceneDocument; simulation: ResolvedSimulation } {
    const parsed = parseSceneDocument(scene, { knownBehaviors: Object.keys(behaviors) });
    if (physics === undefined) {
      const index = parsed.document.objects.findIndex((object) => object.body !== undefined);
      if (index >= 0) {
        throw new OptionError(where, 'physics', `a physics adapter, because objects[${index}] ("${parsed.document.objects[index]!.name}") has a body`, physics);
      }
    }
    return parsed;
  }

  private live(handle: EntityHandle, method: string): RuntimeObject {
    const object = this.table.get(handle);
    if (object === undefined || object.state !== 'live') {
      throw new Error(`${method}: ${String(handle)} is not a live object (destroyed, from an earlier scene, or a spawn not yet at a barrier); check valid(handle)`);
    }
    return object;
  }

  private body(handle: EntityHandle, method: string): number {
    const object = this.live(handle, method);
    if (!object.physical) throw new Error(`${method}: "${object.name}" has no physics body; move it with setTransform`);
    return object.body;
  }

  private report(object: string, behavior: string, callback: string, cause: unknown): void {
    this.errorCount++;
    const error = new RuntimeError(object, behavior, callback, this.tickCount, cause);
    try {
      this.onError(error);
    } catch (inner) {
      console.error(inner);
    }
    this.errorSubject.next(error);
  }

  private diagnose(message: string): void {
    this.diagnosticCount++;
    this.onDiagnostic(message);
  }

  private assertAlive(method: string): void {
    if (this.destroyed) throw new Error(`${method}: the runtime was destroyed`);
  }
}

/**
 * Builds a fixed-tick runtime and loads its scene: every object is created,
 * then every onStart runs. Call `start()` to run on the page's frames, or
 * `advance()` to run frames by hand.
 *
 * @example
 * ```ts
 * import { createRuntime } from 'tickflow/runtime';
 *
 * const runtime = createRuntime({
 *   scene: { objects: [{ name: 'spinner', behaviors: ['spin'] }] },
 *   behaviors: {
 *     spin: (game) => {
 *       let angle = 0;
 *       return {
 *         fixedUpdate(_game, self, delta) {
 *           angle += Math.PI * delta; // half a turn per second
 *           game.setTransform(self, { rotation: [0, Math.sin(angle / 2), 0, Math.cos(angle / 2)] });
 *         },
 *       };
 *     },
 *   },
 * });
 * for (let i = 0; i <= 60; i++) runtime.advance(i * 1000 / 60); // one second at 60 Hz: 60 ticks
 * console.log(runtime.stats().ticks); // 60
 * runtime.dispose();
 * ```
 *
 * @throws {SceneDocumentError} listing every problem of the scene document.
 * @throws {OptionError} for a bad option.
 */
export function createRuntime(options: RuntimeOptions): Runtime {
  return new Runtime(options);
}

function defaultClock(): Clock {
  const wall = pipeSteps(finiteTimestamps(), deltas());
  const page = (globalThis as { document?: { hidden?: unknown } }).document;
  return page !== undefined && typeof page.hidden === 'boolean' ? whileVisible(wall) : wall;
}

function stepOptions(simulation: ResolvedSimulation): { stepMs: number; maxSteps: number; overflow: 'keep-fraction' } {
  return { stepMs: simulation.fixedDeltaSeconds * 1000, maxSteps: simulation.maxCatchUpTicks, overflow: 'keep-fraction' };
}

function checkFactories(where: string, behaviors: unknown): void {
  optionsObject(`${where}: behaviors`, behaviors);
  for (const [name, factory] of Object.entries(behaviors as object)) {
    if (typeof factory !== 'function') throw new OptionError(where, `behaviors.${name}`, 'a function (game, self) => behavior', factory);
  }
}

function parseObject(object: SceneObjectDoc, factories: { readonly [name: string]: BehaviorFactory }): SceneObjectDoc {
  try {
    return parseSceneDocument({ objects: [object] }, { knownBehaviors: Object.keys(factories) }).document.objects[0]!;
  } catch (error) {
    if (error instanceof SceneDocumentError) {
      throw new SceneDocumentError(error.problems.map((problem) => ({ ...problem, path: problem.path.replace(/^objects\[0\]/, 'spawn') })));
    }
    throw error;
  }
}

function toVec3(a: Float64Array): [number, number, number] {
  return [a[0]!, a[1]!, a[2]!];
}

function toQuat(a: Float64Array): [number, number, number, number] {
  return [a[0]!, a[1]!, a[2]!, a[3]!];
}
