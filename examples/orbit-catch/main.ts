import { tap } from 'rxjs';
import { animationFrames, constantClock, createInput, type FrameInfo } from 'tickflow';
import { createStateEngine, type DeepReadonly, type StateEngine } from 'tickflow/state';
import { threeBackend, type ThreeSurface } from 'tickflow/three';
import { chooseTarget, CLICK_INPUT, PAGE_CLICK_INTERVAL_SECONDS, ScriptedPlayer } from './autopilot.js';
import { CUES, initialState, ORBIT_CATCH_BINDINGS, pause, restart, resume, togglePause, update, type OrbitCatchAction } from './game.js';
import { orbPosition } from './orbits.js';
import { PARITY_FRAME_MS, ParityTrace, parityFrames, stateHash, type ParityTraceReport } from './parity.js';
import { createOrbitCatchRenderer } from './render.js';
import { DEFAULT_SEED, type GameState } from './state.js';
import { BACKGROUND_COLOR, CLICK_TO_RESTART_AFTER_SECONDS, LOGICAL_HEIGHT, LOGICAL_WIDTH } from './tuning.js';
import { WebAudioCues, type CueVoice } from './web-audio-cues.js';

/**
 * Orbit Catch on the page: the state engine, the three.js backend in
 * `#stage`, keyboard and pointer input, Web Audio cues, and the page's frames.
 *
 * Query parameters: `?autoplay=1` starts with the scripted player on,
 * `?seed=N` deals another round, `?overlay=1` shows the diagnostics overlay,
 * `?parity=N` runs the headless-parity scenario: every frame worth 1/60 s
 * (`constantClock`), and the engine stopped after exactly N frames (see
 * parity.ts and spec/browser/orbit-catch-parity.spec.ts); it does not pause
 * on focus loss, since nobody is playing it.
 *
 * Pause: Esc (or the Pause button) pauses and resumes; the page losing focus
 * or being hidden pauses; a click on the paused picture resumes. Each is
 * `engine.apply(pause | resume)`, a transition between frames: the paused
 * update advances nothing, so the round's timer waits (game.ts).
 *
 * The test handle, for the browser test (spec/browser/orbit-catch.spec.ts) and
 * the devtools console:
 *
 * ```ts
 * window.__game.state()              // a plain copy of the round's state (score, lives, orbs...)
 * window.__game.frame()              // the engine's FrameInfo { count, timeMs, lastDeltaMs }
 * window.__game.press('KeyR') / release(code)   // scripted device input
 * window.__game.clickAt(x, y)        // a scripted click at CSS pixels of the stage
 * window.__game.target()             // the orb the autoplayer would click now, with its page position { id, clientX, clientY }
 * window.__game.aim()                // the same orb's page position as a person aims: no pick to check what is in front
 * window.__game.orbOnPage('orb-3')   // where an orb was drawn last frame, in page coordinates
 * window.__game.restart()            // engine.apply(restart): a new round between frames
 * window.__game.pause() / resume()   // engine.apply(pause) / engine.apply(resume)
 * window.__game.visibleOrbs()        // how many orb meshes the last frame drew
 * window.__game.setAutoplay(true)    // the scripted player on or off
 * window.__game.cueCounts()          // how many times each cue played { catch: 4, ... }
 * window.__game.renderer()           // { webgl: 'webgl2' | 'webgl' | undefined, drawCalls }
 * window.__game.stop() / start()     // the engine's loop
 * window.__game.stateHash()          // the state's fingerprint (parity.ts), the same in Node for the same state
 * window.__game.parityTrace()        // with ?parity=N: the fingerprints of every frame's state so far (parity.ts)
 * window.__game.engine               // the engine itself
 * ```
 */
export interface OrbitCatchHandle {
  readonly engine: StateEngine<GameState, ThreeSurface, OrbitCatchAction>;
  state(): GameState;
  frame(): FrameInfo;
  press(code: string): void;
  release(code: string): void;
  clickAt(cssX: number, cssY: number): void;
  target(): PagePoint | undefined;
  aim(): PagePoint | undefined;
  orbOnPage(id: string): PagePoint | undefined;
  restart(): void;
  pause(): void;
  resume(): void;
  visibleOrbs(): number;
  setAutoplay(on: boolean): void;
  readonly autoplay: boolean;
  cueCounts(): Record<string, number>;
  renderer(): { webgl: 'webgl2' | 'webgl' | undefined; drawCalls: number };
  stop(): void;
  start(): void;
  /** The state's fingerprint ({@link stateHash}): equal in Node and here for equal states. */
  stateHash(): string;
  /** With `?parity=N`: every frame's state so far, fingerprinted ({@link ParityTrace}); otherwise undefined. */
  parityTrace(): ParityTraceReport | undefined;
}

