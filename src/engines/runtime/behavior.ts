import { OptionError } from '../../../operators/option-error.js';
import type { FrameInfo } from '../../../operators/frame-info.js';
import type { EngineRandom } from '../shell/engine-random.js';
import type { EngineStats } from '../shell/engine-shell.js';
import type { EntityHandle } from './entity-handle.js';
import type { Pose, PoseUpdate } from './pose.js';
import type { RuntimeInputState } from './runtime-input.js';
import type { ResolvedSimulation, SceneDocument, SceneObjectDoc } from './scene-format.js';

/**
 * A collision as one object's behaviors see it: `self` is the object the
 * callback belongs to, `other` the one it touched, and `normal` points from
 * self towards other. One record, rewritten for every delivery: copy what you
 * keep.
 */
export interface CollisionInfo {
  /** `'begin'`: they started touching (a sensor: overlapping) in this tick; `'end'`: they stopped. */
  readonly kind: 'begin' | 'end';
  /** The object this callback belongs to. */
  readonly self: EntityHandle;
  /** The object it touched (it may have been destroyed at this tick's barrier: check `game.valid(other)`). */
  readonly other: EntityHandle;
  /** Whether either collider is a sensor (an overlap, no contact point). */
  readonly sensor: boolean;
  /** Whether `point` and `normal` hold a contact (a `'begin'` of two solid colliders). */
  readonly hasContact: boolean;
  /** The contact point in world space, metres. */
  readonly point: Float64Array;
  /** The contact normal, a unit vector from self towards other. */
  readonly normal: Float64Array;
}

/**
 * What a behavior's callbacks may ask of the game that runs them (`game`):
 * read and move objects, spawn and destroy them, add and remove components,
 * read the input, pause, replace the scene. The {@link Runtime} is the one
 * implementation, and each member means what the runtime's own does; a
 * behavior names this interface rather than the runtime's class, so the
 * parts the runtime is built from do not depend on it.
 *
 * What a behavior has no business with is left out: the lifecycle
 * (`start`, `stop`, `destroy`, `advance`), scripted input
 * (`press`, `release`), save and restore.
 */
export interface BehaviorGame {
  /** Whether the runtime is paused. */
  readonly paused: boolean;
  /** Pauses: no fixed ticks, no update or lateUpdate; frames still render. */
  pause(): void;
  /** Resumes; the time spent paused is not simulated. */
  resume(): void;
  /** While paused, asks the next frame for a single fixed tick. */
  step(): void;
  /** The scene session: a new number for every scene loaded. */
  readonly session: number;
  /** The scene document in force, as written. Deep-frozen. */
  readonly document: SceneDocument;
  /** The simulation settings in force (the document's `simulation`, defaults applied). */
  readonly simulation: ResolvedSimulation;
  /** The runtime's seeded random source: draw from it, not from `Math.random()`, so a run can be replayed. */
  readonly random: EngineRandom;
  /** The frames so far. */
  frame(): FrameInfo;
  /**
   * The runtime's counters: the engine's, and `ticks`, the fixed ticks run
   * so far (saved and restored with the runtime, so a rollback rewinds it).
   * The runtime returns its whole `RuntimeStats`.
   */
  stats(): EngineStats & {
    /** The fixed ticks run so far. */
    readonly ticks: number;
  };
  /** Whether `handle` names a live object. False for a spawn not yet at a barrier, and for good once destroyed. */
  valid(handle: EntityHandle): boolean;
  /** The first live object named `name`, or undefined. */
  find(name: string): EntityHandle | undefined;
  /** Every live object's handle, in creation order (a new array). */
  handles(): EntityHandle[];
  /** An object's name. */
  nameOf(handle: EntityHandle): string;
  /** Whether an object has a tag. */
  hasTag(handle: EntityHandle, tag: string): boolean;
  /** An object's current simulation pose (read-only: write it with `setTransform` or `teleport`). */
  transform(handle: EntityHandle): Pose;
  /** An object's presented pose this frame: what is drawn. Follow this in lateUpdate. */
  presentation(handle: EntityHandle): Pose;
  /** The input: in `fixedUpdate` (and `onCollision`) the tick's, elsewhere the rendered frame's. */
  input(): RuntimeInputState;
  /** Moves a non-physical object (physical bodies refuse it: `teleport` them). */
  setTransform(handle: EntityHandle, pose: PoseUpdate): void;
  /** Moves an object (physical or not) at once, with no sweep and no interpolation from where it was. */
  teleport(handle: EntityHandle, pose: PoseUpdate): void;
  /** Sets the presented pose of this frame; allowed only during lateUpdate. */
  setPresentation(handle: EntityHandle, pose: PoseUpdate): void;
  /** Assigns a physical body's velocity, metres per second. */
  setVelocity(handle: EntityHandle, x: number, y: number, z?: number): void;
  /** Writes a physical body's velocity (m/s) into `out[0..2]`. */
  velocity(handle: EntityHandle, out: Float64Array): Float64Array;
  /** Queues a new object; it becomes visible at the next fixed-tick barrier. */
  spawn(object: SceneObjectDoc): EntityHandle;
  /** Queues the removal of an object at the next barrier (idempotent): the seed's structural `destroy`. */
  destroyObject(handle: EntityHandle): void;
  /** Queues adding a registered behavior to an object. */
  addComponent(handle: EntityHandle, behavior: string): void;
  /** Queues removing an object's behavior (the first of that name). */
  removeComponent(handle: EntityHandle, behavior: string): void;
  /** Replaces the scene at the start of the next rendered frame. */
  replaceScene(scene: unknown): void;
}

