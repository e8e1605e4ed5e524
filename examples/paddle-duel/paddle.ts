import { box, type Shape } from 'tickflow';
import { Actor, type TickContext, type Visual } from 'tickflow/world';
import type { DuelAction } from './bindings.js';
import type { Court } from './courts.js';
import type { Side } from './match.js';
import { ART } from './art/art-layout.js';
import { LEFT_COLOR, LOGICAL_WIDTH, PADDLE_INSET, PADDLE_SPEED, PADDLE_WIDTH, RIGHT_COLOR } from './tuning.js';

/**
 * A paddle: a blocking box that slides up and down its end of the court.
 *
 * It is a pawn: a controller (a person's keys or the AI) writes `drive.y`
 * in step 4, a share of full speed from −1 (up) to 1 (down), and the paddle
 * moves by it in its own tick in step 5 of the same frame, integrating
 * against the frame's delta. It stops at the walls rather than touching them,
 * so the only hits it takes part in are the ball's.
 */
export class Paddle extends Actor<DuelAction> {
  override response = 'block' as const;
  override shape: Shape;
  override visual: Visual;

  /**
   * @param side Which end it guards.
   * @param court Where the walls are and how long a paddle is.
   */
  constructor(
    readonly side: Side,
    private readonly court: Court,
  ) {
    super();
    this.name = `${side}-paddle`;
    this.shape = box(PADDLE_WIDTH, court.paddleLength);
    // The sheet's white bar, scaled to this court's paddle and tinted in the side's colour.
    this.visual = {
      kind: 'sprite',
      sheet: ART.sheet,
      texture: 'paddle',
      scale: { x: PADDLE_WIDTH / ART.paddle.width, y: court.paddleLength / ART.paddle.height },
      tint: side === 'left' ? LEFT_COLOR : RIGHT_COLOR,
      z: 1,
    };
    this.x = side === 'left' ? PADDLE_INSET : LOGICAL_WIDTH - PADDLE_INSET;
    this.y = (court.top + court.bottom) / 2;
  }

  /** The paddle's length. */
  get length(): number {
    return this.court.paddleLength;
  }

  /** The x of the face the ball meets. */
  get faceX(): number {
    return this.side === 'left' ? this.x + PADDLE_WIDTH / 2 : this.x - PADDLE_WIDTH / 2;
  }

  /** The lowest and highest y its centre may take: its ends flush with the walls. */
  get travel(): { minY: number; maxY: number } {
    const half = this.court.paddleLength / 2;
    return { minY: this.court.top + half, maxY: this.court.bottom - half };
  }

  override tick(dt: number, _context: TickContext<DuelAction>): void {
    const drive = Math.max(-1, Math.min(1, this.drive.y));
    const { minY, maxY } = this.travel;
    this.y = Math.max(minY, Math.min(maxY, this.y + drive * PADDLE_SPEED * dt));
  }
}
