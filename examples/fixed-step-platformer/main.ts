// Fixed-step Platformer: the page. Builds the backend (pixi.js, or three.js
// with ?renderer=3d) and the engine, and wires the keyboard, the touch pad,
// the panel and the pause menu to it; records a session, and shows a loaded
// one in the replay view.
import type { SystemsBackend } from 'tickflow/systems';
import type { ReplayHost, Session } from 'tickflow/replay';
import { playPlatformer } from './game.js';
import type { IntegrationMode } from './game-state.js';
import { SimulatedDisplay } from './simulated-display.js';
import { BACKGROUND_COLOR, LOGICAL_HEIGHT, LOGICAL_WIDTH, LONG_FRAME_MS, type DisplayRate } from './tuning.js';
import { bindTouchPad } from '../shared/touch-pad.js';
import { openReplayView, type ReplayView } from '../shared/replay-view.js';
import { bindSessionControls } from '../shared/session-controls.js';

const $ = <T extends HTMLElement>(selector: string) => document.querySelector<T>(selector)!;

const display = new SimulatedDisplay();
// The same entities and sprites draw on either backend; only the chosen one is loaded.
const renderer = new URLSearchParams(location.search).get('renderer') === '3d' ? '3d' : '2d';

/** A backend drawing in the stage: the live game's, or the replay's once the live one is gone. */
async function createBackend(): Promise<SystemsBackend> {
  const surface = { container: $('#stage'), logicalWidth: LOGICAL_WIDTH, logicalHeight: LOGICAL_HEIGHT, background: BACKGROUND_COLOR };
  return renderer === '3d'
    ? (await import('tickflow/three')).threeSystemsBackend(surface)
    : await (await import('tickflow/pixi')).pixiSystemsBackend(surface);
}

const backend = await createBackend();
// The live game and the replay are built by the same function (game.ts); the live one with the page's display.
const { engine, state } = await playPlatformer({ backend, ticks: display.ticks$, hud: { display, root: document } });
/** Every listener of the live game: removed when a replay takes the stage. */
const live = new AbortController();
const { signal } = live;

// -- the panel ---------------------------------------------------------------

function press(group: HTMLElement, selected: HTMLElement): void {
  for (const button of group.querySelectorAll('button')) button.setAttribute('aria-pressed', String(button === selected));
}

function setMode(mode: IntegrationMode): void {
  engine.dispatchEvent('set-mode', mode); // delivered first in the next frame
  press($('#mode'), $(`[data-mode="${mode}"]`));
}

function setRate(hz: DisplayRate): void {
  display.rateHz = hz;
  press($('#rate'), $(`[data-hz="${hz}"]`));
}

function setAutopilot(on: boolean): void {
  engine.dispatchEvent('autopilot', on);
  $('#autopilot').setAttribute('aria-pressed', String(on));
}

function dropTest(): void {
  engine.dispatchEvent('drop-test');
  display.longFrame(LONG_FRAME_MS); // the event is delivered in the long frame, before its physics
}

function pause(): void {
  engine.pause();
  $('#pause-menu').hidden = false;
  $('#pause').textContent = 'Play';
}

async function play(): Promise<void> {
  if (signal.aborted) return;
  $('#pause-menu').hidden = true;
  $('#pause').textContent = 'Pause';
  await engine.play();
}

async function restart(): Promise<void> {
  engine.destroyWorld(); // the seed's stop: the whole game is built again from the configuration
  await play();
  setMode(state.mode);
  setAutopilot(state.autopilot);
}

function setRenderer(choice: '2d' | '3d'): void {
  if (choice === renderer) return;
  const url = new URL(location.href);
  url.searchParams.set('renderer', choice);
  location.assign(url); // a new page, with the other backend
}

