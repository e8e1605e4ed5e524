/**
 * A small harness for real-Chromium tests of pages served by the gallery's
 * Vite config (see ../../../shared/BROWSER.md for why it is built this way):
 *
 * - {@link startHarness} starts a Vite dev server on 127.0.0.1 and a random
 *   port from the repository's vite.config.ts, and launches Debian's
 *   Chromium through playwright-core (never a downloaded browser);
 * - {@link BrowserHarness.open} opens a page in a fresh context and collects
 *   every `pageerror` and console error it produces;
 * - the pixel helpers read screenshots with pngjs: how much of a picture
 *   differs from its background, how much two pictures differ.
 *
 * Pages under the gallery root are addressed by their path in `examples/`
 * (`'timing-lab/'`); test-only pages live in `spec/browser/fixtures/` and are
 * addressed with {@link BrowserHarness.fixture}.
 */
import { createHash } from 'node:crypto';
import { tmpdir } from 'node:os';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type ConsoleMessage, type Page } from 'playwright-core';
import { PNG } from 'pngjs';
import type { ViteDevServer } from 'vite';

/** The repository root. */
export const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** Where test-only pages live. */
export const FIXTURES_DIR = fileURLToPath(new URL('./fixtures/', import.meta.url));

/** The Chromium the tests drive: `CHROMIUM_PATH`, or Debian's package. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Options of {@link BrowserHarness.open}. */
export interface OpenOptions {
  /** A script run in the page before any of its own (e.g. to wrap `requestAnimationFrame`). */
  initScript?: string | (() => void);
  /** The viewport, in CSS pixels. Defaults to 1280 × 900. */
  viewport?: { width: number; height: number };
  /** The device pixel ratio. Defaults to 1. */
  deviceScaleFactor?: number;
  /**
   * Emulate a phone: touch events (`page.touchscreen`, CDP's
   * `Input.dispatchTouchEvent`, arriving as pointer events of type
   * `'touch'`), a coarse primary pointer (`@media (pointer: coarse)`
   * matches), and the page's meta viewport honoured. Defaults to false.
   */
  phone?: boolean;
  /**
   * Errors to leave out of {@link OpenedPage.errors}, by their text: known
   * noise, such as a GPU driver's "GPU stall due to ReadPixels" (BROWSER.md,
   * pitfall 2). Keep these narrow: a test that ignores real errors cannot fail.
   */
  ignoreErrors?: readonly RegExp[];
  /**
   * A function run in the page, polled until it returns something truthy,
   * before `open` resolves (e.g. `() => window.__timingLab !== undefined`).
   */
  readyWhen?: () => unknown;
}

/** A page opened by the harness, with the errors it reported so far. */
export interface OpenedPage {
  readonly page: Page;
  readonly context: BrowserContext;
  /** Every uncaught page error and console error, as text, in order. */
  readonly errors: string[];
  close(): Promise<void>;
}

/** A running dev server and browser. */
export interface BrowserHarness {
  /** The harness's own dev server; undefined when it shares the run's (see {@link startHarness}). */
  readonly server: ViteDevServer | undefined;
  readonly browser: Browser;
  /** The server's base address, ending in `/`. */
  readonly baseUrl: string;
  /** The address of a page of the gallery, by its path under `examples/`. */
  url(path: string): string;
  /** The address of a test page in `spec/browser/fixtures/`, by its file name. */
  fixture(name: string): string;
  open(path: string, options?: OpenOptions): Promise<OpenedPage>;
  /** Closes every page, the browser and the server. */
  close(): Promise<void>;
}

/** The repository's Vite config: the gallery's, which the browser specs serve. */
export const DEFAULT_VITE_CONFIG = resolve(REPO_ROOT, 'vite.config.ts');

/**
 * Dependencies pre-bundled when a server starts, beside the config's own
 * `optimizeDeps.include`: every package a page of the gallery or of
 * spec/browser/fixtures imports by name. With discovery off, the dependency
 * optimizer never runs again in the middle of a run: when it found Rapier on
 * a first page load, it answered the requests in flight with "504 (Outdated
 * Optimize Dep)" and that page never got ready.
 */
const PAGE_DEPENDENCIES = ['@dimforge/rapier3d-compat'];

/**
 * Starts a Vite dev server for `configFile`, as the browser specs need it: on
 * 127.0.0.1 and a free port, no file watching and no HMR (other work on the
 * tree, an edit in src/, must not reload a page in the middle of a test), every
 * page dependency pre-bundled at start, and its cache in a folder of this
 * checkout's own (worktrees that share node_modules must not rewrite each
 * other's pre-bundled dependencies mid-run).
 */
