/** A collision shape, centred on its owner's position. Sizes in world units. */
export type Shape =
  | { readonly kind: 'circle'; readonly radius: number }
  | { readonly kind: 'box'; readonly width: number; readonly height: number };

/**
 * How a collider meets others: `'overlap'` reports begin/end events (a
 * trigger: a pickup, a goal line); two `'block'` colliders report a `'hit'`
 * every frame they touch, with the normal and depth to resolve it.
 */
export type CollisionResponse = 'overlap' | 'block';

/** Anything the collision pass can test: a stable id, a position and a shape. */
export interface Collider {
  /** Unique and stable for the collider's life (pairs are tracked by id); below 2^26. */
  readonly id: number;
  readonly x: number;
  readonly y: number;
  /** No shape: not tested. */
  readonly shape: Shape | undefined;
  readonly response: CollisionResponse;
}

/** One collision event of a pass. */
export interface CollisionEvent<T extends Collider = Collider> {
  /** `'begin'`/`'end'`: an overlap pair started or stopped touching; `'hit'`: two blocking colliders touch this frame. */
  readonly kind: 'begin' | 'end' | 'hit';
  /** The pair, `a` spawned first (lower id). */
  readonly a: T;
  readonly b: T;
  /** The unit normal from `a` towards `b` (0, 0 for an `'end'`). */
  readonly normalX: number;
  readonly normalY: number;
  /** How far the shapes overlap along the normal (0 for an `'end'`). */
  readonly depth: number;
}

/** A circle of `radius`. */
export const circle = (radius: number): Shape => ({ kind: 'circle', radius });

/** An axis-aligned box of `width` × `height`. */
export const box = (width: number, height: number): Shape => ({ kind: 'box', width, height });

/** Half the shape's extent along x and y. */
export function halfExtents(shape: Shape): { hx: number; hy: number } {
  return shape.kind === 'circle' ? { hx: shape.radius, hy: shape.radius } : { hx: shape.width / 2, hy: shape.height / 2 };
}
