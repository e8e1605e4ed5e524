import type { Actor } from './actor.js';
import type { TickContext } from './tick-context.js';

/**
 * Drives a pawn: each frame (step 4, before any actor ticks) it writes the
 * drive of the pawn it possesses, so the pawn's own tick sees that drive in
 * the same frame. A player controller reads input; an AI controller decides.
 *
 * @example
 * ```ts
 * class PlayerController extends Controller {
 *   override tick(_dt: number, { input }: TickContext) {
 *     if (this.pawn) this.pawn.drive.y = input.axis('up', 'down');
 *   }
 * }
 * ```
 */
export class Controller<A extends string = string> {
  /** A name for debugging and outcome tables. */
  name = '';
  private possessed: Actor<A> | undefined;

  /** The pawn it possesses, if any (and alive). */
  get pawn(): Actor<A> | undefined {
    return this.possessed?.alive ? this.possessed : undefined;
  }

  /** Takes control of `pawn` (releasing any other). */
  possess(pawn: Actor<A>): void {
    this.possessed = pawn;
  }

  /** Lets go of the pawn. */
  unpossess(): void {
    this.possessed = undefined;
  }

  /** Called once per frame (step 4) with the delta in seconds. */
  tick(_dt: number, _context: TickContext<A>): void {}
}
