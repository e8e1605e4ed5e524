import {
  AdditiveBlending,
  AmbientLight,
  BufferGeometry,
  Color,
  DirectionalLight,
  Float32BufferAttribute,
  Group,
  IcosahedronGeometry,
  Mesh,
  MeshBasicMaterial,
  MeshStandardMaterial,
  PointLight,
  Points,
  PointsMaterial,
  PolarGridHelper,
  SphereGeometry,
  TorusGeometry,
  type Scene,
} from 'three';
import type { Viewport } from 'tickflow';
import type { DeepReadonly, RenderContext } from 'tickflow/state';
import { createSeededRandom, nextRandom } from 'tickflow/operators';
import type { ThreeSurface } from 'tickflow/three';
import { poseCamera } from './camera.js';
import { drawHud, GAME_OVER_FADE_SECONDS, hudText } from './hud.js';
import { orbPosition } from './orbits.js';
import { worldToCss, worldToLogical, type ScreenPoint } from './project.js';
import type { Burst, GameState, Orb, Vec3 } from './state.js';
import {
  BURST_SECONDS,
  CORE_RADIUS_UNITS,
  ORB_SIZE_UNITS,
  SPAWN_RADIUS_UNITS,
  STARTING_LIVES,
  type OrbValue,
} from './tuning.js';

/**
 * Orbit Catch's picture: a retained three.js scene kept in step with the
 * state, the camera posed from it, and the HUD on the screen layer.
 *
 * Retained means the meshes outlive frames. The renderer keeps a map from
 * each orb's id to its mesh: an orb new in the state gets a mesh (named by
 * the id, so a pick names the orb), an orb gone from the state loses its
 * mesh, and every frame the surviving meshes are moved to where the state
 * says. Render only reads the state (the engine hands it a read-only view)
 * and has no input and no cues: everything that happens, happens in update.
 *
 * @module
 */

/** The colour each value glows in. */
export const ORB_COLORS: Readonly<Record<OrbValue, number>> = { 1: 0x39d5ff, 2: 0xff4fd8, 5: 0xffc93c };

/** The colour of the core while it is healthy, and as it nears breaking. */
const CORE_COLOR = new Color(0x3ddc97);
const CORE_DANGER_COLOR = new Color(0xff5c7a);

/** How much bigger an orb's halo is than the orb. A click on the halo catches the orb too (it is a child of the named mesh). */
const HALO_SCALE = 1.55;

/** How many background stars, and how far out. */
const STAR_COUNT = 500;
const STAR_DISTANCE_UNITS = 60;

/** How big a catch flash grows, in multiples of the orb. */
const BURST_GROWTH = 3.2;

/** The objects built once, on the first frame. */
interface Stage {
  readonly scene: Scene;
  readonly core: Mesh<SphereGeometry, MeshStandardMaterial>;
  readonly coreLight: PointLight;
  readonly orbGeometry: SphereGeometry;
  readonly orbMaterials: Readonly<Record<OrbValue, MeshStandardMaterial>>;
  readonly haloMaterials: Readonly<Record<OrbValue, MeshBasicMaterial>>;
  readonly burstGeometry: IcosahedronGeometry;
}

/** What {@link createOrbitCatchRenderer} returns. */
export interface OrbitCatchRenderer {
  /** The engine's render: `createStateEngine({ ..., render: renderer.render })`. */
  readonly render: (view: DeepReadonly<GameState>, ctx: RenderContext<ThreeSurface>) => void;
  /**
   * Where a world point appeared in the last frame drawn, in CSS pixels of the
   * surface: the camera and letterbox a pick aims through until the next
   * frame. Undefined before the first frame. For scripted players and tests.
   */
  locate(point: Vec3): ScreenPoint | undefined;
  /** How many orb meshes the scene holds (one per orb in the state). */
  readonly orbMeshCount: number;
  /** How many of them the last frame drew: none once a finished round's field has cleared. */
  readonly visibleOrbCount: number;
}

/**
 * Builds Orbit Catch's renderer. One per engine: it owns the meshes it adds
 * to that engine's scene.
 *
 * @example
 * ```ts
 * const renderer = createOrbitCatchRenderer();
 * const engine = createStateEngine({ backend: threeBackend({ container, logicalWidth: 960, logicalHeight: 540 }), initial: initialState(1), update, render: renderer.render });
 * ```
 */
