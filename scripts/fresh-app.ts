/**
 * Fresh apps, made the way a newcomer makes them: tickflow packed with
 * `npm pack`, a Vite + TypeScript app in a temporary folder with its own
 * package.json and strict tsconfig, the tarball and the peers installed from
 * the npm registry, then strict `tsc`, the app's own tests, `vite build`, the
 * build served on 127.0.0.1 and looked at in real Chromium. An app may ask
 * that its build print no chunk-size warning (the starters do).
 *
 * The guides check (scripts/check-guides.ts) and the starters check
 * (scripts/check-starters.ts) both describe their apps as {@link FreshApp}s
 * and hand them to {@link checkFreshApps}, which installs every app with one
 * `npm install`: the apps are the workspaces of one temporary root, installed
 * with npm's `linked` strategy, so each app sees only the packages its own
 * package.json names (a guide that forgets `@types/three` still fails), and
 * a package several apps use is fetched and unpacked once.
 *
 * Three browser checks:
 * - `moves`: wait until the page draws something, take a screenshot, wait
 *   500 ms, take another: they must differ. Both are saved under
 *   {@link SCREENSHOT_DIR} for a person to look at.
 * - `prints`: a headless example's console lines must be exactly the ones
 *   its guide says it prints, and the page shows them too.
 * - `plays`: a starter, looked at on a desktop (1280×800) and played with a
 *   finger on a phone (390×844), as spec/browser/starter-play.ts does it;
 *   its screenshots are saved under {@link SCREENSHOT_DIR}.
 * Whichever, no page error, no console error and no failed request (not
 * even the `/favicon.ico` a browser asks for when a page names no icon).
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser } from 'playwright-core';
import { preview } from 'vite';
import type { TemplateName } from '../packages/create-tickflow/src/templates.js';
import { chunkSizeWarning } from './chunk-size-warning.js';
import { consoleError, decodePng, differenceShare, nonBackgroundShare } from '../spec/browser/harness.js';
import { DESKTOP, expectPhoneLayout, expectStarterShown, look, openStarter, PHONE, STARTER_PAGES } from '../spec/browser/starter-play.js';

/** The repository root. */
export const REPO = fileURLToPath(new URL('../', import.meta.url));

/** Where the screenshots of every `moves` check are saved: `<app>-1.png` and `<app>-2.png`, 500 ms apart. */
export const SCREENSHOT_DIR = join(tmpdir(), 'tickflow-fresh-apps');

/** How long apart the two screenshots of a `moves` check are taken. */
export const SCREENSHOT_GAP_MS = 500;

/** The most a page may take to draw its first picture (Rapier's WebAssembly, pixi's start-up, a busy machine). */
const FIRST_PICTURE_TIMEOUT_MS = 30_000;

/** Console errors that are not the page's: pixi's driver warnings at start-up (BROWSER.md, pitfall 2). */
const KNOWN_NOISE = /GPU stall due to ReadPixels/;

/** What a fresh app must show in Chromium, once built and served. */
export type BrowserCheck =
  /** Two screenshots 500 ms apart differ, after the page drew something. */
  | { readonly kind: 'moves' }
  /** The console prints exactly these lines, and the page shows them (a headless example in a page). */
  | { readonly kind: 'prints'; readonly lines: readonly string[] }
  /** A starter: looked at on a desktop, played with a finger on a phone (spec/browser/starter-play.ts). */
  | { readonly kind: 'plays'; readonly template: TemplateName }
  /** No page: the app is its tests (the testing guide). */
  | { readonly kind: 'none' };

/** One app to make, install and check. */
export interface FreshApp {
  /** Its folder under the temporary root, and its name in the report. */
  readonly name: string;
  /** Writes the app's files into `dir`: its package.json (naming `tarballs.tickflow` for tickflow), index.html, src/. */
  readonly write: (dir: string, tarballs: Tarballs) => void | Promise<void>;
  /** Run its own tests with `vitest run`, and how many must pass (at least one); none when undefined. */
  readonly tests?: number;
  /** Build it with `vite build`; defaults to true when the browser check is not `none`. */
  readonly build?: boolean;
  /** Fail the build step when Vite warns of a chunk over its size limit (the starters, issue 29); defaults to false. */
  readonly noChunkSizeWarning?: boolean;
  readonly browser: BrowserCheck;
}

/** The packed tarballs the apps install, by package name. */
export interface Tarballs {
  readonly tickflow: string;
  readonly [name: string]: string;
}

