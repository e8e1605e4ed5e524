import { WorldSystem, type Scene } from 'tickflow/systems';
import type { GameState } from './game-state.js';
import { PLAYER_HEIGHT, PLAYER_WIDTH } from './tuning.js';

/** How far ahead of its front edge the autopilot looks for the end of the ground. */
const LOOK_AHEAD = 24;

/**
 * A world system that plays the game (`?autoplay=1`, and the browser test):
 * it holds right, and jumps when the surface it stands on ends just ahead.
 * It writes the same input a person's keys would, before the level's
 * physics runs (world systems run first in each phase), in whichever phase
 * the physics integrates.
 */
export function autopilotSystem(state: GameState) {
  return class Autopilot extends WorldSystem {
    private scene: Scene | undefined;

    onSceneEnter(scene: Scene): void {
      this.scene = scene;
    }

    onSceneExit(): void {
      this.scene = undefined;
    }

    fixedUpdate(): void {
      if (state.mode === 'fixed') this.drive();
    }

    update(): void {
      if (state.mode === 'frame') this.drive();
    }

    private drive(): void {
      const player = this.scene?.find('player');
      const level = state.level;
      if (!state.autopilot || player === undefined || level === undefined || state.dropping) return;
      const feetY = player.transform.y + PLAYER_HEIGHT / 2;
      const aheadX = player.transform.x + PLAYER_WIDTH / 2 + LOOK_AHEAD;
      const supported = level.solids.some((s) => aheadX >= s.x && aheadX <= s.x + s.width && Math.abs(s.y - feetY) < 2);
      state.input.right = true;
      state.input.left = false;
      const grounded = player.get<{ grounded: boolean }>('body')!.grounded;
      if (grounded && !supported) state.input.jumpPressed = true;
    }
  };
}
