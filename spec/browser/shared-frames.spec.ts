import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { hostFramesPass, startHarness, waitUntil, type BrowserHarness, type OpenedPage } from './harness.js';

// The host rule, from issue 2 ("src/hosts — where ticks come from") and the
// shared page loop seed ("many engines share one requestAnimationFrame"),
// checked in real Chromium by counting the page's requestAnimationFrame calls.
const RULE =
  '"one requestAnimationFrame for the whole page however many loops subscribe; ' +
  'none requested while nobody subscribes; teardown cancels the pending frame"';

/** The page's requestAnimationFrame traffic, as counted by {@link countAnimationFrames}. */
interface RafCounts {
  /** requestAnimationFrame calls. */
  requests: number;
  /** Callbacks the browser ran. */
  callbacks: number;
  /** cancelAnimationFrame calls. */
  cancels: number;
  /** cancelAnimationFrame calls that cancelled a frame still pending. */
  cancelledPending: number;
  /** Frames requested and neither run nor cancelled yet. */
  pending: number;
  /** Each loop's frame count, by index. */
  frames: number[];
}

declare global {
  interface Window {
    __raf?: Omit<RafCounts, 'pending' | 'frames'> & { pending: Set<number> };
  }
}

/**
 * An init script: wraps `window.requestAnimationFrame` and
 * `cancelAnimationFrame` to count calls, callbacks and pending frames.
 * (BROWSER.md: count calls by wrapping requestAnimationFrame in an init script.)
 */
function countAnimationFrames(): void {
  const counts = { requests: 0, callbacks: 0, cancels: 0, cancelledPending: 0, pending: new Set<number>() };
  window.__raf = counts;
  const request = window.requestAnimationFrame.bind(window);
  const cancel = window.cancelAnimationFrame.bind(window);
  window.requestAnimationFrame = (callback) => {
    counts.requests++;
    const handle = request((timestampMs) => {
      counts.pending.delete(handle);
      counts.callbacks++;
      callback(timestampMs);
    });
    counts.pending.add(handle);
    return handle;
  };
  window.cancelAnimationFrame = (handle) => {
    counts.cancels++;
    if (counts.pending.delete(handle)) counts.cancelledPending++;
    cancel(handle);
  };
}

/** The rAF counts and the loops' frame counts, read in one task (so no frame runs between them). */
async function rafCounts(page: Page): Promise<RafCounts> {
  return page.evaluate(() => {
    const counts = window.__raf!;
    const { requests, callbacks, cancels, cancelledPending } = counts;
    const frames = window.__sharedFrames!.frameCounts();
    return { requests, callbacks, cancels, cancelledPending, pending: counts.pending.size, frames };
  });
}
/** Waits (polling on a timer, not on frames) until the page has run `frames` more animation frames. */
async function framesRun(frames: number): Promise<void> {
  const from = await page.evaluate(() => window.__raf!.callbacks);
  await waitUntil(page, (target) => window.__raf!.callbacks >= target, from + frames);
}

const hostState = (page: Page) => page.evaluate(() => window.__sharedFrames!.host());

let harness: BrowserHarness;
let fixture: OpenedPage;
let page: Page;

// One page for the file (opening a page costs a second on a busy machine);
// each test starts from an idle page, with no loop, and counts from there.
beforeAll(async () => {
  harness = await startHarness();
  fixture = await harness.open(harness.fixture('shared-frames.html'), {
    initScript: countAnimationFrames,
    readyWhen: () => window.__sharedFrames !== undefined,
  });
  page = fixture.page;
});

afterEach(async () => {
  await page.evaluate(() => window.__sharedFrames!.reset());
  expect(fixture.errors).toEqual([]);
});

afterAll(async () => {
  await harness?.close();
});

/** Counts since `before`: how many requests, callbacks and cancels of a pending frame happened. */
function since(before: RafCounts, after: RafCounts) {
  return {
    requests: after.requests - before.requests,
    callbacks: after.callbacks - before.callbacks,
    cancelledPending: after.cancelledPending - before.cancelledPending,
    pending: after.pending,
  };
}

