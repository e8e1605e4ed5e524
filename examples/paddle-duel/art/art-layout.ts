/**
 * Paddle Duel's art: the sizes of its spritesheet's frames, in pixels, shared
 * by the generator (make-art.ts) and the visuals that scale them to world units.
 *
 * @module
 */
export const ART = {
  /** The sheet, as the game loads it (an alias, and the file beside this one). */
  sheet: 'paddle-duel-sheet',
  /** The paddle bar: tinted per side, scaled to each court's paddle length. */
  paddle: { width: 16, height: 64 },
  /** Each frame of the ball's spin. */
  ball: { size: 24 },
  spinFrames: 8,
  /** The halo under the ball. */
  glow: { size: 48 },
} as const;
