import { nonNegativeFinite } from '../../operators/validate.js';

/** A collision shape, centred on its owner's position. Sizes in world units. */
export type Shape =
  | {
      /** A circle. */
      readonly kind: 'circle';
      /** Its radius, in world units. */
      readonly radius: number;
    }
  | {
      /** An axis-aligned box. */
      readonly kind: 'box';
      /** Its full width, in world units. */
      readonly width: number;
      /** Its full height, in world units. */
      readonly height: number;
    };

/**
 * How a collider meets others: `'overlap'` reports begin/end events (a
 * trigger: a pickup, a goal line); two `'block'` colliders report a `'hit'`
 * every frame they touch, with the normal and depth to resolve it.
 */
export type CollisionResponse = 'overlap' | 'block';

/** Anything the collision pass can test: a stable id, a position and a shape. */
export interface Collider {
  /** Unique and stable for the collider's life (pairs are tracked by id): a whole number below `MAX_COLLIDER_ID` (2^26). */
  readonly id: number;
  /** The x of its centre, in world units. */
  readonly x: number;
  /** The y of its centre, in world units. */
  readonly y: number;
  /** No shape: not tested. */
  readonly shape: Shape | undefined;
  /** How it meets other colliders: `'overlap'` or `'block'`. */
  readonly response: CollisionResponse;
}

/** One collision event of a pass. */
export interface CollisionEvent<T extends Collider = Collider> {
  /** `'begin'`/`'end'`: an overlap pair started or stopped touching; `'hit'`: two blocking colliders touch this frame. */
  readonly kind: 'begin' | 'end' | 'hit';
  /** The pair, `a` spawned first (lower id). */
  readonly a: T;
  /** The other collider of the pair, spawned later (higher id). */
  readonly b: T;
  /** The unit normal from `a` towards `b` (0, 0 for an `'end'`). */
  readonly normalX: number;
  /** The y component of the unit normal from `a` towards `b` (0 for an `'end'`). */
  readonly normalY: number;
  /** How far the shapes overlap along the normal (0 for an `'end'`). */
  readonly depth: number;
}

/**
 * A circle of `radius` world units. The shape is frozen: a size checked here
 * cannot turn into NaN later.
 *
 * @throws {OptionError} when `radius` is not a finite number >= 0 (`circle('5')`
 * would otherwise collide 50 units apart, `circle(-5)` never).
 */
export function circle(radius: number): Shape {
  nonNegativeFinite('circle', 'radius', radius);
  return Object.freeze({ kind: 'circle', radius });
}

/**
 * An axis-aligned box of `width` × `height` world units, frozen like {@link circle}'s.
 *
 * @throws {OptionError} when `width` or `height` is not a finite number >= 0.
 */
export function box(width: number, height: number): Shape {
  nonNegativeFinite('box', 'width', width);
  nonNegativeFinite('box', 'height', height);
  return Object.freeze({ kind: 'box', width, height });
}

/** Half the shape's extent along x and y. */
export function halfExtents(shape: Shape): {
  /** Half the extent along x, in world units. */
  hx: number;
  /** Half the extent along y, in world units. */
  hy: number;
} {
  return shape.kind === 'circle' ? { hx: shape.radius, hy: shape.radius } : { hx: shape.width / 2, hy: shape.height / 2 };
}
