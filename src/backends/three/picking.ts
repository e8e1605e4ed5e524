import { PerspectiveCamera, Raycaster, Vector2, type Intersection, type Object3D, type Scene } from 'three';
import type { PickHit, PickRay, PickView } from '../../engines/state/state-backend.js';
import type { Viewport } from '../../engines/viewport.js';

/** A point in normalized device coordinates: -1 to 1 across the letterboxed area, y up. */
export interface NdcPoint {
  /** -1 at the letterboxed area's left edge, 1 at its right. */
  readonly x: number;
  /** -1 at the letterboxed area's bottom edge, 1 at its top. */
  readonly y: number;
}

/**
 * Converts a point in CSS pixels of the surface to normalized device
 * coordinates inside the letterboxed area a frame rendered through; a point
 * in the bars (or off the surface) has none.
 *
 * The arithmetic of picking apart from three.js: CSS pixels times the pixel
 * ratio are device pixels, the viewport's offset and size map those onto
 * -1..1, and y flips because device pixels grow downward and NDC upward.
 *
 * ```text
 * device x:  0 .. vp.x ........ vp.x + vp.width .. canvas width
 * ndc x:       (bar)  -1 ...... 1              (bar)
 * ```
 *
 * @example
 * ```ts
 * const viewport = fitViewport(1000, 500, 1, 800, 600); // bars left and right
 * cssToNdc(viewport, 500, 250); // { x: 0, y: 0 }, the centre
 * cssToNdc(viewport, 10, 250);  // undefined, in the left bar
 * ```
 *
 * @return The point, or `undefined` outside the letterboxed area.
 */
export function cssToNdc(viewport: Viewport, cssX: number, cssY: number): NdcPoint | undefined {
  const { pixelRatio, x, y, width, height } = viewport;
  const deviceX = cssX * pixelRatio;
  const deviceY = cssY * pixelRatio;
  if (!(deviceX >= x && deviceX <= x + width && deviceY >= y && deviceY <= y + height)) return undefined;
  return { x: ((deviceX - x) / width) * 2 - 1, y: 1 - ((deviceY - y) / height) * 2 };
}

/**
 * The view update picks through: the camera and letterbox of the frame the
 * player last saw, and rays cast from them into the retained scene.
 *
 * Why a copy of the camera: the game poses the live camera in render, after
 * update ran. Update picking against the live camera would aim through a
 * pose the player has not seen yet (or, in a frame that moves the camera,
 * one the player never sees at all). The backend therefore {@link capture}s
 * the camera at step 7, as the scene is rendered, and every pick until the
 * next step 7 answers from that copy.
 *
 * A pick sees what the picture shows: objects hidden (`visible = false` on
 * them or an ancestor) or off the camera's layers are skipped, and the hit
 * is named by the object or its nearest named ancestor, so a group named
 * `'ship-3'` is picked through any of its unnamed meshes.
 *
 * @example
 * ```ts
 * const view = new CameraView(scene);
 * view.capture(camera, viewport);      // what the engine does at step 7
 * view.pick(320, 200)?.name;           // 'ship-3'
 * ```
 */
export class CameraView implements PickView {
  private readonly camera = new PerspectiveCamera();
  private readonly raycaster = new Raycaster();
  private readonly ndc = new Vector2();
  private readonly hits: Intersection[] = [];
  private viewport: Viewport | undefined;

  /** @param scene The retained scene picks are cast into. */
  constructor(private readonly scene: Scene) {}

  /** Whether a frame has been captured (before one, there is no camera to pick through). */
  get captured(): boolean {
    return this.viewport !== undefined;
  }

  /**
   * Reads the camera into the view (step 7): its world matrix and projection
   * as rendered (world matrices must be up to date), its layers, and the
   * letterbox of the frame.
   */
  capture(camera: PerspectiveCamera, viewport: Viewport): void {
    const view = this.camera;
    // The matrices alone, not Object3D.copy: no children cloned, no userData round trip each frame.
    view.matrixWorld.copy(camera.matrixWorld);
    view.matrixWorldInverse.copy(camera.matrixWorldInverse);
    view.projectionMatrix.copy(camera.projectionMatrix);
    view.projectionMatrixInverse.copy(camera.projectionMatrixInverse);
    view.fov = camera.fov;
    view.aspect = camera.aspect;
    view.near = camera.near;
    view.far = camera.far;
    view.zoom = camera.zoom;
    view.layers.mask = camera.layers.mask;
    this.raycaster.layers.mask = camera.layers.mask;
    this.viewport = viewport;
  }

  ray(cssX: number, cssY: number): PickRay | undefined {
    if (!this.aim(cssX, cssY)) return undefined;
    const { origin, direction } = this.raycaster.ray;
    return { origin: [origin.x, origin.y, origin.z], direction: [direction.x, direction.y, direction.z] };
  }

  pick(cssX: number, cssY: number): PickHit | undefined {
    if (!this.aim(cssX, cssY)) return undefined;
    const hits = this.hits;
    hits.length = 0;
    this.raycaster.intersectObject(this.scene, true, hits);
    try {
      // Sorted nearest first by three.js.
      for (const hit of hits) {
        const name = this.pickableName(hit.object);
        if (name !== undefined) {
          const { point, distance } = hit;
          return { name, point: [point.x, point.y, point.z], distance };
        }
      }
      return undefined;
    } finally {
      hits.length = 0;
    }
  }

  /** Points the raycaster through a CSS point; false outside the letterbox or before any frame. */
  private aim(cssX: number, cssY: number): boolean {
    const viewport = this.viewport;
    if (viewport === undefined) return false;
    const ndc = cssToNdc(viewport, cssX, cssY);
    if (ndc === undefined) return false;
    this.raycaster.setFromCamera(this.ndc.set(ndc.x, ndc.y), this.camera);
    return true;
  }

  /** The name a hit answers to: the object's or its nearest named ancestor's; undefined when hidden or unnamed. */
  private pickableName(object: Object3D): string | undefined {
    let name: string | undefined;
    // The scene itself is not a pickable thing, even when named.
    for (let node: Object3D | null = object; node !== null && node !== this.scene; node = node.parent) {
      if (!node.visible) return undefined;
      if (name === undefined && node.name !== '') name = node.name;
    }
    return name;
  }
}
