import { mkdirSync, writeFileSync, existsSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeSession, replay, type Session } from '../../src/replay/index.js';
import { GALLERY_GAMES } from '../replay/gallery-builds.js';
import { REPO_ROOT, startHarness, waitUntil, type BrowserHarness, type OpenedPage } from './harness.js';
import { OUTPUT_DIR, SESSION_FIXTURES_DIR } from './replay-view-checks.js';

// Issue 26, item 5: "One page-engine session the same way." DOM Breakout
// (examples/page-breakout/, the page engine) played in real Chromium, mid-game,
// with the real mouse over the board, real arrow keys, and a pause (typing in
// the page's text field: the engine's own 'typing' pause, no frame while it
// lasts), recorded with recordSession on the page's engine; Node replays it on
// the game's own build (breakoutGame, no DOM) with every checkpoint equal.

interface PageWindow {
  __pageExample: { engines: { stats(): { frames: number }; paused: Set<string> }[] };
}

/** tickflow/replay at the address the page's tickflow modules are served from (Vite's /@fs/ outside the gallery's root). */
const REPLAY_MODULE = `/@fs${resolve(REPO_ROOT, 'src/replay/index.ts')}`;

let harness: BrowserHarness;
let opened: OpenedPage;
let page: Page;
let session: Session;

const frames = () => page.evaluate(() => (window as unknown as PageWindow).__pageExample.engines[0]!.stats().frames);
const framesPass = async (n: number) => {
  const from = await frames();
  await waitUntil(page, (target) => (window as unknown as PageWindow).__pageExample.engines[0]!.stats().frames >= target, from + n, 30_000);
};

beforeAll(async () => {
  harness = await startHarness();
  opened = await harness.open('page-breakout/', {
    viewport: { width: 1280, height: 800 },
    readyWhen: () => ((window as unknown as Partial<PageWindow>).__pageExample?.engines[0]?.stats().frames ?? 0) >= 5,
  });
  page = opened.page;
});

afterAll(async () => {
  await harness?.close();
});

describe('DOM Breakout (the page engine): recorded in Chromium, replayed in Node', () => {
  it('records a session played with the mouse, the arrow keys and a pause, and Node replays it with every checkpoint equal', async () => {
    await framesPass(30); // mid-game: the session begins with engine.save(), the breakout's state through its system's hook
    // The page's own modules, at the addresses the page loaded them from (one copy of tickflow). A script as text:
    // the test runner would rewrite an import() written in a function.
    await page.evaluate(`(async () => {
      const { recordSession } = await import(${JSON.stringify(REPLAY_MODULE)});
      const { breakoutState } = await import('/page-parts/breakout.ts');
      window.__recording = recordSession(window.__pageExample.engines[0], { stateOf: breakoutState, checkpointEvery: 30 });
    })()`);
    const board = (await page.locator('.board').boundingBox())!;
    // The mouse over the board: the paddle follows it (the autopilot lets go).
    for (let i = 0; i <= 10; i++) {
      await page.mouse.move(board.x + board.width * (0.2 + 0.06 * i), board.y + board.height * 0.8);
      await framesPass(4);
    }
    await page.mouse.move(board.x + board.width / 2, board.y + board.height + 200); // off the board
    await page.keyboard.down('ArrowLeft');
    await framesPass(30);
    await page.keyboard.up('ArrowLeft');
    await page.keyboard.down('ArrowRight');
    await framesPass(30);
    await page.keyboard.up('ArrowRight');
    // A pause: typing in the page's field ('typing'); no frame runs until the board is clicked.
    await page.click('#note');
    await page.keyboard.type('hi');
    expect(await page.evaluate(() => [...(window as unknown as PageWindow).__pageExample.engines[0]!.paused])).toEqual(['typing']);
    await page.click('.board');
    await framesPass(120);
    const text = (await page.evaluate(`(async () => {
      const { encodeSession } = await import(${JSON.stringify(REPLAY_MODULE)});
      return encodeSession(window.__recording.stop());
    })()`)) as string;
    mkdirSync(OUTPUT_DIR, { recursive: true });
    writeFileSync(resolve(OUTPUT_DIR, 'page-breakout.session.json'), text);
    const fixture = resolve(SESSION_FIXTURES_DIR, 'page-breakout.session.json');
    if (!existsSync(fixture) || process.env['TICKFLOW_UPDATE_FIXTURES'] === '1') writeFileSync(fixture, text);
    session = decodeSession(text);
    expect(session.preset).toBe('page engine');
    expect(session.start, 'recorded mid-game: begins with a snapshot').toBeDefined();
    expect(session.deltasMs.length).toBeGreaterThanOrEqual(200);
    const calls = session.events.flatMap((e) => (e.kind === 'input' ? [e.call[0] === 'move' ? 'move' : `${e.call[0]} ${e.call[1]}`] : []));
    expect(calls).toEqual(expect.arrayContaining(['move', 'press ArrowLeft', 'release ArrowRight']));
    expect(session.checkpoints.length).toBeGreaterThanOrEqual(6);

    const game = GALLERY_GAMES['page-breakout']!;
    const report = await replay(session, game.build(session), { stateOf: game.stateOf! });
    expect(report.firstDivergence).toBeUndefined();
    expect(report).toMatchObject({ same: true, frames: session.deltasMs.length, checkpoints: session.checkpoints.length });
    expect(opened.errors).toEqual([]);
  });
});
