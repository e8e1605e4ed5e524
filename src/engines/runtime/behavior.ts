import { OptionError } from '../../../operators/option-error.js';
import type { Runtime } from './runtime.js';
import type { EntityHandle } from './runtime-object.js';

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
  onStart?(game: Runtime, self: EntityHandle, delta: number): void;
  /** Once per fixed tick, with the fixed interval in seconds. */
  fixedUpdate?(game: Runtime, self: EntityHandle, delta: number): void;
  /** Once per rendered frame, after its fixed ticks, with the frame's seconds. */
  update?(game: Runtime, self: EntityHandle, delta: number): void;
  /** Once per rendered frame, after the presentation is prepared: the only place `setPresentation` is allowed. */
  lateUpdate?(game: Runtime, self: EntityHandle, delta: number): void;
  /** When the object (or this component) is removed, while the handle and component data are still valid (delta 0). */
  onDestroy?(game: Runtime, self: EntityHandle, delta: number): void;
  /** After a fixed tick's physics step, once per collision event this object is part of. */
  onCollision?(game: Runtime, self: EntityHandle, collision: CollisionInfo): void;
}

/**
 * Makes a behavior for one object: registered by name in the runtime's
 * `behaviors` option and named in scene documents (`"behaviors": ["player"]`).
 * Called at the barrier that creates the object (or adds the component);
 * state the behavior keeps lives in the object it returns, so it goes when
 * the component goes.
 */
export type BehaviorFactory = (game: Runtime, self: EntityHandle) => Behavior;

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
