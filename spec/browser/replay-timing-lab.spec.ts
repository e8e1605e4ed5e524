import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { decodeSession } from '../../src/replay/index.js';
import { decodePng, differenceShare, dominantColor, nonBackgroundShare, startHarness, waitUntil, type BrowserHarness, type OpenedPage } from './harness.js';
import { OUTPUT_DIR, SESSION_FIXTURES_DIR } from './replay-view-checks.js';
import type { SessionShown } from '../../examples/timing-lab/main.js';

// Issue 26, item 4: "the timing lab loads a session and draws its recorded
// ticks and steps". A session recorded in Chromium by the Fixed-step
// Platformer (spec/replay/fixtures/) loaded through the lab's "Load a
// session": every recorded delta and declined tick drawn, the fixed steps
// drawn again agreeing with every tick count the session recorded, played at
// the recorded pace (counted in frames drawn, not in time); then back to the
// live loop. At 1280×800 and on a phone.

type LabWindow = { __timingLab: { session(): SessionShown | undefined; frame(): { count: number }; live(): void } };

const FIXTURE = resolve(SESSION_FIXTURES_DIR, 'fixed-step-platformer.session.json');
const shown = (on: Page) => on.evaluate(() => (window as unknown as LabWindow).__timingLab.session());

let harness: BrowserHarness;
let opened: OpenedPage;
let page: Page;

beforeAll(async () => {
  harness = await startHarness();
  opened = await harness.open('timing-lab/', { viewport: { width: 1280, height: 800 }, readyWhen: () => ((window as unknown as Partial<LabWindow>).__timingLab?.frame().count ?? 0) >= 5 });
  page = opened.page;
});

afterEach(() => {
  expect(opened.errors).toEqual([]);
});

afterAll(async () => {
  await harness?.close();
});

/** Loads the fixture through the lab's button and file picker. */
async function load(on: Page): Promise<void> {
  const [chooser] = await Promise.all([on.waitForEvent('filechooser'), on.locator('#session-load').click()]);
  await chooser.setFiles(FIXTURE);
  await waitUntil(on, () => (window as unknown as LabWindow).__timingLab.session() !== undefined);
}

describe('the timing lab draws a recorded session', () => {
  it('every recorded frame and declined tick, and fixed steps that agree with every tick count the session recorded', async () => {
    const session = decodeSession(readFileSync(FIXTURE, 'utf8'));
    await load(page);
    const info = (await shown(page))!;
    const declined = session.declined.reduce((sum, run) => sum + run.count, 0);
    expect(info).toMatchObject({ frames: session.deltasMs.length, declined, ticks: session.deltasMs.length + declined, stepMs: 20 });
    expect(info.agreement.first, 'the steps drawn give every recorded tick count').toBeUndefined();
    expect(info.agreement.compared).toBeGreaterThanOrEqual(session.checkpoints.length);
    expect(info.steps).toBe(session.checkpoints.at(-1)!.tick);
    expect(await page.locator('#session-status').textContent()).toMatch(/all \d+ recorded tick counts agree/);
    // The live loop's controls give way; the live loop takes no ticks meanwhile.
    expect(await page.locator('#fps').isVisible()).toBe(false);
    const liveFrames = await page.evaluate(() => (window as unknown as LabWindow).__timingLab.frame().count);
    // Played at the recorded pace: the frames drawn move on with the page's frames.
    await waitUntil(page, () => ((window as unknown as LabWindow).__timingLab.session()?.drawnFrames ?? 0) >= 40, undefined, 30_000);
    const a = decodePng(await page.locator('#picture').screenshot());
    const at = (await shown(page))!.drawnFrames;
    await waitUntil(page, (n) => ((window as unknown as LabWindow).__timingLab.session()?.drawnFrames ?? 0) >= n + 10, at, 30_000);
    const b = decodePng(await page.locator('#picture').screenshot());
    expect(nonBackgroundShare(a, dominantColor(a))).toBeGreaterThan(0.05);
    expect(differenceShare(a, b)).toBeGreaterThan(0.001); // the ticks scroll
    expect(await page.evaluate(() => (window as unknown as LabWindow).__timingLab.frame().count)).toBe(liveFrames);
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: `${OUTPUT_DIR}/timing-lab-1280x800.png` });
    // Back to the live loop.
    await page.locator('#session-live').click();
    expect(await shown(page)).toBeUndefined();
    await waitUntil(page, (n) => (window as unknown as LabWindow).__timingLab.frame().count > n + 5, liveFrames);
  });

  it('on a phone (390×844): the session loads and is drawn, nothing sideways', async () => {
    const phone = await harness.open('timing-lab/', { viewport: { width: 390, height: 844 }, phone: true, readyWhen: () => ((window as unknown as Partial<LabWindow>).__timingLab?.frame().count ?? 0) >= 5 });
    try {
      await load(phone.page);
      await waitUntil(phone.page, () => ((window as unknown as LabWindow).__timingLab.session()?.drawnFrames ?? 0) >= 60, undefined, 30_000);
      const width = await phone.page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, inner: window.innerWidth }));
      expect(width.scroll).toBeLessThanOrEqual(width.inner);
      await phone.page.evaluate(() => window.scrollTo(0, 0));
      await phone.page.screenshot({ path: `${OUTPUT_DIR}/timing-lab-390x844.png` });
      expect(phone.errors).toEqual([]);
    } finally {
      await phone.close();
    }
  });
});
