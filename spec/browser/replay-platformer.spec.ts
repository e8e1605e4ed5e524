import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { replay, type Session } from '../../src/replay/index.js';
import { decodePng, nonBackgroundShare, startHarness, waitUntil, type BrowserHarness, type OpenedPage } from './harness.js';
import { GALLERY_GAMES } from '../replay/gallery-builds.js';
import { checkOnPhone, checkReplayControls, loadThroughPage, OUTPUT_DIR, pageErrors, recordThroughPage, VIEW_TEST_TIMEOUT_MS } from './replay-view-checks.js';

// Issue 26, items 4 and 5, for the Fixed-step Platformer (the systems
// engine): played in real Chromium with real key presses and a pause,
// recorded through the page's Record and Stop & download controls, replayed
// in Node with every checkpoint equal, then loaded into the page's replay
// view: pause, step, seek, speed, at 1280×800 and on a phone.

interface PlatformerWindow {
  __platformer: { engine: { stats(): { frames: number; fixedUpdates: number }; state: string; scene?: { id: string; find(id: string): { transform: { x: number } } | undefined } } };
}


let harness: BrowserHarness;
let opened: OpenedPage;
let page: Page;
let recorded: { session: Session; path: string };

const engineFrames = () => page.evaluate(() => (window as unknown as PlatformerWindow).__platformer.engine.stats().frames);
const fixedSteps = () => page.evaluate(() => (window as unknown as PlatformerWindow).__platformer.engine.stats().fixedUpdates);
/** Waits for `n` more of the live engine's frames. */
const framesPass = async (n: number) => {
  const from = await engineFrames();
  await waitUntil(page, (target) => (window as unknown as PlatformerWindow).__platformer.engine.stats().frames >= target, from + n, 30_000);
};

const ready = () => ((window as unknown as Partial<PlatformerWindow>).__platformer?.engine.stats().frames ?? 0) >= 5;
const playerX = () => page.evaluate(() => (window as unknown as PlatformerWindow).__platformer.engine.scene!.find('player')!.transform.x);

beforeAll(async () => {
  harness = await startHarness();
  opened = await harness.open('fixed-step-platformer/', {
    viewport: { width: 1280, height: 800 },
    readyWhen: ready,
  });
  page = opened.page;
});

afterEach(() => {
  expect(pageErrors(opened)).toEqual([]);
});

afterAll(async () => {
  await harness?.close();
});

describe('Fixed-step Platformer: record in Chromium, replay in Node and in the replay view', () => {
  it('records a session played with real key presses and a pause, through Record and Stop & download', async () => {
    await framesPass(30); // mid-game: the session begins with a snapshot
    const x0 = await playerX();
    recorded = await recordThroughPage(page, 'fixed-step-platformer', async () => {
      const stepsBefore = await fixedSteps();
      await page.keyboard.down('ArrowRight');
      await framesPass(40);
      // The player runs 5.2 px a fixed step (260 px/s at 50 Hz). Once in CI (2026-12-08) it had moved 10.4 px after
      // 40 frames: the steps run say whether the key came late or the steps did not run.
      const x = await playerX();
      expect(x, `x ${x} from ${x0}, ${(await fixedSteps()) - stepsBefore} fixed steps run in the 40 frames`).toBeGreaterThan(x0 + 20); // the keys play
      await page.keyboard.press('Space'); // a jump
      await framesPass(50);
      await page.keyboard.up('ArrowRight');
      await framesPass(20);
      await page.keyboard.press('Escape'); // the pause menu: the engine asks for no frames
      expect(await page.evaluate(() => (window as unknown as PlatformerWindow).__platformer.engine.state)).toBe('paused');
      await page.keyboard.press('Escape');
      await page.keyboard.down('ArrowLeft');
      await framesPass(30);
      await page.keyboard.press('ArrowUp'); // a jump, with the other key
      await framesPass(30);
      await page.keyboard.up('ArrowLeft');
      await page.keyboard.down('ArrowRight');
      await framesPass(120);
      await page.keyboard.up('ArrowRight');
      await framesPass(60);
    });
    const { session } = recorded;
    expect(session.preset).toBe('systems engine');
    expect(session.start, 'recorded mid-game: begins with a snapshot').toBeDefined();
    expect(session.deltasMs.length).toBeGreaterThanOrEqual(350);
    const calls = session.events.flatMap((e) => (e.kind === 'control' && e.control === 'call' ? [e.value as unknown[]] : []));
    const keys = calls.filter((c) => c[0] === 'dispatchEvent' && c[1] === 'key').map((c) => c[2] as { code: string; down: boolean });
    expect(keys).toEqual(expect.arrayContaining([{ code: 'ArrowRight', down: true }, { code: 'Space', down: true }, { code: 'ArrowUp', down: true }, { code: 'ArrowLeft', down: false }]));
    expect(calls.map((c) => c[0])).toEqual(expect.arrayContaining(['pause', 'play']));
  });

  it('the session replays in Node on the same build with every checkpoint equal', async () => {
    const { session } = recorded;
    const game = GALLERY_GAMES['fixed-step-platformer']!;
    const report = await replay(session, game.build(session));
    expect(report.firstDivergence).toBeUndefined();
    expect(report).toMatchObject({ same: true, frames: session.deltasMs.length, checkpoints: session.checkpoints.length });
  });

  it('Load shows it in the replay view: paused at frame 0, single steps, seeks that land, ¼× to 4×', async () => {
    await loadThroughPage(page, recorded.path);
    expect(await page.locator('#touch-pad').isVisible()).toBe(false);
    expect(await page.locator('[data-session="record"]').isVisible()).toBe(false);
    await checkReplayControls(page, recorded.session);
    const shot = decodePng(await page.locator('#stage').screenshot());
    expect(nonBackgroundShare(shot)).toBeGreaterThan(0.05);
    await page.evaluate((f) => (window as unknown as { __replay: { seek(n: number): Promise<void> } }).__replay.seek(f), Math.floor(recorded.session.deltasMs.length / 2));
    await page.screenshot({ path: `${OUTPUT_DIR}/fixed-step-platformer-1280x800.png` });
  }, VIEW_TEST_TIMEOUT_MS);

  it('on a phone (390×844): the view fits, its buttons are at least 44 px, a tap plays', async () => {
    await checkOnPhone(harness, 'fixed-step-platformer/', ready, recorded.path, 'fixed-step-platformer');
  }, VIEW_TEST_TIMEOUT_MS);
});
