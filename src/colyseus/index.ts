/**
 * Authoritative rooms on Colyseus (the 0.16 line): {@link tickflowRoom} runs
 * a tickflow simulation inside a Colyseus `Room` at a fixed tick, stepped by
 * tickflow's own loop and clock, with each client's input applied at the
 * tick it was stamped with. Colyseus (`@colyseus/core`, and `colyseus.js`
 * for clients) is an optional peer dependency: this entry point imports
 * nothing of it, and nothing else in tickflow imports this entry point.
 *
 * A first slice of issue 28: see docs/rooms.md for what is not built yet.
 *
 * @module
 */
export {
  DEFAULT_INPUT_MESSAGE,
  DEFAULT_STATE_EVERY,
  tickflowRoom,
  type RoomClientLike,
  type RoomEngine,
  type RoomLike,
  type TickflowRoom,
  type TickflowRoomOptions,
  type TickflowRoomStats,
} from './tickflow-room.js';
export { DEFAULT_MAX_LEAD_TICKS, type RoomAck, type RoomInput } from './room-inputs.js';
export { PING_MESSAGE, PONG_MESSAGE, STATE_MESSAGE, type RoomStateMessage } from './room-protocol.js';
