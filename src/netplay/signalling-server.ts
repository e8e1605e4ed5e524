import type { WebSocket as ServerSocket } from 'ws';
import { OptionError } from '../../operators/option-error.js';
import { checkOptionKeys, optionsObject } from '../../operators/validate.js';
import {
  parseClientMessage,
  ROOM_CODE_ALPHABET,
  ROOM_CODE_LENGTH,
  type ClientMessage,
  type ServerMessage,
  type SignallingErrorCode,
} from './signalling-protocol.js';

/** The port `tickflow signal` listens on when `--port` is not given. */
export const DEFAULT_SIGNALLING_PORT = 8787;

/** The address a signalling server listens on when `host` is not given: loopback, so nothing outside this machine reaches it unless asked. */
export const DEFAULT_SIGNALLING_HOST = '127.0.0.1';

/**
 * The largest message a client may send, in bytes: 64 KiB. An offer with
 * its candidates is a few KB; a larger message closes that client's
 * socket (WebSocket close code 1009), so nobody can make the server hold
 * megabytes.
 */
export const MAX_SIGNALLING_MESSAGE_BYTES = 64 * 1024;

/** The options of {@link startSignallingServer}. */
export interface SignallingServerOptions {
  /** The TCP port: a whole number from 0 to 65535; 0 picks a free one (read it from `port`). Defaults to {@link DEFAULT_SIGNALLING_PORT} (8787). */
  port?: number;
  /** The address to listen on: a host name or IP address. Defaults to {@link DEFAULT_SIGNALLING_HOST} (`127.0.0.1`); `0.0.0.0` for every interface. */
  host?: string;
}

/** A running signalling server. */
export interface SignallingServer {
  /** Where clients connect: `ws://host:port` (an IPv6 host in brackets). */
  readonly url: string;
  /** The port it listens on (the one picked, when `port` was 0). */
  readonly port: number;
  /** The rooms open now. */
  rooms(): number;
  /** Closes every client's socket and stops listening. Idempotent. */
  close(): Promise<void>;
}

/** One room: its code, its size, whether it filled, and each player's seat (`undefined` once that player left). */
interface Room {
  readonly code: string;
  readonly players: number;
  readonly seats: (Seat | undefined)[];
  started: boolean;
}

/** One client: its socket, and where it is (in no room yet, or in `room` as `playerIndex`). */
interface Seat {
  readonly socket: ServerSocket;
  room: Room | undefined;
  playerIndex: number;
}

/**
 * Starts a WebSocket signalling server with room codes, for
 * {@link joinRoom}: a player creates a room for 2 to 8 players and gets a
 * code of {@link ROOM_CODE_LENGTH} letters (no I or O); the others join
 * with the code and get the next player index; once the room is full, the
 * server tells everyone to start and relays their WebRTC offers, answers
 * and ICE candidates, and nothing else. Game traffic never passes through
 * it: it goes peer to peer over the data channels.
 *
 * The rules, in the order a room lives them:
 *
 * 1. `create` opens a room; its creator is player 0. A client is in one room at most.
 * 2. `join` takes the next index; a full room refuses (`room-full`), as does
 *    a code with no room (`unknown-room`).
 * 3. When the last index is taken, every player is sent `start`.
 * 4. `signal` is relayed to another player present in the room, stamped with the sender's index.
 * 5. A player who leaves before `start` closes the room: the others are told
 *    (`room-closed`), since it can never fill. After `start` a room lives
 *    until its last player's socket closes.
 *
 * A message the server cannot use gets an `error` message back (see
 * {@link SignallingErrorCode}); the socket stays open and the server goes
 * on. It keeps nothing but its rooms in memory, and nothing at all once
 * they are empty.
 *
 * Node only, on the `ws` package (an optional peer dependency: `npm i ws`).
 * From the command line: `npx tickflow signal --port 8787`.
 *
 * @example
 * ```ts
 * import { startSignallingServer } from 'tickflow/netplay';
 *
 * const server = await startSignallingServer({ port: 0 }); // any free port on 127.0.0.1
 * console.log(server.url); // ws://127.0.0.1:40123
 * // ... players joinRoom({ url: server.url, ... }) ...
 * await server.close();
 * ```
 *
 * @param options Where to listen; see {@link SignallingServerOptions}. Defaults to 127.0.0.1:8787.
 * @return The server, once it listens.
 * @throws {OptionError} naming the option, the rule and the value, e.g. `startSignallingServer: port must be a whole number from 0 to 65535, got 70000`.
 */
