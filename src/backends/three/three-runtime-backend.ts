import {
  BoxGeometry,
  CapsuleGeometry,
  Group,
  Mesh,
  MeshLambertMaterial,
  PlaneGeometry,
  Quaternion,
  SphereGeometry,
  type BufferGeometry,
  type PerspectiveCamera,
  type Scene,
  type WebGLRenderer,
} from 'three';
import type { RuntimeBackend, RuntimeFrame } from '../../engines/runtime/runtime.js';
import type { EntityHandle } from '../../engines/runtime/entity-handle.js';
import type { RuntimeObjectView } from '../../engines/runtime/runtime-object.js';
import { visualSizeOf, type SceneObjectDoc } from '../../engines/runtime/scene-document.js';
import type { VisualDoc } from '../../engines/runtime/scene-format.js';
import type { Vec3 } from '../../engines/runtime/physics-adapter.js';
import { threeBackendFor, type ThreeBackend, type ThreeBackendOptions } from './three-backend.js';
import { MeshPool, type PooledMesh } from './mesh-pool.js';
import { addStageLights } from './stage-lights.js';

/** The colour of a visual that names none: a light grey. */
export const DEFAULT_VISUAL_COLOR = '#b0b4ba';

/** Where the camera sits when no object is tagged or named "camera": up and back from the origin, metres. */
export const DEFAULT_RUNTIME_CAMERA_POSITION: readonly [number, number, number] = [0, 8, 16];

/** The name and tag that make an object the camera: its presented pose is the camera's. */
export const RUNTIME_CAMERA_NAME = 'camera';

/** Options of {@link threeRuntimeBackend}: the three backend's, with the logical size defaulting to 1280 × 720. */
export interface ThreeRuntimeBackendOptions extends Omit<ThreeBackendOptions, 'logicalWidth' | 'logicalHeight'> {
  /** The picture's logical width (its aspect ratio is what matters); defaults to 1280. */
  logicalWidth?: number;
  /** The picture's logical height; defaults to 720. */
  logicalHeight?: number;
}

/** The logical size when none is given: 16:9. */
export const DEFAULT_RUNTIME_LOGICAL_WIDTH = 1280;
/** The logical height when none is given. */
export const DEFAULT_RUNTIME_LOGICAL_HEIGHT = 720;

/**
 * The three.js renderer of the fixed-tick runtime (`tickflow/runtime`): each
 * object with a `visual` is a lit mesh (box, ball, capsule along y, or a
 * plane in x and z), sized by `visualSizeOf` (the visual's `size`, else the
 * body's first collider), coloured by the visual's `'#rrggbb'`, and placed
 * every frame at the object's presented pose: position, quaternion and
 * scale copied from `presented`. The object tagged or named `"camera"` gives
 * the camera its presented pose (so a camera behavior moves the view with
 * `setPresentation` in lateUpdate); without one the view is fixed at
 * {@link DEFAULT_RUNTIME_CAMERA_POSITION}, looking at the origin.
 *
 * A mesh is made once, when its object first appears in a frame (keyed by
 * handle), and removed, its material disposed, in the frame its object is
 * gone; its geometry is shared by every mesh of the same shape and size and
 * disposed with the backend. A steady frame only copies poses (one
 * comparison per object to find its mesh, nothing allocated). The
 * renderer, canvas, letterbox and WebGL setup are the
 * state engine's {@link ThreeBackend}, reused (as `threeSystemsBackend`
 * does), including its headless mode for Node: a real scene and camera, no
 * renderer.
 *
 * Rendering never feeds back into simulation: this reads the frame and draws.
 */
export class ThreeRuntimeBackend implements RuntimeBackend {
  /** The three backend this draws through: renderer, canvases, letterbox. */
  readonly three: ThreeBackend;
  /** The scene: lights and {@link world}. */
  readonly scene: Scene;
  /** The camera; the "camera" object's presented pose places it each frame. */
  readonly camera: PerspectiveCamera;
  /** The objects' meshes, in world metres, y up. */
  readonly world = new Group();
  /** The renderer; undefined when headless. */
  readonly renderer: WebGLRenderer | undefined;
  /** The WebGL canvas; undefined when headless. */
  readonly canvas: HTMLCanvasElement | undefined;
  /** Frames rendered. */
  renderCount = 0;
  /** Meshes made so far, in all (a steady frame makes none). */
  createdCount = 0;

  /** The objects' meshes, by handle, in {@link world}; their geometries are {@link geometries}', shared. */
  private readonly meshes = new MeshPool<EntityHandle>(this.world, false);
  /** Geometries by shape and size, shared (see {@link geometryFor}). */
  private readonly geometries = new Map<string, BufferGeometry>();
  /** The camera's orientation in the fixed view (NaN until first aimed). */
  private readonly fixedQuaternion = new Quaternion(NaN, NaN, NaN, NaN);
  private destroyed = false;

  /** @throws {OptionError} for bad options (see {@link threeRuntimeBackend}). */
  constructor(options: ThreeRuntimeBackendOptions) {
    this.three = threeBackendFor('threeRuntimeBackend', options, {
      logicalWidth: DEFAULT_RUNTIME_LOGICAL_WIDTH,
      logicalHeight: DEFAULT_RUNTIME_LOGICAL_HEIGHT,
    });
    const { scene, camera } = this.three.surface;
    this.scene = scene;
    this.camera = camera;
    this.renderer = this.three.renderer;
    this.canvas = this.three.canvas;
    this.three.sync();
    this.world.name = 'tickflow:runtime-objects';
    scene.add(this.world);
    addStageLights(scene, [-8, 20, 10], [0, 0, 0]);
    this.fixedView();
  }

