import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OnlineHandle } from '../../examples/paddle-duel/online.js';
import { CHROMIUM_PATH, consoleError, startHarness, waitUntil, type BrowserHarness } from './harness.js';
import { measurePhoneLayout } from './phone-layout.js';
import { finger, middleOf } from './touch.js';

// Paddle Duel online (examples/paddle-duel/online/) in real Chromium:
// two tabs of one browser join a room by code over a BroadcastChannel and
// play one match, with real key presses in each. Issue 27, item 5: "Two
// browser tabs (or two devices) join a room by code and play one match; a
// netplay HUD (ping, frame advantage, rollbacks a second, prediction depth,
// stalls) and a 'bad network' switch that puts the simulated link in the
// path; at 1280×800 and on a phone (390×844) with touch." Every wait counts
// what the pages did (frames, ticks, checksums), never time.

/** Where the lead looks at the page without running it. */
const SCREENSHOT_DESKTOP = '/tmp/paddle-duel-online-1280.png';
const SCREENSHOT_PHONE = '/tmp/paddle-duel-online-390.png';
/** A third tab, refused by a room whose match is on. */
const SCREENSHOT_REFUSED = '/tmp/paddle-duel-online-refused.png';
/** The court alone, mid-match: what the gallery card's picture is made from (the capture script opens one tab, which has no match). */
const SCREENSHOT_STAGE = '/tmp/paddle-duel-online-stage.png';

/** pixi's driver warnings at start-up are not the page's errors (BROWSER.md, pitfall 2). */
const NOISE = /GPU stall due to ReadPixels/;

type OnlineWindow = { __online?: OnlineHandle; __hideTab?: (hidden: boolean) => void };

/** An init script: `__hideTab(true)` holds back every animation frame the page asks for, `__hideTab(false)` lets them come. */
const HIDEABLE_TAB = `(() => {
  const request = window.requestAnimationFrame.bind(window);
  const held = [];
  let hidden = false;
  window.requestAnimationFrame = (callback) => (hidden ? (held.push(callback), 0) : request(callback));
  window.__hideTab = (on) => {
    hidden = on;
    if (!on) for (const callback of held.splice(0)) request(callback);
  };
})();`;

interface Pair {
  readonly context: BrowserContext;
  readonly pages: readonly [Page, Page];
  readonly errors: string[];
}

/**
 * This file's own Chromium, with `--disable-frame-rate-limit`. Two tabs of
 * one window that both draw WebGL share one source of animation frames in
 * headless Chromium, and the tab behind gets about one frame a second
 * (measured: 1-4 against 60 for the tab in front, whatever the
 * backgrounding flags); without the limit each tab gets its own. On a
 * desktop the same holds for a tab behind another: the two tabs of a match
 * belong in two windows side by side (the page says so).
 */
let browser: Browser;
let harness: BrowserHarness;

beforeAll(async () => {
  [harness, browser] = await Promise.all([startHarness(), chromium.launch({ executablePath: CHROMIUM_PATH, args: ['--disable-frame-rate-limit'] })]);
});

afterAll(async () => {
  await browser?.close();
  await harness?.close();
});

/** Two tabs of one browser context (a BroadcastChannel reaches only its own context) on room `code`, both seated and running. */
async function openPair(code: string, options: { phone?: boolean; search?: string } = {}): Promise<Pair> {
  const { phone = false, search = '' } = options;
  const context = await browser.newContext(
    phone ? { viewport: { width: 390, height: 844 }, deviceScaleFactor: 1, hasTouch: true, isMobile: true } : { viewport: { width: 1280, height: 800 } },
  );
  // A tab "hidden" on demand: its animation frames held back, as a browser holds them from a hidden tab
  // (document.visibilityState cannot be changed for real: BROWSER.md, pitfall 3).
  await context.addInitScript(HIDEABLE_TAB);
  const errors: string[] = [];
  const pages = [await context.newPage(), await context.newPage()] as const;
  for (const page of pages) {
    page.on('pageerror', (error) => errors.push(`pageerror: ${error.stack ?? error.message}`));
    page.on('console', (message) => {
      if (message.type() === 'error' && !NOISE.test(message.text())) errors.push(consoleError(message));
    });
  }
  // One after the other, as two people would: the first takes seat 0 (the left paddle), the second seat 1.
  await pages[0].goto(harness.url(`paddle-duel/online/?room=${code}${search}`));
  await waitUntil(pages[0], () => (window as OnlineWindow).__online !== undefined);
  await pages[1].goto(harness.url(`paddle-duel/online/?room=${code}${search}`));
  for (const page of pages) await waitUntil(page, () => (window as OnlineWindow).__online?.stats()?.phase === 'running', undefined, 30_000);
  return { context, pages, errors };
}

const handle = <T>(page: Page, read: (online: OnlineHandle) => T): Promise<T> =>
  page.evaluate(`(${read.toString()})(window.__online)`) as Promise<T>;

