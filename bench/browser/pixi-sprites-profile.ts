/**
 * Where the sprite sync's time goes, by function and by source line: a
 * Chromium CPU profile (CDP Profiler, sampling every SAMPLE_INTERVAL_US) of
 * the page bench/browser/pixi-sprites.ts measures, for tickflow/pixi and for
 * the plain pixi.js app, at one sprite count.
 *
 *     node --import tsx bench/browser/pixi-sprites-profile.ts 10000
 *
 * Only samples inside the sync count: for tickflow, those under
 * `ActorSprites.sync`; for the plain app, those in its frame callback that
 * are neither the game's step (`place`) nor the render. Each is charged to
 * the function (and line) it was in: the sync's own code, or the pixi.js
 * setters it called. The sampler slows the page down, so read shares, not
 * absolute times.
 */
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { CDPSession } from 'playwright-core';
import { startHarness, type BrowserHarness } from '../../spec/browser/harness.js';

const WARM_UP_MS = 3_000;
const PROFILE_MS = 8_000;
const SAMPLE_INTERVAL_US = 50;

type Kind = 'tickflow' | 'plain';

interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
}
interface ProfileNode {
  id: number;
  callFrame: CallFrame;
  children?: number[];
  positionTicks?: { line: number; ticks: number }[];
}
interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const here = fileURLToPath(new URL('./', import.meta.url));
const shortUrl = (url: string) => url.replace(/^.*\/(@fs|node_modules|deps)\//, '').replace(/\?.*$/, '');
const label = (frame: CallFrame) => `${frame.functionName || '(anonymous)'} ${shortUrl(frame.url)}:${frame.lineNumber + 1}`;

/** Whether a sample whose stack is `stack` (leaf first) is inside the sync of `kind`. */
function inSync(kind: Kind, stack: CallFrame[]): boolean {
  if (kind === 'tickflow') return stack.some((f) => f.functionName === 'sync' && f.url.includes('actor-sprites'));
  const frameAt = stack.findIndex((f) => f.functionName === 'frame' && f.url.includes('pixi-sprites-page'));
  if (frameAt < 0) return false;
  // Below `frame`: neither the game's step nor the render.
  return !stack.slice(0, frameAt).some((f) => f.functionName === 'place' || f.functionName === 'render');
}

async function profile(harness: BrowserHarness, kind: Kind, count: number): Promise<void> {
  const opened = await harness.open(harness.url(`@fs${resolve(here, 'pixi-sprites.html')}`), {
    viewport: { width: 960, height: 540 },
    readyWhen: () => window.__bench !== undefined,
  });
  try {
    const { page } = opened;
    // The profiler starts before the page's code is compiled, so optimized code keeps its source positions (lines).
    const cdp: CDPSession = await page.context().newCDPSession(page);
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: SAMPLE_INTERVAL_US });
    await cdp.send('Profiler.start');
    const startedAt = performance.now();
    await page.evaluate(([k, n]) => window.__bench!.run(k, n), [kind, count] as const);
    await page.waitForTimeout(WARM_UP_MS);
    // Samples before this (set-up and warm-up) are left out.
    const warmedUs = (performance.now() - startedAt) * 1000;
    const before = await page.evaluate(() => window.__bench!.frames());
    await page.waitForTimeout(PROFILE_MS);
    const frames = (await page.evaluate(() => window.__bench!.frames())) - before;
    const { profile } = (await cdp.send('Profiler.stop')) as unknown as { profile: CpuProfile };

    const byId = new Map(profile.nodes.map((n) => [n.id, n]));
    const parent = new Map<number, number>();
    for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
    const stackOf = (id: number): CallFrame[] => {
      const out: CallFrame[] = [];
      for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) out.push(byId.get(at)!.callFrame);
      return out;
    };
    // Time per sample: the delta to the next one.
    const selfUs = new Map<number, number>();
    let syncUs = 0;
    let atUs = 0;
    for (let i = 0; i < profile.samples.length; i++) {
      const id = profile.samples[i]!;
      atUs += profile.timeDeltas[i]!;
      const dt = profile.timeDeltas[i + 1] ?? 0;
      if (atUs < warmedUs || !inSync(kind, stackOf(id))) continue;
      selfUs.set(id, (selfUs.get(id) ?? 0) + dt);
      syncUs += dt;
    }
    const byFunction = new Map<string, number>();
    const byLine = new Map<string, number>();
    for (const [id, us] of selfUs) {
      const node = byId.get(id)!;
      const name = label(node.callFrame);
      byFunction.set(name, (byFunction.get(name) ?? 0) + us);
      // Lines: the node's positionTicks share out its time.
      const ticks = node.positionTicks ?? [];
      const total = ticks.reduce((s, t) => s + t.ticks, 0);
      for (const t of ticks) {
        const key = `${shortUrl(node.callFrame.url)}:${t.line}`;
        byLine.set(key, (byLine.get(key) ?? 0) + (us * t.ticks) / total);
      }
    }
    const perFrame = (us: number) => `${(us / 1000 / Math.max(1, frames)).toFixed(3)} ms/frame`;
    console.log(`\n${kind}, ${count} sprites: ${frames} frames, sync ${perFrame(syncUs)} (under the sampler)`);
    for (const [name, us] of [...byFunction].sort((a, b) => b[1] - a[1]).slice(0, 14)) {
      console.log(`  ${((100 * us) / syncUs).toFixed(1).padStart(5)}%  ${perFrame(us)}  ${name}`);
    }
    console.log('  by line:');
    for (const [line, us] of [...byLine].sort((a, b) => b[1] - a[1]).slice(0, 16)) {
      console.log(`  ${((100 * us) / syncUs).toFixed(1).padStart(5)}%  ${perFrame(us)}  ${line}`);
    }
  } finally {
    await opened.close();
  }
}

async function main(): Promise<void> {
  const count = Number(process.argv[2] ?? 10_000);
  const harness = await startHarness(resolve(here, 'vite.config.ts'));
  try {
    const warm = await harness.open(harness.url(`@fs${resolve(here, 'pixi-sprites.html')}`), { readyWhen: () => window.__bench !== undefined });
    await warm.close();
    for (const kind of ['tickflow', 'plain'] as const) await profile(harness, kind, count);
  } finally {
    await harness.close();
  }
}

await main();
