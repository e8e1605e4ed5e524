import { OptionError } from '../../operators/option-error.js';
import type { SignalCandidate, SignalData, SignalDescription } from './signalling-protocol.js';
import type { Packet, PeerId, Transport } from './transport.js';
import {
  webrtcTransportSettings,
  type DataChannelLike,
  type PeerConnectionLike,
  type WebRtcTransportOptions,
  type WebRtcTransportSettings,
} from './webrtc-transport-options.js';

/**
 * The options every data channel of a {@link webrtcTransport} is made with:
 * unordered and never retransmitted, so a lost message is lost, as the
 * {@link Transport} contract assumes, and never holds up the ones after it.
 */
export const DATA_CHANNEL_INIT = Object.freeze({ ordered: false, maxRetransmits: 0 });

/**
 * How many bytes may wait in one channel's send buffer before `sendTo`
 * drops instead of queueing: 64 KiB, over a second of a session's packets.
 * A peer that is that far behind gains nothing from stale inputs, and the
 * buffer would otherwise grow without bound.
 */
export const MAX_BUFFERED_BYTES = 64 * 1024;

/** Where a remote player's channel is: connecting, open, or closed for good. */
export type PeerChannelState = 'connecting' | 'open' | 'closed';

/** What a {@link WebRtcTransport} has done since it was made. */
export interface WebRtcTransportStats {
  /** Messages handed to a channel by `sendTo` (or queued for itself). */
  sent: number;
  /** `sendTo` calls dropped: the peer's channel not open (yet, or any more), its send buffer full, or the send refused. */
  dropped: number;
  /** Binary messages received and queued for `receiveAll`. */
  received: number;
  /** Messages that arrived when `queueLimit` packets waited, or were text, and were dropped. */
  overflowed: number;
}

/**
 * A {@link Transport} over WebRTC data channels, one per remote player,
 * made with {@link webrtcTransport}; {@link joinRoom} makes one through a
 * signalling server.
 */
export interface WebRtcTransport extends Transport {
  /** This peer's player index. */
  readonly playerIndex: PeerId;
  /** How many players the match has, this one included. */
  readonly players: number;
  /**
   * Settles when every remote player's channel is open (resolved), or when
   * one closes or fails before that (rejected, naming the player).
   */
  readonly opened: Promise<void>;
  /**
   * Sends a copy of `message` to player `peer`, best effort: dropped (and
   * counted) when that player's channel is not open or its send buffer holds
   * {@link MAX_BUFFERED_BYTES}, or after `close()`. Sending to itself queues
   * a copy for its own `receiveAll`, as `simulatedLink` does.
   *
   * @throws {OptionError} when `peer` is not a player index or `message` is not a `Uint8Array`.
   */
  sendTo(peer: PeerId, message: Uint8Array): void;
  /** Everything received since the last call, in the order it arrived; each packet's bytes its own. */
  receiveAll(): Packet[];
  /**
   * Hands this transport what player `from`'s transport signalled to it (its
   * `signal` option, delivered in order). Anything but an offer, an answer or
   * a candidate is ignored.
   */
  handleSignal(from: PeerId, data: SignalData): void;
  /** Where player `peer`'s channel is. Its own index is always `'open'`. */
  peerState(peer: PeerId): PeerChannelState;
  /** The players whose channel closed or failed, in the order that happened: the session marks them disconnected. After `close()`, every other player. */
  closedPeers(): PeerId[];
  /** Its counts so far, a fresh object. */
  stats(): WebRtcTransportStats;
  /** Closes every channel and connection. Idempotent; after it, `sendTo` drops and the remote players see the channels close. */
  close(): void;
}

