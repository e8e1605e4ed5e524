// The page bench/browser/backends.ts drives: one cell at a time, a tickflow
// preset on its backend, or the plain library (pixi.js v8 or three.js)
// doing the same game work and the same writes to the same objects, at N
// objects. Every side runs on the page's requestAnimationFrame through one
// timed scheduler and records, per frame, four figures with performance.now()
// (a cross-origin-isolated page: 5 µs steps):
//
// - whole:  the requestAnimationFrame callback, start to end;
// - render: the renderer's own draw call (pixi `app.renderer.render`, three
//           `WebGLRenderer.render`): the CPU side of the draw. No gl.finish:
//           with SwiftShader the rasterizing happens in Chromium's GPU
//           process and is not in any figure here, the same for both sides;
// - sync:   everything the backend does outside that call (for the plain
//           side, everything the app does after its game step): the writes
//           to the display objects, matrix updates, viewport, clears;
// - engine: whole − sync − render: the loop, the clock, the preset's phases
//           and the game's own step (the same game step on both sides).
//
// So engine + sync is the frame without the renderer's draw call, the plain
// side's "update loop".
//
// Every cell uses the settings a shipped game runs with: `readonlyView: false`
// and `determinismWarnings: false` (the production defaults; the Vite dev
// server is a development build).
import { Application, Assets, Container, Graphics, Sprite, Texture, Ticker } from 'pixi.js';
import {
  AmbientLight,
  BoxGeometry,
  Color,
  DirectionalLight,
  Group,
  Mesh,
  MeshLambertMaterial,
  PerspectiveCamera,
  Scene,
  WebGLRenderer,
  type BufferGeometry,
} from 'three';
import { animationFrames, type FrameScheduler } from 'tickflow';
import { pixiBackend, pixiSystemsBackend, type PixiSystemsBackend } from 'tickflow/pixi';
import { Actor, createWorldEngine, type Visual } from 'tickflow/world';
import { threeBackend, threeRuntimeBackend, threeSystemsBackend, type ThreeBackend } from 'tickflow/three';
import { Behavior, createSystemsEngine, type BehaviorOptions, type Entity, type SystemsBackend } from 'tickflow/systems';
import { createStateEngine } from 'tickflow/state';
import { createRuntime, type BehaviorFactory, type BehaviorGame, type EntityHandle } from 'tickflow/runtime';
import { blendPose, copyPose, createPose, type Pose } from '../../src/engines/runtime/pose.js';

/** The logical picture every cell lays its objects out in (pixels; the runtime cell's is in metres, see place3). */
const WIDTH = 960;
const HEIGHT = 540;
/** The canvas: half the logical size (480 × 270 CSS pixels, device pixel ratio 1), as in pixi-sprites-page.ts. */
const CANVAS_WIDTH = 480;
const CANVAS_HEIGHT = 270;
/** tickflow's default background, the clear colour of every side. */
const BACKGROUND = 0x0b0d17;
/** Each object's size: 8 logical pixels (three: an 8 × 8 × 8 box); the runtime's boxes are 0.2 m. */
const SIZE = 8;
const SIZE_M = 0.2;
const COLORS = [0xffcc33, 0x33ccff, 0xff6688, 0x88ff66, 0xcc88ff];
/**
 * The tint changes: each object takes the next colour every TINT_PERIOD_FRAMES
 * frames, object i on the frames where (i + frame) is a multiple of it: 1 %
 * of the objects change colour on every frame. The runtime cell has none: its
 * backend reads a visual's colour once, when it makes the mesh, and the
 * runtime has no call that changes it.
 */
const TINT_PERIOD_FRAMES = 100;

/** Object i's colour after `shade` changes. */
const colorOf = (i: number, shade: number): number => COLORS[(i + shade) % COLORS.length]!;
/** The systems engine's defaults (50 Hz, at most 5 steps a frame, the backlog dropped beyond). */
const SYSTEMS_STEP_S = 1 / 50;
const SYSTEMS_MAX_STEPS = 5;
/** The runtime's defaults (1/60 s, at most 4 ticks a frame, the fraction kept beyond). */
const RUNTIME_STEP_S = 1 / 60;
const RUNTIME_MAX_TICKS = 4;
/** The wall clock's clamp, every preset's default. */
const MAX_DELTA_MS = 250;

/** The cells: which preset on which backend. */
export type Cell = 'pixi-world' | 'pixi-systems' | 'three-state' | 'three-systems' | 'three-runtime';
export type Side = 'tickflow' | 'plain';

// -- the game work, the same for both sides ----------------------------------------

/** Where object i is at t seconds: an orbit of its own around the middle, turning as it goes (pixi-sprites-page.ts's). */
function place(i: number, t: number, out: { x: number; y: number; rotation: number }): void {
  const radius = 20 + ((i * 37) % 240);
  const speed = 0.3 + ((i * 13) % 17) / 17;
  const angle = i * 0.618 + speed * t;
  out.x = WIDTH / 2 + radius * 1.6 * Math.cos(angle);
  out.y = HEIGHT / 2 + radius * Math.sin(angle);
  out.rotation = angle;
}

