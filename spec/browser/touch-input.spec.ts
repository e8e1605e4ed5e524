import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, waitUntil, type BrowserHarness, type OpenedPage } from './harness.js';
import { finger, middleOf } from './touch.js';

// Issue 21: "after a touch lifts, a pointerleave must not leave a stale pressed/hover state, and pointercancel
// must release a press like pointerup". Real touch events in Chromium (a phone context: CDP touch events, which the
// page receives as pointer events of type 'touch'), on both inputs that read pointers: createInput (the world, state
// and runtime engines' input) and the page engine's (seed shared-page-loop: "@fzlt/core/input measures its target
// here, at most once a frame, and only when the pointer moved").

type Seen = { pressed: boolean; released: boolean; held: boolean; inside: boolean; x: number; y: number };

let harness: BrowserHarness;
let fixture: OpenedPage;
let page: Page;

beforeAll(async () => {
  harness = await startHarness();
  fixture = await harness.open(harness.fixture('page-engine.html'), {
    phone: true,
    viewport: { width: 390, height: 844 },
    readyWhen: () => window.__page !== undefined,
  });
  page = fixture.page;
});

afterEach(async () => {
  await page.evaluate(() => window.__page!.reset());
  expect(fixture.errors).toEqual([]);
});

afterAll(async () => {
  await harness?.close();
});

/** Makes a createInput on #stage; `read()` is one frame of a game reading it (and closing the frame). */
async function frameInput(p: Page) {
  await p.evaluate(() => {
    (window as unknown as { __touchInput: unknown }).__touchInput = window.__page!.makeInput();
  });
  return {
    read: () => p.evaluate(() => (window as unknown as { __touchInput: { readFrame(): Seen } }).__touchInput.readFrame()),
  };
}

/** Where #stage is on the page, and a point inside it. */
async function stagePoint(p: Page) {
  const box = (await p.locator('#stage').boundingBox())!;
  const at = { x: Math.round(box.x + 100), y: Math.round(box.y + 60) };
  return { at, local: { x: at.x - box.x, y: at.y - box.y } };
}

describe('createInput, by touch (real Chromium)', () => {
  it('a tap between two frames is read where the finger lifted; from the next frame on the pointer is outside and nothing is held', async () => {
    const input = await frameInput(page);
    const { at, local } = await stagePoint(page);
    // A tap: pointerdown, pointerup and then pointerleave (the finger is gone), all before the frame reads it.
    await page.touchscreen.tap(at.x, at.y);
    const tapFrame = await input.read();
    expect(tapFrame, 'the frame that reads the tap: pressed and released, inside, where it lifted').toMatchObject({
      pressed: true,
      released: true,
      held: false,
      inside: true,
    });
    expect(tapFrame.x).toBeCloseTo(local.x, 0);
    expect(tapFrame.y).toBeCloseTo(local.y, 0);
    expect(await input.read(), 'the next frame: no edge, nothing held, no hover behind the finger').toMatchObject({
      pressed: false,
      released: false,
      held: false,
      inside: false,
    });
  });

  it('"pointercancel must release a press like pointerup": a finger the browser takes away releases what it held', async () => {
    const input = await frameInput(page);
    const { at } = await stagePoint(page);
    const hand = await finger(page);
    await hand.down(at);
    expect(await input.read(), 'the finger down: pressed, held, inside').toMatchObject({ pressed: true, held: true, inside: true });
    expect(await input.read()).toMatchObject({ pressed: false, held: true });
    await hand.cancel();
    expect(await input.read(), 'cancelled: released, as by a pointerup').toMatchObject({ released: true, held: false });
    expect(await input.read(), 'and nothing stays held or hovering').toMatchObject({ pressed: false, released: false, held: false, inside: false });
    // A later tap still works: the cancelled press left nothing behind to swallow it.
    await page.touchscreen.tap(at.x, at.y);
    expect(await input.read()).toMatchObject({ pressed: true, released: true, held: false, inside: true });
  });
});

describe('the page engine\'s input, by touch (real Chromium)', () => {
  /** Starts a page engine rooted at #stage that reads input; returns a reader of its pointer after `frames` more frames. */
  async function engineOnStage(p: Page) {
    await p.evaluate(() => {
      const f = window.__page!;
      const e = f.engines[f.make({ name: 'touch', rootId: 'stage', pause: false })]!;
      e.add({ read: () => {} });
      void e.input; // the input listens from now on
      e.start();
    });
    return async (frames: number) => {
      const from = await p.evaluate(() => window.__page!.engines[0]!.stats().frames);
      await waitUntil(p, (target) => window.__page!.engines[0]!.stats().frames >= target, from + frames);
      return p.evaluate(() => ({ ...window.__page!.engines[0]!.input.pointer }));
    };
  }

  it('after a touch lifts, the pointer is neither down nor over the root (a pointerleave where it lifted is still a leave)', async () => {
    const pointerAfter = await engineOnStage(page);
    const { at, local } = await stagePoint(page);
    const hand = await finger(page);
    await hand.down(at);
    const down = await pointerAfter(2);
    expect(down).toMatchObject({ down: true, inside: true });
    expect(down.x).toBeCloseTo(local.x, 0);
    await hand.up();
    expect(await pointerAfter(2), 'lifted: no stale press, no stale hover').toMatchObject({ down: false, inside: false });
  });

  it('a tap leaves no hover behind either', async () => {
    const pointerAfter = await engineOnStage(page);
    await pointerAfter(2);
    const point = await middleOf(page, '#stage');
    await page.touchscreen.tap(point.x, point.y);
    expect(await pointerAfter(2)).toMatchObject({ down: false, inside: false });
  });

  it('"pointercancel must release a press like pointerup"', async () => {
    const pointerAfter = await engineOnStage(page);
    const { at } = await stagePoint(page);
    const hand = await finger(page);
    await hand.down(at);
    expect(await pointerAfter(2)).toMatchObject({ down: true, inside: true });
    await hand.cancel();
    expect(await pointerAfter(2), 'cancelled: released, and not over the root').toMatchObject({ down: false, inside: false });
  });
});
