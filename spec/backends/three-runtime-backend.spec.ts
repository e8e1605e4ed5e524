import { afterEach, describe, expect, it } from 'vitest';
import { createRuntime, type Behavior, type EntityHandle, type Runtime } from 'tickflow/runtime';
import { createRapier3d } from 'tickflow/rapier3d';
import { DEFAULT_RUNTIME_LOGICAL_HEIGHT, DEFAULT_RUNTIME_LOGICAL_WIDTH, threeRuntimeBackend, type ThreeRuntimeBackend } from 'tickflow/three';
import { OptionError } from '../../operators/option-error.js';

// threeRuntimeBackend (tickflow/three) drawing the fixed-tick runtime
// headless in Node: a real three.js scene and camera, no renderer. The
// runtime's contract: "makes the final snapshot available to rendering";
// each object is drawn at its presented pose.

const FRAME_MS = 1000 / 60;

let runtime: Runtime | undefined;
afterEach(() => {
  runtime?.destroy();
  runtime = undefined;
});

/** A mover: a displacement of speed × delta along x, in fixedUpdate, turning about y. */
const mover = (): Behavior => ({
  fixedUpdate(game, self, delta) {
    const p = game.transform(self).position;
    const angle = game.stats().ticks * 0.1;
    game.setTransform(self, { position: [p[0]! + 2 * delta, p[1]!, p[2]!], rotation: [0, Math.sin(angle / 2), 0, Math.cos(angle / 2)], scale: [1, 1 + 0.01 * game.stats().ticks, 1] });
  },
});

function expectMeshAtPresented(backend: ThreeRuntimeBackend, game: Runtime, handle: EntityHandle): void {
  const mesh = backend.meshOf(handle)!;
  const pose = game.presentation(handle);
  expect(mesh).toBeDefined();
  expect([mesh.position.x, mesh.position.y, mesh.position.z]).toEqual(Array.from(pose.position));
  expect([mesh.quaternion.x, mesh.quaternion.y, mesh.quaternion.z, mesh.quaternion.w]).toEqual(Array.from(pose.rotation));
  expect([mesh.scale.x, mesh.scale.y, mesh.scale.z]).toEqual(Array.from(pose.scale));
}

