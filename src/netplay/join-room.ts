import { OptionError } from '../../operators/option-error.js';
import { checkOptionKeys, functionOption, optionsObject } from '../../operators/validate.js';
import {
  isSignalData,
  normalizeRoomCode,
  ROOM_CODE_ALPHABET,
  ROOM_CODE_LENGTH,
  SignallingError,
  type ClientMessage,
  type ServerMessage,
} from './signalling-protocol.js';
import type { PeerId, Transport } from './transport.js';
import { webrtcTransport, type WebRtcTransport } from './webrtc-transport.js';
import {
  peerConnectionOption,
  playerCount,
  rtcConfigurationOption,
  type PeerConnectionConstructor,
  type WebRtcTransportOptions,
} from './webrtc-transport-options.js';

/** The longest `timeoutMs` {@link joinRoom} takes: setTimeout's limit, 2^31 - 1 ms (24.8 days); a longer one would fire at once. */
export const MAX_JOIN_TIMEOUT_MS = 2 ** 31 - 1;

/** How long {@link joinRoom} waits for every channel to open when `timeoutMs` is not given: 30 s, time to read a code aloud to a friend and have them type it. */
export const DEFAULT_JOIN_TIMEOUT_MS = 30_000;

/**
 * The parts of the standard `WebSocket` that {@link joinRoom} uses: a
 * browser's has them, and so has the `ws` package's in Node. Events are
 * typed `any` because the two type them differently; only `event.data` (a
 * string) is read.
 */
export interface WebSocketLike {
  readonly readyState: number;
  onopen: ((event: any) => void) | null;
  onmessage: ((event: any) => void) | null;
  onerror: ((event: any) => void) | null;
  onclose: ((event: any) => void) | null;
  send(data: string): void;
  close(): void;
}

/** A `WebSocket` constructor: `globalThis.WebSocket` in a browser (and Node 22), `ws`'s `WebSocket` in Node 20. */
export type WebSocketConstructor = new (url: string) => WebSocketLike;

/** What {@link joinRoom} learns as soon as the server admits it, before the others are there. */
export interface RoomSeat {
  /** The room's code, to tell the other players. */
  readonly code: string;
  /** This player's index: 0 for the room's creator, then 1, 2, ... in the order they joined. */
  readonly playerIndex: PeerId;
  /** How many players the room is for. */
  readonly players: number;
}

/** What {@link joinRoom} resolves to, once every channel is open. */
export interface JoinedRoom extends RoomSeat {
  /** The open mesh: a {@link Transport} to every other player. */
  readonly transport: WebRtcTransport;
}

/** The options of {@link joinRoom}: `players` to create a room, or `code` to join one. */
export interface JoinRoomOptions {
  /** The signalling server's address, `ws://` or `wss://` (what `tickflow signal` prints). */
  url: string;
  /** Joins the room with this code (case and surrounding spaces do not matter). Give this or `players`, not both. */
  code?: string;
  /** Creates a room for this many players, 2 to 8, this one player 0. Give this or `code`, not both. */
  players?: number;
  /** Called once the server admits this player, with the room's code: show it, so the others can join. */
  onJoined?: (seat: RoomSeat) => void;
  /** Handed to the transport: called for each player whose channel closes after the room connected. */
  onPeerClosed?: (peer: PeerId) => void;
  /** The `RTCPeerConnection` constructor; see {@link WebRtcTransportOptions.RTCPeerConnection}. Defaults to the runtime's own. */
  RTCPeerConnection?: PeerConnectionConstructor;
  /** What each connection is constructed with; see {@link WebRtcTransportOptions.rtcConfiguration}. */
  rtcConfiguration?: object;
  /** The `WebSocket` constructor. Defaults to `globalThis.WebSocket` (browsers, Node 22); in Node 20 pass `ws`'s. */
  WebSocket?: WebSocketConstructor;
  /** How long to wait for the room to fill and every channel to open, in ms: a finite number > 0. Defaults to {@link DEFAULT_JOIN_TIMEOUT_MS} (30,000). */
  timeoutMs?: number;
}

const WHERE = 'joinRoom';

const KNOWN_OPTIONS = ['url', 'code', 'players', 'onJoined', 'onPeerClosed', 'RTCPeerConnection', 'rtcConfiguration', 'WebSocket', 'timeoutMs'] as const;