/**
 * A {@link Transport} over WebRTC data channels: a full mesh of 2 to 8
 * players, one `RTCPeerConnection` to each other player, each carrying one
 * unordered, unretransmitted ({@link DATA_CHANNEL_INIT}) binary channel.
 * Peer ids are player indices.
 *
 * It runs wherever there is a standard `RTCPeerConnection`: the browser's
 * own by default, or one passed in (werift's in Node), so tests and
 * browsers run the same code. It needs a signalling channel to exchange
 * offers, answers and ICE candidates with the others: `signal(to, data)`
 * out, `handleSignal(from, data)` in. {@link joinRoom} provides one over a
 * WebSocket, with room codes; anything that delivers in order will do.
 *
 * How the mesh connects, step by step:
 *
 * 1. For each other player it makes an `RTCPeerConnection`. Of each pair, the
 *    lower index offers: it makes the data channel, an offer, and signals it;
 *    the higher index waits for the channel to arrive (`ondatachannel`).
 * 2. The higher index answers the offer. Both signal their ICE candidates as
 *    they find them; a candidate that arrives before its offer or answer
 *    waits for it, since a connection can only use it after.
 * 3. A channel opens: `peerState(peer)` is `'open'` and `sendTo(peer)`
 *    sends. When every channel is open, `opened` resolves.
 * 4. A channel closes (the other player closed, left, or the path failed):
 *    `peerState` is `'closed'` for good, the player is added to
 *    `closedPeers()`, and `onPeerClosed(peer)` is called.
 *
 * Nothing here blocks or retries: `sendTo` drops what it cannot send now,
 * and `receiveAll` hands out what arrived, text messages dropped.
 *
 * @example
 * ```ts
 * // Two players in one page, each the other's signalling channel (in Node, add
 * // `RTCPeerConnection` from werift to both). Across machines, joinRoom does this.
 * import { webrtcTransport, type WebRtcTransport } from 'tickflow/netplay';
 *
 * const players: WebRtcTransport[] = [];
 * for (const playerIndex of [0, 1]) {
 *   players.push(webrtcTransport({ playerIndex, players: 2, signal: (to, data) => players[to]!.handleSignal(playerIndex, data) }));
 * }
 * await Promise.all(players.map((player) => player.opened));
 * players[0]!.sendTo(1, new Uint8Array([1, 2, 3]));
 * await new Promise((resolve) => setTimeout(resolve, 100));
 * console.log(players[1]!.receiveAll().map(({ from, message }) => `${from}: ${message.join(' ')}`)); // [ '0: 1 2 3' ]
 * for (const player of players) player.close();
 * ```
 *
 * @param options Who this peer is, how many play, and how to signal; see {@link WebRtcTransportOptions}.
 * @throws {OptionError} naming the option, the rule and the value, e.g. `webrtcTransport: players must be a whole number from 2 to 8, got 9`.
 */
export function webrtcTransport(options: WebRtcTransportOptions): WebRtcTransport {
  return new MeshTransport(webrtcTransportSettings(options));
}

/** One remote player: its connection, its channel once made, and the candidates waiting for a remote description. */
interface Link {
  readonly connection: PeerConnectionLike;
  channel: DataChannelLike | undefined;
  state: PeerChannelState;
  hasRemoteDescription: boolean;
  readonly pendingCandidates: SignalCandidate[];
  /** The signals from this player, applied one after another (each step of WebRTC's negotiation is asynchronous). */
  work: Promise<void>;
}

class MeshTransport implements WebRtcTransport {
  readonly playerIndex: PeerId;
  readonly players: number;
  readonly opened: Promise<void>;
  private readonly settings: WebRtcTransportSettings;
  private readonly links: (Link | undefined)[] = [];
  private readonly closed: PeerId[] = [];
  private readonly inbox: Packet[] = [];
  private readonly counts: WebRtcTransportStats = { sent: 0, dropped: 0, received: 0, overflowed: 0 };
  private settleOpened!: (error?: Error) => void;
  private isClosed = false;

