/**
 * A peer's address on a {@link Transport}: a small whole number, the peer's
 * index in its match (0, 1, 2, ...).
 *
 * A number, not a string, because the rollback session keeps per-peer state
 * (the last tick acknowledged, the inputs not yet acknowledged, a frame
 * advantage window) and a small index can key an array as well as a `Map`,
 * and is what the session will write into a packet when it needs to name a
 * peer (one byte, not a string). A transport whose network names peers by a
 * string (a signalling id, a room's session id) maps them to indices when
 * the peers join, so the session never sees the network's names. GGRS makes
 * its `NonBlockingSocket<A>` generic in the address for the same reason: the
 * session only compares addresses, it never reads them.
 */
export type PeerId = number;

/** One message a {@link Transport} received: who sent it and its bytes. */
export interface Packet {
  /** The sender. */
  readonly from: PeerId;
  /** The bytes, the receiver's own: nothing else holds or changes them. */
  readonly message: Uint8Array;
}

/**
 * How a rollback session talks to the network: two methods, as GGRS's
 * `NonBlockingSocket` (`send_to`, `receive_all_messages`).
 *
 * Assume the worst of it, as of UDP: a message may be lost, arrive twice,
 * or arrive after one sent later. The session makes up for it (every packet
 * repeats the inputs not yet acknowledged), so a transport never retries,
 * orders or acknowledges anything, and never blocks: `sendTo` returns at
 * once and `receiveAll` returns what has arrived, possibly nothing.
 *
 * The session calls `receiveAll` once a frame, before it simulates, and
 * `sendTo` as it goes; the game never sees a packet.
 *
 * Implementations: `simulatedLink` (in-process, on virtual time, for
 * tests); `webrtcTransport` (WebRTC data channels between browsers or Node
 * peers, which `joinRoom` connects by a room code);
 * `broadcastChannelTransport` (the tabs of one browser, no server). And
 * `conditionedTransport` wraps any of them in a simulated link's faults.
 */
export interface Transport {
  /**
   * Sends `message` to `peer`, best effort. The transport must be done with
   * the bytes when this returns (copy or write them out): the caller may
   * reuse the buffer for its next message straight away.
   */
  sendTo(peer: PeerId, message: Uint8Array): void;
  /**
   * Everything received since the last call, in the order it arrived (which
   * need not be the order it was sent). Empty when nothing has arrived. The
   * array and its packets are the caller's.
   */
  receiveAll(): Packet[];
}
