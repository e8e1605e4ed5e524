import type { InputView } from 'tickflow';
import { Controller, type TickContext } from 'tickflow/world';
import type { DuelAction, PaddleKeys } from './bindings.js';
import type { DuelMode } from './duel-mode.js';
import type { Side } from './match.js';
import type { Paddle } from './paddle.js';
import { surfaceOf } from './surface.js';
import { LOGICAL_WIDTH, PADDLE_SPEED } from './tuning.js';

/**
 * A demo seat's handover: the paddle a person takes from the AI by pressing
 * a key. The match record remembers it (`takenOver`), so later rounds start
 * with the person in control.
 */
export interface Takeover {
  readonly side: Side;
  readonly paddle: Paddle;
  /** The controller that plays the paddle until then. */
  readonly from: Controller<DuelAction>;
}

/**
 * How a person's drag is read. The drag is found in the court through the
 * way into the world the surface lends (surface.ts: the engine's
 * `screenToWorld`); where none is lent, only keys move a paddle.
 */
export interface DragOptions {
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
 *
 * It keeps the takeover's paddle and controller each in a field of its own,
 * where a snapshot holds a world object (as a reference).
 */
export class PlayerController extends Controller<DuelAction> {
  /** On a demo seat: the side it may take over, its paddle, and the controller playing it until then. */
  private readonly takeoverSide: Side | undefined;
  private readonly takeoverPaddle: Paddle | undefined;
  private readonly takeoverFrom: Controller<DuelAction> | undefined;

  /**
   * @param name Its name in outcome tables (`'left-player'`).
   * @param keys The key pairs it reads; with several, any of them moves the paddle.
   * @param takeover On a demo seat: whom it takes the paddle from.
   * @param drag How a drag is read; without it, keys only.
   */
  constructor(
    name: string,
    private readonly keys: readonly PaddleKeys[],
    takeover?: Takeover,
    private readonly drag?: DragOptions,
  ) {
    super();
    this.name = name;
    this.takeoverSide = takeover?.side;
    this.takeoverPaddle = takeover?.paddle;
    this.takeoverFrom = takeover?.from;
  }

  override tick(dt: number, { input, world }: TickContext<DuelAction>): void {
    let axis = 0;
    for (const { up, down } of this.keys) axis += input.axis(up, down);
    axis = Math.max(-1, Math.min(1, axis));
    const dragY = axis === 0 ? this.dragTarget(input) : undefined;
    let paddle = this.pawn;
    if (paddle === undefined && (axis !== 0 || dragY !== undefined) && this.takeoverSide !== undefined) {
      paddle = this.takeoverPaddle!;
      this.takeoverFrom!.unpossess();
      this.possess(paddle);
      (world.gameMode as DuelMode).record.takenOver.add(this.takeoverSide);
    }
    if (paddle === undefined) return;
    paddle.drive.y = dragY === undefined ? axis : towards(paddle.y, dragY, dt);
  }

  /** The world y of a drag this controller follows, or undefined when there is none. */
  private dragTarget(input: InputView<DuelAction>): number | undefined {
    const toWorld = surfaceOf(input).screenToWorld;
    if (this.drag === undefined || toWorld === undefined || !input.held('drag')) return undefined;
    const { x, y } = toWorld(input.pointer.x, input.pointer.y);
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
