/**
 * Where a ball flying in a straight line between two walls will be when it
 * reaches a given x: the AI's (and the scripted player's) whole foresight.
 *
 * A pure function of the ball's position and velocity, so the answer does not
 * depend on how the time until then is cut into frames: asked on any frame of
 * a flight, it names the same point.
 *
 * @module
 */

/** A point moving at a constant velocity, in world units and units per second. */
export interface Flight {
  readonly x: number;
  readonly y: number;
  readonly vx: number;
  readonly vy: number;
}

/**
 * The y at which `flight` reaches `atX`, bouncing off horizontal walls that
 * keep its centre within `[minY, maxY]`, or `undefined` when it is flying
 * away from `atX` (or not across at all).
 *
 * The bounces are folded in closed form: a reflection between two walls is a
 * straight line on a strip of period `2 × (maxY − minY)`, folded back.
 *
 * ```text
 *  minY ─────────────────────────     y unfolded: y0 + vy·t
 *         ╲        ╱╲                 folded: mirror every half period
 *          ╲      ╱  ╲  ● atX
 *           ╲    ╱
 *  maxY ─────╲──╱────────────────
 * ```
 *
 * @example
 * ```ts
 * interceptY({ x: 0, y: 10, vx: 100, vy: -100 }, 50, 0, 100); // 40: up 10, bounce, down 40
 * ```
 */
export function interceptY(flight: Flight, atX: number, minY: number, maxY: number): number | undefined {
  const { x, y, vx, vy } = flight;
  if (vx === 0) return undefined;
  const seconds = (atX - x) / vx;
  if (seconds < 0) return undefined;
  const span = maxY - minY;
  if (!(span > 0)) return minY;
  const period = 2 * span;
  const unfolded = y + vy * seconds - minY;
  const phase = ((unfolded % period) + period) % period;
  return minY + (phase <= span ? phase : period - phase);
}
