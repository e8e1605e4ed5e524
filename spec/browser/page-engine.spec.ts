import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startHarness, waitUntil, type BrowserHarness, type OpenedPage } from './harness.js';

// The page engine (issue 11; seed shared-page-loop.txt) in real Chromium:
// requestAnimationFrame calls are counted by wrapping it in an init script,
// a hidden tab is faked by overriding document.visibilityState (BROWSER.md,
// pitfall 3), reduced motion is emulated, and DOM reads and writes are logged
// per frame by wrapping the DOM's own methods.

interface DomLog {
  /** rAF callbacks in which a layout read followed a DOM write. */
  readAfterWrite: { frame: number; api: string }[];
  /** getBoundingClientRect calls, by rAF callback number. */
  measures: Record<number, number>;
  reads: number;
  writes: number;
}

declare global {
  interface Window {
    __pageRaf?: {
      requests: number;
      callbacks: number;
      cancels: number;
      pending: Set<number>;
      inCallback: number;
      /** requestAnimationFrame calls made inside each callback, by callback number. */
      requestsIn: Record<number, number>;
    };
    __pageDom?: DomLog;
  }
}

/**
 * The init script: counts requestAnimationFrame calls and callbacks, and logs
 * layout reads and DOM writes made inside each callback.
 */
function instrument(): void {
  const raf = { requests: 0, callbacks: 0, cancels: 0, pending: new Set<number>(), inCallback: -1, requestsIn: {} as Record<number, number> };
  window.__pageRaf = raf;
  const request = window.requestAnimationFrame.bind(window);
  const cancel = window.cancelAnimationFrame.bind(window);
  let wrote = false;
  window.requestAnimationFrame = (callback) => {
    raf.requests++;
    if (raf.inCallback >= 0) raf.requestsIn[raf.inCallback] = (raf.requestsIn[raf.inCallback] ?? 0) + 1;
    const handle = request((timestampMs) => {
      raf.pending.delete(handle);
      raf.callbacks++;
      raf.inCallback = raf.callbacks;
      wrote = false;
      try {
        callback(timestampMs);
      } finally {
        raf.inCallback = -1;
      }
    });
    raf.pending.add(handle);
    return handle;
  };
  window.cancelAnimationFrame = (handle) => {
    raf.cancels++;
    raf.pending.delete(handle);
    cancel(handle);
  };
  const dom: DomLog = { readAfterWrite: [], measures: {}, reads: 0, writes: 0 };
  window.__pageDom = dom;
  const read = (api: string): void => {
    if (raf.inCallback < 0) return;
    dom.reads++;
    if (wrote) dom.readAfterWrite.push({ frame: raf.inCallback, api });
  };
  const write = (): void => {
    if (raf.inCallback < 0) return;
    dom.writes++;
    wrote = true;
  };
  const rect = Element.prototype.getBoundingClientRect;
  Element.prototype.getBoundingClientRect = function () {
    read('getBoundingClientRect');
    if (raf.inCallback >= 0) dom.measures[raf.inCallback] = (dom.measures[raf.inCallback] ?? 0) + 1;
    return rect.call(this);
  };
  const offsetWidth = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'offsetWidth')!;
  Object.defineProperty(HTMLElement.prototype, 'offsetWidth', {
    ...offsetWidth,
    get() {
      read('offsetWidth');
      return offsetWidth.get!.call(this);
    },
  });
  const setProperty = CSSStyleDeclaration.prototype.setProperty;
  CSSStyleDeclaration.prototype.setProperty = function (...args) {
    write();
    return setProperty.apply(this, args);
  };
  const text = Object.getOwnPropertyDescriptor(Node.prototype, 'textContent')!;
  Object.defineProperty(Node.prototype, 'textContent', {
    ...text,
    set(value: string) {
      write();
      text.set!.call(this, value);
    },
  });
}

let harness: BrowserHarness;
let fixture: OpenedPage;
let page: Page;

