// Fixed-step Platformer: the page. Builds the backend (pixi.js, or three.js
// with ?renderer=3d) and the engine, and wires the keyboard, the touch pad,
// the panel and the pause menu to it.
import { createSystemsEngine, type SystemsBackend } from 'tickflow/systems';
import { platformerConfig } from './game.js';
import { createGameState, type IntegrationMode } from './game-state.js';
import { hudSystem } from './hud.js';
import { SimulatedDisplay } from './simulated-display.js';
import { BACKGROUND_COLOR, LOGICAL_HEIGHT, LOGICAL_WIDTH, LONG_FRAME_MS, type DisplayRate } from './tuning.js';
import { bindTouchPad } from '../shared/touch-pad.js';

const $ = <T extends HTMLElement>(selector: string) => document.querySelector<T>(selector)!;

const state = createGameState();
const display = new SimulatedDisplay();
// The same entities and sprites draw on either backend; only the chosen one is loaded.
const renderer = new URLSearchParams(location.search).get('renderer') === '3d' ? '3d' : '2d';
const surface = { container: $('#stage'), logicalWidth: LOGICAL_WIDTH, logicalHeight: LOGICAL_HEIGHT, background: BACKGROUND_COLOR };
const backend: SystemsBackend =
  renderer === '3d'
    ? (await import('tickflow/three')).threeSystemsBackend(surface)
    : await (await import('tickflow/pixi')).pixiSystemsBackend(surface);
const engine = createSystemsEngine(
  platformerConfig({ state, backend, ticks: display.ticks$, extraSystems: [hudSystem(state, display, document)] }),
);

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
});
$('#rate').addEventListener('click', (event) => {
  const hz = Number((event.target as HTMLElement).dataset['hz']);
  if (hz === 30 || hz === 60 || hz === 144) setRate(hz);
});
$('#drop-test').addEventListener('click', dropTest);
$('#long-frame').addEventListener('click', () => display.longFrame(LONG_FRAME_MS));
$('#autopilot').addEventListener('click', () => setAutopilot($('#autopilot').getAttribute('aria-pressed') !== 'true'));
$('#pause').addEventListener('click', () => (engine.state === 'paused' ? void play() : pause()));
$('#resume').addEventListener('click', () => void play());
$('#restart').addEventListener('click', () => void restart());
$('#restart-menu').addEventListener('click', () => void restart());

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
window.addEventListener('keydown', (event) => onKey(event, true));
window.addEventListener('keyup', (event) => onKey(event, false));
// The touch screen's buttons are keys held down by a finger.
bindTouchPad($('#touch-pad'), { press: (code) => sendKey(code, true), release: (code) => sendKey(code, false) });

// -- start ---------------------------------------------------------------------

await engine.play();
if (new URLSearchParams(location.search).get('autoplay') === '1') setAutopilot(true);

/** For tests and the console: the engine, its backend, the simulated display and the game state. */
(window as unknown as { __platformer: unknown }).__platformer = { engine, backend, renderer, display, state, dropTest, setMode, setRate, pause, play, restart };
