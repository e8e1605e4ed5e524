import type { TickContext } from './tick-context.js';

/**
 * The rules of the match. It ticks after the collision pass (step 8), so it
 * decides from a settled world, with this frame's overlaps and hits already
 * reported. `phase` and `scores` are what outcome comparisons read.
 */
export class GameMode<A extends string = string> {
  /** The match phase, e.g. `'warm-up'`, `'playing'`, `'over'`. */
  phase = 'playing';
  /** Score per side. */
  readonly scores: Record<string, number> = {};

  /** Called once per frame (step 8) with the delta in seconds. */
  tick(_dt: number, _context: TickContext<A>): void {}
}
