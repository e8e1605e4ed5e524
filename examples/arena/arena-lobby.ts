import type { Client, Room } from 'colyseus.js';
import { ARENA_ROOM, LOBBY_ROOM, ROOMS_COMMAND } from './rooms-address.js';

/**
 * The lobby: every arena room on the server, as Colyseus' matchmaking
 * lists it, kept current. The page joins Colyseus' own `LobbyRoom`, which
 * sends the listed rooms once (`rooms`) and then each change (`+` a room
 * made, joined, left or filled; `-` a room gone), and shows them as rows
 * with their player count and a Join button.
 *
 * When the server cannot be reached (or goes away) it says so, names the
 * command that starts it, and tries again after {@link RETRY_MS}, then
 * less often (each failed try is a console line of the browser's own): a
 * page opened before the server does not hang or throw.
 *
 * @module
 */

/** How long the lobby waits before it first tries the server again, in ms; each failure doubles it, up to {@link MAX_RETRY_MS}. */
export const RETRY_MS = 3000;

/** The longest wait between tries, in ms: a page left open finds a server started later within this. */
export const MAX_RETRY_MS = 15_000;

/** A room as Colyseus' matchmaking lists it (the fields the lobby shows). */
export interface RoomListing {
  readonly roomId: string;
  readonly name: string;
  readonly clients: number;
  readonly maxClients: number;
  readonly locked?: boolean;
}

/** The lobby, as the page and its test see it. */
export interface ArenaLobby {
  /** Whether the page is connected to the server's lobby. */
  readonly connected: boolean;
  /** Where it stands: looking for the server the first time, connected, or not reaching it (it tries again). */
  readonly state: 'looking' | 'connected' | 'unreachable';
  /** The arena rooms listed now. */
  readonly rooms: readonly RoomListing[];
  /** Marks the room the page plays in (its row says so, and has no Join). */
  setCurrent(roomId: string | undefined): void;
}

/** What the lobby writes into. */
export interface LobbyElements {
  /** The room list: an `<ul>`. */
  readonly list: HTMLElement;
  /** A line saying how many rooms, or what is wrong. */
  readonly status: HTMLElement;
}

/**
 * Connects to the lobby of `sdk`'s server and keeps `elements` showing its
 * rooms; `onPick(roomId)` when a room's Join is clicked.
 *
 * @param serverUrl The server's address, as the page says it.
 */
export function arenaLobby(sdk: Client, elements: LobbyElements, serverUrl: string, onPick: (roomId: string) => void): ArenaLobby {
  const rooms = new Map<string, RoomListing>();
  let connected = false;
  let tried = false;
  let current: string | undefined;
  let retryMs = RETRY_MS;

  const render = (): void => {
    const rows = [...rooms.values()].map((room) => {
      const row = document.createElement('li');
      row.dataset['roomId'] = room.roomId;
      const name = document.createElement('span');
      name.className = 'room-name';
      name.textContent = `Room ${room.roomId}`;
      const count = document.createElement('span');
      count.className = 'room-count';
      count.textContent = `${room.clients} / ${room.maxClients}`;
      count.title = 'players in the room / the most it holds';
      const join = document.createElement('button');
      join.type = 'button';
      const here = room.roomId === current;
      const full = room.clients >= room.maxClients || room.locked === true;
      join.textContent = here ? 'Playing' : full ? 'Full' : 'Join';
      join.disabled = here || full;
      join.addEventListener('click', () => onPick(room.roomId));
      row.classList.toggle('current', here);
      row.append(name, count, join);
      return row;
    });
    elements.list.replaceChildren(...rows);
    if (!connected) return;
    elements.status.textContent =
      rooms.size === 0 ? 'No rooms yet: make one, then open this page in another window (or on a phone) to join it.' : `${rooms.size} room${rooms.size === 1 ? '' : 's'} on ${serverUrl}.`;
  };

  const unreachable = (why: string): void => {
    connected = false;
    tried = true;
    rooms.clear();
    render();
    const code = document.createElement('code');
    code.textContent = ROOMS_COMMAND;
    elements.status.replaceChildren(`${why} ${serverUrl}. Start it with `, code, ' (it serves this page too), then this page finds it by itself.');
    setTimeout(connect, retryMs);
    retryMs = Math.min(MAX_RETRY_MS, retryMs * 2);
  };

  const listen = (lobby: Room): void => {
    const take = (listing: RoomListing): void => {
      if (listing.name === ARENA_ROOM) rooms.set(listing.roomId, listing);
    };
    lobby.onMessage('rooms', (listings: RoomListing[]) => {
      rooms.clear();
      listings.forEach(take);
      render();
    });
    lobby.onMessage('+', ([roomId, listing]: [string, RoomListing]) => {
      rooms.delete(roomId);
      take(listing);
      render();
    });
    lobby.onMessage('-', (roomId: string) => {
      rooms.delete(roomId);
      render();
    });
    lobby.onLeave(() => unreachable('Lost the arena server at'));
  };

  const connect = (): void => {
    sdk.joinOrCreate(LOBBY_ROOM).then(
      (lobby) => {
        connected = true;
        retryMs = RETRY_MS;
        listen(lobby);
        render();
      },
      () => unreachable('No arena server at'),
    );
  };
  elements.status.textContent = `Looking for the arena server at ${serverUrl}…`;
  connect();

  return {
    get connected() {
      return connected;
    },
    get state() {
      return connected ? 'connected' : tried ? 'unreachable' : 'looking';
    },
    get rooms() {
      return [...rooms.values()];
    },
    setCurrent(roomId) {
      current = roomId;
      render();
    },
  };
}

/**
 * The lobby of a page with no room server to look for (the published static
 * gallery): it says how to play, and lists nothing.
 */
export function staticSite(status: HTMLElement): ArenaLobby {
  const code = document.createElement('code');
  code.textContent = ROOMS_COMMAND;
  status.replaceChildren('This page plays on a room server, which this static site does not run. In a clone of tickflow, ', code, ' starts one and serves this page (or add ?server=ws://host:port).');
  return { connected: false, state: 'unreachable', rooms: [], setCurrent() {} };
}
