import { NEVER } from 'rxjs';
import { Vector3, type Mesh } from 'three';
import { describe, expect, it } from 'vitest';
import { createSystemsEngine, OptionError, SceneSystem, type SceneSystemOptions, type SystemsConfig } from 'tickflow/systems';
import { threeSystemsBackend, type ThreeSystemsBackend } from 'tickflow/three';

// The systems engine's three.js backend in Node: headless (a real three.js
// Scene, meshes and camera; no renderer), driven by a real systems engine
// stepped with advance(). Issue 9: "Runs ... in the browser ... with the
// pixi.js backend (2D) and, where its render payload fits, the three.js
// backend." The picture itself is checked in real Chromium
// (spec/browser/three-systems-backend.spec.ts).

const LOGICAL = { logicalWidth: 960, logicalHeight: 540 } as const;
const box = (width: number, height: number, color = 0x3ddc97) => ({ sprite: { shape: 'rect', width, height, color } });

/** Slides every entity 10 units right and turns it 0.2 rad per fixed step (20 ms at the default 50 Hz). */
class Slide extends SceneSystem {
  constructor(private readonly o: SceneSystemOptions) {
    super();
  }
  fixedUpdate(): void {
    for (const entity of this.o.scene.entities) {
      entity.transform.x += 10;
      entity.transform.rotation += 0.2;
    }
  }
}

function engineOn(backend: ThreeSystemsBackend, config: Partial<SystemsConfig> = {}) {
  return createSystemsEngine({
    scenes: [{ id: 'a', systems: [Slide], entities: [{ id: 'runner', transform: { x: 100, y: 200 }, components: box(28, 40) }] }],
    startSceneId: 'a',
    ticks: NEVER,
    backend,
    ...config,
  });
}

/** Where a point of the logical plane lands on the screen, in logical units from the top left (through the backend's camera). */
function onScreen(backend: ThreeSystemsBackend, x: number, y: number, z = 0): { x: number; y: number } {
  backend.scene.updateMatrixWorld();
  backend.camera.updateMatrixWorld();
  const ndc = backend.plane.localToWorld(new Vector3(x, y, z)).project(backend.camera);
  return { x: ((ndc.x + 1) / 2) * LOGICAL.logicalWidth, y: ((1 - ndc.y) / 2) * LOGICAL.logicalHeight };
}

