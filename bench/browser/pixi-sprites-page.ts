// The page bench/browser/pixi-sprites.ts drives: N sprites moved the same way
// by tickflow's world engine on the pixi backend, or by a plain pixi.js v8
// app written as its users write one (one Sprite per thing, positions written
// in a loop, one render per frame). Both run on the page's frames and record,
// per frame, how long the sprite sync took and how long the whole frame's
// drawing took (sync + render), with performance.now().
//
// Two more kinds take the gap between them apart (BENCH_KINDS in
// pixi-sprites.ts): 'tickflow-floor' is the tickflow page with the backend's
// sync replaced, once it has built the display objects, by the bare two
// writes per actor the plain loop does (no liveness, visual or alpha, no
// bookkeeping): what no backend can go below on that page. 'plain-scene' is
// the plain app also moving one Graphics, one Text and one Container each
// frame, as a game's scene has them beside its sprites.
import { Application, Container, Graphics, Sprite, Text, Texture, Ticker } from 'pixi.js';
import { animationFrames, wallClock } from 'tickflow';
import { Actor, createWorldEngine, type WorldEngine } from 'tickflow/world';
import { pixiBackend, type PixiBackend } from 'tickflow/pixi';

/** The logical picture both lay the sprites out in. */
const WIDTH = 960;
const HEIGHT = 540;

/**
 * How much of it both draw, to the canvas: half size (480 × 270 CSS pixels).
 * The bench measures the CPU's work (the sync, the allocations); a smaller
 * canvas only cuts the software rasterizer's fill work, so more frames run.
 */
const DRAWN_SCALE = 0.5;

/** The alias of the texture every sprite shows. */
const TEXTURE = 'bench-dot';

/** Where sprite i is at t seconds: an orbit of its own around the middle, turning as it goes. */
function place(i: number, t: number, out: { x: number; y: number; rotation: number }): void {
  const radius = 20 + ((i * 37) % 240);
  const speed = 0.3 + ((i * 13) % 17) / 17;
  const phase = i * 0.618;
  const angle = phase + speed * t;
  out.x = WIDTH / 2 + radius * 1.6 * Math.cos(angle);
  out.y = HEIGHT / 2 + radius * Math.sin(angle);
  out.rotation = angle;
}

/** A 12 × 12 dot drawn on a canvas: a real texture, the same one for both. */
function dotTexture(): Texture {
  const canvas = document.createElement('canvas');
  canvas.width = canvas.height = 12;
  const ctx = canvas.getContext('2d')!;
  ctx.fillStyle = '#ffcc33';
  ctx.beginPath();
  ctx.arc(6, 6, 5.5, 0, 2 * Math.PI);
  ctx.fill();
  ctx.fillStyle = '#7a3d00';
  ctx.fillRect(6, 5, 6, 2);
  return Texture.from(canvas);
}

/** Per-frame timings, kept in preallocated arrays so recording allocates nothing. */
class FrameLog {
  readonly syncMs = new Float64Array(100_000);
  readonly drawMs = new Float64Array(100_000);
  frames = 0;
  recording = false;
  /** Every frame drawn, recorded or not. */
  drawn = 0;
  record(sync: number, draw: number): void {
    this.drawn++;
    if (!this.recording || this.frames >= this.syncMs.length) return;
    this.syncMs[this.frames] = sync;
    this.drawMs[this.frames] = draw;
    this.frames++;
  }
}

const log = new FrameLog();
const stage = document.querySelector<HTMLElement>('#stage')!;

// -- tickflow: the world engine and tickflow/pixi --------------------------------

class Mover extends Actor {
  override visual = { kind: 'sprite', texture: TEXTURE } as const;
  constructor(private readonly index: number) {
    super();
  }
  override tick(): void {
    place(this.index, this.world!.time, this);
  }
}

/** The implementations the page runs (see the top of this file). */
type Kind = 'tickflow' | 'plain' | 'tickflow-floor' | 'plain-scene';

