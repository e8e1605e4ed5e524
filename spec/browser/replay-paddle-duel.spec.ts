import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { replay, type Session } from '../../src/replay/index.js';
import type { PaddleDuelHandle } from '../../examples/paddle-duel/main.js';
import { decodePng, nonBackgroundShare, startHarness, waitUntil, type BrowserHarness, type OpenedPage } from './harness.js';
import { GALLERY_GAMES } from '../replay/gallery-builds.js';
import { checkOnPhone, checkReplayControls, loadThroughPage, OUTPUT_DIR, pageErrors, recordThroughPage, VIEW_TEST_TIMEOUT_MS } from './replay-view-checks.js';

// Issue 26, items 4 and 5, for Paddle Duel (the world engine): played in
// real Chromium with real key presses (the left paddle taken over from the
// AI) and the pause menu, recorded through the page's Record and Stop &
// download, replayed in Node with every checkpoint equal, then loaded into
// the replay view: pause, step, seek, speed, at 1280×800 and on a phone.

type DuelWindow = { __game: PaddleDuelHandle };

let harness: BrowserHarness;
let opened: OpenedPage;
let page: Page;
let recorded: { session: Session; path: string };

const ready = () => ((window as unknown as Partial<DuelWindow>).__game?.frame().count ?? 0) >= 5;
const frame = () => page.evaluate(() => (window as unknown as DuelWindow).__game.frame().count);
/** Waits for `n` more of the live engine's frames. */
const framesPass = async (n: number) => {
  const from = await frame();
  await waitUntil(page, (target) => (window as unknown as DuelWindow).__game.frame().count >= target, from + n, 30_000);
};

beforeAll(async () => {
  harness = await startHarness();
  opened = await harness.open('paddle-duel/', { viewport: { width: 1280, height: 800 }, readyWhen: ready });
  page = opened.page;
});

afterEach(() => {
  expect(pageErrors(opened)).toEqual([]);
});

afterAll(async () => {
  await harness?.close();
});

describe('Paddle Duel: record in Chromium, replay in Node and in the replay view', () => {
  it('records a session played with real key presses and the pause menu, through Record and Stop & download', async () => {
    await framesPass(30); // mid-match: the session begins with a snapshot
    recorded = await recordThroughPage(page, 'paddle-duel', async () => {
      await framesPass(20);
      await page.keyboard.down('KeyW'); // the left paddle is the person's from now on
      await framesPass(30);
      await page.keyboard.up('KeyW');
      await page.keyboard.down('KeyS');
      await framesPass(40);
      await page.keyboard.up('KeyS');
      expect(await page.evaluate(() => [...(window as unknown as DuelWindow).__game.match.takenOver])).toEqual(['left']);
      await page.keyboard.press('Escape'); // the pause menu: the world is paused, the menu ticks
      await framesPass(10);
      expect(await page.evaluate(() => (window as unknown as DuelWindow).__game.status().paused)).toBe(true);
      await page.keyboard.press('ArrowDown'); // the cursor to Restart, and back
      await framesPass(5);
      await page.keyboard.press('ArrowUp');
      await framesPass(5);
      await page.keyboard.press('Enter'); // Resume
      await framesPass(10);
      expect(await page.evaluate(() => (window as unknown as DuelWindow).__game.status().paused)).toBe(false);
      await page.keyboard.down('ArrowUp');
      await framesPass(40);
      await page.keyboard.up('ArrowUp');
      await page.keyboard.down('ArrowDown');
      await framesPass(60);
      await page.keyboard.up('ArrowDown');
      await framesPass(200);
    });
    const { session } = recorded;
    expect(session.preset).toBe('world engine');
    expect(session.start, 'recorded mid-match: begins with a snapshot').toBeDefined();
    expect(session.deltasMs.length).toBeGreaterThanOrEqual(400);
    const codes = session.events.flatMap((e) => (e.kind === 'input' && e.call[0] !== 'move' ? [`${e.call[0]} ${e.call[1]}`] : []));
    expect(codes).toEqual(expect.arrayContaining(['press KeyW', 'release KeyS', 'press Escape', 'press Enter', 'press ArrowUp', 'release ArrowDown']));
  });

  it('the session replays in Node on the same build with every checkpoint equal', async () => {
    const { session } = recorded;
    const game = GALLERY_GAMES['paddle-duel']!;
    const report = await replay(session, game.build(session), { stateOf: game.stateOf! });
    expect(report.firstDivergence).toBeUndefined();
    expect(report).toMatchObject({ same: true, frames: session.deltasMs.length, checkpoints: session.checkpoints.length });
  });

  it('Load shows it in the replay view: paused at frame 0, single steps, seeks that land, ¼× to 4×', async () => {
    await loadThroughPage(page, recorded.path);
    expect(await page.locator('[data-session="record"]').isVisible()).toBe(false);
    await checkReplayControls(page, recorded.session);
    const shot = decodePng(await page.locator('#stage').screenshot());
    expect(nonBackgroundShare(shot)).toBeGreaterThan(0.02);
    await page.evaluate((f) => (window as unknown as { __replay: { seek(n: number): Promise<void> } }).__replay.seek(f), Math.floor(recorded.session.deltasMs.length / 2));
    await page.screenshot({ path: `${OUTPUT_DIR}/paddle-duel-1280x800.png` });
  }, VIEW_TEST_TIMEOUT_MS);

  it('on a phone (390×844): the view fits, its buttons are at least 44 px, a tap plays', async () => {
    await checkOnPhone(harness, 'paddle-duel/', ready, recorded.path, 'paddle-duel');
  }, VIEW_TEST_TIMEOUT_MS);
});
