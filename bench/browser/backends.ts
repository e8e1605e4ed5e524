/**
 * Every backend at the plain library's cost (issue 29, item 1), in real
 * Chromium: each tickflow preset on its backend beside the plain library
 * doing the same game work and the same writes to the same objects
 * (bench/browser/backends-page.ts says, per cell, what both sides do):
 *
 * | cell | tickflow | plain |
 * |---|---|---|
 * | pixi-world | world engine on pixiBackend | pixi.js v8, a Sprite per object |
 * | pixi-systems | systems engine on pixiSystemsBackend | pixi.js v8, a Graphics per object |
 * | three-state | state engine on threeBackend | three.js, a Mesh per object |
 * | three-systems | systems engine on threeSystemsBackend | three.js, a Mesh per object, one shared box |
 * | three-runtime | fixed-tick runtime on threeRuntimeBackend, no physics | three.js, a Mesh and a box per object |
 *
 * bench/browser/pixi-sprites.ts measures the world engine's sprite sync
 * alone, with its decomposition rows; this bench takes the world cell's
 * whole frame apart the same way as the others'.
 *
 *     npm run bench:backends                                   # 3 interleaved rounds, 2,000 and 10,000 objects, every cell
 *     node --import tsx bench/browser/backends.ts 1 200        # 1 round, 200 objects
 *     node --import tsx bench/browser/backends.ts 1 100,500    # 1 round, 100 and 500 objects
 *     BENCH_CELLS=three-runtime BENCH_STEADY_MS=2000 node --import tsx bench/browser/backends.ts 1 500
 *     node --import tsx bench/browser/backends.ts --section    # as `npm run bench` runs it: the tables only
 *
 * BENCH_CELLS picks cells (comma-separated); BENCH_WARM_UP_MS, BENCH_STEADY_MS
 * and BENCH_SAMPLING_MS shorten a run while developing; BENCH_SITES=n prints
 * each page's n heaviest allocation sites; BENCH_CPU=n adds a third stage,
 * BENCH_PROFILE_MS (3 s) under Chromium's CPU profiler, and prints the n
 * functions with the most self time in the frame callback outside the draw
 * call (BENCH_CPU_IN=draw: inside it; read as shares: the sampler slows the
 * page); BENCH_JSON=file writes
 * every round's figures.
 *
 * The measurement is pixi-sprites.ts's. Each round opens a fresh page per
 * side (a fresh heap), lets it warm up for WARM_UP_MS, forces a full GC
 * (CDP `HeapProfiler.collectGarbage`), then:
 *
 * 1. STEADY_MS of frames under CDP Tracing (categories `devtools.timeline`,
 *    `v8`, `disabled-by-default-v8.gc`): the page records each frame's
 *    whole, engine, sync and render time (see backends-page.ts), and the
 *    trace gives every GC (`MinorGC`, `MajorGC` events) and its duration;
 * 2. SAMPLING_MS more under the sampling heap profiler (CDP HeapProfiler,
 *    every SAMPLING_INTERVAL_BYTES, objects a minor or major GC collected
 *    included): bytes allocated per frame, attributed to where the
 *    allocating function lives: tickflow's sources, the library (pixi.js or
 *    three.js), the bench page, other.
 *
 * The order of the sides alternates between rounds. Each figure is the
 * median over the round's frames, then the median over the rounds; the
 * ratios are tickflow / plain of those medians, in the same run.
 */
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { CDPSession } from 'playwright-core';
import { startHarness, type BrowserHarness } from '../../spec/browser/harness.js';
import type { Cell, Side } from './backends-page.js';

const WARM_UP_MS = Number(process.env.BENCH_WARM_UP_MS ?? 3_000);
const STEADY_MS = Number(process.env.BENCH_STEADY_MS ?? 10_000);
const SAMPLING_MS = Number(process.env.BENCH_SAMPLING_MS ?? 4_000);
const SAMPLING_INTERVAL_BYTES = 256;
const PROFILE_MS = Number(process.env.BENCH_PROFILE_MS ?? 3_000);
const CPU_SAMPLE_INTERVAL_US = 100;
/** BENCH_CPU_IN=draw lists the draw call's heaviest functions instead of the rest of the frame's. */
const LOOK_IN = process.env.BENCH_CPU_IN === 'draw' ? 'draw' : 'frame';
const DEFAULT_ROUNDS = 3;
const DEFAULT_COUNTS = [2_000, 10_000];
const FRAME_BUDGET_MS = 1000 / 60;

