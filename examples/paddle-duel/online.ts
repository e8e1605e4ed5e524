import { createInput } from 'tickflow';
import { conditionedTransport, joinRoom, type P2PSessionStats, type Transport } from 'tickflow/netplay';
import { loadAssets, pixiBackend } from 'tickflow/pixi';
import { webAudioCues } from 'tickflow/web-audio';
import { ART } from './art/art-layout.js';
import { CUE_TONES } from './cues.js';
import { joinBroadcastRoom, normalizeCode, randomCode } from './broadcast-room.js';
import { latestFrameBackend } from './latest-frame-backend.js';
import { netplayHud } from './netplay-hud.js';
import { BAD_NETWORK, createOnlineDuel, encodeDuelInput, seedFromRoomCode, type OnlineDuel } from './online-duel.js';
import { Paddle } from './paddle.js';
import { duelStateHash } from './state-hash.js';
import { BACKGROUND_COLOR, LOGICAL_HEIGHT, LOGICAL_WIDTH } from './tuning.js';
import { bindTouchPad } from '../shared/touch-pad.js';

/**
 * Paddle Duel online, on the page: a room by code, then one match between
 * this tab and another, with the netplay HUD and the bad-network switch.
 * See online-duel.ts for the match itself. Two paths to the other player,
 * each resolving to a seat and a transport:
 *
 * - without `?signal=`, the tabs of this browser, through a
 *   BroadcastChannel (broadcast-room.ts): no server;
 * - with `?signal=ws://host:8787`, two devices, through WebRTC data
 *   channels that `joinRoom` connects through the signalling server there
 *   (`npx tickflow signal --port 8787 --host 0.0.0.0`).
 *
 * Query parameters:
 *
 * - `?room=ABCD`: join that room at once (the link to share);
 * - `?signal=ws://...`: the signalling server (the WebRTC path);
 * - `?bad=1`: start with the bad network switched on.
 *
 * The test handle, `window.__online`:
 *
 * ```ts
 * __online.joined            // { code, playerIndex } once seated, else undefined
 * __online.frames            // session.frame calls so far (the page's animation frames since the match began)
 * __online.stats()           // session.stats(), or undefined before the match
 * __online.badNetwork        // the switch; set it to flip it
 * __online.hud               // the HUD's values as shown
 * __online.stateHash()       // the match's state hash now (state-hash.ts)
 * __online.paddles()         // { left, right }: each paddle's height now
 * __online.rendererName      // 'webgl', unless pixi fell back
 * ```
 *
 * @module
 */

/** How long without an animation frame before a timer runs the session instead (a hidden tab), in ms. */
const KEEP_ALIVE_MS = 250;

/** How far a drag's height may be from the paddle's middle before the paddle moves to it, in world units. */
const DRAG_DEAD_ZONE = 10;

/** What this tab reads: either key pair moves its own paddle, Enter or Space plays again, a finger drags. */
const LOCAL_BINDINGS = {
  up: ['KeyW', 'ArrowUp'],
  down: ['KeyS', 'ArrowDown'],
  confirm: ['Enter', 'Space'],
  drag: ['Pointer0'],
};

/** A seat in a room and the transport to the other seats: what `joinBroadcastRoom` (and `joinRoom`, on WebRTC) resolve to. */
interface Seat {
  readonly code: string;
  readonly playerIndex: number;
  readonly transport: Transport;
}

export interface OnlineHandle {
  readonly joined: { readonly code: string; readonly playerIndex: number } | undefined;
  readonly frames: number;
  readonly rendererName: string;
  readonly hud: Readonly<Record<string, string>>;
  badNetwork: boolean;
  stats(): P2PSessionStats | undefined;
  stateHash(): string | undefined;
  /** Each paddle's middle height now, in world units (the corrected present). */
  paddles(): { readonly left: number; readonly right: number } | undefined;
}

