/**
 * What a player's input for one tick is known to be, as GGRS's `InputStatus`
 * says it, so a game can read it:
 *
 * - `'confirmed'`: the player's own input for that tick (sent by its peer, or
 *   added on this machine). It never changes.
 * - `'predicted'`: a guess, because the input has not arrived. When it
 *   arrives and differs, the session rolls back to that tick.
 * - `'disconnected'`: the player left before that tick; the input is the
 *   game's "disconnected" value (the last confirmed input unless the game
 *   says otherwise), the same on every peer.
 */
export type InputStatus = 'confirmed' | 'predicted' | 'disconnected';

/** One player's input for one tick, and what it is known to be. */
export interface TickInput {
  /** The tick it is for. */
  readonly tick: number;
  /** The encoded input: a copy of the queue's own bytes, the caller's to keep or write into. */
  readonly input: Uint8Array;
  /** Whether it is the player's own input, a prediction, or the player is gone. */
  readonly status: InputStatus;
}