/** A package this repository packs for the apps: its folder (the root is '.'). */
export interface PackedPackage {
  readonly name: string;
  readonly folder: string;
}

/** Versions the apps pin: the ones this repository uses (its devDependencies), so the check runs what CI tests. */
export function repoVersions(): Record<string, string> {
  const pkg = JSON.parse(readFileSync(join(REPO, 'package.json'), 'utf8')) as { devDependencies: Record<string, string> };
  return pkg.devDependencies;
}

/**
 * Runs a command, prints nothing unless it fails, and returns its output.
 *
 * @throws {Error} naming the command, its folder, its exit code and its output, when it fails.
 */
export function run(command: string, args: readonly string[], cwd: string, env: NodeJS.ProcessEnv = {}): Promise<string> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(command, args, { cwd, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code === 0) resolvePromise(output);
      else reject(new Error(`\`${command} ${args.join(' ')}\` in ${cwd} exited with ${code}:\n${output}`));
    });
  });
}

/**
 * `npm pack`s each package into `into`; returns each tarball's path by package name.
 *
 * @throws {Error} when a package has no `dist/`: it must be built first (`npm run build`).
 */
export async function pack(packages: readonly PackedPackage[], into: string): Promise<Tarballs> {
  const tarballs: Record<string, string> = {};
  for (const { name, folder } of packages) {
    if (!existsSync(resolve(REPO, folder, 'dist'))) throw new Error(`pack: ${name} has no dist/ in ${resolve(REPO, folder)}: run npm run build first`);
    const out = await run('npm', ['pack', '--json', '--pack-destination', into], resolve(REPO, folder));
    const [packed] = JSON.parse(out.slice(out.indexOf('['))) as { filename: string }[];
    tarballs[name] = join(into, packed!.filename);
  }
  if (tarballs.tickflow === undefined) throw new Error('pack: tickflow must be one of the packed packages');
  return tarballs as Tarballs;
}

/** Measures `body`, prints its line of the report, and passes on what it returns. */
async function step<T>(label: string, body: () => Promise<T>): Promise<T> {
  const started = performance.now();
  try {
    const result = await body();
    console.log(`  ok    ${label} (${seconds(started)})`);
    return result;
  } catch (error) {
    console.log(`  FAIL  ${label} (${seconds(started)})`);
    throw error;
  }
}

const seconds = (startedMs: number): string => `${((performance.now() - startedMs) / 1000).toFixed(1)} s`;

/** What {@link checkFreshApps} reports: each app's failure, if any, and the time taken. */
export interface FreshAppsResult {
  readonly failures: readonly { readonly app: string; readonly error: string }[];
  readonly seconds: number;
  /** The temporary root, kept when something failed (or when asked), for a look. */
  readonly root: string;
}

/** Options of {@link checkFreshApps}. */
export interface CheckOptions {
  /** The packages to pack; tickflow (the root) is always one. */
  readonly packages?: readonly PackedPackage[];
  /** Keep the temporary folder even when everything passed. */
  readonly keep?: boolean;
}

/**
 * Packs, writes every app, installs them all with one `npm install`, then
 * checks each in turn: strict `tsc --noEmit` (`skipLibCheck` off, so
 * tickflow's own `.d.ts` files are checked), its tests, `vite build`, and the
 * browser check on the build served by `vite preview` on 127.0.0.1. One
 * app's failure does not stop the others. Prints one line per step, with its
 * time.
 */
export async function checkFreshApps(apps: readonly FreshApp[], options: CheckOptions = {}): Promise<FreshAppsResult> {
  const started = performance.now();
  const root = mkdtempSync(join(tmpdir(), 'tickflow-fresh-apps-'));
  const failures: { app: string; error: string }[] = [];
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  console.log(`fresh apps in ${root}`);

  const packages = [{ name: 'tickflow', folder: '.' }, ...(options.packages ?? [])];
  const tarballs = await step(`npm pack ${packages.map((p) => p.name).join(', ')}`, () => pack(packages, root));
  for (const app of apps) {
    const dir = join(root, app.name);
    mkdirSync(dir, { recursive: true });
    await step(`${app.name}: write the app`, async () => app.write(dir, tarballs));
  }
  writeFileSync(join(root, 'package.json'), JSON.stringify({ name: 'fresh-apps', private: true, workspaces: apps.map((a) => a.name) }, null, 2));
  // One install for every app; `linked` gives each app only what its own package.json names.
  await step(`npm install (${apps.length} apps, one install)`, () =>
    run('npm', ['install', '--install-strategy=linked', '--prefer-offline', '--no-audit', '--no-fund'], root),
  );

  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });
  try {
    for (const app of apps) {
      try {
        await checkApp(app, join(root, app.name), browser);
      } catch (error) {
        failures.push({ app: app.name, error: error instanceof Error ? error.message : String(error) });
      }
    }
  } finally {
    await browser.close();
  }
  const total = (performance.now() - started) / 1000;
  if (failures.length === 0 && options.keep !== true) rmSync(root, { recursive: true, force: true });
  return { failures, seconds: total, root };
}

