import type { Entity } from './entity.js';

const TWO_PI = Math.PI * 2;

/**
 * The shortest signed turn from angle `from` to angle `to`, in radians, in
 * [-π, π): from 350° to 10° is +20°, not -340°.
 */
export function shortestTurn(from: number, to: number): number {
  const difference = to - from;
  // Already the shortest (the usual case between two fixed steps): the remainder below would return it
  // unchanged, and a floating-point % is a call V8 does not inline, once per entity per frame.
  if (difference >= -Math.PI && difference < Math.PI) return difference;
  const turn = difference % TWO_PI; // in (-2π, 2π)
  if (turn >= Math.PI) return turn - TWO_PI;
  if (turn < -Math.PI) return turn + TWO_PI;
  return turn;
}

/**
 * The built-in interpolation system: it smooths transforms drawn between two
 * fixed steps. A drawn frame usually falls between two simulation steps;
 * drawing the latest step as it is would jitter (a 60 Hz display over a
 * 50 Hz simulation shows the same pose twice every few frames).
 *
 * 1. Before each fixed step, {@link InterpolationSystem.beginStep} copies
 *    every entity's current pose into its previous pose.
 * 2. After `update`, {@link InterpolationSystem.draw} sets each drawn pose
 *    `alpha` of the way from previous to current: positions linearly,
 *    rotation by the shortest path. An entity with `interpolate: false` is
 *    drawn at its transform as it is.
 *
 * The drawn picture is therefore up to one fixed step behind the simulation:
 * the price of never showing a pose the simulation did not reach. A teleport
 * ({@link Entity.teleport}) resets an entity's history so it does not streak.
 * Both passes are plain loops that write numbers in place: nothing is
 * allocated per entity per frame.
 *
 * ```text
 * fixed steps   s1--------s2--------s3
 * frames          f    f     f    f
 * alpha           .2   .7    .4   .9
 * drawn           s0+.2(s1-s0) ...      (between the last two steps)
 * ```
 */
export class InterpolationSystem {
  /** What {@link draw} hands {@link drawAt}: one object, its alpha rewritten each call. */
  private readonly given = { alpha: 0 };

  /** Step 1, before each fixed step: previous <- current. */
  beginStep(entities: readonly Entity[]): void {
    for (let i = 0; i < entities.length; i++) {
      const entity = entities[i]!;
      const { transform, previous } = entity;
      previous.x = transform.x;
      previous.y = transform.y;
      previous.rotation = transform.rotation;
    }
  }

  /** Step 2, after update: drawn <- previous + alpha·(current − previous). */
  draw(entities: readonly Entity[], alpha: number): void {
    this.given.alpha = alpha;
    this.drawAt(entities, this.given);
  }

  /**
   * {@link draw} with the alpha read from `time` (the engine's `Time`): a
   * number handed to a call is boxed in Chromium's mid tier, which runs a
   * page's frame code (12 B a frame); an object's field is read unboxed.
   * @internal
   */
  drawAt(entities: readonly Entity[], time: { readonly alpha: number }): void {
    const alpha = time.alpha;
    for (let i = 0; i < entities.length; i++) {
      const entity = entities[i]!;
      const { transform, previous, drawn } = entity;
      if (!entity.interpolate) {
        drawn.x = transform.x;
        drawn.y = transform.y;
        drawn.rotation = transform.rotation;
        continue;
      }
      drawn.x = previous.x + (transform.x - previous.x) * alpha;
      drawn.y = previous.y + (transform.y - previous.y) * alpha;
      drawn.rotation = previous.rotation + shortestTurn(previous.rotation, transform.rotation) * alpha;
    }
  }
}

/** Each entity's drawn pose at its transform as it is (no interpolation: `interpolation: false`). @internal */
export function drawAsIs(entities: readonly Entity[]): void {
  for (let i = 0; i < entities.length; i++) {
    const { transform, drawn } = entities[i]!;
    drawn.x = transform.x;
    drawn.y = transform.y;
    drawn.rotation = transform.rotation;
  }
}
