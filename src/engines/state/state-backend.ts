import type { Viewport } from '../viewport.js';

/** A ray from the camera through a screen point, in world coordinates. */
export interface PickRay {
  /** Where the ray starts (the camera), x, y, z in world units. */
  readonly origin: readonly [number, number, number];
  /** Which way it points, a unit vector x, y, z. */
  readonly direction: readonly [number, number, number];
}

/** What a pick through the view hit. */
export interface PickHit {
  /** The hit object's name (give pickable objects the id of what they draw). */
  readonly name: string;
  /** The hit point, in world coordinates. */
  readonly point: readonly [number, number, number];
  /** Distance from the camera. */
  readonly distance: number;
}

/**
 * What update may ask of the picture without drawing: rays and picks through
 * the camera as the player last saw it. The engine reads the camera into the
 * view after the scene renders (step 7), so the next frame's update picks
 * against the camera the player is looking through.
 */
export interface PickView {
  /** The ray through a point in CSS pixels of the surface; undefined with no camera. */
  ray(cssX: number, cssY: number): PickRay | undefined;
  /** The nearest named object under a point in CSS pixels; undefined when none. */
  pick(cssX: number, cssY: number): PickHit | undefined;
}

export type { Diagnostics } from '../../loop/frame-meter.js';
import type { Diagnostics } from '../../loop/frame-meter.js';

/** Captures frames (step 8): the picture the game submitted, before the overlay. */
export interface FrameRecorder {
  /** Whether `capture` should be called this frame. */
  readonly recording: boolean;
  /** Captures the current picture (scene and screen layer, no overlay). */
  capture(): void;
  /** Stops any recording under way and frees what it holds; the engine calls it from `destroy()`. */
  dispose?(): void;
}

/**
 * What the state engine needs from a drawing backend: the engine runs these
 * in the seed's order, and the backend owns the surface. `S` is what render
 * may draw with (for three.js: the retained scene, the camera, the screen
 * layer's 2D context).
 */
export interface StateBackend<S extends object> {
  /** Step 3: sync both canvases to the surface's size and ratio; recompute and return the viewport. */
  sync(): Viewport;
  /** Step 4: clear the screen layer and give it the viewport transform (logical coordinates). */
  beginScreen(): void;
  /** What render draws with (step 6). */
  readonly surface: S;
  /**
   * Step 7: update world matrices, read the camera into the view, clear to the
   * background, apply the letterboxed viewport and scissor, render the scene.
   */
  present(): void;
  /** What update may pick through. */
  readonly view: PickView;
  /** Step 9: draw the diagnostics overlay on the screen layer, in device space. */
  drawOverlay(diagnostics: Diagnostics): void;
  /** Step 10: composite the screen layer over the picture. */
  composite(): void;
  /** Frees the surface. */
  destroy(): void;
}
