import { circle, portableAtan2, portableCos, portableSin } from 'tickflow';
import { Actor, type TickContext, type Visual, type World } from 'tickflow/world';
import type { DuelAction } from './bindings.js';
import type { Court } from './courts.js';
import type { Side } from './match.js';
import { ART } from './art/art-layout.js';
import { Paddle } from './paddle.js';
import type { Referee } from './referee.js';
import {
  BALL_COLOR,
  BALL_RADIUS,
  BALL_SPIN_FPS,
  PADDLE_FLAT_SHARE,
  RALLY_SPEEDUP,
  RETURN_MAX_ANGLE_RADIANS,
  RETURN_STEER_RADIANS,
  WALL_THICKNESS,
} from './tuning.js';

/** The ball's picture: the sheet's spinning ball, its diameter the collider's, 12 frames a second of world time. */
const BALL_VISUAL: Visual = {
  kind: 'animation',
  sheet: ART.sheet,
  animation: 'ball-spin',
  fps: BALL_SPIN_FPS,
  scale: (2 * BALL_RADIUS) / ART.ball.size,
  tint: BALL_COLOR,
  z: 2,
};

/**
 * The ball: a blocking circle flying in a straight line at a constant
 * velocity, in world units per second.
 *
 * It moves by `velocity × dt` in its tick, and resolves what it hits in the
 * collision pass the same frame. A hit is found at the end of a frame, after
 * the ball has already sunk `depth` into what it hit; the ball rewinds to the
 * instant of contact (`depth` over its speed into the surface), turns, and
 * flies the rest of the frame on its new course:
 *
 * ```text
 *   frame start ●──────────┐│  found here, sunk `depth` into the paddle
 *                          ●│  rewound to contact, `depth / approach` seconds back
 *   frame end   ●─────────╱ │  the same seconds flown on the new course
 * ```
 *
 * So a bounce lands where the straight flight would have bounced, whatever
 * the step: a 40 ms frame and a 5 ms one put the ball in the same place.
 * Counting a bounce at the frame that noticed it would move it by up to a
 * frame's flight, a little differently under every clock, and rallies would
 * drift apart from there.
 */
export class Ball extends Actor<DuelAction> {
  override name = 'ball';
  override shape = circle(BALL_RADIUS);
  override response = 'block' as const;
  override visual: Visual = BALL_VISUAL;
  /** Velocity, in world units per second. */
  vx = 0;
  vy = 0;
  /** Paddle returns in this rally. */
  returns = 0;
  /** How long the latest tick flew: the furthest back a hit found this frame can have begun. */
  private flownSeconds = 0;

  /**
   * @param court Where its walls are and how fast it may get.
   * @param referee Told of every return, bounce and exit (see {@link Referee}).
   */
  constructor(
    private readonly court: Court,
    private readonly referee: Referee,
  ) {
    super();
  }

  /** Its speed, in world units per second (a square root of the squares: exact in every engine, where `Math.hypot` need not be). */
  get speed(): number {
    return Math.sqrt(this.vx * this.vx + this.vy * this.vy);
  }

  /** How long its latest tick flew (seconds). */
  get lastFlightSeconds(): number {
    return this.flownSeconds;
  }

  /**
   * Sets it flying towards `towards` at `speed`, `angleRadians` from the
   * horizontal (positive is down). Its trigonometry, and the return's, is
   * tickflow's portable one, the same bits in every engine: a replay in Node
   * and a peer in another browser fly the ball exactly where the page did.
   */
  launch(towards: Side, speed: number, angleRadians: number): void {
    const direction = towards === 'left' ? -1 : 1;
    this.vx = direction * speed * portableCos(angleRadians);
    this.vy = speed * portableSin(angleRadians);
    this.returns = 0;
  }

  /** Moves along its course for `seconds` (negative goes back along it). */
  fly(seconds: number): void {
    this.x += this.vx * seconds;
    this.y += this.vy * seconds;
  }

  override tick(dt: number, _context: TickContext<DuelAction>): void {
    this.flownSeconds = dt;
    this.fly(dt);
    this.keepInsideWalls();
  }

  override onHit(other: Actor<DuelAction>, normalX: number, normalY: number, depth: number): void {
    // How fast it is closing on the surface; a ball already leaving it was resolved before.
    const approach = this.vx * normalX + this.vy * normalY;
    if (approach <= 0) return;
    const sinceContactSeconds = Math.min(depth / approach, this.flownSeconds);
    this.fly(-sinceContactSeconds);
    if (other instanceof Paddle && Math.abs(normalX) >= Math.abs(normalY)) {
      this.returnFrom(other);
      this.referee.returned(other.side);
    } else {
      // A wall (or a paddle's end): a mirror bounce.
      this.vx -= 2 * approach * normalX;
      this.vy -= 2 * approach * normalY;
      this.referee.bounced();
    }
    this.fly(sinceContactSeconds);
  }

  /**
   * Leaves a paddle's face a little faster (up to the court's top speed), at
   * an angle set by where it met the paddle:
   *
   * ```text
   *   end   ▐  steered up to RETURN_STEER_RADIANS further
   *   middle▐  mirrored: out at the angle it came in (PADDLE_FLAT_SHARE of the reach)
   *   end   ▐  steered the other way
   * ```
   */
  private returnFrom(paddle: Paddle): void {
    const reach = paddle.length / 2 + BALL_RADIUS;
    const offset = Math.max(-1, Math.min(1, (this.y - paddle.y) / reach));
    const steer = Math.sign(offset) * Math.max(0, Math.abs(offset) - PADDLE_FLAT_SHARE) / (1 - PADDLE_FLAT_SHARE);
    const incoming = portableAtan2(this.vy, Math.abs(this.vx));
    const angle = Math.max(-RETURN_MAX_ANGLE_RADIANS, Math.min(RETURN_MAX_ANGLE_RADIANS, incoming + steer * RETURN_STEER_RADIANS));
    const speed = Math.min(this.speed * RALLY_SPEEDUP, this.court.topSpeed);
    const away = paddle.side === 'left' ? 1 : -1;
    this.vx = away * speed * portableCos(angle);
    this.vy = speed * portableSin(angle);
    this.returns++;
  }

  /**
   * The walls stop the ball through the collision pass. A frame long enough
   * to carry it clean through a wall (longer than any clock here delivers)
   * would lose it off the court for good, so that case is mirrored back here.
   */
  private keepInsideWalls(): void {
    const minY = this.court.top + BALL_RADIUS;
    const maxY = this.court.bottom - BALL_RADIUS;
    if (this.y < minY - WALL_THICKNESS) {
      this.y = 2 * minY - this.y;
      this.vy = Math.abs(this.vy);
    } else if (this.y > maxY + WALL_THICKNESS) {
      this.y = 2 * maxY - this.y;
      this.vy = -Math.abs(this.vy);
    }
  }
}

/**
 * The ball in play, if one is: looked up by its name, which allocates
 * nothing (`world.ofType(Ball)` makes a new array each call, and the AI asks
 * every frame).
 */
export function ballIn(world: World<DuelAction>): Ball | undefined {
  const found = world.find('ball');
  return found instanceof Ball ? found : undefined;
}
