import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Cell, Side } from '../../bench/browser/backends-page.js';
import { REPO_ROOT, startHarness, waitUntil, type BrowserHarness } from './harness.js';

// The backends bench's page (bench/browser/backends-page.ts) at a tiny size,
// so it cannot rot between runs of `npm run bench:backends`: every cell's
// tickflow side and plain side starts, runs frames and records the four
// figures of a frame. No figure is asserted beyond its being a time: this is
// not a timed test.

/** Chromium's SwiftShader prints this driver warning when pixi starts (BROWSER.md, pitfall 2). */
const KNOWN_NOISE = [/GPU stall due to ReadPixels/];
const CELLS: readonly Cell[] = ['pixi-world', 'pixi-systems', 'three-state', 'three-systems', 'three-runtime'];
const SIDES: readonly Side[] = ['tickflow', 'plain'];
const OBJECTS = 20;

let harness: BrowserHarness;

beforeAll(async () => {
  harness = await startHarness();
});

afterAll(async () => {
  await harness?.close();
});

describe('the backends bench page, at 20 objects', () => {
  for (const cell of CELLS) {
    for (const side of SIDES) {
      it(`${cell}, ${side}: runs frames and records whole, engine, sync and render times`, async () => {
        const opened = await harness.open(harness.url(`@fs${resolve(REPO_ROOT, 'bench/browser/backends.html')}`), {
          viewport: { width: 480, height: 270 },
          readyWhen: () => window.__backendBench !== undefined,
          ignoreErrors: KNOWN_NOISE,
        });
        try {
          const { page } = opened;
          await page.evaluate(([c, s, n]) => window.__backendBench!.run(c, s, n), [cell, side, OBJECTS] as const);
          await waitUntil(page, () => window.__backendBench!.frames() >= 3);
          await page.evaluate(() => window.__backendBench!.startRecording());
          const from = await page.evaluate(() => window.__backendBench!.frames());
          await waitUntil(page, (n) => window.__backendBench!.frames() >= n + 5, from);
          const recorded = await page.evaluate(() => window.__backendBench!.stopRecording());
          expect(recorded.frames).toBeGreaterThanOrEqual(5);
          for (let i = 0; i < recorded.frames; i++) {
            // The draw call is inside the backend's time, and the backend's inside the whole frame.
            expect(recorded.renderMs[i]).toBeGreaterThan(0);
            expect(recorded.syncMs[i]).toBeGreaterThanOrEqual(0);
            expect(recorded.engineMs[i]).toBeGreaterThanOrEqual(0);
            expect(recorded.wholeMs[i]).toBeCloseTo(recorded.engineMs[i]! + recorded.syncMs[i]! + recorded.renderMs[i]!, 6);
          }
          expect(opened.errors).toEqual([]);
        } finally {
          await opened.close();
        }
      });
    }
  }
});
