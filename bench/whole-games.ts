// `npm run bench:games`: node --import tsx bench/whole-games.ts [--section]
//
// Issue 29, item 3: "Whole games, as a player runs them. For each gallery
// game, 60 s of scripted play in Chromium: p50/p99 main-thread time per
// frame, GC pauses (count, longest), bytes allocated per second. Target: no
// GC pause longer than 4 ms and no steady allocation by tickflow itself (its
// share shown separately from the game's)."
//
// The gallery is built for production as `npm run build:site` builds it
// (scripts/site/gallery-build.ts), with hidden source maps (the code is the
// same), served by `vite preview` on 127.0.0.1 (bench/first-load-pages.ts),
// and each game is opened in Debian's Chromium at 1280×800, in a fresh
// context, and played by its script (bench/whole-games-play.ts). After
// WARM_UP s of play, a full GC (CDP `HeapProfiler.collectGarbage`), then
// PLAY s of play under two instruments at once:
//
// 1. CDP Tracing (bench/whole-games-trace.ts): each frame's main-thread CPU
//    time, frame lengths, and every MinorGC and MajorGC pause;
// 2. the sampling heap profiler (every 256 B, objects collected by minor and
//    major GCs included, as the backend bench samples), cut into WINDOWS
//    windows of equal length by marks the page allocates, and taken after
//    the trace (taking it forces a full GC): bytes allocated by whose code
//    (tickflow, the library, the game, other; bench/whole-games-heap.ts).
//    The first window is the start of play; the rest are the steady
//    minute, where "no steady allocation by tickflow" is read.
//
// BENCH_GAMES picks games by folder (comma-separated); BENCH_GAMES_SECONDS
// sets the play (default 60); BENCH_GAMES_QUICK=1 is the smoke run (12 s of
// play a game, 2 s of warm-up); BENCH_GAMES_SITES=n prints n sites a game
// instead of 6; BENCH_GAMES_SITE=text prints, window by window, the bytes
// of every site whose name holds the text (`placeOnBeat`: a site in the
// first window only is code the baseline tier ran before the mid tier
// compiled it, about 9 s for a function called once a frame at 60 Hz);
// BENCH_GAMES_CHROMIUM_ARGS passes flags to Chromium, for a look at why
// something allocates (`--js-flags=...`), never for a figure.
//
//     npm run bench:games
//     BENCH_GAMES_QUICK=1 BENCH_GAMES=paddle-duel npm run bench:games
//     node --import tsx bench/whole-games.ts --section     # as `npm run bench` runs it: the tables only
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { chromium, type Browser, type CDPSession } from 'playwright-core';
import { buildGallery } from '../scripts/site/gallery-build.js';
import { loadAverage, printBenchHeader } from './bench-header.js';
import { VIEWPORT } from './first-load-measure.js';
import { serveSite } from './first-load-pages.js';
import { FRAME_BUDGET_MS } from './first-load-summary.js';
import { fixed, markdownTable } from './markdown-table.js';
import { quantile } from './measure-time.js';
import { ORIGINS, SourceOrigins, WINDOW_MARK, WINDOW_MARK_SCRIPT, type Origin, type SamplingProfile } from './whole-games-heap.js';
import { playFor, WHOLE_GAMES, type WholeGame } from './whole-games-play.js';
import { readTrace, TRACE_CATEGORIES, type TraceEvent, type TraceReading } from './whole-games-trace.js';

/** Issue 29's target: no GC pause longer than this, ms. */
export const GC_PAUSE_TARGET_MS = 4;
/**
 * "No steady allocation by tickflow itself", read as: tickflow's code
 * allocates less than 1 B a frame on average over the steady windows (fewer
 * than one 256 B sample every 256 frames). A per-frame allocation of the
 * smallest object (16 B) is 16 times that; a one-off (a level's set-up)
 * spread over the steady minute stays under it.
 */
export const TICKFLOW_STEADY_BYTES_PER_FRAME = 1;

const QUICK = process.env.BENCH_GAMES_QUICK === '1';
const PLAY_SECONDS = Number(process.env.BENCH_GAMES_SECONDS ?? (QUICK ? 12 : 60));
const WARM_UP_SECONDS = QUICK ? 2 : 3;
const WINDOWS = 6;
const WINDOW_SECONDS = PLAY_SECONDS / WINDOWS;
const SAMPLING_INTERVAL_BYTES = 256;
const READY_TIMEOUT_MS = 60_000;
const SITES = Number(process.env.BENCH_GAMES_SITES ?? 6);
const SITE = process.env.BENCH_GAMES_SITE || undefined;
/** Console errors that are not the page's: pixi's driver warnings at start-up (BROWSER.md, pitfall 2). */
const KNOWN_NOISE = /GPU stall due to ReadPixels/;