const params = new URLSearchParams(location.search);
/** The signalling server of the WebRTC path; undefined for the tabs of this browser. */
const signalUrl = params.get('signal') ?? undefined;
const element = <E extends HTMLElement>(selector: string): E => {
  const found = document.querySelector<E>(selector);
  if (found === null) throw new Error(`paddle duel online: the page has no ${selector}`);
  return found;
};
const stage = element('#stage');
const stageMessage = element('#stage-message');
const form = element<HTMLFormElement>('#room-form');
const codeField = element<HTMLInputElement>('#room-code');
const roomStatus = element('#room-status');
const badButton = element<HTMLButtonElement>('#bad-network');
const hud = netplayHud(element('#netplay-hud'));

const pixi = await pixiBackend({ container: stage, logicalWidth: LOGICAL_WIDTH, logicalHeight: LOGICAL_HEIGHT, background: BACKGROUND_COLOR });
const backend = latestFrameBackend(pixi);
// The courts open at once online (createOnlineDuel), so their art is loaded before the match is built.
const artLoaded = loadAssets({ alias: ART.sheet, src: new URL('./art/duel-sheet.json', import.meta.url).href });
// A code typed in the room field is not a paddle's key.
const input = createInput({ bindings: LOCAL_BINDINGS, keyboardTarget: window, pointerTarget: stage, ignoreTextFields: true });
bindTouchPad(element('#touch-pad'), input);

let duel: OnlineDuel | undefined;
let joined: Seat | undefined;
let frames = 0;
let badNetwork = params.get('bad') === '1';
let transport: ReturnType<typeof conditionedTransport> | undefined;

function showBadNetwork(): void {
  if (transport !== undefined) transport.active = badNetwork;
  badButton.setAttribute('aria-pressed', String(badNetwork));
  badButton.textContent = badNetwork ? `Bad network: ${BAD_NETWORK.latencyMs} ms, ${BAD_NETWORK.loss * 100} % loss` : 'Bad network: off';
}
badButton.addEventListener('click', () => {
  badNetwork = !badNetwork;
  showBadNetwork();
});
showBadNetwork();

/** This tab's player's byte for the next tick: held keys, else a drag towards the finger, and "again". */
function readLocal(): number {
  const view = input.frame;
  let up = view.held('up');
  let down = view.held('down');
  if (!up && !down && view.held('drag') && duel !== undefined) {
    const paddle = duel.engine.world.find(`${duel.side}-paddle`);
    const { y } = duel.engine.screenToWorld(view.pointer.x, view.pointer.y);
    if (paddle instanceof Paddle) {
      up = y < paddle.y - DRAG_DEAD_ZONE;
      down = y > paddle.y + DRAG_DEAD_ZONE;
    }
  }
  // pressed() too: a tap shorter than a tick still counts once.
  const confirm = view.pressed('confirm') || view.held('confirm');
  return encodeDuelInput({ up, down, confirm });
}

/** Takes a seat in room `code` (on WebRTC, undefined: a new room the server names) and plays the match there. */
async function join(code: string | undefined): Promise<void> {
  form.querySelectorAll<HTMLButtonElement | HTMLInputElement>('button, input').forEach((control) => (control.disabled = true));
  if (code !== undefined) waitFor(code);
  else roomStatus.textContent = 'Making a room…';
  let seat: Seat;
  try {
    seat = signalUrl === undefined ? await joinBroadcastRoom(code!) : await joinWebRtc(signalUrl, code);
  } catch (error) {
    roomStatus.textContent = error instanceof Error ? error.message : String(error);
    stageMessage.textContent = 'Join a room to play.';
    form.querySelectorAll<HTMLButtonElement | HTMLInputElement>('button, input').forEach((control) => (control.disabled = false));
    return;
  }
  await artLoaded;
  start(seat);
}

/** "Room <b>code</b>" and the rest, in the room's status line. */
function say(code: string, rest: string): void {
  const bold = document.createElement('b');
  bold.textContent = code;
  roomStatus.replaceChildren('Room ', bold, rest);
}

/** Shows the room's code and link while the other player is awaited. */
function waitFor(code: string): void {
  codeField.value = code;
  const url = new URL(location.href);
  url.searchParams.set('room', code);
  history.replaceState(null, '', url);
  const where = signalUrl === undefined ? 'Open this link in a second window of this browser, side by side (a tab behind another gets no frames).' : 'Open this link on the other device.';
  say(code, `: waiting for the other player. ${where}`);
  stageMessage.textContent = `Waiting for a second player in room ${code}…`;
}

