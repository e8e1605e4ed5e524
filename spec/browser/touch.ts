/**
 * A finger on a page opened as a phone (`open(path, { phone: true })`):
 * real touch events through Chrome DevTools' `Input.dispatchTouchEvent`,
 * which the page receives as pointer events of type `'touch'` (and touch
 * events), as from a touch screen. `page.touchscreen.tap` does a tap; a
 * finger that stays down, or moves, needs these.
 */
import type { CDPSession, Page } from 'playwright-core';

/** A point in CSS pixels of the viewport. */
export interface Point {
  readonly x: number;
  readonly y: number;
}

/** One finger, put down with {@link Finger.down}, moved, and lifted. */
export interface Finger {
  /** Puts the finger down at `at`. */
  down(at: Point): Promise<void>;
  /** Slides the finger to `to`, in `steps` moves (a real drag reports many). */
  move(to: Point, steps?: number): Promise<void>;
  /** Lifts the finger. */
  up(): Promise<void>;
  /** The browser takes the touch away (a system gesture): the page gets `pointercancel`, never a `pointerup`. */
  cancel(): Promise<void>;
}

/** A finger on `page` (whose context was made with `hasTouch`). */
export async function finger(page: Page): Promise<Finger> {
  const cdp: CDPSession = await page.context().newCDPSession(page);
  let at: Point | undefined;
  const send = (type: 'touchStart' | 'touchMove' | 'touchEnd' | 'touchCancel', point?: Point) =>
    cdp.send('Input.dispatchTouchEvent', { type, touchPoints: point === undefined ? [] : [{ x: point.x, y: point.y, id: 1 }] });
  return {
    async down(point) {
      at = point;
      await send('touchStart', point);
    },
    async move(to, steps = 5) {
      if (at === undefined) throw new Error('finger.move: the finger is not down');
      const from = at;
      for (let i = 1; i <= steps; i++) {
        at = { x: from.x + ((to.x - from.x) * i) / steps, y: from.y + ((to.y - from.y) * i) / steps };
        await send('touchMove', at);
      }
    },
    async up() {
      at = undefined;
      await send('touchEnd');
    },
    async cancel() {
      at = undefined;
      await send('touchCancel');
    },
  };
}

/** The middle of what `selector` finds, in CSS pixels of the viewport (scrolled into view first). */
export async function middleOf(page: Page, selector: string): Promise<Point> {
  const locator = page.locator(selector);
  await locator.scrollIntoViewIfNeeded();
  const box = await locator.boundingBox();
  if (box === null) throw new Error(`middleOf: ${selector} is not shown`);
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}