const raf = (p: Page) =>
  p.evaluate(() => ({ requests: window.__pageRaf!.requests, callbacks: window.__pageRaf!.callbacks, pending: window.__pageRaf!.pending.size }));

/** Waits (polling on a timer, not on frames) until the page has run `frames` more animation frames. */
async function framesRun(p: Page, frames: number): Promise<void> {
  const from = await p.evaluate(() => window.__pageRaf!.callbacks);
  await waitUntil(p, (target) => window.__pageRaf!.callbacks >= target, from + frames);
}

beforeAll(async () => {
  harness = await startHarness();
  fixture = await harness.open(harness.fixture('page-engine.html'), {
    initScript: instrument,
    viewport: { width: 1280, height: 800 },
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

describe('"Every engine on a page shares one requestAnimationFrame" (real Chromium)', () => {
  it('exactly 1 requestAnimationFrame call per frame for 10 engines, and every engine runs every frame', async () => {
    await page.evaluate(() => {
      const f = window.__page!;
      for (let i = 0; i < 10; i++) {
        const e = f.engines[f.make({ name: `e${i}` })]!;
        e.add({ step: () => {} });
        e.start();
      }
    });
    await framesRun(page, 5);
    const before = await page.evaluate(() => ({ ...window.__pageRaf!, pending: window.__pageRaf!.pending.size, frames: window.__page!.engines.map((e) => e.stats().frames) }));
    await framesRun(page, 60);
    const after = await page.evaluate(() => ({ ...window.__pageRaf!, pending: window.__pageRaf!.pending.size, frames: window.__page!.engines.map((e) => e.stats().frames) }));
    const callbacks = after.callbacks - before.callbacks;
    expect(callbacks).toBeGreaterThanOrEqual(60);
    expect(after.requests - before.requests).toBe(callbacks); // one request per frame, not ten
    expect(before.pending).toBe(1);
    expect(after.pending).toBe(1);
    for (const [i, count] of after.frames.entries()) expect(count - before.frames[i]!, `engine ${i}`).toBe(callbacks);
  });

  it('"one requestAnimationFrame for the page": two page engines and one createLoop loop make exactly 1 call per frame, and each runs every frame', async () => {
    // The page engines' clock is one listener of the same FrameHost that
    // animationFrames() returns, so loops and engines share one request.
    const sample = () =>
      page.evaluate(() => ({
        requests: window.__pageRaf!.requests,
        callbacks: window.__pageRaf!.callbacks,
        pending: window.__pageRaf!.pending.size,
        requestsIn: { ...window.__pageRaf!.requestsIn },
        engines: window.__page!.engines.map((e) => e.stats().frames),
        loops: window.__page!.loops.map((l) => l.frame().count),
      }));
    await page.evaluate(() => {
      const f = window.__page!;
      f.engines[f.make({ name: 'first' })]!.add({ step: () => {} });
      f.startLoop();
      f.engines[f.make({ name: 'second' })]!.add({ render: () => {} });
      for (const e of f.engines) e.start();
    });
    await framesRun(page, 5);
    const before = await sample();
    await framesRun(page, 60);
    const after = await sample();
    const callbacks = after.callbacks - before.callbacks;
    expect(callbacks).toBeGreaterThanOrEqual(60);
    expect(after.requests - before.requests, 'one request per frame, not one per engine or loop').toBe(callbacks);
    for (let frame = before.callbacks + 1; frame <= after.callbacks; frame++) {
      expect(after.requestsIn[frame], `requestAnimationFrame calls inside frame ${frame}`).toBe(1);
    }
    expect(before.pending).toBe(1);
    expect(after.pending).toBe(1);
    for (const [i, count] of after.engines.entries()) expect(count - before.engines[i]!, `engine ${i}`).toBe(callbacks);
    expect(after.loops[0]! - before.loops[0]!, 'the loop').toBe(callbacks);

    // Engines paused: the loop alone keeps one request a frame; the loop stopped too: none.
    await page.evaluate(() => window.__page!.engines.forEach((e) => e.pause()));
    const paused = await sample();
    await framesRun(page, 20);
    const loopAlone = await sample();
    expect(loopAlone.requests - paused.requests).toBe(loopAlone.callbacks - paused.callbacks);
    expect(loopAlone.engines).toEqual(paused.engines);
    await page.evaluate(() => window.__page!.loops[0]!.stop());
    const idle = await sample();
    expect(idle.pending, 'engines paused and the loop stopped: nothing requested').toBe(0);
    await page.waitForTimeout(300);
    expect((await sample()).requests).toBe(idle.requests);
  });

  it('0 requestAnimationFrame calls while every engine is paused (by hand, or a hidden tab) or settled', async () => {
    await page.evaluate(() => {
      const f = window.__page!;
      for (let i = 0; i < 4; i++) f.engines[f.make({ name: `p${i}` })]!.add({ step: () => {} });
      for (let i = 0; i < 3; i++) f.engines[f.make({ name: `s${i}`, settle: 0.1 })]!.add({ step: () => {} });
      for (const e of f.engines) e.start();
    });
    await framesRun(page, 5);
    await page.evaluate(() => {
      const engines = window.__page!.engines;
      engines[0]!.pause();
      engines[1]!.stop();
    });
    // The hidden tab, faked: visibilityState cannot be emulated for real (BROWSER.md, pitfall 3).
    await page.evaluate(() => {
      Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
      Object.defineProperty(document, 'hidden', { configurable: true, get: () => true });
      document.dispatchEvent(new Event('visibilitychange'));
    });
    const paused = await page.evaluate(() => window.__page!.engines.map((e) => [...e.paused]));
    expect(paused.slice(0, 4)).toEqual([['manual', 'hidden'], ['stopped', 'hidden'], ['hidden'], ['hidden']]);
    const idle = await raf(page);
    expect(idle.pending).toBe(0);
    await page.waitForTimeout(500);
    expect(await raf(page), 'no frame requested while all are paused').toEqual(idle);

    // Visible again: the two automatic-only engines and the settling ones run; the settling ones sleep 0.1 s later.
    await page.evaluate(() => {
      delete (document as unknown as Record<string, unknown>).visibilityState;
      delete (document as unknown as Record<string, unknown>).hidden;
      document.dispatchEvent(new Event('visibilitychange'));
      const engines = window.__page!.engines;
      engines[2]!.pause();
      engines[3]!.pause();
    });
    await waitUntil(page, () => window.__page!.engines.slice(4).every((e) => e.settled));
    const settled = await raf(page);
    expect(settled.pending).toBe(0);
    await page.waitForTimeout(500);
    expect(await raf(page), 'no frame requested while the rest are settled').toEqual(settled);
    expect(await page.evaluate(() => window.__page!.engines.slice(4).map((e) => e.paused.size))).toEqual([0, 0, 0]); // settled is not paused

    // wake() asks for a frame again (counted in the same task, so a frame that runs at once is not missed).
    const callbacks = await page.evaluate(() => {
      const before = window.__pageRaf!.callbacks;
      window.__page!.engines[4]!.wake();
      return before;
    });
    await waitUntil(page, (before) => window.__pageRaf!.callbacks > before, callbacks);
    expect((await raf(page)).requests).toBeGreaterThan(settled.requests);
  });

  it('"a capped scene asks for 30 frames a second": 30 ± 1 frames beside an uncapped engine; alone, 30 ± 1 rAF calls a second, one per frame it runs', async () => {
    // Timing on a shared, loaded machine: the ±1 bounds are judged when the host itself kept up
    // (the uncapped engine saw at least 58 frames a second). On an overloaded host only the upper
    // bound, which is what the cap promises (never dragged along to the host's rate), is firm; the
    // lower one is then half of what the host delivered (a cap that lost its grid would fall below).
    const sample = () =>
      page.evaluate(() => ({
        t: performance.now(),
        requests: window.__pageRaf!.requests,
        callbacks: window.__pageRaf!.callbacks,
        frames: window.__page!.engines.map((e) => e.stats().frames),
      }));
    await page.evaluate(() => {
      const f = window.__page!;
      for (const options of [{ name: 'capped', fps: 30 }, { name: 'uncapped' }]) {
        const e = f.engines[f.make(options)]!;
        e.add({ step: () => {} });
        e.start();
      }
    });
    await page.waitForTimeout(500);
    const b0 = await sample();
    await page.waitForTimeout(3000);
    const b1 = await sample();
    const seconds = (b1.t - b0.t) / 1000;
    const capped = (b1.frames[0]! - b0.frames[0]!) / seconds;
    const uncapped = (b1.frames[1]! - b0.frames[1]!) / seconds;
    const host = (b1.callbacks - b0.callbacks) / seconds;
    const keptUp = host >= 58;
    const floor = keptUp ? 29 : Math.min(29, host / 2 - 1);
    expect(uncapped).toBeCloseTo(host, 0); // the uncapped one takes every page frame
    expect(capped, `capped beside uncapped (host ${host.toFixed(1)} Hz)`).toBeLessThanOrEqual(31);
    expect(capped, `capped beside uncapped (host ${host.toFixed(1)} Hz)`).toBeGreaterThanOrEqual(floor);

    await page.evaluate(() => window.__page!.engines[1]!.destroy());
    await page.waitForTimeout(500);
    const a0 = await sample();
    await page.waitForTimeout(3000);
    const a1 = await sample();
    const aloneSeconds = (a1.t - a0.t) / 1000;
    const requests = a1.requests - a0.requests;
    const frames = a1.frames[0]! - a0.frames[0]!;
    expect(requests / aloneSeconds, `rAF calls a second, capped alone (host ${host.toFixed(1)} Hz)`).toBeLessThanOrEqual(31);
    expect(requests / aloneSeconds, `rAF calls a second, capped alone (host ${host.toFixed(1)} Hz)`).toBeGreaterThanOrEqual(floor);
    console.info(
      `fps cap: host ${host.toFixed(1)} Hz; capped beside uncapped ${capped.toFixed(1)} fps; ` +
        `capped alone ${(frames / aloneSeconds).toFixed(1)} fps, ${(requests / aloneSeconds).toFixed(1)} rAF calls/s`,
    );
    // "it caps requestAnimationFrame itself, not just the work": about one call per frame it runs
    // (a timer that fires late on an overloaded host can cost a declined frame now and then).
    expect(requests).toBeLessThanOrEqual(Math.ceil(frames * (keptUp ? 1.1 : 1.3)) + 1);
  });
});

describe('"Pause by default" (real Chromium)', () => {
  it('"its root is scrolled off screen": scrolling the root out of view pauses it ("offscreen") and asks for no frames; back in view it runs', async () => {
    await page.evaluate(() => {
      const f = window.__page!;
      const e = f.engines[f.make({ name: 'stage', rootId: 'stage' })]!;
      e.add({ step: () => {} });
      e.start();
    });
    await framesRun(page, 5);
    expect(await page.evaluate(() => [...window.__page!.engines[0]!.paused])).toEqual([]);
    await page.mouse.wheel(0, 2500);
    await waitUntil(page, () => window.__page!.engines[0]!.paused.has('offscreen'));
    const off = await raf(page);
    expect(off.pending).toBe(0);
    await page.waitForTimeout(400);
    expect(await raf(page)).toEqual(off);
    await page.evaluate(() => window.scrollTo(0, 0));
    await waitUntil(page, () => window.__page!.engines[0]!.paused.size === 0);
    await framesRun(page, 3);
  });

  it('"the visitor is typing in one of the host page\'s fields": focus in the field pauses ("typing") and releases held keys; typed keys are not the game\'s', async () => {
    await page.evaluate(() => {
      const f = window.__page!;
      const e = f.engines[f.make({ name: 'game', rootId: 'stage' })]!;
      e.add({ step: () => {} });
      void e.input; // the input helper listens from now on
      e.start();
    });
    await page.focus('#stage');
    await page.keyboard.down('KeyA');
    await waitUntil(page, () => window.__page!.engines[0]!.input.held('KeyA'));
    await page.focus('#field');
    expect(await page.evaluate(() => [...window.__page!.engines[0]!.paused])).toEqual(['typing']);
    expect(await page.evaluate(() => window.__page!.engines[0]!.input.held('KeyA'))).toBe(false);
    await page.keyboard.up('KeyA');
    await page.keyboard.type('hello');
    expect(await page.evaluate(() => ['KeyH', 'KeyE', 'KeyL', 'KeyO'].some((k) => window.__page!.engines[0]!.input.held(k)))).toBe(false);
    const typing = await raf(page);
    expect(typing.pending).toBe(0);
    await page.focus('#stage');
    expect(await page.evaluate(() => [...window.__page!.engines[0]!.paused])).toEqual([]);
    await framesRun(page, 2);
  });

  it('"Reduced motion is opt-in (pause: { reducedMotion: true })": emulateMedia pauses only the engine that opted in', async () => {
    await page.evaluate(() => {
      const f = window.__page!;
      f.engines[f.make({ name: 'default' })]!.start();
      f.engines[f.make({ name: 'calm', pause: { reducedMotion: true } })]!.start();
    });
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await waitUntil(page, () => window.__page!.engines[1]!.paused.has('reducedMotion'));
    expect(await page.evaluate(() => window.__page!.engines.map((e) => [...e.paused]))).toEqual([[], ['reducedMotion']]);
    await page.emulateMedia({ reducedMotion: 'no-preference' });
    await waitUntil(page, () => window.__page!.engines[1]!.paused.size === 0);
  });
});

describe('errors and phases (real Chromium)', () => {
  it('"Only its own engine stops ... The shared clock and every other engine keep running"', async () => {
    await page.evaluate(() => {
      const f = window.__page!;
      const bad = f.engines[f.make({ name: 'bad' })]!;
      bad.add({ render: (e) => { if (e.stats().frames === 5) throw new Error('boom in render'); } });
      const good = f.engines[f.make({ name: 'good' })]!;
      good.add({ step: () => {} });
      bad.start();
      good.start();
    });
    await waitUntil(page, () => window.__page!.engines[0]!.paused.has('stopped'));
    const before = await page.evaluate(() => window.__page!.engines.map((e) => e.stats().frames));
    await framesRun(page, 10);
    const after = await page.evaluate(() => window.__page!.engines.map((e) => e.stats().frames));
    expect(after[0]).toBe(5);
    expect(before[0]).toBe(5);
    expect(after[1]! - before[1]!).toBeGreaterThanOrEqual(10);
    expect(await page.evaluate(() => window.__page!.errors)).toEqual(['bad: boom in render']);
  });

  it('no DOM read after a DOM write within one frame: 10 engines that measure in read and write in render', async () => {
    await page.evaluate(() => {
      const f = window.__page!;
      for (let i = 0; i < 10; i++) {
        const e = f.engines[f.make({ name: `e${i}` })]!;
        const box = e.root as HTMLElement;
        let width = 0;
        let x = 0;
        e.add({
          name: 'measure',
          read: () => void (width = box.getBoundingClientRect().width + box.offsetWidth),
          step: (_e, dt) => void (x = (x + 60 * dt) % 20),
          render: (en) => {
            en.ledger.style(box, 'transform', `translateX(${x.toFixed(0)}px)`);
            en.ledger.text(box, String(Math.round(width)));
          },
        });
        e.start();
      }
    });
    const start = await page.evaluate(() => ({ ...window.__pageDom!, readAfterWrite: window.__pageDom!.readAfterWrite.length }));
    await framesRun(page, 60);
    const log = await page.evaluate(() => window.__pageDom!);
    expect(log.reads - start.reads).toBeGreaterThan(60 * 10); // every engine read every frame
    expect(log.writes - start.writes).toBeGreaterThan(10); // and wrote (only what changed)
    expect(log.readAfterWrite).toEqual([]);
  });

  it('the log above can fail: an engine that measures in render reads after the others wrote, and the phase check reports it', async () => {
    await page.evaluate(() => {
      const f = window.__page!;
      const writer = f.engines[f.make({ name: 'writer' })]!;
      writer.add({ render: (e) => void e.ledger.text(e.root!, String(e.stats().frames)) });
      const reader = f.engines[f.make({ name: 'late-reader' })]!;
      reader.add({ name: 'sloppy', render: (e) => void e.root!.getBoundingClientRect() });
      writer.start();
      reader.start();
    });
    await framesRun(page, 5);
    expect((await page.evaluate(() => window.__pageDom!.readAfterWrite)).length).toBeGreaterThan(0);
    expect(await page.evaluate(() => window.__page!.errors)).toEqual([
      "late-reader: page engine 'late-reader', system 'sloppy', render: a layout read (Element.getBoundingClientRect) in render; only read may measure the page",
    ]);
    await page.evaluate(() => (window.__pageDom!.readAfterWrite.length = 0));
  });

  it('development-build phase checks: a DOM write in read or step is reported with engine, system and phase; the engine keeps running', async () => {
    await page.evaluate(() => {
      const f = window.__page!;
      const e = f.engines[f.make({ name: 'hero' })]!;
      const box = e.root as HTMLElement;
      // (Chromium keeps CSS properties as named properties of each style object, which no
      // prototype patch sees, so `box.style.opacity = ...` is not checked there; setProperty is.)
      e.add({ name: 'writes-in-read', read: () => void box.style.setProperty('opacity', '0.5') });
      e.add({ name: 'writes-in-step', step: () => void box.setAttribute('data-x', '1') });
      e.add({ name: 'reads-in-step', step: () => void box.offsetHeight });
      e.start();
    });
    await framesRun(page, 10);
    const errors = await page.evaluate(() => window.__page!.errors);
    expect(errors).toEqual([
      "hero: page engine 'hero', system 'writes-in-read', read: a DOM write (CSSStyleDeclaration.setProperty) in read; only render may write the DOM",
      "hero: page engine 'hero', system 'writes-in-step', step: a DOM write (Element.setAttribute) in step; only render may write the DOM",
      "hero: page engine 'hero', system 'reads-in-step', step: a layout read (HTMLElement.offsetHeight) in step; only read may measure the page",
    ]);
    expect(await page.evaluate(() => [...window.__page!.engines[0]!.paused])).toEqual([]);
    expect(await page.evaluate(() => window.__page!.tickflow.PHASE_CHECKS)).toBe(true);
    await page.evaluate(() => (window.__pageDom!.readAfterWrite.length = 0)); // the style write in read precedes reads of other frames' engines
  });

  it('"measures its target here, at most once a frame, and only when the pointer moved"', async () => {
    await page.evaluate(() => {
      const f = window.__page!;
      const e = f.engines[f.make({ name: 'pointer', rootId: 'stage' })]!;
      e.add({ read: () => {} });
      void e.input;
      e.start();
      window.__pageDom!.measures = {}; // count from here
    });
    await framesRun(page, 3);
    const still = await page.evaluate(() => Object.values(window.__pageDom!.measures).reduce((a, b) => a + b, 0));
    await framesRun(page, 10);
    expect(await page.evaluate(() => Object.values(window.__pageDom!.measures).reduce((a, b) => a + b, 0)), 'no move: no measure').toBe(still);
    // Many moves between frames: at most one measure a frame.
    for (let i = 0; i < 20; i++) await page.mouse.move(100 + i * 10, 100);
    await framesRun(page, 3);
    const measures = await page.evaluate(() => window.__pageDom!.measures);
    const perFrame = Object.values(measures);
    expect(Math.max(...perFrame)).toBe(1);
    expect(await page.evaluate(() => window.__page!.engines[0]!.input.pointer)).toMatchObject({ x: 290, y: 100, inside: true });
  });
});