/** The runtime cell's orbit, in metres on the ground plane (y up), turning about y: position and a unit quaternion. */
function place3(i: number, t: number, position: Float64Array, rotation: Float64Array): void {
  const radius = 0.5 + ((i * 37) % 240) / 40;
  const speed = 0.3 + ((i * 13) % 17) / 17;
  const angle = i * 0.618 + speed * t;
  position[0] = radius * Math.cos(angle);
  position[1] = 0.2 + (i % 7) * 0.3;
  position[2] = radius * Math.sin(angle);
  rotation[0] = 0;
  rotation[1] = Math.sin(angle / 2);
  rotation[2] = 0;
  rotation[3] = Math.cos(angle / 2);
}

/** The systems engine's interpolation arithmetic (src/engines/systems/interpolation.ts), written out by the plain side. */
function turnBetween(from: number, to: number): number {
  const turn = (to - from) % (Math.PI * 2);
  if (turn >= Math.PI) return turn - Math.PI * 2;
  if (turn < -Math.PI) return turn + Math.PI * 2;
  return turn;
}

// -- the timing: one scheduler and one log for every side --------------------------

/** Per-frame figures, in preallocated arrays so recording allocates nothing. */
class FrameLog {
  static readonly CAPACITY = 100_000;
  readonly wholeMs = new Float64Array(FrameLog.CAPACITY);
  readonly engineMs = new Float64Array(FrameLog.CAPACITY);
  readonly syncMs = new Float64Array(FrameLog.CAPACITY);
  readonly renderMs = new Float64Array(FrameLog.CAPACITY);
  frames = 0;
  recording = false;
  /** Every frame run, recorded or not. */
  drawn = 0;
  /** This frame's time inside the backend (sync + render), and inside the renderer's draw call. */
  backendMs = 0;
  drawMs = 0;
  record(whole: number): void {
    this.drawn++;
    if (!this.recording || this.frames >= FrameLog.CAPACITY) return;
    const i = this.frames++;
    this.wholeMs[i] = whole;
    this.renderMs[i] = this.drawMs;
    this.syncMs[i] = this.backendMs - this.drawMs;
    this.engineMs[i] = whole - this.backendMs;
  }
}

const log = new FrameLog();
const stage = document.querySelector<HTMLElement>('#stage')!;

/**
 * The page's requestAnimationFrame, timed: each callback, start to end, is
 * one frame's whole time. tickflow's engines take it as their host
 * (`animationFrames(timedFrames)`); the plain loops request their frames
 * from it too. One pending callback at a time (each side asks for one frame
 * ahead), one function made once: nothing allocated per frame.
 */
let pending: ((timestampMs: number) => void) | undefined;
function onFrame(timestampMs: number): void {
  const callback = pending!;
  pending = undefined;
  log.backendMs = 0;
  log.drawMs = 0;
  const t0 = performance.now();
  callback(timestampMs);
  log.record(performance.now() - t0);
}
const timedFrames: FrameScheduler = {
  requestAnimationFrame(callback) {
    pending = callback;
    return requestAnimationFrame(onFrame);
  },
  cancelAnimationFrame(handle) {
    pending = undefined;
    cancelAnimationFrame(handle);
  },
};

/** Wraps `target[key]` (a method of up to two arguments) so its time adds to the frame's backend time, or its draw time. */
function timed<T extends object>(target: T, key: keyof T & string, into: 'backendMs' | 'drawMs'): void {
  const original = (target[key] as (a?: unknown, b?: unknown) => unknown).bind(target);
  (target as Record<string, unknown>)[key] = (a?: unknown, b?: unknown) => {
    const t0 = performance.now();
    const result = original(a, b);
    log[into] += performance.now() - t0;
    return result;
  };
}

/** Times a plain side's block as backend time (sync); the draw call inside is timed on its own. */
function timeBlock(block: () => void): void {
  const t0 = performance.now();
  block();
  log.backendMs += performance.now() - t0;
}

/** Runs `frame` on every timed frame, with the wall delta in seconds (the wall clock's rule: first frame 0, clamped at 250 ms). */
function plainLoop(frame: (dtSeconds: number) => void): void {
  let last = -1;
  const each = (now: number): void => {
    const dt = last < 0 ? 0 : Math.min(MAX_DELTA_MS, Math.max(0, now - last)) / 1000;
    last = now;
    frame(dt);
    timedFrames.requestAnimationFrame(each);
  };
  timedFrames.requestAnimationFrame(each);
}

// -- pixi.js: the world engine on pixiBackend, and plain pixi.js --------------------

