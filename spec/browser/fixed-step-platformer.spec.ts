import { writeFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { BACKGROUND_COLOR } from '../../examples/fixed-step-platformer/tuning.js';
import { decodePng, differenceShare, hexColor, nonBackgroundShare, hostFramesPass, startHarness, waitUntil, type BrowserHarness, type HarnessWindow, type OpenedPage } from './harness.js';

// The Fixed-step Platformer (examples/fixed-step-platformer/) in real
// Chromium on the pixi.js backend, playing itself (?autoplay=1), driven
// through real key presses and clicks and read through window.__platformer.
// Issue 9: "It plays itself in a browser test", per BROWSER.md's checklist.

const SCREENSHOT_PATH = '/tmp/fixed-step-platformer.png';
const BACKGROUND = hexColor(`#${BACKGROUND_COLOR.toString(16).padStart(6, '0')}`);
const pageErrors = (opened: OpenedPage) => opened.errors.filter((e) => !/GPU stall due to ReadPixels/.test(e));

interface Handle {
  engine: {
    state: string;
    stats(): { frames: number; fixedUpdates: number };
    scene?: { id: string; find(id: string): { transform: { x: number; y: number } } | undefined };
    loop?: { frames$: { subscribe(fn: (info: { lastDeltaMs: number }) => void): { unsubscribe(): void } } };
  };
  backend: { rendererName: string; renderCount: number };
  display: { rateHz: number; ticks: number };
  state: { mode: string; autopilot: boolean; falls: number; levelsCleared: number; dropResult?: string; dropping: boolean; drops: number };
}
const handle = () => (window as unknown as { __platformer: Handle }).__platformer;

let harness: BrowserHarness;
let opened: OpenedPage;
let page: Page;

const read = <T>(fn: (h: Handle) => T): Promise<T> =>
  page.evaluate((source) => new Function('h', `return (${source})(h)`)((window as unknown as { __platformer: Handle }).__platformer), fn.toString()) as Promise<T>;
const framesPass = async (n: number) => {
  const from = await read((h) => h.engine.stats().frames);
  await waitUntil(page, (target) => (window as unknown as { __platformer: Handle }).__platformer.engine.stats().frames >= target, from + n);
};

beforeAll(async () => {
  harness = await startHarness();
  // A small window: SwiftShader draws in software, and a large canvas costs frames on a loaded machine.
  opened = await harness.open('fixed-step-platformer/?autoplay=1', {
    viewport: { width: 900, height: 620 },
    // Count the page's frame requests, to check that a paused engine asks for none.
    initScript: () => {
      const w = window as unknown as { __rafCalls: number };
      w.__rafCalls = 0;
      const original = window.requestAnimationFrame.bind(window);
      window.requestAnimationFrame = (callback) => {
        w.__rafCalls++;
        return original(callback);
      };
    },
    readyWhen: () => ((window as unknown as { __platformer?: Handle }).__platformer?.engine.stats().frames ?? 0) >= 5,
  });
  page = opened.page;
});

afterEach(() => {
  expect(pageErrors(opened)).toEqual([]);
});

afterAll(async () => {
  await harness?.close();
});

describe('Fixed-step Platformer in real Chromium', () => {
  it('renders with pixi\'s WebGL renderer; the frame counter advances; the picture is not blank and moves', async () => {
    expect(await read((h) => h.backend.rendererName)).toBe('webgl');
    const first = await read((h) => h.engine.stats().frames);
    const shotA = decodePng(await page.locator('#stage').screenshot());
    await framesPass(5);
    const shotB = decodePng(await page.locator('#stage').screenshot());
    expect(await read((h) => h.engine.stats().frames)).toBeGreaterThan(first);
    expect(nonBackgroundShare(shotA, BACKGROUND)).toBeGreaterThan(0.05); // ground, ledge, goal, runner
    expect(differenceShare(shotA, shotB)).toBeGreaterThan(0); // the autopilot runs
  });

  it('plays itself: the autopilot clears level 1 and the scene changes to level 2', async () => {
    await waitUntil(page, () => (window as unknown as { __platformer: Handle }).__platformer.engine.scene?.id === 'level-2', undefined, 20_000);
    expect(await read((h) => h.state.levelsCleared)).toBeGreaterThanOrEqual(1);
    expect(await read((h) => h.state.falls)).toBe(0);
  });

  it('the pause menu (Esc): a paused engine requests no frames and runs none; Resume plays on in the same scene', async () => {
    await page.locator('#autopilot').click(); // off: the runner stays in this scene
    await framesPass(2);
    await page.keyboard.press('Escape');
    expect(await read((h) => h.engine.state)).toBe('paused');
    expect(await page.locator('#pause-menu').isVisible()).toBe(true);
    const before = await page.evaluate(() => ({ raf: (window as unknown as { __rafCalls: number }).__rafCalls, frames: (window as unknown as { __platformer: Handle }).__platformer.engine.stats().frames }));
    await hostFramesPass(page, 24);
    const after = await page.evaluate(() => ({ raf: (window as unknown as { __rafCalls: number }).__rafCalls, frames: (window as unknown as { __platformer: Handle }).__platformer.engine.stats().frames }));
    expect(after.frames).toBe(before.frames);
    expect(after.raf - before.raf).toBeLessThanOrEqual(1); // at most the one already requested when paused
    const scene = await read((h) => h.engine.scene?.id);
    await page.locator('#resume').click();
    expect(await read((h) => h.engine.state)).toBe('playing');
    await framesPass(5);
    expect(await read((h) => h.engine.scene?.id)).toBe(scene);
    // The same world: its frame count went on from where it was (a rebuilt world counts from 0).
    expect(await read((h) => h.engine.stats().frames)).toBeGreaterThan(after.frames);
  });

  it('the drop test in one long frame: on the fixed step the runner lands on the ledge; per frame it falls through', async () => {
    await page.locator('[data-mode="fixed"]').click();
    await framesPass(5);
    let drops = await read((h) => h.state.drops);
    await page.locator('#drop-test').click();
    await waitUntil(page, (n) => (window as unknown as { __platformer: Handle }).__platformer.state.drops > n, drops);
    expect(await read((h) => h.state.dropResult)).toBe('landed on the ledge');
    const falls = await read((h) => h.state.falls);

    await page.locator('[data-mode="frame"]').click();
    await framesPass(5);
    expect(await read((h) => h.state.mode)).toBe('frame');
    drops = await read((h) => h.state.drops);
    await page.locator('#drop-test').click();
    await waitUntil(page, (n) => (window as unknown as { __platformer: Handle }).__platformer.state.drops > n, drops);
    expect(await read((h) => h.state.dropResult)).toBe('fell through the ledge');
    // Under a heavily loaded machine every frame is long, and per frame the runner may also sink through the
    // ground before the test (the seed's "falls through the floor"): at least the drop test's fall is counted.
    expect(await read((h) => h.state.falls)).toBeGreaterThanOrEqual(falls + 1);
    // The HUD is a world system: per frame it updates before the physics does, so it shows the result a frame later.
    await waitUntil(page, () => document.querySelector('#drop-banner')!.textContent === 'per frame: fell through the ledge');
    await page.locator('[data-mode="fixed"]').click();
  });

  it('keyboard play: holding → runs the runner right, on real key events through the engine\'s queue', async () => {
    const x0 = await read((h) => h.engine.scene!.find('player')!.transform.x);
    await page.keyboard.down('ArrowRight');
    await framesPass(20); // held for 20 of the engine's frames (each worth at least one display interval), not for a time
    await page.keyboard.up('ArrowRight');
    const x1 = await read((h) => h.engine.scene!.find('player')!.transform.x);
    expect(x1).toBeGreaterThan(x0 + 20);
  });

  it('the simulated display: at 30 and 144 Hz the engine\'s frames are worth exactly one display interval (or one long frame)', async () => {
    const deltasAt = async (hz: number) => {
      await page.locator(`[data-hz="${hz}"]`).click();
      await framesPass(3);
      // 60 of the engine's frames, and the page's own frames' timestamps meanwhile (through the harness's
      // requestAnimationFrame, which the page's counter does not see).
      return page.evaluate(
        (frames) =>
          new Promise<{ deltas: number[]; pageFps: number }>((resolve) => {
            const w = window as unknown as { __platformer: Handle } & HarnessWindow;
            const deltas: number[] = [];
            const pageTimestamps: number[] = [];
            const subscription = w.__platformer.engine.loop!.frames$.subscribe((info) => {
              deltas.push(info.lastDeltaMs);
              if (deltas.length < frames) return;
              subscription.unsubscribe();
              const spanMs = pageTimestamps.at(-1)! - pageTimestamps[0]!;
              resolve({ deltas, pageFps: ((pageTimestamps.length - 1) * 1000) / spanMs });
            });
            const sample = (timestampMs: number) => {
              pageTimestamps.push(timestampMs);
              if (deltas.length < frames) w.__harnessRequestFrame(sample);
            };
            w.__harnessRequestFrame(sample);
          }),
        60,
      );
    };
    for (const hz of [30, 144]) {
      const intervalMs = 1000 / hz;
      const { deltas, pageFps } = await deltasAt(hz);
      const exact = deltas.filter((d) => Math.abs(d - intervalMs) < 1e-6).length;
      console.log(`simulated ${hz} Hz: ${exact} of ${deltas.length} engine frames exactly ${intervalMs.toFixed(2)} ms; the page's frames came at ${pageFps.toFixed(0)} fps of its own timestamps`);
      // Under load the page's own frames slow down and the display delivers long frames: never shorter ones.
      for (const d of deltas) expect(d).toBeGreaterThanOrEqual(intervalMs - 1e-6);
      // A page at a usable rate shows the display's own interval; a starved one (this machine under load:
      // 5 fps was seen) only long frames. The grid itself is checked exactly in spec/examples/. (The rate, from the
      // page's frame timestamps, only picks which check applies; it is not asserted.)
      if (pageFps >= 40) expect(exact).toBeGreaterThanOrEqual(10);
    }
    await page.locator('[data-hz="60"]').click();
  });

  it('at 1280 × 800 the whole game and its panel sit above the fold, nothing overlapping (screenshot for a person to look at)', async () => {
    // The same page, resized (a second page load can take over 30 s on this machine under load).
    await page.setViewportSize({ width: 1280, height: 800 });
    await framesPass(3);
    const boxes = await page.evaluate(() =>
      ['#stage', '.panel', '.game-head'].map((selector) => {
        const r = document.querySelector(selector)!.getBoundingClientRect();
        return { selector, left: r.left, top: r.top, right: r.right, bottom: r.bottom };
      }),
    );
    const [stage, panel, head] = boxes;
    for (const box of boxes) expect(box.bottom, box.selector).toBeLessThanOrEqual(800);
    for (const box of boxes) expect(box.right, box.selector).toBeLessThanOrEqual(1280);
    expect(stage!.right).toBeLessThanOrEqual(panel!.left); // side by side
    expect(head!.bottom).toBeLessThanOrEqual(stage!.top);
    // Issue 21: the touch buttons show on touch screens only; with a mouse the page looks as it did.
    expect(await page.locator('#touch-pad').isVisible(), 'no touch buttons with a mouse').toBe(false);
    expect(await page.locator('.touch-only').first().isVisible(), 'no touch hints with a mouse').toBe(false);
    writeFileSync(SCREENSHOT_PATH, await page.screenshot());
    await page.setViewportSize({ width: 900, height: 620 });
  });

  it('restart (R) is stop then play: the game is built again at level 1', async () => {
    await page.keyboard.press('KeyR');
    await waitUntil(page, () => (window as unknown as { __platformer: Handle }).__platformer.engine.state === 'playing');
    expect(await read((h) => h.engine.scene?.id)).toBe('level-1');
    expect(await read((h) => h.state.levelsCleared)).toBe(0);
    await framesPass(5);
  });
});