export async function startViteServer(configFile = DEFAULT_VITE_CONFIG): Promise<ViteDevServer> {
  // Loaded here, not at the top: a spec file that shares the run's server never loads Vite (a second a file, loaded).
  const { createServer } = await import('vite');
  const server = await createServer({
    configFile,
    logLevel: 'warn',
    clearScreen: false,
    cacheDir: resolve(tmpdir(), `tickflow-vite-${createHash('sha1').update(configFile).digest('hex').slice(0, 12)}`),
    optimizeDeps: { include: PAGE_DEPENDENCIES, noDiscovery: true },
    server: { host: '127.0.0.1', port: 0, open: false, watch: null, hmr: false },
  });
  await server.listen();
  return server;
}

/** Launches Debian's Chromium (or `CHROMIUM_PATH`) headless. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH });
}

/**
 * Where the browser project's global setup (spec/browser/global-setup.ts)
 * left the run's one Vite server and one Chromium, for every spec file to
 * share: starting both costs seconds a file on a busy machine, and a fresh
 * server transforms every module again for its first page.
 */
export const SHARED_HARNESS_ENV = 'TICKFLOW_BROWSER_HARNESS';

/** What {@link SHARED_HARNESS_ENV} holds, as JSON. */
export interface SharedHarness {
  /** The config file the shared server was started with: only a harness for the same config shares it. */
  readonly configFile: string;
  /** The shared server's base address, ending in `/`. */
  readonly baseUrl: string;
  /** The shared Chromium's address, for `chromium.connect`. */
  readonly wsEndpoint: string;
}

function sharedHarness(configFile: string): SharedHarness | undefined {
  const json = process.env[SHARED_HARNESS_ENV];
  if (json === undefined || json === '') return undefined;
  const shared = JSON.parse(json) as SharedHarness;
  return shared.configFile === configFile ? shared : undefined;
}

/**
 * Starts the gallery's dev server and a headless Chromium, or, inside the
 * browser project's run, connects to the ones its global setup started (see
 * {@link SHARED_HARNESS_ENV}): then `close()` closes this harness's pages and
 * leaves the shared server and browser to the global teardown.
 *
 * @param configFile The Vite config; defaults to the repository's `vite.config.ts`.
 */
export async function startHarness(configFile = DEFAULT_VITE_CONFIG): Promise<BrowserHarness> {
  const shared = sharedHarness(configFile);
  if (shared !== undefined) return harnessOn(await chromium.connect(shared.wsEndpoint), undefined, shared.baseUrl);
  // Both take a second or more on a busy machine: start them side by side.
  const [serverStart, browserStart] = await Promise.allSettled([startViteServer(configFile), launchChromium()]);
  if (serverStart.status === 'rejected' || browserStart.status === 'rejected') {
    if (serverStart.status === 'fulfilled') await serverStart.value.close();
    if (browserStart.status === 'fulfilled') await browserStart.value.close();
    throw serverStart.status === 'rejected' ? serverStart.reason : (browserStart as PromiseRejectedResult).reason;
  }
  const server = serverStart.value;
  const browser = browserStart.value;
  const baseUrl = server.resolvedUrls?.local[0];
  if (baseUrl === undefined) {
    await Promise.all([browser.close(), server.close()]);
    throw new Error('harness: the Vite server reported no local address');
  }
  return harnessOn(browser, server, baseUrl);
}

