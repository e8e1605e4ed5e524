import { OptionError } from '../../../operators/option-error.js';
import type { Input } from '../../input/input.js';
import { isDevelopmentBuild } from '../shell/development-build.js';
import { EngineShell } from '../shell/engine-shell.js';
import { takeOptions } from '../shell/shell-options.js';
import type { BehaviorFactory } from './behavior.js';
import type { Callback, CallbackHost } from './callback-list.js';
import { PhysicsBridge } from './physics-bridge.js';
import { blendPose, copyPose, writePose, type Pose, type PoseUpdate } from './pose.js';
import type { RuntimeBackend } from './runtime-backend.js';
import { RuntimeInput, type RuntimeAction, type RuntimeInputState } from './runtime-input.js';
import type { EntityHandle, RuntimeObject } from './runtime-object.js';
import { RuntimeObjects, type ObjectsHost } from './runtime-objects.js';
import { checkRuntimeOptions, runtimeFixedStep, type RuntimeOptions } from './runtime-options.js';
import type { RuntimePhase, RuntimePhaseHost } from './runtime-phases.js';
import { RUNTIME_PRESET } from './runtime-preset.js';
import type { RuntimeStats } from './runtime-stats.js';
import { simulationState, type SimulationState } from './runtime-rollback.js';
import { placeObjects, readOnlyRuntimeParts, readRuntimeState, saveRuntimeState, type RuntimeSnapshotState, type SnapshotParts } from './runtime-snapshot.js';
import { UnsavedFields } from './unsaved-fields.js';
import { applyBarrier, clearObjects, loadObjects, parseRuntimeScene, parseSpawn } from './scene-loading.js';
import { checkPoseUpdate } from './scene-checks.js';
import type { ParsedScene, ResolvedSimulation, SceneDocument, SceneObjectDoc } from './scene-document.js';
import { checkTarget, CommandQueue } from './structural-commands.js';

export { RUNTIME_PHASES, RUNTIME_PHASE_TABLE, type RuntimePhase } from './runtime-phases.js';
export type { RuntimeBackend, RuntimeFrame } from './runtime-backend.js';
export type { RuntimeOptions } from './runtime-options.js';
export type { RuntimeStats } from './runtime-stats.js';

/**
 * The fixed-tick runtime: behaviors with `onStart`, `fixedUpdate`, `update`,
 * `lateUpdate`, `onDestroy` and `onCollision`; structural commands applied
 * at each fixed tick's barrier; real physics stepped with substeps;
 * interpolated presentation; latched input; dropped time past the catch-up
 * limit; pause and single-step. Its loop, errors, `frame()`, `stats()` and
 * `advance()` are the engine shell's: what a callback throws is reported
 * with the object, behavior, callback and tick, and the runtime goes on.
 * Build it with {@link createRuntime}.
 *
 * Handles are numbers: `valid(handle)` says whether one names a live object;
 * a destroyed object's handle never validates again.
 */
export class Runtime extends EngineShell<RuntimePhase, RuntimePhaseHost, RuntimeSnapshotState> {
  private readonly bridge: PhysicsBridge | undefined;
  private readonly backend: RuntimeBackend | undefined;
  private readonly factories: { readonly [name: string]: BehaviorFactory };
  private readonly keys: RuntimeInput;
  private readonly onDiagnostic: (message: string) => void;
  private readonly objects: RuntimeObjects;
  private readonly queue = new CommandQueue();
  /** The scene document in force and its simulation settings. */
  private sceneInForce: ParsedScene;
  private pendingScene: ParsedScene | undefined;
  private readonly frameView: { objects: readonly RuntimeObject[]; session: number; frame: number; alpha: number; ticks: number; paused: boolean };
  private readonly callbacks: ObjectsHost;
  private sessionId = 0;
  private tickCount = 0;
  private diagnosticCount = 0;
  /** Whether the teardown clears the scene: its onDestroys may still queue commands, which it drops. */
  private tearingDown = false;
  /** Whether a scene is loading (its objects made and started): no save or restore then. */
  private loading = false;
  /** The development build's warning for behaviors' fields a restore does not bring back; undefined in production. */
  private readonly unsavedFields = isDevelopmentBuild() ? new UnsavedFields() : undefined;

