import { BoxGeometry, Group, Mesh, MeshBasicMaterial, PlaneGeometry, type Object3D } from 'three';
import { describe, expect, it } from 'vitest';
import { constantClock, fitViewport, OptionError } from 'tickflow';
import { createStateEngine, type PickHit } from 'tickflow/state';
import { cssToNdc, DEFAULT_FOV, threeBackend, type ThreeBackend, type ThreeSurface } from 'tickflow/three';

// The three.js backend in Node (headless: a real Scene, camera and
// Raycaster; no renderer), driven by a real state engine stepped with
// advance(). Issue 4: "it exposes picking through the view (view.pick(x, y)
// or a ray from screen to world)".

const LOGICAL = { logicalWidth: 800, logicalHeight: 600 } as const;
/** The centre of the surface, in CSS pixels (headless: logical units at a ratio of 1). */
const CENTRE = [400, 300] as const;

/** A 1-unit box, named so picks answer with it. */
function box(name: string, x = 0, y = 0, z = 0): Mesh {
  const mesh = new Mesh(new BoxGeometry(1, 1, 1), new MeshBasicMaterial());
  mesh.name = name;
  mesh.position.set(x, y, z);
  return mesh;
}

/** A camera posed 5 units in front of (x, 0, 0), looking straight at it down -z. */
function poseCamera(camera: ThreeSurface['camera'], x: number): void {
  camera.position.set(x, 0, 5);
  camera.lookAt(x, 0, 0);
}

/** A headless backend with `objects` in its scene. */
function backendWith(...objects: Object3D[]): ThreeBackend {
  const backend = threeBackend({ ...LOGICAL, headless: true });
  backend.surface.scene.add(...objects);
  return backend;
}

/** An engine whose render poses the camera at x = 0 and whose update does nothing; advanced once, so the view holds frame 1's camera. */
function posedOnce(backend: ThreeBackend) {
  const engine = createStateEngine({
    backend,
    initial: { n: 0 },
    update: (s) => ({ n: s.n + 1 }),
    render: (_s, { camera }) => poseCamera(camera, 0),
    clock: constantClock(1000 / 60),
  });
  engine.advance();
  return engine;
}

