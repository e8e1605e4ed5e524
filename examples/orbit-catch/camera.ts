import type { PerspectiveCamera } from 'three';
import type { DeepReadonly } from 'tickflow/state';
import type { GameState } from './state.js';
import { CAMERA_DISTANCE_UNITS, CAMERA_HEIGHT_UNITS, CAMERA_ORBIT_RADIANS_PER_SECOND } from './tuning.js';

/** Where the camera looks: a little below the core, so the orbits sit in the middle of the picture. */
const LOOK_AT_Y_UNITS = -0.4;

/** The angle the camera starts from: looking in from the +z side, slightly turned. */
const START_ANGLE_RADIANS = Math.PI / 2.6;

/**
 * Poses the camera from the state: it circles the arena slowly, once every
 * `2π / CAMERA_ORBIT_RADIANS_PER_SECOND` seconds of game time, and looks down
 * at the core. A pure function of the state, so the camera the player sees
 * (and picks through, from the next frame) follows from the simulation alone.
 *
 * Called in render (step 6); the engine reads the posed camera into the view
 * at step 7.
 */
export function poseCamera(camera: PerspectiveCamera, state: DeepReadonly<GameState>): void {
  const angleRadians = START_ANGLE_RADIANS + CAMERA_ORBIT_RADIANS_PER_SECOND * (state.elapsedSeconds + state.overSeconds);
  camera.position.set(
    CAMERA_DISTANCE_UNITS * Math.cos(angleRadians),
    CAMERA_HEIGHT_UNITS,
    CAMERA_DISTANCE_UNITS * Math.sin(angleRadians),
  );
  camera.lookAt(0, LOOK_AT_Y_UNITS, 0);
  // Current now, so labels projected later in this render land where the picture will draw.
  camera.updateMatrixWorld();
}
