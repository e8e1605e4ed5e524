import {
  BoxGeometry,
  Group,
  Mesh,
  MeshLambertMaterial,
  SphereGeometry,
  type BufferGeometry,
  type PerspectiveCamera,
  type Scene,
  type WebGLRenderer,
} from 'three';
import type { Entity } from '../../engines/systems/entity.js';
import type { SystemsBackend, SystemsFrame } from '../../engines/systems/systems-backend.js';
import type { Viewport } from '../../engines/viewport.js';
import { SPRITE_COMPONENT, type SystemsSprite } from '../systems-sprite.js';
import { MeshPool, type PooledMesh } from './mesh-pool.js';
import { addStageLights } from './stage-lights.js';
import { threeBackendFor, type ThreeBackend, type ThreeBackendOptions } from './three-backend.js';

/** @deprecated The sprite component is one contract for both systems backends: use {@link SystemsSprite}. `ThreeSprite` goes in 0.3. */
export type ThreeSprite = SystemsSprite;

/** @deprecated Use {@link SPRITE_COMPONENT}, the same name for both systems backends. `THREE_SPRITE_COMPONENT` goes in 0.3. */
export const THREE_SPRITE_COMPONENT = SPRITE_COMPONENT;

/** Options of {@link threeSystemsBackend}: those of the state engine's three backend. */
export type ThreeSystemsBackendOptions = ThreeBackendOptions;

/** One entity's mesh, and what it was last built from (to tell a changed sprite from a steady one). */
interface DrawnMesh extends PooledMesh<Entity> {
  shape: string;
  width: number;
  height: number;
  depth: number;
  color: number;
  alpha: number;
}

/**
 * The three.js backend of the systems engine: each live entity with a
 * {@link SystemsSprite} component is a lit mesh posed at its drawn pose (the
 * interpolated one), seen through a perspective camera that fits the z = 0
 * plane to the game's logical resolution, letterboxed.
 *
 * The payload is the engine's 2D pose (x, y, rotation): x runs right and y
 * down as on the pixi backend, in the group {@link plane} (flipped in y, so
 * the three.js world around it keeps y up); rotation turns about z, clockwise
 * on screen for a positive angle, as in pixi. The camera sits on the plane's
 * centre line, at the distance where its field of view spans the logical
 * height exactly, so a shape in the plane lands where the pixi backend draws
 * it and the boxes' depth shows as perspective and light.
 *
 * The renderer, canvas, letterbox and WebGL setup are the state engine's
 * {@link ThreeBackend}, reused: this class holds one and poses meshes in its
 * scene. tickflow owns the loop: nothing here calls three's
 * `setAnimationLoop`; the scene is rendered once per engine frame, in
 * {@link render}. A paused engine runs no frames, so the last picture stays.
 *
 * Per frame it walks the entities once, moving each one's mesh (found by
 * one comparison, the entities coming in the order their meshes were made);
 * a mesh is made only for a new entity, resized or recoloured only
 * for a changed sprite, and all boxes share one unit geometry (spheres
 * another), so a steady frame allocates nothing per entity.
 */
export class ThreeSystemsBackend implements SystemsBackend {
  /** The state engine's three backend this one draws through: renderer, canvases, letterbox. */
  readonly three: ThreeBackend;
  /** The scene: the lights and {@link plane}. Add objects of your own to it (or to the plane). */
  readonly scene: Scene;
  /** The perspective camera that fits the plane to the logical resolution. Moving it moves the view. */
  readonly camera: PerspectiveCamera;
  /** The logical plane: the entities' meshes, in logical units, x right and y down. */
  readonly plane = new Group();
  /** The renderer; undefined when headless. Do not call its `setAnimationLoop`. */
  readonly renderer: WebGLRenderer | undefined;
  /** The WebGL canvas; undefined when headless. */
  readonly canvas: HTMLCanvasElement | undefined;
  /** How many frames it rendered. */
  renderCount = 0;

  /** The entities' meshes, in {@link plane}; they share the two geometries below. */
  private readonly meshes = new MeshPool<Entity, DrawnMesh>(this.plane, false);
  private readonly box = new BoxGeometry(1, 1, 1);
  private readonly sphere = new SphereGeometry(1, 32, 16);
  private fit: Viewport;
  private destroyed = false;

  /** @throws {OptionError} for bad options (see {@link threeSystemsBackend}). */
  constructor(options: ThreeSystemsBackendOptions) {
    this.three = threeBackendFor('threeSystemsBackend', options);
    const { scene, camera } = this.three.surface;
    this.scene = scene;
    this.camera = camera;
    this.renderer = this.three.renderer;
    this.canvas = this.three.canvas;
    this.fit = this.three.sync();

    const { logicalWidth, logicalHeight } = options;
    // Logical (x, y) is world (x, -y): y runs down the screen, the world keeps y up.
    this.plane.name = 'tickflow:entities';
    this.plane.scale.set(1, -1, 1);
    scene.add(this.plane);
    fitCameraToPlane(camera, logicalWidth, logicalHeight);
    addStageLights(
      scene,
      [camera.position.x - logicalWidth / 2, camera.position.y + logicalHeight, camera.position.z],
      [logicalWidth / 2, -logicalHeight / 2, 0],
    );
  }

  /** The fit the latest frame drew through (to turn pointer positions into logical ones). */
  get viewport(): Viewport {
    return this.fit;
  }

