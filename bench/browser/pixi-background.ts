/**
 * Frames per second of a bare tickflow/pixi page (no actors) and of Paddle
 * Duel (`?autoplay=1`), in headless Chromium, whose WebGL is software
 * rendered (SwiftShader): what the backend's background costs a frame.
 *
 *     node --import tsx bench/browser/pixi-background.ts [other-tree]
 *
 * Three interleaved rounds of MEASURE_MS each after WARM_UP_MS, at 1280 × 800.
 * Given the path of another checkout (say, a `git worktree` of the commit
 * before a change, with node_modules linked in), each round measures both
 * trees, one after the other, so a change is compared under the same load:
 *
 *     git worktree add /tmp/before <commit> && ln -s "$PWD/node_modules" /tmp/before/node_modules
 *     node --import tsx bench/browser/pixi-background.ts /tmp/before
 */
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startHarness } from '../../spec/browser/harness.js';

const WARM_UP_MS = 2_000;
const MEASURE_MS = 5_000;
const ROUNDS = 3;
const here = fileURLToPath(new URL('./', import.meta.url));

const trees: { name: string; root: string }[] = [{ name: 'this tree', root: resolve(here, '../..') }];
if (process.argv[2] !== undefined) trees.push({ name: process.argv[2], root: resolve(process.argv[2]) });
const harnesses = await Promise.all(trees.map((tree) => startHarness(resolve(tree.root, 'vite.config.ts'))));
const results: Record<string, number[]> = {};
try {
  for (let round = 1; round <= ROUNDS; round++) {
    for (let t = 0; t < trees.length; t++) for (const which of ['bare', 'paddle-duel'] as const) {
      const harness = harnesses[t]!;
      const key = `${trees[t]!.name}: ${which}`;
      const url = which === 'bare' ? harness.url(`@fs${resolve(trees[t]!.root, 'bench/browser/pixi-sprites.html')}`) : harness.url('paddle-duel/?autoplay=1');
      const opened = await harness.open(url, {
        viewport: { width: 1280, height: 800 },
        readyWhen: which === 'bare' ? () => window.__bench !== undefined : () => (window as unknown as { __game?: unknown }).__game !== undefined,
      });
      const { page } = opened;
      const frames =
        which === 'bare'
          ? async () => page.evaluate(() => window.__bench!.frames())
          : async () => page.evaluate(() => (window as unknown as { __game: { frame(): { count: number } } }).__game.frame().count);
      if (which === 'bare') await page.evaluate(() => window.__bench!.run('tickflow', 0));
      await page.waitForTimeout(WARM_UP_MS);
      const from = await frames();
      await page.waitForTimeout(MEASURE_MS);
      const fps = ((await frames()) - from) / (MEASURE_MS / 1000);
      (results[key] ??= []).push(fps);
      console.log(`round ${round} ${key}: ${fps.toFixed(1)} fps`);
      await opened.close();
    }
  }
} finally {
  await Promise.all(harnesses.map((h) => h.close()));
}
for (const [which, fps] of Object.entries(results)) console.log(`${which}: ${fps.map((f) => f.toFixed(1)).join(', ')} fps`);
