/**
 * Every number Orbit Catch is tuned by, in one place and with its unit, so
 * the simulation, the picture and the tests read the same values.
 *
 * Speeds are per second and the update multiplies them by the frame's delta
 * in seconds: the game is tuned in time, never in frames, which is what lets
 * it play the same under any clock (see spec/examples/orbit-catch-delta-time.spec.ts).
 *
 * @module
 */

// -- the round ---------------------------------------------------------------

/** How long a round lasts, in simulated seconds. */
export const ROUND_SECONDS = 60;

/** Orbs that may reach the core before the round is lost. */
export const STARTING_LIVES = 5;

// -- the arena (world units; the core sits at the origin, y is up) -----------

/** Where orbs appear: their distance from the core's axis, in world units. */
export const SPAWN_RADIUS_UNITS = 7;

/** An orb whose distance from the axis falls to this has reached the core and escapes. */
export const CORE_RADIUS_UNITS = 1.1;

/** The radius of an orb's sphere: what a click must land on. */
export const ORB_SIZE_UNITS = 0.42;

/** The band of heights an orb orbits at, around y = 0. */
export const ORB_HEIGHT_RANGE_UNITS = 2.4;

/** How far an orb bobs above and below its orbit. */
export const BOB_AMPLITUDE_UNITS = 0.35;

/** How fast an orb bobs. */
export const BOB_RADIANS_PER_SECOND = 1.6;

// -- how orbs move -------------------------------------------------------------

/** The slowest and fastest an orb falls towards the core. */
export const RADIAL_SPEED_UNITS_PER_SECOND = { min: 0.65, max: 1.1 } as const;

/**
 * The slowest and fastest an orb travels along its orbit. Its angular speed is
 * this over its distance from the axis, so an orb whirls faster as it falls in
 * (a spiral, like a body in orbit), which makes the motion nonlinear in time.
 */
export const TANGENTIAL_SPEED_UNITS_PER_SECOND = { min: 1.4, max: 2.4 } as const;

// -- what orbs are worth ---------------------------------------------------------

/** The values an orb can carry: common, rare and precious. */
export type OrbValue = 1 | 2 | 5;

/** The share of orbs worth 5 (gold, and faster). */
export const PRECIOUS_SHARE = 0.08;

/** The share of orbs worth 2 (magenta); the rest are worth 1 (cyan). */
export const RARE_SHARE = 0.22;

/** How much faster a precious orb falls than its draw. */
export const PRECIOUS_SPEED_FACTOR = 1.4;

// -- spawning ------------------------------------------------------------------------

/** When the first orb appears, in round seconds. */
export const FIRST_SPAWN_SECONDS = 0.25;

/** The gap between two spawns at the start of the round. */
export const START_SPAWN_INTERVAL_SECONDS = 1.3;

/** The gap between two spawns at the end of the round (spawning speeds up linearly). */
export const END_SPAWN_INTERVAL_SECONDS = 0.4;

// -- effects and camera ----------------------------------------------------------------

/** How long a catch or escape flash lasts. */
export const BURST_SECONDS = 0.6;

/** How fast the camera circles the arena. */
export const CAMERA_ORBIT_RADIANS_PER_SECOND = 0.06;

/** The camera's distance from the axis and its height above the arena. */
export const CAMERA_DISTANCE_UNITS = 12.5;
export const CAMERA_HEIGHT_UNITS = 7.5;

/** How long after the round ends a click on the picture starts the next one (so the catching click does not). */
export const CLICK_TO_RESTART_AFTER_SECONDS = 0.8;

// -- the picture ---------------------------------------------------------------------------

/** The game's logical resolution: the screen layer draws in these units. */
export const LOGICAL_WIDTH = 960;
export const LOGICAL_HEIGHT = 540;

/** The clear color of the 3D picture. */
export const BACKGROUND_COLOR = 0x0b0d17;
