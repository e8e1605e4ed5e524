import { afterAll, describe, expect, it } from 'vitest';
import { playFor, WHOLE_GAMES } from '../../bench/whole-games-play.js';
import { startHarness, type BrowserHarness } from './harness.js';

// The whole-games bench's scripts (bench/whole-games-play.ts) for a few
// seconds each, so they cannot rot between runs of `npm run bench:games`:
// every game opens, gets ready, takes its person's real key presses, clicks
// and pointer sweeps without an error. No figure is
// measured: the bench itself plays a production build for a minute.

/** Seconds of play a game: enough for the first key presses, clicks and a pointer sweep of every script. */
const PLAY_SECONDS = 4.5;

// One server and browser for the file, started by the first test that needs them.
let harness: BrowserHarness | undefined;
afterAll(() => harness?.close());

describe(`the whole-games bench's scripted players, ${PLAY_SECONDS} s each`, () => {
  for (const game of WHOLE_GAMES) {
    it(`${game.folder}: ${game.how}`, async () => {
      harness ??= await startHarness();
      // pixi's driver warning at start-up on SwiftShader is not the game's (BROWSER.md, pitfall 2).
      const opened = await harness.open(`${game.folder}/${game.search}`, { viewport: { width: 1280, height: 800 }, ignoreErrors: [/GPU stall due to ReadPixels/] });
      try {
        const { page } = opened;
        await page.waitForFunction(game.ready, undefined, { polling: 50, timeout: 30_000 });
        await playFor(page, game.player(page), performance.now(), PLAY_SECONDS);
        expect(await page.evaluate(game.ready)).toBe(true);
        expect(opened.errors).toEqual([]);
      } finally {
        await opened.close();
      }
    });
  }
});