/**
 * pixi's housekeeping ticker, run on a plain side as both pixi backends run
 * it (src/backends/pixi/pixi-tickers.ts): stopped, and advanced once a frame
 * inside the frame, just before the draw; returns that advance. Left to run,
 * `Ticker.system` asks for animation frames of its own, and both of the
 * following went uncharged to the plain side (measured 2026-12-07 at 2,000
 * objects): its housekeeping, about 85 µs a frame with its own request, ran
 * in a callback outside the timed frame; and because it had asked for the
 * page's next frame already, the plain loop's own request took 15-20 µs
 * where the engine's, the frame's first, took 68-95 in headless Chromium.
 * The three.js sides have no such ticker: each side makes one request.
 */
function holdSystemTicker(): () => void {
  const ticker = Ticker.system;
  ticker.autoStart = false;
  ticker.stop();
  return () => ticker.update(performance.now());
}

/** The alias of the texture every world-cell sprite shows. */
const TEXTURE = 'bench-dot';

/** A 12 × 12 white dot with a grey notch, drawn on a canvas: a real texture, the same one for both sides, tinted. */
function dotTexture(): Texture {
  const canvas = document.createElement('canvas');
  canvas.width = canvas.height = 12;
  const ctx = canvas.getContext('2d')!;
  ctx.fillStyle = '#ffffff';
  ctx.beginPath();
  ctx.arc(6, 6, 5.5, 0, 2 * Math.PI);
  ctx.fill();
  ctx.fillStyle = '#808080';
  ctx.fillRect(6, 5, 6, 2);
  return Texture.from(canvas);
}

/** The world cell's visuals, one per colour, made once (visuals are values: a tint change assigns another). */
const WORLD_VISUALS: readonly Visual[] = COLORS.map((tint) => ({ kind: 'sprite', texture: TEXTURE, tint }));

/** The world cell's actor: placed on its orbit at the world's time each tick (pixi-sprites-page.ts's Mover), its tint changed on its frames. */
class Mover extends Actor {
  override visual: Visual;
  private frames = 0;
  private shade = 0;
  constructor(private readonly index: number) {
    super();
    this.visual = WORLD_VISUALS[index % COLORS.length]!;
  }
  override tick(): void {
    place(this.index, this.world!.time, this);
    if ((this.index + ++this.frames) % TINT_PERIOD_FRAMES === 0) this.visual = WORLD_VISUALS[(this.index + ++this.shade) % COLORS.length]!;
  }
}

async function runPixiWorld(count: number): Promise<void> {
  Assets.cache.set(TEXTURE, dotTexture());
  const backend = await pixiBackend({ container: stage, logicalWidth: WIDTH, logicalHeight: HEIGHT, background: BACKGROUND });
  if (backend.rendererName !== 'webgl') throw new Error(`bench: pixi chose ${backend.rendererName}, not webgl`);
  timed(backend as unknown as { render: () => void }, 'render', 'backendMs');
  timed(backend.app.renderer as unknown as Record<string, () => void>, 'render', 'drawMs');
  const engine = createWorldEngine({
    backend,
    ticks: animationFrames(timedFrames),
    determinismWarnings: false,
    levels: {
      field(world) {
        for (let i = 0; i < count; i++) world.spawn(new Mover(i));
        world.camera.x = WIDTH / 2;
        world.camera.y = HEIGHT / 2;
      },
    },
    startLevel: 'field',
  });
  engine.start();
}

/**
 * Plain pixi.js v8, the same objects and settings as pixiBackend (its
 * Application options, as for the systems cell): one Sprite per object
 * (the same texture, anchored at its centre) in one Container scaled to
 * the canvas; the game step places each object on its orbit at the game's
 * time (the world engine's `world.time`: the sum of the frame deltas) and
 * writes a tint on its tint frames; per frame position and rotation
 * written to each Sprite, pixi's housekeeping advanced (holdSystemTicker),
 * then one render. (pixiBackend also writes alpha each frame, and on a tint
 * change sets texture, anchor, scale and tint from the new visual.)
 */
async function runPlainPixiWorld(count: number): Promise<void> {
  const app = new Application();
  await app.init({ preference: 'webgl', autoStart: false, sharedTicker: false, width: CANVAS_WIDTH, height: CANVAS_HEIGHT, resolution: 1, autoDensity: false, antialias: true, background: BACKGROUND });
  if (app.renderer.name !== 'webgl') throw new Error(`bench: pixi chose ${app.renderer.name}, not webgl`);
  stage.append(app.canvas);
  timed(app.renderer as unknown as Record<string, () => void>, 'render', 'drawMs');
  const texture = dotTexture();
  const layer = new Container();
  layer.scale.set(CANVAS_WIDTH / WIDTH);
  app.stage.addChild(layer);
  const things = Array.from({ length: count }, () => ({ x: 0, y: 0, rotation: 0, frames: 0, shade: 0 }));
  const sprites = things.map((_, i) => layer.addChild(new Sprite({ texture, anchor: 0.5, tint: colorOf(i, 0) })));
  const housekeeping = holdSystemTicker();
  let time = 0;
  const writeAndDraw = (): void => {
    for (let i = 0; i < count; i++) {
      const thing = things[i]!;
      const sprite = sprites[i]!;
      sprite.position.set(thing.x, thing.y);
      sprite.rotation = thing.rotation;
    }
    housekeeping();
    app.renderer.render(app.stage);
  };
  plainLoop((dt) => {
    time += dt;
    for (let i = 0; i < count; i++) {
      const thing = things[i]!;
      place(i, time, thing);
      if ((i + ++thing.frames) % TINT_PERIOD_FRAMES === 0) sprites[i]!.tint = colorOf(i, ++thing.shade);
    }
    timeBlock(writeAndDraw);
  });
}

