/**
 * Authoritative rooms on Colyseus (the 0.16 line): {@link tickflowRoom} runs
 * a tickflow simulation inside a Colyseus `Room` at a fixed tick, stepped by
 * tickflow's own loop and clock, with each client's input applied at the
 * tick it was stamped with. Colyseus (`@colyseus/core`, and `colyseus.js`
 * for clients) is an optional peer dependency: this entry point imports
 * nothing of it, and nothing else in tickflow imports this entry point.
 *
 * On the client, {@link tickflowClient} runs the same simulation ahead of
 * the room: it predicts the local player from its own inputs, reconciles
 * with the room's state of each tick (restore, re-apply the inputs not yet
 * acknowledged, re-simulate to the present) and draws remote players
 * interpolated a delay behind. It takes a `colyseus.js` room as a small
 * interface too.
 *
 * Issue 28, items 1 to 3: see docs/rooms.md for what is not built yet.
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
export { tickflowClient, type ClientView, type TickflowClient } from './tickflow-client.js';
export {
  DEFAULT_INTERPOLATION_DELAY_MS,
  DEFAULT_PING_EVERY_MS,
  type ClientEngine,
  type ClientRoomLike,
  type TickflowClientOptions,
  type TickflowClientStats,
} from './tickflow-client-options.js';
export { DEFAULT_BUFFER_TICKS, MAX_SYNC_TICKS_PER_FRAME, SYNC_SAMPLES } from './tick-sync.js';
export type { ViewSample } from './state-timeline.js';
export { conditionedRoom, DEFAULT_PUMP_EVERY_MS, type ConditionedRoom } from './conditioned-room.js';