/** Waits until the page's session has called frame() `count` more times. */
async function framesPass(page: Page, count: number): Promise<void> {
  const from = await handle(page, (o) => o.frames);
  await waitUntil(page, (until) => (window as OnlineWindow).__online!.frames >= until, from + count, 30_000);
}

/**
 * Waits until the page's session has run `count` more ticks: simulated time with an input held. (Frames are not
 * enough: a session waiting on a slow other tab declines its frames' ticks, and a busy machine does that often.)
 */
async function ticksPass(page: Page, count: number): Promise<void> {
  const from = await handle(page, (o) => o.stats()!.currentTick);
  await waitUntil(page, (until) => (window as OnlineWindow).__online!.stats()!.currentTick >= until, from + count, 30_000);
}

/** Waits until both pages have confirmed `tick` and compared at least `checks` checksums. */
async function bothConfirm(pair: Pair, tick: number, checks: number): Promise<void> {
  for (const page of pair.pages) {
    await waitUntil(
      page,
      ([t, c]) => {
        const stats = (window as OnlineWindow).__online!.stats()!;
        return stats.confirmedTick >= t && stats.checksumsMatched >= c;
      },
      [tick, checks] as const,
      50_000,
    );
  }
}

/** Holds `key` in `page` for `ticks` of its ticks, and returns how far the paddle moved on the other page once that was confirmed there. */
async function holdAndSeeOnOther(pair: Pair, from: 0 | 1, key: string, ticks: number): Promise<number> {
  const [mine, other] = from === 0 ? pair.pages : [pair.pages[1], pair.pages[0]];
  const side = from === 0 ? 'left' : 'right';
  const before = (await handle(other, (o) => o.paddles()))![side];
  await mine.keyboard.down(key);
  await ticksPass(mine, ticks);
  await mine.keyboard.up(key);
  // Once the other page has confirmed every tick this page ran with the key down, its copy of the paddle moved too.
  const through = (await handle(mine, (o) => o.stats()!.currentTick)) + 1;
  await waitUntil(other, (t) => (window as OnlineWindow).__online!.stats()!.confirmedTick >= t, through, 30_000);
  return (await handle(other, (o) => o.paddles()))![side] - before;
}