// -- pixi.js: the systems engine on pixiSystemsBackend, and plain pixi.js ----------

/** The systems cells' one behavior: the object's own clock advanced each fixed step, its transform placed on its orbit. */
class Orbit extends Behavior {
  private readonly entity: Entity;
  private readonly time: { readonly fixedDeltaTime: number };
  private readonly index: number;
  private readonly sprite: { color: number };
  private t = 0;
  private frames = 0;
  private shade = 0;
  constructor(options: BehaviorOptions) {
    super();
    this.entity = options.entity;
    this.time = options.time;
    this.index = options.entity.get<{ index: number }>('orbit')!.index;
    this.sprite = options.entity.get<{ color: number }>('sprite')!;
  }
  fixedUpdate(): void {
    this.t += this.time.fixedDeltaTime;
    place(this.index, this.t, this.entity.transform);
  }
  /** The tint change, on its frames: the sprite component's colour (the backend recolours the object). */
  update(): void {
    if ((this.index + ++this.frames) % TINT_PERIOD_FRAMES !== 0) return;
    this.sprite.color = colorOf(this.index, ++this.shade);
  }
}

function systemsEntities(count: number) {
  return Array.from({ length: count }, (_, i) => {
    const at = { x: 0, y: 0, rotation: 0 };
    place(i, 0, at);
    return {
      id: `e${i}`,
      transform: at,
      components: { orbit: { index: i }, sprite: { shape: 'rect' as const, width: SIZE, height: SIZE, color: colorOf(i, 0) } },
      behaviors: [Orbit],
    };
  });
}

/** The systems engine on `backend`, its render and the renderer's draw call timed. */
async function runSystemsEngine(count: number, backend: SystemsBackend, renderer: object, draw: string): Promise<void> {
  timed(backend as unknown as { render: () => void }, 'render', 'backendMs');
  timed(renderer as Record<string, () => void>, draw, 'drawMs');
  const engine = createSystemsEngine({
    scenes: [{ id: 'bench', entities: systemsEntities(count) }],
    startSceneId: 'bench',
    backend,
    ticks: animationFrames(timedFrames),
    determinismWarnings: false,
  });
  await engine.play();
}

/** What the plain systems loops keep per object: the pose, the pose before the step, the drawn pose, its own clock. */
class PlainThing {
  x = 0;
  y = 0;
  rotation = 0;
  px = 0;
  py = 0;
  prot = 0;
  dx = 0;
  dy = 0;
  drot = 0;
  t = 0;
  frames = 0;
  shade = 0;
}

/**
 * The systems engine's game work, written as a plain app writes it: a
 * fixed-step accumulator (50 Hz, at most 5 steps, the backlog dropped), per
 * step previous <- current and each object's step (its clock, its orbit),
 * per frame the drawn pose blended by alpha with the engine's arithmetic.
 */
function plainSystemsStep(things: PlainThing[], accumulator: { s: number }, dt: number): void {
  accumulator.s += dt;
  let steps = Math.floor(accumulator.s / SYSTEMS_STEP_S);
  if (steps > SYSTEMS_MAX_STEPS) {
    steps = SYSTEMS_MAX_STEPS;
    accumulator.s = 0;
  } else accumulator.s -= steps * SYSTEMS_STEP_S;
  for (let s = 0; s < steps; s++) {
    for (let i = 0; i < things.length; i++) {
      const thing = things[i]!;
      thing.px = thing.x;
      thing.py = thing.y;
      thing.prot = thing.rotation;
    }
    for (let i = 0; i < things.length; i++) {
      const thing = things[i]!;
      thing.t += SYSTEMS_STEP_S;
      place(i, thing.t, thing);
    }
  }
  const alpha = accumulator.s / SYSTEMS_STEP_S;
  for (let i = 0; i < things.length; i++) {
    const thing = things[i]!;
    thing.dx = thing.px + (thing.x - thing.px) * alpha;
    thing.dy = thing.py + (thing.y - thing.py) * alpha;
    thing.drot = thing.prot + turnBetween(thing.prot, thing.rotation) * alpha;
  }
}

/** The systems cells' tint changes, by hand: `recolor(i, colour)` for each object whose frame it is. */
function plainTints(things: PlainThing[], recolor: (i: number, color: number) => void): void {
  for (let i = 0; i < things.length; i++) {
    const thing = things[i]!;
    if ((i + ++thing.frames) % TINT_PERIOD_FRAMES === 0) recolor(i, colorOf(i, ++thing.shade));
  }
}