  constructor(settings: WebRtcTransportSettings) {
    this.settings = settings;
    this.playerIndex = settings.playerIndex;
    this.players = settings.players;
    this.opened = new Promise<void>((resolve, reject) => {
      this.settleOpened = (error) => (error === undefined ? resolve() : reject(error));
    });
    // Nobody need wait on `opened`; its rejection is then no unhandled one.
    this.opened.catch(() => undefined);
    for (let peer = 0; peer < this.players; peer++) this.links.push(peer === this.playerIndex ? undefined : this.connect(peer));
  }

  sendTo(peer: PeerId, message: Uint8Array): void {
    this.checkPeer('sendTo', peer);
    if (!(message instanceof Uint8Array)) throw new OptionError('webrtcTransport.sendTo', 'message', 'a Uint8Array', message);
    if (peer === this.playerIndex && !this.isClosed) {
      this.counts.sent++;
      this.deliver(peer, message.slice());
      return;
    }
    const { channel, state } = this.links[peer] ?? { channel: undefined, state: 'closed' };
    if (this.isClosed || state !== 'open' || channel === undefined || channel.bufferedAmount >= MAX_BUFFERED_BYTES) {
      this.counts.dropped++;
      return;
    }
    try {
      // A copy: the caller may reuse its buffer at once, and a browser may read the bytes after send returns.
      channel.send(message.slice());
      this.counts.sent++;
    } catch {
      // The channel closed between its close event and now, or the message is over its size limit: dropped, as a datagram would be.
      this.counts.dropped++;
    }
  }

  receiveAll(): Packet[] {
    return this.inbox.splice(0, this.inbox.length);
  }

  handleSignal(from: PeerId, data: SignalData): void {
    this.checkPeer('handleSignal', from);
    const link = this.links[from];
    if (link === undefined || this.isClosed) return;
    link.work = link.work.then(() => this.apply(from, link, data)).catch((error: unknown) => this.lose(from, error));
  }

  peerState(peer: PeerId): PeerChannelState {
    this.checkPeer('peerState', peer);
    return peer === this.playerIndex ? 'open' : this.links[peer]!.state;
  }

  closedPeers(): PeerId[] {
    return [...this.closed];
  }

  stats(): WebRtcTransportStats {
    return { ...this.counts };
  }

  close(): void {
    if (this.isClosed) return;
    this.isClosed = true;
    for (const [peer, link] of this.links.entries()) {
      if (link === undefined) continue;
      link.channel?.close();
      link.connection.close();
      this.markClosed(peer, link);
    }
  }

  /** Step 1: the connection to `peer`, and the channel when this side offers. */
  private connect(peer: PeerId): Link {
    const connection = new this.settings.RTCPeerConnection(this.settings.rtcConfiguration);
    const link: Link = { connection, channel: undefined, state: 'connecting', hasRemoteDescription: false, pendingCandidates: [], work: Promise.resolve() };
    connection.onicecandidate = (event: { candidate?: { toJSON?(): SignalCandidate; candidate?: string } | null }) => {
      const candidate = event.candidate;
      // No candidate (null, or an empty string) marks the end of gathering, which the other side does not need.
      if (this.isClosed || candidate == null || !candidate.candidate) return;
      this.settings.signal(peer, { candidate: candidate.toJSON?.() ?? (candidate as SignalCandidate) });
    };
    connection.onconnectionstatechange = () => {
      if (connection.connectionState === 'failed' || connection.connectionState === 'closed') this.markClosed(peer, link);
    };
    if (this.playerIndex < peer) {
      this.attach(peer, link, connection.createDataChannel('tickflow', { ...DATA_CHANNEL_INIT }) as DataChannelLike);
      link.work = this.offer(peer, link).catch((error: unknown) => this.lose(peer, error));
    } else {
      connection.ondatachannel = (event: { channel: DataChannelLike }) => this.attach(peer, link, event.channel);
    }
    return link;
  }

  private async offer(peer: PeerId, link: Link): Promise<void> {
    const offer = await link.connection.createOffer();
    await link.connection.setLocalDescription(offer);
    this.signalDescription(peer, link, offer);
  }