describe('Paddle Duel online, two tabs over a BroadcastChannel', () => {
  it('joins a room by code, seat 0 left and seat 1 right; real keys in each tab move its paddle on the other; confirmed checksums match, no desync', async () => {
    const pair = await openPair('KEYS');
    const [a, b] = pair.pages;
    expect(await handle(a, (o) => o.joined)).toEqual({ code: 'KEYS', playerIndex: 0 });
    expect(await handle(b, (o) => o.joined)).toEqual({ code: 'KEYS', playerIndex: 1 });
    expect(await handle(a, (o) => o.rendererName)).toBe('webgl');
    // The left paddle goes up (W) in tab A, the right one down (↓) in tab B: each seen in the other tab.
    expect(await holdAndSeeOnOther(pair, 0, 'KeyW', 20)).toBeLessThan(-20);
    expect(await holdAndSeeOnOther(pair, 1, 'ArrowDown', 20)).toBeGreaterThan(20);
    await bothConfirm(pair, 360, 3);
    for (const page of pair.pages) {
      const stats = (await handle(page, (o) => o.stats()))!;
      expect(stats.desyncs).toEqual([]);
      expect(stats.peers[0]!.pingMs).toBeDefined();
    }
    await a.screenshot({ path: SCREENSHOT_DESKTOP });
    await a.locator('#stage').screenshot({ path: SCREENSHOT_STAGE });
    const hud = await handle(a, (o) => o.hud);
    expect(hud['ping']).toMatch(/^\d+ ms$/);
    expect(hud['checks']).toMatch(/^\d+ matched$/);
    // A third tab on the same code finds the match on and says so; it takes no seat, and the two play on.
    const third = await pair.context.newPage();
    await third.goto(harness.url('paddle-duel/online/?room=KEYS'));
    await waitUntil(third, () => /already playing/.test(document.querySelector('#room-status')!.textContent!), undefined, 30_000);
    expect(await handle(third, (o) => o.joined)).toBeUndefined();
    expect(await third.locator('#join').isEnabled()).toBe(true); // free to try another code
    await third.screenshot({ path: SCREENSHOT_REFUSED });
    await framesPass(a, 30);
    for (const page of pair.pages) expect((await handle(page, (o) => o.stats()))!.peers[0]!.disconnected).toBe(false);
    expect(pair.errors).toEqual([]);
    await pair.context.close();
  });

  it('with the bad-network switch on (120 ms, jitter 40, 10 % loss, both ways): predictions roll back, the ping shows it, and the confirmed checksums still match', async () => {
    const pair = await openPair('BADN');
    const [a, b] = pair.pages;
    await a.click('#bad-network'); // the switch, clicked in one tab: the whole path is bad
    expect(await handle(a, (o) => o.badNetwork)).toBe(true);
    expect(await a.locator('#bad-network').getAttribute('aria-pressed')).toBe('true');
    const from = (await handle(a, (o) => o.stats()!.confirmedTick)) + 60;
    await b.keyboard.down('ArrowUp');
    await framesPass(b, 30);
    await b.keyboard.up('ArrowUp');
    await a.keyboard.down('KeyS');
    await framesPass(a, 30);
    await a.keyboard.up('KeyS');
    await bothConfirm(pair, from + 360, 4);
    for (const page of pair.pages) {
      const stats = (await handle(page, (o) => o.stats()))!;
      expect(stats.desyncs).toEqual([]);
      expect(stats.rollbacks).toBeGreaterThan(0);
      expect(stats.peers[0]!.pingMs!).toBeGreaterThan(200); // two latencies of 120 ms and jitter, against a few ms without
    }
    expect(await handle(a, (o) => o.hud['ping'])).toMatch(/^\d{3,} ms$/);
    expect(pair.errors).toEqual([]);
    await pair.context.close();
  });

  it('a tab that gets no animation frames (hidden) keeps its seat: the other waits for it (stalls) past the 3 s a silent peer has, and play goes on when it is back', async () => {
    const pair = await openPair('HDNT');
    const [a, b] = pair.pages;
    await framesPass(a, 10);
    await a.evaluate(() => (window as OnlineWindow).__hideTab!(true));
    const stalledBefore = (await handle(b, (o) => o.stats()!.stalledFrames));
    const aFrames = await handle(a, (o) => o.frames);
    // Tab B's frames go on, past the 3 s of its own clock after which a silent peer is dropped (the rule is in
    // time, so this wait is too: 4 s of the page's clock, and 60 of its frames at least).
    const from = await b.evaluate(() => ({ ms: performance.now(), frames: (window as OnlineWindow).__online!.frames }));
    await waitUntil(b, (f) => performance.now() - f.ms >= 4000 && (window as OnlineWindow).__online!.frames >= f.frames + 60, from, 30_000);
    const stats = (await handle(b, (o) => o.stats()))!;
    expect(stats.peers[0]!.disconnected).toBe(false);
    expect(stats.stalledFrames).toBeGreaterThan(stalledBefore); // it waited for the hidden tab
    expect(await handle(a, (o) => o.frames)).toBeGreaterThan(aFrames + 5); // the hidden tab's session ran on its timer
    await a.evaluate(() => (window as OnlineWindow).__hideTab!(false));
    const tick = (await handle(b, (o) => o.stats()!.currentTick)) + 120;
    await bothConfirm(pair, tick, 3);
    for (const page of pair.pages) {
      const after = (await handle(page, (o) => o.stats()))!;
      expect(after.desyncs).toEqual([]);
      expect(after.peers[0]!.disconnected).toBe(false);
    }
    expect(pair.errors).toEqual([]);
    await pair.context.close();
  });

  it('on a phone (390 × 844, touch): a drag on the court moves the paddle, the court and the HUD fit with nothing over the court', async () => {
    const pair = await openPair('TAPS', { phone: true });
    const [a, b] = pair.pages;
    const layout = await measurePhoneLayout(a, '#stage', '.stage-frame');
    expect(layout.scrollWidth).toBeLessThanOrEqual(390);
    expect(layout.stage.width).toBeGreaterThanOrEqual(0.9 * 390);
    expect(layout.overlapping).toEqual([]);
    expect(layout.smallText).toEqual([]);
    expect(await a.locator('#touch-pad').isVisible()).toBe(true);
    // A finger down near the top of the court, on the left: the left paddle (tab A's) climbs to it.
    const stage = (await a.locator('#stage').boundingBox())!;
    const before = (await handle(b, (o) => o.paddles()))!.left;
    const touch = await finger(a);
    await touch.down({ x: stage.x + stage.width * 0.2, y: stage.y + stage.height * 0.15 });
    await ticksPass(a, 30);
    await touch.up();
    const through = (await handle(a, (o) => o.stats()!.currentTick)) + 1;
    await waitUntil(b, (t) => (window as OnlineWindow).__online!.stats()!.confirmedTick >= t, through, 30_000);
    expect((await handle(b, (o) => o.paddles()))!.left - before).toBeLessThan(-20);
    // The ▼ button holds "down" for tab A's paddle.
    const down = await middleOf(a, '#touch-pad [data-key="ArrowDown"]');
    const beforeButton = (await handle(a, (o) => o.paddles()))!.left;
    await touch.down(down);
    await ticksPass(a, 20);
    await touch.up();
    expect((await handle(a, (o) => o.paddles()))!.left - beforeButton).toBeGreaterThan(20);
    await bothConfirm(pair, 240, 2);
    await a.screenshot({ path: SCREENSHOT_PHONE, fullPage: true });
    for (const page of pair.pages) expect((await handle(page, (o) => o.stats()))!.desyncs).toEqual([]);
    expect(pair.errors).toEqual([]);
    await pair.context.close();
  });
});
