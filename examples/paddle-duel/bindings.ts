import type { InputBindings } from 'tickflow';

/**
 * Paddle Duel's actions and the keys that drive them.
 *
 * One key may drive two actions: ArrowDown moves the right paddle in a
 * two-player match and the pause menu's cursor while the world is paused.
 * Only what ticks reads an action, and while paused only the pause menu
 * ticks, so the two never compete for an edge.
 *
 * @module
 */

/** Every action the game reads. */
export type DuelAction =
  | 'leftUp'
  | 'leftDown'
  | 'rightUp'
  | 'rightDown'
  | 'menuUp'
  | 'menuDown'
  | 'confirm'
  | 'pause'
  | 'drag';

/**
 * Keyboard codes (`KeyboardEvent.code`) per action, and the pointer: `drag`
 * is held while a finger (or the primary mouse button) is down on the court,
 * and the person's paddle follows it (player-controller.ts).
 */
export const PADDLE_DUEL_BINDINGS: InputBindings<DuelAction> = {
  leftUp: ['KeyW'],
  leftDown: ['KeyS'],
  rightUp: ['ArrowUp'],
  rightDown: ['ArrowDown'],
  menuUp: ['ArrowUp', 'KeyW'],
  menuDown: ['ArrowDown', 'KeyS'],
  confirm: ['Enter', 'Space'],
  pause: ['Escape', 'KeyP'],
  drag: ['Pointer0'],
};

/** The keys a person moves a paddle with, by which pair of actions they hold. */
export interface PaddleKeys {
  readonly up: DuelAction;
  readonly down: DuelAction;
}

/** W and S. */
export const LEFT_KEYS: PaddleKeys = { up: 'leftUp', down: 'leftDown' };

/** The arrow keys. */
export const RIGHT_KEYS: PaddleKeys = { up: 'rightUp', down: 'rightDown' };
