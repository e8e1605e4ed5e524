/**
 * Every number Paddle Duel is tuned by, in one place and with its unit, so
 * the simulation, the picture and the tests read the same values.
 *
 * Speeds are in world units per second and every tick multiplies them by the
 * frame's delta in seconds; delays are seconds of world time. Nothing is
 * counted in frames, which is what lets a match play out the same under any
 * clock (`npm run validate` shows it: see scenarios.ts).
 *
 * World units are the logical pixels of the 960 × 540 picture: the camera is
 * kept inside the court's bounds, which are exactly the view, so a world
 * point is drawn at the same logical point.
 *
 * @module
 */

// -- the picture ---------------------------------------------------------------

/** The game's logical size: what the backend letterboxes into its container. */
export const LOGICAL_WIDTH = 960;
export const LOGICAL_HEIGHT = 540;

/** The page and letterbox colour. */
export const BACKGROUND_COLOR = 0x0b0d17;

/** The two sides' colours: paddles, scores, banners. */
export const LEFT_COLOR = 0x5b9cf5;
export const RIGHT_COLOR = 0xff9f43;

/** The ball and the text that belongs to nobody. */
export const BALL_COLOR = 0xf5f7fa;
export const TEXT_COLOR = 0xe6edf3;
export const DIM_TEXT_COLOR = 0x8b98a8;

// -- the match -------------------------------------------------------------------

/** Points that win a round. */
export const POINTS_TO_WIN_ROUND = 3;

/** How long the warm-up countdown lasts before a round's first serve: one beep per second. */
export const WARM_UP_SECONDS = 3;

/** The pause after a point before the next serve. */
export const SERVE_DELAY_SECONDS = 1;

/** How long the "takes round 1" banner shows before the next court opens. */
export const ROUND_BREAK_SECONDS = 2;

/** The seed of a match's serves and of the AI's choices, unless the page asks for another. */
export const DEFAULT_SEED = 2;

// -- the ball ----------------------------------------------------------------------

/** The ball's radius. */
export const BALL_RADIUS = 9;

/** How fast the ball's spin animation plays: frames per second of world time (8 frames a turn). */
export const BALL_SPIN_FPS = 12;

/**
 * Each paddle return speeds the ball up by this factor, up to the court's
 * top speed, so a long rally gets harder.
 */
export const RALLY_SPEEDUP = 1.06;

/** The steepest a serve leaves the centre at, from the horizontal. */
export const SERVE_MAX_ANGLE_RADIANS = (30 * Math.PI) / 180;

/** The flattest a serve leaves the centre at (a flat serve is dull). */
export const SERVE_MIN_ANGLE_RADIANS = (8 * Math.PI) / 180;

/**
 * The middle of a paddle, as a share of its reach (half its length plus the
 * ball's radius), reflects the ball like a wall: the angle out is the angle
 * in. Only the ends steer it. So where exactly in the middle a ball lands
 * (which an all-or-nothing key press decides only to within a frame's
 * travel) does not change where it goes.
 */
export const PADDLE_FLAT_SHARE = 0.5;

/** How much a paddle's very end turns a return, beyond the mirror bounce. */
export const RETURN_STEER_RADIANS = (35 * Math.PI) / 180;

/** The steepest a return may leave a paddle at, from the horizontal. */
export const RETURN_MAX_ANGLE_RADIANS = (55 * Math.PI) / 180;

// -- the paddles -------------------------------------------------------------------

/** A paddle's thickness. */
export const PADDLE_WIDTH = 16;

/** How far a paddle's centre sits from its end of the court. */
export const PADDLE_INSET = 40;

/** A paddle's top speed (its drive at ±1). */
export const PADDLE_SPEED = 480;

/** A wall's thickness (the walls lie just outside the court's top and bottom). */
export const WALL_THICKNESS = 16;

/** How deep the goals reach behind each end line (the ball is out as soon as its edge crosses the line). */
export const GOAL_DEPTH = 60;

// -- the AI ----------------------------------------------------------------------

/**
 * How far off-centre an AI meets the ball, as a share of half its paddle:
 * it picks a spot in this range for each return, so some returns come off
 * the middle (a mirror bounce) and some off the ends (steered), and all of
 * them land on the paddle.
 */
export const AI_AIM_SPREAD = 0.9;

/** An AI returns between this many and {@link AI_MAX_RETURNS} balls a rally before it fumbles one. */
export const AI_MIN_RETURNS = 0;
export const AI_MAX_RETURNS = 4;

/** How clear of the ball a fumbling paddle ends up: a miss by a margin, never a graze. */
export const AI_FUMBLE_CLEARANCE = 24;

// -- the frame -----------------------------------------------------------------------

/**
 * The most one frame may be worth in the browser. At the top speed the ball
 * then moves less than a paddle's thickness plus its own diameter in a frame,
 * so the collision pass never lets it tunnel through a paddle or a wall.
 */
export const MAX_FRAME_MS = 40;

/**
 * The smallest text the picture shows, in CSS pixels. The court is drawn at
 * whatever size the stage is (a third of 960 × 540 on a phone); its text is
 * not: a label grows to this size, and small print gives way (label.ts).
 */
export const MIN_TEXT_CSS_PX = 12;
