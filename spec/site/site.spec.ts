import { existsSync, readdirSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type Page } from 'playwright-core';
import { preview, type PreviewServer } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_DIR, GALLERY_DIR, GUIDES, pageOf } from '../../scripts/site/site-pages.js';

// `npm run test:site`, after `npm run build:site`. Issue 21, item 5: "a test
// serves the built folder and opens every page with no console error and no
// broken link", and the site is one "that any static host can serve": here
// it is served from a base path that is not the root, as a project page is.

const SITE = fileURLToPath(new URL('../../site/', import.meta.url));
const BASE = '/some/base/path/';
const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Every HTML file in the built site, as a path in it ('docs/loop.html'). */
function htmlFiles(folder = SITE): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return htmlFiles(path);
    return entry.name.endsWith('.html') ? [relative(SITE, path).split(sep).join('/')] : [];
  });
}

/** What one page showed: its errors, its same-origin references, and the ids a fragment may point at. */
interface Visit {
  readonly title: string;
  readonly errors: string[];
  readonly references: string[];
  readonly ids: string[];
}

/** The URLs a page references: every link, image, script and stylesheet (and other `link` element), resolved. */
const referencesOf = (page: Page) =>
  page.evaluate(() => [
    ...[...document.querySelectorAll<HTMLAnchorElement>('a[href]')].map((a) => a.href),
    ...[...document.querySelectorAll<HTMLImageElement>('img[src]')].map((img) => img.src),
    ...[...document.querySelectorAll<HTMLScriptElement>('script[src]')].map((script) => script.src),
    ...[...document.querySelectorAll<HTMLLinkElement>('link[href]')].map((link) => link.href),
  ]);

/** The ids and anchor names on the page: what `#fragment` may name. */
const idsOf = (page: Page) =>
  page.evaluate(() => [
    ...[...document.querySelectorAll('[id]')].map((element) => element.id),
    ...[...document.querySelectorAll('a[name]')].map((element) => element.getAttribute('name') ?? ''),
  ]);

/** Resolves after the page has drawn a few frames: a game's start-up errors come in its first frames. */
const someFrames = (page: Page, frames: number) =>
  page.evaluate(
    (count) =>
      new Promise<void>((done) => {
        let seen = 0;
        const next = () => (++seen >= count ? done() : requestAnimationFrame(next));
        requestAnimationFrame(next);
      }),
    frames,
  );

let server: PreviewServer;
let browser: Browser;
let origin: string;
const visits = new Map<string, Visit>();
/** Same-origin URLs (without fragment) the browser fetched with a 200 while the pages were visited. */
const answered200 = new Set<string>();
/** How many pages are open at once. */
const TABS = 4;