describe('threeSystemsBackend (headless, in Node)', () => {
  it('the camera fits the logical plane to the picture: (0, 0) is the top left, (960, 540) the bottom right, y runs down', () => {
    const backend = threeSystemsBackend({ ...LOGICAL, headless: true });
    for (const [x, y] of [[0, 0], [960, 540], [480, 270], [100, 400]] as const) {
      const point = onScreen(backend, x, y);
      expect(point.x).toBeCloseTo(x, 6);
      expect(point.y).toBeCloseTo(y, 6);
    }
    // Depth toward the camera draws larger, away from the centre: perspective.
    expect(onScreen(backend, 0, 0, 20).x).toBeLessThan(0);
    backend.destroy();
  });

  it('"Interpolation is what makes that look smooth": each mesh sits at its entity\'s drawn pose, x, y in the plane and rotation about z', async () => {
    const backend = threeSystemsBackend({ ...LOGICAL, headless: true });
    const engine = engineOn(backend);
    await engine.play();
    const runner = engine.scene!.find('runner')!;
    engine.advance(0);
    engine.advance(30); // one step (x 100 -> 110, rotation 0 -> 0.2), 10 ms left: alpha 0.5
    const mesh = backend.meshOf(runner)!;
    expect(mesh.position.x).toBeCloseTo(105, 9);
    expect(mesh.position.y).toBeCloseTo(200, 9);
    expect(mesh.rotation.z).toBeCloseTo(0.1, 9);
    expect(mesh.position.x).toBe(runner.drawn.x);
    expect(mesh.position.x).not.toBe(runner.transform.x); // the drawn pose, not the simulated one
    // The box is the sprite's size: 28 × 40, as deep as its smaller side.
    expect([mesh.scale.x, mesh.scale.y, mesh.scale.z]).toEqual([28, 40, 28]);
    // On screen: a positive rotation turns clockwise (the box's right edge goes down the screen), as on the pixi backend.
    backend.scene.updateMatrixWorld();
    backend.camera.updateMatrixWorld();
    const centre = mesh.localToWorld(new Vector3(0, 0, 0)).project(backend.camera);
    const rightEdge = mesh.localToWorld(new Vector3(0.5, 0, 0)).project(backend.camera);
    expect(rightEdge.x).toBeGreaterThan(centre.x);
    expect(rightEdge.y).toBeLessThan(centre.y); // NDC y runs up: lower on the screen
    engine.destroy();
  });

  it('meshes come and go with their entities: one per live entity with a sprite, removed with the entity, swapped on a scene change', async () => {
    const backend = threeSystemsBackend({ ...LOGICAL, headless: true });
    const engine = engineOn(backend, {
      scenes: [
        {
          id: 'a',
          entities: [
            { id: 'runner', components: box(28, 40) },
            { id: 'ground', components: box(330, 60, 0x2b3647) },
            { id: 'logic-only' }, // no sprite: nothing drawn
          ],
        },
        { id: 'b', entities: [{ id: 'ball', components: { sprite: { shape: 'circle', radius: 12, color: 0xff9f43 } } }] },
      ],
    });
    await engine.play();
    engine.advance(0);
    expect(backend.meshCount).toBe(2);
    expect(backend.plane.children.map((c) => c.name)).toEqual(['runner', 'ground']);

    const spawned = engine.scene!.createEntity({ id: 'coin', transform: { x: 50, y: 60 }, components: box(10, 10, 0xffcc00) });
    engine.advance(16);
    expect(backend.meshCount).toBe(3);
    expect(backend.meshOf(spawned)!.position.x).toBe(50);

    engine.scene!.removeEntity(engine.scene!.find('ground')!);
    engine.advance(32);
    expect(backend.plane.children.map((c) => c.name)).toEqual(['runner', 'coin']);

    await engine.loadScene('b');
    engine.advance(48);
    expect(engine.scene!.id).toBe('b');
    expect(backend.plane.children.map((c) => c.name)).toEqual(['ball']);
    const ball = backend.plane.children[0] as Mesh;
    expect(ball.geometry.type).toBe('SphereGeometry');
    expect(ball.scale.x).toBe(12); // a unit sphere scaled to the radius
    engine.destroy();
  });

  it('a steady frame builds nothing: the same mesh, geometry and material; a changed sprite is resized and recoloured in place', async () => {
    const backend = threeSystemsBackend({ ...LOGICAL, headless: true });
    const engine = engineOn(backend);
    await engine.play();
    engine.advance(0);
    const runner = engine.scene!.find('runner')!;
    const mesh = backend.meshOf(runner)!;
    const { geometry, material } = mesh;
    for (let t = 16; t < 200; t += 16) engine.advance(t);
    expect(backend.meshOf(runner)).toBe(mesh);
    expect(mesh.geometry).toBe(geometry);
    expect(mesh.material).toBe(material);

    const sprite = runner.get<{ width: number; color: number; alpha?: number }>('sprite')!;
    sprite.width = 56;
    sprite.color = 0xff0000;
    sprite.alpha = 0.5;
    engine.advance(216);
    expect(backend.meshOf(runner)).toBe(mesh);
    expect(mesh.geometry).toBe(geometry); // one shared unit box: only the scale changed
    expect(mesh.scale.x).toBe(56);
    const lambert = mesh.material as unknown as { color: { getHex(): number }; opacity: number; transparent: boolean };
    expect(lambert.color.getHex()).toBe(0xff0000);
    expect(lambert.opacity).toBe(0.5);
    expect(lambert.transparent).toBe(true);
    engine.destroy();
  });

  it('renders once per frame the loop runs: "on a skipped iteration nothing runs at all" draws nothing either', async () => {
    const backend = threeSystemsBackend({ ...LOGICAL, headless: true });
    const engine = engineOn(backend, { globalOptions: { performance: { maxFPS: 30 } } });
    await engine.play();
    let ran = 0;
    for (let t = 0; t <= 1000; t += 1000 / 60) if (engine.advance(t)) ran++;
    expect(ran).toBeGreaterThan(25);
    expect(ran).toBeLessThan(35);
    expect(backend.renderCount).toBe(ran);
    engine.destroy();
  });

  it('destroy (through the engine\'s destroy) frees the meshes, and a destroyed backend draws nothing', async () => {
    const backend = threeSystemsBackend({ ...LOGICAL, headless: true });
    const engine = engineOn(backend);
    await engine.play();
    engine.advance(0);
    expect(backend.meshCount).toBe(1);
    engine.destroy();
    expect(backend.meshCount).toBe(0);
    expect(backend.plane.children).toEqual([]);
    const frames = backend.renderCount;
    backend.render({ sceneId: 'a', entities: [], time: engine.time, frame: 99 });
    expect(backend.renderCount).toBe(frames);
  });

  it('refuses bad options by name, before anything is built', () => {
    expect(() => threeSystemsBackend({ ...LOGICAL, headless: true, fov: 0 })).toThrow(OptionError);
    expect(() => threeSystemsBackend({ ...LOGICAL, headless: true, fov: 0 })).toThrow(/^threeSystemsBackend: fov must be/);
    expect(() => threeSystemsBackend({ logicalWidth: -1, logicalHeight: 540, headless: true })).toThrow(/threeSystemsBackend: logicalWidth must be a finite number > 0, got -1/);
    expect(() => threeSystemsBackend({ ...LOGICAL })).toThrow(/threeSystemsBackend: container must be an HTMLElement/);
    expect(() => threeSystemsBackend({ ...LOGICAL, headless: true, background: 'no-such-colour' })).toThrow(/threeSystemsBackend: background/);
    expect(() => threeSystemsBackend({ ...LOGICAL, headles: true } as never)).toThrow(/unknown option 'headles'; did you mean 'headless'\?/);
  });
});