press($('#renderer'), $(`[data-renderer="${renderer}"]`));
$('#renderer').addEventListener('click', (event) => {
  const choice = (event.target as HTMLElement).dataset['renderer'];
  if (choice === '2d' || choice === '3d') setRenderer(choice);
});
$('#mode').addEventListener('click', (event) => {
  const mode = (event.target as HTMLElement).dataset['mode'];
  if (mode === 'fixed' || mode === 'frame') setMode(mode);
}, { signal });
$('#rate').addEventListener('click', (event) => {
  const hz = Number((event.target as HTMLElement).dataset['hz']);
  if (hz === 30 || hz === 60 || hz === 144) setRate(hz);
}, { signal });
$('#drop-test').addEventListener('click', dropTest, { signal });
$('#long-frame').addEventListener('click', () => display.longFrame(LONG_FRAME_MS), { signal });
$('#autopilot').addEventListener('click', () => setAutopilot($('#autopilot').getAttribute('aria-pressed') !== 'true'), { signal });
$('#pause').addEventListener('click', () => (engine.state === 'paused' ? void play() : pause()), { signal });
$('#resume').addEventListener('click', () => void play(), { signal });
$('#restart').addEventListener('click', () => void restart(), { signal });
$('#restart-menu').addEventListener('click', () => void restart(), { signal });

// -- the keyboard and the touch pad ------------------------------------------------

const GAME_KEYS = new Set(['ArrowLeft', 'ArrowRight', 'ArrowUp', 'KeyA', 'KeyD', 'KeyW', 'Space']);

/** A game key going down or up, from the keyboard or the touch pad: an event the engine delivers first in the next frame. */
function sendKey(code: string, down: boolean): void {
  if (down) $('#autopilot').setAttribute('aria-pressed', 'false');
  engine.dispatchEvent('key', { code, down });
}

function onKey(event: KeyboardEvent, down: boolean): void {
  if (down && (event.code === 'Escape' || event.code === 'KeyP')) {
    if (engine.state === 'paused') void play();
    else pause();
    return;
  }
  if (down && event.code === 'KeyR') {
    void restart();
    return;
  }
  if (!GAME_KEYS.has(event.code)) return;
  event.preventDefault();
  if (event.repeat) return;
  sendKey(event.code, down);
}
window.addEventListener('keydown', (event) => onKey(event, true), { signal });
window.addEventListener('keyup', (event) => onKey(event, false), { signal });
// The touch screen's buttons are keys held down by a finger.
bindTouchPad($('#touch-pad'), {
  press: (code) => !signal.aborted && sendKey(code, true),
  release: (code) => !signal.aborted && sendKey(code, false),
});

// -- record, download, load and replay ----------------------------------------

/** The level a session began in: a mid-game recording's snapshot restores into that scene only. */
function startSceneOf(session: Session): string | undefined {
  const scene = (session.start?.state as { scene?: { id?: unknown } | null } | undefined)?.scene;
  return typeof scene?.id === 'string' ? scene.id : undefined;
}

let replayView: ReplayView<typeof engine> | undefined;

/** Takes the stage from the live game (or the replay shown) and plays `session` in it. */
async function showReplay(session: Session, title: string): Promise<void> {
  if (!signal.aborted) {
    live.abort();
    engine.destroy(); // its backend too: the replay draws in the stage
    $('#pause-menu').hidden = true;
    for (const cell of document.querySelectorAll('[data-readout]')) cell.textContent = '–';
    document.body.classList.add('replaying');
  }
  replayView?.destroy();
  const sceneId = startSceneOf(session);
  // The page's display never ticks in a replay: the HUD's rates are not measured, the rest reads as it did.
  const replayDisplay = new SimulatedDisplay();
  replayView = await openReplayView({
    session,
    title,
    mount: $('#replay'),
    build: async (host: ReplayHost) => {
      const { engine: replayed } = await playPlatformer({ ...host, backend: await createBackend(), sceneId, hud: { display: replayDisplay, root: document } });
      return replayed;
    },
    onExit: () => location.reload(),
  });
  (window as unknown as { __replay: unknown }).__replay = replayView;
}

const sessionControls = bindSessionControls({
  root: $('#session'),
  engine: () => engine,
  fileName: 'fixed-step-platformer',
  onLoad: (session, name) => showReplay(session, name),
});

// -- start ---------------------------------------------------------------------

if (new URLSearchParams(location.search).get('autoplay') === '1') setAutopilot(true);

/** For tests and the console: the engine, its backend, the simulated display, the game state and the session controls (the replay view, once shown, is `window.__replay`). */
(window as unknown as { __platformer: unknown }).__platformer = { engine, backend, renderer, display, state, sessionControls, dropTest, setMode, setRate, pause, play, restart };
