// The page: the game drawn by three.js in #stage, with Rapier's 3D physics,
// upright when #stage is taller than wide (a phone), with the touch pad's
// buttons pressing the game's keys, and the score written after each frame.
import { Color } from 'three';
import { createRapier3d } from 'tickflow/rapier3d';
import { threeRuntimeBackend } from 'tickflow/three';
import { createGame } from './game.js';
import { bindTouchPad } from './touch-pad.js';

// Rapier is a chunk of its own, fetched when asked for (see vite.config.ts): ask first, so it downloads while three.js sets up.
const physics = createRapier3d();
const container = document.querySelector<HTMLElement>('#stage')!;
const portrait = container.clientHeight > container.clientWidth;
const backend = threeRuntimeBackend({
  container,
  logicalWidth: portrait ? 720 : 1280,
  logicalHeight: portrait ? 1280 : 720,
  fov: portrait ? 70 : 50, // upright, a wider angle keeps the ground's width in view
  background: 0x0b0e14,
});
backend.scene.background = new Color(0x151b26); // the picture; the bars around it are the page's colour
const { runtime, score } = createGame({ physics: await physics, backend, keyboardTarget: window });

// On a touch screen, the buttons under the picture press the keys they name: the runtime cannot tell them apart.
bindTouchPad(document.querySelector('#touch-pad')!, runtime);

const caught = document.querySelector<HTMLElement>('#score')!;
runtime.loop.phase('render').subscribe(() => {
  const text = `caught ${score.caught}`;
  if (caught.textContent !== text) caught.textContent = text; // the page changes only when the score does
});
runtime.start(); // on the page's one requestAnimationFrame
