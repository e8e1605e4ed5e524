import { box } from 'tickflow';
import { Actor, type Visual } from 'tickflow/world';
import type { DuelAction } from './bindings.js';
import type { Court } from './courts.js';
import { LOGICAL_WIDTH, WALL_THICKNESS } from './tuning.js';

/**
 * The court's fixed parts: the two walls and the centre line.
 *
 * @module
 */

/** A wall along the top or bottom of the court: a blocking box the ball bounces off. */
export class Wall extends Actor<DuelAction> {
  override response = 'block' as const;
  override shape = box(LOGICAL_WIDTH, WALL_THICKNESS);
  override visual: Visual;

  /**
   * @param edge Which wall.
   * @param court Where it stands: its inner edge on the court's `top` or `bottom`.
   */
  constructor(edge: 'top' | 'bottom', court: Court) {
    super();
    this.name = `${edge}-wall`;
    this.visual = { kind: 'rect', width: LOGICAL_WIDTH, height: WALL_THICKNESS, color: court.wallColor };
    this.x = LOGICAL_WIDTH / 2;
    this.y = edge === 'top' ? court.top - WALL_THICKNESS / 2 : court.bottom + WALL_THICKNESS / 2;
  }
}

/** How wide the centre line is drawn. */
const CENTRE_LINE_WIDTH = 4;

/** How strongly the centre line shows over the background. */
const CENTRE_LINE_ALPHA = 0.35;

/** The line down the middle: a picture only, no collider. */
export class CentreLine extends Actor<DuelAction> {
  override name = 'centre-line';
  override visual: Visual;

  constructor(court: Court) {
    super();
    this.visual = { kind: 'rect', width: CENTRE_LINE_WIDTH, height: court.bottom - court.top, color: court.wallColor, alpha: CENTRE_LINE_ALPHA };
    this.x = LOGICAL_WIDTH / 2;
    this.y = (court.top + court.bottom) / 2;
  }
}