  /** Step 2: an offer (answered), an answer, or a candidate from `from`. */
  private async apply(from: PeerId, link: Link, data: SignalData): Promise<void> {
    if (this.isClosed || link.state === 'closed') return;
    if ('description' in data) {
      await link.connection.setRemoteDescription({ type: data.description.type, sdp: data.description.sdp });
      link.hasRemoteDescription = true;
      if (data.description.type === 'offer') {
        const answer = await link.connection.createAnswer();
        await link.connection.setLocalDescription(answer);
        this.signalDescription(from, link, answer);
      }
      for (const candidate of link.pendingCandidates.splice(0)) await link.connection.addIceCandidate(candidate);
    } else if ('candidate' in data) {
      if (link.hasRemoteDescription) await link.connection.addIceCandidate(data.candidate);
      else link.pendingCandidates.push(data.candidate);
    }
  }

  private signalDescription(peer: PeerId, link: Link, made: { type?: string; sdp?: string }): void {
    if (this.isClosed) return;
    // The local description once set (it may carry candidates gathered meanwhile), else what createOffer/createAnswer made.
    const description = link.connection.localDescription ?? made;
    this.settings.signal(peer, { description: { type: description.type, sdp: description.sdp } as SignalDescription });
  }

  /** Steps 3 and 4: the channel's events. */
  private attach(peer: PeerId, link: Link, channel: DataChannelLike): void {
    if (this.isClosed || link.state === 'closed') {
      channel.close();
      return;
    }
    link.channel = channel;
    channel.binaryType = 'arraybuffer';
    channel.onopen = () => {
      if (link.state !== 'connecting') return;
      link.state = 'open';
      if (this.links.every((other) => other === undefined || other.state === 'open')) this.settleOpened();
    };
    channel.onclose = () => this.markClosed(peer, link);
    channel.onmessage = (event) => {
      // A message can only come over an open channel, even one whose open event is still on its way.
      if (link.state === 'closed' || this.isClosed) return;
      const bytes = bytesOf(event.data);
      if (bytes === undefined) this.counts.overflowed++;
      else this.deliver(peer, bytes);
    };
    if (channel.readyState === 'open') channel.onopen(undefined);
  }

  private deliver(from: PeerId, message: Uint8Array): void {
    if (this.inbox.length >= this.settings.queueLimit) {
      this.counts.overflowed++;
      return;
    }
    this.counts.received++;
    this.inbox.push({ from, message });
  }

  /** A negotiation step failed (a bad description, a connection closed under it): the player is lost. */
  private lose(peer: PeerId, error: unknown): void {
    const link = this.links[peer]!;
    if (link.state === 'closed') return;
    link.channel?.close();
    link.connection.close();
    this.markClosed(peer, link, error);
  }

  private markClosed(peer: PeerId, link: Link, error?: unknown): void {
    if (link.state === 'closed') return;
    const wasOpen = link.state === 'open';
    link.state = 'closed';
    this.closed.push(peer);
    const why = error instanceof Error ? `: ${error.message}` : '';
    this.settleOpened(new Error(`webrtcTransport: the channel to player ${peer} closed ${wasOpen ? 'after' : 'before'} it opened${why}`));
    if (!this.isClosed) this.settings.onPeerClosed?.(peer);
  }

  private checkPeer(method: string, peer: unknown): void {
    if (typeof peer !== 'number' || !Number.isInteger(peer) || peer < 0 || peer >= this.players) {
      throw new OptionError(`webrtcTransport.${method}`, 'peer', `a player index, a whole number from 0 to ${this.players - 1}`, peer);
    }
  }
}

/** A received message's bytes, a copy of their own: an ArrayBuffer (browsers) or a view such as a Node Buffer (werift); not text. */
function bytesOf(data: unknown): Uint8Array | undefined {
  if (data instanceof ArrayBuffer) return new Uint8Array(data.slice(0));
  if (ArrayBuffer.isView(data)) return new Uint8Array(data.buffer.slice(data.byteOffset, data.byteOffset + data.byteLength));
  return undefined;
}
