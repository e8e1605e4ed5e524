import {
  animationFrames,
  constantClock,
  createInput,
  wallClock,
  type Clock,
  type FrameInfo,
} from 'tickflow';
import { readOutcome, type WorldOutcome } from 'tickflow/testing';
import type { WorldEngine } from 'tickflow/world';
import { webAudioCues } from 'tickflow/web-audio';
import { loadAssets, pixiBackend } from 'tickflow/pixi';
import type { ReplayHost, Session } from 'tickflow/replay';
import { ART } from './art/art-layout.js';
import { PADDLE_DUEL_BINDINGS, type DuelAction } from './bindings.js';
import { CUE_TONES } from './cues.js';
import type { DuelMode, MatchPhase } from './duel-mode.js';
import type { Match, Seat, Side } from './match.js';
import { createPaddleDuel } from './paddle-duel.js';
import type { PauseMenu, PauseMenuItem } from './pause-menu.js';
import { duelCheckpointState, duelSnapshot, duelStateHash, type DuelSnapshot } from './state-hash.js';
import { bindTouchPad } from '../shared/touch-pad.js';
import { openReplayView, type ReplayView } from '../shared/replay-view.js';
import { bindSessionControls } from '../shared/session-controls.js';
import { BACKGROUND_COLOR, DEFAULT_SEED, LOGICAL_HEIGHT, LOGICAL_WIDTH, MAX_FRAME_MS } from './tuning.js';

/**
 * Paddle Duel on the page: the world engine, the pixi.js backend in
 * `#stage`, the keyboard, the pointer (a drag on the court moves a person's
 * paddle; on a touch screen, the buttons under it pause and pick from the
 * menu), Web Audio cues and the page's frames.
 *
 * Query parameters:
 *
 * - `?autoplay=1`: the AI plays both sides (the browser test's mode);
 * - `?players=2`: two people, W/S on the left and the arrows on the right;
 * - otherwise the left side is a demo seat: the AI plays it until you press
 *   W, S, ↑ or ↓, and then it is yours;
 * - `?seed=N`: another deal of serves and AI choices;
 * - `?overlay=1`: the debug overlay (fps, frame times, collision shapes);
 * - `?parity=N`: AI against AI under a constant 60 Hz clock, stopping after
 *   exactly N frames and publishing the state's hash, to compare with the
 *   same run stepped in Node (spec/browser/paddle-duel.spec.ts).
 *
 * The test handle, for the browser test and the devtools console:
 *
 * ```ts
 * window.__game.frame()        // the engine's FrameInfo { count, timeMs, lastDeltaMs }
 * window.__game.outcome()      // level, phase, scores, live actors, possession
 * window.__game.status()       // phase, round scores, ball position, paused, the menu's state
 * window.__game.snapshot()     // everything the parity hash is taken of
 * window.__game.stateHash()    // that hash
 * window.__game.parity         // with ?parity=N: { frames, hash } once N frames ran
 * window.__game.rendererName   // 'webgl', unless pixi fell back
 * window.__game.cuesPlayed()   // the cue names played so far
 * window.__game.engine         // the engine itself
 * window.__game.sessionControls // Record, Stop & download, Load (../shared/session-controls.ts)
 * window.__replay              // once a session is loaded: the replay view (../shared/replay-view.ts)
 * ```
 */
export interface PaddleDuelHandle {
  readonly engine: WorldEngine<DuelAction>;
  readonly match: Match;
  readonly rendererName: string;
  readonly sessionControls: { readonly recording: boolean };
  readonly parity: { readonly frames: number; readonly hash: string } | undefined;
  frame(): FrameInfo;
  outcome(): WorldOutcome;
  status(): DuelStatus;
  snapshot(): DuelSnapshot;
  stateHash(): string;
  cuesPlayed(): readonly string[];
}

/** What the page reports of the match right now. */
export interface DuelStatus {
  readonly level: string;
  readonly phase: MatchPhase | undefined;
  readonly roundScores: Readonly<Record<Side, number>> | undefined;
  readonly totals: Readonly<Record<Side, number>>;
  readonly ball: { readonly x: number; readonly y: number } | undefined;
  readonly paused: boolean;
  readonly menu: { readonly open: boolean; readonly selected: PauseMenuItem } | undefined;
  readonly transitioning: boolean;
}


const params = new URLSearchParams(location.search);
const parityFrames = Number(params.get('parity'));
const parity = Number.isInteger(parityFrames) && parityFrames > 0 ? parityFrames : undefined;
const autoplay = params.get('autoplay') === '1' || parity !== undefined;
const seedParam = Number(params.get('seed'));
const seed = Number.isInteger(seedParam) && seedParam >= 0 && seedParam <= 0xffffffff && params.has('seed') ? seedParam : DEFAULT_SEED;
const seats: Record<Side, Seat> = autoplay
  ? { left: 'ai', right: 'ai' }
  : params.get('players') === '2'
    ? { left: 'player', right: 'player' }
    : { left: 'demo', right: 'ai' };

const stage = document.querySelector<HTMLElement>('#stage');
if (stage === null) throw new Error('paddle duel: the page has no #stage');

