/**
 * Rollback netplay (issue 27): {@link createP2PSession}, a rollback session
 * between 2 to 8 players on as many machines, GGRS's `P2PSession` on
 * tickflow's save/restore; the {@link Transport} it talks to the network
 * through, and {@link simulatedLink}, an in-process network on virtual time
 * with seeded latency, jitter, loss, duplicates and reordering, so a match
 * on a bad network runs as a deterministic test. Beneath the session, and
 * usable alone: {@link inputQueue}, one player's input timeline (delay,
 * prediction, the prediction window, the first wrong tick to roll back to),
 * GGRS's `InputQueue`; and {@link syncLayer}, GGRS's `SyncLayer`: every
 * player's queue and the saved states of the last ticks, driving a game
 * through `save`, `load` and `advance`, rolling back when a prediction was wrong.
 * The real network: {@link webrtcTransport}, a transport over unordered,
 * unretransmitted WebRTC data channels between 2 to 8 players, which
 * {@link joinRoom} connects by a room code through a signalling server
 * (`npx tickflow signal`, or `startSignallingServer` from
 * `tickflow/netplay-server` in Node). See docs/netplay.md and
 * docs/netplay-transports.md.
 * Beside them, for the tabs of one browser and for tests on real time:
 * {@link broadcastChannelTransport} (no server) and
 * {@link conditionedTransport} (a simulated link's faults in the path of
 * any transport).
 *
 * @module
 */
export type { Packet, PeerId, Transport } from './transport.js';
export { broadcastChannelTransport, type BroadcastChannelTransport } from './broadcast-channel-transport.js';
export { conditionedTransport, type ConditionedTransport, type TransportConditions } from './conditioned-transport.js';
export {
  simulatedLink,
  type SimulatedEndpoint,
  type SimulatedLink,
  type SimulatedLinkStats,
  type SimulatedPacket,
} from './simulated-link.js';
export {
  DEFAULT_LINK_PEERS,
  DEFAULT_QUEUE_LIMIT,
  DEFAULT_REORDER_MS,
  MAX_LINK_PEERS,
  type LinkConditions,
  type SimulatedLinkOptions,
} from './simulated-link-options.js';
export { inputQueue, type InputQueue } from './input-queue.js';
export {
  DEFAULT_INPUT_CAPACITY,
  DEFAULT_INPUT_DELAY,
  DEFAULT_PREDICTION_WINDOW,
  type InputGuess,
  type InputQueueOptions,
} from './input-queue-options.js';
export type { InputStatus, TickInput } from './input-status.js';
export {
  MAX_SYNC_PLAYERS,
  MIN_SYNC_PLAYERS,
  syncLayer,
  type SyncLayer,
  type SyncLayerOptions,
  type SyncLayerStats,
} from './sync-layer.js';
export { createP2PSession, type P2PSession } from './p2p-session.js';
export {
  ADVANTAGE_WINDOW,
  DEFAULT_CHECKSUM_EVERY,
  DEFAULT_DISCONNECT_AFTER_MS,
  DEFAULT_STEP_MS,
  MAX_STEP_STRETCH,
  MAX_TICKS_PER_FRAME,
  type P2PSessionOptions,
  type P2PSessionStats,
  type PeerStats,
} from './p2p-session-options.js';
export { formatDesyncReport, type DesyncReport } from './desync-report.js';
export {
  createSyncTestSession,
  DEFAULT_CHECK_DISTANCE,
  type SyncTestMismatch,
  type SyncTestSession,
  type SyncTestSessionOptions,
  type SyncTestStats,
} from './sync-test-session.js';
export { recordMatch, type MatchGame, type MatchInputs } from './match-inputs.js';
export {
  DATA_CHANNEL_INIT,
  MAX_BUFFERED_BYTES,
  webrtcTransport,
  type PeerChannelState,
  type WebRtcTransport,
  type WebRtcTransportStats,
} from './webrtc-transport.js';
export type { DataChannelLike, PeerConnectionConstructor, PeerConnectionLike, SessionDescriptionLike, WebRtcTransportOptions } from './webrtc-transport-options.js';
export {
  DEFAULT_JOIN_TIMEOUT_MS,
  joinRoom,
  MAX_JOIN_TIMEOUT_MS,
  type JoinedRoom,
  type JoinRoomOptions,
  type RoomSeat,
  type WebSocketConstructor,
  type WebSocketLike,
} from './join-room.js';
export {
  MAX_ROOM_PLAYERS,
  MIN_ROOM_PLAYERS,
  ROOM_CODE_ALPHABET,
  ROOM_CODE_LENGTH,
  SignallingError,
  type SignalCandidate,
  type SignalData,
  type SignalDescription,
  type SignallingErrorCode,
} from './signalling-protocol.js';
export {
  CATCH_UP_AFTER_TICKS,
  createSpectatorSession,
  type SpectatorSession,
  type SpectatorSessionOptions,
} from './spectator-session.js';
