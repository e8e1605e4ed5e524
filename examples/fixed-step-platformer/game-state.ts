import type { Level } from './levels.js';

/** How the player's motion is integrated: on the fixed step, or once per frame by deltaTime. */
export type IntegrationMode = 'fixed' | 'frame';

/** What the drop test last saw. */
export type DropResult = 'landed on the ledge' | 'fell through the ledge';

/**
 * The game's state that outlives a scene: the held keys, the integration
 * mode, and what the HUD shows. One object, shared by the systems (which
 * write it) and the page (which reads it).
 */
export interface GameState {
  mode: IntegrationMode;
  autopilot: boolean;
  readonly input: { left: boolean; right: boolean; jumpHeld: boolean; /** A press not yet consumed by a step. */ jumpPressed: boolean };
  level: Level | undefined;
  falls: number;
  levelsCleared: number;
  /** How high the last jump rose, in px (the same input gives the same apex on the fixed step, at any display rate). */
  lastJumpApex: number | undefined;
  dropResult: DropResult | undefined;
  /** Drop tests finished so far. */
  drops: number;
  /** The integration mode the latest drop test ran under. */
  dropMode: IntegrationMode | undefined;
  /** Whether a drop test is under way. */
  dropping: boolean;
}

export function createGameState(): GameState {
  return {
    mode: 'fixed',
    autopilot: false,
    input: { left: false, right: false, jumpHeld: false, jumpPressed: false },
    level: undefined,
    falls: 0,
    levelsCleared: 0,
    lastJumpApex: undefined,
    dropResult: undefined,
    drops: 0,
    dropMode: undefined,
    dropping: false,
  };
}

/** Back to a new game's values (stop then play), keeping the page's choices (mode, autopilot). */
export function resetGameState(state: GameState): void {
  Object.assign(state.input, { left: false, right: false, jumpHeld: false, jumpPressed: false });
  state.level = undefined;
  state.falls = 0;
  state.levelsCleared = 0;
  state.lastJumpApex = undefined;
  state.dropResult = undefined;
  state.dropping = false;
}