/** Issue 29's targets. */
export const ENGINE_SYNC_RATIO_TARGET = 1.1;
export const WHOLE_FRAME_RATIO_TARGET = 1.05;
/**
 * 0 B per object per frame, read through the measurement's noise: the bytes
 * a frame allocates over the plain side's (all JS: inlined calls and V8's
 * builtins have no tickflow file to be charged to) grow by at most this per
 * object from the smaller count to the larger. Two pages of the same code
 * differ by up to about 2 KB a frame here (three.js itself allocates about
 * 76 B per mesh per frame on both sides), which is 0.25 B per object over
 * the 8,000 objects between 2,000 and 10,000.
 */
export const BYTES_PER_OBJECT_TARGET = 0.25;

const ALL_CELLS: readonly Cell[] = ['pixi-world', 'pixi-systems', 'three-state', 'three-systems', 'three-runtime'];
const CELLS = (process.env.BENCH_CELLS?.split(',') as Cell[] | undefined) ?? ALL_CELLS;
const SIDES: readonly Side[] = ['tickflow', 'plain'];
const LIBRARY: Record<Cell, RegExp> = { 'pixi-world': /pixi/, 'pixi-systems': /pixi/, 'three-state': /three/, 'three-systems': /three/, 'three-runtime': /three/ };

interface Bytes {
  total: number;
  tickflow: number;
  library: number;
  page: number;
  other: number;
}

interface RoundResult {
  cell: Cell;
  side: Side;
  count: number;
  frames: number;
  fps: number;
  wholeMs: number;
  engineMs: number;
  syncMs: number;
  renderMs: number;
  /** engine + sync, frame by frame: the frame without the renderer's draw call. */
  updateMs: number;
  gcs: number;
  gcMs: number;
  longestGcMs: number;
  majorGcs: number;
  bytesPerFrame: Bytes;
}

const here = fileURLToPath(new URL('./', import.meta.url));
const PAGE = resolve(here, 'backends.html');

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length === 0 ? NaN : sorted[Math.floor(sorted.length / 2)]!;
}

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string };
  children?: ProfileNode[];
}
interface SamplingProfile {
  head: ProfileNode;
  samples: { size: number; nodeId: number }[];
}

/**
 * Bytes allocated, by where the allocating function lives: tickflow's
 * sources and rxjs (only tickflow's loop uses it on this page), the
 * library (its file, or a chunk of it Vite pre-bundled under `deps/`), the
 * bench page, other (V8's builtins, such as an array's `push`, have no
 * file). The sampling profiler charges a function inlined into another to
 * the outer one, so a tickflow call inlined into the page's behaviour shows
 * as the page's: read the split as a hint, the total as the figure.
 */
function attribute(profile: SamplingProfile, library: RegExp): Bytes {
  const byId = new Map<number, ProfileNode>();
  const walk = (node: ProfileNode) => {
    byId.set(node.id, node);
    for (const child of node.children ?? []) walk(child);
  };
  walk(profile.head);
  const out: Bytes = { total: 0, tickflow: 0, library: 0, page: 0, other: 0 };
  const bySite = new Map<string, number>();
  for (const { size, nodeId } of profile.samples) {
    out.total += size;
    const { url, functionName } = byId.get(nodeId)!.callFrame;
    const site = `${functionName || '(anonymous)'} ${url.replace(/^.*\/(@fs|node_modules|deps)\//, '').replace(/\?.*$/, '')}`;
    bySite.set(site, (bySite.get(site) ?? 0) + size);
    if ((/\/(src|operators)\/.*\.ts/.test(url) && !url.includes('node_modules')) || /rxjs/.test(url)) out.tickflow += size;
    else if (library.test(url) || url.includes('/deps/')) out.library += size;
    else if (url.includes('backends-page')) out.page += size;
    else out.other += size;
  }
  // BENCH_SITES=n: the n sites that allocated most, for a look at where the bytes come from.
  if (process.env.BENCH_SITES !== undefined) {
    for (const [site, bytes] of [...bySite].sort((a, b) => b[1] - a[1]).slice(0, Number(process.env.BENCH_SITES) || 12)) console.log(`    ${String(bytes).padStart(9)} B  ${site}`);
  }
  return out;
}