  /** How many meshes it holds: one per live entity with a sprite, as of the latest frame. */
  get meshCount(): number {
    return this.meshes.size;
  }

  /** The mesh drawn for `entity`, if it has one (after a frame that drew it). */
  meshOf(entity: Entity): Mesh | undefined {
    return this.meshes.get(entity)?.mesh;
  }

  /** Draws one frame: the surface follows its container, each mesh moves to its entity's drawn pose, the scene renders once. */
  render(frame: SystemsFrame): void {
    if (this.destroyed) return;
    this.fit = this.three.sync();
    const stamp = ++this.renderCount;
    const entities = frame.entities;
    let drawn = 0;
    for (let i = 0; i < entities.length; i++) {
      const entity = entities[i]!;
      const sprite = entity.components[SPRITE_COMPONENT] as SystemsSprite | undefined;
      if (sprite === undefined || !entity.alive) continue;
      const record = this.meshFor(entity, sprite);
      record.seen = stamp;
      const { mesh } = record;
      const pose = entity.drawn;
      mesh.position.x = pose.x;
      mesh.position.y = pose.y;
      mesh.rotation.z = pose.rotation;
      drawn++;
    }
    this.meshes.sweep(stamp, drawn);
    this.three.present();
  }

  /** Frees the meshes' materials, the shared geometries, the renderer and its WebGL context, and removes the canvases. */
  destroy(): void {
    if (this.destroyed) return;
    this.destroyed = true;
    this.meshes.dispose();
    this.box.dispose();
    this.sphere.dispose();
    this.three.destroy();
  }

  private meshFor(entity: Entity, sprite: SystemsSprite): DrawnMesh {
    let record = this.meshes.next(entity);
    if (record === undefined) {
      const material = new MeshLambertMaterial();
      const mesh = new Mesh<BufferGeometry, MeshLambertMaterial>(this.box, material);
      mesh.name = entity.id;
      record = this.meshes.add({ key: entity, mesh, seen: 0, shape: '', width: NaN, height: NaN, depth: NaN, color: NaN, alpha: NaN });
    }
    const rect = sprite.shape === 'rect';
    const width = rect ? sprite.width : sprite.radius * 2;
    const height = rect ? sprite.height : width;
    const depth = rect ? (sprite.depth ?? Math.min(width, height)) : width;
    if (record.shape !== sprite.shape || record.width !== width || record.height !== height || record.depth !== depth) {
      // Both geometries are unit-sized (a 1-unit box, a 1-unit radius): the scale is the size.
      record.mesh.geometry = rect ? this.box : this.sphere;
      if (rect) record.mesh.scale.set(width, height, depth);
      else record.mesh.scale.setScalar(width / 2);
      record.shape = sprite.shape;
      record.width = width;
      record.height = height;
      record.depth = depth;
    }
    const alpha = sprite.alpha ?? 1;
    if (record.color !== sprite.color || record.alpha !== alpha) {
      const { material } = record.mesh;
      material.color.setHex(sprite.color);
      material.opacity = alpha;
      const transparent = alpha < 1;
      // Turning transparency on or off changes the shader three compiles.
      if (material.transparent !== transparent) {
        material.transparent = transparent;
        material.needsUpdate = true;
      }
      record.color = sprite.color;
      record.alpha = alpha;
    }
    return record;
  }
}

/**
 * Poses a perspective camera on the logical plane's centre line (world
 * (width / 2, -height / 2), looking down -z) at the distance where its
 * vertical field of view spans `height`, and sets its near and far planes
 * around that distance.
 */
function fitCameraToPlane(camera: PerspectiveCamera, width: number, height: number): void {
  const halfFovRadians = (camera.fov * Math.PI) / 360;
  const distance = height / 2 / Math.tan(halfFovRadians);
  camera.position.set(width / 2, -height / 2, distance);
  camera.rotation.set(0, 0, 0);
  camera.near = distance / 100;
  camera.far = distance * 4;
  camera.updateProjectionMatrix();
}

/**
 * Builds the three.js backend of the systems engine, in `container`: the
 * entities' `sprite` components drawn as lit boxes and spheres at their
 * drawn (interpolated) poses, through a perspective camera that fits the
 * logical plane into the letterboxed canvas. The options are the state
 * engine's `threeBackend` options; `headless: true` keeps a real scene and
 * camera with no renderer, for Node.
 *
 * @example
 * ```ts
 * import { createSystemsEngine } from 'tickflow/systems';
 * import { threeSystemsBackend } from 'tickflow/three';
 *
 * const engine = createSystemsEngine({
 *   backend: threeSystemsBackend({ container: document.querySelector('#game')!, logicalWidth: 960, logicalHeight: 540 }),
 *   scenes: [{ id: 'main', entities: [{ id: 'box', transform: { x: 480, y: 270 }, components: { sprite: { shape: 'rect', width: 40, height: 40, color: 0xffcc00 } } }] }],
 *   startSceneId: 'main',
 * });
 * await engine.play();
 * ```
 *
 * @throws {OptionError} for an unknown option, a missing container (unless headless), a logical size or fov that is not a positive finite number (fov below 180), or a colour three.js does not know.
 */
export function threeSystemsBackend(options: ThreeSystemsBackendOptions): ThreeSystemsBackend {
  return new ThreeSystemsBackend(options);
}
