import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { replay, type Session } from '../../src/replay/index.js';
import { decodePng, nonBackgroundShare, startHarness, waitUntil, type BrowserHarness, type OpenedPage } from './harness.js';
import { checkOnPhone, checkReplayControls, loadThroughPage, OUTPUT_DIR, pageErrors, recordThroughPage, VIEW_TEST_TIMEOUT_MS } from './replay-view-checks.js';
import { GALLERY_GAMES } from '../replay/gallery-builds.js';

// Issue 26, items 4 and 5, for the Physics Playground (the fixed-tick
// runtime, Rapier 3D, three.js): played in real Chromium with real key
// presses, a pause (P), a single step (N) and a scene replacement, recorded
// through the panel's Record and Stop & download, replayed in Node with every
// checkpoint equal (the same Rapier build, in Node's V8), then loaded into
// the replay view: pause, step, seek, speed, at 1280×800 and on a phone.

interface PlaygroundWindow {
  __playground: { runtime: { stats(): { frames: number; ticks: number }; paused: boolean; document: { name?: string } } };
}

let harness: BrowserHarness;
let opened: OpenedPage;
let page: Page;
let recorded: { session: Session; path: string };

const ready = () => ((window as unknown as Partial<PlaygroundWindow>).__playground?.runtime.stats().frames ?? 0) >= 5;
const read = <T>(fn: (p: PlaygroundWindow['__playground']) => T) =>
  page.evaluate((source) => new Function('p', `return (${source})(p)`)((window as unknown as PlaygroundWindow).__playground), fn.toString()) as Promise<T>;
/** Waits for `n` more of the live runtime's frames. */
const framesPass = async (n: number) => {
  const from = await read((p) => p.runtime.stats().frames);
  await waitUntil(page, (target) => (window as unknown as PlaygroundWindow).__playground.runtime.stats().frames >= target, from + n, 30_000);
};

beforeAll(async () => {
  harness = await startHarness();
  opened = await harness.open('physics-playground/', { viewport: { width: 1280, height: 800 }, readyWhen: ready });
  page = opened.page;
});

afterEach(() => {
  expect(pageErrors(opened)).toEqual([]);
});

afterAll(async () => {
  await harness?.close();
});

describe('Physics Playground: record in Chromium, replay in Node and in the replay view', () => {
  it('records a session played with real key presses, a pause, a single step and a scene replacement', async () => {
    await framesPass(30); // mid-game: the session begins with a snapshot (Rapier's world included)
    recorded = await recordThroughPage(page, 'physics-playground', async () => {
      await page.keyboard.down('KeyD');
      await framesPass(40);
      await page.keyboard.press('Space'); // a jump: an edge latched for the next fixed tick
      await framesPass(30);
      await page.keyboard.up('KeyD');
      await page.keyboard.down('KeyW');
      await framesPass(30);
      await page.keyboard.up('KeyW');
      await page.keyboard.press('KeyP'); // pause: frames go on, no tick
      // The runtime reads P in its next frame ("read once a frame"), not in the key's handler: a frame first.
      await framesPass(2);
      expect(await read((p) => p.runtime.paused)).toBe(true);
      const ticks = await read((p) => p.runtime.stats().ticks);
      await framesPass(10);
      expect(await read((p) => p.runtime.stats().ticks)).toBe(ticks);
      await page.keyboard.press('KeyN'); // one fixed tick
      await framesPass(10);
      expect(await read((p) => p.runtime.stats().ticks)).toBe(ticks + 1);
      await page.keyboard.press('KeyP');
      await framesPass(60);
      await page.locator('#replace').click(); // the towers
      await framesPass(10);
      expect(await read((p) => p.runtime.document.name)).toBe('towers');
      await page.keyboard.down('ArrowLeft');
      await framesPass(40);
      await page.keyboard.up('ArrowLeft');
      await framesPass(200);
    });
    const { session } = recorded;
    expect(session.preset).toBe('runtime');
    expect(session.start, 'recorded mid-game: begins with a snapshot').toBeDefined();
    expect(session.deltasMs.length).toBeGreaterThanOrEqual(400);
    const keys = session.events.flatMap((e) => (e.kind === 'input' && e.call[0] !== 'move' ? [`${e.call[0]} ${e.call[1]}`] : []));
    expect(keys).toEqual(expect.arrayContaining(['press KeyD', 'press Space', 'release KeyW', 'press KeyP', 'press KeyN', 'press ArrowLeft']));
    const calls = session.events.flatMap((e) => (e.kind === 'control' && e.control === 'call' ? [(e.value as unknown[])[0]] : []));
    expect(calls).toContain('replaceScene');
  });

  it('the session replays in Node on the same build with every checkpoint equal', async () => {
    const { session } = recorded;
    const game = GALLERY_GAMES['physics-playground']!;
    const report = await replay(session, game.build(session), { stateOf: game.stateOf! });
    expect(report.firstDivergence).toBeUndefined();
    expect(report).toMatchObject({ same: true, frames: session.deltasMs.length, checkpoints: session.checkpoints.length });
  });

  it('Load shows it in the replay view: paused at frame 0, single steps, seeks that land, ¼× to 4×', async () => {
    await loadThroughPage(page, recorded.path);
    expect(await page.locator('#replace').isVisible()).toBe(false);
    await checkReplayControls(page, recorded.session);
    const shot = decodePng(await page.locator('#stage').screenshot());
    expect(nonBackgroundShare(shot)).toBeGreaterThan(0.05);
    await page.evaluate((f) => (window as unknown as { __replay: { seek(n: number): Promise<void> } }).__replay.seek(f), Math.floor(recorded.session.deltasMs.length / 2));
    await page.screenshot({ path: `${OUTPUT_DIR}/physics-playground-1280x800.png` });
  }, VIEW_TEST_TIMEOUT_MS);

  it('on a phone (390×844): the view fits, its buttons are at least 44 px, a tap plays', async () => {
    await checkOnPhone(harness, 'physics-playground/', ready, recorded.path, 'physics-playground');
  }, VIEW_TEST_TIMEOUT_MS);
});
