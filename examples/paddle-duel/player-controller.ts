import type { InputView } from 'tickflow';
import { Controller, type TickContext } from 'tickflow/world';
import type { DuelAction, PaddleKeys } from './bindings.js';
import type { Match, Side } from './match.js';
import type { Paddle } from './paddle.js';
import { LOGICAL_WIDTH, PADDLE_SPEED } from './tuning.js';

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
 * Where a point of the stage is in the world: the engine's `screenToWorld`,
 * from CSS pixels of the stage (the input's pointer) to world units.
 */
export type ScreenToWorld = (cssX: number, cssY: number) => { x: number; y: number };

/** Where a person's drag is read, when the page has a pointer. */
export interface DragOptions {
  /** The engine's `screenToWorld`, to find the finger in the court. */
  readonly toWorld: ScreenToWorld;
  /**
   * With two people on one screen: the half of the court a drag must be on
   * to move this paddle. Without it, a drag anywhere on the court does.
   */
  readonly half?: Side;
}

/**
 * A person: writes the held keys into the paddle's drive (−1 up, 1 down), in
 * step 4, before the paddle ticks.
 *
 * On a touch screen the person drags instead: while `drag` is held (a finger,
 * or the mouse button, down on the court), the drive takes the paddle towards
 * the finger's height, as fast as a key would and never past it (the share of
 * full speed that covers the gap in this frame's delta). Held keys win over a
 * drag. Both come through the same input and the same drive: the paddle
 * cannot tell a finger from a key.
 *
 * On a demo seat it starts without a pawn and the AI plays; the first frame
 * one of its keys is held (or a drag is on), it possesses the paddle and the
 * AI lets go, so "which controller holds which pawn" changes hands mid-match.
 */
export class PlayerController extends Controller<DuelAction> {
  /**
   * @param name Its name in outcome tables (`'left-player'`).
   * @param keys The key pairs it reads; with several, any of them moves the paddle.
   * @param takeover On a demo seat: whom it takes the paddle from.
   * @param drag Where a drag is read; without it (Node, the validator), keys only.
   */
  constructor(
    name: string,
    private readonly keys: readonly PaddleKeys[],
    private readonly takeover?: Takeover,
    private readonly drag?: DragOptions,
  ) {
    super();
    this.name = name;
  }

  override tick(dt: number, { input }: TickContext<DuelAction>): void {
    let axis = 0;
    for (const { up, down } of this.keys) axis += input.axis(up, down);
    axis = Math.max(-1, Math.min(1, axis));
    const dragY = axis === 0 ? this.dragTarget(input) : undefined;
    let paddle = this.pawn;
    if (paddle === undefined && (axis !== 0 || dragY !== undefined) && this.takeover !== undefined) {
      const { side, from, match } = this.takeover;
      paddle = this.takeover.paddle;
      from.unpossess();
      this.possess(paddle);
      match.takenOver.add(side);
    }
    if (paddle === undefined) return;
    paddle.drive.y = dragY === undefined ? axis : towards(paddle.y, dragY, dt);
  }

  /** The world y of a drag this controller follows, or undefined when there is none. */
  private dragTarget(input: InputView<DuelAction>): number | undefined {
    if (this.drag === undefined || !input.held('drag')) return undefined;
    const { x, y } = this.drag.toWorld(input.pointer.x, input.pointer.y);
    const { half } = this.drag;
    if (half !== undefined && x < LOGICAL_WIDTH / 2 !== (half === 'left')) return undefined;
    return y;
  }
}

/** The drive (a share of full speed, −1 to 1) that takes a paddle from `y` to `targetY` in `dt` seconds, or as far as it gets. */
function towards(y: number, targetY: number, dt: number): number {
  if (!(dt > 0)) return 0;
  return Math.max(-1, Math.min(1, (targetY - y) / (PADDLE_SPEED * dt)));
}
