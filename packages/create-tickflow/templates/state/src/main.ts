// The page: the state drawn with three.js in #game. The scene is retained, so
// the cube is added once; render poses it from the state every frame.
import { BoxGeometry, Mesh, MeshNormalMaterial } from 'three';
import { createInput } from 'tickflow';
import { createStateEngine } from 'tickflow/state';
import { threeBackend } from 'tickflow/three';
import { BINDINGS, CUBE, INITIAL, update } from './game.js';

const container = document.querySelector<HTMLElement>('#game')!;
const backend = threeBackend({ container, logicalWidth: 960, logicalHeight: 540 });
const cube = new Mesh(new BoxGeometry(2, 2, 2), new MeshNormalMaterial());
cube.name = CUBE;
backend.surface.scene.add(cube);

const engine = createStateEngine({
  backend,
  // Read the pointer on the container: the backend's top (screen) canvas lets pointer events through.
  input: createInput({ bindings: BINDINGS, keyboardTarget: window, pointerTarget: container }),
  initial: INITIAL,
  update,
  render: (state, { camera, screen }) => {
    cube.rotation.set(state.angle * 0.6, state.angle, 0);
    camera.position.set(0, 2, 6);
    camera.lookAt(0, 0, 0);
    screen.fillStyle = '#d8dee9';
    screen.font = '24px system-ui, sans-serif';
    screen.fillText(`score ${state.score}   spin ${state.spin.toFixed(1)} rad/s`, 20, 36); // logical coordinates
    screen.fillText('click the cube; ← and → change its spin', 20, 520);
  },
});
engine.start();
