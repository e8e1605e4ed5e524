import type { SaveHooks } from './save-hooks.js';

/**
 * A behavior's hooks: a per-entity script's share of the frame. Each frame
 * the engine runs every entity's behaviors after the systems of the same
 * phase: `fixedUpdate` once per fixed step, `update` once per frame. A
 * behavior with state in its own fields gives it to `engine.save()` through
 * {@link SaveHooks}.
 */
export interface BehaviorHooks extends SaveHooks {
  /** Runs once per fixed step, after the systems' `fixedUpdate`. */
  fixedUpdate?(): void;
  /** Runs once per frame, after the systems' `update`. */
  update?(): void;
  /** Called once when its entity is removed, or its scene destroyed. */
  onDestroy?(): void;
}

/**
 * A base for behaviors: per-entity scripts that receive {@link Time} and
 * have `fixedUpdate` and `update`. It has no members; any class with those
 * hooks is a behavior.
 *
 * @example
 * ```ts
 * import { Behavior, type BehaviorOptions, type Entity, type Time } from 'tickflow/systems';
 *
 * class Drift extends Behavior {
 *   private readonly entity: Entity;
 *   private readonly time: Time;
 *   constructor(options: BehaviorOptions) {
 *     super();
 *     this.entity = options.entity;
 *     this.time = options.time;
 *   }
 *   fixedUpdate(): void {
 *     this.entity.transform.x += 30 * this.time.fixedDeltaTime; // 30 units a second at any display rate
 *   }
 * }
 * ```
 */
export abstract class Behavior {}
