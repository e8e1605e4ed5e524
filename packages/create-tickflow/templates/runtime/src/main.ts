// The page: the game drawn by three.js in #stage, with Rapier's 3D physics.
import { createRapier3d } from 'tickflow/rapier3d';
import { threeRuntimeBackend } from 'tickflow/three';
import { createGame } from './game.js';

const game = createGame({
  physics: await createRapier3d(),
  backend: threeRuntimeBackend({ container: document.querySelector<HTMLElement>('#stage')! }),
  keyboardTarget: window,
});
game.start(); // on the page's one requestAnimationFrame
