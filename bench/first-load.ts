// `npm run bench:first-load`: node --import tsx bench/first-load.ts [--loads N] [--only name,name]
//
// Issue 29: "time from navigation to the first drawn frame for each starter
// and gallery page, measured in the bench." Builds every create-tickflow
// starter and the gallery for production (bench/first-load-pages.ts), serves
// each build on 127.0.0.1, and loads each page in Debian's Chromium at
// 1280×800, each load in a fresh browser context with the cache disabled
// (bench/first-load-measure.ts): the time from navigation start to the
// page's first drawn frame (defined in bench/first-frame-probe.ts), and the
// bytes it received until then. The loads go round the pages in rounds, the
// order reversed every other round, so a change in the machine's load falls
// on every page alike; each page's row is the median of its loads.
//
// `npm run bench` runs this file as its "first load" section in a process of
// its own (`--section`: the section only, no header): bench/run.ts replaces
// Node's performance.now() and adds browser globals for the peer libraries,
// which Vite and Playwright must not see.
//
//     npm run bench:first-load                          # 5 loads a page
//     npm run bench:first-load -- --loads 3 --only runtime,physics-playground
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from 'playwright-core';
import { loadAverage, printBenchHeader } from './bench-header.js';
import { FIRST_FRAME_TIMEOUT_MS, measureLoad, VIEWPORT } from './first-load-measure.js';
import { buildFirstLoadSites, pagesLeftOut, serveSite, type ServedSite } from './first-load-pages.js';
import { FRAME_BUDGET_MS, SUMMARY_HEADER, summariseLoads, summaryRow, type LoadReading } from './first-load-summary.js';
import { fixed, markdownTable } from './markdown-table.js';

/** Loads a page by default: the median of five. */
export const DEFAULT_LOADS = 5;

const { values } = parseArgs({
  options: {
    loads: { type: 'string', default: String(DEFAULT_LOADS) },
    only: { type: 'string' },
    section: { type: 'boolean', default: false },
  },
});
const loads = Number(values.loads);
if (!Number.isInteger(loads) || loads < 1) throw new Error(`bench:first-load: --loads must be a whole number ≥ 1, got ${values.loads}`);
const only = values.only?.split(',');

const print = (text = ''): void => console.log(text);

if (!values.section) printBenchHeader(print, 'tickflow first-load bench', '`npm run bench:first-load` (`node --import tsx bench/first-load.ts`)');

const root = mkdtempSync(join(os.tmpdir(), 'tickflow-first-load-'));
const servers: ServedSite[] = [];
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });
try {
  const buildStarted = performance.now();
  const sites = await buildFirstLoadSites(root, only);
  const buildSeconds = (performance.now() - buildStarted) / 1000;
  for (const site of sites) servers.push(await serveSite(site));
  const pages = servers.flatMap((served) => served.pages);
  if (pages.length === 0) throw new Error(`bench:first-load: --only ${values.only} names no starter or gallery page`);

  const readings = new Map<string, LoadReading[]>(pages.map((page) => [page.name, []]));
  const encodings = new Set<string>();
  const errors = new Map<string, Set<string>>();
  const loadBefore = loadAverage();
  const measureStarted = performance.now();
  for (let round = 0; round < loads; round++) {
    const order = round % 2 === 0 ? pages : [...pages].reverse();
    for (const page of order) {
      const result = await measureLoad(browser, page.url);
      readings.get(page.name)!.push(result.reading);
      for (const encoding of result.encodings) encodings.add(encoding);
      for (const error of result.errors) errors.set(page.name, (errors.get(page.name) ?? new Set()).add(error));
    }
  }
  const measureSeconds = (performance.now() - measureStarted) / 1000;
  const loadAfter = loadAverage();

  print('## First load: navigation to the first drawn frame, each starter and gallery page\n');
  print(
    `Production builds served by \`vite preview\` on 127.0.0.1 (compressed: ${[...encodings].sort().join(', ') || 'none'}), ` +
      `loaded in Chromium ${browser.version()} at ${VIEWPORT.width}×${VIEWPORT.height}, a fresh context a load with the cache disabled; ` +
      `${loads} load${loads === 1 ? '' : 's'} a page, interleaved. **First frame**: the start of the first requestAnimationFrame callback after ` +
      'the page first drew (a WebGL draw call, a 2D canvas drawing, or a document change inside a requestAnimationFrame callback), ' +
      'in ms since navigation start (bench/first-frame-probe.ts); also in frames of the 16.7 ms budget. Bytes: received until then, on the wire ' +
      '(compressed, headers included), median of the loads; Rapier travels as JavaScript, its WebAssembly inlined, so WASM kB stays empty.\n',
  );
  print(`- load average (1/5/15 min) before the loads: ${loadBefore}; after: ${loadAfter} (nproc ${os.availableParallelism()})`);
  print(`- builds ${fixed(buildSeconds, 1)} s, loads ${fixed(measureSeconds, 1)} s\n`);
  const groups = [
    ['starter', 'create-tickflow starters'],
    ['gallery', 'gallery pages (npm run build:site)'],
  ] as const;
  for (const [group, title] of groups) {
    const rows = pages.filter((page) => page.group === group).map((page) => summaryRow(page.name, summariseLoads(readings.get(page.name)!)));
    if (rows.length === 0) continue;
    print(`### ${title}\n`);
    print(markdownTable(SUMMARY_HEADER, rows));
    print();
  }
  print(
    `The 60 Hz budget is ${fixed(FRAME_BUDGET_MS, 1)} ms a frame; no target is set for a first frame. ` +
      `A page that drew nothing in ${FIRST_FRAME_TIMEOUT_MS / 1000} s fails the bench.`,
  );
  const leftOut = pagesLeftOut(only);
  if (leftOut.length > 0) print(`\nLeft out: ${leftOut.map(([folder, why]) => `${folder} (${why})`).join('; ')}.`);
  if (errors.size > 0) {
    print('\nPages that reported errors while loading (their first frame is counted all the same):\n');
    for (const [name, said] of errors) print(`- ${name}: ${[...said].join('; ')}`);
  }
  print();
} finally {
  await browser.close();
  for (const served of servers) await served.close();
  rmSync(root, { recursive: true, force: true });
}
