import type { RoomAck } from './room-inputs.js';

/** The message type the room broadcasts its state under: `'tickflow:state'` (a {@link RoomStateMessage}). */
export const STATE_MESSAGE = 'tickflow:state';

/** The message type a client pings the room with (its own clock reading); the room answers {@link PONG_MESSAGE} with it. */
export const PING_MESSAGE = 'tickflow:ping';

/** The message type the room answers a ping with, echoing the client's reading. */
export const PONG_MESSAGE = 'tickflow:pong';

/**
 * The authoritative state of one tick, as the room broadcasts it to every
 * client, and each client's acknowledgement.
 *
 * `state` is the room's state before tick `tick` runs: after ticks 0 to
 * `tick - 1` (what the engine's `save()` returned then). One message serves
 * every client (Colyseus encodes a broadcast once); the acknowledgements of
 * all of them ride in it, a few bytes each.
 */
export interface RoomStateMessage<S = unknown> {
  /** The tick this state is before: ticks 0 to `tick - 1` have run. */
  readonly tick: number;
  /** The room's state then, as its `save` made it, written by `toJsonValue` with byte runs kept binary (the client reads it back with `fromJsonValue`). */
  readonly state: S;
  /**
   * Per client `sessionId`: `[ack, lead]`. `ack` is the latest tick that
   * client stamped an input with that the room has applied (-1 before any):
   * `state` holds none of its inputs stamped later, and the client takes
   * those stamped up to `ack` as applied (or lost: one reordered behind a
   * later one still lands, late, and shows in a later state). `lead` is the least `stamped - nextTick` of its inputs
   * that arrived since the last state message (negative: late), or `null`.
   */
  readonly acks: Readonly<Record<string, RoomAck>>;
}