function plainThings(count: number): PlainThing[] {
  return Array.from({ length: count }, (_, i) => {
    const thing = new PlainThing();
    place(i, 0, thing);
    thing.px = thing.dx = thing.x;
    thing.py = thing.dy = thing.y;
    thing.prot = thing.drot = thing.rotation;
    return thing;
  });
}

async function runPixiSystems(count: number): Promise<void> {
  const backend: PixiSystemsBackend = await pixiSystemsBackend({ container: stage, logicalWidth: WIDTH, logicalHeight: HEIGHT, background: BACKGROUND });
  if (backend.rendererName !== 'webgl') throw new Error(`bench: pixi chose ${backend.rendererName}, not webgl`);
  await runSystemsEngine(count, backend, backend.app.renderer, 'render');
}

/**
 * Plain pixi.js v8, the same objects and settings as pixiSystemsBackend:
 * an Application with the backend's init options (WebGL, antialias,
 * resolution 1, the clear colour, no ticker), one Graphics per object (a
 * rectangle the same size) in one Container scaled to the canvas, and per
 * frame position and rotation written to each Graphics from its drawn
 * pose, pixi's housekeeping advanced (holdSystemTicker), then one render.
 * The game step above is the engine's work done by hand. The tint changes
 * are the same write on both sides: a plain pixi app fills white once and
 * writes `tint`, the one write pixi has for a colour change, as
 * pixiSystemsBackend does (since issue 29, item 2; it used to redraw the
 * Graphics).
 */
async function runPlainPixiSystems(count: number): Promise<void> {
  const app = new Application();
  await app.init({ preference: 'webgl', autoStart: false, sharedTicker: false, width: CANVAS_WIDTH, height: CANVAS_HEIGHT, resolution: 1, autoDensity: false, antialias: true, background: BACKGROUND });
  if (app.renderer.name !== 'webgl') throw new Error(`bench: pixi chose ${app.renderer.name}, not webgl`);
  stage.append(app.canvas);
  timed(app.renderer as unknown as Record<string, () => void>, 'render', 'drawMs');
  const layer = new Container();
  layer.scale.set(CANVAS_WIDTH / WIDTH);
  app.stage.addChild(layer);
  const things = plainThings(count);
  // A plain pixi app colours a shape it recolours with `tint` (a white fill, tinted): one write, no redraw.
  const shapes: Graphics[] = things.map((_, i) => {
    const shape = new Graphics().rect(-SIZE / 2, -SIZE / 2, SIZE, SIZE).fill({ color: 0xffffff, alpha: 1 });
    shape.tint = colorOf(i, 0);
    return layer.addChild(shape);
  });
  const accumulator = { s: 0 };
  const recolor = (i: number, color: number): void => {
    shapes[i]!.tint = color;
  };
  const housekeeping = holdSystemTicker();
  const writeAndDraw = (): void => {
    for (let i = 0; i < things.length; i++) {
      const thing = things[i]!;
      const shape = shapes[i]!;
      shape.position.set(thing.dx, thing.dy);
      shape.rotation = thing.drot;
    }
    housekeeping();
    app.renderer.render(app.stage);
  };
  plainLoop((dt) => {
    plainSystemsStep(things, accumulator, dt);
    // The tint changes, written where a plain app decides them: in its game step.
    plainTints(things, recolor);
    timeBlock(writeAndDraw);
  });
}

// -- three.js: shared by the three cells' plain sides ------------------------------

/** The renderer every three backend makes (three-backend.ts): antialias, opaque, pixel ratio 1, the clear colour, its own canvas. */
function plainRenderer(): WebGLRenderer {
  const canvas = document.createElement('canvas');
  canvas.style.cssText = 'position:absolute;left:0;top:0;display:block;';
  const renderer = new WebGLRenderer({ canvas, antialias: true, alpha: false });
  renderer.setPixelRatio(1);
  renderer.setClearColor(new Color(BACKGROUND), 1);
  renderer.setSize(CANVAS_WIDTH, CANVAS_HEIGHT, false);
  canvas.style.width = `${CANVAS_WIDTH}px`;
  canvas.style.height = `${CANVAS_HEIGHT}px`;
  stage.append(canvas);
  timed(renderer as unknown as Record<string, () => void>, 'render', 'drawMs');
  return renderer;
}

/** The lights the systems and runtime backends add (stage-lights.ts): an ambient light and a sun aimed at `target`. */
function addLights(scene: Scene, sunAt: readonly [number, number, number], target: readonly [number, number, number]): void {
  const sun = new DirectionalLight(0xffffff, 2);
  sun.position.set(...sunAt);
  sun.target.position.set(...target);
  scene.add(new AmbientLight(0xffffff, 1.2), sun, sun.target);
}

