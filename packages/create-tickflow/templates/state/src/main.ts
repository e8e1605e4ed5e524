// The page: the state drawn with three.js in #game, upright when #game is
// taller than wide (a phone). The scene is retained, so the cube is added
// once; render poses it from the state every frame and writes the score.
import { BoxGeometry, Color, Mesh, MeshNormalMaterial } from 'three';
import { createInput } from 'tickflow';
import { createStateEngine } from 'tickflow/state';
import { threeBackend } from 'tickflow/three';
import { BINDINGS, CUBE, INITIAL, update } from './game.js';
import { bindTouchPad } from './touch-pad.js';

const container = document.querySelector<HTMLElement>('#game')!;
const score = document.querySelector<HTMLElement>('#score')!;
const portrait = container.clientHeight > container.clientWidth;
const backend = threeBackend({ container, logicalWidth: portrait ? 540 : 960, logicalHeight: portrait ? 960 : 540, background: 0x0b0e14 });
backend.surface.scene.background = new Color(0x151b26); // the picture; the bars around it are the page's colour
const cube = new Mesh(new BoxGeometry(2, 2, 2), new MeshNormalMaterial());
cube.name = CUBE;
backend.surface.scene.add(cube);

// Read the pointer on the container: the backend's top (screen) canvas lets pointer events through.
const input = createInput({ bindings: BINDINGS, keyboardTarget: window, pointerTarget: container });
// On a touch screen, the buttons under the picture press ← and →.
bindTouchPad(document.querySelector('#touch-pad')!, input);

const engine = createStateEngine({
  backend,
  input,
  initial: INITIAL,
  update,
  render: (state, { camera }) => {
    cube.rotation.set(state.angle * 0.6, state.angle, 0);
    camera.position.set(0, 2, portrait ? 8 : 6); // further back upright, so the cube fits the narrower view
    camera.lookAt(0, 0, 0);
    const text = `score ${state.score} · spin ${state.spin.toFixed(1)} rad/s`;
    if (score.textContent !== text) score.textContent = text; // the page changes only when the text does
  },
});
engine.start();