describe(`animationFrames() in real Chromium: ${RULE}`, () => {
  it('requests no frame while nobody subscribes', async () => {
    // tickflow is loaded and its host exists, but no loop has started yet. 20 of the browser's frames:
    await hostFramesPass(page, 20);
    expect(await rafCounts(page)).toMatchObject({ requests: 0, callbacks: 0, pending: 0 });
    expect(await hostState(page)).toEqual({ requesting: false, listeners: 0 });
  });

  it('requests one frame per frame for three loops, not one per loop, and every loop sees every frame', async () => {
    await page.evaluate(() => window.__sharedFrames!.startLoops(3));
    await waitUntil(page, () => window.__sharedFrames!.frameCounts().every((count) => count >= 3));

    const before = await rafCounts(page);
    await framesRun(30); // about half a second
    const after = await rafCounts(page);

    const { requests, callbacks, pending } = since(before, after);
    expect(callbacks).toBeGreaterThanOrEqual(30);
    // Each frame requests the next exactly once, whoever listens: between two
    // tasks exactly one frame is pending. One rAF loop per subscriber would
    // make three requests for every frame a loop sees.
    expect(requests).toBe(callbacks);
    expect(before.pending).toBe(1);
    expect(pending).toBe(1);
    for (const [i, count] of after.frames.entries()) {
      expect(count - before.frames[i]!, `loop ${i} saw every frame`).toBe(callbacks);
    }
    expect(await hostState(page)).toEqual({ requesting: true, listeners: 3 });
  });

  it('keeps one request per frame as loops stop; the last stop cancels the pending frame and requests no more', async () => {
    await page.evaluate(() => window.__sharedFrames!.startLoops(3));
    await waitUntil(page, () => window.__sharedFrames!.frameCounts().every((count) => count >= 3));

    await page.evaluate(() => {
      window.__sharedFrames!.stop(0);
      window.__sharedFrames!.stop(1);
    });
    const oneLeft = await rafCounts(page);
    await framesRun(15);
    const stillOne = await rafCounts(page);
    const { requests, callbacks } = since(oneLeft, stillOne);
    expect(callbacks).toBeGreaterThanOrEqual(15);
    expect(requests).toBe(callbacks);
    expect(stillOne.frames[0], 'a stopped loop counts no frame').toBe(oneLeft.frames[0]);
    expect(stillOne.frames[1], 'a stopped loop counts no frame').toBe(oneLeft.frames[1]);
    expect(stillOne.frames[2]! - oneLeft.frames[2]!).toBe(callbacks);
    expect(await hostState(page)).toEqual({ requesting: true, listeners: 1 });

    await page.evaluate(() => window.__sharedFrames!.stop(2));
    const stopped = await rafCounts(page);
    expect(since(stillOne, stopped), 'the pending frame was cancelled').toMatchObject({ cancelledPending: 1, pending: 0 });
    expect(await hostState(page)).toEqual({ requesting: false, listeners: 0 });

    await hostFramesPass(page, 30);
    expect(await rafCounts(page), 'no frame requested or run after the last stop').toEqual(stopped);

    // Starting again resumes the one shared request.
    await page.evaluate(() => window.__sharedFrames!.startLoops(2));
    await waitUntil(page, () => window.__sharedFrames!.frameCounts().slice(3).every((count) => count >= 3));
    const restarted = await rafCounts(page);
    await framesRun(10);
    const again = since(restarted, await rafCounts(page));
    expect(again.callbacks).toBeGreaterThanOrEqual(10);
    expect(again.requests).toBe(again.callbacks);
    expect(again.pending).toBe(1);
  });

  it('requests no next frame when the last loop stops from inside a frame', async () => {
    const before = await rafCounts(page);
    expect(before.pending, 'idle at the start').toBe(0);
    // The host requests the next frame after its listeners ran (in a
    // finally), and only while someone listens: a loop that stops itself in
    // its 10th frame leaves no request behind, and none to cancel.
    const index = await page.evaluate(() => window.__sharedFrames!.startSelfStopping(10));
    await waitUntil(page, (i) => !window.__sharedFrames!.running()[i], index);
    const stopped = await rafCounts(page);
    expect(since(before, stopped)).toEqual({ requests: 10, callbacks: 10, cancelledPending: 0, pending: 0 });
    expect(stopped.frames[index]).toBe(10);

    await hostFramesPass(page, 20);
    expect(await rafCounts(page)).toEqual(stopped);
    expect(await hostState(page)).toEqual({ requesting: false, listeners: 0 });
  });
});

describe('one dispatch in real Chromium: a loop on the page\'s frames and one stepped by advance()', () => {
  it('"Headless parity": a loop taking the page\'s frames records exactly what a loop advanced by hand with the same timestamps records', async () => {
    await page.evaluate(() => window.__sharedFrames!.startParityPair());
    await waitUntil(page, () => window.__sharedFrames!.frameCounts().every((count) => count >= 40));
    await page.evaluate(() => window.__sharedFrames!.stopAll());
    const { hosted, advanced } = await page.evaluate(() => window.__sharedFrames!.record());
    expect(hosted.length).toBeGreaterThan(80);
    // The same frames, so the same deltas, steps and alphas, whichever way the tick arrived.
    expect(hosted).toEqual(advanced.slice(0, hosted.length));
  });
});