export function createOrbitCatchRenderer(): OrbitCatchRenderer {
  let stage: Stage | undefined;
  let last: { camera: ThreeSurface['camera']; viewport: Viewport } | undefined;
  const orbMeshes = new Map<string, Mesh>();
  const burstMeshes = new Map<string, Mesh<IcosahedronGeometry, MeshBasicMaterial>>();

  function render(view: DeepReadonly<GameState>, ctx: RenderContext<ThreeSurface>): void {
    const { scene, camera, screen, viewport } = ctx;
    if (stage?.scene !== scene) stage = buildStage(scene);
    syncOrbs(stage, view.orbs, orbScale(view));
    syncBursts(stage, view.bursts);
    paintCore(stage, view);
    poseCamera(camera, view);
    last = { camera, viewport };
    // The HUD's text stays legible on a small picture (a phone's): CSS pixels per logical unit decide how it is set.
    drawHud(screen, view, (point) => worldToLogical(camera, viewport, point), hudText(viewport.scale / viewport.pixelRatio));
  }

  /** Adds a mesh for each new orb, moves and sizes each known one, removes the gone. */
  function syncOrbs(stage: Stage, orbs: readonly DeepReadonly<Orb>[], scale: number): void {
    const seen = new Set<string>();
    for (const orb of orbs) {
      seen.add(orb.id);
      let mesh = orbMeshes.get(orb.id);
      if (mesh === undefined) {
        mesh = new Mesh(stage.orbGeometry, stage.orbMaterials[orb.value]);
        mesh.name = orb.id; // what a pick answers with
        const halo = new Mesh(stage.orbGeometry, stage.haloMaterials[orb.value]);
        halo.scale.setScalar(HALO_SCALE);
        mesh.add(halo);
        orbMeshes.set(orb.id, mesh);
        stage.scene.add(mesh);
      }
      const { x, y, z } = orbPosition(orb);
      mesh.position.set(x, y, z);
      mesh.scale.setScalar(scale);
      mesh.visible = scale > 0; // (a finished round takes no clicks: the update ignores them)
    }
    for (const [id, mesh] of orbMeshes) {
      if (seen.has(id)) continue;
      stage.scene.remove(mesh);
      orbMeshes.delete(id); // geometry and materials are shared: nothing to dispose
    }
  }

  /** Catch flashes grow and fade; escape flashes are red. Unnamed, so picks pass through them. */
  function syncBursts(stage: Stage, bursts: readonly DeepReadonly<Burst>[]): void {
    const seen = new Set<string>();
    for (const burst of bursts) {
      seen.add(burst.id);
      let mesh = burstMeshes.get(burst.id);
      if (mesh === undefined) {
        const color = burst.kind === 'catch' ? ORB_COLORS[burst.value as OrbValue] ?? 0xffffff : 0xff5c7a;
        const material = new MeshBasicMaterial({ color, wireframe: true, transparent: true, blending: AdditiveBlending, depthWrite: false });
        mesh = new Mesh(stage.burstGeometry, material);
        mesh.position.set(burst.position.x, burst.position.y, burst.position.z);
        burstMeshes.set(burst.id, mesh);
        stage.scene.add(mesh);
      }
      const progress = Math.min(1, burst.ageSeconds / BURST_SECONDS);
      mesh.scale.setScalar(ORB_SIZE_UNITS * (1 + (BURST_GROWTH - 1) * progress));
      mesh.rotation.y = progress * Math.PI;
      mesh.material.opacity = 1 - progress;
    }
    for (const [id, mesh] of burstMeshes) {
      if (seen.has(id)) continue;
      stage.scene.remove(mesh);
      mesh.material.dispose(); // each flash has its own material (its own opacity)
      burstMeshes.delete(id);
    }
  }

  return {
    render,
    locate: (point) => (last === undefined ? undefined : worldToCss(last.camera, last.viewport, point)),
    get orbMeshCount() {
      return orbMeshes.size;
    },
    get visibleOrbCount() {
      let visible = 0;
      for (const mesh of orbMeshes.values()) if (mesh.visible) visible++;
      return visible;
    },
  };
}

/**
 * How big the orbs are drawn: full size in play; when the round ends they
 * shrink away while the game-over panel fades in, so the result is read over
 * a cleared arena, not over orbs still on the field.
 */