/** An orb's position on the page, for `page.mouse.click(clientX, clientY)`. */
export interface PagePoint {
  readonly id: string;
  readonly clientX: number;
  readonly clientY: number;
}

declare global {
  interface Window {
    __game?: OrbitCatchHandle;
  }
}

/** The sound of each cue. */
const VOICES: Record<string, CueVoice> = {
  [CUES.catch]: { type: 'triangle', startHz: 880, endHz: 1320, durationSeconds: 0.12, gain: 0.25 },
  [CUES.miss]: { type: 'square', startHz: 190, endHz: 150, durationSeconds: 0.06, gain: 0.05 },
  [CUES.escape]: { type: 'sawtooth', startHz: 240, endHz: 90, durationSeconds: 0.32, gain: 0.18 },
  [CUES.gameOver]: { type: 'triangle', startHz: 520, endHz: 200, durationSeconds: 0.7, gain: 0.25 },
};

function element<T extends HTMLElement>(selector: string): T {
  const found = document.querySelector<T>(selector);
  if (found === null) throw new Error(`orbit catch: the page has no ${selector}`);
  return found;
}

const params = new URLSearchParams(location.search);
const seedParam = Number(params.get('seed'));
const seed = Number.isInteger(seedParam) && seedParam > 0 && seedParam <= 0xffffffff ? seedParam : DEFAULT_SEED;
/** `?parity=N`: a constant clock, and a stop after frame N. */
const parity = parityFrames(params);

const stage = element<HTMLDivElement>('#stage');
const restartButton = element<HTMLButtonElement>('#restart');
const pauseButton = element<HTMLButtonElement>('#pause');
const autoplayButton = element<HTMLButtonElement>('#autoplay');

// The container must have a CSS size (orbit-catch.css gives #stage a width and a 16:9 aspect ratio):
// the backend sizes its canvases to the container's box and letterboxes 960 × 540 inside it, so an
// unsized div would leave the canvases to spill over the page.
const backend = threeBackend({
  container: stage,
  logicalWidth: LOGICAL_WIDTH,
  logicalHeight: LOGICAL_HEIGHT,
  background: BACKGROUND_COLOR,
});
// A tap on a touch screen is a press, a release and then a pointerleave, all before the frame that reads
// the press: createInput reads that frame's pointer where the finger lifted and puts it outside when the
// frame closes, so a tap lands where it was made and no hover stays behind (issue 21).
// The stage, not the top (screen) canvas: that one lets pointer events through to the WebGL canvas under it.
const input = createInput({ bindings: ORBIT_CATCH_BINDINGS, keyboardTarget: window, pointerTarget: stage });
const cues = new WebAudioCues(VOICES);
cues.unlockOn(window);
const renderer = createOrbitCatchRenderer();

/** What a pick at a CSS point of the stage would name right now. */
const pickedAt = (x: number, y: number): string | undefined => backend.view.pick(x, y)?.name;

let player: ScriptedPlayer | undefined;

const engine = createStateEngine({
  initial: initialState(seed),
  update,
  render: renderer.render,
  backend,
  input,
  cues,
  overlay: params.get('overlay') === '1',
  ...(parity === undefined ? {} : { clock: constantClock(PARITY_FRAME_MS) }),
  // The page's frames, with the scripted player (when on) acting just before each: between frames, as a person's clicks do.
  ticks: animationFrames().pipe(tap(() => player?.beforeFrame(engine.state))),
});

// The parity scenario ends after exactly N frames: stopped at the end of frame N, no tick of frame N + 1 is taken.
const trace = parity === undefined ? undefined : new ParityTrace();
if (parity !== undefined && trace !== undefined) {
  const stopAt = parity;
  engine.loop.frames$.subscribe((info) => {
    trace.record(info.count, engine.state);
    if (info.count >= stopAt) engine.stop();
  });
}

function setAutoplay(on: boolean): void {
  if (!on && player !== undefined) input.release(CLICK_INPUT);
  player = on
    ? new ScriptedPlayer(input, { clickIntervalSeconds: PAGE_CLICK_INTERVAL_SECONDS, locate: renderer.locate, confirm: pickedAt })
    : undefined;
  autoplayButton.setAttribute('aria-pressed', String(on));
}

