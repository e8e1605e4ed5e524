/**
 * What every game's replay spec checks of the replay view
 * (examples/shared/replay-view.ts), and how it records and loads a session
 * through a game page's own controls (examples/shared/session-controls.ts).
 *
 * Nothing here waits a real time or measures a real rate: a test counts the
 * frames the view played and the recorded time and viewer time it handed the
 * player (`view.pace`), and waits for the browser's frames
 * (`hostFramesPass`) where it checks that nothing happens.
 */
import { copyFileSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { decodeSession, type Session } from '../../src/replay/index.js';
import { hostFramesPass, REPO_ROOT, waitUntil, type BrowserHarness, type OpenedPage } from './harness.js';

/** Where the specs put what they download and the screenshots they take (not committed). */
export const OUTPUT_DIR = resolve(REPO_ROOT, 'spec/browser/__screenshots__/replay');

/** Where the sessions recorded in Chromium are kept, for the Node replays (spec/replay/fixtures.spec.ts). */
export const SESSION_FIXTURES_DIR = resolve(REPO_ROOT, 'spec/replay/fixtures');

/**
 * A test that drives the view: every seek re-simulates frames and draws
 * each (SwiftShader draws in software), so on a loaded machine it takes
 * longer than the browser project's 60 s.
 */
export const VIEW_TEST_TIMEOUT_MS = 150_000;

/** The view as the page exposes it (`window.__replay`), the part a test reads. */
interface ViewHandle {
  readonly player: { readonly frame: number; readonly frames: number; readonly paused: boolean; readonly speed: number; readonly engine: { stats(): { frames: number } } };
  readonly pace: { viewerMs: number; recordedMs: number; frames: number; speed: number };
  readonly seeking: boolean;
  seek(frame: number): Promise<void>;
  matchesCheckpoint(): boolean | undefined;
}

type ReplayWindow = Window & { __replay?: ViewHandle };

/** Reads the replay view's state in the page. */
export function viewState(page: Page) {
  return page.evaluate(() => {
    const view = (window as ReplayWindow).__replay!;
    return {
      frame: view.player.frame,
      frames: view.player.frames,
      paused: view.player.paused,
      speed: view.player.speed,
      engineFrames: view.player.engine.stats().frames,
      pace: { ...view.pace },
      seeking: view.seeking,
      match: view.matchesCheckpoint(),
    };
  });
}

/**
 * Clicks the page's "Record" control, runs `play` (the test's key presses),
 * then "Stop & download": returns the downloaded file's text, saved in
 * {@link OUTPUT_DIR} as `<name>.session.json` and, when the fixture is not
 * there yet or TICKFLOW_UPDATE_FIXTURES=1, in {@link SESSION_FIXTURES_DIR} too.
 */
export async function recordThroughPage(page: Page, name: string, play: () => Promise<void>): Promise<{ text: string; session: Session; path: string }> {
  mkdirSync(OUTPUT_DIR, { recursive: true });
  const record = page.locator('[data-session="record"]');
  await record.click();
  await expect.poll(() => record.getAttribute('aria-pressed')).toBe('true');
  await play();
  const [download] = await Promise.all([page.waitForEvent('download'), record.click()]);
  expect(download.suggestedFilename()).toMatch(new RegExp(`^${name}-\\d{4}-\\d\\d-\\d\\d-\\d\\d-\\d\\d-\\d\\d\\.json$`));
  const path = resolve(OUTPUT_DIR, `${name}.session.json`);
  await download.saveAs(path);
  const fixture = resolve(SESSION_FIXTURES_DIR, `${name}.session.json`);
  if (!existsSync(fixture) || process.env['TICKFLOW_UPDATE_FIXTURES'] === '1') copyFileSync(path, fixture);
  const text = readFileSync(path, 'utf8');
  return { text, session: decodeSession(text), path };
}

/** Opens a session file through the page's "Load" control and waits for the replay view. */
export async function loadThroughPage(page: Page, path: string): Promise<void> {
  await page.evaluate(() => delete (window as ReplayWindow).__replay);
  await page.locator('[data-session="load"]').setInputFiles(path);
  // The view, or the page's word on why not (the status line shows a file it could not replay).
  await waitUntil(page, () => (window as ReplayWindow).__replay !== undefined || document.querySelector('[data-session="status"].error') !== null, undefined, 30_000);
  const refused = await page.evaluate(() => document.querySelector('[data-session="status"].error')?.textContent ?? '');
  expect(refused, 'the page says').toBe('');
  await expect.poll(() => page.evaluate(() => document.body.classList.contains('replaying'))).toBe(true);
}

/**
 * The view's controls, checked on `session` as loaded: starts paused at
 * frame 0 and stays there; a step runs exactly one frame (button and `.`);
 * seeks forward and back land on the frame asked, with the state the
 * recording's checkpoint there hashed; ¼×, 1× and 4× play the recorded time
 * at that many times the viewer time handed over.
 */
export async function checkReplayControls(page: Page, session: Session): Promise<void> {
  const frames = session.deltasMs.length;
  const maxDeltaMs = Math.max(...session.deltasMs);
  const start = await viewState(page);
  expect(start).toMatchObject({ frame: 0, frames, paused: true });

  // Paused: the browser's frames pass, nothing is played.
  await hostFramesPass(page, 20);
  expect(await viewState(page)).toMatchObject({ frame: 0, engineFrames: start.engineFrames });

  // Single steps: exactly one recorded frame each, the engine's frame count one more.
  await page.getByRole('button', { name: 'One frame forward (.)' }).click();
  await expect.poll(async () => (await viewState(page)).frame).toBe(1);
  expect((await viewState(page)).engineFrames).toBe(start.engineFrames + 1);
  await page.keyboard.press('Period');
  await expect.poll(async () => (await viewState(page)).frame).toBe(2);
  expect((await viewState(page)).engineFrames).toBe(start.engineFrames + 2);
  await page.keyboard.press('Comma'); // one back: a restore and a re-simulation
  await expect.poll(async () => (await viewState(page)).frame).toBe(1);
  expect((await viewState(page)).engineFrames).toBe(start.engineFrames + 1);

  // Seeks: forward past every kept snapshot, back, forward again; each lands on the frame asked and, on a
  // checkpoint's frame, on the recorded state (its hash equal to the checkpoint's).
  const checkpointFrames = session.checkpoints.map((c) => c.frame).filter((f) => f > 0);
  expect(checkpointFrames.length).toBeGreaterThanOrEqual(3);
  const late = checkpointFrames[checkpointFrames.length - 2]!;
  const early = checkpointFrames[0]!;
  const middle = checkpointFrames[Math.floor(checkpointFrames.length / 2)]!;
  for (const target of [late, early, middle, frames, early + 7, 0]) {
    await page.evaluate((frame) => (window as ReplayWindow).__replay!.seek(frame), target);
    const state = await viewState(page);
    expect(state.frame, `seek(${target})`).toBe(target);
    expect(state.paused).toBe(true);
    if (checkpointFrames.includes(target)) expect(state.match, `the state after seek(${target}) hashes as the recording's checkpoint`).toBe(true);
  }
  // The scrubber, clicked where a person would: the view goes to the frame it shows.
  const scrubber = page.locator('.replay-scrubber');
  const box = (await scrubber.boundingBox())!;
  await page.mouse.click(box.x + box.width * 0.3, box.y + box.height / 2);
  await waitUntil(page, () => !(window as ReplayWindow).__replay!.seeking);
  const clicked = Number(await scrubber.inputValue());
  expect(clicked).toBeGreaterThan(frames * 0.1);
  expect(clicked).toBeLessThan(frames * 0.5);
  await expect.poll(async () => (await viewState(page)).frame).toBe(clicked);
  // Home and End.
  await page.keyboard.press('End');
  await expect.poll(async () => (await viewState(page)).frame).toBe(frames);
  await page.keyboard.press('Home');
  await expect.poll(async () => (await viewState(page)).frame).toBe(0);

  // Speeds: the recorded time played is the speed times the viewer time handed over, to within one frame.
  // Each is measured where the session made no call but dispatchEvent: another (a pause's play(), a load) may
  // keep the player waiting for it, and the time waited is made up later, up to the player's cap.
  const ratios = new Map<number, number>();
  const quiet = longestQuietRun(session);
  expect(quiet.length, 'the session has a run of frames without a call but dispatchEvent').toBeGreaterThanOrEqual(150);
  for (const [speed, label, enough] of [[1, '1× speed', 30], [4, '4× speed', 60], [0.25, '0.25× speed', 6]] as const) {
    await page.evaluate((frame) => (window as ReplayWindow).__replay!.seek(frame), quiet.start);
    await page.getByRole('button', { name: label, exact: true }).click();
    await page.getByRole('button', { name: 'Play or pause (Space)' }).click();
    await waitUntil(page, (n) => { const v = (window as ReplayWindow).__replay!; return v.pace.frames >= n || v.player.paused; }, enough, 30_000);
    await page.keyboard.press('Space');
    const { pace, paused, frame } = await viewState(page);
    expect(paused, `Space pauses at ${speed}×`).toBe(true);
    expect(frame, 'the frames measured are all in the run without calls').toBeLessThanOrEqual(quiet.start + quiet.length);
    expect(pace.speed).toBe(speed);
    expect(pace.frames).toBeGreaterThanOrEqual(enough);
    expect(pace.recordedMs).toBeLessThanOrEqual(speed * pace.viewerMs + 1e-6);
    expect(pace.recordedMs).toBeGreaterThan(speed * pace.viewerMs - maxDeltaMs);
    ratios.set(speed, pace.recordedMs / pace.viewerMs);
    // Paused again: nothing more is played.
    await hostFramesPass(page, 10);
    expect((await viewState(page)).frame).toBe(frame);
  }
  expect(ratios.get(4)!).toBeGreaterThan(2 * ratios.get(1)!);
  expect(ratios.get(0.25)!).toBeLessThan(ratios.get(1)! / 2);
}

/**
 * The longest run of frames in which the session made no call but
 * `dispatchEvent` (which the player makes at once; another, a `play()` or a
 * load, may keep it waiting), ending a frame before the session does (where
 * the view stops).
 */
export function longestQuietRun(session: Session): { start: number; length: number } {
  const calls = session.events.flatMap((e) => (e.kind === 'control' && e.control === 'call' && (e.value as unknown[])[0] !== 'dispatchEvent' ? [e.frame] : []));
  const bounds = [0, ...calls.map((frame) => frame + 1), session.deltasMs.length - 1].sort((a, b) => a - b);
  let best = { start: 0, length: 0 };
  for (let i = 0; i + 1 < bounds.length; i++) {
    const length = bounds[i + 1]! - bounds[i]! - 1;
    if (length > best.length) best = { start: bounds[i]!, length };
  }
  return best;
}

/** Whether every button and the scrubber of the view is at least 44 px tall and inside the viewport's width. */
export async function controlsFit(page: Page): Promise<{ small: string[]; outside: string[]; scrollWidth: number; width: number }> {
  return page.evaluate(() => {
    const small: string[] = [];
    const outside: string[] = [];
    for (const element of document.querySelectorAll<HTMLElement>('.replay-view button, .replay-view input')) {
      const r = element.getBoundingClientRect();
      const name = element.getAttribute('aria-label') ?? element.textContent ?? element.className;
      if (r.height < 44 && element.tagName === 'BUTTON') small.push(`${name}: ${r.height} px`);
      if (r.left < 0 || r.right > window.innerWidth) outside.push(`${name}: ${r.left}–${r.right}`);
    }
    return { small, outside, scrollWidth: document.documentElement.scrollWidth, width: window.innerWidth };
  });
}

/** pixi's driver warnings at start-up are not the page's errors (BROWSER.md, pitfall 2). */
export const pageErrors = (opened: OpenedPage): string[] => opened.errors.filter((e) => !/GPU stall due to ReadPixels/.test(e));

/**
 * The page on a phone (390×844, touch): the session loads into the view,
 * which fits the width with buttons at least 44 px tall; a tap plays and
 * another pauses. Takes `<name>-390x844.png` into {@link OUTPUT_DIR}.
 */
export async function checkOnPhone(harness: BrowserHarness, path: string, readyWhen: () => unknown, sessionPath: string, name: string): Promise<void> {
  const phone = await harness.open(path, { viewport: { width: 390, height: 844 }, phone: true, readyWhen });
  try {
    await loadThroughPage(phone.page, sessionPath);
    const fit = await controlsFit(phone.page);
    expect(fit.small).toEqual([]);
    expect(fit.outside).toEqual([]);
    expect(fit.scrollWidth).toBeLessThanOrEqual(fit.width);
    const play = phone.page.getByRole('button', { name: 'Play or pause (Space)' });
    await play.tap();
    await waitUntil(phone.page, () => (window as ReplayWindow).__replay!.player.frame >= 30, undefined, 30_000);
    await play.tap();
    expect((await viewState(phone.page)).paused).toBe(true);
    await phone.page.locator('#stage').scrollIntoViewIfNeeded();
    await phone.page.screenshot({ path: `${OUTPUT_DIR}/${name}-390x844.png` });
    expect(pageErrors(phone)).toEqual([]);
  } finally {
    await phone.close();
  }
}
