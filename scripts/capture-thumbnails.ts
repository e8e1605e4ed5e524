/**
 * Captures the gallery's card pictures: each example opened in real Chromium
 * at 1280 × 800, left to run a few seconds, its picture taken and scaled to
 * 480 × 270, written to examples/thumbnails/<folder>.png.
 *
 * ```sh
 * npm run thumbnails                   # every example in examples/catalog.ts
 * npm run thumbnails -- orbit-catch/   # only these (by href)
 * ```
 *
 * It serves the gallery with the repository's Vite config (as the browser
 * tests do) and drives Debian's Chromium through playwright-core: never a
 * downloaded browser (`CHROMIUM_PATH` names another). What it captures, and
 * how long it waits, is the catalog's: see `capture` in examples/catalog.ts.
 * A page that reports an error is not captured, and the script fails.
 */
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Page } from 'playwright-core';
import { PNG } from 'pngjs';
import { createServer } from 'vite';
import {
  CAPTURE_SELECTORS,
  DEFAULT_CAPTURE_SEARCH,
  DEFAULT_CAPTURE_SETTLE_MS,
  examples,
  THUMBNAIL_HEIGHT,
  THUMBNAIL_WIDTH,
  thumbnailFile,
  type ExampleEntry,
} from '../examples/catalog.js';

const REPO = fileURLToPath(new URL('../', import.meta.url));
const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** The window each page is opened in: the size the gallery's pages are laid out for. */
const VIEWPORT = { width: 1280, height: 800 } as const;

const wanted = process.argv.slice(2);
const unknown = wanted.filter((href) => !examples.some((example) => example.href === href));
if (unknown.length > 0) {
  console.error(`capture-thumbnails: no example ${unknown.join(', ')} in examples/catalog.ts (hrefs: ${examples.map((e) => e.href).join(', ')})`);
  process.exit(1);
}
const chosen = wanted.length === 0 ? examples : examples.filter((example) => wanted.includes(example.href));

const server = await createServer({
  configFile: resolve(REPO, 'vite.config.ts'),
  logLevel: 'warn',
  server: { host: '127.0.0.1', port: 0, open: false, watch: null, hmr: false },
});
await server.listen();
const base = server.resolvedUrls?.local[0];
if (base === undefined) throw new Error('capture-thumbnails: the Vite server reported no address');
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH });

let failed = 0;
try {
  for (const example of chosen) {
    const file = thumbnailFile(example.href);
    try {
      const png = await capture(example);
      writeFileSync(resolve(REPO, 'examples', file), png);
      console.log(`capture-thumbnails: examples/${file} (${(png.length / 1024).toFixed(0)} KB)`);
    } catch (error) {
      failed++;
      console.error(`capture-thumbnails: ${example.href} not captured: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
} finally {
  await browser.close();
  await server.close();
}
process.exit(failed === 0 ? 0 : 1);

/** Opens one example, lets it run, and returns its picture as a 480 × 270 PNG. */
async function capture(example: ExampleEntry): Promise<Buffer> {
  const { search = DEFAULT_CAPTURE_SEARCH, selector, settleMs = DEFAULT_CAPTURE_SETTLE_MS, roomServer = false } = example.capture ?? {};
  const context = await browser.newContext({ viewport: VIEWPORT, deviceScaleFactor: 1 });
  // Loaded only for a page that needs it: the room server brings Colyseus.
  const rooms = roomServer ? await (await import('../examples/arena/server/arena-server.js')).startArenaServer(0, '127.0.0.1') : undefined;
  try {
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    const address = rooms === undefined ? search : `${search}${search.includes('?') ? '&' : '?'}server=${rooms.url}`;
    const response = await page.goto(new URL(example.href + address, base).href, { waitUntil: 'load' });
    if (response === null || !response.ok()) throw new Error(`the page answered ${response?.status() ?? 'nothing'}`);
    await page.waitForTimeout(settleMs);
    if (errors.length > 0) throw new Error(`the page reported:\n  ${errors.join('\n  ')}`);
    const target = await pick(page, selector);
    const shot = target === undefined ? await page.screenshot() : await page.locator(target).first().screenshot();
    return recompressed(await scaled(page, shot));
  } finally {
    await context.close();
    await rooms?.shutdown();
  }
}

/** The selector to capture: the catalog's, else the first of CAPTURE_SELECTORS on the page; undefined for the window. */
async function pick(page: Page, selector: string | undefined): Promise<string | undefined> {
  for (const candidate of selector === undefined ? CAPTURE_SELECTORS : [selector]) {
    if ((await page.locator(candidate).count()) > 0) return candidate;
  }
  if (selector !== undefined) throw new Error(`the page has no ${selector}`);
  return undefined;
}

/**
 * The screenshot cropped to 16:9 (from its middle) and scaled to the card's
 * size, by the page's own canvas (Chromium's resampling, smoothing on).
 */
async function scaled(page: Page, png: Buffer): Promise<Buffer> {
  const dataUrl = await page.evaluate(
    async ({ source, width, height }) => {
      const image = new Image();
      image.src = source;
      await image.decode();
      const scale = Math.max(width / image.width, height / image.height);
      const cropWidth = width / scale;
      const cropHeight = height / scale;
      const canvas = document.createElement('canvas');
      canvas.width = width;
      canvas.height = height;
      const context = canvas.getContext('2d')!;
      context.imageSmoothingQuality = 'high';
      context.drawImage(image, (image.width - cropWidth) / 2, (image.height - cropHeight) / 2, cropWidth, cropHeight, 0, 0, width, height);
      return canvas.toDataURL('image/png');
    },
    { source: `data:image/png;base64,${png.toString('base64')}`, width: THUMBNAIL_WIDTH, height: THUMBNAIL_HEIGHT },
  );
  return Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64');
}

/** The same pixels, deflated harder than Chromium's encoder does (about 15 % smaller: the gallery spec keeps the pictures under 300 KB). */
function recompressed(png: Buffer): Buffer {
  return PNG.sync.write(PNG.sync.read(png), { deflateLevel: 9, filterType: -1 });
}