async function runTickflow(count: number, floor: boolean): Promise<void> {
  const backend: PixiBackend = await pixiBackend({ container: stage, logicalWidth: WIDTH, logicalHeight: HEIGHT });
  // The sprite sync, timed from outside: the backend's own per-actor work (private; a bench may look).
  const sprites = (backend as unknown as { sprites: { sync: (...args: unknown[]) => unknown } }).sprites;
  const sync = sprites.sync.bind(sprites);
  let syncMs = 0;
  // For the floor: the backend's display objects, in actor order, once it has made them all.
  let nodes: Container[] | undefined;
  sprites.sync = (...args: unknown[]) => {
    const actors = (args[0] as { readonly actors: readonly Actor[] }).actors; // sync(scene): the world's scene, whole
    const t0 = performance.now();
    let result: unknown;
    if (nodes === undefined) result = sync(...args);
    else floorSync(actors, nodes);
    syncMs = performance.now() - t0;
    if (floor && nodes === undefined && actors.length === count) {
      const list = (sprites as unknown as { list: { node: Container }[] }).list;
      if (list.length === count) nodes = list.map((entry) => entry.node);
    }
    return result;
  };
  const render = backend.render.bind(backend);
  backend.render = (scene) => {
    const t0 = performance.now();
    render(scene);
    log.record(syncMs, performance.now() - t0);
  };
  const engine: WorldEngine = createWorldEngine({
    backend,
    ticks: animationFrames(),
    clock: wallClock(),
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

/** The plain loop's two writes, from the actors to the backend's display objects. */
function floorSync(actors: readonly Actor[], nodes: readonly Container[]): void {
  for (let i = 0; i < actors.length; i++) {
    const actor = actors[i]!;
    const node = nodes[i]!;
    node.position.set(actor.x, actor.y);
    node.rotation = actor.rotation;
  }
}

// -- plain pixi.js v8 ---------------------------------------------------------------

async function runPlain(count: number, texture: Texture, withScene: boolean): Promise<void> {
  const app = new Application();
  await app.init({ width: WIDTH * DRAWN_SCALE, height: HEIGHT * DRAWN_SCALE, preference: 'webgl', antialias: true, background: 0x0b0d17, autoStart: false, sharedTicker: false });
  stage.append(app.canvas);
  const layer = new Container();
  layer.scale.set(DRAWN_SCALE);
  app.stage.addChild(layer);
  const things: { x: number; y: number; rotation: number }[] = [];
  const sprites: Sprite[] = [];
  for (let i = 0; i < count; i++) {
    const sprite = new Sprite({ texture, anchor: 0.5 });
    layer.addChild(sprite);
    sprites.push(sprite);
    things.push({ x: 0, y: 0, rotation: 0 });
  }
  // 'plain-scene': a Graphics, a Text and a Container beside the sprites, moved by the game's step.
  const scenery: Container[] = withScene ? [new Graphics().rect(-2, -2, 4, 4).fill(0xffffff), new Text({ text: 'score' }), new Container()] : [];
  for (const node of scenery) layer.addChild(node);
  // pixi's housekeeping ticker, run as pixiBackend runs it (src/backends/pixi/pixi-tickers.ts): stopped, and
  // advanced once a frame just before the draw, inside the drawing time. Left to run, it would do the same work in
  // an animation frame of its own, outside the timed drawing (backends-page.ts's holdSystemTicker says more).
  Ticker.system.autoStart = false;
  Ticker.system.stop();
  let time = 0;
  let last = -1;
  const frame = (now: number): void => {
    // The game's own step, as the world engine's actors do theirs: not part of either sync.
    time += last < 0 ? 0 : Math.min(250, now - last) / 1000;
    last = now;
    for (let i = 0; i < count; i++) place(i, time, things[i]!);
    for (let i = 0; i < scenery.length; i++) {
      scenery[i]!.position.set(WIDTH / 2 + 10 * Math.cos(time + i), HEIGHT / 2);
      scenery[i]!.rotation = time;
    }
    const t0 = performance.now();
    for (let i = 0; i < count; i++) {
      const thing = things[i]!;
      const sprite = sprites[i]!;
      sprite.position.set(thing.x, thing.y);
      sprite.rotation = thing.rotation;
    }
    const t1 = performance.now();
    Ticker.system.update(t1);
    app.renderer.render(app.stage);
    log.record(t1 - t0, performance.now() - t0);
    requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
}

declare global {
  interface Window {
    __bench?: {
      run(kind: Kind, count: number): Promise<void>;
      /** Frames the page has drawn so far (either implementation). */
      frames(): number;
      startRecording(): void;
      stopRecording(): { frames: number; syncMs: number[]; drawMs: number[] };
      /** Whether the page is cross-origin isolated (performance.now() in 5 µs steps, not 100 µs). */
      isolated: boolean;
    };
  }
}

window.__bench = {
  async run(kind, count) {
    const { Assets } = await import('pixi.js');
    const texture = dotTexture();
    Assets.cache.set(TEXTURE, texture);
    await (kind.startsWith('tickflow') ? runTickflow(count, kind === 'tickflow-floor') : runPlain(count, texture, kind === 'plain-scene'));
  },
  frames: () => log.drawn,
  isolated: globalThis.crossOriginIsolated === true,
  startRecording() {
    log.frames = 0;
    log.recording = true;
  },
  stopRecording() {
    log.recording = false;
    return { frames: log.frames, syncMs: Array.from(log.syncMs.subarray(0, log.frames)), drawMs: Array.from(log.drawMs.subarray(0, log.frames)) };
  },
};
