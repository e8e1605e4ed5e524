import { box, type CollisionEvent, type Shape } from 'tickflow';
import { Actor } from 'tickflow/world';
import { Ball } from './ball.js';
import type { DuelAction } from './bindings.js';
import type { Court } from './courts.js';
import type { Side } from './match.js';
import type { Referee } from './referee.js';
import { BALL_RADIUS, GOAL_DEPTH, LOGICAL_WIDTH } from './tuning.js';

/**
 * The space behind an end line: an overlap box (a trigger, it stops
 * nothing). When the ball begins to overlap it, the ball is out and the
 * other side scores.
 *
 * The goal works out when the ball's edge crossed the line, from how far past
 * it the ball is and how fast it is going, and reports that instant: the next
 * serve is timed from it, so the rhythm of a match does not depend on which
 * frame happened to notice the point.
 */
export class Goal extends Actor<DuelAction> {
  override response = 'overlap' as const;
  override shape: Shape;
  /** The end line's x. */
  readonly lineX: number;

  /**
   * @param defending The side that concedes when the ball gets in.
   * @param court How tall the goal is.
   * @param referee Told when the ball is out.
   */
  constructor(
    readonly defending: Side,
    court: Court,
    private readonly referee: Referee,
  ) {
    super();
    this.name = `${defending}-goal`;
    this.lineX = defending === 'left' ? 0 : LOGICAL_WIDTH;
    this.shape = box(GOAL_DEPTH, court.bottom - court.top);
    this.x = defending === 'left' ? -GOAL_DEPTH / 2 : LOGICAL_WIDTH + GOAL_DEPTH / 2;
    this.y = (court.top + court.bottom) / 2;
  }

  override onOverlapBegin(other: Actor<DuelAction>, _event: CollisionEvent<Actor<DuelAction>>): void {
    if (!(other instanceof Ball) || this.world === undefined) return;
    const pastLine = this.defending === 'left' ? this.lineX - (other.x - BALL_RADIUS) : other.x + BALL_RADIUS - this.lineX;
    const speedAcross = Math.abs(other.vx);
    const sinceCrossingSeconds = speedAcross > 0 ? Math.min(Math.max(pastLine, 0) / speedAcross, other.lastFlightSeconds) : 0;
    this.referee.out(this.defending, this.world.time - sinceCrossingSeconds);
  }
}
