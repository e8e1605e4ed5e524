import { Vector3, type Camera } from 'three';
import type { Viewport } from 'tickflow';
import type { Vec3 } from './state.js';

/**
 * From the world to the screen: where a point of the scene appears, through
 * a camera and the letterboxed viewport a frame rendered through.
 *
 * The inverse of what a pick does (CSS pixels to normalized device
 * coordinates inside the letterbox, then a ray through the camera), so a
 * point projected here with the camera and viewport of the last frame is the
 * point a pick at those CSS pixels aims through. The HUD uses
 * {@link worldToLogical} for labels that follow an object; the scripted
 * player and the tests use {@link worldToCss} to click one.
 *
 * @module
 */

/** A point on the screen, and whether the world point is in front of the camera (inside its near and far planes). */
export interface ScreenPoint {
  readonly x: number;
  readonly y: number;
  readonly inFront: boolean;
}

const scratch = new Vector3();

/** Normalized device coordinates of a world point (x and y in -1..1 inside the picture, y up). The camera's matrices must be current. */
function worldToNdc(camera: Camera, point: Vec3): { x: number; y: number; z: number } {
  scratch.set(point.x, point.y, point.z).project(camera);
  return { x: scratch.x, y: scratch.y, z: scratch.z };
}

/**
 * Where a world point appears in the game's logical coordinates (the screen
 * layer's: 0..logicalWidth across the letterboxed picture, y down).
 */
export function worldToLogical(camera: Camera, viewport: Viewport, point: Vec3): ScreenPoint {
  const ndc = worldToNdc(camera, point);
  return {
    x: ((ndc.x + 1) / 2) * viewport.logicalWidth,
    y: ((1 - ndc.y) / 2) * viewport.logicalHeight,
    inFront: ndc.z >= -1 && ndc.z <= 1,
  };
}

/**
 * Where a world point appears in CSS pixels of the surface (relative to its
 * top-left corner, as pointer positions are): the letterbox's offset and size
 * in device pixels, over the pixel ratio.
 *
 * ```text
 * ndc x:     -1 ............. 1
 * device x:  vp.x ........... vp.x + vp.width
 * css x:     device x / pixelRatio
 * ```
 */
export function worldToCss(camera: Camera, viewport: Viewport, point: Vec3): ScreenPoint {
  const ndc = worldToNdc(camera, point);
  const deviceX = viewport.x + ((ndc.x + 1) / 2) * viewport.width;
  const deviceY = viewport.y + ((1 - ndc.y) / 2) * viewport.height;
  return { x: deviceX / viewport.pixelRatio, y: deviceY / viewport.pixelRatio, inFront: ndc.z >= -1 && ndc.z <= 1 };
}