/** The systems backend's camera (three-systems-backend.ts): on the logical plane's centre line, its field of view spanning the height. */
function fitCamera(camera: PerspectiveCamera): void {
  const distance = HEIGHT / 2 / Math.tan((camera.fov * Math.PI) / 360);
  camera.position.set(WIDTH / 2, -HEIGHT / 2, distance);
  camera.rotation.set(0, 0, 0);
  camera.near = distance / 100;
  camera.far = distance * 4;
  camera.updateProjectionMatrix();
}

/**
 * A plain three.js frame's sync and draw, as the backends leave three
 * configured: the scene's automatic matrix update off and one
 * `updateMatrixWorld` a frame before the draw (the backends do the same),
 * so the matrix work sits in sync on both sides; the draw clears and
 * renders the whole canvas (no letterbox is needed at the same aspect).
 */
function plainPresent(renderer: WebGLRenderer, scene: Scene, camera: PerspectiveCamera): void {
  scene.updateMatrixWorld();
  if (camera.parent === null) camera.updateMatrixWorld();
  renderer.render(scene, camera);
}

// -- three.js: the systems engine on threeSystemsBackend, and plain three.js -------

async function runThreeSystems(count: number): Promise<void> {
  const backend = threeSystemsBackend({ container: stage, logicalWidth: WIDTH, logicalHeight: HEIGHT, background: BACKGROUND });
  await runSystemsEngine(count, backend, backend.renderer!, 'render');
}

/**
 * Plain three.js, the same objects as threeSystemsBackend: one Mesh per
 * object with its own MeshLambertMaterial (its colour), all sharing one
 * unit BoxGeometry scaled to the object's size, in a Group flipped in y,
 * the same camera and lights; per frame position x, y and rotation z
 * written to each mesh from its drawn pose, then one draw; on its tint
 * frames, the material's colour (`color.setHex`, as the backend does).
 */
function runPlainThreeSystems(count: number): void {
  const renderer = plainRenderer();
  const scene = new Scene();
  scene.matrixWorldAutoUpdate = false;
  const camera = new PerspectiveCamera(50, WIDTH / HEIGHT, 0.1, 1000);
  fitCamera(camera);
  const plane = new Group();
  plane.scale.set(1, -1, 1);
  scene.add(plane);
  addLights(scene, [camera.position.x - WIDTH / 2, camera.position.y + HEIGHT, camera.position.z], [WIDTH / 2, -HEIGHT / 2, 0]);
  const box = new BoxGeometry(1, 1, 1);
  const things = plainThings(count);
  const meshes = things.map((_, i) => {
    const mesh = new Mesh<BufferGeometry, MeshLambertMaterial>(box, new MeshLambertMaterial({ color: colorOf(i, 0) }));
    mesh.scale.set(SIZE, SIZE, SIZE);
    plane.add(mesh);
    return mesh;
  });
  const accumulator = { s: 0 };
  const recolor = (i: number, color: number): void => {
    meshes[i]!.material.color.setHex(color);
  };
  const writeAndDraw = (): void => {
    for (let i = 0; i < things.length; i++) {
      const thing = things[i]!;
      const mesh = meshes[i]!;
      mesh.position.x = thing.dx;
      mesh.position.y = thing.dy;
      mesh.rotation.z = thing.drot;
    }
    plainPresent(renderer, scene, camera);
  };
  plainLoop((dt) => {
    plainSystemsStep(things, accumulator, dt);
    // The tint changes, written where a plain app decides them: in its game step.
    plainTints(things, recolor);
    timeBlock(writeAndDraw);
  });
}

// -- three.js: the state engine on threeBackend, and plain three.js ----------------

/** The state cell's state: seconds simulated and frames updated (update returns a new one each frame, as the state engine asks). */
interface OrbitState {
  readonly time: number;
  readonly frame: number;
}
const stateUpdate = (view: OrbitState, context: { readonly dt: number }): OrbitState => ({ time: view.time + context.dt, frame: view.frame + 1 });

/** The state cell's scene, made once by the game in the scene it is given: one Mesh per object (its own material), one shared box, lights. */
function stateScene(scene: Scene, camera: PerspectiveCamera, count: number): Mesh<BufferGeometry, MeshLambertMaterial>[] {
  fitCamera(camera);
  addLights(scene, [camera.position.x - WIDTH / 2, camera.position.y + HEIGHT, camera.position.z], [WIDTH / 2, -HEIGHT / 2, 0]);
  const box = new BoxGeometry(SIZE, SIZE, SIZE);
  return Array.from({ length: count }, (_, i) => {
    const mesh = new Mesh(box, new MeshLambertMaterial({ color: colorOf(i, 0) }));
    scene.add(mesh);
    return mesh;
  });
}

/**
 * The state cell's render: each mesh placed on its orbit at the state's time
 * (y up in three, so y and the turn flip), and recoloured on its tint frames
 * (the material's colour: the one write three.js has for it).
 */
