import type { Input } from 'tickflow';
import type { World } from 'tickflow/world';
import { ballIn } from './ball.js';
import type { DuelAction } from './bindings.js';
import { interceptY } from './intercept.js';
import type { Side } from './match.js';
import { Paddle } from './paddle.js';
import { BALL_RADIUS } from './tuning.js';

/** How close to its spot a scripted person's paddle must be before they let go of the key. */
export const PERSON_DEAD_ZONE = 6;

/** The keys a person presses to move a paddle up and down. */
export interface PersonKeys {
  readonly up: string;
  readonly down: string;
}

/**
 * A person at the keyboard, scripted: before each frame they look at the
 * court and hold W or S (real key codes, through `input.press`/`release`,
 * the same path a keydown takes) to bring their paddle's middle to where the
 * ball will arrive, and let go within {@link PERSON_DEAD_ZONE} of it.
 *
 * Keys are all or nothing, so where the paddle stops depends on the frame's
 * step (by up to a frame of travel, about 19 units at 40 ms). That lands the
 * ball somewhere in the paddle's flat middle, which mirrors it the same way
 * wherever it lands, so the rally does not change with the clock.
 */
export class ScriptedPerson {
  private holding: string | undefined;

  /**
   * @param input The input the game reads.
   * @param side The paddle they play.
   * @param keys Which keys move it; W and S by default.
   */
  constructor(
    private readonly input: Input<DuelAction>,
    private readonly side: Side,
    private readonly keys: PersonKeys = { up: 'KeyW', down: 'KeyS' },
  ) {}

  /** Looks at the world and presses, holds or lets go, before a frame. */
  beforeFrame(world: World<DuelAction>): void {
    const paddle = world.find(`${this.side}-paddle`);
    if (!(paddle instanceof Paddle) || world.paused) return this.hold(undefined);
    const targetY = this.spot(world, paddle);
    const gap = targetY - paddle.y;
    this.hold(Math.abs(gap) <= PERSON_DEAD_ZONE ? undefined : gap < 0 ? this.keys.up : this.keys.down);
  }

  /** Lets go of every key. */
  letGo(): void {
    this.hold(undefined);
  }

  private spot(world: World<DuelAction>, paddle: Paddle): number {
    const { minY, maxY } = paddle.travel;
    const middle = (minY + maxY) / 2;
    const ball = ballIn(world);
    if (ball === undefined || (this.side === 'left' ? ball.vx >= 0 : ball.vx <= 0)) return middle;
    const meetX = paddle.faceX + (this.side === 'left' ? BALL_RADIUS : -BALL_RADIUS);
    const halfLength = paddle.length / 2;
    const meetY = interceptY(ball, meetX, minY - halfLength + BALL_RADIUS, maxY + halfLength - BALL_RADIUS);
    return meetY ?? paddle.y;
  }

  private hold(key: string | undefined): void {
    if (key === this.holding) return;
    if (this.holding !== undefined) this.input.release(this.holding);
    if (key !== undefined) this.input.press(key);
    this.holding = key;
  }
}
