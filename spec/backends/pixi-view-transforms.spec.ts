import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fitViewport, logicalToScreen } from '../../src/index.js';
import { Camera } from '../../src/engines/world/index.js';
import { letterboxBars, logicalRootTransform, worldLayerTransform } from '../../src/backends/pixi/view-transforms.js';

// The arithmetic behind the pixi backend's stage (src/backends/pixi/view-transforms.ts),
// in Node: pixi itself needs a browser, the numbers it is handed do not.
// Seed, step 3: "The fit is taken before any game code runs, so a tick that
// converts a point uses the fit this frame renders through." The transforms
// below are how the picture goes through that same fit.

/** Applies a transform: what pixi does to a point of the container. */
const apply = (t: { x: number; y: number; scale: number }, px: number, py: number) => ({ x: px * t.scale + t.x, y: py * t.scale + t.y });

describe('logicalRootTransform', () => {
  it('places the logical area where the fit says, in CSS pixels (the stage is rendered at a resolution of pixelRatio)', () => {
    // 640 × 360 in 600 × 400 CSS at a ratio of 2: 1200 × 675 device px from y = 62.
    const viewport = fitViewport(600, 400, 2, 640, 360);
    expect(logicalRootTransform(viewport)).toEqual({ x: 0, y: 31, scale: 0.9375 });
  });

  it('agrees with logicalToScreen for every point, fit and ratio', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 50, max: 3000 }),
        fc.integer({ min: 50, max: 3000 }),
        fc.constantFrom(1, 1.25, 1.5, 2, 3),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (cssWidth, cssHeight, ratio, u, v) => {
          const viewport = fitViewport(cssWidth, cssHeight, ratio, 640, 360);
          const [lx, ly] = [u * 640, v * 360];
          const drawn = apply(logicalRootTransform(viewport), lx, ly);
          const expected = logicalToScreen(viewport, lx, ly);
          expect(drawn.x).toBeCloseTo(expected.x, 9);
          expect(drawn.y).toBeCloseTo(expected.y, 9);
        },
      ),
    );
  });
});

describe('worldLayerTransform', () => {
  it('puts the camera\'s point at the centre of the view, scaled by the zoom', () => {
    expect(worldLayerTransform(100, 50, 2, 640, 360)).toEqual({ x: 120, y: 80, scale: 2 });
    expect(apply(worldLayerTransform(100, 50, 2, 640, 360), 100, 50)).toEqual({ x: 320, y: 180 });
  });

  it('is Camera.worldToScreen, and Camera.screenToWorld undoes it', () => {
    fc.assert(
      fc.property(
        fc.double({ min: -1e4, max: 1e4, noNaN: true }),
        fc.double({ min: -1e4, max: 1e4, noNaN: true }),
        fc.double({ min: 0.1, max: 8, noNaN: true }),
        fc.double({ min: -1e4, max: 1e4, noNaN: true }),
        fc.double({ min: -1e4, max: 1e4, noNaN: true }),
        (cx, cy, zoom, wx, wy) => {
          const camera = new Camera();
          camera.x = cx;
          camera.y = cy;
          camera.zoom = zoom;
          const drawn = apply(worldLayerTransform(cx, cy, zoom, 640, 360), wx, wy);
          const expected = camera.worldToScreen(wx, wy, 640, 360);
          expect(drawn.x).toBeCloseTo(expected.x, 6);
          expect(drawn.y).toBeCloseTo(expected.y, 6);
          const back = camera.screenToWorld(drawn.x, drawn.y, 640, 360);
          expect(back.x).toBeCloseTo(wx, 6);
          expect(back.y).toBeCloseTo(wy, 6);
        },
      ),
    );
  });
});

describe('letterboxBars', () => {
  it('puts bars beside a wide surface and above and below a tall one, none when the aspect matches', () => {
    expect(letterboxBars(fitViewport(900, 360, 1, 640, 360))).toEqual([
      { x: 0, y: 0, width: 130, height: 360 },
      { x: 770, y: 0, width: 130, height: 360 },
    ]);
    expect(letterboxBars(fitViewport(400, 300, 2, 640, 360))).toEqual([
      { x: 0, y: 0, width: 400, height: 37.5 },
      { x: 0, y: 262.5, width: 400, height: 37.5 },
    ]);
    expect(letterboxBars(fitViewport(1280, 720, 1, 640, 360))).toEqual([]);
  });

  it('covers exactly the device pixels outside the viewport, each once', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 20, max: 400 }),
        fc.integer({ min: 20, max: 400 }),
        fc.constantFrom(1, 1.5, 2),
        (cssWidth, cssHeight, ratio) => {
          const viewport = fitViewport(cssWidth, cssHeight, ratio, 160, 90);
          const deviceWidth = Math.round(viewport.cssWidth * ratio);
          const deviceHeight = Math.round(viewport.cssHeight * ratio);
          const bars = letterboxBars(viewport).map((b) => ({ x: b.x * ratio, y: b.y * ratio, width: b.width * ratio, height: b.height * ratio }));
          const area = bars.reduce((sum, b) => sum + b.width * b.height, 0);
          expect(area).toBeCloseTo(deviceWidth * deviceHeight - viewport.width * viewport.height, 6);
          for (const bar of bars) {
            const overlapsViewport =
              bar.x < viewport.x + viewport.width - 1e-9 &&
              bar.x + bar.width > viewport.x + 1e-9 &&
              bar.y < viewport.y + viewport.height - 1e-9 &&
              bar.y + bar.height > viewport.y + 1e-9;
            expect(overlapsViewport).toBe(false);
          }
        },
      ),
    );
  });
});