  /** Meshes held: one per live object with a visual, as of the latest frame. */
  get meshCount(): number {
    return this.meshes.size;
  }

  /** The mesh drawn for `handle`, if any (after a frame that drew it). */
  meshOf(handle: EntityHandle): Mesh | undefined {
    return this.meshes.get(handle)?.mesh;
  }

  /** Draws one frame: meshes made for new objects, every mesh moved to its presented pose, meshes of gone objects removed, the scene rendered once. */
  render(frame: RuntimeFrame): void {
    if (this.destroyed) return;
    this.three.sync();
    const stamp = ++this.renderCount;
    const objects = frame.objects;
    let drawnCount = 0;
    let cameraPlaced = false;
    for (let i = 0; i < objects.length; i++) {
      const object = objects[i]!;
      const { presented } = object;
      if (!cameraPlaced && (object.name === RUNTIME_CAMERA_NAME || object.tags.includes(RUNTIME_CAMERA_NAME))) {
        this.camera.position.fromArray(presented.position);
        this.camera.quaternion.fromArray(presented.rotation);
        cameraPlaced = true;
      }
      if (object.visual === undefined) continue;
      let record = this.meshes.next(object.handle);
      if (record === undefined) record = this.create(object);
      record.seen = stamp;
      const { mesh } = record;
      // fromArray, not set(x, y, z): handed the pose's arrays, three reads the numbers itself. Passing them one by
      // one boxed each (12 B) where Chromium's mid tier, which runs a page's frame code, does not inline set: 10 a mesh.
      mesh.position.fromArray(presented.position);
      mesh.quaternion.fromArray(presented.rotation);
      mesh.scale.fromArray(presented.scale);
      drawnCount++;
    }
    if (!cameraPlaced) this.fixedView();
    this.meshes.sweep(stamp, drawnCount);
    this.three.present();
  }

  /** Frees every mesh's geometry and material, the renderer and its WebGL context, and removes the canvases. */
  destroy(): void {
    if (this.destroyed) return;
    this.destroyed = true;
    this.meshes.dispose();
    for (const geometry of this.geometries.values()) geometry.dispose();
    this.geometries.clear();
    this.three.destroy();
  }

  /**
   * The view when no object is the camera, put back only when something
   * moved the camera from it (a camera object gone): aiming it again every
   * frame cost a `lookAt` a frame (issue 29's profile).
   */
  private fixedView(): void {
    const { position, quaternion } = this.camera;
    const at = DEFAULT_RUNTIME_CAMERA_POSITION;
    if (position.x === at[0] && position.y === at[1] && position.z === at[2] && quaternion.equals(this.fixedQuaternion)) return;
    position.set(at[0], at[1], at[2]);
    this.camera.lookAt(0, 0, 0);
    this.fixedQuaternion.copy(quaternion);
  }

  /** Makes an object's mesh, once, sized by its document. */
  private create(object: RuntimeObjectView): PooledMesh<EntityHandle> {
    const visual = object.visual!;
    const material = new MeshLambertMaterial({ color: visual.color ?? DEFAULT_VISUAL_COLOR });
    const mesh = new Mesh(this.geometryFor(visual.shape, visualSizeOf(object.doc)), material);
    mesh.name = object.name;
    this.createdCount++;
    return this.meshes.add({ key: object.handle, mesh, seen: 0 });
  }

  /**
   * The geometry of a shape at a size, made the first time it is asked for
   * and shared by every mesh of that shape and size from then on: a
   * geometry per mesh made the Physics Playground, which spawns a ball a
   * second, a 32 × 16 sphere's arrays a second (190 kB/s of the page's
   * garbage, kept long enough to reach the old generation). Disposed with
   * the backend.
   */
  private geometryFor(shape: VisualDoc['shape'], [w, h, d]: Vec3): BufferGeometry {
    const key = `${shape} ${w} ${h} ${d}`;
    let geometry = this.geometries.get(key);
    if (geometry !== undefined) return geometry;
    if (shape === 'box') geometry = new BoxGeometry(w, h, d);
    else if (shape === 'ball') geometry = new SphereGeometry(1, 32, 16).scale(w / 2, h / 2, d / 2);
    else if (shape === 'capsule') {
      const radius = Math.min(w, d) / 2;
      geometry = new CapsuleGeometry(radius, Math.max(0, h - 2 * radius), 8, 16);
    } else geometry = new PlaneGeometry(w, d).rotateX(-Math.PI / 2);
    this.geometries.set(key, geometry);
    return geometry;
  }
}


/**
 * Builds the three.js renderer of the fixed-tick runtime, in `container`:
 * each object's `visual` drawn as a lit mesh at its presented pose, seen
 * from the object tagged or named "camera". `headless: true` keeps a real
 * scene and camera with no renderer, for Node.
 *
 * @example
 * ```ts
 * import { createRuntime } from 'tickflow/runtime';
 * import { createRapier3d } from 'tickflow/rapier3d';
 * import { threeRuntimeBackend } from 'tickflow/three';
 *
 * const runtime = createRuntime({
 *   scene: arena,
 *   physics: await createRapier3d(),
 *   backend: threeRuntimeBackend({ container: document.querySelector('#stage')! }),
 *   input: { target: window },
 * });
 * runtime.start();
 * ```
 *
 * @throws {OptionError} for an unknown option, a missing container (unless headless), a logical size or fov that is not a positive finite number, or a colour three.js does not know.
 */
export function threeRuntimeBackend(options: ThreeRuntimeBackendOptions): ThreeRuntimeBackend {
  return new ThreeRuntimeBackend(options);
}