beforeAll(async () => {
  if (!existsSync(join(SITE, 'index.html'))) throw new Error('site/ is not built: run `npm run build:site` first');
  server = await preview({
    configFile: false,
    root: SITE,
    base: BASE,
    appType: 'mpa', // a missing page is a 404, never the home page
    logLevel: 'silent',
    build: { outDir: SITE },
    preview: { host: '127.0.0.1', port: 0, open: false },
  });
  const address = server.resolvedUrls?.local[0];
  if (address === undefined) throw new Error('vite preview gave no address');
  origin = new URL(address).origin;
  browser = await chromium.launch({ executablePath: CHROMIUM_PATH });

  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const queue = htmlFiles();
  // A few tabs at once: most of a visit is waiting on the page, not the CPU.
  await Promise.all(
    Array.from({ length: TABS }, async () => {
      const page = await context.newPage();
      let errors: string[] = [];
      page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
      page.on('console', (message) => {
        if (message.type() === 'error') errors.push(`console.error: ${message.text()} (${message.location().url})`);
      });
      page.on('response', (response) => {
        if (!response.url().startsWith(origin)) return;
        if (response.status() === 200) answered200.add(response.url().split('#')[0]!);
        else if (response.status() >= 400) errors.push(`${response.status()} ${response.url()}`);
      });
      page.on('requestfailed', (request) => {
        // ERR_ABORTED is the browser cancelling a request (the test navigating on, a preload no longer
        // needed); a file that is missing answers 404, caught above.
        if (request.url().startsWith(origin) && request.failure()?.errorText !== 'net::ERR_ABORTED') errors.push(`request failed: ${request.url()} ${request.failure()?.errorText}`);
      });
      for (let file = queue.shift(); file !== undefined; file = queue.shift()) {
        errors = [];
        await page.goto(`${origin}${BASE}${file}`, { waitUntil: 'load' });
        // The gallery's pages are live: let each run long enough to load its art and draw.
        if (file.startsWith(`${GALLERY_DIR}/`)) await someFrames(page, 30);
        const references = (await referencesOf(page)).filter((url) => url.startsWith(`${origin}/`));
        visits.set(file, { title: await page.title(), errors, references, ids: await idsOf(page) });
      }
    }),
  );
  await context.close();
}, 900_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('the built site, served from a base path', () => {
  it('has the README as its home page, every guide, the gallery and every example, and the API reference', () => {
    const pages = htmlFiles();
    expect(pages).toContain('index.html');
    for (const guide of GUIDES) expect(pages).toContain(pageOf(guide.source));
    expect(pages).toContain(`${GALLERY_DIR}/index.html`);
    expect(pages).toContain(`${API_DIR}/index.html`);
    expect(pages.filter((page) => page.startsWith(`${API_DIR}/`)).length).toBeGreaterThan(100);
  });

  it('opens every page with no console error, no page error and no failed request', () => {
    const failing = [...visits].filter(([, visit]) => visit.errors.length > 0).map(([file, visit]) => `${file}: ${visit.errors.join('; ')}`);
    expect(failing).toEqual([]);
    expect(visits.size).toBe(htmlFiles().length);
  });

  it('has no broken link: every same-origin link, image, script and stylesheet answers 200, inside the base path', async () => {
    const urls = new Set([...visits.values()].flatMap((visit) => visit.references.map((url) => url.split('#')[0]!)));
    const broken: string[] = [];
    for (const url of urls) {
      if (!url.startsWith(`${origin}${BASE}`)) broken.push(`${url} (outside ${BASE}: an absolute path)`);
      if (answered200.has(url)) continue; // the browser loaded it while visiting
      const response = await fetch(url);
      if (response.status !== 200) broken.push(`${url}: ${response.status}`);
      await response.body?.cancel();
    }
    expect(broken).toEqual([]);
    expect(urls.size).toBeGreaterThan(visits.size); // the pages reference one another and their assets
  });

  it('has no link to a missing fragment: each #id names an element of the page it points to', () => {
    const missing: string[] = [];
    let checked = 0;
    for (const [file, visit] of visits) {
      for (const url of visit.references) {
        const [address = '', fragment] = url.split('#', 2);
        if (fragment === undefined || fragment === '') continue;
        const target = visits.get(decodeURI(address.slice(`${origin}${BASE}`.length)) || 'index.html');
        if (target === undefined) continue; // not a page (an SVG sprite's #icon)
        checked++;
        if (!target.ids.includes(decodeURIComponent(fragment))) missing.push(`${file} -> ${url}`);
      }
    }
    expect([...new Set(missing)]).toEqual([]);
    expect(checked).toBeGreaterThan(0);
  });

  it("links each guide to its gallery pages (Try it) and to the API pages of the entry points it teaches", () => {
    for (const guide of GUIDES) {
      const { references } = visits.get(pageOf(guide.source))!;
      const at = (path: string) => `${origin}${BASE}${path}`;
      for (const href of guide.gallery) expect(references, `${guide.source} -> ${href}`).toContain(at(`${GALLERY_DIR}/${href}`));
      const api = references.filter((url) => url.startsWith(at(`${API_DIR}/`)));
      // TypeDoc titles a module's page with its name: "tickflow/world | tickflow".
      const titles = api.map((url) => visits.get(url.slice(at('').length).split('#')[0]!)?.title ?? '');
      for (const entryPoint of guide.entryPoints) {
        expect(titles, `${guide.source} -> ${entryPoint}`).toContain(`${entryPoint} | tickflow`);
      }
      // Names in the text link their own pages too: at least a factory or a type, beyond the module pages.
      expect(api.filter((url) => !url.includes('/modules/')).length, `${guide.source}: names linked to the API`).toBeGreaterThan(0);
    }
  });
});
