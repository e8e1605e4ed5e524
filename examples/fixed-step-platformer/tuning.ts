// Fixed-step Platformer: every number the game plays by, in one place.
// Positions in logical pixels (960 × 540), speeds per second, times in seconds.

/** The logical resolution the backend letterboxes. */
export const LOGICAL_WIDTH = 960;
export const LOGICAL_HEIGHT = 540;

/** The simulation's fixed rate: the engine's default, 50 Hz (a 20 ms step). */
export const FIXED_UPDATE_RATE_HZ = 50;

/** The player's box. */
export const PLAYER_WIDTH = 28;
export const PLAYER_HEIGHT = 40;

/** Horizontal speed while a direction is held, px/s. */
export const RUN_SPEED = 260;
/** Downward acceleration, px/s². */
export const GRAVITY = 2000;
/** Upward speed a jump starts with, px/s (apex: 760² / 4000 = 144 px). */
export const JUMP_SPEED = 760;
/** The fastest fall, px/s. */
export const MAX_FALL_SPEED = 1100;

/** How far below the screen a fall counts as falling out of the level. */
export const FALL_OUT_Y = LOGICAL_HEIGHT + 80;

/** The thin ledge's thickness: a per-frame step over 54 px (ledge + player) can cross it whole. */
export const LEDGE_THICKNESS = 14;

/** How long the "long frame" button stalls the simulated display, in ms (the engine clamps a frame to 250 ms). */
export const LONG_FRAME_MS = 250;

/** The drop test: the player starts this far above the ledge, falling this fast. */
export const DROP_HEIGHT = 40;
export const DROP_SPEED = 900;

/** The display rates the page can simulate. */
export const DISPLAY_RATES_HZ = [30, 60, 144] as const;
export type DisplayRate = (typeof DISPLAY_RATES_HZ)[number];

/** Colours, 0xRRGGBB. */
export const BACKGROUND_COLOR = 0x0b0d17;
export const PLAYER_COLOR = 0x3ddc97;
export const GROUND_COLOR = 0x2b3647;
export const LEDGE_COLOR = 0xff9f43;
export const GOAL_COLOR = 0x5b9cf5;