/**
 * Creates or joins a room on a signalling server ({@link startSignallingServer},
 * `tickflow signal`) and connects a WebRTC data channel to every other player
 * of it: resolves when the room is full and every channel is open.
 *
 * 1. It opens a WebSocket to `url` and sends `create` (with `players`) or
 *    `join` (with `code`); the server answers with the room's code and this
 *    player's index, handed to `onJoined`.
 * 2. When the room is full, it makes a {@link webrtcTransport} whose offers,
 *    answers and ICE candidates travel through the server.
 * 3. When every channel is open, it closes the WebSocket (the server's part
 *    is done: game traffic is peer to peer) and resolves.
 *
 * It rejects, and closes whatever it opened, when the server refuses (a
 * {@link SignallingError}: `unknown-room`, `room-full`, `room-closed`, ...),
 * when the server cannot be reached or hangs up, when a channel fails, or
 * after `timeoutMs`, with a message that says which step it was at.
 *
 * @example
 * ```ts
 * // Two browser tabs; the server from `npx tickflow signal --port 8787`.
 * import { joinRoom } from 'tickflow/netplay';
 *
 * const url = 'ws://127.0.0.1:8787';
 * const code = new URLSearchParams(location.search).get('room');
 * const room = await joinRoom(
 *   code === null
 *     ? { url, players: 2, onJoined: ({ code }) => console.log(`Tell your friend: ?room=${code}`) }
 *     : { url, code },
 * );
 * room.transport.sendTo(1 - room.playerIndex, new Uint8Array([room.playerIndex]));
 * ```
 *
 * @param options The server, the room, and the constructors to use; see {@link JoinRoomOptions}.
 * @return The room's code, this player's index, the player count and the open transport.
 * @throws {OptionError} at once, naming the option, the rule and the value, e.g. `joinRoom: code must be 4 letters of ABCDEFGHJKLMNPQRSTUVWXYZ, got "AB1"`.
 */
export function joinRoom(options: JoinRoomOptions): Promise<JoinedRoom> {
  const settings = joinSettings(options);
  return new Promise<JoinedRoom>((resolve, reject) => new RoomJoin(settings, resolve, reject).begin());
}

type JoinSettings = JoinRoomOptions & { RTCPeerConnection: PeerConnectionConstructor; WebSocket: WebSocketConstructor; timeoutMs: number };

/** One attempt to join: the socket, the seat once admitted, the transport once the room is full. */
class RoomJoin {
  private socket: WebSocketLike | undefined;
  private seat: RoomSeat | undefined;
  private transport: WebRtcTransport | undefined;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private done = false;

  constructor(
    private readonly settings: JoinSettings,
    private readonly resolve: (room: JoinedRoom) => void,
    private readonly reject: (error: Error) => void,
  ) {}

  begin(): void {
    const { url, timeoutMs } = this.settings;
    this.timer = setTimeout(() => this.fail(new Error(`joinRoom: gave up after ${timeoutMs} ms: ${this.progress()}`)), timeoutMs);
    let socket: WebSocketLike;
    try {
      socket = new this.settings.WebSocket(url);
    } catch (error) {
      return this.fail(new Error(`joinRoom: could not open a WebSocket to ${url}: ${error instanceof Error ? error.message : String(error)}`));
    }
    this.socket = socket;
    socket.onopen = () => {
      const { code, players } = this.settings;
      this.send(code === undefined ? { type: 'create', players: players! } : { type: 'join', code });
    };
    socket.onerror = () =>
      this.fail(
        new Error(this.seat === undefined ? `joinRoom: could not reach the signalling server at ${url}` : `joinRoom: the connection to the signalling server at ${url} failed: ${this.progress()}`),
      );
    socket.onclose = () => this.fail(new Error(`joinRoom: the signalling server at ${url} closed the connection: ${this.progress()}`));
    socket.onmessage = (event: { data?: unknown }) => {
      let message: ServerMessage;
      try {
        message = JSON.parse(String(event.data)) as ServerMessage;
      } catch {
        return this.fail(new Error(`joinRoom: the server at ${url} sent something that is not JSON; is it a tickflow signalling server?`));
      }
      this.receive(message);
    };
  }

  private receive(message: ServerMessage): void {
    if (this.done) return;
    switch (message.type) {
      case 'joined':
        this.seat = { code: message.code, playerIndex: message.playerIndex, players: message.players };
        try {
          this.settings.onJoined?.(this.seat);
        } catch (error) {
          this.fail(error instanceof Error ? error : new Error(String(error)));
        }
        return;
      case 'start':
        return this.start();
      case 'signal':
        if (this.transport !== undefined && isSignalData(message.data) && Number.isInteger(message.from) && message.from >= 0 && message.from < this.transport.players) {
          this.transport.handleSignal(message.from, message.data);
        }
        return;
      case 'error':
        return this.fail(new SignallingError(message.error, `joinRoom: the signalling server refused: ${message.message}`));
    }
  }

