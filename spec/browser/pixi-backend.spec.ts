import { writeFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { PNG } from 'pngjs';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
// Not the tickflow/pixi entry: pixi.js needs a browser's globals (navigator) to load, and this file runs in Node.
import { DEFAULT_OVERLAY_OPACITY, OVERLAY_ACCENT_COLOR, OVERLAY_PANEL_COLOR, overlayPanelRect } from '../../src/backends/overlay.js';
import { DEFAULT_BACKGROUND } from '../../src/backends/pixi/colors.js';
import type { BuildOptions } from './fixtures/pixi-backend.js';
import { COLORS, CRATE, HUD, MARKER, RINGED, STACK, ZOOM, rgb } from './fixtures/pixi-backend-scene.js';
import { ARROW, SPRITES, SWATCH_COLORS } from './fixtures/pixi-backend-sprites.js';
import {
  colorShare,
  decodePng,
  dominantColor,
  differenceShare,
  hexColor,
  hostFramesPass,
  nonBackgroundShare,
  startHarness,
  waitUntil,
  type BrowserHarness,
  type OpenedPage,
  type Rgb,
  crop,
  type Rect,
} from './harness.js';

// The pixi.js backend (src/backends/pixi) in real Chromium: a fixture page
// (fixtures/pixi-backend.ts) runs a tiny world on createWorldEngine +
// pixiBackend + animationFrames(), with a runner the camera follows, still
// actors at known world points, a screen-layer readout and the debug
// overlay, driven through window.__pixi.
// Issue 3: "pixi.js v8 as an optional peer dependency. It consumes the render
// stream, syncs canvas size and devicePixelRatio, applies the letterboxed
// viewport and camera, draws each actor's visual, and draws the overlay on
// top. It owns pixi's rendering: pixi's own Ticker must not run a second loop."

/** Where the lead looks at the backend without running it. */
const SCREENSHOT_PATH = '/tmp/pixi-backend.png';

const BACKGROUND: Rgb = rgb(DEFAULT_BACKGROUND);
const LETTERBOX: Rgb = rgb(COLORS.letterbox);
/** The overlay's accent: its panel's edge, its graph, the collision outlines. */
const OVERLAY_GREEN = hexColor(OVERLAY_ACCENT_COLOR);

/** `top` at `opacity` over `under`, as the canvas composites it. */
function over(top: Rgb, opacity: number, under: Rgb): Rgb {
  return [0, 1, 2].map((i) => Math.round(opacity * top[i]! + (1 - opacity) * under[i]!)) as unknown as Rgb;
}

/** CSS pixels per logical unit on the main page (800 × 560 around 640 × 360). */
const SCALE = 1.25;

/** pixi's `RendererType.WEBGL`. */
const RENDERER_TYPE_WEBGL = 1;

/** Chromium's SwiftShader prints this driver warning when pixi starts; it is not an error of ours (BROWSER.md, pitfall 2). */
const KNOWN_NOISE = /GPU stall due to ReadPixels/;

/** The pixel at (x, y). */
function pixel(png: PNG, x: number, y: number): Rgb {
  const i = (Math.round(y) * png.width + Math.round(x)) * 4;
  return [png.data[i]!, png.data[i + 1]!, png.data[i + 2]!];
}

function near(a: Rgb, b: Rgb, tolerance = 24): boolean {
  return Math.abs(a[0] - b[0]) <= tolerance && Math.abs(a[1] - b[1]) <= tolerance && Math.abs(a[2] - b[2]) <= tolerance;
}

/** The centre of the pixels close to `color` (pixel centres at +0.5), and how many there are. */
function centroid(png: PNG, color: Rgb, tolerance = 8): { x: number; y: number; count: number } {
  let sx = 0;
  let sy = 0;
  let count = 0;
  for (let y = 0; y < png.height; y++) {
    for (let x = 0; x < png.width; x++) {
      if (!near(pixel(png, x, y), color, tolerance)) continue;
      sx += x + 0.5;
      sy += y + 0.5;
      count++;
    }
  }
  return { x: sx / count, y: sy / count, count };
}

/**
 * An init script counting the page's requestAnimationFrame requests, so a
 * second loop (a pixi ticker's) would show as a second request per frame.
 */
function countAnimationFrames(): void {
  const counts = { requests: 0 };
  (window as unknown as { __rafRequests: typeof counts }).__rafRequests = counts;
  const request = window.requestAnimationFrame.bind(window);
  window.requestAnimationFrame = (callback) => {
    counts.requests++;
    return request(callback);
  };
}
const rafRequests = (on: Page) => on.evaluate(() => (window as unknown as { __rafRequests: { requests: number } }).__rafRequests.requests);

let harness: BrowserHarness;
let fixture: OpenedPage;
let page: Page;

const build = async (options: BuildOptions, on: Page = page) => {
  await on.evaluate((o) => window.__pixi!.build(o), options);
  await waitUntil(on, () => window.__pixi!.frame() >= 3);
};
const frame = (on: Page = page) => on.evaluate(() => window.__pixi!.frame());
const info = (on: Page = page) => on.evaluate(() => window.__pixi!.info());
const shot = async (on: Page = page) => decodePng(await on.locator('#stage').screenshot());
async function framesPass(frames: number, on: Page = page): Promise<void> {
  const from = await frame(on);
  await waitUntil(on, (target) => window.__pixi!.frame() >= target, from + frames);
}
/** Stops the engine between two frames: the screen keeps the last frame, and the camera and fit are the ones it was drawn with. */
const stop = (on: Page = page) => on.evaluate(() => window.__pixi!.stop());
const start = (on: Page = page) => on.evaluate(() => window.__pixi!.start());
const worldToCss = (x: number, y: number, on: Page = page) => on.evaluate(([wx, wy]) => window.__pixi!.worldToCss(wx, wy), [x, y] as const);
const realErrors = (errors: readonly string[]) => errors.filter((e) => !KNOWN_NOISE.test(e));

beforeAll(async () => {
  harness = await startHarness();
  fixture = await harness.open(harness.fixture('pixi-backend.html'), {
    viewport: { width: 800, height: 560 },
    initScript: countAnimationFrames,
    readyWhen: () => window.__pixi !== undefined,
  });
  page = fixture.page;
  // 800 × 560 around 640 × 360: scale 1.25, bars top and bottom (55 px each).
  await build({ width: 800, height: 560, letterbox: COLORS.letterbox });
});

afterEach(() => {
  expect(realErrors(fixture.errors)).toEqual([]);
});

afterAll(async () => {
  await harness?.close();
});

describe('the pixi.js backend in real Chromium', () => {
  // A test stops the engine to read a still frame; the next one runs again whatever happened.
  beforeEach(() => start());

  it('renders with pixi\'s WebGL renderer, not its silent canvas fallback (BROWSER.md, pitfall 1), with no page or console error', async () => {
    const { rendererName, rendererType, canvasesInContainer, canvas } = await info();
    expect(rendererName).toBe('webgl');
    expect(rendererType).toBe(RENDERER_TYPE_WEBGL);
    expect(canvasesInContainer, 'the WebGL canvas and the overlay\'s 2D canvas over it').toBe(2);
    expect(canvas).toEqual({ width: 800, height: 560, cssWidth: '800px', cssHeight: '560px' });
    expect(realErrors(fixture.errors)).toEqual([]);
  });

  it('draws a non-blank picture that moves, and advances the frame counter', async () => {
    await stop();
    const first = await shot();
    writeFileSync(SCREENSHOT_PATH, PNG.sync.write(first));
    const inside = crop(first, { x: 0, y: 120, width: 800, height: 385 });
    expect(nonBackgroundShare(inside, BACKGROUND), 'actors cover part of the letterboxed area').toBeGreaterThan(0.02);
    const from = await frame();
    await start();
    await framesPass(4);
    await stop();
    const second = await shot();
    expect(await frame()).toBeGreaterThanOrEqual(from + 4);
    expect(differenceShare(first, second), 'the runner moved, and the camera with it').toBeGreaterThan(0.001);
  });

  it(
    'owns pixi\'s rendering ("The engine owns the frame loop"; issue 3: "pixi\'s own Ticker must not run a second loop"): ' +
      'one requestAnimationFrame and one render per ' +
      'engine frame, and no render at all once the engine stops',
    async () => {
      const tickers = await info();
      expect(tickers.appTicker, 'the app\'s own ticker: stopped, not the shared one, and not rendering the stage').toEqual({
        started: false,
        listeners: 0,
        isShared: false,
      });
      expect(tickers.sharedTicker.started, 'Ticker.shared is not running').toBe(false);
      expect(tickers.systemTicker.started, 'Ticker.system (pixi\'s housekeeping) is advanced from the engine\'s frames, not its own').toBe(false);

      // One read per side, in one task each: the frame count, the frames requested and the renders agree.
      const counts = () =>
        page.evaluate(() => ({
          frames: window.__pixi!.frame(),
          renders: window.__pixi!.renders(),
          requests: (window as unknown as { __rafRequests: { requests: number } }).__rafRequests.requests,
        }));
      await page.evaluate(() => window.__pixi!.countRenders());
      const before = await counts();
      await framesPass(8);
      const after = await counts();
      const frames = after.frames - before.frames;
      expect(frames).toBeGreaterThanOrEqual(8);
      // Between two reads the page may be inside a frame whose request is made but whose count is not yet: allow one.
      expect(Math.abs(after.requests - before.requests - frames), 'requestAnimationFrame calls per engine frame').toBeLessThanOrEqual(1);
      expect(after.renders - before.renders, 'renderer.render calls per engine frame: exactly one').toBe(frames);

      await stop();
      const stopped = { renders: await page.evaluate(() => window.__pixi!.renders()), requests: await rafRequests(page) };
      await hostFramesPass(page, 20);
      expect(await page.evaluate(() => window.__pixi!.renders()), 'no render while the engine is stopped').toBe(stopped.renders);
      expect(await rafRequests(page), 'no frame requested while the engine is stopped').toBeLessThanOrEqual(stopped.requests + 1);
      await start();
    },
  );

  it(
    'letterboxes the logical size into the container: bars in the letterbox colour, the background and actors inside; ' +
      'the fit follows the container ("The canvas is synced and the viewport is recomputed")',
    async () => {
      let { viewport } = await info();
      expect(viewport).toMatchObject({ pixelRatio: 1, x: 0, y: 55, width: 800, height: 450, scale: 1.25 });
      await stop();
      let picture = await shot();
      await start();
      // The top bar right of the overlay's panel, and the bottom bar left of nothing: the letterbox colour only,
      // though the world layer reaches past the logical view (the camera sees beyond it).
      expect(colorShare(crop(picture, { x: 260, y: 0, width: 540, height: 55 }), LETTERBOX, 2), 'top bar').toBe(1);
      expect(colorShare(crop(picture, { x: 0, y: 505, width: 800, height: 55 }), LETTERBOX, 2), 'bottom bar').toBe(1);
      const inside = crop(picture, { x: 0, y: 120, width: 800, height: 385 });
      expect(colorShare(inside, BACKGROUND, 2), 'the background fills the letterboxed area').toBeGreaterThan(0.7);
      expect(colorShare(inside, LETTERBOX, 2), 'no bar colour inside').toBe(0);

      // The container turns wide: the next frame resizes the renderer, and the bars move to the sides
      // (720 × 300 around 640 × 360: scale 0.833, 533 px wide, bars of 93 and 94 px).
      const resize = (width: number, height: number) =>
        page.evaluate(([w, h]) => {
          const stage = document.querySelector<HTMLElement>('#stage')!;
          stage.style.width = `${w}px`;
          stage.style.height = `${h}px`;
        }, [width, height] as const);
      await resize(720, 300);
      await framesPass(2);
      await stop();
      const resized = await info();
      expect(resized.viewport).toMatchObject({ x: 93, y: 0, width: 533, height: 300 });
      expect(resized.canvas).toEqual({ width: 720, height: 300, cssWidth: '720px', cssHeight: '300px' });
      picture = await shot();
      expect([picture.width, picture.height]).toEqual([720, 300]);
      expect(colorShare(crop(picture, { x: 0, y: 120, width: 93, height: 180 }), LETTERBOX, 2), 'left bar, below the panel').toBe(1);
      expect(colorShare(crop(picture, { x: 626, y: 0, width: 94, height: 300 }), LETTERBOX, 2), 'right bar').toBe(1);
      expect(colorShare(crop(picture, { x: 95, y: 120, width: 529, height: 180 }), BACKGROUND, 2)).toBeGreaterThan(0.6);

      await resize(800, 560);
      await start();
      await framesPass(2);
    },
  );

  it(
    '"the backend\'s viewport fit converts screen points to world points using the fit this frame renders through": ' +
      'the pixel where a still actor is drawn maps back to its world point',
    async () => {
      await stop();
      const picture = await shot();
      const marker = centroid(picture, rgb(COLORS.marker));
      const side = MARKER.size * ZOOM * SCALE;
      expect(marker.count, 'the marker\'s pixels (16 world units square)').toBeGreaterThan(0.8 * side * side);
      const world = await page.evaluate(([x, y]) => window.__pixi!.screenToWorld(x, y), [marker.x, marker.y] as const);
      // One CSS pixel is 1 / (1.25 × 1.25) = 0.64 world units: within a pixel or two.
      expect(Math.abs(world.x - MARKER.x), `screenToWorld(${marker.x.toFixed(1)}, ${marker.y.toFixed(1)}).x = ${world.x}`).toBeLessThan(1);
      expect(Math.abs(world.y - MARKER.y), `screenToWorld(...).y = ${world.y}`).toBeLessThan(1);
      // And the other way: the fit and camera say it is drawn where it is.
      const css = await worldToCss(MARKER.x, MARKER.y);
      expect(Math.abs(css.x - marker.x)).toBeLessThan(1);
      expect(Math.abs(css.y - marker.y)).toBeLessThan(1);
      await start();
    },
  );

  it('follows the runner with the camera: the runner stays at the view\'s centre while the world layer moves under it', async () => {
    const sample = async () => {
      await stop();
      const picture = await shot();
      const { camera } = await info();
      await start();
      return { picture, camera };
    };
    const a = await sample();
    // However fast the frames come, wait until the runner (and so the camera) has moved a visible distance.
    await waitUntil(page, (from) => Math.abs(window.__pixi!.info().camera.x - from) > 8, a.camera.x);
    const b = await sample();
    expect(a.camera.zoom).toBe(ZOOM);
    expect(Math.abs(b.camera.x - a.camera.x), 'the camera moved with the runner').toBeGreaterThan(8);
    for (const { picture } of [a, b]) {
      const runner = centroid(picture, rgb(COLORS.runner), 12);
      expect(Math.abs(runner.x - 400), 'the runner at the centre, horizontally').toBeLessThan(1.5);
      expect(Math.abs(runner.y - (55 + 180 * SCALE)), 'and vertically').toBeLessThan(1.5);
    }
    const markerA = centroid(a.picture, rgb(COLORS.marker));
    const markerB = centroid(b.picture, rgb(COLORS.marker));
    const expected = -(b.camera.x - a.camera.x) * ZOOM * SCALE;
    expect(Math.abs(markerB.x - markerA.x - expected), 'the still marker moved on screen by the camera\'s move, zoomed').toBeLessThan(1);
  });

  it('draws in order of visual.z, then spawn order, and keeps the screen layer out of the camera', async () => {
    await stop();
    const picture = await shot();
    const centre = await worldToCss(STACK.x, STACK.y);
    const units = ZOOM * SCALE; // CSS pixels per world unit
    expect(near(pixel(picture, centre.x, centre.y), rgb(COLORS.stackTop)), 'z 1, spawned last: on top').toBe(true);
    expect(near(pixel(picture, centre.x + 8 * units, centre.y), rgb(COLORS.stackHigh)), 'z 1, spawned first: over z 0').toBe(true);
    expect(near(pixel(picture, centre.x + 14 * units, centre.y), rgb(COLORS.stackLow)), 'z 0: under both').toBe(true);

    // The readout is in logical units of the screen layer: logical (320, 24) is CSS (400, 55 + 24 × 1.25).
    const hud = { x: 400 - 70, y: Math.round(55 + HUD.y * SCALE - 18), width: 140, height: 36 };
    expect(colorShare(crop(picture, hud), rgb(COLORS.hud), 40), 'the HUD text, where the screen layer puts it').toBeGreaterThan(0.03);
    await start();
    await framesPass(6);
    await stop();
    expect(colorShare(crop(await shot(), hud), rgb(COLORS.hud), 40), 'still there after the camera moved').toBeGreaterThan(0.03);
    await start();
  });

  it(
    'draws the overlay after the picture: the diagnostics panel in its corner, and the collision shapes of live ' +
      'actors as outlines in world space ("The camera updates and the pipeline renders, then the debug overlay draws"; ' +
      'issue 3: "Debug overlay: fps, frame time graph, declined ticks, collision shapes")',
    async () => {
      await stop();
      const picture = await shot();
      // The panel: its dark fill at DEFAULT_OVERLAY_OPACITY over the top bar (most of its upper part; text and graph
      // cover the rest), and its one-pixel edge in the accent, which no game colour here is.
      const panel = overlayPanelRect(1);
      const overBar = crop(picture, { x: panel.x + 2, y: panel.y + 2, width: panel.width - 4, height: 55 - panel.y - 2 });
      const dimmed = over(hexColor(OVERLAY_PANEL_COLOR), DEFAULT_OVERLAY_OPACITY, LETTERBOX);
      expect(colorShare(overBar, dimmed, 6), `the panel's fill, ${dimmed.join(',')}, over the bar`).toBeGreaterThan(0.5);
      const topEdge = crop(picture, { x: panel.x, y: panel.y, width: panel.width, height: 1 });
      expect(colorShare(topEdge, OVERLAY_GREEN, 30), 'the panel\'s edge, in the accent').toBeGreaterThan(0.9);
      expect(colorShare(crop(picture, { x: panel.x + 8, y: panel.y + 6, width: 200, height: 28 }), [0xe6, 0xed, 0xf3], 40), 'light text on it').toBeGreaterThan(0.02);

      // The ringed actor: a small disc inside a collision circle 36 world units wide; the outline lies on that circle.
      const centre = await worldToCss(RINGED.x, RINGED.y);
      const radius = RINGED.shapeRadius * ZOOM * SCALE;
      let onRing = 0;
      let between = 0;
      for (let k = 0; k < 16; k++) {
        const angle = (k / 16) * 2 * Math.PI;
        const at = (r: number) => crop(picture, {
          x: Math.round(centre.x + r * Math.cos(angle)) - 2,
          y: Math.round(centre.y + r * Math.sin(angle)) - 2,
          width: 5,
          height: 5,
        });
        if (colorShare(at(radius), OVERLAY_GREEN, 60) > 0) onRing++;
        if (colorShare(at(radius / 2), OVERLAY_GREEN, 60) > 0) between++;
      }
      expect(onRing, 'outline pixels all around the collision circle').toBe(16);
      expect(between, 'and none inside it').toBe(0);
      // The crate's box collider: an outline along its edges.
      const crate = await worldToCss(CRATE.x, CRATE.y);
      const half = (CRATE.size / 2) * ZOOM * SCALE;
      const edge = crop(picture, { x: Math.round(crate.x - half) - 2, y: Math.round(crate.y) - 10, width: 4, height: 20 });
      expect(colorShare(edge, OVERLAY_GREEN, 60), 'the crate\'s left edge').toBeGreaterThan(0.1);
      await start();
    },
  );

  it('removes the display object of an actor that left the world', async () => {
    const before = (await info()).layers;
    await page.evaluate(() => window.__pixi!.destroyActor('crate'));
    await framesPass(2);
    expect((await info()).layers).toEqual({ world: before.world - 1, screen: before.screen });
    await stop();
    expect(colorShare(await shot(), rgb(CRATE.color), 4), 'the crate is gone from the picture').toBe(0);
    await start();
  });
});

describe('Web Audio cues in real Chromium', () => {
  it('plays a cue as a synthesized tone once resumed by a user gesture, and records every cue played', async () => {
    // A real click is a user gesture: the page's click handler calls cues.resume().
    await page.mouse.click(500, 350);
    await waitUntil(page, () => window.__pixi!.audio().oscillators.some((o) => o.contextState === 'running'));
    await page.evaluate(() => window.__pixi!.playCue('score'));
    await page.evaluate(() => window.__pixi!.playCue('no-such-cue'));
    const { played, oscillators } = await page.evaluate(() => window.__pixi!.audio());
    expect(played).toContain('score');
    expect(played, 'the engine\'s ticks play cues on it too').toContain('select');
    const score = oscillators.find((o) => o.frequency === 880);
    expect(score, 'the score tone\'s oscillator').toMatchObject({ contextState: 'running', type: 'triangle' });
    expect(oscillators.some((o) => o.frequency === 520), 'an unknown name plays the fallback tone').toBe(true);
    // The tone ends on its own (260 ms), and its nodes are released.
    await waitUntil(page, () => window.__pixi!.audio().oscillators.filter((o) => o.frequency === 880).every((o) => o.ended));
  });
});

describe('the pixi.js backend at a device pixel ratio of 2', () => {
  let hiDpi: OpenedPage;

  beforeAll(async () => {
    hiDpi = await harness.open(harness.fixture('pixi-backend.html'), {
      viewport: { width: 500, height: 400 },
      deviceScaleFactor: 2,
      readyWhen: () => window.__pixi !== undefined,
    });
  });

  afterAll(async () => {
    expect(realErrors(hiDpi.errors)).toEqual([]);
    await hiDpi.close();
  });

  it('sizes the canvas to the CSS size times the ratio, and converts screen points through the same fit', async () => {
    const on = hiDpi.page;
    // 400 × 300 CSS (800 × 600 device px) around 640 × 360: scale 1.25 device px per unit, bars of 75 device px.
    await build({ width: 400, height: 300, overlay: false }, on);
    const fit = await info(on);
    expect(fit.rendererName).toBe('webgl');
    expect(fit.canvas).toEqual({ width: 800, height: 600, cssWidth: '400px', cssHeight: '300px' });
    expect(fit.viewport).toMatchObject({ pixelRatio: 2, x: 0, y: 75, width: 800, height: 450, scale: 1.25 });
    expect(fit.canvasesInContainer, 'no overlay, no overlay canvas').toBe(1);

    await stop(on);
    const picture = await shot(on);
    expect([picture.width, picture.height]).toEqual([800, 600]);
    expect(colorShare(crop(picture, { x: 0, y: 0, width: 800, height: 75 }), [0, 0, 0], 2), 'top bar, in the default black').toBe(1);
    expect(colorShare(crop(picture, { x: 0, y: 525, width: 800, height: 75 }), [0, 0, 0], 2), 'bottom bar').toBe(1);
    const marker = centroid(picture, rgb(COLORS.marker));
    const world = await on.evaluate(([x, y]) => window.__pixi!.screenToWorld(x, y), [marker.x / 2, marker.y / 2] as const);
    // One device pixel is 1 / (1.25 × 1.25) = 0.64 world units; one CSS pixel, 1.28.
    expect(Math.abs(world.x - MARKER.x)).toBeLessThan(1);
    expect(Math.abs(world.y - MARKER.y)).toBeLessThan(1);
  });

  it('refuses bad options with an OptionError naming the option, the rule and the value', async () => {
    expect(await hiDpi.page.evaluate(() => window.__pixi!.badOptions())).toEqual([
      'OptionError: pixiBackend: container must be an HTMLElement to draw in, got null',
      'OptionError: pixiBackend: logicalWidth must be a finite number > 0, got 0',
      'OptionError: pixiBackend: background must be a colour 0xRRGGBB (an integer from 0 to 0xffffff), got "#fff"',
      'OptionError: pixiBackend: letterbox must be a colour 0xRRGGBB (an integer from 0 to 0xffffff), got 16777216',
      "OptionError: pixiBackend: unknown option 'letterBox'; did you mean 'letterbox'?",
      "OptionError: pixiBackend: overlayStyle: unknown option 'opacty'; did you mean 'opacity'?",
      'OptionError: pixiBackend: overlayStyle.opacity must be a number from 0 to 1, got 2',
      "OptionError: pixiBackend: overlayStyle.accent must be a CSS colour string ('#rrggbb', 'rgb(...)', a name), got 65382",
    ]);
  });

  it('draws the overlay in the colours and opacity overlayStyle asks for (issue 13: "make it legible and styleable")', async () => {
    const on = hiDpi.page;
    await build({ width: 400, height: 300, overlay: true, overlayStyle: { panel: '#ffffff', opacity: 0.5, accent: '#ff00ff', ink: '#000000' } }, on);
    await stop(on);
    const picture = await shot(on);
    // At a ratio of 2 the panel is 16..496 × 16..184 device pixels; its top 59 device rows lie over the black bar.
    const panel = overlayPanelRect(2);
    const overBar = crop(picture, { x: panel.x + 4, y: panel.y + 4, width: panel.width - 8, height: 75 - panel.y - 4 });
    expect(colorShare(overBar, over([255, 255, 255], 0.5, [0, 0, 0]), 6), 'white at half opacity over the black bar').toBeGreaterThan(0.5);
    expect(colorShare(crop(picture, { x: panel.x, y: panel.y, width: panel.width, height: 2 }), [255, 0, 255], 30), 'the edge in the accent asked for').toBeGreaterThan(0.9);
    await start(on);
  });

  it('frees the surface on destroy: the canvas leaves the container, and pixi\'s system ticker is given back', async () => {
    expect(await hiDpi.page.evaluate(() => window.__pixi!.destroy())).toEqual({ canvasesInContainer: 0, systemTickerStarted: true });
  });
});

describe('sprites, animations and a game-built Container in real Chromium (issue 13: "A pixi.js backend must draw what pixi.js users draw")', () => {
  // The sprite yard (fixtures/pixi-backend-sprites.ts) at 640 × 360 CSS pixels: scale 1, no bars, the camera at the
  // logical centre, so a world point is drawn at the same CSS pixel.
  let yard: OpenedPage;
  let on: Page;
  const shotOf = async () => decodePng(await on.locator('#stage').screenshot());
  const swatch = (i: number) => rgb(SWATCH_COLORS[i]!);
  /** The colour drawn most in a small square around (x, y). */
  const around = (png: PNG, x: number, y: number, half = 3) => dominantColor(crop(png, { x: x - half, y: y - half, width: 2 * half, height: 2 * half }));

  beforeAll(async () => {
    yard = await harness.open(harness.fixture('pixi-backend.html'), {
      viewport: { width: 640, height: 360 },
      readyWhen: () => window.__pixi !== undefined,
    });
    on = yard.page;
    await on.evaluate(() => window.__pixi!.buildSprites({ width: 640, height: 360 }));
    await waitUntil(on, () => window.__pixi!.frame() >= 3);
  });

  afterAll(async () => {
    expect(realErrors(yard.errors)).toEqual([]);
    await yard.close();
  });

  it('"sprites from textures loaded through pixi\'s Assets (an image URL, a spritesheet frame), with anchor, rotation, scale, alpha, tint and a draw order"', async () => {
    expect((await on.evaluate(() => window.__pixi!.info())).rendererName).toBe('webgl');
    await on.evaluate(() => window.__pixi!.stop());
    const picture = await shotOf();
    writeFileSync('/tmp/pixi-backend-sprites.png', PNG.sync.write(picture));
    await on.evaluate(() => window.__pixi!.start());
    const { tinted, turned, frame, faded, over } = SPRITES;
    const bodyHalf = ((ARROW.width - ARROW.headWidth) * tinted.scale) / 2;
    const length = ARROW.width * tinted.scale;

    // Scale 2 and anchor 0.5: 64 × 24 px centred on (120, 90); the white body shows the tint, the black head stays black.
    expect(near(around(picture, tinted.x - length / 2 + bodyHalf, tinted.y), rgb(tinted.tint), 6), 'the tinted body').toBe(true);
    expect(near(around(picture, tinted.x + length / 2 - 6, tinted.y), [0, 0, 0], 6), 'the head, on the right end').toBe(true);
    const tintedBox = crop(picture, { x: tinted.x - length / 2 - 4, y: tinted.y - 16, width: length + 8, height: 32 });
    const tintedArea = colorShare(tintedBox, rgb(tinted.tint), 6) * tintedBox.width * tintedBox.height;
    expect(Math.abs(tintedArea - (ARROW.width - ARROW.headWidth) * ARROW.height * tinted.scale ** 2), 'scale 2: the body covers 48 × 24 px').toBeLessThan(60);

    // Anchor (0, 0.5) at (260, 70), turned a quarter: the arrow hangs 64 px down from its point, its head at the bottom.
    expect(near(around(picture, turned.x, turned.y + 20), [255, 255, 255], 6), 'the body, below the anchor').toBe(true);
    expect(near(around(picture, turned.x, turned.y + length - 6), [0, 0, 0], 6), 'the head, at the far end').toBe(true);
    expect(near(around(picture, turned.x + 20, turned.y + 20), BACKGROUND, 6), 'nothing beside it: it is turned, not lying flat').toBe(true);
    expect(near(around(picture, turned.x, turned.y - 10), BACKGROUND, 6), 'nothing above the anchor').toBe(true);

    // A spritesheet frame, and one at alpha 0.5 over the background.
    expect(near(around(picture, frame.x, frame.y), swatch(2), 6), 'swatch-2 of the spritesheet').toBe(true);
    const blend = swatch(0).map((c, i) => Math.round(0.5 * c + 0.5 * BACKGROUND[i]!)) as unknown as Rgb;
    expect(near(around(picture, faded.x, faded.y), blend, 8), `alpha 0.5 over the background: ${around(picture, faded.x, faded.y).join(',')}`).toBe(true);

    // z 1 over z 0, though spawned first; the grey square shows around it.
    expect(near(around(picture, over.x, over.y), swatch(3), 6), 'the z 1 swatch on top').toBe(true);
    expect(near(around(picture, over.x + 14, over.y), [128, 128, 128], 6), 'the z 0 square around it').toBe(true);
  });

  it('"an animated sprite from a spritesheet animation": its frames change with the world\'s time, and hold still while the world is paused', async () => {
    const { cycler } = SPRITES;
    const seen = new Set<string>();
    const frames = new Set<number>();
    for (let k = 0; k < 12 && (seen.size < 3 || frames.size < 3); k++) {
      await on.evaluate(() => window.__pixi!.stop());
      const colour = around(await shotOf(), cycler.x, cycler.y);
      const { frame, worldTime } = await on.evaluate(() => window.__pixi!.animationFrame());
      // At 4 frames a second the frame shown is floor(4 t) mod 4 of the world's (unpaused) time.
      expect(frame).toBe(Math.floor(worldTime * cycler.fps) % SWATCH_COLORS.length);
      expect(near(colour, swatch(frame), 6), `frame ${frame} shows swatch ${frame}`).toBe(true);
      seen.add(colour.join(','));
      frames.add(frame);
      await on.evaluate(() => window.__pixi!.start());
      await framesPass(12, on); // a fifth of a second of the world's time or more: most of a 4 fps frame
    }
    expect(frames.size, 'at least three different frames shown').toBeGreaterThanOrEqual(3);
    expect(seen.size, 'in three different colours').toBeGreaterThanOrEqual(3);

    await on.evaluate(() => window.__pixi!.setPaused(true));
    const held = await on.evaluate(() => window.__pixi!.animationFrame());
    await framesPass(30, on);
    const later = await on.evaluate(() => window.__pixi!.animationFrame());
    expect(later.worldTime, 'world.time runs in a paused frame, as the seed says').toBeGreaterThan(held.worldTime);
    expect(later.frame, 'but a paused world\'s animation holds its frame').toBe(held.frame);
    await on.evaluate(() => window.__pixi!.setPaused(false));
  });

  it('"an actor\'s visual may be any pixi Container the game builds, which the backend positions from the actor each frame"', async () => {
    const { custom } = SPRITES;
    const positions: number[] = [];
    for (let k = 0; k < 3; k++) {
      await on.evaluate(() => window.__pixi!.stop());
      const picture = await shotOf();
      const disc = centroid(crop(picture, { x: 0, y: custom.y - 30, width: 640, height: 60 }), rgb(custom.color), 6);
      expect(disc.count, 'the disc is drawn').toBeGreaterThan(0.8 * Math.PI * custom.radius ** 2);
      expect(Math.abs(disc.y - 30), 'at the actor\'s y (the middle of the crop)').toBeLessThan(1);
      positions.push(disc.x);
      await on.evaluate(() => window.__pixi!.start());
      await framesPass(10, on);
    }
    expect(Math.max(...positions) - Math.min(...positions), 'and it moves with its actor').toBeGreaterThan(5);
  });

  it('a new visual naming the texture its sprite shows (another tint) keeps that texture; a texture destroyed since (an unload) is looked up again', async () => {
    // Visuals are values (visual.ts: "replace the object to change the look"); the backend looks a texture's name up in
    // pixi's cache when the name changes or the texture it found was destroyed, not on every new visual (issue 29: a
    // look-up for each of the 1 % of sprites retinted a frame was 8 % of the sync at 10,000 sprites).
    const seen = await on.evaluate(() =>
      window.__pixi!.textureSteps([
        { tint: 0xff0000 },
        { replace: 'destroying', tint: 0x0000ff },
        { tint: 0xffff00 },
        { replace: 'keeping', tint: 0x00ff00 },
      ]),
    );
    expect(seen).toEqual([
      { shows: 0, tint: 0xff0000 },
      // The texture shown was destroyed (as Assets.unload does) and another cached under the name: it is looked up again.
      { shows: 1, tint: 0x0000ff },
      { shows: 1, tint: 0xffff00 },
      // Another texture cached under the name while the one shown lives on: the sprite keeps what it shows.
      { shows: 1, tint: 0x00ff00 },
    ]);
  });

  it('a sprite naming a texture nobody loaded draws nothing and is reported once, while everything else is drawn', async () => {
    await framesPass(5, on);
    const { messages } = await on.evaluate(() => window.__pixi!.spriteErrors());
    const missing = messages.filter((m) => m.includes('no-such-texture'));
    expect(missing, messages.join('\n')).toHaveLength(1);
    expect(missing[0]).toMatch(/"missing".*no texture "no-such-texture" is loaded; load it with loadAssets\(\)/);
  });

  it('"a failed load reported like any level failure": a level whose art is missing is reported, with the file, and the current level stays', async () => {
    yard.errors.length = 0;
    await on.evaluate(() => window.__pixi!.openBrokenLevel());
    const { messages, level } = await on.evaluate(() => window.__pixi!.spriteErrors());
    const broken = messages.find((m) => m.includes('broken'));
    expect(broken).toMatch(/level "broken" failed to load; the current level stays <- loadAssets: could not load never-there \(.*no-such-art\.png\)/);
    expect(level).toBe('yard');
    const from = await frame(on);
    await framesPass(3, on);
    expect(await frame(on), 'the engine runs on').toBeGreaterThanOrEqual(from + 3);
    // Chromium logs the 404 itself; that is the only console error.
    expect(yard.errors.every((e) => /404|Failed to load resource|no-such-art/.test(e)), yard.errors.join('\n')).toBe(true);
    yard.errors.length = 0;
  });
});

describe('tickflow/pixi under a Content Security Policy without \'unsafe-eval\' (issue 12: "Make tickflow/pixi work there ... and test it in Chromium under script-src \'self\'")', () => {
  it('draws every kind of visual, with no EvalError, nothing blocked but eval probes, and no console error', async () => {
    const csp = await harness.open(harness.fixture('pixi-csp.html'), {
      viewport: { width: 640, height: 360 },
      readyWhen: () => window.__csp !== undefined,
    });
    try {
      const on = csp.page;
      expect(await on.evaluate(() => window.__csp!.evalRefused), 'the policy is in force: new Function throws').toBe(true);
      await waitUntil(on, () => window.__csp!.frame() >= 30);
      const state = await on.evaluate(() => ({ errors: window.__csp!.errors, violations: window.__csp!.violations, renderer: window.__csp!.rendererName() }));
      expect(state.renderer).toBe('webgl');
      expect(state.errors, 'nothing the engine caught (a render that needed eval throws an EvalError every frame)').toEqual([]);
      // Probing is allowed: the fixture's own `new Function` check and pixi's unsafeEvalSupported() each report an
      // eval refused. Nothing else may be blocked (pixi's blob: image worker was, and hung every texture load).
      expect(state.violations.filter((v) => v !== 'script-src: eval'), 'no script or worker the policy blocked').toEqual([]);
      const picture = decodePng(await on.locator('#stage').screenshot());
      expect(colorShare(picture, [0xff, 0x33, 0x66], 8), 'the rect').toBeGreaterThan(0.003);
      expect(colorShare(picture, [0x33, 0xff, 0x99], 8), 'the tinted sprite').toBeGreaterThan(0.003);
      expect(realErrors(csp.errors)).toEqual([]);
    } finally {
      await csp.close();
    }
  });
});