describe('picking through the view (headless three backend, real state engine)', () => {
  it('returns the named mesh under a point, after the camera was posed in render', () => {
    const backend = backendWith(box('target'));
    posedOnce(backend);

    const hit = backend.view.pick(...CENTRE);
    expect(hit?.name).toBe('target');
    // The box's front face is at z = 0.5, the camera at z = 5.
    expect(hit!.point[0]).toBeCloseTo(0, 6);
    expect(hit!.point[1]).toBeCloseTo(0, 6);
    expect(hit!.point[2]).toBeCloseTo(0.5, 6);
    expect(hit!.distance).toBeCloseTo(4.5, 6);
    // A point off the box (a quarter of the width to the left) hits nothing.
    expect(backend.view.pick(200, 300)).toBeUndefined();
  });

  it(
    'answers from the camera the player saw last frame: "Step 7 is where the camera the game posed in step 6 becomes ' +
      'the camera the view answers from, so the next frame\'s update picks against the camera the player is looking through."',
    () => {
      const backend = backendWith(box('target'));
      const engine = createStateEngine({
        backend,
        initial: { cameraX: 0, picks: [] as (string | undefined)[] },
        update: (s, { view, frame }) => ({
          // From frame 2 on, the game moves the camera off the target: frame 2's render poses it at x = 50.
          cameraX: frame.count >= 2 ? 50 : 0,
          picks: [...s.picks, view.pick(...CENTRE)?.name],
        }),
        render: (s, { camera }) => poseCamera(camera, s.cameraX),
        clock: constantClock(1000 / 60),
      });

      engine.advance(); // frame 1: nothing seen yet; render poses the camera on the target
      engine.advance(); // frame 2: update picks through frame 1's camera; render moves the camera away
      expect(backend.surface.camera.position.x, 'frame 2 posed the camera at x = 50').toBe(50);
      engine.advance(); // frame 3: update picks through frame 2's camera

      expect(engine.state.picks).toEqual([
        undefined, // frame 1: no frame has been seen, so there is no camera to pick through
        'target', // frame 2: frame 1's camera, although frame 2's own render then moved it
        undefined, // frame 3: frame 2's camera looks at x = 50
      ]);
    },
  );

  it('ignores a camera moved between frames until the next frame renders through it', () => {
    const backend = backendWith(box('target'));
    const engine = createStateEngine({
      backend,
      initial: { n: 0 },
      update: (s) => ({ n: s.n + 1 }),
      // This render poses nothing: the camera keeps whatever was set on it.
      clock: constantClock(1000 / 60),
    });
    poseCamera(backend.surface.camera, 0);
    engine.advance();
    expect(backend.view.pick(...CENTRE)?.name).toBe('target');

    poseCamera(backend.surface.camera, 50);
    expect(backend.view.pick(...CENTRE)?.name, 'not rendered yet: the view still holds the last frame\'s camera').toBe('target');
    engine.advance();
    expect(backend.view.pick(...CENTRE), 'rendered: the view answers from the moved camera').toBeUndefined();
  });

  it('casts a ray from the camera through the point, in world coordinates', () => {
    const backend = backendWith(box('target'));
    posedOnce(backend);
    const ray = backend.view.ray(...CENTRE)!;
    expect(ray.origin).toEqual([0, 0, 5]);
    expect(ray.direction[0]).toBeCloseTo(0, 9);
    expect(ray.direction[1]).toBeCloseTo(0, 9);
    expect(ray.direction[2]).toBeCloseTo(-1, 9);
    // The top edge of the picture is half the vertical field of view above the axis.
    const top = backend.view.ray(400, 0)!;
    expect(Math.atan2(top.direction[1], -top.direction[2])).toBeCloseTo(((DEFAULT_FOV / 2) * Math.PI) / 180, 6);
  });

  it('has no ray and no pick for a point outside the letterbox (or before any frame)', () => {
    const backend = backendWith(box('target'));
    expect(backend.view.ray(...CENTRE), 'before the first frame: no camera seen').toBeUndefined();
    posedOnce(backend);
    for (const [x, y] of [[-1, 300], [801, 300], [400, -0.5], [400, 600.5]] as const) {
      expect(backend.view.ray(x, y), `(${x}, ${y})`).toBeUndefined();
      expect(backend.view.pick(x, y), `(${x}, ${y})`).toBeUndefined();
    }
    expect(backend.view.ray(0, 0), 'the corner is inside').toBeDefined();
  });

  it('names a hit by the object or its nearest named ancestor, and skips hits with no name at all', () => {
    const ship = new Group();
    ship.name = 'ship';
    ship.add(box('')); // an unnamed hull inside a named group
    const debris = box('', 0, 0, 2); // unnamed, in front of the ship
    const floor = new Mesh(new PlaneGeometry(100, 100), new MeshBasicMaterial());
    floor.name = 'floor';
    floor.position.z = -3;
    const backend = backendWith(ship, debris, floor);
    posedOnce(backend);
    expect(backend.view.pick(...CENTRE)?.name, 'the unnamed debris is passed over; the hull answers as its group').toBe('ship');
  });

  it('picks only what the picture shows: hidden objects and objects off the camera\'s layers are skipped', () => {
    const hidden = box('hidden', 0, 0, 2);
    hidden.visible = false;
    const inHiddenGroup = new Group();
    inHiddenGroup.visible = false;
    inHiddenGroup.add(box('in-hidden-group', 0, 0, 1.5));
    const offLayer = box('off-layer', 0, 0, 1);
    offLayer.layers.set(1);
    const backend = backendWith(hidden, inHiddenGroup, offLayer, box('target'));
    posedOnce(backend);
    expect(backend.view.pick(...CENTRE)?.name).toBe('target');

    backend.surface.camera.layers.enable(1);
    posedOnce(backend);
    expect(backend.view.pick(...CENTRE)?.name, 'the camera now sees layer 1').toBe('off-layer');
  });

  it('picks against world matrices the engine updated at step 7 (render moves objects; present updates the matrices)', () => {
    const target = box('target');
    const backend = backendWith(target);
    const engine = createStateEngine({
      backend,
      initial: { x: 0 },
      update: (_s, { frame }) => ({ x: frame.count >= 2 ? 1.5 : 0 }),
      render: (s, { camera }) => {
        target.position.x = s.x; // the retained scene written from the state
        poseCamera(camera, 0);
      },
      clock: constantClock(16),
    });
    engine.advance();
    expect(backend.view.pick(...CENTRE)?.name).toBe('target');
    engine.advance(); // the target moves to x = 1.5
    expect(backend.view.pick(...CENTRE)).toBeUndefined();
    // Where x = 1.5 on the box's front face (4.5 units away) lands: 300 px is tan(fov / 2) off the axis.
    const pixelsPerTan = 300 / Math.tan(((DEFAULT_FOV / 2) * Math.PI) / 180);
    const hit: PickHit | undefined = backend.view.pick(400 + (1.5 / 4.5) * pixelsPerTan, 300);
    expect(hit?.name, 'found where frame 2 drew it').toBe('target');
  });
});