const repo = fileURLToPath(new URL('../', import.meta.url));

/** One heap-profile window: its length and what was allocated in it. */
interface HeapWindow {
  readonly seconds: number;
  readonly bytes: Record<Origin, number>;
  readonly sites: ReadonlyMap<string, { readonly origin: Origin; readonly bytes: number }>;
}

interface GameResult {
  readonly game: WholeGame;
  readonly trace: TraceReading;
  readonly windows: readonly HeapWindow[];
  readonly errors: readonly string[];
}

async function playAndMeasure(browser: Browser, game: WholeGame, url: string, origins: SourceOrigins): Promise<GameResult> {
  const context = await browser.newContext({ viewport: VIEWPORT });
  try {
    const page = await context.newPage();
    await page.addInitScript(WINDOW_MARK_SCRIPT);
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
    page.on('console', (message) => {
      if (message.type() === 'error' && !KNOWN_NOISE.test(message.text())) errors.push(`console: ${message.text()}`);
    });
    await page.goto(url + game.search);
    await page.waitForFunction(game.ready, undefined, { timeout: READY_TIMEOUT_MS });
    const player = game.player(page);
    const startedAtMs = performance.now();
    await playFor(page, player, startedAtMs, WARM_UP_SECONDS);

    const cdp: CDPSession = await context.newCDPSession(page);
    await cdp.send('HeapProfiler.enable');
    await cdp.send('HeapProfiler.collectGarbage');
    await browser.startTracing(page, { categories: [...TRACE_CATEGORIES] });
    await cdp.send('HeapProfiler.startSampling', {
      samplingInterval: SAMPLING_INTERVAL_BYTES,
      includeObjectsCollectedByMinorGC: true,
      includeObjectsCollectedByMajorGC: true,
    } as never);
    // Each window's end is marked in the profile from the page (see WINDOW_MARK); the profile is taken after the trace.
    const windowEndsMs = [performance.now()];
    await playFor(page, player, startedAtMs, WARM_UP_SECONDS + PLAY_SECONDS, async (seconds) => {
      if (windowEndsMs.length < WINDOWS && seconds >= WARM_UP_SECONDS + windowEndsMs.length * WINDOW_SECONDS) {
        await page.evaluate(`window.${WINDOW_MARK}()`);
        windowEndsMs.push(performance.now());
      }
    });
    windowEndsMs.push(performance.now());
    const { traceEvents } = JSON.parse((await browser.stopTracing()).toString('utf8')) as { traceEvents: TraceEvent[] };
    const { profile } = (await cdp.send('HeapProfiler.stopSampling')) as unknown as { profile: SamplingProfile };
    const weighed = origins.weighWindows(profile);
    if (weighed.length !== WINDOWS) throw new Error(`whole games: ${game.folder}: the heap profile has ${weighed.length} windows, not ${WINDOWS} (a window mark was not sampled)`);
    const windows = weighed.map((w, i) => ({ ...w, seconds: (windowEndsMs[i + 1]! - windowEndsMs[i]!) / 1000 }));
    return { game, trace: readTrace(traceEvents), windows, errors };
  } finally {
    await context.close();
  }
}

const sum = (values: readonly number[]) => values.reduce((a, b) => a + b, 0);
const verdict = (met: boolean) => (met ? '**met**' : '**missed**');
const kb = (bytes: number) => fixed(bytes / 1000, 1);

/** Bytes a second in `windows`, by origin. */
function rates(windows: readonly HeapWindow[]): Record<Origin, number> {
  const seconds = sum(windows.map((w) => w.seconds));
  return Object.fromEntries(ORIGINS.map((o) => [o, sum(windows.map((w) => w.bytes[o])) / seconds])) as Record<Origin, number>;
}

/** V8's `gc_reason` for a major GC its memory reducer started (bench/whole-games-trace.ts). */
const MEMORY_REDUCER = 'memory reducer';

/** How many of the major GCs V8's memory reducer started, and the longest of those pauses. */
function reducerCell(gc: TraceReading['gc']): string {
  const reducer = gc.majorMs.filter((_, i) => gc.majorReasons[i] === MEMORY_REDUCER);
  return `${reducer.length} of ${gc.majorMs.length}${reducer.length > 0 ? `, ${fixed(Math.max(...reducer), 2)}` : ''}`;
}

