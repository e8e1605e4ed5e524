/**
 * The 2D backend's frame cost at thousands of sprites, in real Chromium:
 * tickflow's world engine on tickflow/pixi beside a plain pixi.js v8 app
 * moving the same sprites the same way (bench/browser/pixi-sprites-page.ts).
 *
 * Run (about 6 minutes; nothing else heavy on the machine, if you can):
 *
 *     node --import tsx bench/browser/pixi-sprites.ts            # 3 interleaved rounds at 2,000 and 10,000 sprites
 *     node --import tsx bench/browser/pixi-sprites.ts 1 2000     # 1 round, 2,000 sprites only
 *
 * Each round opens a fresh page per implementation (a fresh heap), lets it
 * warm up for WARM_UP_MS, then:
 *
 * 1. STEADY_MS of frames under the CDP Tracing domain (categories
 *    `devtools.timeline`, `v8`, `disabled-by-default-v8.gc`): the page
 *    records each frame's sprite-sync time and drawing time (sync + render)
 *    with performance.now(), and the trace gives every minor GC (scavenge)
 *    and its duration;
 * 2. SAMPLING_MS more under the sampling heap profiler (CDP HeapProfiler,
 *    every SAMPLING_INTERVAL_BYTES, objects a minor or major GC collected
 *    included): bytes allocated per frame, attributed to the function that
 *    allocated them: tickflow's sources, pixi.js, the bench page itself.
 *
 * The order of the implementations alternates between rounds.
 *
 * BENCH_KINDS picks the implementations (comma-separated; defaults to
 * `tickflow,plain`); `tickflow-floor` and `plain-scene` take the gap between
 * the two apart (see pixi-sprites-page.ts):
 *
 *     BENCH_KINDS=tickflow,tickflow-floor,plain-scene,plain node --import tsx bench/browser/pixi-sprites.ts 3 10000
 */
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { CDPSession, Page } from 'playwright-core';
import { startHarness, waitUntil, type BrowserHarness } from '../../spec/browser/harness.js';

const WARM_UP_MS = 3_000;
const STEADY_MS = 10_000;
const SAMPLING_MS = 4_000;
const SAMPLING_INTERVAL_BYTES = 256;
const DEFAULT_ROUNDS = 3;
const DEFAULT_COUNTS = [2_000, 10_000];

type Kind = 'tickflow' | 'plain' | 'tickflow-floor' | 'plain-scene';
const KINDS = (process.env.BENCH_KINDS ?? 'tickflow,plain').split(',') as Kind[];

interface RoundResult {
  kind: Kind;
  count: number;
  frames: number;
  fps: number;
  syncMedianMs: number;
  syncMeanMs: number;
  drawMedianMs: number;
  minorGcs: number;
  minorGcMs: number;
  majorGcs: number;
  bytesPerFrame: { total: number; tickflow: number; tickflowPixiSync: number; pixi: number; page: number; other: number };
}

const here = fileURLToPath(new URL('./', import.meta.url));

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length === 0 ? NaN : sorted[Math.floor(sorted.length / 2)]!;
}
const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string };
  children?: ProfileNode[];
}
interface SamplingProfile {
  head: ProfileNode;
  samples: { size: number; nodeId: number }[];
}

