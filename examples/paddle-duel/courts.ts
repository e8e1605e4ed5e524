import type { Bounds } from 'tickflow/world';
import { LOGICAL_HEIGHT, LOGICAL_WIDTH } from './tuning.js';

/**
 * A court: where the walls are, how long the paddles are and how fast the
 * ball flies. Each round of a match opens a level built from one of these.
 *
 * @module
 */

/** The geometry and pace of one court, in world units and units per second. */
export interface Court {
  /** The level's name (what `world.level` reads). */
  readonly level: string;
  /** The round it hosts, from 1. */
  readonly round: number;
  /** Its name on the banner. */
  readonly title: string;
  /** The inner edge of the top wall: the smallest y the ball can reach. */
  readonly top: number;
  /** The inner edge of the bottom wall. */
  readonly bottom: number;
  /** The paddles' length. */
  readonly paddleLength: number;
  /** How fast every serve leaves the centre. */
  readonly serveSpeed: number;
  /** The fastest a rally gets. */
  readonly topSpeed: number;
  /** The walls' colour. */
  readonly wallColor: number;
  /** Which side the first serve of the round goes towards. */
  readonly firstServeTowards: 'left' | 'right';
}

/** Round 1: the open court, the whole height of the picture below the scores. */
export const OPEN_COURT: Court = {
  level: 'round-1',
  round: 1,
  title: 'the open court',
  top: 70,
  bottom: 520,
  paddleLength: 100,
  serveSpeed: 380,
  topSpeed: 620,
  wallColor: 0x2a3342,
  firstServeTowards: 'left',
};

/** Round 2: the narrows, a lower court with shorter paddles and a faster ball. */
export const NARROWS: Court = {
  level: 'round-2',
  round: 2,
  title: 'the narrows',
  top: 130,
  bottom: 450,
  paddleLength: 76,
  serveSpeed: 440,
  topSpeed: 680,
  wallColor: 0x6b3fa0,
  firstServeTowards: 'right',
};

/** The courts in the order a match plays them. */
export const COURTS: readonly Court[] = [OPEN_COURT, NARROWS];

/** The court's middle, where serves start. */
export function courtCentre(court: Court): { x: number; y: number } {
  return { x: LOGICAL_WIDTH / 2, y: (court.top + court.bottom) / 2 };
}

/**
 * What the camera is kept inside: the picture's logical rectangle. The view
 * is exactly that size, so the camera centres on it and a world point is
 * drawn at the same logical point.
 */
export const CAMERA_BOUNDS: Bounds = { minX: 0, minY: 0, maxX: LOGICAL_WIDTH, maxY: LOGICAL_HEIGHT };
