/**
 * Where the arena's page finds its Colyseus server, and the room types
 * there: shared by the page and the server (server/arena-server.ts).
 *
 * The server listens on a port of its own, {@link DEFAULT_ROOMS_PORT}, not
 * on the page's: in development the page comes from Vite, whose server
 * keeps its WebSocket for hot reload, and in production a game's room
 * server is deployed apart from its static pages anyway. So the page looks
 * for it on the host it was loaded from (a phone that opened
 * `http://192.168.1.20:5173/arena/` looks at `ws://192.168.1.20:2567`),
 * unless `?server=ws://host:port` names another.
 *
 * @module
 */

/** The room type the lobby lists and creates. */
export const ARENA_ROOM = 'arena';

/** Colyseus' own lobby room (`LobbyRoom`): a page joins it to hear of every arena room, as rooms come and go. */
export const LOBBY_ROOM = 'lobby';

/** Where the server listens when no port is given: 2567, Colyseus' own default (the page looks there first). */
export const DEFAULT_ROOMS_PORT = 2567;

/** The command that starts the server and the page, as the page tells a visitor who has no server. */
export const ROOMS_COMMAND = 'npm run rooms';

/**
 * The server's address for a page at `location`: its `?server=` parameter,
 * else `ws://<the page's host name>:2567` (`wss:` under https).
 */
export function roomsServerUrl(location: Pick<Location, 'protocol' | 'hostname' | 'search'>): string {
  const asked = new URLSearchParams(location.search).get('server');
  if (asked !== null && asked !== '') return asked;
  const scheme = location.protocol === 'https:' ? 'wss' : 'ws';
  const host = location.hostname === '' ? '127.0.0.1' : location.hostname.includes(':') ? `[${location.hostname}]` : location.hostname;
  return `${scheme}://${host}:${DEFAULT_ROOMS_PORT}`;
}
