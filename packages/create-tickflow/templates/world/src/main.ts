// The page: the game drawn by pixi.js in #game, steered from the keyboard.
import { pixiBackend } from 'tickflow/pixi';
import { createGame, HEIGHT, WIDTH } from './game.js';

const backend = await pixiBackend({ container: document.querySelector<HTMLElement>('#game')!, logicalWidth: WIDTH, logicalHeight: HEIGHT });
createGame({ backend, keyboardTarget: window }).start();
