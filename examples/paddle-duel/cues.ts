/**
 * The names of Paddle Duel's audio cues. Ticks play them through
 * `ctx.cue(name)`; in the browser a Web Audio player sounds them, in Node the
 * engine's cue log records them with their frame.
 *
 * @module
 */
export const CUES = {
  /** A beep of the warm-up countdown. */
  count: 'count',
  /** The countdown's last beep: play starts. */
  go: 'go',
  /** The ball came off a paddle. */
  paddle: 'paddle',
  /** The ball came off a wall. */
  wall: 'wall',
  /** A point. */
  point: 'point',
  /** A round won. */
  round: 'round',
  /** The match is over. */
  over: 'over',
  /** The pause menu opened or closed. */
  pause: 'pause',
  /** The pause menu's cursor moved. */
  menuMove: 'menu-move',
  /** A pause menu item was chosen. */
  menuSelect: 'menu-select',
} as const;

/** One of {@link CUES}. */
export type CueName = (typeof CUES)[keyof typeof CUES];