/** The WebRTC path: a seat in room `code` (or a new room) on the signalling server at `url`, resolved once the data channel is open. */
async function joinWebRtc(url: string, code: string | undefined): Promise<Seat> {
  const onJoined = ({ code: named }: { code: string }) => waitFor(named);
  const onPeerClosed = (peer: number) => duel?.session.disconnectPeer(peer);
  const room = await joinRoom(code === undefined ? { url, players: 2, onJoined, onPeerClosed } : { url, code, onJoined, onPeerClosed });
  return { code: room.code, playerIndex: room.playerIndex, transport: room.transport };
}

function start(seat: Seat): void {
  joined = seat;
  // Each side's faults drawn from a seed of its own (a seed is 32 bits: the sum wraps).
  transport = conditionedTransport(seat.transport, { ...BAD_NETWORK, seed: (seedFromRoomCode(seat.code) + seat.playerIndex) >>> 0 }, () => performance.now());
  showBadNetwork();
  duel = createOnlineDuel({ backend, transport, playerIndex: seat.playerIndex, seed: seedFromRoomCode(seat.code), readLocal, cues: webAudioCues({ cues: CUE_TONES }) });
  const side = duel.side === 'left' ? 'the left paddle (blue)' : 'the right paddle (orange)';
  say(seat.code, `: you are player ${seat.playerIndex + 1}, ${side}.`);
  stageMessage.textContent = 'Connecting…';
  const session = duel.session;
  const step = (timeMs: number): void => {
    session.frame(timeMs);
    backend.draw();
    frames++;
    const stats = session.stats();
    hud.update(stats, timeMs);
    const message = stats.peers[0]?.disconnected === true ? 'The other player left.' : stats.phase === 'synchronizing' ? 'Connecting…' : undefined;
    stageMessage.hidden = message === undefined;
    if (message !== undefined) stageMessage.textContent = message;
  };
  let lastFrameMs = performance.now();
  const frame = (timeMs: number): void => {
    lastFrameMs = performance.now();
    step(timeMs);
    requestAnimationFrame(frame);
  };
  // A hidden tab gets no animation frames (and timers at most once a second): this timer keeps its session
  // receiving and sending, so the other player's game waits for it (stalls) rather than, after 3 s of
  // silence, counting it as gone for the rest of the match.
  setInterval(() => {
    if (performance.now() - lastFrameMs > KEEP_ALIVE_MS) step(performance.now());
  }, KEEP_ALIVE_MS);
  requestAnimationFrame(frame);
}

form.addEventListener('submit', (event) => {
  event.preventDefault();
  const code = normalizeCode(codeField.value);
  if (code === undefined) {
    roomStatus.textContent = 'A room code is 4 letters (no I or O), e.g. ABCD.';
    codeField.focus();
    return;
  }
  void join(code);
});
// On WebRTC the server names new rooms; between tabs, this page does.
element('#new-room').addEventListener('click', () => void join(signalUrl === undefined ? randomCode() : undefined));

// Not declared on Window: the gallery's examples each publish their own handle.
(window as unknown as { __online: OnlineHandle }).__online = {
  get joined() {
    return joined === undefined ? undefined : { code: joined.code, playerIndex: joined.playerIndex };
  },
  get frames() {
    return frames;
  },
  rendererName: pixi.rendererName,
  hud: hud.shown,
  get badNetwork() {
    return badNetwork;
  },
  set badNetwork(on: boolean) {
    badNetwork = on;
    showBadNetwork();
  },
  stats: () => duel?.session.stats(),
  stateHash: () => (duel === undefined ? undefined : duelStateHash(duel.engine, duel.match)),
  paddles() {
    const world = duel?.engine.world;
    const [left, right] = [world?.find('left-paddle'), world?.find('right-paddle')];
    return left === undefined || right === undefined ? undefined : { left: left.y, right: right.y };
  },
};

const fromUrl = params.get('room');
if (fromUrl !== null) {
  const code = normalizeCode(fromUrl);
  if (code !== undefined) void join(code);
  else roomStatus.textContent = `"${fromUrl}" is not a room code: 4 letters (no I or O), e.g. ABCD.`;
}
