/**
 * What a phone visitor sees of a gallery page, measured in the page: issue
 * 21's "Every page usable at 390×844: the stage at least 90 % of the
 * viewport's width and fully visible, no horizontal overflow, nothing
 * overlapping, text readable" as numbers a test can assert.
 *
 * - the stage's box, and the page's scroll width, against the viewport;
 * - what overlaps the stage: every element that shows something (its own
 *   text, a control, a picture) outside the stage's frame (the stage and
 *   what the page draws over it on purpose: a title, a banner, a pause
 *   menu) whose box meets the stage's;
 * - text under {@link MIN_TEXT_PX};
 * - text squeezed into a column: a run of {@link SQUEEZE_WORDS} or more
 *   words whose block is narrower than {@link MIN_COLUMN_PX}.
 */
import type { Page } from 'playwright-core';

/** The smallest text a phone page may show, in CSS pixels. */
export const MIN_TEXT_PX = 12;

/** A run of text this many words long or more... */
export const SQUEEZE_WORDS = 4;

/** ...sits in a block at least this wide, in CSS pixels (about 20 characters of 14 px text): never a one-word column. */
export const MIN_COLUMN_PX = 160;

/** A box in CSS pixels of the viewport. */
export interface Box {
  readonly left: number;
  readonly top: number;
  readonly right: number;
  readonly bottom: number;
  readonly width: number;
  readonly height: number;
}

/** What {@link measurePhoneLayout} found. */
export interface PhoneLayout {
  readonly viewport: { readonly width: number; readonly height: number };
  /** `document.documentElement.scrollWidth`: more than the viewport's width is a sideways scroll. */
  readonly scrollWidth: number;
  /** The stage's box, at the scroll position the page is at. */
  readonly stage: Box;
  /** What overlaps the stage, described (`'p.lede "Glowing orbs…"'`). */
  readonly overlapping: readonly string[];
  /** Text under {@link MIN_TEXT_PX}, described with its size. */
  readonly smallText: readonly string[];
  /** Text squeezed into a narrow column, described with the column's width. */
  readonly squeezed: readonly string[];
}

/**
 * Measures the page as it is now.
 *
 * @param stage A selector of the page's stage (its game, its picture).
 * @param frame A selector of the stage and what is drawn over it on purpose; defaults to `stage`.
 */
export function measurePhoneLayout(page: Page, stage: string, frame = stage): Promise<PhoneLayout> {
  return page.evaluate(
    ({ stage, frame, minTextPx, squeezeWords, minColumnPx }) => {
      const find = (selector: string): Element => {
        const element = document.querySelector(selector);
        if (element === null) throw new Error(`measurePhoneLayout: no ${selector} on the page`);
        return element;
      };
      const stageElement = find(stage);
      const frameElement = find(frame);
      const describe = (element: Element): string => {
        const name = `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''}${[...element.classList].map((c) => `.${c}`).join('')}`;
        const text = (element.textContent ?? '').trim().replace(/\s+/g, ' ');
        return text === '' ? name : `${name} "${text.slice(0, 40)}${text.length > 40 ? '…' : ''}"`;
      };
      const shown = (element: Element): boolean => {
        const style = getComputedStyle(element);
        return element.getClientRects().length > 0 && style.visibility !== 'hidden' && Number(style.opacity) > 0;
      };
      const ownText = (element: Element): string =>
        [...element.childNodes].filter((node) => node.nodeType === Node.TEXT_NODE).map((node) => node.textContent ?? '').join(' ').trim();

      const s = stageElement.getBoundingClientRect();
      const overlapping: string[] = [];
      for (const element of document.body.querySelectorAll('*')) {
        if (frameElement.contains(element) || element.contains(frameElement) || !shown(element)) continue;
        const showsSomething = ownText(element) !== '' || element.matches('button, input, select, textarea, canvas, img, svg, video');
        if (!showsSomething) continue;
        const r = element.getBoundingClientRect();
        const across = Math.min(r.right, s.right) - Math.max(r.left, s.left);
        const down = Math.min(r.bottom, s.bottom) - Math.max(r.top, s.top);
        if (across > 0.5 && down > 0.5) overlapping.push(describe(element));
      }

      const smallText: string[] = [];
      const squeezed: string[] = [];
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node !== null; node = walker.nextNode()) {
        const text = (node.textContent ?? '').trim();
        const parent = node.parentElement;
        if (text === '' || parent === null || parent.closest('script, style, noscript') !== null || !shown(parent)) continue;
        const size = parseFloat(getComputedStyle(parent).fontSize);
        if (size < minTextPx) smallText.push(`${describe(parent)}: ${size} px`);
        const words = text.match(/\p{L}{2,}/gu)?.length ?? 0;
        if (words < squeezeWords) continue;
        let block: Element = parent;
        while (block.parentElement !== null && getComputedStyle(block).display.startsWith('inline')) block = block.parentElement;
        const width = block.getBoundingClientRect().width;
        if (width < minColumnPx) squeezed.push(`${describe(block)}: ${Math.round(width)} px wide`);
      }

      return {
        viewport: { width: window.innerWidth, height: window.innerHeight },
        scrollWidth: document.documentElement.scrollWidth,
        stage: { left: s.left, top: s.top, right: s.right, bottom: s.bottom, width: s.width, height: s.height },
        overlapping,
        smallText: [...new Set(smallText)],
        squeezed: [...new Set(squeezed)],
      };
    },
    { stage, frame, minTextPx: MIN_TEXT_PX, squeezeWords: SQUEEZE_WORDS, minColumnPx: MIN_COLUMN_PX },
  );
}