  /**
   * @throws {SceneDocumentError} listing every problem of the scene document.
   * @throws {OptionError} for a bad option.
   */
  constructor(options: RuntimeOptions) {
    const where = RUNTIME_PRESET.where;
    const taken = takeOptions(RUNTIME_PRESET, options);
    const { behaviors, physics, backend, onDiagnostic } = checkRuntimeOptions(where, options);
    const scene = parseRuntimeScene(options.scene, behaviors, physics !== undefined, where);
    super({ ...RUNTIME_PRESET, fixedStep: runtimeFixedStep(scene.simulation), phaseHost: Runtime.phaseHostOf }, taken);
    this.factories = behaviors;
    this.bridge = physics === undefined ? undefined : new PhysicsBridge(physics);
    this.backend = backend;
    this.keys = new RuntimeInput(options.input, where);
    this.onDiagnostic = onDiagnostic;
    this.sceneInForce = scene;
    this.callbacks = this.callbackHost();
    this.objects = new RuntimeObjects(this.callbacks, behaviors, this.bridge, this.unsavedFields);
    this.frameView = { objects: this.objects.live, session: 0, frame: 0, alpha: 0, ticks: 0, paused: false };
    this.load(scene);
  }

  // -- running ---------------------------------------------------------------

  /** Whether the runtime is paused (P, or {@link pause}). */
  override get paused(): boolean {
    return this.innerLoop.paused;
  }

  /**
   * Pauses: no fixed ticks, no update or lateUpdate; frames still render
   * the presentation as it was. "Pause clears accumulated wall time": the
   * loop's accumulator is emptied, and interpolation history reset.
   */
  pause(): void {
    if (this.innerLoop.paused) return;
    this.innerLoop.paused = true;
    this.resetAllHistory();
  }

  /** Resumes. "Resuming does not simulate the time spent paused": the accumulator starts empty. */
  resume(): void {
    if (!this.innerLoop.paused) return;
    this.innerLoop.paused = false;
    this.resetAllHistory();
  }

  /**
   * While paused, asks the next frame for a single step: "One step advances
   * one fixed tick and produces a current presentation pose." That frame runs
   * one tick, update and lateUpdate (delta: the fixed interval) and presents
   * the tick's pose itself (alpha 1). Does nothing while running.
   */
  step(): void {
    this.innerLoop.step();
  }

  /**
   * The Input the runtime reads its keys from: real keydowns and
   * {@link press}/{@link release} go through it, and a session recorder
   * (`recordSession` in `tickflow/replay`) listens to it.
   */
  get inputDevice(): Input<RuntimeAction> {
    return this.keys.keys;
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
    return this.sceneInForce.document;
  }

  /** The simulation settings in force (the document's `simulation`, defaults applied). */
  get simulation(): ResolvedSimulation {
    return this.sceneInForce.simulation;
  }

  /** Whether `handle` names a live object. False for a spawn not yet at a barrier, and for good once destroyed. */
  valid(handle: EntityHandle): boolean {
    return this.objects.get(handle)?.state === 'live';
  }

  /** The first live object named `name`, or undefined. */
  find(name: string): EntityHandle | undefined {
    const objects = this.objects.live;
    for (let i = 0; i < objects.length; i++) if (objects[i]!.name === name && objects[i]!.state === 'live') return objects[i]!.handle;
    return undefined;
  }

  /** Every live object's handle, in creation order (a new array). */
  handles(): EntityHandle[] {
    return this.handlesInto([]);
  }

  /** As {@link handles}, written into `out` (its length set to the count), so a recorder's checkpoint makes no new array. @internal */
  handlesInto(out: EntityHandle[]): EntityHandle[] {
    const objects = this.objects.live;
    let n = 0;
    for (let i = 0; i < objects.length; i++) if (objects[i]!.state === 'live') out[n++] = objects[i]!.handle;
    out.length = n;
    return out;
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
    return this.inTick() ? this.keys.tick : this.keys.frame;
  }

  /** The runtime's counters (see {@link RuntimeStats}). */
  override stats(): RuntimeStats {
    const stats = super.stats();
    return {
      ...stats,
      ticks: this.tickCount,
      ticksLastFrame: this.frameView.ticks,
      alpha: this.innerLoop.alpha,
      droppedSeconds: stats.droppedMs / 1000,
      droppedLastFrameSeconds: this.innerLoop.frameDroppedMs / 1000,
      session: this.sessionId,
      objects: this.objects.live.length,
      diagnostics: this.diagnosticCount,
    };
  }

