import { existsSync, statSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { examples, THUMBNAIL_HEIGHT, THUMBNAIL_WIDTH, thumbnailFile } from '../../examples/catalog.js';
import { REPO_ROOT, startHarness, waitUntil, type BrowserHarness, type OpenedPage } from './harness.js';

// The gallery (examples/index.html, gallery.ts, catalog.ts) in real Chromium.
// Issue 13: "The gallery is text only: give each example a live or captured
// thumbnail." Each card shows the PNG `npm run thumbnails` captured into
// examples/thumbnails/, or a placeholder for an example that has none yet.

/** Where the lead looks at the gallery without running it. */
const SCREENSHOT_PATH = '/tmp/gallery-firsthour.png';

const VIEWPORT = { width: 1280, height: 800 };

/** An example's captured picture on disk, if it has one. */
const capturedFile = (href: string) => resolve(REPO_ROOT, 'examples', thumbnailFile(href));

let harness: BrowserHarness;

beforeAll(async () => {
  harness = await startHarness();
});

afterAll(async () => {
  await harness?.close();
});

/** What each card shows: its link, title, and picture (a loaded image's size, or the placeholder). */
const cards = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll<HTMLAnchorElement>('#examples a.card')].map((card) => {
      const image = card.querySelector<HTMLImageElement>('.card-thumb img');
      return {
        href: card.getAttribute('href'),
        title: card.querySelector('h2')?.textContent,
        image: image === null ? null : { src: image.getAttribute('src'), width: image.naturalWidth, height: image.naturalHeight, complete: image.complete },
        placeholder: card.querySelector('.card-thumb--none') !== null,
        thumbBox: card.querySelector('.card-thumb')!.getBoundingClientRect().toJSON() as DOMRect,
      };
    }),
  );

describe('the gallery', () => {
  let gallery: OpenedPage;
  let page: Page;

  beforeAll(async () => {
    gallery = await harness.open('/', { viewport: VIEWPORT, readyWhen: () => document.querySelectorAll('#examples a.card').length > 0 });
    page = gallery.page;
    // Every picture decoded (none is lazy: the gallery is one screen).
    await waitUntil(page, () => [...document.querySelectorAll('img')].every((image) => image.complete));
  });

  afterAll(async () => {
    await gallery?.close();
  });

  it('shows one card per catalog entry, in order, each linking to its example', async () => {
    const shown = await cards(page);
    expect(shown.map((card) => [card.href, card.title])).toEqual(examples.map((example) => [example.href, example.title]));
  });

  it('gives each example its captured picture (a 480 × 270 PNG from examples/thumbnails/), or a placeholder while it has none', async () => {
    const shown = await cards(page);
    let pictures = 0;
    for (const [index, example] of examples.entries()) {
      const card = shown[index]!;
      if (existsSync(capturedFile(example.href))) {
        pictures++;
        expect(card.image, example.href).not.toBeNull();
        expect(card.image, `${example.href}: decoded at its captured size`).toMatchObject({ complete: true, width: THUMBNAIL_WIDTH, height: THUMBNAIL_HEIGHT });
        expect(card.placeholder).toBe(false);
      } else {
        expect(card.image, `${example.href} has no picture yet`).toBeNull();
        expect(card.placeholder).toBe(true);
      }
      // Every card's picture area is 16:9, captured or not, so the cards line up.
      expect(card.thumbBox.width / card.thumbBox.height, example.href).toBeCloseTo(16 / 9, 1);
    }
    // The examples this branch made or touched have their pictures committed.
    expect(pictures).toBeGreaterThanOrEqual(3);
  });

  it('stays light: the pictures together are under 300 KB', () => {
    const bytes = examples
      .map((example) => capturedFile(example.href))
      .filter((file) => existsSync(file))
      .reduce((sum, file) => sum + statSync(file).size, 0);
    expect(bytes).toBeLessThan(300 * 1024);
  });

  it('fits a 1280 × 800 window: no sideways scroll, every card whole above the fold', async () => {
    const layout = await page.evaluate(() => ({
      scrollWidth: document.scrollingElement!.scrollWidth,
      innerWidth,
      innerHeight,
      cards: document.querySelectorAll('#examples a.card').length,
      lastCardBottom: Math.max(...[...document.querySelectorAll('#examples a.card')].map((card) => card.getBoundingClientRect().bottom)),
    }));
    writeFileSync(SCREENSHOT_PATH, await page.screenshot());
    expect(layout.cards).toBeGreaterThan(4);
    expect(layout.scrollWidth).toBeLessThanOrEqual(layout.innerWidth);
    expect(layout.lastCardBottom).toBeLessThanOrEqual(layout.innerHeight);
  });

  it('reports no page error and no console error', () => {
    expect(gallery.errors).toEqual([]);
  });
});

describe('an entry with no picture yet', () => {
  it('gets a placeholder, and the page asks for no missing file', async () => {
    // A catalog with one entry more, as another branch adding an example would have before its capture: the
    // module the page loads is rewritten on its way (the real gallery code runs on it).
    const opened = await harness.open('/', { viewport: VIEWPORT });
    const { page } = opened;
    try {
      const requested: string[] = [];
      page.on('request', (request) => requested.push(new URL(request.url()).pathname));
      await page.route('**/catalog.ts*', async (route) => {
        const response = await route.fetch();
        const source = await response.text();
        const entry = "{ href: 'not-yet/', title: 'Not captured yet', summary: 'An example whose picture is still to be taken.', tags: ['new'] },";
        const patched = source.replace(/(export const examples\s*=\s*\[)/, `$1\n  ${entry}`);
        expect(patched, 'the catalog module was patched').not.toBe(source);
        await route.fulfill({ response, body: patched });
      });
      await page.reload(); // the route is in place now: this load gets the patched catalog
      await waitUntil(page, () => document.querySelectorAll('#examples a.card').length > 0);
      const shown = await cards(page);
      expect(shown.map((card) => card.href)).toEqual(['not-yet/', ...examples.map((example) => example.href)]);
      expect(shown[0]).toMatchObject({ title: 'Not captured yet', image: null, placeholder: true });
      expect(requested.some((path) => path.includes('not-yet')), 'no request for a picture that does not exist').toBe(false);
      expect(opened.errors).toEqual([]);
    } finally {
      await opened.close();
    }
  });
});
