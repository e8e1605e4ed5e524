import { writeFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import type { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPacingGrid, pacingStep } from '../../operators/index.js';
import { CLOCK_KINDS } from '../../examples/timing-lab/clocks.js';
import { FUTURE_MS, GUTTER, LANES, lanesEnd, PX_PER_MS } from '../../examples/timing-lab/draw.js';
import { JITTER_BURST_MS } from '../../examples/timing-lab/lab.js';
import {
  colorShare,
  crop,
  decodePng,
  differenceShare,
  hexColor,
  hostFramesPass,
  nonBackgroundShare,
  startHarness,
  waitUntil,
  type BrowserHarness,
  type OpenedPage,
} from './harness.js';

// The timing lab (examples/timing-lab/) in real Chromium, driven through its
// test handle, window.__timingLab (documented in examples/timing-lab/main.ts).
// Issue 2: "a browser test in real Chromium checks it runs with no console
// error, draws a non-blank picture, and that its frame counter advances".

/** Where the lead looks at the lab without running it. */
const SCREENSHOT_PATH = '/tmp/timing-lab.png';

/** The picture's background (COLORS.background in draw.ts). */
const BACKGROUND = hexColor('#0d1117');

/** The time axis's grid lines (COLORS.grid in draw.ts): they run down across the lanes and the gaps between them. */
const GRID = hexColor('#1c2430');

/** The share of pixels that are neither background nor grid line: something a lane drew. */
function drawnShare(png: PNG): number {
  let drawn = 0;
  for (let i = 0; i < png.data.length; i += 4) {
    const near = (c: readonly [number, number, number]) =>
      Math.abs(png.data[i]! - c[0]) <= 12 && Math.abs(png.data[i + 1]! - c[1]) <= 12 && Math.abs(png.data[i + 2]! - c[2]) <= 12;
    if (!near(BACKGROUND) && !near(GRID)) drawn++;
  }
  return drawn / (png.width * png.height);
}

/** The window a newcomer opens the lab in (issue 13: "no horizontal scroll at 1280 px"). */
const VIEWPORT = { width: 1280, height: 800 };

let harness: BrowserHarness;
let lab: OpenedPage;
let page: Page;

beforeAll(async () => {
  harness = await startHarness();
  lab = await harness.open('timing-lab/', {
    viewport: VIEWPORT,
    readyWhen: () => (window.__timingLab?.frame().count ?? 0) >= 5,
  });
  page = lab.page;
});

afterAll(async () => {
  await harness?.close();
});

/** The canvas's backing store over its CSS box, per axis, and the page's devicePixelRatio. */
const canvasSize = (on: Page) =>
  on.evaluate(() => {
    const canvas = document.querySelector<HTMLCanvasElement>('#picture')!;
    return {
      backing: [canvas.width / canvas.clientWidth, canvas.height / canvas.clientHeight],
      ratio: window.devicePixelRatio,
    };
  });

const frame = () => page.evaluate(() => window.__timingLab!.frame());
const stats = () => page.evaluate(() => window.__timingLab!.stats());
const canvasShot = async () => decodePng(await page.locator('#picture').screenshot());

/**
 * Waits until the host has ticked `ticks` more times (delivered or declined: the loop's stats count each tick).
 * The lab keeps its tick records for HISTORY_MS of host time, so a test that reads them waits for fewer ticks
 * than a slow host gives in that span (45 ticks: a host above 9 Hz).
 */
async function ticksPass(ticks: number): Promise<void> {
  const from = (await stats()).ticks;
  await waitUntil(page, (target) => window.__timingLab!.stats().ticks >= target, from + ticks, 50_000);
}

/** Waits until the loop under study has run `frames` more frames. */
async function framesPass(frames: number): Promise<void> {
  const from = (await frame()).count;
  await waitUntil(page, (target) => window.__timingLab!.frame().count >= target, from + frames);
}

describe('the timing lab', () => {
  it('loads with no page error and no console error', () => {
    expect(lab.errors).toEqual([]);
  });

  it('draws a non-blank picture (marbles for host ticks and frames on the dark background) that moves', async () => {
    await waitUntil(page, () => window.__timingLab!.frame().count >= 30); // half a second of marbles
    const first = await canvasShot();
    expect(nonBackgroundShare(first, BACKGROUND)).toBeGreaterThan(0.03);
    expect(colorShare(first, hexColor('#5b9cf5')), 'blue host-tick marbles').toBeGreaterThan(0.001);
    expect(colorShare(first, hexColor('#3ddc97')), 'green frame marbles and delta bars').toBeGreaterThan(0.001);
    expect(colorShare(first, hexColor('#b58cff')), 'purple fixed steps').toBeGreaterThan(0.001);

    // A few frames later the lanes have scrolled.
    await framesPass(5);
    const second = await canvasShot();
    expect(differenceShare(first, second)).toBeGreaterThan(0.005);
  });

  it('advances its frame counter and simulated time', async () => {
    const before = await frame();
    await framesPass(10);
    const after = await frame();
    expect(after.count - before.count).toBeGreaterThanOrEqual(10);
    expect(after.timeMs).toBeGreaterThan(before.timeMs);
  });

  it('writes its readouts every 6th page frame, and at once when a control changes the lab', async () => {
    // examples/timing-lab/main.ts: a text that changes every frame is laid out again every frame, in objects on
    // Blink's heap, which forced a full collection every 2.3 s; the readouts are written ten times a second at 60 Hz.
    const everyFrames = 6;
    await page.evaluate(() => {
      const seen = { writes: 0 };
      const observer = new MutationObserver((records) => {
        for (const record of records) if (record.addedNodes.length > 0 || record.type === 'characterData') seen.writes++;
      });
      observer.observe(document.querySelector('#out-count')!, { childList: true, characterData: true, subtree: true });
      (window as unknown as { __readoutWrites: { seen: typeof seen; observer: MutationObserver } }).__readoutWrites = { seen, observer };
    });
    const frames = 4 * everyFrames;
    await hostFramesPass(page, frames);
    const writes = await page.evaluate(() => {
      const { seen, observer } = (window as unknown as { __readoutWrites: { seen: { writes: number }; observer: MutationObserver } }).__readoutWrites;
      observer.disconnect(); // the page is shared with the later tests
      return seen.writes;
    });
    // The counter changes every frame (a wall clock delivers each tick), so every write shows: 4 in 24 frames, or
    // 5 when the observation starts just before a write.
    expect(writes).toBeGreaterThanOrEqual(frames / everyFrames - 1);
    expect(writes).toBeLessThanOrEqual(frames / everyFrames + 1);

    // Between writes the readout is at most 5 frames behind the loop...
    const running = await page.evaluate(() => ({ count: window.__timingLab!.frame().count, shown: Number(document.querySelector('#out-count')!.textContent) }));
    expect(running.shown).toBeLessThanOrEqual(running.count);
    expect(running.shown).toBeGreaterThan(running.count - everyFrames);

    // ...and a control writes them at once: stopped, the readouts show the loop exactly.
    const stopped = await page.evaluate(() => {
      window.__timingLab!.stop();
      const read = (id: string) => document.querySelector(`#out-${id}`)!.textContent;
      return { frame: window.__timingLab!.frame(), stats: window.__timingLab!.stats(), count: read('count'), time: read('time'), ticks: read('ticks') };
    });
    expect(stopped.count).toBe(String(stopped.frame.count));
    expect(stopped.time).toBe(stopped.frame.timeMs.toFixed(0));
    expect(stopped.ticks).toBe(String(stopped.stats.ticks));
    await page.evaluate(() => window.__timingLab!.start());
  });

  it('sizes the canvas to devicePixelRatio, and follows it when it changes (a zoom, a move to another screen)', async () => {
    expect(await canvasSize(page)).toEqual({ backing: [1, 1], ratio: 1 });
    const cdp = await lab.context.newCDPSession(page);
    const emulate = (deviceScaleFactor: number) =>
      cdp.send('Emulation.setDeviceMetricsOverride', { ...VIEWPORT, deviceScaleFactor, mobile: false });
    await emulate(2);
    await waitUntil(page, () => {
      const canvas = document.querySelector<HTMLCanvasElement>('#picture')!;
      return canvas.width === canvas.clientWidth * 2;
    });
    expect(await canvasSize(page)).toEqual({ backing: [2, 2], ratio: 2 });
    await emulate(1);
    await waitUntil(page, () => {
      const canvas = document.querySelector<HTMLCanvasElement>('#picture')!;
      return canvas.width === canvas.clientWidth;
    });
    // Left attached: detaching the session drops its override, and the page would fall back to the headless
    // window's own size (1280 × 713 here), not the 1280 × 800 the later tests check the layout at.
  });

  it('measures no text a frame while its texts stay the same (a TextMetrics each call is garbage on Blink\'s heap)', async () => {
    // examples/timing-lab/draw.ts: the body lane's legend fitted every frame forced a full collection every 7.6 s.
    await page.evaluate(() => {
      const measure = CanvasRenderingContext2D.prototype.measureText;
      const seen = { calls: 0, measure };
      (window as unknown as { __measured: typeof seen }).__measured = seen;
      CanvasRenderingContext2D.prototype.measureText = function (this: CanvasRenderingContext2D, text: string) {
        seen.calls++;
        return measure.call(this, text);
      };
    });
    const calls = () => page.evaluate(() => (window as unknown as { __measured: { calls: number } }).__measured.calls);
    await hostFramesPass(page, 24);
    expect(await calls(), 'running').toBe(0);
    // Paused, the body lane shows a status and fits its legend beside it once; then it measures nothing again.
    await page.evaluate(() => window.__timingLab!.pause());
    await hostFramesPass(page, 3);
    const afterPause = await calls();
    expect(afterPause).toBeGreaterThan(0);
    await hostFramesPass(page, 24);
    expect(await calls(), 'paused').toBe(afterPause);
    await page.evaluate(() => {
      // The page is shared with the later tests: put the browser's own measureText back.
      CanvasRenderingContext2D.prototype.measureText = (window as unknown as { __measured: { measure: CanvasRenderingContext2D['measureText'] } }).__measured.measure;
      window.__timingLab!.resume();
    });
  });

  it('switched to a paced 30 fps clock, declines about half the ticks of a 60 Hz host, each frame worth 33.3 ms', async () => {
    const intervalMs = 1000 / 30;
    const switchedAfterMs = await page.evaluate(() => {
      window.__timingLab!.setClock('paced', 30);
      return window.__timingLab!.history().at(-1)!.rawMs;
    });
    // 60 host ticks after the switch, however long the host takes to deliver them.
    await waitUntil(page, (afterMs) => window.__timingLab!.history().filter((record) => record.rawMs > afterMs).length >= 60, switchedAfterMs, 50_000);
    const ticks = await page.evaluate(
      (afterMs) => window.__timingLab!.history().filter((record) => record.rawMs > afterMs),
      switchedAfterMs,
    );
    const declined = ticks.filter((tick) => !tick.delivered).length;
    const seconds = (ticks.at(-1)!.rawMs - switchedAfterMs) / 1000;
    const hostHz = ticks.length / seconds;
    const frameHz = (ticks.length - declined) / seconds;
    const report = `${ticks.length} ticks, ${declined} declined in ${seconds.toFixed(2)} s`;

    // Exact, whatever the machine's load: the clock in the page made the
    // decisions the pacing grid's step function makes on the same timestamps.
    const grid = createPacingGrid(intervalMs);
    expect(ticks.map((tick) => tick.delivered)).toEqual(ticks.map((tick) => pacingStep(grid, tick.hostMs)));
    for (const tick of ticks.filter((t) => t.delivered)) expect(tick.deltaMs).toBe(intervalMs);

    // Rates in the host's own timestamps (what it delivered, not the wall clock): never far above 30 frames a
    // second of host time, and not far below what the host gave. Headless Chromium ticks at about 60 Hz, and then
    // about half the ticks are declined; a loaded machine delivers fewer ticks (below 50 Hz "half" is not the
    // expectation any more).
    expect(frameHz, `at most about 30 frames a second (${report})`).toBeLessThanOrEqual(36);
    expect(frameHz, `not far below 30 frames a second (${report})`).toBeGreaterThanOrEqual(Math.min(30, hostHz) / 2);
    if (hostHz >= 50) {
      expect(declined / ticks.length, `about half declined (${report})`).toBeGreaterThan(0.3);
      expect(declined / ticks.length, `about half declined (${report})`).toBeLessThan(0.7);
    }
    expect(await page.locator('input[name="clock"][value="paced"]').isChecked(), 'the controls show the clock').toBe(true);
  });

  it('switched back to the wall clock, declines nothing', async () => {
    await page.evaluate(() => window.__timingLab!.setClock('wall'));
    const before = await stats();
    await framesPass(10);
    const after = await stats();
    expect(after.ticks - before.ticks).toBeGreaterThanOrEqual(10);
    expect(after.declined).toBe(before.declined);
  });

  it('paused, keeps counting frames and skips the fixed-step simulation; resumed, simulates again', async () => {
    await page.evaluate(() => window.__timingLab!.pause());
    const steps = await page.evaluate(() => window.__timingLab!.simulatedSteps());
    await framesPass(10); // "a paused loop still takes ticks and counts frames"
    expect(await page.evaluate(() => window.__timingLab!.simulatedSteps())).toBe(steps);
    expect(await page.evaluate(() => window.__timingLab!.plan().steps)).toBe(0);
    expect(await page.locator('#pause').textContent()).toBe('Resume');

    await page.evaluate(() => window.__timingLab!.resume());
    await framesPass(10);
    expect(await page.evaluate(() => window.__timingLab!.simulatedSteps())).toBeGreaterThan(steps);
  });

  it('stopped, holds the frame counter and takes no ticks; started, runs again', async () => {
    await page.evaluate(() => window.__timingLab!.stop());
    expect(await page.evaluate(() => window.__timingLab!.running)).toBe(false);
    const held = await frame();
    const heldStats = await stats();
    await hostFramesPass(page, 24);
    expect(await frame()).toEqual(held);
    expect((await stats()).ticks).toBe(heldStats.ticks);

    await page.evaluate(() => window.__timingLab!.start());
    await framesPass(5);
    expect((await frame()).count).toBeGreaterThanOrEqual(held.count + 5);
  });

  it('a stall: the wall clock clamps the jump to 250 ms and the fixed step drops what is past maxSteps', async () => {
    await page.evaluate(() => window.__timingLab!.setClock('wall'));
    await framesPass(3);
    await page.evaluate(() => window.__timingLab!.stall());
    await waitUntil(page, () => window.__timingLab!.history().some((r) => r.disturbance === 'stall'));
    const stall = await page.evaluate(() => window.__timingLab!.history().find((r) => r.disturbance === 'stall')!);
    // The host's timestamp jumped by 500 ms plus a frame; wallClock() clamps
    // at 250 ms; 250 ms is 15 steps of 1/60 s, capped at 4; 'drop-backlog'
    // drops everything past the cap (the backlog under one step, included).
    expect(stall.delivered).toBe(true);
    expect(stall.deltaMs).toBe(250);
    expect(stall.steps).toBe(4);
    const stepMs = 1000 / 60;
    expect(stall.droppedMs).toBeGreaterThanOrEqual(250 - 4 * stepMs - 1e-9);
    expect(stall.droppedMs).toBeLessThan(250 - 3 * stepMs);
    expect((await stats()).droppedMs).toBeGreaterThanOrEqual(stall.droppedMs);
  });

  it('a burst of jitter moves host timestamps by at most the amplitude, for JITTER_BURST_MS (1 s) of host time', async () => {
    await page.evaluate(() => window.__timingLab!.jitter(4));
    // Until the burst is over: a tick after a jittered one that is not jittered (in frames, not a fixed wait).
    await waitUntil(
      page,
      () => {
        const history = window.__timingLab!.history();
        const first = history.findIndex((r) => r.disturbance === 'jitter');
        return first >= 0 && history.slice(first).some((r) => r.disturbance !== 'jitter');
      },
      undefined,
      50_000,
    );
    const history = await page.evaluate(() => window.__timingLab!.history());
    const first = history.findIndex((r) => r.disturbance === 'jitter');
    const end = history.findIndex((r, i) => i > first && r.disturbance !== 'jitter');
    const jittered = history.slice(first, end);
    const startMs = jittered[0]!.rawMs;
    // The burst is the ticks the host delivered in the 1 s of its own time from the first: every one, and no other.
    // Its end is compared as the lab places it, start + 1 s: 60 ticks of a 60 Hz host land on that instant, where
    // the difference taken the other way can read 999.9999999999991 (a CI run did).
    const endMs = startMs + JITTER_BURST_MS;
    for (const record of jittered) expect(record.rawMs).toBeLessThan(endMs);
    expect(history[end]!.rawMs, 'the first tick after the burst is 1 s or more after its start').toBeGreaterThanOrEqual(endMs);
    expect(jittered.length).toBeGreaterThanOrEqual(2);
    for (const record of jittered) expect(Math.abs(record.jitterMs)).toBeLessThanOrEqual(4);
    expect(jittered.some((record) => record.jitterMs !== 0)).toBe(true);
  });

  it('fits a 1280 × 800 window: the picture, the readouts and every control sit above the fold, nothing sideways', async () => {
    expect(await page.evaluate(() => [innerWidth, innerHeight])).toEqual([VIEWPORT.width, VIEWPORT.height]);
    const layout = await page.evaluate(() => {
      const bottom = (selector: string) => document.querySelector(selector)!.getBoundingClientRect().bottom;
      const scroller = document.scrollingElement!;
      return {
        scrollWidth: scroller.scrollWidth,
        innerWidth,
        innerHeight,
        stage: bottom('.stage'),
        controls: Math.max(...[...document.querySelectorAll('.controls fieldset')].map((f) => f.getBoundingClientRect().bottom)),
      };
    });
    expect(layout.scrollWidth).toBeLessThanOrEqual(layout.innerWidth);
    expect(layout.stage, 'the picture and readouts end above the fold').toBeLessThanOrEqual(layout.innerHeight);
    expect(layout.controls, 'the last control panel ends above the fold').toBeLessThanOrEqual(layout.innerHeight);
  });

  it('choosing "seeded" keeps the Clock panel inside the page: the snippet wraps, no horizontal scroll at 1280 px', async () => {
    // Issue 13: "choosing 'seeded' widens the Clock panel past the page (the snippet does not wrap)".
    await page.locator('input[name="clock"][value="seeded"] + span').click();
    await waitUntil(page, () => document.querySelector('#clock-code')!.textContent!.startsWith('seededClock('));
    const layout = await page.evaluate(() => {
      const box = (selector: string) => document.querySelector(selector)!.getBoundingClientRect();
      const code = document.querySelector<HTMLElement>('#clock-code')!;
      return {
        scrollWidth: document.scrollingElement!.scrollWidth,
        innerWidth,
        panelRight: box('.controls fieldset').right,
        asideRight: box('.controls').right,
        codeLines: Math.round(code.getBoundingClientRect().height / parseFloat(getComputedStyle(code).lineHeight || '18')),
        codeOverflows: code.scrollWidth > code.clientWidth,
      };
    });
    expect(layout.scrollWidth, 'document.scrollingElement.scrollWidth <= innerWidth').toBeLessThanOrEqual(layout.innerWidth);
    expect(layout.panelRight).toBeLessThanOrEqual(layout.asideRight + 0.5);
    expect(layout.codeOverflows, 'the snippet wraps instead of scrolling').toBe(false);
    await page.evaluate(() => window.__timingLab!.setClock('wall'));
  });

  it('draws every lane label whole: no clock\'s name is cut (the sequence label was)', async () => {
    for (const kind of CLOCK_KINDS) {
      const fps = kind === 'paced' ? 144 : undefined; // the longest paced label
      await page.evaluate(([k, f]) => window.__timingLab!.setClock(k, f), [kind, fps] as const);
      await framesPass(2);
      const labels = await page.evaluate(() => window.__timingLab!.laneLabels());
      expect(labels.length).toBe(6);
      for (const label of labels) expect(label.shown, `${kind}: the ${label.title} lane`).toBe(label.subtitle);
    }
    await page.evaluate(() => window.__timingLab!.setClock('wall'));
  });

  it('draws jittered marbles and delta bars inside their lanes: nothing right of the lanes or in the gaps between them', async () => {
    // Issue 13: "jittered marbles and delta bars are drawn outside their lanes". The largest jitter the lab offers
    // puts a timestamp up to 32 ms ahead of real time; marbles are drawn where the loop was told they were.
    for (let shot = 0; shot < 3; shot++) {
      await page.evaluate(() => window.__timingLab!.jitter(32));
      await ticksPass(24);
      const picture = await canvasShot();
      expect(await page.evaluate(() => window.__timingLab!.history().some((r) => Math.abs(r.jitterMs) > 16))).toBe(true);
      const end = Math.ceil(lanesEnd(picture.width));
      const right = crop(picture, { x: end + 1, y: LANES.host.top, width: picture.width - end - 1, height: LANES.alpha.bottom - LANES.host.top });
      expect(drawnShare(right), 'the strip right of the lanes').toBe(0);
      // The gaps between the delta, steps and alpha lanes (the host-to-clock links cross theirs on purpose).
      for (const [above, below] of [
        [LANES.clock, LANES.delta],
        [LANES.delta, LANES.steps],
        [LANES.steps, LANES.alpha],
      ] as const) {
        // Left and right of the dashed "now" line, which (like the grid) runs down across the gaps.
        const now = Math.round(lanesEnd(picture.width) - FUTURE_MS * PX_PER_MS);
        const y = above.bottom + 1;
        const height = below.top - above.bottom - 2;
        const past = crop(picture, { x: GUTTER, y, width: now - 2 - GUTTER, height });
        const future = crop(picture, { x: now + 2, y, width: end - now - 2, height });
        expect(drawnShare(past), `the gap above y=${below.top}, before now`).toBe(0);
        expect(drawnShare(future), `the gap above y=${below.top}, after now`).toBe(0);
      }
    }
  });

  it('shows simulated speed against host time: a paced clock above the display rate plays in slow motion, and says so', async () => {
    // Issue 13: "A paced clock above the display rate plays in slow motion (paced 120 on a 60 Hz host: 8.33 ms per
    // frame at 60 frames a second). That is the seed's rule, so keep it, but say so". The seed: "Every delivered
    // frame is worth exactly one interval, whatever the tick's real arrival time."
    const switchedAfterMs = await page.evaluate(() => {
      window.__timingLab!.setClock('paced', 120);
      return window.__timingLab!.history().at(-1)!.rawMs;
    });
    await ticksPass(45);
    // Stopped, the lab holds still and writes its readouts at once (they are written every 6th frame while it runs).
    const seen = await page.evaluate(() => {
      window.__timingLab!.stop();
      return {
        speed: window.__timingLab!.speed(),
        history: window.__timingLab!.history(),
        shown: document.querySelector('#out-speed')!.textContent,
        note: document.querySelector('#out-speed-note')!.textContent,
      };
    });
    await page.evaluate(() => window.__timingLab!.start());
    // The readout's arithmetic, checked against the tick records: simulated time is the frames delivered since the
    // switch times one interval each; host time is the span of the host timestamps the clock was given.
    const intervalMs = 1000 / 120;
    const since = seen.history.filter((r) => r.rawMs > switchedAfterMs);
    const delivered = since.filter((r) => r.delivered).length;
    expect(seen.speed.simulatedMs).toBeCloseTo(delivered * intervalMs, 6);
    expect(seen.speed.hostMs).toBeCloseTo(since.at(-1)!.hostMs - since[0]!.hostMs, 6);
    expect(seen.speed.ratio).toBeCloseTo(seen.speed.simulatedMs / seen.speed.hostMs, 9);
    expect(seen.shown).toBe(`${seen.speed.ratio!.toFixed(2)}×`);
    // A host slower than 120 Hz gives at most one frame per tick, so paced 120 runs slower than real time: at about
    // 60 Hz, about half speed. A loaded machine ticks slower still, which only slows it further.
    const hostHz = (since.length / seen.speed.hostMs) * 1000;
    const report = `${since.length} ticks over ${seen.speed.hostMs.toFixed(0)} ms, ${delivered} delivered, ratio ${seen.speed.ratio}`;
    expect(seen.speed.ratio, report).toBeLessThanOrEqual(Math.min(1, hostHz / 120) + 0.05);
    if (hostHz >= 50 && hostHz <= 70) {
      expect(seen.speed.ratio, report).toBeGreaterThan(0.35);
      expect(seen.speed.ratio, report).toBeLessThan(0.62);
    }
    expect(seen.note).toMatch(/^slow motion: paced 120 on a \d+ Hz host/);

    // The wall clock follows the host: each frame is worth the time between the host's timestamps, clamped at
    // 250 ms (a loaded host's long frames), the first after the switch 0; its speed is their sum over the host span.
    const wallFromMs = await page.evaluate(() => {
      window.__timingLab!.setClock('wall');
      return window.__timingLab!.history().at(-1)!.rawMs;
    });
    await waitUntil(page, (afterMs) => window.__timingLab!.history().filter((record) => record.rawMs > afterMs).length >= 30, wallFromMs, 50_000);
    const wall = await page.evaluate((afterMs) => ({ speed: window.__timingLab!.speed(), since: window.__timingLab!.history().filter((r) => r.rawMs > afterMs) }), wallFromMs);
    expect(wall.since[0]!.deltaMs, 'no baseline after a clock swap: 0').toBe(0);
    for (let i = 1; i < wall.since.length; i++) {
      expect(wall.since[i]!.deltaMs).toBeCloseTo(Math.min(Math.max(0, wall.since[i]!.hostMs - wall.since[i - 1]!.hostMs), 250), 9);
    }
    const summedMs = wall.since.reduce((sum, r) => sum + r.deltaMs, 0);
    expect(wall.speed.simulatedMs).toBeCloseTo(summedMs, 6);
    expect(wall.speed.ratio).toBeCloseTo(summedMs / (wall.since.at(-1)!.hostMs - wall.since[0]!.hostMs), 9);
    expect(wall.speed.ratio).toBeLessThanOrEqual(1 + 1e-9);
  });

  it('saves a screenshot for review, with a paced clock and a stall on the picture', async () => {
    await page.evaluate(() => {
      window.__timingLab!.setClock('paced', 30);
      window.__timingLab!.stall();
    });
    await ticksPass(30);
    const shot = await page.screenshot({ fullPage: true });
    writeFileSync(SCREENSHOT_PATH, shot);
    expect(nonBackgroundShare(decodePng(shot))).toBeGreaterThan(0.05);
  });

  it('reported no page error and no console error all along', () => {
    expect(lab.errors).toEqual([]);
  });
});

describe('the gallery', () => {
  it('lists the timing lab first and opens it', async () => {
    // The lab's page is done with: reuse it (a new page costs a second here).
    await page.goto(harness.url('/'));
    const first = page.locator('#examples a').first();
    expect(await first.getAttribute('href')).toBe('timing-lab/');
    expect(await first.locator('h2').textContent()).toBe('The timing lab');
    await first.click();
    await page.waitForURL(/\/timing-lab\/$/);
    await waitUntil(page, () => (window.__timingLab?.frame().count ?? 0) >= 3);
    expect(lab.errors).toEqual([]);
  });
});
