import { Client, type Room } from 'colyseus.js';
import { createInput } from 'tickflow';
import type { TickflowClientStats } from 'tickflow/colyseus';
import { bindTouchPad } from '../shared/touch-pad.js';
import { arenaHud } from './arena-hud.js';
import { arenaLobby, staticSite, type ArenaLobby, type RoomListing } from './arena-lobby.js';
import { encodeMove, steerToNearestGem, type ArenaState } from './arena-rules.js';
import { BAD_NETWORK, startSession, type ArenaSession, type TraceEntry } from './arena-session.js';
import { arenaPicture, type DrawnPlayer } from './arena-view.js';
import { ARENA_ROOM, ROOMS_COMMAND, roomsServerUrl } from './rooms-address.js';

/**
 * Gem Arena, on the page: the lobby of the arena server's rooms, a seat in
 * one, the field drawn from the room client's view, the HUD and the
 * bad-network switch. See arena-session.ts for the seat, arena-rules.ts for
 * the game.
 *
 * Query parameters: `?server=ws://host:port` (another server than the
 * page's host at port 2567), `?bad=1` (start on the bad network),
 * `?autoplay=1` (make a room and chase the gems, until a key is held).
 *
 * The test handle, `window.__arena`:
 *
 * ```ts
 * __arena.serverUrl        // where the page looks for the server
 * __arena.connected        // whether the lobby is connected
 * __arena.rooms            // the rooms listed
 * __arena.joined           // { roomId, me } once in a room
 * __arena.frames           // the session's frames so far (0 out of a room)
 * __arena.stats()          // client.stats(), or undefined out of a room
 * __arena.hud              // the HUD's values as shown
 * __arena.badNetwork       // the switch; set it to flip it
 * __arena.predicted()      // the predicted present's state
 * __arena.drawn()          // where each player was drawn last frame, by id
 * __arena.trace()          // the last frames: tick, server tick, the local player's predicted and room x
 * ```
 *
 * @module
 */

export interface ArenaHandle {
  readonly serverUrl: string;
  readonly connected: boolean;
  readonly rooms: readonly RoomListing[];
  readonly joined: { readonly roomId: string; readonly me: string } | undefined;
  readonly frames: number;
  readonly hud: Readonly<Record<string, string>>;
  badNetwork: boolean;
  stats(): TickflowClientStats | undefined;
  predicted(): ArenaState | undefined;
  drawn(): Record<string, DrawnPlayer>;
  trace(): readonly TraceEntry[];
}

const params = new URLSearchParams(location.search);
const element = <E extends HTMLElement>(selector: string): E => {
  const found = document.querySelector<E>(selector);
  if (found === null) throw new Error(`gem arena: the page has no ${selector}`);
  return found;
};
const stage = element('#stage');
const stageMessage = element('#stage-message');
const newButton = element<HTMLButtonElement>('#new-room');
const leaveButton = element<HTMLButtonElement>('#leave-room');
const badButton = element<HTMLButtonElement>('#bad-network');
const lobbyStatus = element('#lobby-status');
const hud = arenaHud(element('#hud'));
const picture = arenaPicture(stage);

const input = createInput({
  bindings: { left: ['KeyA', 'ArrowLeft'], right: ['KeyD', 'ArrowRight'], up: ['KeyW', 'ArrowUp'], down: ['KeyS', 'ArrowDown'] },
  keyboardTarget: window,
  ignoreTextFields: true,
});
bindTouchPad(element('#touch-pad'), input);
/** `?autoplay=1`: the page makes a room and steers to the gems itself (the gallery card's picture), until a key is held. */
let autopilot = params.get('autoplay') === '1';
const readMove = (): number => {
  const view = input.frame;
  const held = encodeMove({ left: view.held('left'), right: view.held('right'), up: view.held('up'), down: view.held('down') });
  if (held !== 0) autopilot = false;
  return autopilot && session !== undefined ? steerToNearestGem(session.game.engine.state as ArenaState, session.me) : held;
};

const serverUrl = roomsServerUrl(location);
const sdk = new Client(serverUrl);
let session: ArenaSession | undefined;
let joining = false;
let badNetwork = params.get('bad') === '1';

const showMessage = (text: string | undefined): void => {
  stageMessage.hidden = text === undefined;
  if (text !== undefined) stageMessage.textContent = text;
};

