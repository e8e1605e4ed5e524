// Fixed-step Platformer: the page. Builds the pixi.js backend and the engine,
// and wires the keyboard, the panel and the pause menu to it.
import { createSystemsEngine } from 'tickflow/systems';
import { pixiSystemsBackend } from 'tickflow/pixi';
import { platformerConfig } from './game.js';
import { createGameState, type IntegrationMode } from './game-state.js';
import { hudSystem } from './hud.js';
import { SimulatedDisplay } from './simulated-display.js';
import { BACKGROUND_COLOR, LOGICAL_HEIGHT, LOGICAL_WIDTH, LONG_FRAME_MS, type DisplayRate } from './tuning.js';

const $ = <T extends HTMLElement>(selector: string) => document.querySelector<T>(selector)!;

const state = createGameState();
const display = new SimulatedDisplay();
const backend = await pixiSystemsBackend({
  container: $('#stage'),
  logicalWidth: LOGICAL_WIDTH,
  logicalHeight: LOGICAL_HEIGHT,
  background: BACKGROUND_COLOR,
});
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
  engine.stop();
  await play();
  setMode(state.mode);
  setAutopilot(state.autopilot);
}

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

// -- the keyboard --------------------------------------------------------------

const GAME_KEYS = new Set(['ArrowLeft', 'ArrowRight', 'ArrowUp', 'KeyA', 'KeyD', 'KeyW', 'Space']);

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
  if (down) $('#autopilot').setAttribute('aria-pressed', 'false');
  engine.dispatchEvent('key', { code: event.code, down });
}
window.addEventListener('keydown', (event) => onKey(event, true));
window.addEventListener('keyup', (event) => onKey(event, false));

// -- start ---------------------------------------------------------------------

await engine.play();
if (new URLSearchParams(location.search).get('autoplay') === '1') setAutopilot(true);

/** For tests and the console: the engine, its backend, the simulated display and the game state. */
(window as unknown as { __platformer: unknown }).__platformer = { engine, backend, display, state, dropTest, setMode, setRate, pause, play, restart };