/** Bytes allocated, by where the allocating function lives. */
function attribute(profile: SamplingProfile): RoundResult['bytesPerFrame'] {
  const parent = new Map<number, ProfileNode | undefined>();
  const byId = new Map<number, ProfileNode>();
  const walk = (node: ProfileNode, up: ProfileNode | undefined) => {
    byId.set(node.id, node);
    parent.set(node.id, up);
    for (const child of node.children ?? []) walk(child, node);
  };
  walk(profile.head, undefined);
  const out = { total: 0, tickflow: 0, tickflowPixiSync: 0, pixi: 0, page: 0, other: 0 };
  const bySite = new Map<string, number>();
  const ownSites = new Map<string, number>();
  for (const { size, nodeId } of profile.samples) {
    out.total += size;
    const node = byId.get(nodeId)!;
    const url = node.callFrame.url;
    const up = parent.get(node.id);
    const site = `${node.callFrame.functionName || '(anonymous)'} ${url.replace(/^.*\/(@fs|node_modules)\//, '')} <- ${up?.callFrame.functionName ?? ''}`;
    bySite.set(site, (bySite.get(site) ?? 0) + size);
    if (/\/(src|operators)\/.*\.ts/.test(url) && !url.includes('node_modules')) ownSites.set(site, (ownSites.get(site) ?? 0) + size);
    if (/\/(src|operators)\/.*\.ts/.test(url) && !url.includes('node_modules')) out.tickflow += size;
    else if (/pixi/.test(url)) {
      out.pixi += size;
      // pixi.js code called from the backend's sprite sync (a setter the backend calls).
      for (let up = parent.get(node.id); up !== undefined; up = parent.get(up.id)) {
        if (up.callFrame.url.includes('actor-sprites')) {
          out.tickflowPixiSync += size;
          break;
        }
      }
    } else if (url.includes('pixi-sprites-page')) out.page += size;
    else out.other += size;
  }
  if (process.env.BENCH_SITES !== undefined) {
    const top = [...bySite].sort((a, b) => b[1] - a[1]).slice(0, Number(process.env.BENCH_SITES) || 12);
    for (const [site, bytes] of top) console.log(`    ${String(bytes).padStart(9)} B  ${site}`);
    for (const [site, bytes] of [...ownSites].sort((a, b) => b[1] - a[1]).slice(0, 8)) console.log(`    tickflow: ${String(bytes).padStart(9)} B  ${site}`);
  }
  return out;
}

async function measure(harness: BrowserHarness, kind: Kind, count: number): Promise<RoundResult> {
  const opened = await harness.open(harness.url(`@fs${resolve(here, 'pixi-sprites.html')}`), {
    viewport: { width: 960, height: 540 },
    readyWhen: () => window.__bench !== undefined,
  });
  const { page } = opened;
  try {
    if (!(await page.evaluate(() => window.__bench!.isolated))) throw new Error('bench: the page is not cross-origin isolated (coarse timers)');
    await page.evaluate(([k, n]) => window.__bench!.run(k, n), [kind, count] as const);
    await page.waitForTimeout(WARM_UP_MS);
    // A full collection after the set-up, so the steady run's minor GCs are its own frames' garbage, not the spawn's.
    const cdp: CDPSession = await page.context().newCDPSession(page);
    await cdp.send('HeapProfiler.enable');
    await cdp.send('HeapProfiler.collectGarbage');

    // 1. Timing and GCs, under tracing.
    await harness.browser.startTracing(page, { categories: ['devtools.timeline', 'v8', 'disabled-by-default-v8.gc'] });
    await page.evaluate(() => window.__bench!.startRecording());
    await page.waitForTimeout(STEADY_MS);
    const timing = await page.evaluate(() => window.__bench!.stopRecording());
    const trace = JSON.parse((await harness.browser.stopTracing()).toString('utf8')) as { traceEvents: { name: string; ph: string; dur?: number }[] };
    const minor = trace.traceEvents.filter((e) => e.name === 'MinorGC' && e.ph === 'X');
    const major = trace.traceEvents.filter((e) => e.name === 'MajorGC' && e.ph === 'X');

    // 2. Bytes allocated per frame, under the sampling heap profiler.
    await cdp.send('HeapProfiler.startSampling', {
      samplingInterval: SAMPLING_INTERVAL_BYTES,
      includeObjectsCollectedByMinorGC: true,
      includeObjectsCollectedByMajorGC: true,
    } as never);
    await page.evaluate(() => window.__bench!.startRecording());
    await page.waitForTimeout(SAMPLING_MS);
    const sampled = await page.evaluate(() => window.__bench!.stopRecording());
    const { profile } = (await cdp.send('HeapProfiler.stopSampling')) as unknown as { profile: SamplingProfile };
    const bytes = attribute(profile);
    const perFrame = Object.fromEntries(Object.entries(bytes).map(([k, v]) => [k, v / Math.max(1, sampled.frames)])) as RoundResult['bytesPerFrame'];

    return {
      kind,
      count,
      frames: timing.frames,
      fps: timing.frames / (STEADY_MS / 1000),
      syncMedianMs: median(timing.syncMs),
      syncMeanMs: mean(timing.syncMs),
      drawMedianMs: median(timing.drawMs),
      minorGcs: minor.length,
      minorGcMs: minor.reduce((sum, e) => sum + (e.dur ?? 0), 0) / 1000,
      majorGcs: major.length,
      bytesPerFrame: perFrame,
    };
  } finally {
    await opened.close();
  }
}