/**
 * A behavior component: the callbacks of one script on one object. Register
 * only the callbacks you need. Each ordinary callback receives
 * `(game, self, delta)`, delta in seconds: `fixedUpdate` the fixed interval,
 * `update` and `lateUpdate` the rendered frame's time; `onStart` and
 * `onDestroy` receive 0.
 *
 * ```text
 * one rendered frame
 *   fixed tick × 0..max_catch_up_ticks
 *     1. structural commands (spawn, destroyObject, addComponent, removeComponent), FIFO; onStart of what they created
 *     2. tick input; fixedUpdate
 *     3. physics step (physics_substeps solver substeps)
 *     4. poses read back; onCollision
 *   update
 *   presentation prepared (previous → current simulation pose, by the accumulator fraction)
 *   lateUpdate (presentation / setPresentation)
 *   the snapshot goes to the renderer
 * ```
 */
export interface Behavior {
  /** Once, after the object and its components exist (delta 0). */
  onStart?(game: BehaviorGame, self: EntityHandle, delta: number): void;
  /** Once per fixed tick, with the fixed interval in seconds. */
  fixedUpdate?(game: BehaviorGame, self: EntityHandle, delta: number): void;
  /** Once per rendered frame, after its fixed ticks, with the frame's seconds. */
  update?(game: BehaviorGame, self: EntityHandle, delta: number): void;
  /** Once per rendered frame, after the presentation is prepared: the only place `setPresentation` is allowed. */
  lateUpdate?(game: BehaviorGame, self: EntityHandle, delta: number): void;
  /** When the object (or this component) is removed, while the handle and component data are still valid (delta 0). */
  onDestroy?(game: BehaviorGame, self: EntityHandle, delta: number): void;
  /** After a fixed tick's physics step, once per collision event this object is part of. */
  onCollision?(game: BehaviorGame, self: EntityHandle, collision: CollisionInfo): void;
  /**
   * The behavior's own state, for the runtime's `save()`: what its closure
   * or fields hold that the runtime cannot see (a timer, a counter, a target
   * found in onStart). Return plain data (numbers, strings, booleans, null,
   * arrays, plain objects, Maps, Sets, typed arrays; handles are numbers):
   * the snapshot keeps a copy, so returning live state is fine. With
   * {@link restore}; see docs/save-restore.md.
   */
  save?(): unknown;
  /**
   * Takes back what {@link save} returned, at the runtime's `restore()`. A
   * restore makes every behavior again with its factory (the object is back,
   * under its handle, with its pose) and hands it its data here; onStart
   * does not run again. `data` is the restore's own copy: keep it. Put the
   * state back and nothing else: a structural command here is refused (the
   * snapshot holds the commands that were queued).
   */
  restore?(data: unknown): void;
}

/**
 * Makes a behavior for one object: registered by name in the runtime's
 * `behaviors` option and named in scene documents (`"behaviors": ["player"]`).
 * Called at the barrier that creates the object (or adds the component),
 * and again when the runtime is restored (`restore()`; its
 * {@link Behavior.restore} then gets its saved state); state the behavior
 * keeps lives in the object it returns, so it goes when the component goes.
 * A factory makes the behavior and queues no structural command (onStart is
 * the place for a spawn: a restore refuses one from a factory).
 */
export type BehaviorFactory = (game: BehaviorGame, self: EntityHandle) => Behavior;

/**
 * Checks behavior factories by name (`createRuntime`'s `behaviors`, a
 * `--behaviors` module's export): a plain object whose every value is a
 * factory function.
 *
 * @throws {OptionError} naming `where` and `behaviors` (or `behaviors.<name>`), the rule and the value.
 * @internal
 */
export function checkBehaviorFactories(where: string, behaviors: unknown): asserts behaviors is { readonly [name: string]: BehaviorFactory } {
  if (behaviors === null || typeof behaviors !== 'object' || Array.isArray(behaviors)) {
    throw new OptionError(where, 'behaviors', 'an object of behavior factories by name ({ name: (game, self) => behavior })', behaviors);
  }
  for (const [name, factory] of Object.entries(behaviors)) {
    if (typeof factory !== 'function') throw new OptionError(where, `behaviors.${name}`, 'a function (game, self) => behavior', factory);
  }
}
