import { writeFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  decodePng,
  differenceShare,
  hexColor,
  nonBackgroundShare,
  startHarness,
  waitUntil,
  type BrowserHarness,
  type OpenedPage,
} from './harness.js';

// Orbit Catch (examples/orbit-catch/) in real Chromium, through its test
// handle window.__game (documented in examples/orbit-catch/main.ts).
// Issue 4: "A small 3D game in the gallery on this engine: a retained
// three.js scene driven from the state, a camera the game poses, readouts
// (score, timer) on the screen layer, pointer picking, a cue on an event, a
// game over and restart through engine.apply. It plays itself with scripted
// input in a browser test."

/** Where the lead looks at the game without running it. */
const SCREENSHOT_PATH = '/tmp/orbit-catch.png';

/** The arena's clear colour (BACKGROUND_COLOR in tuning.ts). */
const BACKGROUND = hexColor('#0b0d17');

let harness: BrowserHarness;

beforeAll(async () => {
  harness = await startHarness();
});

afterAll(async () => {
  await harness?.close();
});

const stageShot = async (page: Page) => decodePng(await page.locator('#stage').screenshot());
const state = (page: Page) => page.evaluate(() => window.__game!.state());

/** Waits until the engine has run `frames` more frames. */
async function framesPass(page: Page, frames: number): Promise<void> {
  const from = await page.evaluate(() => window.__game!.frame().count);
  await waitUntil(page, (target) => window.__game!.frame().count >= target, from + frames);
}

describe('Orbit Catch in Chromium', () => {
  let game: OpenedPage;
  let page: Page;

  beforeAll(async () => {
    // One page for the whole file (opening one costs seconds): it starts playing itself, and the
    // second half turns the autoplayer off and plays with the real mouse and keyboard.
    game = await harness.open('orbit-catch/?autoplay=1', {
      viewport: { width: 1280, height: 1000 },
      readyWhen: () => (window.__game?.frame().count ?? 0) >= 5,
    });
    page = game.page;
  });

  afterAll(async () => {
    await game?.close();
  });

  describe('playing itself (?autoplay=1)', () => {
    it('draws with three.js on WebGL: a renderer with a WebGL context that made draw calls', async () => {
      const renderer = await page.evaluate(() => window.__game!.renderer());
      expect(renderer.webgl).toMatch(/^webgl2?$/);
      expect(renderer.drawCalls).toBeGreaterThan(0);
    });

    it('catches orbs by itself: the score goes up within a few seconds, and the catch cue plays for each', async () => {
      await waitUntil(page, () => window.__game!.state().score >= 3, undefined, 10_000);
      const after = await state(page);
      expect(after.caughtIds.length).toBeGreaterThanOrEqual(2);
      expect(after.phase).toBe('playing');
      const cues = await page.evaluate(() => window.__game!.cueCounts());
      expect(cues.catch).toBe(after.caughtIds.length);
    });

    it('shows a non-blank picture that moves, and saves a screenshot', async () => {
      const first = await stageShot(page);
      await framesPass(page, 10);
      const shot = await page.locator('#stage').screenshot();
      writeFileSync(SCREENSHOT_PATH, shot);
      const second = decodePng(shot);
      // A blank stage is 0%. The arena's rings, the core and the HUD cover about
      // 4-8% as the camera orbits (4.96% was seen in CI), so 2% still fails on blank.
      expect(nonBackgroundShare(second, BACKGROUND)).toBeGreaterThan(0.02);
      expect(differenceShare(first, second)).toBeGreaterThan(0.001);
    });

    it('advances frames while running and none while stopped', async () => {
      await framesPass(page, 5);
      await page.evaluate(() => window.__game!.stop());
      const stoppedAt = await page.evaluate(() => window.__game!.frame().count);
      await page.waitForTimeout(200);
      expect(await page.evaluate(() => window.__game!.frame().count)).toBe(stoppedAt);
      await page.evaluate(() => window.__game!.start());
      await framesPass(page, 5);
    });
  });

  describe('played with the real mouse and keyboard (autoplay off)', () => {
    beforeAll(async () => {
      await page.evaluate(() => window.__game!.setAutoplay(false));
      // A fresh round through engine.apply, so nothing of the autoplayer's is left in it.
      await page.evaluate(() => window.__game!.restart());
      await waitUntil(page, () => window.__game!.target() !== undefined);
    });

    it('catches the orb a real mouse click lands on (a pick through the camera the player saw)', async () => {
      // Stopped, the picture holds still: the orb is exactly where the click
      // lands, and the first frame after start (worth 0 s: a fresh clock
      // baseline) picks against the camera of the picture on screen.
      await page.evaluate(() => window.__game!.stop());
      const target = (await page.evaluate(() => window.__game!.target()))!;
      const before = await state(page);
      const catchesBefore = await page.evaluate(() => window.__game!.cueCounts().catch ?? 0);
      await page.mouse.click(target.clientX, target.clientY);
      await page.evaluate(() => window.__game!.start());
      await waitUntil(page, (id) => window.__game!.state().caughtIds.includes(id), target.id);
      const after = await state(page);
      const orb = before.orbs.find((o) => o.id === target.id)!;
      expect(after.score).toBe(before.score + orb.value);
      expect(after.orbs.map((o) => o.id)).not.toContain(target.id);
      expect(after.misses).toBe(0);
      expect(await page.evaluate(() => window.__game!.cueCounts().catch)).toBe(catchesBefore + 1);
    });

    it('a click on empty space is a miss', async () => {
      const before = await state(page);
      const box = (await page.locator('#stage').boundingBox())!;
      await page.mouse.click(box.x + 30, box.y + box.height - 30); // a corner of the sky
      await waitUntil(page, (misses) => window.__game!.state().misses > misses, before.misses);
      expect((await state(page)).score).toBe(before.score);
    });

    it('ends the round when the timer runs out, and R starts a new one through engine.apply', async () => {
      // Pose the round a second from its end, with no orb about to reach the core: a transition between
      // frames, what engine.apply is for (the update then plays that last second).
      await page.evaluate(() =>
        window.__game!.engine.apply((s) => ({
          ...s,
          phase: 'playing',
          endReason: null,
          endedAtSeconds: null,
          lives: 5,
          orbs: [],
          elapsedSeconds: 59,
          nextSpawnAtSeconds: 59.5,
        })),
      );
      await waitUntil(page, () => window.__game!.state().phase === 'over', undefined, 5_000);
      const over = await state(page);
      expect(over.endReason).toBe('time');
      expect(over.endedAtSeconds).toBe(60);
      expect(await page.evaluate(() => window.__game!.cueCounts()['game-over'])).toBe(1);
      await waitUntil(page, () => window.__game!.state().overSeconds > 1); // the panel has faded in
      expect(nonBackgroundShare(await stageShot(page)), 'the game-over panel over the dimmed arena').toBeGreaterThan(0.02);

      await page.keyboard.press('KeyR');
      const fresh = await state(page);
      expect(fresh).toMatchObject({ phase: 'playing', score: 0, lives: 5, caughtIds: [], seed: over.seed + 1 });
      await framesPass(page, 3);
      const playing = await state(page);
      expect(playing.phase).toBe('playing');
      expect(playing.elapsedSeconds).toBeGreaterThan(0);
      expect(playing.elapsedSeconds).toBeLessThan(5);
    });
  });

  it('reports no page error and no console error', () => {
    expect(game.errors).toEqual([]);
  });
});