function stateRender(meshes: readonly Mesh<BufferGeometry, MeshLambertMaterial>[], time: number, frame: number, at: { x: number; y: number; rotation: number }): void {
  for (let i = 0; i < meshes.length; i++) {
    const mesh = meshes[i]!;
    if ((i + frame) % TINT_PERIOD_FRAMES === 0) mesh.material.color.setHex(colorOf(i, (i + frame) / TINT_PERIOD_FRAMES));
    place(i, time, at);
    mesh.position.x = at.x;
    mesh.position.y = -at.y;
    mesh.rotation.z = -at.rotation;
  }
}

function runThreeState(count: number): void {
  const backend: ThreeBackend = threeBackend({ container: stage, logicalWidth: WIDTH, logicalHeight: HEIGHT, background: BACKGROUND });
  // The backend's four calls of a frame and the game's render (the writes) are the sync; the renderer's draw is timed on its own.
  for (const key of ['sync', 'beginScreen', 'present', 'composite'] as const) timed(backend, key, 'backendMs');
  timed(backend.renderer! as unknown as Record<string, () => void>, 'render', 'drawMs');
  const meshes = stateScene(backend.surface.scene, backend.surface.camera, count);
  const at = { x: 0, y: 0, rotation: 0 };
  let time = 0;
  let frame = 0;
  const writes = (): void => stateRender(meshes, time, frame, at);
  const render = (view: OrbitState): void => {
    time = view.time;
    frame = view.frame;
    timeBlock(writes);
  };
  const engine = createStateEngine({
    initial: { time: 0, frame: 0 } as OrbitState,
    update: stateUpdate,
    render,
    backend,
    ticks: animationFrames(timedFrames),
    readonlyView: false,
    determinismWarnings: false,
  });
  engine.start();
}

/** Plain three.js, the same objects, state and writes as the state cell: `state = update(state, dt)`, the render writes, one draw. */
function runPlainThreeState(count: number): void {
  const renderer = plainRenderer();
  const scene = new Scene();
  scene.matrixWorldAutoUpdate = false;
  const camera = new PerspectiveCamera(50, WIDTH / HEIGHT, 0.1, 1000);
  const meshes = stateScene(scene, camera, count);
  const at = { x: 0, y: 0, rotation: 0 };
  let state: OrbitState = { time: 0, frame: 0 };
  const context = { dt: 0 };
  const writeAndDraw = (): void => {
    stateRender(meshes, state.time, state.frame, at);
    plainPresent(renderer, scene, camera);
  };
  plainLoop((dt) => {
    context.dt = dt;
    state = stateUpdate(state, context);
    timeBlock(writeAndDraw);
  });
}

// -- three.js: the fixed-tick runtime on threeRuntimeBackend, and plain three.js ---

/**
 * The runtime cell's behavior: each fixed tick, the object's own clock
 * advanced and its transform set on its orbit (`setTransform`, from one
 * pose update made once). No physics: the runtime runs without an adapter
 * (`physics` is optional) and the objects have no bodies.
 */
const orbitBehavior: BehaviorFactory = (game: BehaviorGame, self: EntityHandle) => new RuntimeOrbit(Number(game.nameOf(self).slice(1)));

/** The runtime cell's behavior object: a class, so its clock is a field V8 updates in place (a closure's `let` would box each new number). */
class RuntimeOrbit {
  private readonly pose = { position: new Float64Array(3), rotation: new Float64Array(4) };
  private t = 0;
  constructor(private readonly index: number) {}
  fixedUpdate(game: BehaviorGame, self: EntityHandle, delta: number): void {
    this.t += delta;
    place3(this.index, this.t, this.pose.position, this.pose.rotation);
    game.setTransform(self, this.pose);
  }
}

function runtimeScene(count: number) {
  const position = new Float64Array(3);
  const rotation = new Float64Array(4);
  return {
    name: 'bench',
    simulation: { fixed_delta: RUNTIME_STEP_S, max_catch_up_ticks: RUNTIME_MAX_TICKS },
    objects: Array.from({ length: count }, (_, i) => {
      place3(i, 0, position, rotation);
      return {
        name: `o${i}`,
        position: [...position] as [number, number, number],
        rotation: [...rotation] as [number, number, number, number],
        visual: { shape: 'box' as const, color: `#${colorOf(i, 0).toString(16).padStart(6, '0')}`, size: [SIZE_M, SIZE_M, SIZE_M] as [number, number, number] },
        behaviors: ['orbit'],
      };
    }),
  };
}

function runThreeRuntime(count: number): void {
  const backend = threeRuntimeBackend({ container: stage, logicalWidth: WIDTH, logicalHeight: HEIGHT, background: BACKGROUND });
  timed(backend as unknown as { render: () => void }, 'render', 'backendMs');
  timed(backend.renderer! as unknown as Record<string, () => void>, 'render', 'drawMs');
  const runtime = createRuntime({
    scene: runtimeScene(count),
    behaviors: { orbit: orbitBehavior },
    backend,
    ticks: animationFrames(timedFrames),
    determinismWarnings: false,
  });
  runtime.start();
}