const fmt = (n: number, digits = 2) => (Number.isFinite(n) ? n.toFixed(digits) : '-');

async function main(): Promise<void> {
  const rounds = Number(process.argv[2] ?? DEFAULT_ROUNDS);
  const counts = process.argv[3] !== undefined ? [Number(process.argv[3])] : DEFAULT_COUNTS;
  const harness = await startHarness(resolve(here, 'vite.config.ts'));
  const results: RoundResult[] = [];
  try {
    // One throwaway page so the first measured one does not pay Vite's first transform.
    const warm = await harness.open(harness.url(`@fs${resolve(here, 'pixi-sprites.html')}`), { readyWhen: () => window.__bench !== undefined });
    await warm.close();
    for (let round = 1; round <= rounds; round++) {
      for (const count of counts) {
        const kinds = round % 2 === 1 ? KINDS : [...KINDS].reverse();
        for (const kind of kinds) {
          const r = await measure(harness, kind, count);
          results.push(r);
          const b = r.bytesPerFrame;
          console.log(
            `round ${round} ${kind.padEnd(8)} ${String(count).padStart(6)} sprites: ${fmt(r.fps, 1)} fps, sync median ${fmt(r.syncMedianMs)} ms ` +
              `(mean ${fmt(r.syncMeanMs)}), draw median ${fmt(r.drawMedianMs)} ms, minor GCs ${r.minorGcs} (${fmt(r.minorGcMs)} ms), major ${r.majorGcs}, ` +
              `bytes/frame total ${fmt(b.total, 0)}: tickflow ${fmt(b.tickflow, 0)}, pixi ${fmt(b.pixi, 0)} (from the backend's sync ${fmt(b.tickflowPixiSync, 0)}), page ${fmt(b.page, 0)}, other ${fmt(b.other, 0)}`,
          );
        }
      }
    }
  } finally {
    await harness.close();
  }
  // The summary: per count, the medians over the rounds, and the ratio tickflow / plain.
  console.log('\n| sprites | impl | fps | sync median ms | draw median ms | minor GCs / 10 s | minor GC ms / 10 s | B/frame (tickflow code) | B/frame (all) |');
  console.log('|---:|---|---:|---:|---:|---:|---:|---:|---:|');
  for (const count of counts) {
    for (const kind of KINDS) {
      const rs = results.filter((r) => r.kind === kind && r.count === count);
      const m = (f: (r: RoundResult) => number) => median(rs.map(f));
      console.log(
        `| ${count} | ${kind} | ${fmt(m((r) => r.fps), 1)} | ${fmt(m((r) => r.syncMedianMs), 3)} | ${fmt(m((r) => r.drawMedianMs))} | ${rs.map((r) => r.minorGcs).join(', ')} | ${rs.map((r) => fmt(r.minorGcMs, 1)).join(', ')} | ${fmt(m((r) => r.bytesPerFrame.tickflow), 0)} | ${fmt(m((r) => r.bytesPerFrame.total), 0)} |`,
      );
    }
    const ratio = (f: (r: RoundResult) => number) =>
      median(results.filter((r) => r.kind === 'tickflow' && r.count === count).map(f)) / median(results.filter((r) => r.kind === 'plain' && r.count === count).map(f));
    console.log(`| ${count} | tickflow / plain | | ${fmt(ratio((r) => r.syncMedianMs))}x | ${fmt(ratio((r) => r.drawMedianMs))}x | | | | |`);
  }
}

await main();