describe('cssToNdc: CSS pixels to normalized device coordinates inside the letterbox', () => {
  // 1000 × 500 CSS px at a ratio of 2 around an 800 × 600 game: bars left and right.
  const viewport = fitViewport(1000, 500, 2, 800, 600);

  it('maps the letterboxed area onto -1..1, y up', () => {
    expect(viewport).toMatchObject({ x: 333, y: 0, width: 1333, height: 1000 });
    const left = viewport.x / 2;
    const right = (viewport.x + viewport.width) / 2;
    expect(cssToNdc(viewport, left, 0)).toEqual({ x: -1, y: 1 });
    expect(cssToNdc(viewport, right, 500)).toEqual({ x: 1, y: -1 });
    const centre = cssToNdc(viewport, (left + right) / 2, 250)!;
    expect(centre.x).toBeCloseTo(0, 9);
    expect(centre.y).toBeCloseTo(0, 9);
  });

  it('has no point in the bars', () => {
    expect(cssToNdc(viewport, 100, 250)).toBeUndefined();
    expect(cssToNdc(viewport, 900, 250)).toBeUndefined();
    expect(cssToNdc(viewport, 500, 501)).toBeUndefined();
  });
});

describe('the headless backend', () => {
  it('syncs to the logical size at a ratio of 1 and keeps the camera at the logical aspect', () => {
    const backend = threeBackend({ logicalWidth: 960, logicalHeight: 540, headless: true });
    expect(backend.sync()).toEqual(fitViewport(960, 540, 1, 960, 540));
    expect(backend.surface.camera.aspect).toBeCloseTo(960 / 540, 12);
    expect(backend.surface.camera.fov).toBe(DEFAULT_FOV);
    backend.surface.camera.aspect = 1;
    backend.sync();
    expect(backend.surface.camera.aspect, 'step 3 restores the logical aspect').toBeCloseTo(960 / 540, 12);
  });

  it('has no renderer and no canvas; its screen layer draws nothing and throws nothing', () => {
    const backend = threeBackend({ ...LOGICAL, headless: true });
    expect(backend.renderer).toBeUndefined();
    expect(backend.canvas).toBeUndefined();
    expect(backend.screenCanvas).toBeUndefined();
    const { screen } = backend.surface;
    screen.font = '16px sans-serif';
    expect(screen.font).toBe('16px sans-serif');
    expect(() => {
      screen.fillRect(0, 0, 10, 10);
      screen.fillText('score 3', 10, 20);
    }).not.toThrow();
    expect(screen.measureText('score').width).toBe(0);
  });

  it('runs a whole frame (overlay on) with render drawing on the scene, the camera and the screen layer', () => {
    const backend = threeBackend({ ...LOGICAL, headless: true });
    const seen: string[] = [];
    const engine = createStateEngine({
      backend,
      initial: { n: 0 },
      update: (s) => ({ n: s.n + 1 }),
      render: (s, { scene, camera, screen, viewport }) => {
        seen.push(`${scene.type} ${camera.type} ${typeof screen.fillText} ${viewport.width}`);
        screen.fillText(`frame ${s.n}`, 10, 20);
      },
      overlay: true,
      clock: constantClock(16),
    });
    engine.advance();
    engine.advance();
    expect(seen).toEqual(['Scene PerspectiveCamera function 800', 'Scene PerspectiveCamera function 800']);
    expect(engine.state.n).toBe(2);
  });

  it('has no picture to record', () => {
    const backend = threeBackend({ ...LOGICAL, headless: true });
    expect(() => backend.createRecorder({ mode: 'frames' })).toThrow(/headless/);
  });

  it('destroys without error, twice', () => {
    const backend = threeBackend({ ...LOGICAL, headless: true });
    backend.destroy();
    expect(() => backend.destroy()).not.toThrow();
  });
});

describe('threeBackend options', () => {
  it('names the option, the rule and the value', () => {
    expect(() => threeBackend({ ...LOGICAL })).toThrow(OptionError);
    expect(() => threeBackend({ ...LOGICAL })).toThrow(
      'threeBackend: container must be an HTMLElement to draw in (or pass headless: true, e.g. in Node), got undefined',
    );
    expect(() => threeBackend({ logicalWidth: 0, logicalHeight: 600, headless: true })).toThrow(
      'threeBackend: logicalWidth must be a finite number > 0, got 0',
    );
    expect(() => threeBackend({ logicalWidth: 800, logicalHeight: NaN, headless: true })).toThrow(
      'threeBackend: logicalHeight must be a finite number > 0, got NaN',
    );
    expect(() => threeBackend({ ...LOGICAL, fov: 180, headless: true })).toThrow(
      'threeBackend: fov must be a number of degrees > 0 and < 180, got 180',
    );
  });
});