/** A transition between frames, and the Pause button brought up to date with the state it left. */
function transit(transition: (view: DeepReadonly<GameState>) => GameState): void {
  engine.apply(transition);
  const paused = engine.state.paused;
  pauseButton.setAttribute('aria-pressed', String(paused));
  pauseButton.firstChild!.textContent = paused ? 'Resume ' : 'Pause ';
}

/** A new round, dealt from the next seed: a transition between frames. */
function newRound(): void {
  transit(restart);
}

/** Page coordinates of a CSS point of the stage. */
function onPage(id: string, x: number, y: number): PagePoint {
  const box = stage.getBoundingClientRect();
  return { id, clientX: box.left + x, clientY: box.top + y };
}

/** The orb the autoplayer would click now, on the page; `confirm` (a pick) checks that nothing is in front of it. */
function aimOnPage(confirm: ((cssX: number, cssY: number) => string | undefined) | undefined): PagePoint | undefined {
  const state = engine.state;
  const aim = chooseTarget(state, state.elapsedSeconds, { locate: renderer.locate, confirm });
  return aim === undefined ? undefined : onPage(aim.id, aim.x, aim.y);
}

window.addEventListener('keydown', (event) => {
  if (event.repeat) return;
  if (event.code === 'KeyR') newRound();
  if (event.code === 'Escape') transit(togglePause);
});
restartButton.addEventListener('click', newRound);
pauseButton.addEventListener('click', () => transit(togglePause));
// A timed round pauses when the player looks away: the window loses focus, or the tab is hidden.
if (parity === undefined) {
  window.addEventListener('blur', () => transit(pause));
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') transit(pause);
  });
}
autoplayButton.addEventListener('click', () => setAutoplay(player === undefined));
// On the game-over screen a click on the picture starts the next round (not at once: the last catching click must not).
stage.addEventListener('pointerdown', () => {
  const { phase, overSeconds, paused } = engine.state;
  if (paused) {
    // A click on the pause screen resumes, and is not also a click on the arena.
    transit(resume);
    input.closeFrame();
    return;
  }
  if (phase !== 'over' || overSeconds < CLICK_TO_RESTART_AFTER_SECONDS) return;
  newRound();
  // The input saw this press too (its listener came first); discard the edge, or the new round's
  // first update would read it as a click on the empty arena.
  input.closeFrame();
});

const copy = (state: DeepReadonly<GameState>): GameState => JSON.parse(JSON.stringify(state)) as GameState;

window.__game = {
  engine,
  state: () => copy(engine.state),
  frame: () => engine.frame(),
  press: (code) => input.press(code),
  release: (code) => input.release(code),
  clickAt(cssX, cssY) {
    input.movePointer(cssX, cssY, true);
    input.press(CLICK_INPUT);
    input.release(CLICK_INPUT); // the press edge waits for the next update either way
  },
  target: () => aimOnPage(pickedAt),
  // The whole-games bench's aim: target() picks through the scene to confirm the orb is in front (a raycast,
  // about 60 kB of garbage a call), which the bench would count as the page's own.
  aim: () => aimOnPage(undefined),
  orbOnPage(id) {
    const orb = engine.state.orbs.find((o) => o.id === id);
    const at = orb === undefined ? undefined : renderer.locate(orbPosition(orb));
    return at === undefined ? undefined : onPage(id, at.x, at.y);
  },
  restart: newRound,
  pause: () => transit(pause),
  resume: () => transit(resume),
  visibleOrbs: () => renderer.visibleOrbCount,
  setAutoplay,
  get autoplay() {
    return player !== undefined;
  },
  cueCounts: () => cues.played(),
  renderer() {
    const gl = backend.renderer?.getContext();
    const webgl = gl === undefined ? undefined : typeof WebGL2RenderingContext !== 'undefined' && gl instanceof WebGL2RenderingContext ? 'webgl2' : 'webgl';
    return { webgl, drawCalls: backend.renderer?.info.render.calls ?? 0 };
  },
  stop: () => engine.stop(),
  start: () => engine.start(),
  stateHash: () => stateHash(engine.state),
  parityTrace: () => trace?.report(),
};

setAutoplay(params.get('autoplay') === '1');
engine.start();