/**
 * Plain three.js, the same objects as threeRuntimeBackend: one Mesh per
 * object, all of one size sharing one BoxGeometry (the backend shares a
 * geometry among the meshes of a shape and size), each with its own
 * MeshLambertMaterial, the backend's camera
 * (0, 8, 16) looking at the origin and its lights. The game work is the
 * runtime's, by hand, as bench/runtime.ts's hand-written loop does it: a
 * fixed-step accumulator (1/60 s, at most 4 ticks, the fraction kept), per
 * tick previous <- current (`copyPose`) and each object's step (its clock,
 * its orbit into the current pose), per frame the presented pose blended
 * (`blendPose`, the runtime's own function). Per frame the plain app writes
 * what changed: position and quaternion (the backend also writes scale).
 */
function runPlainThreeRuntime(count: number): void {
  const renderer = plainRenderer();
  const scene = new Scene();
  scene.matrixWorldAutoUpdate = false;
  const camera = new PerspectiveCamera(50, WIDTH / HEIGHT, 0.1, 1000);
  camera.position.set(0, 8, 16);
  camera.lookAt(0, 0, 0);
  const world = new Group();
  scene.add(world);
  addLights(scene, [-8, 20, 10], [0, 0, 0]);
  const box = new BoxGeometry(SIZE_M, SIZE_M, SIZE_M);
  const things = Array.from({ length: count }, (_, i) => {
    const previous = createPose();
    const current = createPose();
    const presented = createPose();
    place3(i, 0, current.position, current.rotation);
    copyPose(previous, current);
    copyPose(presented, current);
    const mesh = new Mesh(box, new MeshLambertMaterial({ color: colorOf(i, 0) }));
    world.add(mesh);
    return { previous, current, presented, mesh, t: 0 };
  });
  let accumulatorS = 0;
  const writeAndDraw = (): void => {
    for (let i = 0; i < things.length; i++) {
      const { presented, mesh } = things[i]!;
      const p = presented.position;
      const q = presented.rotation;
      mesh.position.set(p[0]!, p[1]!, p[2]!);
      mesh.quaternion.set(q[0]!, q[1]!, q[2]!, q[3]!);
    }
    plainPresent(renderer, scene, camera);
  };
  plainLoop((dt) => {
    accumulatorS += dt;
    let ticks = Math.floor(accumulatorS / RUNTIME_STEP_S);
    accumulatorS -= ticks * RUNTIME_STEP_S;
    if (ticks > RUNTIME_MAX_TICKS) ticks = RUNTIME_MAX_TICKS; // keep-fraction: the excess whole ticks dropped, the remainder kept
    for (let s = 0; s < ticks; s++) {
      for (let i = 0; i < things.length; i++) {
        const thing = things[i]!;
        copyPose(thing.previous, thing.current);
        thing.t += RUNTIME_STEP_S;
        place3(i, thing.t, thing.current.position, thing.current.rotation);
      }
    }
    const alpha = accumulatorS / RUNTIME_STEP_S;
    for (let i = 0; i < things.length; i++) {
      const thing = things[i]!;
      blendPose(thing.presented, thing.previous, thing.current, alpha);
    }
    timeBlock(writeAndDraw);
  });
}

// -- the page's API --------------------------------------------------------------

declare global {
  interface Window {
    __backendBench?: {
      run(cell: Cell, side: Side, count: number): Promise<void>;
      /** Frames run so far. */
      frames(): number;
      startRecording(): void;
      stopRecording(): { frames: number; wholeMs: number[]; engineMs: number[]; syncMs: number[]; renderMs: number[] };
      /** Whether the page is cross-origin isolated (performance.now() in 5 µs steps, not 100 µs). */
      isolated: boolean;
    };
  }
}

const RUNS: Record<Cell, Record<Side, (count: number) => void | Promise<void>>> = {
  'pixi-world': { tickflow: runPixiWorld, plain: runPlainPixiWorld },
  'pixi-systems': { tickflow: runPixiSystems, plain: runPlainPixiSystems },
  'three-state': { tickflow: runThreeState, plain: runPlainThreeState },
  'three-systems': { tickflow: runThreeSystems, plain: runPlainThreeSystems },
  'three-runtime': { tickflow: runThreeRuntime, plain: runPlainThreeRuntime },
};

window.__backendBench = {
  async run(cell, side, count) {
    await RUNS[cell][side](count);
  },
  frames: () => log.drawn,
  isolated: globalThis.crossOriginIsolated === true,
  startRecording() {
    log.frames = 0;
    log.recording = true;
  },
  stopRecording() {
    log.recording = false;
    const n = log.frames;
    return {
      frames: n,
      wholeMs: Array.from(log.wholeMs.subarray(0, n)),
      engineMs: Array.from(log.engineMs.subarray(0, n)),
      syncMs: Array.from(log.syncMs.subarray(0, n)),
      renderMs: Array.from(log.renderMs.subarray(0, n)),
    };
  },
};
