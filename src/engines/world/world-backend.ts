import type { Diagnostics } from '../../loop/frame-meter.js';
import type { Viewport } from '../viewport.js';
import type { Actor } from './world.js';
import type { Camera } from './camera.js';

/**
 * What the backend draws in step 10: the settled world through its camera.
 * The engine hands the same object every frame, its fields set for that
 * frame (its actors and camera are live objects already): a frame allocates
 * no scene. Read it during the call; to draw later, read it then.
 */
export interface WorldScene {
  /** The actors in spawn order; draw the `alive` ones that have a visual. */
  readonly actors: readonly Actor<string>[];
  /** The camera, already updated for this frame. */
  readonly camera: Camera;
  /** The fit this frame renders through. */
  readonly viewport: Viewport;
}

/** What the world engine's debug overlay shows, on top of the frame statistics. */
export interface WorldDiagnostics extends Diagnostics {
  /** The open level. */
  readonly level: string;
  /** How many actors are alive. */
  readonly actorCount: number;
}

/**
 * What the world engine needs from a drawing backend. Declared here, by the
 * engine; backends (pixi.js, null) implement it.
 */
export interface WorldBackend {
  /** Step 3: sync the canvas to its element's size and ratio; recompute and return the viewport. */
  sync(): Viewport;
  /** Step 10: apply the camera and draw each live actor's visual. Drawing never feeds back into the world. */
  render(scene: WorldScene): void;
  /** Step 10, after render: the debug overlay (fps, frame-time graph, declined ticks, collision shapes). */
  drawOverlay(diagnostics: WorldDiagnostics, scene: WorldScene): void;
  /** Frees the surface. */
  destroy(): void;
}