  /** Step 2: the room is full. */
  private start(): void {
    const seat = this.seat;
    if (seat === undefined || this.transport !== undefined) return;
    const { RTCPeerConnection, rtcConfiguration, onPeerClosed } = this.settings;
    try {
      this.transport = webrtcTransport({
        playerIndex: seat.playerIndex,
        players: seat.players,
        RTCPeerConnection,
        rtcConfiguration,
        onPeerClosed,
        signal: (to, data) => this.send({ type: 'signal', to, data }),
      });
    } catch (error) {
      return this.fail(error instanceof Error ? error : new Error(String(error)));
    }
    const transport = this.transport;
    transport.opened.then(
      () => {
        // Step 3: every channel is open.
        if (this.done) return;
        this.finish();
        this.resolve({ ...seat, transport });
      },
      (error: Error) => this.fail(new Error(`joinRoom: room ${seat.code}: ${error.message}`)),
    );
  }

  private send(message: ClientMessage): void {
    if (!this.done && this.socket?.readyState === 1) this.socket.send(JSON.stringify(message));
  }

  /** Where it stands, for a timeout's or a hang-up's message. */
  private progress(): string {
    const { seat, transport } = this;
    if (seat === undefined) return `the signalling server at ${this.settings.url} never admitted this player`;
    if (transport === undefined) return `room ${seat.code} did not fill (this is player ${seat.playerIndex} of ${seat.players})`;
    const waiting = [];
    for (let peer = 0; peer < seat.players; peer++) if (transport.peerState(peer) !== 'open') waiting.push(peer);
    return `room ${seat.code}: player ${seat.playerIndex} has no open channel to player${waiting.length === 1 ? '' : 's'} ${waiting.join(', ')}`;
  }

  private fail(error: Error): void {
    if (this.done) return;
    this.finish();
    this.transport?.close();
    this.reject(error);
  }

  private finish(): void {
    this.done = true;
    clearTimeout(this.timer);
    const socket = this.socket;
    if (socket !== undefined) {
      socket.onclose = socket.onerror = socket.onmessage = null;
      socket.close();
    }
  }
}

function joinSettings(options: JoinRoomOptions): JoinSettings {
  optionsObject(WHERE, options);
  checkOptionKeys(WHERE, options, KNOWN_OPTIONS);
  const { url, code, players, onJoined, onPeerClosed, rtcConfiguration, timeoutMs = DEFAULT_JOIN_TIMEOUT_MS } = options;
  if (typeof url !== 'string' || !/^wss?:\/\/\S+$/.test(url)) throw new OptionError(WHERE, 'url', 'a ws:// or wss:// address', url);
  if ((code === undefined) === (players === undefined)) {
    const both = code !== undefined;
    const message = `${WHERE}: give code (to join a room) or players (to create one), ${both ? 'not both' : 'got neither'}`;
    throw new OptionError(WHERE, both ? 'code' : 'players', 'one of code and players', both ? code : players, message);
  }
  let room: { code: string } | { players: number };
  if (code !== undefined) {
    const normalized = typeof code === 'string' ? normalizeRoomCode(code) : undefined;
    if (normalized === undefined) throw new OptionError(WHERE, 'code', `${ROOM_CODE_LENGTH} letters of ${ROOM_CODE_ALPHABET}`, code);
    room = { code: normalized };
  } else room = { players: playerCount(WHERE, 'players', players) };
  if (onJoined !== undefined) functionOption(WHERE, 'onJoined', onJoined, 'a function (seat), or nothing');
  if (onPeerClosed !== undefined) functionOption(WHERE, 'onPeerClosed', onPeerClosed, 'a function (peer), or nothing');
  rtcConfigurationOption(WHERE, rtcConfiguration);
  const RTCPeerConnection = peerConnectionOption(WHERE, options.RTCPeerConnection);
  const WebSocket = options.WebSocket ?? (globalThis as { WebSocket?: WebSocketConstructor }).WebSocket;
  const rule = options.WebSocket === undefined ? "a WebSocket constructor; this runtime has none, so pass one (in Node 20, the ws package's)" : 'a WebSocket constructor';
  functionOption(WHERE, 'WebSocket', WebSocket, rule);
  if (typeof timeoutMs !== 'number' || !(timeoutMs > 0 && timeoutMs <= MAX_JOIN_TIMEOUT_MS)) {
    throw new OptionError(WHERE, 'timeoutMs', `a number of ms > 0 and at most ${MAX_JOIN_TIMEOUT_MS}`, timeoutMs);
  }
  return { url, onJoined, onPeerClosed, rtcConfiguration, ...room, RTCPeerConnection, WebSocket: WebSocket!, timeoutMs };
}
