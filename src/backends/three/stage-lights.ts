import { AmbientLight, DirectionalLight, type Scene } from 'three';

/** How strong the light from every side is, in [0, 1]: enough that a face turned from the sun is still its colour, darker. */
export const DEFAULT_AMBIENT_INTENSITY = 1.2;
/** How strong the sun is: it comes from the upper left, in front, so the meshes' tops and left sides are lit. */
export const DEFAULT_SUN_INTENSITY = 2;

/** A point in world units: x, y, z. */
type Point = readonly [number, number, number];

/**
 * Lights a scene as the systems and runtime backends light their meshes:
 * white light from every side at {@link DEFAULT_AMBIENT_INTENSITY}, and a
 * white sun at {@link DEFAULT_SUN_INTENSITY} shining from `sunAt` toward
 * `target`. Both lights (and the sun's target) are added to `scene`.
 */
export function addStageLights(scene: Scene, sunAt: Point, target: Point): void {
  const sun = new DirectionalLight(0xffffff, DEFAULT_SUN_INTENSITY);
  sun.position.set(sunAt[0], sunAt[1], sunAt[2]);
  sun.target.position.set(target[0], target[1], target[2]);
  scene.add(new AmbientLight(0xffffff, DEFAULT_AMBIENT_INTENSITY), sun, sun.target);
}
