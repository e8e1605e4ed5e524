import { createSystemsEngine, type SystemsBackend, type SystemsConfig, type SystemsEngine, type WorldSystemClass } from 'tickflow/systems';
import type { Clock } from 'tickflow';
import type { Subscribable } from 'rxjs';
import { autopilotSystem } from './autopilot.js';
import { controlsSystem } from './controls.js';
import { createGameState, type GameState } from './game-state.js';
import { hudSystem, type HudPage } from './hud.js';
import { levelEntities, LEVELS, type Level } from './levels.js';
import { physicsSystem } from './physics.js';
import { FIXED_UPDATE_RATE_HZ, PLAYER_COLOR, PLAYER_HEIGHT, PLAYER_WIDTH } from './tuning.js';

/** What the page (or a test) gives the game. */
export interface GameOptions {
  readonly state: GameState;
  readonly backend?: SystemsBackend;
  readonly ticks?: Subscribable<number>;
  /** What each frame is worth; defaults to the engine's (the wall clock). A replay passes its own. */
  readonly clock?: Clock;
  /** The engine's random seed; defaults to the engine's. A replay passes the recorded one. */
  readonly seed?: number;
  /** More world systems (the page's HUD). */
  readonly extraSystems?: readonly WorldSystemClass[];
}

/** The game as a systems-engine configuration: two world systems, one scene per level with its physics. */
export function platformerConfig(options: GameOptions): SystemsConfig {
  const { state, backend, ticks, clock, seed, extraSystems = [] } = options;
  return {
    systems: [controlsSystem(state), autopilotSystem(state), ...extraSystems],
    scenes: LEVELS.map((level) => ({
      id: level.id,
      systems: [physicsSystem(level, state)],
      entities: [...levelEntities(level), playerEntity(level)],
    })),
    startSceneId: LEVELS[0]!.id,
    globalOptions: { performance: { fixedUpdateRate: FIXED_UPDATE_RATE_HZ } },
    ...(backend === undefined ? {} : { backend }),
    ...(ticks === undefined ? {} : { ticks }),
    ...(clock === undefined ? {} : { clock }),
    ...(seed === undefined ? {} : { seed }),
  };
}

/** Options of {@link playPlatformer}: {@link GameOptions} without the state, which it makes, and the systems, which are the game's. */
export interface PlayOptions extends Omit<GameOptions, 'state' | 'extraSystems'> {
  /** Where the HUD writes (the page); without it the HUD writes nothing (Node). */
  readonly hud?: HudPage;
  /**
   * The level to be in once playing. A session recorded mid-game begins
   * with a snapshot of its level, and a systems engine restores only into the
   * scene the snapshot was taken in: the replay's build loads it first.
   */
  readonly sceneId?: string;
}

/** A game of the platformer: its engine (playing) and the state its systems share with the page. */
export interface PlatformerGame {
  readonly engine: SystemsEngine;
  readonly state: GameState;
}

/**
 * Builds the game and plays it: the page's build and the replay's are this
 * one function (a replay hands it `ticks`, `clock` and `seed`, and the level
 * its session began in).
 */
export async function playPlatformer(options: PlayOptions = {}): Promise<PlatformerGame> {
  const { hud, sceneId, ...rest } = options;
  const state = createGameState();
  const engine = createSystemsEngine(platformerConfig({ ...rest, state, extraSystems: [hudSystem(state, hud)] }));
  await engine.play();
  if (sceneId !== undefined && engine.scene?.id !== sceneId) await engine.loadScene(sceneId);
  return { engine, state };
}

function playerEntity(level: Level) {
  return {
    id: 'player',
    transform: { x: level.start.x, y: level.start.y },
    components: {
      body: { vx: 0, vy: 0, grounded: false, jumpFromY: 0, jumpTopY: 0, jumping: false },
      sprite: { shape: 'rect', width: PLAYER_WIDTH, height: PLAYER_HEIGHT, color: PLAYER_COLOR },
    },
  };
}
