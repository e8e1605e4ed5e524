import { writeFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WorldEngine } from '../../src/engines/world/world-engine.js';
import { decodePng, differenceShare, nonBackgroundShare, startHarness, waitUntil, type BrowserHarness, type OpenedPage } from './harness.js';

// docs/world-engine.md's first example, as a reader pastes it (the fixture
// holds it verbatim: spec/docs/world-engine-guide-in-sync.spec.ts). Issue 13:
// "pasted into a fresh app, shows nothing moving: the camera follows the only
// actor in an empty world. Make the first example visibly move."

/** Where a reader looks at the example without running it. */
const SCREENSHOT_PATH = '/tmp/world-engine-first-example.png';

/** pixi's driver warnings at start-up are not the page's errors (BROWSER.md, pitfall 2). */
const KNOWN_NOISE = /GPU stall due to ReadPixels/;

type Handle = { engine: WorldEngine<string> & { backend: { app: { renderer: { name: string } } } } };
declare global {
  interface Window {
    __firstExample?: Handle;
  }
}

let harness: BrowserHarness;
let opened: OpenedPage;
let page: Page;

const frame = () => page.evaluate(() => window.__firstExample!.engine.frame().count);
const shipX = () => page.evaluate(() => window.__firstExample!.engine.world.actors.find((a) => a.shape !== undefined)!.x);
const shot = async () => decodePng(await page.locator('#game').screenshot());
const framesPass = async (frames: number) => {
  const from = await frame();
  await waitUntil(page, (target) => window.__firstExample!.engine.frame().count >= target, from + frames, 30_000);
};

beforeAll(async () => {
  harness = await startHarness();
  opened = await harness.open(harness.fixture('world-engine-first-example.html'), {
    viewport: { width: 1280, height: 800 },
    readyWhen: () => window.__firstExample !== undefined,
  });
  page = opened.page;
}, 60_000);

afterAll(async () => {
  await harness?.close();
});

describe("the world engine guide's first example in Chromium", () => {
  it('draws with WebGL, with no page or console error, and its frame counter advances', async () => {
    expect(await page.evaluate(() => window.__firstExample!.engine.backend.app.renderer.name)).toBe('webgl');
    await framesPass(10);
    expect(opened.errors.filter((e) => !KNOWN_NOISE.test(e))).toEqual([]);
  });

  it('visibly moves with no key pressed: a non-blank picture, and two screenshots a few frames apart differ', async () => {
    const first = await shot();
    await framesPass(20);
    const second = await shot();
    expect(nonBackgroundShare(first), 'stars, the ship and the comet are drawn').toBeGreaterThan(0.001);
    expect(differenceShare(first, second), 'the comet moved').toBeGreaterThan(0);
    writeFileSync(SCREENSHOT_PATH, await page.screenshot()); // the whole 1280 × 800 page, for a reader to look at
  });

  it('the ship moves when steered with a real key press (the camera does not follow it away)', async () => {
    const before = await shipX();
    const picture = await shot();
    await page.keyboard.down('ArrowRight');
    await framesPass(15);
    await page.keyboard.up('ArrowRight');
    expect(await shipX()).toBeGreaterThan(before);
    expect(differenceShare(picture, await shot())).toBeGreaterThan(0);
    expect(opened.errors.filter((e) => !KNOWN_NOISE.test(e))).toEqual([]);
  });
});