export async function startSignallingServer(options?: SignallingServerOptions): Promise<SignallingServer> {
  const { port, host } = serverSettings(options);
  let ws: typeof import('ws');
  try {
    ws = await import('ws');
  } catch {
    throw new Error('startSignallingServer needs the ws package, an optional peer dependency of tickflow: npm i ws');
  }
  const server = new ws.WebSocketServer({ host, port, maxPayload: MAX_SIGNALLING_MESSAGE_BYTES, clientTracking: true });
  await new Promise<void>((resolve, reject) => {
    server.once('listening', resolve);
    server.once('error', reject);
  });
  // After listening, a server error (none is expected) must not crash the process.
  server.on('error', () => undefined);
  const rooms = new Map<string, Room>();
  server.on('connection', (socket) => {
    const seat: Seat = { socket, room: undefined, playerIndex: -1 };
    socket.on('error', () => undefined); // a client's broken socket is its own; 'close' follows
    socket.on('message', (raw, isBinary) => {
      try {
        if (isBinary) refuse(socket, 'bad-message', 'messages are JSON text, not binary');
        else handle(rooms, seat, raw.toString());
      } catch {
        // Nothing a client sends may stop the server; a failed send to a closing socket is nothing to report.
      }
    });
    socket.on('close', () => leave(rooms, seat));
  });
  const address = server.address();
  const boundPort = typeof address === 'object' && address !== null ? address.port : port;
  let closing: Promise<void> | undefined;
  return {
    url: `ws://${host.includes(':') ? `[${host}]` : host}:${boundPort}`,
    port: boundPort,
    rooms: () => rooms.size,
    close: () => {
      closing ??= new Promise<void>((resolve) => {
        for (const client of server.clients) client.terminate();
        rooms.clear();
        server.close(() => resolve());
      });
      return closing;
    },
  };
}

/** Steps 1 to 4: one message from a client. */
function handle(rooms: Map<string, Room>, seat: Seat, text: string): void {
  const { socket } = seat;
  const message = parseClientMessage(text);
  if ('error' in message) return refuse(socket, message.error, message.message);
  if (message.type === 'signal') return relay(seat, message);
  if (seat.room !== undefined) {
    return refuse(socket, 'already-in-room', `${message.type}: this client is already player ${seat.playerIndex} of room ${seat.room.code}`);
  }
  let room: Room | undefined;
  if (message.type === 'create') {
    const code = freeCode(rooms);
    if (code === undefined) return refuse(socket, 'server-full', 'create: no room code is free; try again later');
    room = { code, players: message.players, seats: [], started: false };
    rooms.set(code, room);
  } else {
    room = rooms.get(message.code);
    if (room === undefined) return refuse(socket, 'unknown-room', `join: no room has the code ${message.code}`);
    if (room.started) return refuse(socket, 'room-full', `join: room ${room.code} is full (${room.players} players)`);
  }
  seat.room = room;
  seat.playerIndex = room.seats.length;
  room.seats.push(seat);
  send(socket, { type: 'joined', code: room.code, playerIndex: seat.playerIndex, players: room.players });
  if (room.seats.length === room.players) {
    room.started = true;
    for (const player of room.seats) if (player !== undefined) send(player.socket, { type: 'start', players: room.players });
  }
}

function relay(seat: Seat, message: Extract<ClientMessage, { type: 'signal' }>): void {
  const { socket, room, playerIndex } = seat;
  if (room === undefined) return refuse(socket, 'not-in-room', 'signal: create or join a room first');
  const to = message.to === playerIndex ? undefined : room.seats[message.to];
  if (to === undefined) {
    return refuse(socket, 'unknown-peer', `signal: to must be another player present in room ${room.code} (0 to ${room.players - 1}, not ${playerIndex}), got ${message.to}`);
  }
  send(to.socket, { type: 'signal', from: playerIndex, data: message.data });
}

/** Step 5: a client's socket closed. */
function leave(rooms: Map<string, Room>, seat: Seat): void {
  const { room, playerIndex } = seat;
  if (room === undefined) return;
  seat.room = undefined;
  room.seats[playerIndex] = undefined;
  if (!room.started) {
    // It can never fill: everyone else is told, and is free to create or join another room.
    for (const other of room.seats) {
      if (other === undefined) continue;
      other.room = undefined;
      refuse(other.socket, 'room-closed', `player ${playerIndex} left room ${room.code} before it was full; create a new room`);
    }
    room.seats.length = 0;
  }
  if (room.seats.every((other) => other === undefined) && rooms.get(room.code) === room) rooms.delete(room.code);
}

function refuse(socket: ServerSocket, error: SignallingErrorCode, message: string): void {
  send(socket, { type: 'error', error, message });
}

function send(socket: ServerSocket, message: ServerMessage): void {
  if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(message));
}

/** A code no open room has, or `undefined` after 64 draws that all collided (the server holds most of the 331,776 codes). */
function freeCode(rooms: ReadonlyMap<string, Room>): string | undefined {
  const draws = new Uint32Array(ROOM_CODE_LENGTH);
  for (let attempt = 0; attempt < 64; attempt++) {
    globalThis.crypto.getRandomValues(draws);
    let code = '';
    for (const draw of draws) code += ROOM_CODE_ALPHABET[draw % ROOM_CODE_ALPHABET.length];
    if (!rooms.has(code)) return code;
  }
  return undefined;
}

const WHERE = 'startSignallingServer';

function serverSettings(options: SignallingServerOptions | undefined): Required<SignallingServerOptions> {
  optionsObject(WHERE, options, true);
  checkOptionKeys(WHERE, options, ['port', 'host']);
  const { port = DEFAULT_SIGNALLING_PORT, host = DEFAULT_SIGNALLING_HOST } = options ?? {};
  if (typeof port !== 'number' || !Number.isInteger(port) || port < 0 || port > 65535) {
    throw new OptionError(WHERE, 'port', 'a whole number from 0 to 65535', port);
  }
  if (typeof host !== 'string' || host.trim() === '' || /[\s/]/.test(host)) {
    throw new OptionError(WHERE, 'host', 'a host name or IP address, such as "127.0.0.1"', host);
  }
  return { port, host };
}
