/**
 * Orbit Catch, headless: the real game (update and render) on the three.js
 * backend with no renderer, stepped by `engine.advance()`. The scene, the
 * camera and picking are real three.js objects, so a click goes through the
 * game's whole path (input, pick through the camera of the last frame,
 * update), and render runs every frame (meshes added, moved, removed).
 */
import { constantClock, createInput, type Clock, type CueLog, type Input } from '../../src/index.js';
import { createStateEngine, type StateEngine } from '../../src/engines/state/index.js';
import { threeBackend, type ThreeBackend, type ThreeSurface } from '../../src/backends/three/index.js';
import { CLICK_INPUT, ScriptedPlayer, type ScriptedPlayerOptions } from '../../examples/orbit-catch/autopilot.js';
import { initialState, ORBIT_CATCH_BINDINGS, update, type OrbitCatchAction } from '../../examples/orbit-catch/game.js';
import { orbPosition } from '../../examples/orbit-catch/orbits.js';
import { createOrbitCatchRenderer, type OrbitCatchRenderer } from '../../examples/orbit-catch/render.js';
import type { GameState } from '../../examples/orbit-catch/state.js';
import { LOGICAL_HEIGHT, LOGICAL_WIDTH } from '../../examples/orbit-catch/tuning.js';

/** The seed the scenarios are dealt from. */
export const SCENARIO_SEED = 7;

/** A 60 Hz frame, in ms. */
export const FRAME_60HZ_MS = 1000 / 60;

/** A headless game and the handles a test drives it with. */
export interface HeadlessGame {
  readonly engine: StateEngine<GameState, ThreeSurface, OrbitCatchAction>;
  readonly backend: ThreeBackend;
  readonly renderer: OrbitCatchRenderer;
  readonly input: Input<OrbitCatchAction>;
  /** Every cue the update played, with its frame. */
  readonly cues: CueLog;
  /** Advances `frames` frames. */
  advance(frames?: number): void;
  /** Advances until the engine's simulated time reaches `ms` (the last frame may overshoot by less than one delta). */
  runUntilMs(ms: number, player?: ScriptedPlayer): void;
  /** Where an orb appeared in the last frame, in CSS pixels of the surface; undefined when it is not in the state. */
  screenPositionOf(id: string): { x: number; y: number } | undefined;
  /** A click at CSS pixels of the surface: pointer there, primary button down and up (the next update consumes the press). */
  clickAt(x: number, y: number): void;
  /** A scripted player on this game's input, picking through its view. */
  player(options?: Omit<ScriptedPlayerOptions, 'locate' | 'confirm'>): ScriptedPlayer;
}

/** Options of {@link headlessGame}. */
export interface HeadlessGameOptions {
  /** The round's seed; defaults to {@link SCENARIO_SEED}. */
  seed?: number;
  /** What each frame is worth; defaults to a 60 Hz constant clock. */
  clock?: Clock;
  /**
   * The engine's run-time check that nothing writes into the state view.
   * Defaults to true (a write would throw, so every scenario also proves the
   * game never writes into its view). It costs a Proxy per read: long runs
   * that only compare outcomes may turn it off.
   */
  readonlyView?: boolean;
}

/** Builds a headless game: three backend (no renderer), the game's update and render, scripted input, a cue log. */
export function headlessGame(options: HeadlessGameOptions = {}): HeadlessGame {
  const { seed = SCENARIO_SEED, clock = constantClock(FRAME_60HZ_MS), readonlyView = true } = options;
  const backend = threeBackend({ headless: true, logicalWidth: LOGICAL_WIDTH, logicalHeight: LOGICAL_HEIGHT });
  const renderer = createOrbitCatchRenderer();
  const input = createInput({ bindings: ORBIT_CATCH_BINDINGS });
  // No cue player given: the engine keeps a cue log (engine.cues), the headless player.
  const built = createStateEngine({ initial: initialState(seed), update, render: renderer.render, backend, clock, input, readonlyView });
  return {
    engine: built,
    backend,
    renderer,
    input,
    cues: built.cues as CueLog,
    advance(frames = 1) {
      for (let i = 0; i < frames; i++) built.advance();
    },
    runUntilMs(ms, player) {
      while (built.frame().timeMs < ms) {
        player?.beforeFrame(built.state);
        built.advance();
      }
    },
    screenPositionOf(id) {
      const orb = built.state.orbs.find((o) => o.id === id);
      return orb === undefined ? undefined : renderer.locate(orbPosition(orb));
    },
    clickAt(x, y) {
      input.movePointer(x, y, true);
      input.press(CLICK_INPUT);
      input.release(CLICK_INPUT);
    },
    player(playerOptions = {}) {
      return new ScriptedPlayer(input, {
        ...playerOptions,
        locate: renderer.locate,
        confirm: (x, y) => backend.view.pick(x, y)?.name,
      });
    },
  };
}
