// The page: the game drawn by pixi.js in #game, steered from the keyboard or
// by a finger on the field, upright when #game is taller than wide (a phone).
import { pixiBackend } from 'tickflow/pixi';
import { createGame, LANDSCAPE, PORTRAIT, Ship } from './game.js';

const container = document.querySelector<HTMLElement>('#game')!;
const score = document.querySelector<HTMLElement>('#score')!;
const field = container.clientHeight > container.clientWidth ? PORTRAIT : LANDSCAPE;
const backend = await pixiBackend({ container, logicalWidth: field.width, logicalHeight: field.height, background: 0x151b26, letterbox: 0x0b0e14 });
const engine = createGame({ backend, field, keyboardTarget: window, pointerTarget: container });

// The score, written after each frame, and only when it changed.
engine.phase('render').subscribe(() => {
  const text = `orbs ${engine.world.ofType(Ship)[0]?.collected ?? 0}`;
  if (score.textContent !== text) score.textContent = text;
});
engine.start();