/** The tables of one run. */
function printTables(results: readonly GameResult[], print: (line?: string) => void): void {
  const frameRows = results.map(({ game, trace }) => {
    const { perFrame, gc } = trace;
    const gcs = [...gc.minorMs, ...gc.majorMs];
    const longest = Math.max(0, ...gcs);
    return [
      game.folder,
      game.preset,
      `${trace.frames} (${fixed(trace.frames / trace.seconds, 1)}/s)`,
      `${fixed(quantile(perFrame.cpuMs, 0.5), 2)} / ${fixed(quantile(perFrame.cpuMs, 0.99), 2)}`,
      `${fixed((100 * quantile(perFrame.cpuMs, 0.99)) / FRAME_BUDGET_MS, 0)} %`,
      `${fixed(quantile(perFrame.intervalMs, 0.5), 1)} / ${fixed(quantile(perFrame.intervalMs, 0.99), 1)}`,
      `${gc.minorMs.length} / ${gc.majorMs.length}`,
      fixed(sum(gcs), 1),
      `${fixed(longest, 2)}: ${verdict(longest <= GC_PAUSE_TARGET_MS)}`,
      fixed(Math.max(0, ...gc.cpuMs), 2),
      reducerCell(gc),
      fixed(Math.max(0, ...gc.minorMs, ...gc.majorMs.filter((_, i) => gc.majorReasons[i] !== MEMORY_REDUCER)), 2),
    ];
  });
  print(`### Frames and GC pauses (${PLAY_SECONDS} s of play a game)\n`);
  print(
    markdownTable(
      [
        'game',
        'preset, backend',
        'frames',
        'main-thread CPU a frame, p50 / p99 ms',
        'p99 of 16.7 ms',
        'frame length p50 / p99 ms',
        'GCs minor / major',
        'GC ms in all',
        `longest GC ms (target ≤ ${GC_PAUSE_TARGET_MS})`,
        'longest GC CPU ms',
        "major GCs V8's memory reducer started: of all, longest ms",
        "longest GC ms but the memory reducer's",
      ],
      frameRows,
    ),
  );
  print();

  const steadyFrom = fixed(WINDOW_SECONDS, 0);
  const byteRows = results.map(({ trace, windows, game }) => {
    const all = rates(windows);
    const steadyWindows = windows.slice(1);
    const steady = rates(steadyWindows);
    const fps = trace.frames / trace.seconds;
    const perFrame = steady.tickflow / fps;
    const withAny = steadyWindows.filter((w) => w.bytes.tickflow > 0).length;
    return [
      game.folder,
      kb(sum(ORIGINS.map((o) => all[o]))),
      ORIGINS.map((o) => kb(all[o])).join(' / '),
      `${fixed(steady.tickflow, 0)} (${fixed(perFrame, 1)} B a frame)`,
      `${withAny} of ${steadyWindows.length}`,
      `${fixed(Math.min(...steadyWindows.map((w) => w.bytes.tickflow / w.seconds)), 0)}–${fixed(Math.max(...steadyWindows.map((w) => w.bytes.tickflow / w.seconds)), 0)}`,
      verdict(perFrame < TICKFLOW_STEADY_BYTES_PER_FRAME),
    ];
  });
  print(`### Bytes allocated (sampled every ${SAMPLING_INTERVAL_BYTES} B)\n`);
  print(
    markdownTable(
      [
        'game',
        'all JS, kB/s',
        'tickflow / library / game / other, kB/s',
        `tickflow after ${steadyFrom} s, B/s`,
        `${fixed(WINDOW_SECONDS, 0)} s windows with tickflow bytes`,
        'tickflow B/s, window to window',
        `target: < ${TICKFLOW_STEADY_BYTES_PER_FRAME} B a frame`,
      ],
      byteRows,
    ),
  );
  print();
  print(
    `One sample stands for about ${SAMPLING_INTERVAL_BYTES} B, so a code that allocates nothing shows 0 exactly, and the smallest ` +
      `non-zero reading over the ${fixed(PLAY_SECONDS - WINDOW_SECONDS, 0)} s after the first window is about ` +
      `${fixed(SAMPLING_INTERVAL_BYTES / (PLAY_SECONDS - WINDOW_SECONDS), 0)} B/s.\n`,
  );

  print(`### Where tickflow allocated after ${steadyFrom} s, and the heaviest sites overall\n`);
  for (const { game, windows } of results) {
    const steadySeconds = sum(windows.slice(1).map((w) => w.seconds));
    const sites = new Map<string, { origin: Origin; bytes: number }>();
    for (const window of windows.slice(1)) {
      for (const [site, { origin, bytes }] of window.sites) sites.set(site, { origin, bytes: (sites.get(site)?.bytes ?? 0) + bytes });
    }
    const ranked = [...sites].sort((a, b) => b[1].bytes - a[1].bytes);
    const line = ([site, { origin, bytes }]: (typeof ranked)[number]) => `${fixed(bytes / steadySeconds, 0)} B/s ${origin} \`${site}\``;
    const tickflow = ranked.filter(([, s]) => s.origin === 'tickflow').slice(0, SITES);
    print(`- **${game.folder}**: tickflow: ${tickflow.length === 0 ? 'none' : tickflow.map(line).join('; ')}. Heaviest: ${ranked.slice(0, 3).map(line).join('; ')}`);
    if (SITE !== undefined) {
      for (const [i, window] of windows.entries()) {
        const matching = [...window.sites].filter(([site]) => site.includes(SITE));
        print(`  - window ${i + 1} (${fixed(window.seconds, 1)} s): ${matching.length === 0 ? 'none' : matching.map(([site, { bytes }]) => `${fixed(bytes / window.seconds, 0)} B/s \`${site}\``).join('; ')}`);
      }
    }
  }
  print();
  const withErrors = results.filter((r) => r.errors.length > 0);
  if (withErrors.length > 0) {
    print('Pages that reported errors while played:\n');
    for (const { game, errors } of withErrors) print(`- ${game.folder}: ${[...new Set(errors)].join('; ')}`);
    print();
  }
}

const { values } = parseArgs({ options: { section: { type: 'boolean', default: false } } });
const print = (text = ''): void => console.log(text);
const only = process.env.BENCH_GAMES?.split(',');
const games = WHOLE_GAMES.filter((g) => only === undefined || only.includes(g.folder));
if (games.length === 0) throw new Error(`bench:games: BENCH_GAMES=${process.env.BENCH_GAMES} names no game of ${WHOLE_GAMES.map((g) => g.folder).join(', ')}`);

if (!values.section) printBenchHeader(print, 'tickflow whole-games bench', '`npm run bench:games` (`node --import tsx bench/whole-games.ts`)');

const root = mkdtempSync(join(os.tmpdir(), 'tickflow-whole-games-'));
const dir = join(root, 'gallery');
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: process.env.BENCH_GAMES_CHROMIUM_ARGS?.split(' ').filter(Boolean) ?? [] });
let served: Awaited<ReturnType<typeof serveSite>> | undefined;
try {
  await buildGallery(repo, join(dir, 'dist'), { sourcemap: 'hidden' });
  served = await serveSite({ dir, pages: games.map((g) => ({ name: g.folder, group: 'gallery', path: `/${g.folder}/` })) });
  const origins = new SourceOrigins(join(dir, 'dist'), repo);
  const loadBefore = loadAverage();
  const results: GameResult[] = [];
  for (const game of games) results.push(await playAndMeasure(browser, game, served.pages.find((p) => p.name === game.folder)!.url, origins));
  const loadAfter = loadAverage();

  print(`## Whole games, as a player runs them${QUICK ? ' (quick run: BENCH_GAMES_QUICK=1)' : ''}\n`);
  print(
    `The gallery's production build, served by \`vite preview\` on 127.0.0.1, each game played by its script (bench/whole-games-play.ts) ` +
      `in Chromium ${browser.version()} at ${VIEWPORT.width}×${VIEWPORT.height} (WebGL on SwiftShader): ${WARM_UP_SECONDS} s of play, a full GC, ` +
      `then ${PLAY_SECONDS} s of play under CDP Tracing and the sampling heap profiler at once. **Main-thread CPU a frame**: the CPU time of every ` +
      "task the page's main thread ran from one frame's start to the next (bench/whole-games-trace.ts). **GCs**: the main thread's MinorGC and " +
      "MajorGC pauses, and which major GCs V8's memory reducer started (it collects and compacts the heap when the page allocates little) " +
      `(bench/whole-games-trace.ts). **Bytes**: by whose code allocated them, through the build's source maps (bench/whole-games-heap.ts); ` +
      `"after ${fixed(WINDOW_SECONDS, 0)} s" leaves out the first of ${WINDOWS} windows.\n`,
  );
  print(`- load average (1/5/15 min) before the games: ${loadBefore}; after: ${loadAfter} (nproc ${os.availableParallelism()})\n`);
  for (const game of games) print(`- ${game.folder}: ${game.how}`);
  print();
  printTables(results, print);
} finally {
  await browser.close();
  await served?.close();
  rmSync(root, { recursive: true, force: true });
}
