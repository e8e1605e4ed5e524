import { writeFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { PNG } from 'pngjs';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { logicalToScreen } from 'tickflow';
import { DEFAULT_BACKGROUND, OVERLAY_ACCENT_COLOR, overlayPanelRect } from 'tickflow/three';
import type { BuildOptions } from './fixtures/three-backend.js';
import { HUD } from './fixtures/three-backend-hud.js';
import {
  colorShare,
  decodePng,
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

// The three.js backend (src/backends/three) in real Chromium: a fixture page
// (fixtures/three-backend.ts) builds a small scene with createStateEngine +
// threeBackend + animationFrames(), driven through window.__three.
// Issue 4: "browser tests per ../shared/BROWSER.md (WebGL renderer in use,
// non-blank picture, overlay drawn over the scene but absent from the
// recording, frames advancing)".

/** Where the lead looks at the backend without running it. */
const SCREENSHOT_PATH = '/tmp/three-backend.png';

const BACKGROUND: Rgb = hexColor(`#${DEFAULT_BACKGROUND.toString(16).padStart(6, '0')}`);
/** The overlay's accent (its panel's edge, its frame-time graph): the colour that tells it from the picture. */
const OVERLAY_GREEN = hexColor(OVERLAY_ACCENT_COLOR);
const HUD_MAGENTA = hexColor(HUD.color);

/** A copy of a picture with a rectangle painted black (to compare what lies outside it). */
function maskOut(png: PNG, { x, y, width, height }: Rect): PNG {
  const out = new PNG({ width: png.width, height: png.height });
  png.data.copy(out.data);
  for (let row = y; row < y + height; row++) out.data.fill(0, (row * png.width + x) * 4, (row * png.width + x + width) * 4);
  return out;
}

/** The part of the HUD box the game fills with its colour only (left of the text). */
function hudSwatch(viewport: { scale: number; x: number; y: number }): Rect {
  const left = viewport.x + HUD.x * viewport.scale;
  const top = viewport.y + HUD.y * viewport.scale;
  return { x: Math.round(left + 2), y: Math.round(top + 2), width: Math.round(8 * viewport.scale), height: Math.round((HUD.height - 4) * viewport.scale) };
}

/**
 * An init script counting the page's requestAnimationFrame requests, so a
 * second loop (three's own, through setAnimationLoop) would show as a second
 * request per frame.
 */
function countAnimationFrames(): void {
  // Runs in the page, before its own scripts.
  const counts = { requests: 0 };
  (window as unknown as { __rafRequests: typeof counts }).__rafRequests = counts;
  const request = window.requestAnimationFrame.bind(window);
  window.requestAnimationFrame = (callback) => {
    counts.requests++;
    return request(callback);
  };
}

let harness: BrowserHarness;
let fixture: OpenedPage;
let page: Page;

/** Builds the fixture's game afresh (destroying the last one) and waits for its first frames. */
const build = async (options: BuildOptions) => {
  await page.evaluate((o) => window.__three!.build(o), options);
  await waitUntil(page, () => window.__three!.frame() >= 3);
};
const frame = () => page.evaluate(() => window.__three!.frame());
const info = () => page.evaluate(() => window.__three!.info());
const shot = async () => decodePng(await page.locator('#stage').screenshot());
async function framesPass(frames: number): Promise<void> {
  const from = await frame();
  await waitUntil(page, (target) => window.__three!.frame() >= target, from + frames);
}

beforeAll(async () => {
  harness = await startHarness();
  fixture = await harness.open(harness.fixture('three-backend.html'), {
    viewport: { width: 1000, height: 700 },
    initScript: countAnimationFrames,
    readyWhen: () => window.__three !== undefined,
  });
  page = fixture.page;
});

afterEach(() => {
  expect(fixture.errors).toEqual([]);
});

afterAll(async () => {
  await harness?.close();
});

describe('the three.js backend in real Chromium', () => {
  it('renders with WebGL 2 (three\'s WebGLRenderer, real draw calls), in two stacked canvases, with no page or console error', async () => {
    await build({ width: 640, height: 360 });
    const { webgl2, gpu, drawCalls, canvasesInContainer, screenCanvas, screenDrawsOnTopCanvas } = await info();
    expect(webgl2, 'renderer.getContext() is a WebGL2RenderingContext').toBe(true);
    expect(gpu, 'the GL renderer string (SwiftShader through ANGLE here)').not.toBe('');
    expect(drawCalls, 'the last frame issued draw calls').toBeGreaterThan(0);
    expect(canvasesInContainer, 'the WebGL canvas and the visible screen canvas over it').toBe(2);
    expect(screenCanvas.pointerEvents, 'the top canvas lets pointer events through').toBe('none');
    // The screen layer is that top canvas, which the browser composites over the picture: an offscreen layer copied
    // onto it at step 10 cost a full-size drawImage every frame (about 0.34 ms at 1280×800 here).
    expect(screenDrawsOnTopCanvas, 'the game draws its readouts on the visible top canvas itself').toBe(true);
    expect(fixture.errors).toEqual([]);
  });

  it(
    'draws a non-blank picture that moves, with the readout over it, and advances its frame counter: "It updates the ' +
      'objects in the engine’s retained scene from the state and poses the camera, and it draws its readouts on the ' +
      'screen layer through a 2D context."',
    async () => {
      await build({ width: 640, height: 360 });
      const first = await shot();
      expect(nonBackgroundShare(first, BACKGROUND), 'the floor and the cube cover much of the picture').toBeGreaterThan(0.2);
      expect(colorShare(crop(first, hudSwatch({ scale: 1, x: 0, y: 0 })), HUD_MAGENTA), 'the readout on the screen layer').toBeGreaterThan(0.9);

      const from = await frame();
      await framesPass(4);
      const second = await shot();
      expect(await frame()).toBeGreaterThanOrEqual(from + 4);
      expect(differenceShare(first, second), 'the cube swung and spun between the screenshots').toBeGreaterThan(0.002);

      await page.evaluate(() => window.__three!.stop());
      const stopped = await frame();
      await hostFramesPass(page, 20);
      expect(await frame(), 'a stopped engine draws no frame').toBe(stopped);
    },
  );

  it('runs on the engine\'s loop alone: "The engine owns the frame loop"; three\'s setAnimationLoop is never called (issue 4: "must not run a second loop")', async () => {
    await build({ width: 320, height: 180 });
    // Read in one task, between two frames: the host has requested exactly the next frame.
    const counts = () =>
      page.evaluate(() => ({
        requests: (window as unknown as { __rafRequests: { requests: number } }).__rafRequests.requests,
        frames: window.__three!.frame(),
      }));
    const before = await counts();
    await framesPass(10);
    const after = await counts();
    // One requestAnimationFrame per engine frame: a second loop (three's) would request a second one each frame.
    expect(after.requests - before.requests).toBe(after.frames - before.frames);
    expect(await page.evaluate(() => window.__three!.animationLoopCalls())).toBe(0);
  });

  it(
    'letterboxes the logical size into the container, with background-coloured bars: "Both canvases are synced to the ' +
      'surface\'s size and ratio, and the viewport is recomputed"; "[the engine] clears the canvas to background, applies the ' +
      'letterboxed viewport and scissor, and renders the scene through the camera"',
    async () => {
      // 900 × 360 around 640 × 360: bars left and right, 130 px each.
      await build({ width: 900, height: 360 });
      let fit = await info();
      expect(fit.canvasesInContainer, 'each earlier build\'s destroy() removed its two canvases').toBe(2);
      expect(fit.viewport).toMatchObject({ x: 130, y: 0, width: 640, height: 360, scale: 1 });
      expect(fit.canvas).toEqual({ width: 900, height: 360, cssWidth: '900px', cssHeight: '360px' });
      expect(fit.screenCanvas).toMatchObject({ width: 900, height: 360 });
      let picture = await shot();
      expect(colorShare(crop(picture, { x: 0, y: 0, width: 128, height: 360 }), BACKGROUND, 2), 'left bar').toBe(1);
      expect(colorShare(crop(picture, { x: 772, y: 0, width: 128, height: 360 }), BACKGROUND, 2), 'right bar').toBe(1);
      // The floor fills the bottom of the picture edge to edge of the letterboxed area, and stops there.
      const floorRow = { y: 330, height: 20 };
      expect(nonBackgroundShare(crop(picture, { x: 131, ...floorRow, width: 4 }), BACKGROUND), 'floor at the left edge').toBe(1);
      expect(nonBackgroundShare(crop(picture, { x: 765, ...floorRow, width: 4 }), BACKGROUND), 'floor at the right edge').toBe(1);
      // The readout is in logical coordinates: logical x = 474 is 474 px into the letterboxed area.
      expect(logicalToScreen(fit.viewport, HUD.x, HUD.y)).toEqual({ x: 130 + 474, y: 308 });
      expect(colorShare(crop(picture, hudSwatch(fit.viewport)), HUD_MAGENTA)).toBeGreaterThan(0.9);

      // The container turns tall: the next frame resyncs both canvases, and the bars move to the top and bottom.
      await page.evaluate(() => {
        const stage = document.querySelector<HTMLElement>('#stage')!;
        stage.style.width = '400px';
        stage.style.height = '600px';
      });
      await framesPass(2);
      fit = await info();
      expect(fit.canvas).toEqual({ width: 400, height: 600, cssWidth: '400px', cssHeight: '600px' });
      expect(fit.viewport).toMatchObject({ x: 0, y: 187, width: 400, height: 225, scale: 0.625 });
      picture = await shot();
      expect(picture.width).toBe(400);
      expect(colorShare(crop(picture, { x: 0, y: 0, width: 400, height: 185 }), BACKGROUND, 2), 'top bar').toBe(1);
      expect(colorShare(crop(picture, { x: 0, y: 414, width: 400, height: 186 }), BACKGROUND, 2), 'bottom bar').toBe(1);
      expect(nonBackgroundShare(crop(picture, { x: 0, y: 187, width: 400, height: 225 }), BACKGROUND)).toBeGreaterThan(0.2);
      expect(colorShare(crop(picture, hudSwatch(fit.viewport)), HUD_MAGENTA)).toBeGreaterThan(0.8);
    },
  );

  it(
    'shows the overlay on screen and keeps it out of a frame recording: "The recorder captures the frame after the scene is ' +
      'rendered and the screen layer drawn, and before the diagnostics overlay draws on the screen layer. A recording ' +
      'therefore holds the picture the game submitted and nothing of the overlay."',
    async () => {
      await build({ width: 640, height: 360, overlay: true, recorder: 'frames' });
      await page.evaluate(() => window.__three!.startRecording());
      await framesPass(10);
      // Stop between two frames: the screen keeps showing the last frame, which is also the last one recorded.
      await page.evaluate(() => window.__three!.stop());
      const recording = await page.evaluate(() => window.__three!.stopRecording());
      if (recording.mode !== 'frames') throw new Error('expected a frame recording');
      const onScreen = await shot();
      writeFileSync(SCREENSHOT_PATH, PNG.sync.write(onScreen));
      const recorded = decodePng(Buffer.from(recording.lastPng.replace(/^data:image\/png;base64,/, ''), 'base64'));

      expect(recording.frameCount, 'one capture per frame while recording').toBe(recording.engineFrames);
      expect(recording.frameCount).toBeGreaterThanOrEqual(10);
      expect([recorded.width, recorded.height], 'the WebGL canvas\'s size, in device pixels').toEqual([640, 360]);

      const panel = overlayPanelRect(1);
      // The panel's one-pixel edge all round (about 2 % of its area) and the graph's bars are in the accent.
      expect(colorShare(crop(onScreen, panel), OVERLAY_GREEN, 30), 'the overlay panel, on screen, over the scene').toBeGreaterThan(0.015);
      expect(colorShare(crop(recorded, panel), OVERLAY_GREEN, 40), 'nothing of the overlay in the recording').toBe(0);
      expect(colorShare(recorded, OVERLAY_GREEN, 40), 'nowhere in the recording').toBe(0);

      // The recording is the picture the game submitted: the scene and the screen layer's readout...
      const viewport = { scale: 1, x: 0, y: 0 };
      expect(colorShare(crop(recorded, hudSwatch(viewport)), HUD_MAGENTA), 'the readout, recorded').toBeGreaterThan(0.9);
      expect(nonBackgroundShare(recorded, BACKGROUND)).toBeGreaterThan(0.2);
      // ...and is, outside the overlay's panel, what the screen shows.
      expect(differenceShare(maskOut(onScreen, panel), maskOut(recorded, panel))).toBeLessThan(0.002);
      expect(differenceShare(onScreen, recorded), 'the panel is the difference').toBeGreaterThan(0.03);
    },
  );

  it(
    '"Both canvases are synced to the surface\'s size and ratio" without reading the page\'s layout in a frame where ' +
      'nothing changed; a padding the page adds is fitted within two frames',
    async () => {
      await build({ width: 640, height: 360 });
      await framesPass(3);
      // Count the engine's reads of the container's size from here on (an own getter over Element.prototype's).
      await page.evaluate(() => {
        const stage = document.querySelector<HTMLElement>('#stage')!;
        const state = { reads: 0 };
        (window as unknown as { sizeReads: typeof state }).sizeReads = state;
        for (const key of ['clientWidth', 'clientHeight'] as const) {
          const platform = Object.getOwnPropertyDescriptor(Element.prototype, key)!.get!;
          Object.defineProperty(stage, key, { configurable: true, get: () => (state.reads++, platform.call(stage)) });
        }
      });
      const reads = () => page.evaluate(() => (window as unknown as { sizeReads: { reads: number } }).sizeReads.reads);
      try {
        await framesPass(20);
        expect(await reads(), 'a steady frame measures nothing').toBe(0);

        // A padding, the content box unchanged (box-sizing: content-box): only the border box grows, 640 + 2 × 50 px wide.
        await page.evaluate(() => {
          const stage = document.querySelector<HTMLElement>('#stage')!;
          stage.style.boxSizing = 'content-box';
          stage.style.padding = '0 50px';
        });
        await framesPass(2);
        expect(await reads(), 'measured once the observer told of the change').toBeGreaterThan(0);
        expect((await info()).viewport).toMatchObject({ cssWidth: 740, cssHeight: 360 });
      } finally {
        await page.evaluate(() => {
          const stage = document.querySelector<HTMLElement>('#stage')!;
          for (const key of ['clientWidth', 'clientHeight']) delete (stage as unknown as Record<string, unknown>)[key];
          stage.style.padding = '';
          stage.style.boxSizing = '';
        });
      }
    },
  );

  it('fits a window resize in the frame the resize event comes before, as a surface measured every frame did', async () => {
    await build({ width: 640, height: 360 });
    await framesPass(3);
    // The container follows the window (a style the page sets: fitted the frame after the browser lays it out).
    await page.evaluate(() => {
      document.querySelector<HTMLElement>('#stage')!.style.width = '50vw';
    });
    await framesPass(3);
    // After each engine frame, the page compares the fit that frame rendered through with the container's size.
    await page.evaluate(() => {
      const stage = document.querySelector<HTMLElement>('#stage')!;
      const log = { frames: 0, behind: 0, widths: new Set<number>(), stop: false };
      (window as unknown as { fitLog: typeof log }).fitLog = log;
      const check = (): void => {
        const width = stage.getBoundingClientRect().width;
        log.frames++;
        log.widths.add(width);
        if (window.__three!.viewport().cssWidth !== width) log.behind++;
        if (!log.stop) requestAnimationFrame(check);
      };
      requestAnimationFrame(check);
    });
    await framesPass(3);
    try {
      for (const width of [900, 760, 1000]) {
        await page.setViewportSize({ width, height: 700 });
        await framesPass(3);
      }
      const log = await page.evaluate(() => {
        const { frames, behind, widths } = (window as unknown as { fitLog: { frames: number; behind: number; widths: Set<number> } }).fitLog;
        return { frames, behind, widths: [...widths].sort((a, b) => a - b) };
      });
      expect(log.widths, 'the container took every window\'s width').toEqual([380, 450, 500]);
      expect(log.behind, `frames whose fit lagged the container, of ${log.frames}`).toBe(0);
    } finally {
      await page.setViewportSize({ width: 1000, height: 700 });
      await page.evaluate(() => {
        (window as unknown as { fitLog: { stop: boolean } }).fitLog.stop = true;
        document.querySelector<HTMLElement>('#stage')!.style.width = '640px';
      });
    }
  });

  it('records a WebM video through a canvas capture stream and MediaRecorder', async () => {
    await build({ width: 320, height: 180, recorder: 'video' });
    await page.evaluate(() => window.__three!.startRecording());
    await framesPass(30); // frames drawn into the capture stream, however long they take
    const recording = await page.evaluate(() => window.__three!.stopRecording());
    if (recording.mode !== 'video') throw new Error('expected a video recording');
    expect(recording.type).toMatch(/^video\/webm/);
    expect(recording.magic, 'the EBML header every WebM file starts with').toBe('1a45dfa3');
    expect(recording.hasCluster, 'encoded frames, not just a header').toBe(true);
    expect(recording.size).toBeGreaterThan(1000);
    expect(recording.frameCount, 'frames captured into the stream').toBeGreaterThanOrEqual(5);
    expect(recording.frameCount).toBeLessThanOrEqual(recording.engineFrames);
  });
});

describe('the three.js backend at a device pixel ratio of 2', () => {
  it(
    'resyncs both canvases to the CSS size times the new ratio ("Both canvases are synced to the surface\'s size and ' +
      'ratio"), and picks through the letterbox in CSS pixels',
    async () => {
      // 300 × 200 CSS around 640 × 360: at a ratio of 1, bars top and bottom of 16 px.
      await build({ width: 300, height: 200 });
      expect((await info()).canvas).toEqual({ width: 300, height: 200, cssWidth: '300px', cssHeight: '200px' });

      // The same page turns high-DPI (as when a window moves to another screen): the next frame resyncs.
      // (Emulated through CDP, so the test needs no second page.)
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('Emulation.setDeviceMetricsOverride', { width: 1000, height: 700, deviceScaleFactor: 2, mobile: false });
      try {
        await waitUntil(page, () => window.devicePixelRatio === 2);
        await framesPass(2);
        const fit = await info();
        expect(fit.canvas).toEqual({ width: 600, height: 400, cssWidth: '300px', cssHeight: '200px' });
        expect(fit.screenCanvas).toMatchObject({ width: 600, height: 400, cssWidth: '300px', cssHeight: '200px' });
        // Bars of 31 device px top and bottom.
        expect(fit.viewport).toMatchObject({ pixelRatio: 2, x: 0, y: 31, width: 600, height: 338 });

        // Playwright's screenshot scales by the context's ratio, not the emulated one: ask CDP for device pixels.
        const { data } = await cdp.send('Page.captureScreenshot', {
          format: 'png',
          clip: { x: 0, y: 0, width: 300, height: 200, scale: 1 },
        });
        const picture = decodePng(Buffer.from(data, 'base64'));
        expect([picture.width, picture.height], 'the screenshot is in device pixels').toEqual([600, 400]);
        expect(colorShare(crop(picture, { x: 0, y: 0, width: 600, height: 30 }), BACKGROUND, 2), 'top bar').toBe(1);
        expect(colorShare(crop(picture, { x: 0, y: 370, width: 600, height: 30 }), BACKGROUND, 2), 'bottom bar').toBe(1);
        expect(colorShare(crop(picture, hudSwatch(fit.viewport)), HUD_MAGENTA), 'the readout, in logical units').toBeGreaterThan(0.8);

        const cube = await page.evaluate(() => window.__three!.pickCube());
        expect(cube.name, `picked at (${cube.css.map((v) => v.toFixed(1)).join(', ')}) CSS px`).toBe('cube');
        // 10 CSS px down is 20 device px: in the top bar, where there is no ray.
        expect(await page.evaluate(() => window.__three!.pick(150, 10))).toEqual({ name: undefined, ray: false });
        // Near the bottom of the picture, the floor.
        expect(await page.evaluate(() => window.__three!.pick(150, 180))).toEqual({ name: 'floor', ray: true });
      } finally {
        await cdp.send('Emulation.clearDeviceMetricsOverride');
        await cdp.detach();
      }
    },
  );
});
