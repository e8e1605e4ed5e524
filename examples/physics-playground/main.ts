// Physics Playground: the page. Loads the scene documents and builds the game
// (playground.ts: the fixed-tick runtime, Rapier 3D, the behaviors) with the
// three.js renderer, and wires the panel (camera follow mode, scene
// replacement, pause and step), the touch pad and the readout to it; records
// a session, and shows a loaded one in the replay view.
import type { ReplayHost, Session } from 'tickflow/replay';
import type { Runtime } from 'tickflow/runtime';
import { threeRuntimeBackend } from 'tickflow/three';
import type { FollowMode, PlaygroundControls } from './behaviors.js';
import { createPlayground, playgroundCheckpointState } from './playground.js';
import { bindTouchPad } from '../shared/touch-pad.js';
import { openReplayView, type ReplayView } from '../shared/replay-view.js';
import { bindSessionControls } from '../shared/session-controls.js';

const $ = <T extends HTMLElement>(selector: string) => document.querySelector<T>(selector)!;

/** The scene documents, as JSON text (the runtime validates them before anything starts). */
async function loadScene(file: string): Promise<string> {
  const response = await fetch(new URL(`./scenes/${file}`, import.meta.url));
  if (!response.ok) throw new Error(`Physics Playground: could not load scenes/${file} (${response.status})`);
  return response.text();
}
const [arena, towers] = await Promise.all([loadScene('arena.json'), loadScene('towers.json')]);
const scenes = { arena, towers };

const controls: PlaygroundControls = { follow: 'presentation' };
const createBackend = () => threeRuntimeBackend({ container: $('#stage'), logicalWidth: 1280, logicalHeight: 720 });
const backend = createBackend();
// The runtime's own keys: arrows/WASD, Space, and the player's P (pause) and N (single step).
const runtime = await createPlayground({ scenes, controls, backend, input: { target: window } });
/** The live game's own listeners: removed when a replay takes the stage. */
const live = new AbortController();
const { signal } = live;
// The touch screen's pad presses the runtime's own keys (runtime.press/release): one input, latched for the fixed tick as a key is.
bindTouchPad($('#touch-pad'), { press: (code) => !signal.aborted && runtime.press(code), release: (code) => !signal.aborted && runtime.release(code) });

// -- the panel ---------------------------------------------------------------

function setFollow(mode: FollowMode): void {
  controls.follow = mode;
  for (const button of $('#follow').querySelectorAll('button')) button.setAttribute('aria-pressed', String(button.dataset.follow === mode));
}
for (const button of $('#follow').querySelectorAll<HTMLButtonElement>('button')) {
  button.addEventListener('click', () => setFollow(button.dataset.follow as FollowMode));
}

let sceneName: keyof typeof scenes = 'arena';
$('#replace').addEventListener('click', () => {
  // Applied at the start of the next frame: every object's onDestroy runs, a new session begins.
  sceneName = sceneName === 'arena' ? 'towers' : 'arena';
  runtime.replaceScene(scenes[sceneName]);
  $('#replace').textContent = `replace scene (${sceneName === 'arena' ? 'towers' : 'arena'})`;
}, { signal });
$('#pause').addEventListener('click', () => (runtime.paused ? runtime.resume() : runtime.pause()), { signal });
$('#step').addEventListener('click', () => runtime.step(), { signal });
// A button keeps focus after a click; Space would press it again instead of only jumping.
for (const button of document.querySelectorAll('button')) button.addEventListener('mouseup', () => button.blur());
window.addEventListener('keydown', (event) => {
  if (event.code === 'Space' || event.code.startsWith('Arrow')) event.preventDefault();
}, { signal });

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

/** How many frames apart the readout is written: ten times a second at 60 fps. */
const READOUT_EVERY_FRAMES = 6;

/**
 * Writes the readout from `shown`'s render phase (the live runtime's, or the
 * replay's) every {@link READOUT_EVERY_FRAMES}th frame: a number that
 * changes sixty times a second cannot be read, and `stats()` makes a fresh
 * object a call (reading it every frame was the page's second-largest
 * tickflow allocation, 19 kB/s).
 */
function showReadout(shown: Runtime): void {
  let frames = 0;
  shown.loop.on('render', () => {
    if (frames++ % READOUT_EVERY_FRAMES !== 0) return;
    const stats = shown.stats();
    cells.scene.textContent = shown.document.name ?? '–';
    cells.session.textContent = String(stats.session);
    cells.paused.textContent = shown.paused ? 'yes' : 'no';
    cells.frames.textContent = String(stats.frames);
    cells.ticks.textContent = String(stats.ticks);
    cells.ticksFrame.textContent = String(stats.ticksLastFrame);
    cells.alpha.textContent = stats.alpha.toFixed(3);
    cells.dropped.textContent = `${(stats.droppedSeconds * 1000).toFixed(1)} ms`;
    cells.droppedLast.textContent = `${(stats.droppedLastFrameSeconds * 1000).toFixed(1)} ms`;
    cells.objects.textContent = String(stats.objects);
    $('#pause').setAttribute('aria-pressed', String(shown.paused));
  });
}
showReadout(runtime);

// -- record, download, load and replay ----------------------------------------

let replayView: ReplayView<Runtime> | undefined;

/** Takes the stage from the live game (or the replay shown) and plays `session` in it, built as the live game was. */
async function showReplay(session: Session, title: string): Promise<void> {
  if (!signal.aborted) {
    live.abort();
    runtime.destroy(); // its renderer too: the replay draws in the stage
    document.body.classList.add('replaying');
  }
  replayView?.destroy();
  replayView = await openReplayView({
    session,
    title,
    mount: $('#replay'),
    stateOf: playgroundCheckpointState,
    // Scripted keys (the recording's presses); the camera follows the switch as it is on this page.
    build: async (host: ReplayHost) => {
      const replayed = await createPlayground({ scenes, controls, backend: createBackend(), ticks: host.ticks, clock: host.clock, seed: host.seed });
      showReadout(replayed);
      return replayed;
    },
    onExit: () => location.reload(),
  });
  (window as unknown as { __replay: unknown }).__replay = replayView;
}

const sessionControls = bindSessionControls({
  root: $('#session'),
  engine: () => runtime,
  // Checkpoints of the game, not of where the page's camera switch draws from: the session replays anywhere.
  record: { stateOf: playgroundCheckpointState },
  fileName: 'physics-playground',
  onLoad: (session, name) => showReplay(session, name),
});

runtime.start();

// For the browser test (spec/browser/physics-playground.spec.ts declares its shape): the runtime, the renderer, the
// controls and the session controls (the replay view, once shown, is window.__replay).
(window as unknown as { __playground: unknown }).__playground = { runtime, backend, controls, sessionControls };
