import type { SystemsBackend, SystemsConfig, WorldSystemClass } from 'tickflow/systems';
import type { Subscribable } from 'rxjs';
import { autopilotSystem } from './autopilot.js';
import { controlsSystem } from './controls.js';
import type { GameState } from './game-state.js';
import { levelEntities, LEVELS, type Level } from './levels.js';
import { physicsSystem } from './physics.js';
import { FIXED_UPDATE_RATE_HZ, PLAYER_COLOR, PLAYER_HEIGHT, PLAYER_WIDTH } from './tuning.js';

/** What the page (or a test) gives the game. */
export interface GameOptions {
  readonly state: GameState;
  readonly backend?: SystemsBackend;
  readonly ticks?: Subscribable<number>;
  /** More world systems (the page's HUD). */
  readonly extraSystems?: readonly WorldSystemClass[];
}

/** The game as a systems-engine configuration: two world systems, one scene per level with its physics. */
export function platformerConfig(options: GameOptions): SystemsConfig {
  const { state, backend, ticks, extraSystems = [] } = options;
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
  };
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