function orbScale(state: DeepReadonly<GameState>): number {
  if (state.phase !== 'over') return 1;
  return Math.max(0, 1 - state.overSeconds / GAME_OVER_FADE_SECONDS);
}

/** The core breathes, and shifts from green to red as lives are lost. */
function paintCore(stage: Stage, state: DeepReadonly<GameState>): void {
  const health = state.lives / STARTING_LIVES;
  const color = stage.core.material.emissive.copy(CORE_DANGER_COLOR).lerp(CORE_COLOR, health);
  stage.core.material.color.copy(color);
  stage.coreLight.color.copy(color);
  const seconds = state.elapsedSeconds + state.overSeconds;
  stage.core.scale.setScalar(1 + 0.06 * Math.sin(seconds * 3));
}

/** Lights, the core, the orbit guides and the stars: built once, never changed by the state but for the core's colour. */
function buildStage(scene: Scene): Stage {
  scene.add(new AmbientLight(0x8899cc, 0.5));
  const sun = new DirectionalLight(0xffffff, 1.4);
  sun.position.set(4, 10, 6);
  scene.add(sun);
  const coreLight = new PointLight(0x3ddc97, 30, 14, 1.6);
  scene.add(coreLight);

  const core = new Mesh(
    new SphereGeometry(CORE_RADIUS_UNITS * 0.72, 32, 24),
    new MeshStandardMaterial({ color: 0x3ddc97, emissive: 0x3ddc97, emissiveIntensity: 0.9, roughness: 0.3 }),
  );
  scene.add(core);

  scene.add(orbitGuides());
  scene.add(stars());

  const orbMaterials = {} as Record<OrbValue, MeshStandardMaterial>;
  const haloMaterials = {} as Record<OrbValue, MeshBasicMaterial>;
  for (const value of [1, 2, 5] as const) {
    const color = ORB_COLORS[value];
    orbMaterials[value] = new MeshStandardMaterial({ color, emissive: color, emissiveIntensity: 0.75, roughness: 0.25, metalness: 0.1 });
    haloMaterials[value] = new MeshBasicMaterial({ color, transparent: true, opacity: 0.18, blending: AdditiveBlending, depthWrite: false });
  }
  return {
    scene,
    core,
    coreLight,
    orbGeometry: new SphereGeometry(ORB_SIZE_UNITS, 24, 16),
    orbMaterials,
    haloMaterials,
    burstGeometry: new IcosahedronGeometry(1, 1),
  };
}

/** A polar grid under the arena and rings at the rim and at the core's edge, for depth. */
function orbitGuides(): Group {
  const guides = new Group();
  const grid = new PolarGridHelper(SPAWN_RADIUS_UNITS + 0.5, 16, 6, 96, 0x2a3550, 0x1a2236);
  grid.position.y = -1.9;
  guides.add(grid);
  for (const [radius, color] of [
    [SPAWN_RADIUS_UNITS, 0x3a4a70],
    [CORE_RADIUS_UNITS, 0xff5c7a],
  ] as const) {
    const ring = new Mesh(new TorusGeometry(radius, 0.025, 8, 128), new MeshBasicMaterial({ color, transparent: true, opacity: 0.7 }));
    ring.rotation.x = Math.PI / 2;
    guides.add(ring);
  }
  return guides;
}

/** A fixed sky of stars on a far sphere (its own seed: the sky is the same in every round). */
function stars(): Points {
  const random = createSeededRandom(0x5747);
  const positions: number[] = [];
  for (let i = 0; i < STAR_COUNT; i++) {
    const theta = nextRandom(random) * 2 * Math.PI;
    const cosPhi = nextRandom(random) * 2 - 1;
    const sinPhi = Math.sqrt(1 - cosPhi * cosPhi);
    positions.push(
      STAR_DISTANCE_UNITS * sinPhi * Math.cos(theta),
      STAR_DISTANCE_UNITS * cosPhi,
      STAR_DISTANCE_UNITS * sinPhi * Math.sin(theta),
    );
  }
  const geometry = new BufferGeometry();
  geometry.setAttribute('position', new Float32BufferAttribute(positions, 3));
  return new Points(geometry, new PointsMaterial({ color: 0x9fb3d9, size: 1.6, sizeAttenuation: false }));
}