describe('threeRuntimeBackend (headless)', () => {
  it('places each mesh at its object\'s presented pose every frame, including interpolated frames (alpha between ticks)', () => {
    const backend = threeRuntimeBackend({ headless: true });
    runtime = createRuntime({
      scene: {
        objects: [
          { name: 'block', position: [0, 1, 0], behaviors: ['mover'], visual: { shape: 'box', color: '#ff0000', size: [1, 2, 3] } },
          { name: 'marker', position: [3, 0, 0], visual: { shape: 'plane', size: [4, 1, 4] } },
        ],
      },
      behaviors: { mover },
      backend,
    });
    const block = runtime.find('block')!;
    let t = 0;
    for (let i = 0; i < 30; i++) {
      // 0.7 frames a step: some frames run no tick, so alpha is fractional and presented ≠ transform.
      t += FRAME_MS * 0.7;
      runtime.advance(t);
      expectMeshAtPresented(backend, runtime, block);
      expectMeshAtPresented(backend, runtime, runtime.find('marker')!);
    }
    expect(runtime.presentation(block).position[0]).toBeGreaterThan(0);
    expect(backend.meshCount).toBe(2);
    // The box is sized by the visual's size; colour from '#rrggbb'.
    const mesh = backend.meshOf(block)!;
    mesh.geometry.computeBoundingBox();
    const size = mesh.geometry.boundingBox!.max.clone().sub(mesh.geometry.boundingBox!.min);
    expect([size.x, size.y, size.z].map((v) => Math.round(v * 1000) / 1000)).toEqual([1, 2, 3]);
    expect((mesh.material as unknown as { color: { getHexString(): string } }).color.getHexString()).toBe('ff0000');
  });

  it('makes a mesh when an object appears and removes it when the object goes; a steady frame re-creates nothing', () => {
    const backend = threeRuntimeBackend({ headless: true });
    let spawned: EntityHandle = 0;
    runtime = createRuntime({
      scene: { objects: [{ name: 'floor', visual: { shape: 'box', size: [10, 1, 10] } }, { name: 'empty' }] },
      backend,
    });
    runtime.advance(0);
    runtime.advance(FRAME_MS);
    expect(backend.meshCount).toBe(1); // 'empty' has no visual: no mesh
    const created = backend.createdCount;
    for (let i = 2; i < 12; i++) runtime.advance(i * FRAME_MS);
    expect(backend.createdCount).toBe(created); // nothing re-created on steady frames
    const floorMesh = backend.meshOf(runtime.find('floor')!);

    spawned = runtime.spawn({ name: 'ball', position: [0, 3, 0], visual: { shape: 'ball', color: '#00ff00', size: [1, 1, 1] } });
    runtime.advance(12 * FRAME_MS);
    expect(runtime.valid(spawned)).toBe(true);
    expect(backend.meshCount).toBe(2);
    expect(backend.createdCount).toBe(created + 1);
    expect(backend.world.children).toContain(backend.meshOf(spawned));
    const ballMesh = backend.meshOf(spawned)!;

    runtime.destroyObject(spawned);
    runtime.advance(13 * FRAME_MS);
    expect(runtime.valid(spawned)).toBe(false);
    expect(backend.meshCount).toBe(1);
    expect(backend.meshOf(spawned)).toBeUndefined();
    expect(backend.world.children).not.toContain(ballMesh);
    // The floor's mesh is the same object throughout.
    expect(backend.meshOf(runtime.find('floor')!)).toBe(floorMesh);
  });

  it('sizes a capsule and a ball from the body\'s collider when the visual gives no size, and follows the physics pose', async () => {
    const backend = threeRuntimeBackend({ headless: true });
    runtime = createRuntime({
      scene: {
        objects: [
          { name: 'ground', position: [0, -0.5, 0], body: { kind: 'fixed', colliders: [{ shape: 'box', half_extents: [5, 0.5, 5] }] }, visual: { shape: 'box' } },
          { name: 'pill', position: [0, 3, 0], body: { colliders: [{ shape: 'capsule', radius: 0.4, half_height: 0.5 }] }, visual: { shape: 'capsule' } },
          { name: 'ball', position: [2, 4, 0], body: { colliders: [{ shape: 'ball', radius: 0.25 }] }, visual: { shape: 'ball' } },
        ],
      },
      physics: await createRapier3d(),
      backend,
    });
    for (let i = 0; i < 20; i++) runtime.advance(i * FRAME_MS);
    const size = (name: string) => {
      const geometry = backend.meshOf(runtime!.find(name)!)!.geometry;
      geometry.computeBoundingBox();
      const s = geometry.boundingBox!.max.clone().sub(geometry.boundingBox!.min);
      return [s.x, s.y, s.z].map((v) => Math.round(v * 100) / 100);
    };
    expect(size('pill')).toEqual([0.8, 1.8, 0.8]);
    expect(size('ball')).toEqual([0.5, 0.5, 0.5]);
    expect(size('ground')).toEqual([10, 1, 10]);
    const ball = runtime.find('ball')!;
    expect(runtime.presentation(ball).position[1]).toBeLessThan(4); // it fell
    expectMeshAtPresented(backend, runtime, ball);
  });

  it('gives the camera the presented pose of the object tagged or named "camera", else a fixed view', () => {
    const backend = threeRuntimeBackend({ headless: true });
    runtime = createRuntime({
      scene: { objects: [{ name: 'eye', tags: ['camera'], position: [1, 2, 3], rotation: [0, 0.7071067811865476, 0, 0.7071067811865476] }] },
      backend,
    });
    runtime.advance(0);
    expect(backend.camera.position.toArray()).toEqual([1, 2, 3]);
    expect(backend.camera.quaternion.y).toBeCloseTo(Math.SQRT1_2, 12);
    runtime.destroy();

    const fixed = threeRuntimeBackend({ headless: true });
    runtime = createRuntime({ scene: { objects: [] }, backend: fixed });
    runtime.advance(0);
    expect(fixed.camera.position.toArray()).toEqual([0, 8, 16]);
  });

  it('shares one geometry among the meshes of one shape and size, keeps it when they go, and disposes it with the backend', () => {
    // Its class comment: "its geometry is shared by every mesh of the same shape and size and disposed with the backend"
    // (a geometry per mesh made the Physics Playground, a ball spawned a second, 190 kB of garbage a second).
    const backend = threeRuntimeBackend({ headless: true });
    const ball = { shape: 'ball', size: [1, 1, 1] } as const;
    runtime = createRuntime({
      scene: { objects: [{ name: 'a', visual: ball }, { name: 'b', position: [2, 0, 0], visual: ball }, { name: 'big', visual: { shape: 'ball', size: [2, 2, 2] } }] },
      backend,
    });
    runtime.advance(0);
    const geometryOf = (handle: EntityHandle) => backend.meshOf(handle)!.geometry;
    const shared = geometryOf(runtime.find('a')!);
    expect(geometryOf(runtime.find('b')!)).toBe(shared);
    expect(geometryOf(runtime.find('big')!)).not.toBe(shared);
    let disposed = 0;
    shared.addEventListener('dispose', () => void disposed++);
    // One ball goes and a new one of the same size comes: the geometry stays, and the newcomer is drawn with it.
    runtime.destroyObject(runtime.find('a')!);
    const c = runtime.spawn({ name: 'c', visual: ball });
    runtime.advance(FRAME_MS);
    expect(disposed).toBe(0);
    expect(geometryOf(c)).toBe(shared);
    expect(backend.meshCount).toBe(3);
    runtime.destroy();
    runtime = undefined;
    expect(disposed).toBe(1);
  });

  it('refuses an unknown option, naming the closest known one', () => {
    expect(() => threeRuntimeBackend({ headless: true, fovv: 40 } as never)).toThrow(OptionError);
    expect(() => threeRuntimeBackend({ headless: true, fovv: 40 } as never)).toThrow(/fov/);
  });

  it('draws at 1280 × 720 unless told otherwise, and reports the three backend\'s checks under its own name', () => {
    const defaulted = threeRuntimeBackend({ headless: true });
    expect(defaulted.three.sync()).toMatchObject({ logicalWidth: DEFAULT_RUNTIME_LOGICAL_WIDTH, logicalHeight: DEFAULT_RUNTIME_LOGICAL_HEIGHT });
    expect(defaulted.camera.aspect).toBe(1280 / 720);
    defaulted.destroy();
    const square = threeRuntimeBackend({ headless: true, logicalWidth: 600, logicalHeight: 600 });
    expect(square.camera.aspect).toBe(1);
    square.destroy();
    expect(() => threeRuntimeBackend({ headless: true, fov: 0 })).toThrow(/^threeRuntimeBackend: fov must be a number of degrees > 0 and < 180, got 0$/);
    expect(() => threeRuntimeBackend({ headless: true, logicalWidth: -1 })).toThrow(/^threeRuntimeBackend: logicalWidth must be a finite number > 0, got -1$/);
    expect(() => threeRuntimeBackend({})).toThrow(/^threeRuntimeBackend: container must be an HTMLElement/);
    expect(() => threeRuntimeBackend(null as never)).toThrow(/^threeRuntimeBackend: options must be an options object, got null$/);
  });
});
