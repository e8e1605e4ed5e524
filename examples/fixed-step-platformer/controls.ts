import { WorldSystem, type Scene, type WorldSystemOptions } from 'tickflow/systems';
import { resetGameState, type DropResult, type GameState, type IntegrationMode } from './game-state.js';
import { LEVELS } from './levels.js';

/** A key as the page dispatches it: `engine.dispatchEvent('key', { code, down })`. */
export interface KeyEvent {
  readonly code: string;
  readonly down: boolean;
}

const LEFT = new Set(['ArrowLeft', 'KeyA']);
const RIGHT = new Set(['ArrowRight', 'KeyD']);
const JUMP = new Set(['Space', 'ArrowUp', 'KeyW']);

/** The game state as a snapshot holds it: the level by its id, nothing undefined. */
export interface SavedGameState {
  readonly mode: IntegrationMode;
  readonly autopilot: boolean;
  readonly input: GameState['input'];
  readonly level: string | null;
  readonly falls: number;
  readonly levelsCleared: number;
  readonly lastJumpApex: number | null;
  readonly dropResult: DropResult | null;
  readonly drops: number;
  readonly dropMode: IntegrationMode | null;
  readonly dropping: boolean;
}

/**
 * A world system: turns the page's events (keys, the mode toggle, the
 * autopilot switch) into the game state. The page dispatches them; the
 * engine delivers them first in the next frame, so a step never sees a key
 * change half-way through a frame (and keys pressed while paused arrive on
 * the first frame after). It keeps the game state in the engine's snapshots
 * (`saveState`/`restoreState`).
 */
export function controlsSystem(state: GameState) {
  return class Controls extends WorldSystem {
    private scene: Scene | undefined;

    constructor(options: WorldSystemOptions) {
      super();
      const { events } = options;
      events.addEventListener<KeyEvent>('key', ({ payload: { code, down } }) => {
        if (LEFT.has(code)) state.input.left = down;
        if (RIGHT.has(code)) state.input.right = down;
        if (JUMP.has(code)) {
          if (down && !state.input.jumpHeld) state.input.jumpPressed = true;
          state.input.jumpHeld = down;
        }
        if (down) state.autopilot = false; // a person took over
      });
      events.addEventListener<IntegrationMode>('set-mode', ({ payload }) => {
        state.mode = payload;
        this.applyMode();
      });
      events.addEventListener<boolean>('autopilot', ({ payload }) => {
        state.autopilot = payload;
        if (!payload) Object.assign(state.input, { left: false, right: false, jumpHeld: false, jumpPressed: false });
      });
    }

    onWorldLoad(): void {
      resetGameState(state);
    }

    /** The game state, as plain data, for `engine.save()` (a mid-game recording begins with it; a replay's seek restores it). */
    saveState(): SavedGameState {
      const { level, lastJumpApex, dropResult, dropMode, input, ...rest } = state;
      return { ...rest, input: { ...input }, level: level?.id ?? null, lastJumpApex: lastJumpApex ?? null, dropResult: dropResult ?? null, dropMode: dropMode ?? null };
    }

    restoreState(saved: SavedGameState): void {
      const { level, lastJumpApex, dropResult, dropMode, input, ...rest } = saved;
      Object.assign(state, rest, {
        level: LEVELS.find((l) => l.id === level),
        lastJumpApex: lastJumpApex ?? undefined,
        dropResult: dropResult ?? undefined,
        dropMode: dropMode ?? undefined,
      });
      Object.assign(state.input, input);
      this.applyMode();
    }

    onSceneEnter(scene: Scene): void {
      this.scene = scene;
      this.applyMode();
    }

    onSceneExit(): void {
      this.scene = undefined;
    }

    /** On the fixed step the player is drawn interpolated; moved per frame, it is drawn where it is. */
    private applyMode(): void {
      const player = this.scene?.find('player');
      if (player !== undefined) player.interpolate = state.mode === 'fixed';
    }
  };
}
