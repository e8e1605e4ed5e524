import type { Side } from './match.js';

/**
 * What the ball and the goals report to the match's game mode during the
 * collision pass (step 7). The game mode ticks right after (step 8) and
 * decides from what it was told: "It runs after collision so the mode decides
 * the match from a settled world, with this frame's overlaps and hits already
 * reported."
 *
 * Collision callbacks are not handed the tick context, so they cannot play a
 * cue themselves; the game mode plays the cues of what it was told, in the
 * same frame.
 *
 * @module
 */
export interface Referee {
  /** The ball came off `side`'s paddle. */
  returned(side: Side): void;
  /** The ball came off a wall. */
  bounced(): void;
  /**
   * The ball's edge crossed the end line `defending` guards, at world time
   * `atSeconds`: the instant it crossed, which lies inside the frame that
   * noticed it, not at the frame's end.
   */
  out(defending: Side, atSeconds: number): void;
}