/** The checks of one installed app, in the order a newcomer runs them. */
async function checkApp(app: FreshApp, dir: string, browser: Browser): Promise<void> {
  const bin = (name: string): string => {
    const path = join(dir, 'node_modules/.bin', name);
    if (!existsSync(path)) throw new Error(`${app.name}: ${name} is not installed (its package.json must name it)`);
    return path;
  };
  await step(`${app.name}: tsc --noEmit (strict, skipLibCheck off)`, () => run(bin('tsc'), ['--noEmit', '-p', '.', '--skipLibCheck', 'false'], dir));
  if (app.tests !== undefined) {
    const expected = app.tests;
    await step(`${app.name}: vitest run (${expected} test${expected === 1 ? '' : 's'})`, async () => {
      const report = join(dir, 'vitest-report.json');
      // The default reporter says what failed; the JSON one counts what passed.
      await run(bin('vitest'), ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`], dir, { NO_COLOR: '1' });
      const { numPassedTests, numTotalTests } = JSON.parse(readFileSync(report, 'utf8')) as { numPassedTests: number; numTotalTests: number };
      if (numPassedTests !== numTotalTests || numPassedTests < expected) {
        throw new Error(`${app.name}: ${numPassedTests} of ${numTotalTests} tests passed; expected at least ${expected}, all passing`);
      }
    });
  }
  if (app.browser.kind === 'none' && app.build !== true) return;
  await step(`${app.name}: vite build${app.noChunkSizeWarning === true ? ', no chunk-size warning' : ''}`, async () => {
    const output = await run(bin('vite'), ['build'], dir, { NODE_ENV: 'production' });
    const warning = app.noChunkSizeWarning === true ? chunkSizeWarning(output) : undefined;
    if (warning !== undefined) {
      throw new Error(`${app.name}: vite build warned of chunks over ${warning.limitKb} kB: ${warning.chunks.join(', ') || 'none listed'}\n${output}`);
    }
  });
  if (app.browser.kind === 'none') return;
  const check = app.browser;
  const server = await preview({ root: dir, configFile: false, logLevel: 'warn', preview: { host: '127.0.0.1', port: 0, strictPort: false, open: false } });
  try {
    const url = server.resolvedUrls?.local[0];
    if (url === undefined) throw new Error(`${app.name}: vite preview reported no address`);
    if (check.kind === 'plays') {
      await step(`${app.name}: in Chromium at 1280×800, it draws and says how to play`, () => lookAtStarter(app.name, url, check.template, browser, 'desktop'));
      await step(`${app.name}: in Chromium at 390×844, it fills the screen upright and plays by touch`, () => lookAtStarter(app.name, url, check.template, browser, 'phone'));
      return;
    }
    const label = check.kind === 'moves' ? `two screenshots ${SCREENSHOT_GAP_MS} ms apart differ` : `prints ${JSON.stringify(check.lines)}, on the page too`;
    await step(`${app.name}: in Chromium, ${label}`, () => lookAt(app.name, url, check, browser));
  } finally {
    await server.close();
  }
}

/** Opens a built starter on a desktop or a phone, and looks at it (and plays it, on the phone) as spec/browser/starter-play.ts does. */
async function lookAtStarter(name: string, url: string, template: TemplateName, browser: Browser, device: 'desktop' | 'phone'): Promise<void> {
  const starter = STARTER_PAGES[template];
  const { page, context, errors } = await openStarter(browser, url, device === 'phone' ? PHONE : DESKTOP, KNOWN_NOISE);
  try {
    await expectStarterShown(page, starter);
    const size = device === 'phone' ? '390' : '1280';
    await look(page, join(SCREENSHOT_DIR, `${name}-${size}.png`));
    if (device === 'phone') {
      await expectPhoneLayout(page, starter);
      await starter.play(page);
      await look(page, join(SCREENSHOT_DIR, `${name}-${size}-played.png`));
    }
    if (errors.length > 0) throw new Error(`${name}: the page reported errors:\n${errors.join('\n')}`);
  } finally {
    await context.close();
  }
}

/** Opens the built page and runs its browser check. */
async function lookAt(name: string, url: string, check: BrowserCheck, browser: Browser): Promise<void> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    const page = await context.newPage();
    const errors: string[] = [];
    const printed: string[] = [];
    page.on('pageerror', (error) => errors.push(`pageerror: ${error.stack ?? error.message}`));
    page.on('response', (response) => {
      if (response.status() >= 400) errors.push(`${response.status()}: ${response.url()}`);
    });
    page.on('requestfailed', (request) => errors.push(`request failed: ${request.url()} (${request.failure()?.errorText})`));
    page.on('console', (message) => {
      if (message.type() === 'error' && !KNOWN_NOISE.test(message.text())) errors.push(consoleError(message));
      if (message.type() === 'log') printed.push(message.text());
    });
    await page.goto(url, { waitUntil: 'load' });
    const failIfErrors = (): void => {
      if (errors.length > 0) throw new Error(`${name}: the page reported errors:\n${errors.join('\n')}`);
    };
    const deadline = Date.now() + FIRST_PICTURE_TIMEOUT_MS;
    if (check.kind === 'prints') {
      while (printed.length < check.lines.length && Date.now() < deadline && errors.length === 0) await page.waitForTimeout(100);
      await page.waitForTimeout(300); // anything printed after the expected lines is a difference too
      failIfErrors();
      if (JSON.stringify(printed) !== JSON.stringify(check.lines)) {
        throw new Error(`${name}: printed ${JSON.stringify(printed)}, the guide says ${JSON.stringify(check.lines)}`);
      }
      // A page is not blank: what the example prints shows on it too (a phone has no console).
      const shown = await page.locator('body').innerText();
      const missing = check.lines.filter((line) => !shown.includes(line));
      if (missing.length > 0) throw new Error(`${name}: the page does not show ${JSON.stringify(missing)}; it shows ${JSON.stringify(shown)}`);
      await page.screenshot({ path: join(SCREENSHOT_DIR, `${name}.png`) });
      return;
    }
    if (check.kind !== 'moves') return;
    // Wait for a first picture: the page's start-up (WebAssembly, WebGL) is not what is measured.
    let first = decodePng(await page.screenshot());
    while (nonBackgroundShare(first) === 0 && Date.now() < deadline && errors.length === 0) {
      await page.waitForTimeout(200);
      first = decodePng(await page.screenshot());
    }
    failIfErrors();
    if (nonBackgroundShare(first) === 0) throw new Error(`${name}: the page stayed blank for ${FIRST_PICTURE_TIMEOUT_MS / 1000} s`);
    const firstPng = await page.screenshot();
    await page.waitForTimeout(SCREENSHOT_GAP_MS);
    const secondPng = await page.screenshot();
    writeFileSync(join(SCREENSHOT_DIR, `${name}-1.png`), firstPng);
    writeFileSync(join(SCREENSHOT_DIR, `${name}-2.png`), secondPng);
    failIfErrors();
    const moved = differenceShare(decodePng(firstPng), decodePng(secondPng));
    if (moved === 0) throw new Error(`${name}: nothing moved: two screenshots ${SCREENSHOT_GAP_MS} ms apart are the same (${SCREENSHOT_DIR}/${name}-1.png)`);
  } finally {
    await context.close();
  }
}

/** Writes `files` (path relative to `dir` → text) into `dir`, making folders as needed. */
export function writeFiles(dir: string, files: Readonly<Record<string, string>>): void {
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
}

/** Prints the result and sets the exit code: 1 when an app failed. */
export function report(result: FreshAppsResult): void {
  for (const { app, error } of result.failures) console.error(`\n${app} failed:\n${error}`);
  const verdict = result.failures.length === 0 ? 'every app passed' : `${result.failures.length} failed (kept in ${result.root})`;
  console.log(`\nfresh apps: ${verdict} in ${result.seconds.toFixed(0)} s; screenshots in ${SCREENSHOT_DIR}`);
  if (result.failures.length > 0) process.exitCode = 1;
}
