import { Controller, type TickContext } from 'tickflow/world';
import { createSeededRandom, nextRandom, type SeededRandom } from 'tickflow/operators';
import { ballIn, type Ball } from './ball.js';
import type { DuelAction } from './bindings.js';
import type { Court } from './courts.js';
import { interceptY } from './intercept.js';
import type { Side } from './match.js';
import { Paddle } from './paddle.js';
import { AI_AIM_SPREAD, AI_FUMBLE_CLEARANCE, AI_MAX_RETURNS, AI_MIN_RETURNS, BALL_RADIUS, PADDLE_SPEED } from './tuning.js';

/**
 * The computer's side: it foresees where the ball will reach its paddle and
 * drives the paddle there, so the game plays itself.
 *
 * Its character is drawn from a seeded random stream, once per decision and
 * never once per frame: at the start of each rally how many balls it will
 * return before it fumbles one, and for each ball coming at it the spot on
 * the paddle it will meet it with. Every clock then draws the same numbers
 * in the same order, and the match plays out the same. (A draw per frame
 * would hand a 40 ms clock a different AI than a 5 ms one.)
 *
 * It drives at full speed towards its spot and arrives exactly: the drive is
 * the distance left over what full speed covers this frame, capped at 1, so
 * the last frame covers just the rest whatever its delta.
 *
 * A fumble is a miss by a margin (the paddle waits a clear gap beside the
 * ball's path), never a graze that a slightly different step could turn
 * into a return.
 */
export class AiController extends Controller<DuelAction> {
  private readonly random: SeededRandom;
  private rally: Ball | undefined;
  private returnsLeft = 0;
  /** The ball's return count the current plan was made for. */
  private plannedFor = -1;
  /** Where on the paddle to meet the ball (ball y minus paddle y), in world units. */
  private aimOffset = 0;

  /**
   * @param name Its name in outcome tables (`'right-ai'`).
   * @param side The end it plays.
   * @param court Where the walls are (the ball bounces off them on its way).
   * @param seed Its random stream's seed.
   */
  constructor(
    name: string,
    private readonly side: Side,
    private readonly court: Court,
    seed: number,
  ) {
    super();
    this.name = name;
    this.random = createSeededRandom(seed);
  }

  override tick(dt: number, { world }: TickContext<DuelAction>): void {
    const paddle = this.pawn;
    if (!(paddle instanceof Paddle)) return;
    const ball = ballIn(world);
    const targetY = this.targetY(paddle, ball);
    paddle.drive.y = dt > 0 ? Math.max(-1, Math.min(1, (targetY - paddle.y) / (PADDLE_SPEED * dt))) : 0;
  }

  /** Where the paddle's centre should go: to meet a ball coming at it, else back to the middle. */
  private targetY(paddle: Paddle, ball: Ball | undefined): number {
    const middle = (this.court.top + this.court.bottom) / 2;
    const comingAtMe = ball !== undefined && (this.side === 'left' ? ball.vx < 0 : ball.vx > 0);
    if (!comingAtMe) return middle;
    const meetX = paddle.faceX + (this.side === 'left' ? BALL_RADIUS : -BALL_RADIUS);
    const meetY = interceptY(ball, meetX, this.court.top + BALL_RADIUS, this.court.bottom - BALL_RADIUS);
    if (meetY === undefined) return paddle.y; // already past the face: nothing to reach for
    if (ball !== this.rally) {
      this.rally = ball;
      this.plannedFor = -1;
      this.returnsLeft = AI_MIN_RETURNS + Math.floor(nextRandom(this.random) * (AI_MAX_RETURNS - AI_MIN_RETURNS + 1));
    }
    if (this.plannedFor !== ball.returns) {
      this.plannedFor = ball.returns;
      this.plan(paddle, meetY, middle);
    }
    return meetY - this.aimOffset;
  }

  /** Decides how to meet this ball: a return at a drawn spot, or, its returns spent, a fumble. */
  private plan(paddle: Paddle, meetY: number, middle: number): void {
    if (this.returnsLeft > 0) {
      this.returnsLeft--;
      this.aimOffset = (nextRandom(this.random) * 2 - 1) * AI_AIM_SPREAD * (paddle.length / 2);
      return;
    }
    // Wait beside the ball's path on the side towards the middle, where there is room.
    const clear = paddle.length / 2 + BALL_RADIUS + AI_FUMBLE_CLEARANCE;
    this.aimOffset = meetY >= middle ? clear : -clear;
  }
}
