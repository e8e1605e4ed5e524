/**
 * One first load of a built page in Chromium: a fresh browser context (an
 * empty cache, and the cache disabled besides) at 1280×800, the first-frame
 * probe installed before the page's scripts, navigation, then the probe's
 * first frame and the bytes received until it was seen (CDP's Network
 * domain: each response's size on the wire, headers included).
 */
import type { Browser } from 'playwright-core';
import { FIRST_FRAME_PROBE, type FirstFrame } from './first-frame-probe.js';
import { byteKind, type ByteKind, type LoadReading, type Response } from './first-load-summary.js';

/** The viewport every page is loaded at. */
export const VIEWPORT = { width: 1280, height: 800 } as const;

/** How long a page may take to draw its first frame before the bench gives up on it (Rapier's WebAssembly on a busy machine). */
export const FIRST_FRAME_TIMEOUT_MS = 30_000;

/** How often the bench asks the page whether its first frame came; the reading is the page's own clock, not this. */
const POLL_MS = 50;

/** Console errors that are not the page's: pixi's driver warnings at start-up (BROWSER.md, pitfall 2). */
const KNOWN_NOISE = /GPU stall due to ReadPixels/;

/** What a load reports beside its reading: the encodings the server used, and anything the page reported as an error. */
export interface LoadResult {
  readonly reading: LoadReading;
  readonly encodings: readonly string[];
  readonly errors: readonly string[];
}

/**
 * Loads `url` once and reads its first frame and its bytes.
 *
 * @throws {Error} naming the page when it does not draw within {@link FIRST_FRAME_TIMEOUT_MS}, with what it reported.
 */
export async function measureLoad(browser: Browser, url: string): Promise<LoadResult> {
  const context = await browser.newContext({ viewport: VIEWPORT });
  try {
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
    page.on('console', (message) => {
      if (message.type() === 'error' && !KNOWN_NOISE.test(message.text())) errors.push(`console: ${message.text()}`);
    });
    const cdp = await context.newCDPSession(page);
    const responses = new Map<string, Response>();
    const bytes: Record<ByteKind, number> = { js: 0, wasm: 0, other: 0 };
    const encodings = new Set<string>();
    let rapierBytes = 0;
    let requests = 0;
    cdp.on('Network.responseReceived', ({ requestId, type, response }) => {
      responses.set(requestId, { url: response.url, mimeType: response.mimeType, type });
      const encoding = Object.entries(response.headers).find(([name]) => name.toLowerCase() === 'content-encoding')?.[1];
      if (encoding !== undefined) encodings.add(encoding);
    });
    cdp.on('Network.loadingFinished', ({ requestId, encodedDataLength }) => {
      const response = responses.get(requestId);
      if (response === undefined || response.url.startsWith('data:')) return;
      const kind = byteKind(response);
      bytes[kind] += encodedDataLength;
      if (kind === 'js' && /rapier/i.test(new URL(response.url).pathname)) rapierBytes += encodedDataLength;
      requests++;
    });
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await page.addInitScript(FIRST_FRAME_PROBE);
    await page.goto(url, { waitUntil: 'commit' });
    try {
      await page.waitForFunction('window.__firstFrame !== undefined && window.__firstFrame.frameMs !== undefined', undefined, {
        polling: POLL_MS,
        timeout: FIRST_FRAME_TIMEOUT_MS,
      });
    } catch (error) {
      const said = errors.length > 0 ? `; it reported:\n${errors.join('\n')}` : '';
      throw new Error(`first load: ${url} drew no frame in ${FIRST_FRAME_TIMEOUT_MS / 1000} s (${(error as Error).message.split('\n')[0]})${said}`);
    }
    const firstFrame = (await page.evaluate('window.__firstFrame')) as Required<FirstFrame>;
    return { reading: { firstFrame, bytes: { ...bytes }, rapierBytes, requests }, encodings: [...encodings], errors };
  } finally {
    await context.close();
  }
}
