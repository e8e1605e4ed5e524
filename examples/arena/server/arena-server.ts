import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { LobbyRoom, Server } from '@colyseus/core';
import { WebSocketTransport } from '@colyseus/ws-transport';
import { ARENA_ROOM, DEFAULT_ROOMS_PORT, LOBBY_ROOM } from '../rooms-address.js';
import { ArenaRoom } from './arena-room.js';

/**
 * The arena's Colyseus server: the `'arena'` room type, and Colyseus'
 * `LobbyRoom` that lists them as they change, on its own port
 * (see ../rooms-address.ts for why), on 127.0.0.1 unless told otherwise. `npm run rooms`
 * (scripts/rooms.ts) starts it beside the gallery; the browser test
 * (spec/browser/arena.spec.ts) starts one at a free port.
 *
 * @module
 */

/** A running arena server. */
export interface ArenaServer {
  /** The port it listens on (the one the system picked, for port 0). */
  readonly port: number;
  /** `ws://<host>:<port>`, for `new Client(url)` (127.0.0.1 when it listens on every address). */
  readonly url: string;
  /** Disconnects every room and closes the port. */
  shutdown(): Promise<void>;
}

/**
 * Starts the server.
 *
 * @param port Defaults to {@link DEFAULT_ROOMS_PORT}; 0 for a free one.
 * @param host The address to listen on. Defaults to 127.0.0.1 (this machine only); `0.0.0.0` serves the network.
 * @throws {Error} when the port is taken or the address cannot be bound.
 */
export async function startArenaServer(port = DEFAULT_ROOMS_PORT, host = '127.0.0.1'): Promise<ArenaServer> {
  const http = createServer();
  const server = new Server({ transport: new WebSocketTransport({ server: http }), greet: false, gracefullyShutdown: false });
  server.define(LOBBY_ROOM, LobbyRoom);
  // Listed in the lobby as rooms are made, joined, filled, left and disposed of.
  server.define(ARENA_ROOM, ArenaRoom).enableRealtimeListing();
  await server.listen(port, host); // rejects with the HTTP server's error (EADDRINUSE for a taken port)
  const bound = (http.address() as AddressInfo).port;
  return {
    port: bound,
    url: `ws://${host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host}:${bound}`,
    shutdown: () => server.gracefullyShutdown(false),
  };
}