  // -- the sync test's readable state -------------------------------------------

  /**
   * The state a rollback compares, as plain data: the tick count and every
   * live object's simulation pose (position, rotation) and, for a physical
   * body, its velocity, keyed by name (a repeated name gets `#2`, `#3`...).
   * @internal
   */
  simulationState(): SimulationState {
    return simulationState({ objects: this.objects.live, tickCount: this.tickCount, bridge: this.bridge });
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
   * @throws {OptionError} for a pose a scene object could not have (the
   * document's rules: `position` three finite numbers within what physics
   * stores, `rotation` a unit quaternion, `scale` three numbers > 0); the
   * object is left as it was.
   */
  setTransform(handle: EntityHandle, pose: PoseUpdate): void {
    const object = this.live(handle, 'setTransform');
    if (object.physical) {
      throw new Error(
        `setTransform: "${object.name}" is a physical body, which physics moves; assign a velocity (setVelocity), ` +
          'or teleport(handle, pose) for an intended discontinuity',
      );
    }
    checkPoseUpdate('setTransform', pose);
    writePose(object.current, pose);
    if (!this.inTick()) copyPose(object.previous, object.current);
  }

  /**
   * The explicit discontinuity: moves an object (physical or not) to `pose` at
   * once, with no sweep and no interpolation from where it was. A physical
   * body keeps its velocity.
   *
   * @throws {OptionError} for a pose a scene object could not have (as
   * {@link setTransform}), or one the physics adapter refuses; either way
   * nothing changes: physics takes the pose before the object is written.
   */
  teleport(handle: EntityHandle, pose: PoseUpdate): void {
    const object = this.live(handle, 'teleport');
    checkPoseUpdate('teleport', pose);
    if (object.physical) this.bridge!.teleport(object, pose);
    writePose(object.current, pose);
    object.resetHistory();
  }

  /**
   * Sets the presented pose of this frame (a camera's visual pose). "This
   * method is permitted only during lateUpdate and does not write back into
   * physics."
   *
   * @throws {Error} outside lateUpdate.
   * @throws {OptionError} for a pose a scene object could not have (as {@link setTransform}); nothing changes.
   */
  setPresentation(handle: EntityHandle, pose: PoseUpdate): void {
    const callback = this.callbacks.callback;
    if (callback !== 'lateUpdate') {
      throw new Error(`setPresentation: allowed only during lateUpdate, called ${callback === undefined ? 'outside any callback' : `during ${callback}`}`);
    }
    const object = this.live(handle, 'setPresentation');
    checkPoseUpdate('setPresentation', pose);
    writePose(object.presented, pose);
  }

  /**
   * Assigns a physical body's velocity, metres per second ("A velocity is
   * metres per second: assign it directly"): the physics step moves it
   * v × dt, so never multiply by delta here.
   *
   * @throws {Error} for an object with no physics body.
   * @throws {OptionError} for a number physics cannot hold (not finite, or beyond ±3.4e38); the velocity is left as it was.
   */
  setVelocity(handle: EntityHandle, x: number, y: number, z = 0): void {
    const object = this.physical(handle, 'setVelocity'); // first: only a runtime with physics has a physical object
    this.bridge!.setVelocity(object, x, y, z);
  }

  /** Whether a live object has a physics body (its velocity can be read). @internal */
  hasBody(handle: EntityHandle): boolean {
    return this.objects.get(handle)?.physical === true;
  }

  /** Writes a physical body's velocity (m/s) into `out[0..2]`. @throws {Error} for an object with no physics body. */
  velocity(handle: EntityHandle, out: Float64Array): Float64Array {
    const object = this.physical(handle, 'velocity');
    this.bridge!.readVelocity(object, out);
    return out;
  }

  // -- structural commands (applied at the next fixed tick's barrier) -------

  /**
   * Queues a new object; it becomes visible at the next fixed-tick barrier,
   * "not during the callback that requested it": the handle is returned now
   * and `valid` turns true there. Its onStart runs after the barrier.
   *
   * @throws {SceneDocumentError} when `object` is not a valid scene object (every problem named).
   * @throws {OptionError} naming `physics` when it has a body and the runtime has no physics adapter.
   */
  spawn(object: SceneObjectDoc): EntityHandle {
    this.assertCommandsTaken('spawn');
    const record = this.objects.reserve(parseSpawn(object, this.factories, this.bridge !== undefined));
    this.queue.push({ kind: 'spawn', object: record });
    return record.handle;
  }

  /**
   * Queues the removal of an object (the seed's structural `destroy`): at the
   * barrier its behaviors' onDestroy runs while the handle and its data are
   * still valid; afterwards `valid(handle)` is false. Idempotent: destroying
   * an object already destroyed (earlier in the same batch, or before) does
   * nothing.
   *
   * @throws {OptionError} when `handle` is not a number.
   */
  destroyObject(handle: EntityHandle): void {
    checkTarget('destroyObject', handle);
    this.assertCommandsTaken('destroyObject');
    this.queue.push({ kind: 'destroy', handle });
  }

  /**
   * The shell's `destroy()`, as in every engine: stops the runtime for good,
   * runs every object's onDestroy, and frees the renderer, the keyboard
   * listeners and the physics world. A second call does nothing.
   *
   * @throws {Error} when given an argument: an object's destroy is
   * {@link destroyObject} (so an old `destroy(handle)` never tears the
   * runtime down).
   */
  override destroy(): void {
    if (arguments.length > 0) {
      throw new Error("destroy: the runtime's destroy() takes no handle (it ends the runtime); destroy an object with destroyObject(handle)");
    }
    super.destroy();
  }

  /**
   * Queues adding a registered behavior to an object; its onStart runs after the barrier. On a dead object: a no-op and a diagnostic.
   * @throws {OptionError} when `handle` is not a number, or `behavior` not registered.
   */
  addComponent(handle: EntityHandle, behavior: string): void {
    checkTarget('addComponent', handle);
    this.assertCommandsTaken('addComponent');
    if (!Object.hasOwn(this.factories, behavior)) {
      throw new OptionError('addComponent', 'behavior', `a registered behavior (${Object.keys(this.factories).join(', ') || 'none registered'})`, behavior);
    }
    this.queue.push({ kind: 'addComponent', handle, behavior });
  }

  /**
   * Queues removing an object's behavior (the first of that name); its onDestroy runs at the barrier. On a dead object: a no-op and a diagnostic.
   * @throws {OptionError} when `handle` is not a number.
   */
  removeComponent(handle: EntityHandle, behavior: string): void {
    checkTarget('removeComponent', handle);
    this.assertCommandsTaken('removeComponent');
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
    this.assertCommandsTaken('replaceScene');
    this.pendingScene = parseRuntimeScene(scene, this.factories, this.bridge !== undefined, 'replaceScene');
  }

  /**
   * The runtime's state for `save()` (see {@link RuntimeSnapshotState}): the
   * scene and its session, the object table, every live object's poses, body
   * and behaviors (each one's `save()`), the queued structural commands and
   * scene replacement, the tick count, the input views and the physics world.
   * @throws {Error} while a scene loads, or when a behavior's `save()` fails.
   */
  protected saveState(): RuntimeSnapshotState {
    this.assertNoLoad('save');
    return saveRuntimeState(this.snapshotParts());
  }

  /**
   * Puts a snapshot's runtime state back, checked whole first. The physics
   * world goes first (the adapter checks its own part); then the objects
   * under their handles (an object still here under its handle is kept, and
   * written whole), the commands, the scene and its session; then every
   * behavior is made again from its factory and handed its saved state (no
   * onStart: the objects had started).
   */
  protected restoreState(state: unknown): void {
    this.assertNoLoad('restore');
    const restored = readRuntimeState(state, this.snapshotParts());
    this.unsavedFields?.restoring(this.objects.live);
    if (restored.physics !== undefined) this.bridge!.restoreSnapshot(restored.physics);
    placeObjects(restored);
    this.bridge?.own(restored.live);
    this.objects.restore(restored.slots, restored.live, restored.pending);
    this.queue.replace(restored.commands);
    this.pendingScene = restored.replacement;
    this.sessionId = restored.session;
    this.tickCount = restored.ticks;
    this.putInForce(restored.scene);
    this.keys.restoreViews(restored.input);
    this.frameView.alpha = restored.alpha;
    this.objects.remake(restored.behaviors);
  }

  /** The poses and Rapier's bytes are read into the objects and the world and not kept: a restore need not copy them first. */
  protected override readOnlyParts(state: unknown): readonly object[] {
    return readOnlyRuntimeParts(state);
  }

  /** The keys (held, and the latched edges a fixed tick has not taken yet) are saved and restored with the runtime. */
  protected override snapshotInput(): Input<string> {
    return this.keys.keys;
  }

  private snapshotParts(): SnapshotParts {
    const { sessionId: session, tickCount: ticks, sceneInForce: scene, pendingScene: replacement, objects, keys: input, bridge, factories } = this;
    return { session, ticks, scene, replacement, objects, queue: this.queue.queued, input, alpha: this.frameView.alpha, bridge, factories };
  }

  /** @throws {Error} naming `method` while a scene loads (a behavior's onStart in it calling save or restore). */
  private assertNoLoad(method: string): void {
    if (this.loading) throw new Error(`${method}: a scene is loading (its objects being made and started); ${method} once it has loaded, between frames`);
  }

  /** The shell's `destroy()` calls this once: every object's onDestroy, then the renderer, the keyboard listeners and the physics world are freed. */
  protected teardown(): void {
    this.tearingDown = true;
    try {
      this.clear();
    } finally {
      this.tearingDown = false;
    }
    this.keys.destroy();
    try {
      this.backend?.destroy();
    } finally {
      this.bridge?.destroy();
    }
  }

  // -- the frame (its steps are RUNTIME_PHASE_TABLE's) --------------------------

  /** What the phase table runs on (see {@link RuntimePhaseHost}). @internal */
  private static phaseHostOf(runtime: Runtime): RuntimePhaseHost {
    // Made once: the barrier is handed it every fixed tick (a closure made there was garbage every tick).
    const isDestroyed = (): boolean => runtime.destroyed;
    return {
    isDestroyed,
    isPaused: () => runtime.innerLoop.paused,
    pauseKey: () => runtime.keys.pauseKey,
    stepKey: () => runtime.keys.stepKey,
    beginInputFrame: () => runtime.keys.beginFrame(),
    beginTickInput: () => runtime.keys.beginTick(),
    endInputFrame: () => runtime.keys.endFrame(),
    replacePendingScene() {
      const pending = runtime.pendingScene;
      if (pending === undefined) return true;
      runtime.pendingScene = undefined;
      runtime.clear();
      if (runtime.destroyed) return false;
      runtime.load(pending);
      return true;
    },
    pause: () => runtime.pause(),
    resume: () => runtime.resume(),
    step: () => runtime.step(),
    countTick() {
      runtime.tickCount++;
    },
    barrier: () => applyBarrier(runtime.objects, runtime.bridge, runtime.queue, isDestroyed),
    keepPreviousPoses() {
      const objects = runtime.objects.live;
      for (let i = 0; i < objects.length; i++) copyPose(objects[i]!.previous, objects[i]!.current);
    },
    runCallbacks(callback, seconds) {
      const objects = runtime.objects;
      const list = callback === 'fixedUpdate' ? objects.fixedUpdates : callback === 'update' ? objects.updates : objects.lateUpdates;
      list.run(runtime.callbacks, seconds);
    },
    stepPhysics(seconds) {
      const bridge = runtime.bridge;
      if (bridge === undefined) return;
      bridge.step(seconds, runtime.sceneInForce.simulation.physicsSubsteps);
      bridge.deliverCollisions(runtime.callbacks);
    },
    present() {
      const alpha = runtime.innerLoop.alpha;
      const objects = runtime.objects.live;
      for (let i = 0; i < objects.length; i++) {
        const object = objects[i]!;
        blendPose(object.presented, object.previous, object.current, alpha);
      }
      runtime.frameView.alpha = alpha;
    },
    render() {
      const { frameView: view, innerLoop: loop } = runtime;
      view.objects = runtime.objects.live;
      view.session = runtime.sessionId;
      view.frame = loop.frameCount;
      view.ticks = loop.frameSteps;
      view.paused = loop.paused;
      runtime.backend?.render(view);
    },
  };
  }

  /** Whether a fixed tick is running: the loop is in the tick phase (what `input()` returns depends on it). */
  private inTick(): boolean {
    return this.innerLoop.currentPhase === 'tick';
  }

  // -- scenes ----------------------------------------------------------------

  /** Loads a document: a new session, every object created, then every onStart. */
  private load(scene: ParsedScene): void {
    this.sessionId++;
    this.tickCount = 0;
    this.putInForce(scene);
    this.bridge?.setGravity(scene.simulation.gravity);
    this.loading = true;
    try {
      loadObjects(this.objects, this.bridge, scene.document.objects);
    } finally {
      this.loading = false;
    }
  }

  /** The document in force, and the fixed step its simulation settings make (a load, a restore). */
  private putInForce(scene: ParsedScene): void {
    this.sceneInForce = scene;
    this.innerLoop.setFixedStep(runtimeFixedStep(scene.simulation));
  }

  /** Clears the scene (see `clearObjects`) and releases every held key. */
  private clear(): void {
    clearObjects(this.objects, this.bridge, this.queue);
    this.keys.releaseAll();
  }

  private resetAllHistory(): void {
    const objects = this.objects.live;
    for (let i = 0; i < objects.length; i++) objects[i]!.resetHistory();
  }

  // -- plumbing --------------------------------------------------------------

  /** The one host of every behavior callback: it reports with the object, behavior, callback and tick. */
  private callbackHost(): ObjectsHost {
    const runtime = this;
    return {
      game: this,
      callback: undefined as Callback | undefined,
      reportCallback(object, behavior, callback, cause) {
        runtime.report(cause, { object: object.name, behavior, hook: callback, tick: runtime.tickCount });
      },
      diagnose(message) {
        runtime.diagnosticCount++;
        runtime.callHook('onDiagnostic', () => runtime.onDiagnostic(message));
      },
    } satisfies CallbackHost & ObjectsHost;
  }

  /**
   * Structural commands are taken until `destroy()`, and from the onDestroys
   * its teardown runs (a behavior that spawns an explosion when it goes):
   * those are dropped with the scene, as a scene replacement drops them. A
   * restore making the behaviors again takes none: the snapshot holds the
   * commands that were queued.
   */
  private assertCommandsTaken(method: string): void {
    if (!this.tearingDown) this.assertAlive(method);
    if (this.callbacks.callback === 'restore') {
      throw new Error(`${method}: called while restore() makes the behaviors again (a factory or a restore hook); the snapshot holds the commands that were queued, so queue nothing here (a spawn at creation belongs in onStart, which a restore does not run again)`);
    }
  }

  private live(handle: EntityHandle, method: string): RuntimeObject {
    const object = this.objects.get(handle);
    if (object === undefined || object.state !== 'live') {
      throw new Error(`${method}: ${String(handle)} is not a live object (destroyed, from an earlier scene, or a spawn not yet at a barrier); check valid(handle)`);
    }
    return object;
  }

  /** A live object with a physics body (only a runtime with a physics adapter has one). */
  private physical(handle: EntityHandle, method: string): RuntimeObject {
    const object = this.live(handle, method);
    if (!object.physical) throw new Error(`${method}: "${object.name}" has no physics body; move it with setTransform`);
    return object;
  }
}

/**
 * Builds a fixed-tick runtime and loads its scene: every object is created,
 * then every onStart runs. Call `start()` to run on the page's frames, or
 * `advance()` to run frames by hand.
 *
 * One rendered frame, in order (the phases of {@link RUNTIME_PHASE_TABLE}):
 *
 * 1. the frame's input; a scene replacement asked for is applied; the
 *    player's pause (P) and single-step (N) keys are read;
 * 2. zero or more fixed ticks, each: structural commands at the barrier,
 *    tick input and `fixedUpdate`, the physics step, poses read back and
 *    `onCollision`;
 * 3. every behavior's `update`, once;
 * 4. presentation transforms prepared: each object's previous and current
 *    simulation poses blended by the accumulator fraction;
 * 5. every behavior's `lateUpdate` (`setPresentation` allowed);
 * 6. the frame input closes and the final snapshot goes to the renderer.
 *
 * While paused, steps 2 to 5 do not run; a single step runs them once.
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
 * runtime.destroy();
 * ```
 *
 * @throws {SceneDocumentError} listing every problem of the scene document.
 * @throws {OptionError} for a bad option.
 */
export function createRuntime(options: RuntimeOptions): Runtime {
  return new Runtime(options);
}
