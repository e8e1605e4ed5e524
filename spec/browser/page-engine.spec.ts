import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { createPacingGrid, pacingStep } from '../../operators/index.js';
import { hostFramesPass, startHarness, waitUntil, type BrowserHarness, type OpenedPage } from './harness.js';

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
      /** While set: called after each callback; its result is logged with the callback's timestamp. */
      afterCallback?: () => number[];
      /** One entry per callback while `afterCallback` is set: the host's timestamp, when it began (performance.now()), and what `afterCallback` returned. */
      log: { ts: number; at: number; seen: number[] }[];
      /** Every setTimeout the page set while `afterCallback` is set: when it asked to fire, and when it did (NaN: not yet, or cleared). */
      timers: { handler: unknown; dueAt: number; firedAt: number }[];
    };
    __pageDom?: DomLog;
  }
}

/**
 * The init script: counts requestAnimationFrame calls and callbacks, and logs
 * layout reads and DOM writes made inside each callback.
 */
function instrument(): void {
  const raf: NonNullable<Window['__pageRaf']> = {
    requests: 0,
    callbacks: 0,
    cancels: 0,
    pending: new Set<number>(),
    inCallback: -1,
    requestsIn: {},
    log: [],
    timers: [],
  };
  window.__pageRaf = raf;
  const request = window.requestAnimationFrame.bind(window);
  const setTimer = window.setTimeout.bind(window);
  window.setTimeout = ((handler: TimerHandler, delay?: number, ...args: unknown[]) => {
    if (raf.afterCallback === undefined || typeof handler !== 'function') return setTimer(handler, delay, ...args);
    const entry = { handler, dueAt: performance.now() + Math.max(0, Number(delay) || 0), firedAt: NaN };
    raf.timers.push(entry);
    return setTimer(() => {
      entry.firedAt = performance.now();
      (handler as (...a: unknown[]) => void)(...args);
    }, delay);
  }) as typeof window.setTimeout;
  const cancel = window.cancelAnimationFrame.bind(window);
  let wrote = false;
  window.requestAnimationFrame = (callback) => {
    raf.requests++;
    if (raf.inCallback >= 0) raf.requestsIn[raf.inCallback] = (raf.requestsIn[raf.inCallback] ?? 0) + 1;
    const handle = request((timestampMs) => {
      const at = performance.now();
      raf.pending.delete(handle);
      raf.callbacks++;
      raf.inCallback = raf.callbacks;
      wrote = false;
      try {
        callback(timestampMs);
      } finally {
        raf.inCallback = -1;
        if (raf.afterCallback !== undefined) raf.log.push({ ts: timestampMs, at, seen: raf.afterCallback() });
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
    await hostFramesPass(page, 20);
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
    await hostFramesPass(page, 30);
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
    await hostFramesPass(page, 30);
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

  it('"a capped scene asks for 30 frames a second", counted on the frames the host delivered: beside an uncapped engine it runs on the frames its 1/30 s grid takes; alone, one rAF call per frame it runs', async () => {
    // No real-time rate is asserted (a loaded machine delivers fewer frames, and later timers): the page logs the
    // timestamp of every frame the host delivered, which engine ran in it, and when each of the capped engine's
    // timers asked to fire and fired; the cap is checked against those.
    const intervalMs = 1000 / 30;
    /** Logs each delivered frame (with each engine's frame count after it) for `callbacks` frames, and the cap timers set meanwhile. */
    const record = async (callbacks: number) => {
      const requestsFrom = await page.evaluate(() => {
        const raf = window.__pageRaf!;
        raf.log = [];
        raf.timers = [];
        raf.afterCallback = () => window.__page!.engines.map((e) => e.stats().frames);
        return raf.requests;
      });
      await framesRun(page, callbacks);
      return page.evaluate((requestsFrom) => {
        const raf = window.__pageRaf!;
        raf.afterCallback = undefined;
        const requests = raf.requests - requestsFrom;
        // The cap's timer handler, on the engine's seat on the page's clock (src/engines/page/page-seat.ts).
        const capTimer = (window.__page!.engines[0] as unknown as { seat: { onTimer: unknown } }).seat.onTimer;
        const timers = raf.timers.filter((t) => t.handler === capTimer && !Number.isNaN(t.firedAt)).map(({ dueAt, firedAt }) => ({ dueAt, firedAt }));
        return { log: raf.log, timers, requests, stats: window.__page!.engines[0]!.stats() };
      }, requestsFrom);
    };
    type Log = Awaited<ReturnType<typeof record>>['log'];
    /** Whether engine `i` ran a frame in each delivered frame after the first logged one. */
    const ran = (log: Log, i: number) => log.slice(1).map((entry, k) => entry.seen[i]! - log[k]!.seen[i]!);

    await page.evaluate(() => {
      const f = window.__page!;
      for (const options of [{ name: 'capped', fps: 30 }, { name: 'uncapped' }]) {
        const e = f.engines[f.make(options)]!;
        e.add({ step: () => {} });
        e.start();
      }
    });
    await framesRun(page, 20);

    // Beside an uncapped engine: the host delivers every frame, the uncapped engine runs in each.
    const beside = await record(120);
    const capped = ran(beside.log, 0);
    expect(ran(beside.log, 1).every((n) => n === 1), 'the uncapped engine ran in every frame the host delivered').toBe(true);
    expect(capped.every((n) => n === 0 || n === 1), 'the capped engine ran at most once in a host frame').toBe(true);
    // The frames the grid takes, replayed on the delivered timestamps from the capped engine's first frame here
    // (the seed's rule, operators/pacing-grid.ts: the nearest tick to each 1/30 s instant).
    const delivered = beside.log.slice(1);
    const first = capped.indexOf(1);
    const grid = createPacingGrid(intervalMs);
    const expected = delivered.slice(first).filter((entry) => pacingStep(grid, entry.ts)).length;
    const actual = capped.slice(first).filter((n) => n === 1).length;
    const gaps = delivered.slice(1).map((entry, k) => entry.ts - delivered[k]!.ts).sort((a, b) => a - b);
    const hostMs = gaps[Math.floor(gaps.length / 2)]!;
    // A cap timer that fired late can make the engine miss a slot the grid would have taken (one per interval late,
    // past the half interval of margin the timer keeps): the host's lateness, measured, never the engine's.
    const lateSlots = (timers: { dueAt: number; firedAt: number }[]) =>
      timers.reduce((sum, t) => sum + Math.max(0, Math.ceil((t.firedAt - t.dueAt - intervalMs / 2) / intervalMs)), 0);
    const report = `${delivered.length} host frames (median ${hostMs.toFixed(1)} ms), capped ran ${actual}, the grid takes ${expected}; ${lateSlots(beside.timers)} slots at risk from late timers`;
    console.info(`fps cap beside an uncapped engine: ${report}`);
    // "an uncapped engine on the same page no longer drags a capped one along": never more than the grid takes.
    expect(actual, report).toBeLessThanOrEqual(expected + 1);
    expect(actual, report).toBeGreaterThanOrEqual(expected - lateSlots(beside.timers) - 1);
    if (hostMs < intervalMs * 0.75) expect(actual, `${report}: fewer frames than the host delivered`).toBeLessThan(delivered.length - first);

    // Alone: the page asks for a frame only when the capped engine's timer brings it back.
    await page.evaluate(() => window.__page!.engines[1]!.destroy());
    await framesRun(page, 5);
    const alone = await record(45);
    // Counted in the same tasks that start and stop the log (before: from a sample taken frames earlier).
    const { requests } = alone;
    const aloneRan = ran(alone.log, 0);
    // "it caps requestAnimationFrame itself, not just the work": every frame the page got, the capped engine ran.
    expect(aloneRan.every((n) => n === 1), `capped alone ran in every delivered frame: ${aloneRan.join('')}`).toBe(true);
    // (Its timer asks between frames: the request for the first logged frame may precede the log, one after the last may be pending.)
    expect(requests, 'one request per delivered frame').toBeGreaterThanOrEqual(alone.log.length - 1);
    expect(requests, 'one request per delivered frame').toBeLessThanOrEqual(alone.log.length + 1);
    // Its frames follow the 1/30 s grid in the host's timestamps: never faster; slower only by what its timers were late.
    const frames = alone.log.length - 1;
    const spanMs = alone.log.at(-1)!.ts - alone.log[0]!.ts;
    const lateMs = alone.timers.reduce((sum, t) => sum + Math.max(0, t.firedAt - t.dueAt), 0);
    const aloneReport = `capped alone: ${frames} frames over ${spanMs.toFixed(0)} ms of host time (${((frames * 1000) / spanMs).toFixed(1)} per host second), its timers ${lateMs.toFixed(0)} ms late in all`;
    console.info(aloneReport);
    expect(frames, aloneReport).toBeLessThanOrEqual((spanMs + 2 * hostMs) / intervalMs + 1);
    expect(frames, aloneReport).toBeGreaterThanOrEqual((spanMs - lateMs - intervalMs - 2 * hostMs) / intervalMs);
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
    await hostFramesPass(page, 24);
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
