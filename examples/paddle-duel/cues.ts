import type { CueTone } from 'tickflow/web-audio';

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

/** How each cue sounds: short synthesized tones, no files. */
export const CUE_TONES: Readonly<Record<string, CueTone>> = {
  [CUES.count]: { frequency: 440, durationMs: 110, type: 'sine', gain: 0.18 },
  [CUES.go]: { frequency: 880, durationMs: 220, type: 'sine', gain: 0.2 },
  [CUES.paddle]: { frequency: 330, durationMs: 70, type: 'square', gain: 0.12 },
  [CUES.wall]: { frequency: 220, durationMs: 50, type: 'triangle', gain: 0.15 },
  [CUES.point]: { frequency: 660, durationMs: 260, type: 'triangle', gain: 0.22 },
  [CUES.round]: { frequency: 990, durationMs: 420, type: 'triangle', gain: 0.22 },
  [CUES.over]: { frequency: 523, durationMs: 700, type: 'triangle', gain: 0.25 },
  [CUES.pause]: { frequency: 300, durationMs: 120, type: 'sine', gain: 0.15 },
  [CUES.menuMove]: { frequency: 1200, durationMs: 35, type: 'square', gain: 0.08 },
  [CUES.menuSelect]: { frequency: 1500, durationMs: 60, type: 'square', gain: 0.1 },
};