/** A harness on a browser and a server's address; `server`, when given, is this harness's own, closed with it. */
function harnessOn(browser: Browser, server: ViteDevServer | undefined, baseUrl: string): BrowserHarness {
  const opened = new Set<OpenedPage>();

  const url = (path: string): string => new URL(path.replace(/^\//, ''), baseUrl).href;

  return {
    server,
    browser,
    baseUrl,
    url,
    // Outside the server's root, Vite serves files by absolute path under /@fs/.
    fixture: (name) => url(`@fs${resolve(FIXTURES_DIR, name)}`),
    async open(path, options = {}) {
      const {
        initScript,
        viewport = { width: 1280, height: 900 },
        deviceScaleFactor = 1,
        phone = false,
        ignoreErrors = [],
        readyWhen,
      } = options;
      const context = await browser.newContext({ viewport, deviceScaleFactor, ...(phone && { hasTouch: true, isMobile: true }) });
      const page = await context.newPage();
      const errors: string[] = [];
      const collect = (text: string): void => {
        if (!ignoreErrors.some((pattern) => pattern.test(text))) errors.push(text);
      };
      page.on('pageerror', (error) => collect(`pageerror: ${error.stack ?? error.message}`));
      page.on('console', (message) => {
        if (message.type() === 'error') collect(consoleError(message));
      });
      // One init script: the harness's own part first, so it keeps the page's requestAnimationFrame before
      // any test's script or the page's own code wraps it (the order of separate init scripts is not defined).
      const testScript = initScript === undefined ? '' : typeof initScript === 'function' ? `(${initScript.toString()})();` : initScript;
      await page.addInitScript(`${HOST_FRAMES_SCRIPT}\n${testScript}`);
      const target = /^https?:/.test(path) ? path : url(path);
      const response = await page.goto(target, { waitUntil: 'load' });
      if (response === null || !response.ok()) {
        await context.close();
        throw new Error(`harness: ${target} answered ${response?.status() ?? 'nothing'}`);
      }
      if (readyWhen !== undefined) {
        try {
          await waitUntil(page, readyWhen);
        } catch (error) {
          // Say why the page never got ready, when it said so itself.
          await context.close();
          const seen = errors.length > 0 ? `; the page reported:\n${errors.join('\n')}` : '';
          throw new Error(`harness: ${target} never got ready (${String(error)})${seen}`, { cause: error });
        }
      }
      const handle: OpenedPage = {
        page,
        context,
        errors,
        async close() {
          opened.delete(handle);
          await context.close();
        },
      };
      opened.add(handle);
      return handle;
    },
    async close() {
      await Promise.allSettled([...opened].map((p) => p.close()));
      // A browser this harness connected to is only disconnected from (its contexts closed); one it launched is closed.
      await browser.close();
      await server?.close();
    },
  };
}

/**
 * A console error as a line of a failure. Chromium's line for a failed
 * request ("Failed to load resource: ... 404") names no address; its
 * location does, so the line ends with it. The `/favicon.ico` a browser asks
 * for when a page names no icon is seen only this way: Playwright reports no
 * response for it.
 */
export function consoleError(message: ConsoleMessage): string {
  const text = message.text();
  return /^Failed to load resource:/.test(text) ? `console.error: ${text}: ${message.location().url}` : `console.error: ${text}`;
}

/**
 * Runs in every page the harness opens, before anything else: keeps the
 * page's own `requestAnimationFrame` as `window.__harnessRequestFrame` (see
 * {@link HarnessWindow}) and builds `window.__harnessHostFrames(n)` on it, a
 * promise that resolves after the browser has run `n` more animation frames.
 * Their requests go to the browser directly, so a test or page that wraps
 * `requestAnimationFrame` to count calls never counts them.
 */
const HOST_FRAMES_SCRIPT = `(() => {
  const request = window.requestAnimationFrame.bind(window);
  Object.defineProperty(window, '__harnessRequestFrame', { value: request });
  Object.defineProperty(window, '__harnessHostFrames', {
    value: (n) => new Promise((resolve) => {
      let left = n;
      const step = () => (--left <= 0 ? resolve() : request(step));
      if (left <= 0) resolve(); else request(step);
    }),
  });
})();`;

/** What the harness adds to every page's window, for code a test runs in the page. */
export interface HarnessWindow {
  /** The page's `requestAnimationFrame` as it was before any script ran: a test's per-frame sampler that the page's counters do not see. */
  __harnessRequestFrame(callback: FrameRequestCallback): number;
  /** Resolves after the browser has run `n` more animation frames. */
  __harnessHostFrames(n: number): Promise<void>;
}

/**
 * Waits until the browser has run `frames` more animation frames of the page
 * (its display's frames: about 60 a second when it keeps up, fewer on a loaded
 * machine), whatever the page's own loops do.
 *
 * This is how a test waits for "a while" when what it checks is that nothing
 * happens (no frame requested, no render, a counter that holds): the page gets
 * that many frames to misbehave in, however slowly the machine delivers them,
 * where a wait in real time gives a loaded machine fewer of them. A frame the
 * page's own code requests is never needed for it to resolve.
 */
export async function hostFramesPass(page: Page, frames: number): Promise<void> {
  await page.evaluate((n) => (window as unknown as HarnessWindow).__harnessHostFrames(n), frames);
}

/**
 * Polls `predicate` in the page every 50 ms until it returns something
 * truthy. (Playwright's default polling runs on requestAnimationFrame, which
 * would add frames of its own to a page whose frames a test counts.)
 */
export async function waitUntil<A>(page: Page, predicate: (arg: A) => unknown, arg?: A, timeoutMs = 15_000): Promise<void> {
  // Playwright serializes `arg` and hands it back; the cast only drops its Unboxed<> typing.
  await page.waitForFunction(predicate as () => unknown, arg, { polling: 50, timeout: timeoutMs });
}

// -- pixels -------------------------------------------------------------------

/** A color as red, green, blue in 0–255. */
export type Rgb = readonly [number, number, number];

/** How far two channels may differ and still count as the same color (antialiasing, dithering). */
export const DEFAULT_TOLERANCE = 12;

/** Decodes a PNG screenshot. */
export function decodePng(buffer: Buffer): PNG {
  return PNG.sync.read(buffer);
}

/** `'#0d1117'` as `[13, 17, 23]`. */
export function hexColor(hex: string): Rgb {
  const match = /^#?([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex);
  if (match === null) throw new Error(`hexColor: expected #rrggbb, got ${hex}`);
  return [parseInt(match[1]!, 16), parseInt(match[2]!, 16), parseInt(match[3]!, 16)];
}

/** The most common color of a picture: its background, for most pictures. */
export function dominantColor(png: PNG): Rgb {
  const counts = new Map<number, number>();
  const { data } = png;
  let best = 0;
  let bestCount = 0;
  for (let i = 0; i < data.length; i += 4) {
    const key = (data[i]! << 16) | (data[i + 1]! << 8) | data[i + 2]!;
    const count = (counts.get(key) ?? 0) + 1;
    counts.set(key, count);
    if (count > bestCount) {
      best = key;
      bestCount = count;
    }
  }
  return [(best >> 16) & 255, (best >> 8) & 255, best & 255];
}

/**
 * The share of pixels, in [0, 1], that differ from `background` by more than
 * `tolerance` in some channel. 0 is a blank picture.
 *
 * @param background Defaults to the picture's {@link dominantColor}.
 */
export function nonBackgroundShare(png: PNG, background: Rgb = dominantColor(png), tolerance = DEFAULT_TOLERANCE): number {
  const { data } = png;
  let differing = 0;
  for (let i = 0; i < data.length; i += 4) {
    if (
      Math.abs(data[i]! - background[0]) > tolerance ||
      Math.abs(data[i + 1]! - background[1]) > tolerance ||
      Math.abs(data[i + 2]! - background[2]) > tolerance
    ) {
      differing++;
    }
  }
  return differing / (png.width * png.height);
}

/** A rectangle of a picture, in its pixels. */
export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** A copy of part of a picture. */
export function crop(png: PNG, { x, y, width, height }: Rect): PNG {
  const out = new PNG({ width, height });
  PNG.bitblt(png, out, x, y, width, height, 0, 0);
  return out;
}

/**
 * The share of pixels, in [0, 1], where two pictures of the same size differ
 * by more than `tolerance` in some channel. 0 means nothing moved.
 *
 * @throws {Error} when the sizes differ.
 */
export function differenceShare(a: PNG, b: PNG, tolerance = DEFAULT_TOLERANCE): number {
  if (a.width !== b.width || a.height !== b.height) {
    throw new Error(`differenceShare: sizes differ, ${a.width}×${a.height} and ${b.width}×${b.height}`);
  }
  let differing = 0;
  for (let i = 0; i < a.data.length; i += 4) {
    if (
      Math.abs(a.data[i]! - b.data[i]!) > tolerance ||
      Math.abs(a.data[i + 1]! - b.data[i + 1]!) > tolerance ||
      Math.abs(a.data[i + 2]! - b.data[i + 2]!) > tolerance
    ) {
      differing++;
    }
  }
  return differing / (a.width * a.height);
}

/** The share of pixels close to `color`: to check something of that color is drawn. */
export function colorShare(png: PNG, color: Rgb, tolerance = DEFAULT_TOLERANCE): number {
  const { data } = png;
  let matching = 0;
  for (let i = 0; i < data.length; i += 4) {
    if (
      Math.abs(data[i]! - color[0]) <= tolerance &&
      Math.abs(data[i + 1]! - color[1]) <= tolerance &&
      Math.abs(data[i + 2]! - color[2]) <= tolerance
    ) {
      matching++;
    }
  }
  return matching / (png.width * png.height);
}