interface CpuNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface CpuProfile {
  nodes: CpuNode[];
  samples: number[];
  timeDeltas: number[];
}

/**
 * BENCH_CPU=n: the n functions with the most self time inside the page's
 * frame callback (`onFrame` in backends-page.ts) but outside the renderer's
 * draw call (engine + sync, the figure the 1.1× target is read on), as
 * shares of that sampled time and ms a frame, and that time by where the
 * code lives (as {@link attribute}'s bytes).
 */
function printCpu(profile: CpuProfile, frames: number, library: RegExp, top: number): void {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  // Where each node is: 'frame' (in the frame callback, outside the draw), 'draw' (in the renderer's draw call,
  // the library's `render` the page times), or 'out'.
  const place = new Map<number, 'frame' | 'draw' | 'out'>();
  const placeOf = (id: number): 'frame' | 'draw' | 'out' => {
    let known = place.get(id);
    if (known === undefined) {
      const { functionName, url } = byId.get(id)!.callFrame;
      const up = parent.get(id);
      const above = up === undefined ? 'out' : placeOf(up);
      if (functionName === 'onFrame' && url.includes('backends-page')) known = 'frame';
      else if (above === 'frame' && /(^|\.)render$/.test(functionName) && !/\/(src|operators)\//.test(url) && (library.test(url) || url.includes('/deps/')) && byId.get(up!)!.callFrame.url.includes('backends-page')) known = 'draw';
      else known = above;
      place.set(id, known);
    }
    return known;
  };
  let drawUs = 0;
  const selfUs = new Map<string, number>();
  const byWhere = { tickflow: 0, library: 0, page: 0, other: 0 };
  let frameUs = 0;
  for (let i = 0; i < profile.samples.length; i++) {
    const id = profile.samples[i]!;
    const dt = profile.timeDeltas[i + 1] ?? 0;
    const where = placeOf(id);
    if (where === 'draw') drawUs += dt;
    if (where !== LOOK_IN) continue;
    const { functionName, url, lineNumber } = byId.get(id)!.callFrame;
    // A native function (no file) is named with its caller: requestAnimationFrame from where.
    const caller = url === '' && parent.has(id) ? ` from ${byId.get(parent.get(id)!)!.callFrame.functionName || '(anonymous)'}` : '';
    const site = `${functionName || '(anonymous)'}${caller} ${url.replace(/^.*\/(@fs|node_modules|deps)\//, '').replace(/\?.*$/, '')}:${lineNumber + 1}`;
    selfUs.set(site, (selfUs.get(site) ?? 0) + dt);
    frameUs += dt;
    if ((/\/(src|operators)\/.*\.ts/.test(url) && !url.includes('node_modules')) || /rxjs/.test(url)) byWhere.tickflow += dt;
    else if (library.test(url) || url.includes('/deps/')) byWhere.library += dt;
    else if (url.includes('backends-page')) byWhere.page += dt;
    else byWhere.other += dt;
  }
  const perFrame = (us: number) => `${(us / 1000 / Math.max(1, frames)).toFixed(3)} ms/frame`;
  const share = (us: number) => `${((100 * us) / Math.max(1, frameUs)).toFixed(1).padStart(5)}%`;
  console.log(
    `    CPU profile: ${frames} frames; the draw call ${perFrame(drawUs)}; ${LOOK_IN === 'draw' ? 'listed: the draw call' : 'the rest of the frame callback (engine + sync)'} ${perFrame(frameUs)}, its self time by where: ` +
      Object.entries(byWhere).map(([k, us]) => `${k} ${share(us).trim()}`).join(', '),
  );
  const heaviest = [...selfUs].sort((a, b) => b[1] - a[1]);
  for (const [site, us] of heaviest.slice(0, top)) console.log(`    ${share(us)}  ${perFrame(us)}  ${site}`);
  const own = heaviest.filter(([site]) => / work\/.*\/(src|operators)\//.test(site)).slice(0, Math.ceil(top / 2));
  if (own.length > 0) console.log(`    tickflow's heaviest: ${own.map(([site, us]) => `${share(us).trim()} ${site.replace(/ .*\/(src|operators)\//, ' ')}`).join('; ')}`);
}

async function measure(harness: BrowserHarness, cell: Cell, side: Side, count: number): Promise<RoundResult> {
  const opened = await harness.open(harness.url(`@fs${PAGE}`), {
    viewport: { width: 960, height: 540 },
    readyWhen: () => window.__backendBench !== undefined,
  });
  const { page } = opened;
  try {
    if (!(await page.evaluate(() => window.__backendBench!.isolated))) throw new Error('bench: the page is not cross-origin isolated (coarse timers)');
    await page.evaluate(([c, s, n]) => window.__backendBench!.run(c, s, n), [cell, side, count] as const);
    await page.waitForTimeout(WARM_UP_MS);
    if ((await page.evaluate(() => window.__backendBench!.frames())) < 2) throw new Error(`bench: ${cell} ${side} ran no frames in ${WARM_UP_MS} ms`);
    const cdp: CDPSession = await page.context().newCDPSession(page);
    await cdp.send('HeapProfiler.enable');
    // A full collection after the set-up, so the steady run's GCs are its own frames' garbage.
    await cdp.send('HeapProfiler.collectGarbage');

    // 1. Timing and GCs, under tracing.
    await harness.browser.startTracing(page, { categories: ['devtools.timeline', 'v8', 'disabled-by-default-v8.gc'] });
    await page.evaluate(() => window.__backendBench!.startRecording());
    await page.waitForTimeout(STEADY_MS);
    const timing = await page.evaluate(() => window.__backendBench!.stopRecording());
    const trace = JSON.parse((await harness.browser.stopTracing()).toString('utf8')) as { traceEvents: { name: string; ph: string; dur?: number }[] };
    const gcs = trace.traceEvents.filter((e) => (e.name === 'MinorGC' || e.name === 'MajorGC') && e.ph === 'X');
    const gcMs = gcs.map((e) => (e.dur ?? 0) / 1000);

    // 2. Bytes allocated per frame, under the sampling heap profiler.
    await cdp.send('HeapProfiler.startSampling', {
      samplingInterval: SAMPLING_INTERVAL_BYTES,
      includeObjectsCollectedByMinorGC: true,
      includeObjectsCollectedByMajorGC: true,
    } as never);
    await page.evaluate(() => window.__backendBench!.startRecording());
    await page.waitForTimeout(SAMPLING_MS);
    const sampled = await page.evaluate(() => window.__backendBench!.stopRecording());
    const { profile } = (await cdp.send('HeapProfiler.stopSampling')) as unknown as { profile: SamplingProfile };
    const bytes = attribute(profile, LIBRARY[cell]);
    const perFrame = Object.fromEntries(Object.entries(bytes).map(([k, v]) => [k, v / Math.max(1, sampled.frames)])) as unknown as Bytes;

    // 3. BENCH_CPU=n: where the frame's time goes, under Chromium's CPU profiler.
    if (process.env.BENCH_CPU !== undefined) {
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: CPU_SAMPLE_INTERVAL_US });
      await cdp.send('Profiler.start');
      const before = await page.evaluate(() => window.__backendBench!.frames());
      await page.waitForTimeout(PROFILE_MS);
      const profiled = (await page.evaluate(() => window.__backendBench!.frames())) - before;
      const { profile: cpu } = (await cdp.send('Profiler.stop')) as unknown as { profile: CpuProfile };
      printCpu(cpu, profiled, LIBRARY[cell], Number(process.env.BENCH_CPU) || 16);
    }
    if (opened.errors.length > 0) throw new Error(`bench: ${cell} ${side}: ${opened.errors.join('; ')}`);

    return {
      cell,
      side,
      count,
      frames: timing.frames,
      fps: timing.frames / (STEADY_MS / 1000),
      wholeMs: median(timing.wholeMs),
      engineMs: median(timing.engineMs),
      syncMs: median(timing.syncMs),
      renderMs: median(timing.renderMs),
      updateMs: median(timing.engineMs.map((e, i) => e + timing.syncMs[i]!)),
      gcs: gcs.length,
      gcMs: gcMs.reduce((a, b) => a + b, 0),
      longestGcMs: Math.max(0, ...gcMs),
      majorGcs: gcs.filter((e) => e.name === 'MajorGC').length,
      bytesPerFrame: perFrame,
    };
  } finally {
    await opened.close();
  }
}

const fmt = (n: number, digits = 2) => (Number.isFinite(n) ? n.toFixed(digits) : '-');
const ms = (n: number) => `${fmt(n, 3)} ms (${fmt((100 * n) / FRAME_BUDGET_MS, 1)} % of 16.7)`;
const verdict = (met: boolean) => (met ? 'met' : 'missed');

/** The tables of one run: per cell, each figure for both sides, the ratio, and the targets. */
export function tables(results: readonly RoundResult[], counts: readonly number[], out: (line?: string) => void): void {
  for (const cell of CELLS) {
    out(`### ${cell}\n`);
    out('| objects | figure | tickflow | plain | ratio | target |');
    out('|---:|---|---:|---:|---:|---|');
    /** Per count: bytes a frame over the plain side, all JS; and by tickflow's code and the page's (where inlined tickflow calls land). */
    const overPlainAt = new Map<number, { all: number; own: number }>();
    for (const count of counts) {
      const of = (side: Side, f: (r: RoundResult) => number) => median(results.filter((r) => r.cell === cell && r.side === side && r.count === count).map(f));
      const rounds = (side: Side, f: (r: RoundResult) => number, d = 3) =>
        results.filter((r) => r.cell === cell && r.side === side && r.count === count).map((r) => fmt(f(r), d)).join(', ');
      const row = (name: string, f: (r: RoundResult) => number, target?: number, show: (n: number) => string = ms) => {
        const t = of('tickflow', f);
        const p = of('plain', f);
        const ratio = t / p;
        const targetCell = target === undefined ? '' : `≤ ${target}×: **${verdict(ratio <= target)}**${ratio <= target ? '' : ` by ${fmt(ratio - target)}× (${fmt(t - p * target, 3)} ms)`}`;
        out(`| ${count} | ${name} | ${show(t)} [${rounds('tickflow', f)}] | ${show(p)} [${rounds('plain', f)}] | ${fmt(ratio)}× | ${targetCell} |`);
      };
      row('engine', (r) => r.engineMs);
      row('sync', (r) => r.syncMs);
      row('engine + sync', (r) => r.updateMs, ENGINE_SYNC_RATIO_TARGET);
      row('render (draw call)', (r) => r.renderMs);
      row('whole frame', (r) => r.wholeMs, WHOLE_FRAME_RATIO_TARGET);
      const fps = (side: Side) => fmt(of(side, (r) => r.fps), 1);
      out(`| ${count} | frames/s | ${fps('tickflow')} | ${fps('plain')} | | |`);
      const bytes = (side: Side, f: (b: Bytes) => number) => fmt(of(side, (r) => f(r.bytesPerFrame)), 0);
      out(`| ${count} | B/frame, all JS | ${bytes('tickflow', (b) => b.total)} | ${bytes('plain', (b) => b.total)} | | |`);
      out(
        `| ${count} | B/frame by tickflow's code / the library's / the page's | ${bytes('tickflow', (b) => b.tickflow)} / ${bytes('tickflow', (b) => b.library)} / ${bytes('tickflow', (b) => b.page)} | ${bytes('plain', (b) => b.tickflow)} / ${bytes('plain', (b) => b.library)} / ${bytes('plain', (b) => b.page)} | | |`,
      );
      const own = (r: RoundResult) => r.bytesPerFrame.tickflow + r.bytesPerFrame.page;
      overPlainAt.set(count, { all: of('tickflow', (r) => r.bytesPerFrame.total) - of('plain', (r) => r.bytesPerFrame.total), own: of('tickflow', own) - of('plain', own) });
      const gcs = (side: Side) =>
        `${rounds(side, (r) => r.gcs, 0)} (longest ${fmt(Math.max(...results.filter((r) => r.cell === cell && r.side === side && r.count === count).map((r) => r.longestGcMs)), 2)} ms; major ${rounds(side, (r) => r.majorGcs, 0)})`;
      row(`GC pauses, ms per ${STEADY_MS / 1000} s (minor and major)`, (r) => r.gcMs, undefined, (n) => `${fmt(n)} ms`);
      out(`| ${count} | GCs per ${STEADY_MS / 1000} s, each round | ${gcs('tickflow')} | ${gcs('plain')} | | |`);
    }
    if (counts.length >= 2) {
      const [small, large] = [Math.min(...counts), Math.max(...counts)];
      const slope = (k: 'all' | 'own') => (overPlainAt.get(large)![k] - overPlainAt.get(small)![k]) / (large - small);
      // The all-JS figure's noise: how far the plain side's own rounds spread at the larger count, per object.
      const plainTotals = results.filter((r) => r.cell === cell && r.side === 'plain' && r.count === large).map((r) => r.bytesPerFrame.total);
      const noise = (Math.max(...plainTotals) - Math.min(...plainTotals)) / (large - small);
      const all = slope('all');
      const reading = all <= BYTES_PER_OBJECT_TARGET ? verdict(true) : all <= noise ? 'not resolved (within the rounds\' spread)' : verdict(false);
      out(
        `\n- B per object per frame over the plain side (tickflow − plain, at ${large} minus at ${small}, over ${large - small}): all JS ${fmt(all, 3)} B ` +
          `(the plain rounds' spread: ${fmt(noise, 3)} B), tickflow's code and the page's ${fmt(slope('own'), 3)} B; target 0 (≤ ${BYTES_PER_OBJECT_TARGET} all JS): **${reading}**`,
      );
    }
    out();
  }
}

async function main(): Promise<void> {
  const args = process.argv.slice(2).filter((a) => a !== '--section');
  const section = process.argv.includes('--section');
  const rounds = Number(args[0] ?? DEFAULT_ROUNDS);
  const counts = args[1] !== undefined ? args[1].split(',').map(Number) : DEFAULT_COUNTS;
  const log = section ? () => {} : (line: string) => console.log(line);
  const loadBefore = os.loadavg();
  const harness = await startHarness(resolve(here, 'vite.config.ts'));
  const results: RoundResult[] = [];
  try {
    // One throwaway page so the first measured one does not pay Vite's first transform.
    const warm = await harness.open(harness.url(`@fs${PAGE}`), { readyWhen: () => window.__backendBench !== undefined });
    await warm.close();
    for (let round = 1; round <= rounds; round++) {
      for (const count of counts) {
        for (const cell of CELLS) {
          const sides = round % 2 === 1 ? SIDES : [...SIDES].reverse();
          for (const side of sides) {
            const r = await measure(harness, cell, side, count);
            results.push(r);
            const b = r.bytesPerFrame;
            log(
              `round ${round} ${cell} ${side.padEnd(8)} ${String(count).padStart(6)}: ${fmt(r.fps, 1)} fps, whole ${fmt(r.wholeMs, 3)} ms = engine ${fmt(r.engineMs, 3)} + sync ${fmt(r.syncMs, 3)} + render ${fmt(r.renderMs, 3)}; ` +
                `GCs ${r.gcs} (${fmt(r.gcMs)} ms, longest ${fmt(r.longestGcMs)}); B/frame ${fmt(b.total, 0)}: tickflow ${fmt(b.tickflow, 0)}, library ${fmt(b.library, 0)}, page ${fmt(b.page, 0)}, other ${fmt(b.other, 0)}`,
            );
          }
        }
      }
    }
  } finally {
    await harness.close();
  }
  const loadAfter = os.loadavg();
  const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: here, encoding: 'utf8' }).trim();
  console.log(`\n## Backends against the plain library (issue 29, item 1): bench/browser/backends.ts\n`);
  console.log(
    `${new Date().toISOString()}, commit ${commit}, ${rounds} round(s) at ${counts.join(' and ')} objects, ${STEADY_MS / 1000} s timed + ${SAMPLING_MS / 1000} s sampled per page; ` +
      `load average (1/5/15 min) before ${loadBefore.map((x) => x.toFixed(2)).join(' / ')}, after ${loadAfter.map((x) => x.toFixed(2)).join(' / ')}. ` +
      `Headless Chromium, WebGL on SwiftShader (software): read the ratios. Each cell: tickflow [rounds] against plain [rounds], medians; the frame budget is 16.7 ms.\n`,
  );
  tables(results, counts, (line = '') => console.log(line));
  // BENCH_JSON=file: every round's figures, for another reading of the same run.
  if (process.env.BENCH_JSON !== undefined) writeFileSync(process.env.BENCH_JSON, JSON.stringify({ commit, loadBefore, loadAfter, counts, results }, null, 1));
}

await main();
