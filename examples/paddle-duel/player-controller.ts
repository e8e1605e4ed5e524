import { Controller, type TickContext } from 'tickflow/world';
import type { DuelAction, PaddleKeys } from './bindings.js';
import type { Match, Side } from './match.js';
import type { Paddle } from './paddle.js';

/** A demo seat's handover: the paddle a person takes from the AI by pressing a key. */
export interface Takeover {
  readonly side: Side;
  readonly paddle: Paddle;
  /** The controller that plays the paddle until then. */
  readonly from: Controller<DuelAction>;
  /** Where the takeover is remembered, so later rounds start with the person in control. */
  readonly match: Match;
}

/**
 * A person at the keyboard: writes the held keys into the paddle's drive
 * (−1 up, 1 down), in step 4, before the paddle ticks.
 *
 * On a demo seat it starts without a pawn and the AI plays; the first frame
 * one of its keys is held, it possesses the paddle and the AI lets go, so
 * "which controller holds which pawn" changes hands mid-match.
 */
export class PlayerController extends Controller<DuelAction> {
  /**
   * @param name Its name in outcome tables (`'left-player'`).
   * @param keys The key pairs it reads; with several, any of them moves the paddle.
   * @param takeover On a demo seat: whom it takes the paddle from.
   */
  constructor(
    name: string,
    private readonly keys: readonly PaddleKeys[],
    private readonly takeover?: Takeover,
  ) {
    super();
    this.name = name;
  }

  override tick(_dt: number, { input }: TickContext<DuelAction>): void {
    let axis = 0;
    for (const { up, down } of this.keys) axis += input.axis(up, down);
    axis = Math.max(-1, Math.min(1, axis));
    let paddle = this.pawn;
    if (paddle === undefined && axis !== 0 && this.takeover !== undefined) {
      const { side, from, match } = this.takeover;
      paddle = this.takeover.paddle;
      from.unpossess();
      this.possess(paddle);
      match.takenOver.add(side);
    }
    if (paddle !== undefined) paddle.drive.y = axis;
  }
}