element('#bad-network-note').textContent =
  `Adds ${BAD_NETWORK.latencyMs} ms latency, up to ${BAD_NETWORK.jitterMs} ms jitter and ${BAD_NETWORK.loss * 100} % loss each way, between this page and its room.`;
function showBadNetwork(): void {
  if (session !== undefined) session.network.active = badNetwork;
  badButton.setAttribute('aria-pressed', String(badNetwork));
  badButton.textContent = badNetwork ? `Bad network: on` : 'Bad network: off';
}
badButton.addEventListener('click', () => {
  badNetwork = !badNetwork;
  showBadNetwork();
});
showBadNetwork();

/**
 * Where to look for the room server: always under Vite's dev server (`npm run rooms`, `npm start`, the tests);
 * on a built static site (the published gallery) only where `?server=` says, as no room server runs beside it.
 */
const development = (import.meta as unknown as { env?: { DEV?: boolean } }).env?.DEV === true;
const lobby: ArenaLobby =
  development || params.has('server')
    ? arenaLobby(sdk, { list: element('#rooms'), status: lobbyStatus }, serverUrl, (roomId) => void play(() => sdk.joinById(roomId)))
    : staticSite(lobbyStatus);

// New room is there once the server is: a click before it would only fail. Autoplay makes one, once.
// Out of a room, the stage says what to do as the server comes and goes.
let autoplayRoom = autopilot;
let serverSeen: ArenaLobby['state'] = 'looking';
setInterval(() => {
  newButton.disabled = joining || !lobby.connected;
  if (lobby.state !== serverSeen && session === undefined && !joining) {
    showMessage(lobby.connected ? 'Make a room or join one to play.' : `No room server: run ${ROOMS_COMMAND} (see Rooms).`);
  }
  serverSeen = lobby.state;
  if (autoplayRoom && lobby.connected && session === undefined && !joining) {
    autoplayRoom = false;
    void play(() => sdk.create(ARENA_ROOM));
  }
}, 250);

/** Leaves the room played in, if any, and says why. */
function leave(why: string): void {
  session?.close();
  session = undefined;
  lobby.setCurrent(undefined);
  leaveButton.hidden = true;
  hud.clear();
  picture.draw({ local: undefined, remote: undefined }, '');
  showMessage(why);
}

/** Joins a room (`join()` makes or joins it) and plays there, leaving the one played in before. */
async function play(join: () => Promise<Room>): Promise<void> {
  if (joining) return;
  joining = true;
  newButton.disabled = true;
  showMessage('Joining…');
  let room: Room;
  try {
    room = await join();
  } catch (error) {
    joining = false;
    showMessage(`Could not join: ${error instanceof Error ? error.message : String(error)}`);
    return;
  }
  joining = false;
  leave('Joining…');
  const current = startSession(room, {
    input: readMove,
    badNetwork,
    onFrame: (s, timeMs) => {
      picture.draw(s.client.view(), s.me);
      const stats = s.client.stats();
      hud.update(stats, timeMs);
      if (stats.serverTick >= 0) showMessage(undefined);
    },
  });
  session = current;
  room.onLeave(() => {
    if (session === current) leave('The room closed: the server stopped, or the connection was lost. Make a room or join one.');
  });
  lobby.setCurrent(room.roomId);
  leaveButton.hidden = false;
}

newButton.addEventListener('click', () => void play(() => sdk.create(ARENA_ROOM)));
leaveButton.addEventListener('click', () => leave('Make a room or join one to play.'));
picture.draw({ local: undefined, remote: undefined }, '');

// Not declared on Window: the gallery's examples each publish their own handle.
(window as unknown as { __arena: ArenaHandle }).__arena = {
  serverUrl,
  get connected() {
    return lobby.connected;
  },
  get rooms() {
    return lobby.rooms;
  },
  get joined() {
    return session === undefined ? undefined : { roomId: session.room.roomId, me: session.me };
  },
  get frames() {
    return session?.frames ?? 0;
  },
  hud: hud.shown,
  get badNetwork() {
    return badNetwork;
  },
  set badNetwork(on: boolean) {
    badNetwork = on;
    showBadNetwork();
  },
  stats: () => session?.client.stats(),
  predicted: () => session?.game.engine.state as ArenaState | undefined,
  drawn: () => Object.fromEntries(picture.drawn),
  trace: () => session?.trace ?? [],
};
