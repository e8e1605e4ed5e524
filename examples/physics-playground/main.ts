// Physics Playground: the page. Loads the arena scene document into the
// fixed-tick runtime with Rapier 3D physics and the three.js renderer, and
// wires the panel (camera follow mode, scene replacement, pause and step),
// the touch pad and the readout to it. The behaviors are in behaviors.ts.
import { createRuntime } from 'tickflow/runtime';
import { createRapier3d } from 'tickflow/rapier3d';
import { threeRuntimeBackend } from 'tickflow/three';
import { cameraBehavior, despawn, patrol, player, spawner, type FollowMode, type PlaygroundControls } from './behaviors.js';
import { bindTouchPad } from '../shared/touch-pad.js';

const $ = <T extends HTMLElement>(selector: string) => document.querySelector<T>(selector)!;

/** The scene documents, as JSON text (the runtime validates them before anything starts). */
async function loadScene(file: string): Promise<string> {
  const response = await fetch(new URL(`./scenes/${file}`, import.meta.url));
  if (!response.ok) throw new Error(`Physics Playground: could not load scenes/${file} (${response.status})`);
  return response.text();
}
const [arena, towers] = await Promise.all([loadScene('arena.json'), loadScene('towers.json')]);

const controls: PlaygroundControls = { follow: 'presentation' };
const backend = threeRuntimeBackend({ container: $('#stage'), logicalWidth: 1280, logicalHeight: 720 });
const runtime = createRuntime({
  scene: arena,
  physics: await createRapier3d(),
  backend,
  behaviors: { player, patrol, spawner, despawn, camera: cameraBehavior(controls) },
  // The runtime's own keys: arrows/WASD, Space, and the player's P (pause) and N (single step).
  input: { target: window },
});
// The touch screen's pad presses the runtime's own keys (runtime.press/release): one input, latched for the fixed tick as a key is.
bindTouchPad($('#touch-pad'), runtime);

// -- the panel ---------------------------------------------------------------

let sceneName = 'arena';

function setFollow(mode: FollowMode): void {
  controls.follow = mode;
  for (const button of $('#follow').querySelectorAll('button')) button.setAttribute('aria-pressed', String(button.dataset.follow === mode));
}
for (const button of $('#follow').querySelectorAll<HTMLButtonElement>('button')) {
  button.addEventListener('click', () => setFollow(button.dataset.follow as FollowMode));
}

$('#replace').addEventListener('click', () => {
  // Applied at the start of the next frame: every object's onDestroy runs, a new session begins.
  sceneName = sceneName === 'arena' ? 'towers' : 'arena';
  runtime.replaceScene(sceneName === 'arena' ? arena : towers);
  $('#replace').textContent = `replace scene (${sceneName === 'arena' ? 'towers' : 'arena'})`;
});
$('#pause').addEventListener('click', () => (runtime.paused ? runtime.resume() : runtime.pause()));
$('#step').addEventListener('click', () => runtime.step());
// A button keeps focus after a click; Space would press it again instead of only jumping.
for (const button of document.querySelectorAll('button')) button.addEventListener('mouseup', () => button.blur());
window.addEventListener('keydown', (event) => {
  if (event.code === 'Space' || event.code.startsWith('Arrow')) event.preventDefault();
});

// -- the readout (after the runtime's render, in the same frame) --------------

const cells = {
  scene: $('#r-scene'),
  session: $('#r-session'),
  paused: $('#r-paused'),
  frames: $('#r-frames'),
  ticks: $('#r-ticks'),
  ticksFrame: $('#r-ticks-frame'),
  alpha: $('#r-alpha'),
  dropped: $('#r-dropped'),
  droppedLast: $('#r-dropped-last'),
  objects: $('#r-objects'),
};
runtime.loop.on('render', () => {
  const stats = runtime.stats();
  cells.scene.textContent = sceneName;
  cells.session.textContent = String(stats.session);
  cells.paused.textContent = runtime.paused ? 'yes' : 'no';
  cells.frames.textContent = String(stats.frames);
  cells.ticks.textContent = String(stats.ticks);
  cells.ticksFrame.textContent = String(stats.ticksLastFrame);
  cells.alpha.textContent = stats.alpha.toFixed(3);
  cells.dropped.textContent = `${(stats.droppedSeconds * 1000).toFixed(1)} ms`;
  cells.droppedLast.textContent = `${(stats.droppedLastFrameSeconds * 1000).toFixed(1)} ms`;
  cells.objects.textContent = String(stats.objects);
  $('#pause').setAttribute('aria-pressed', String(runtime.paused));
});

runtime.start();

// For the browser test (spec/browser/physics-playground.spec.ts declares its shape): the runtime, the renderer and the controls.
(window as unknown as { __playground: unknown }).__playground = { runtime, backend, controls };