// Under test, a constant clock makes the page's run the one Node steps; in play, the time that really elapsed, capped.
const clock: Clock = parity !== undefined ? constantClock(1000 / 60) : wallClock({ maxDeltaMs: MAX_FRAME_MS });
const createBackend = () => pixiBackend({ container: stage, logicalWidth: LOGICAL_WIDTH, logicalHeight: LOGICAL_HEIGHT, background: BACKGROUND_COLOR });
// The paddles and the ball are sprites from this sheet (art/make-art.ts draws it): every court waits for it.
const loadArt = () => loadAssets({ alias: ART.sheet, src: new URL('./art/duel-sheet.json', import.meta.url).href });
const backend = await createBackend();
// The stage, not pixi's canvas in it: a drag is read in CSS pixels of the box the court is letterboxed in.
const input = createInput({ bindings: PADDLE_DUEL_BINDINGS, keyboardTarget: window, pointerTarget: stage });
// The touch screen's buttons press the keys they stand for, through the same input.
bindTouchPad(document.querySelector('#touch-pad')!, input);
const cues = webAudioCues({ cues: CUE_TONES });
const { engine, match } = createPaddleDuel({
  backend,
  clock,
  ticks: animationFrames(),
  input,
  cues,
  seats,
  seed,
  overlay: params.get('overlay') === '1',
  loadArt,
});
// The first court opens once its art is loaded; the test handle reads its world.
await engine.ready;

let parityResult: { frames: number; hash: string } | undefined;
if (parity !== undefined) {
  // Stop after exactly N frames (the render phase's stream: the picture is drawn).
  engine.phase('render').subscribe(() => {
    if (parityResult === undefined && engine.frame().count >= parity) {
      engine.stop();
      parityResult = { frames: engine.frame().count, hash: duelStateHash(engine, match) };
    }
  });
}

/** The live game's own listeners: removed when a replay takes the stage. */
const live = new AbortController();

// A person who switches windows comes back to the pause menu, not to a lost point.
if (!autoplay) window.addEventListener('blur', () => (engine.paused = true), { signal: live.signal });

// -- record, download, load and replay ----------------------------------------

let replayView: ReplayView<typeof engine> | undefined;

/** Takes the stage from the live game (or the replay shown) and plays `session` in it, built as the live game was. */
async function showReplay(session: Session, title: string): Promise<void> {
  if (!live.signal.aborted) {
    live.abort();
    engine.destroy(); // its backend and its input too: the replay draws in the stage, its input is the recording's
    document.body.classList.add('replaying');
  }
  replayView?.destroy();
  replayView = await openReplayView({
    session,
    title,
    mount: document.querySelector<HTMLElement>('#replay')!,
    stateOf: duelCheckpointState,
    // The same match, built from the replay's host: scripted input (the recording's calls), no sound, and the
    // seats and seed of the recording (its snapshot holds them). The first court opens (its art loaded) before
    // the recording's snapshot is restored.
    build: async (host: ReplayHost) => {
      const replayed = createPaddleDuel({ backend: await createBackend(), ticks: host.ticks, clock: host.clock, randomSeed: host.seed, seats, seed, loadArt }).engine;
      await replayed.ready;
      return replayed;
    },
    onExit: () => location.reload(),
  });
  (window as unknown as { __replay: unknown }).__replay = replayView;
}

const sessionControls = bindSessionControls({
  root: document.querySelector<HTMLElement>('#session')!,
  engine: () => engine,
  // Checkpoints of the match, not of how large the page drew its text: the session replays anywhere.
  record: { stateOf: duelCheckpointState },
  fileName: 'paddle-duel',
  onLoad: (session, name) => showReplay(session, name),
});

document.querySelector<HTMLElement>('#seats')?.replaceChildren(
  autoplay
    ? 'The AI plays both sides.'
    : seats.left === 'player'
      ? 'Left: W / S, or drag on the left half. Right: ↑ / ↓, or drag on the right half.'
      : 'The AI plays until you press W, S, ↑ or ↓, or drag on the court: then the left paddle is yours.',
);

// Not declared on Window: the gallery's examples each publish their own `__game`.
(window as unknown as { __game: PaddleDuelHandle }).__game = {
  engine,
  match,
  rendererName: backend.rendererName,
  sessionControls,
  get parity() {
    return parityResult;
  },
  frame: () => engine.frame(),
  outcome: () => ({ ...readOutcome(engine), observed: {} }),
  status(): DuelStatus {
    const transitioning = engine.transitioning;
    const world = engine.world;
    const mode = world.gameMode as DuelMode | undefined;
    const ball = world.find('ball');
    const menu = world.find('pause-menu') as PauseMenu | undefined;
    return {
      level: world.level,
      phase: mode?.phase,
      roundScores: mode === undefined ? undefined : { ...mode.roundScores },
      totals: { ...match.totals },
      ball: ball === undefined ? undefined : { x: ball.x, y: ball.y },
      paused: engine.paused,
      menu: menu === undefined ? undefined : { open: menu.open, selected: menu.selected },
      transitioning,
    };
  },
  snapshot: () => duelSnapshot(engine, match),
  stateHash: () => duelStateHash(engine, match),
  cuesPlayed: () => [...cues.played],
};

engine.start();
