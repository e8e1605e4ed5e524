import type { BehaviorHooks } from './behavior.js';

/** A position and a rotation: x and y in the game's units, rotation in radians. */
export interface Pose {
  /** The x, in the game's units. */
  x: number;
  /** The y, in the game's units. */
  y: number;
  /** The rotation, in radians. */
  rotation: number;
}

/**
 * The transform component every entity has: its current pose, the one
 * simulation writes (in `fixedUpdate`, for anything that is interpolated).
 * The interpolation's previous and drawn poses are Transforms too.
 */
export class Transform implements Pose {
  // Declared fields, assigned in the constructor: every pose shares one
  // shape whose number fields V8 rewrites in place (measured in
  // bench/systems-engine.ts: parameter properties and object literals here
  // cost a 16-byte HeapNumber per entity per frame).
  /** The x, in the game's units; defaults to 0. */
  x = 0;
  /** The y, in the game's units; defaults to 0. */
  y = 0;
  /** Radians. */
  rotation = 0;

  constructor(x = 0, y = 0, rotation = 0) {
    this.x = x;
    this.y = y;
    this.rotation = rotation;
  }
}

/**
 * A thing in a scene: a transform, named components (plain data the systems
 * read and write), and behaviors (per-entity scripts).
 *
 * For the built-in interpolation it also keeps two more poses, allocated
 * with the entity and rewritten in place, never reallocated:
 *
 * - `previous`: the pose at the start of the latest fixed step;
 * - `drawn`: what this frame draws, `previous` moved `alpha` of the way to
 *   `transform` (positions linearly, rotation by the shortest path).
 *
 * Setting `transform.x` jumps the simulation there, and the next frames
 * draw a streak from the old pose; {@link teleport} also resets the history,
 * so the entity is drawn at the new pose at once.
 */
export class Entity {
  /** The current pose. */
  readonly transform: Transform;
  /** The pose at the start of the latest fixed step. */
  readonly previous: Pose;
  /** The pose this frame draws (the interpolated one, or the transform when `interpolate` is false). */
  readonly drawn: Pose;
  /** The entity's behaviors, in the order its configuration lists them. */
  readonly behaviors: BehaviorHooks[] = [];
  /** Whether the entity is drawn between fixed steps (`true`) or at its transform as it is (`false`: per-frame motion). */
  interpolate: boolean;
  /** False once removed from its scene. */
  alive = true;

  constructor(
    /** Its name, unique in its scene when given by the configuration. */
    readonly id: string,
    x: number,
    y: number,
    rotation: number,
    /** Named components (plain data). */
    readonly components: Record<string, unknown>,
    interpolate = true,
  ) {
    this.transform = new Transform(x, y, rotation);
    this.previous = new Transform(x, y, rotation);
    this.drawn = new Transform(x, y, rotation);
    this.interpolate = interpolate;
  }

  /** The component named `name`, if the entity has one. */
  get<T>(name: string): T | undefined {
    return this.components[name] as T | undefined;
  }

  /**
   * Moves the entity to a pose with no history: the previous and the drawn
   * pose are set to it too, so it does not streak from where it was.
   */
  teleport(x: number, y: number, rotation: number = this.transform.rotation): void {
    const { transform, previous, drawn } = this;
    transform.x = previous.x = drawn.x = x;
    transform.y = previous.y = drawn.y = y;
    transform.rotation = previous.rotation = drawn.rotation = rotation;
  }
}
