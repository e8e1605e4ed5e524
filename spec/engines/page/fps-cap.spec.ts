import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createEngine, type PageEngine } from '../../../src/engines/page/index.js';
import { capTimerDelayMs, capWakeAtMs, MAX_TIMER_DELAY_MS } from '../../../src/engines/page/cap-wake.js';
import { DEFAULT_HOST_INTERVAL_MS } from '../../../src/hosts/animation-frames.js';
import { vsyncFrames } from './frames.js';

// Seed (shared-page-loop, "Settle and the fps cap"): "fps: 30 caps an ambient
// loop. Since 0.19.0 it caps requestAnimationFrame itself, not just the work:
// between frames the engine leaves the shared clock and one timer brings it
// back. ... a capped scene asks for 30 frames a second ..., and an uncapped
// engine on the same page no longer drags a capped one along." Issue 11: "On
// a 60 Hz host a cap of 30 gives 30.0 fps and a cap of 50 gives 50.0 (the
// naive setTimeout(1000/fps) gives 20 and 30)."
//
// The host: a 60 Hz display under vitest's fake timers (setTimeout and
// performance.now), whose frames run at each vsync after they are requested,
// each callback a millisecond or two after its vsync.

const H = 1000 / 60;
const quiet = { onError: () => {}, pause: false as const };

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
});

afterEach(() => {
  vi.useRealTimers();
});

/** Runs `engines` for `seconds` on a 60 Hz host; returns each one's frames per second and the host's requests per second. */
function run(engines: PageEngine[], frames: ReturnType<typeof vsyncFrames>, seconds: number) {
  for (const e of engines) e.start();
  vi.advanceTimersByTime(1000); // settle in
  const before = engines.map((e) => e.stats());
  const requestsBefore = frames.requests;
  vi.advanceTimersByTime(seconds * 1000);
  return {
    fps: engines.map((e, i) => (e.stats().frames - before[i]!.frames) / seconds),
    wakeupsPerSecond: engines.map((e, i) => (e.stats().timerWakeups - before[i]!.timerWakeups) / seconds),
    requestsPerSecond: (frames.requests - requestsBefore) / seconds,
  };
}

describe('the fps cap', () => {
  it('capWakeAtMs: half a host interval before the tick the grid takes next', () => {
    expect(capWakeAtMs(2 * H, 0, H)).toBeCloseTo(1.5 * H, 9); // 30 fps: back for the tick at 33.3
    expect(capWakeAtMs(20, 0, H)).toBeCloseTo(0.5 * H, 9); // 50 fps, due 20: the tick at 16.7
    expect(capWakeAtMs(60, 2 * H, H)).toBeCloseTo(3.5 * H, 9); // due 60: the tick at 66.7, not 50 (10 ms early)
    expect(capWakeAtMs(1, 0, H)).toBeCloseTo(0.5 * H, 9); // never the tick just run
    expect(capWakeAtMs(2 * H, 0, H, true)).toBeCloseTo(2.5 * H, 9); // a host that stamps the vsync just past: after the tick
    expect(DEFAULT_HOST_INTERVAL_MS).toBeCloseTo(H, 12);
  });

  it('"On a 60 Hz host a cap of 30 gives 30.0 fps": alone, it asks for 30 frames a second and wakes one timer per frame', () => {
    const frames = vsyncFrames(60);
    const engine = createEngine({ ...quiet, fps: 30, frames });
    engine.add({ step: () => {} });
    const { fps, requestsPerSecond, wakeupsPerSecond } = run([engine], frames, 10);
    expect(fps[0]).toBe(30);
    expect(requestsPerSecond).toBe(30); // "it caps requestAnimationFrame itself, not just the work"
    expect(wakeupsPerSecond[0]).toBe(30); // one timer per delivered frame, not one per vsync
    expect(engine.stats().declined).toBe(0);
    engine.destroy();
  });

  it('a host that starts an idle frame at once, stamped with the vsync just past (headless Chromium): still 30 and 50, one request per frame', () => {
    for (const fps of [30, 50]) {
      const frames = vsyncFrames(60, { idle: 'at-once' });
      const engine = createEngine({ ...quiet, fps, frames });
      engine.add({ step: () => {} });
      const result = run([engine], frames, 10);
      expect(result.fps[0], `fps ${fps}`).toBe(fps);
      expect(result.requestsPerSecond, `fps ${fps}`).toBe(fps);
      engine.destroy();
    }
  });

  it('"a cap of 50 gives 50.0" on a 60 Hz host', () => {
    const frames = vsyncFrames(60);
    const engine = createEngine({ ...quiet, fps: 50, frames });
    engine.add({ step: () => {} });
    const { fps, requestsPerSecond } = run([engine], frames, 10);
    expect(fps[0]).toBe(50);
    expect(requestsPerSecond).toBe(50);
    engine.destroy();
  });

  it('the naive setTimeout(1000 / fps) before each frame request gives 20 and 30 (what the cap by the grid avoids)', () => {
    const naive = (fps: number): number => {
      const frames = vsyncFrames(60);
      let count = 0;
      const loop = (): void => {
        count++;
        setTimeout(() => frames.requestAnimationFrame(loop), 1000 / fps);
      };
      frames.requestAnimationFrame(loop);
      vi.advanceTimersByTime(1000);
      const before = count;
      vi.advanceTimersByTime(10_000);
      vi.clearAllTimers();
      return (count - before) / 10;
    };
    expect(naive(30)).toBe(20);
    expect(naive(50)).toBe(30);
  });

  it('"an uncapped engine on the same page no longer drags a capped one along": 30 beside 60', () => {
    const frames = vsyncFrames(60);
    const capped = createEngine({ ...quiet, fps: 30, frames, name: 'capped' });
    const free = createEngine({ ...quiet, frames, name: 'free' });
    let cappedSteps = 0;
    capped.add({ step: () => void cappedSteps++ });
    free.add({ step: () => {} });
    const { fps, requestsPerSecond } = run([capped, free], frames, 10);
    expect(fps).toEqual([30, 60]);
    expect(requestsPerSecond).toBe(60); // still one request per page frame
    // Two 1/60 s steps per 1/30 s frame (the first frame is worth 0, and float rounding may shift one step).
    expect(Math.abs(cappedSteps - 2 * capped.stats().frames)).toBeLessThanOrEqual(2);
    capped.destroy();
    free.destroy();
  });

  it('a paused capped engine clears its timer: nothing is requested while paused', () => {
    const frames = vsyncFrames(60);
    const engine = createEngine({ ...quiet, fps: 30, frames });
    engine.add({ step: () => {} });
    engine.start();
    vi.advanceTimersByTime(500);
    engine.pause();
    const { requests } = frames;
    const wakeups = engine.stats().timerWakeups;
    vi.advanceTimersByTime(2000);
    expect(frames.requests).toBe(requests);
    expect(engine.stats().timerWakeups).toBe(wakeups);
    expect(frames.pending).toBe(0);
    engine.resume();
    vi.advanceTimersByTime(1000);
    expect(engine.stats().frames).toBeGreaterThan(15 + 28);
    engine.destroy();
  });

  it('a cap whose next frame is further off than a timer can wait (fps: 1e-150) sleeps: no timer overflowing to fire every millisecond', () => {
    // 1000 / 1e-150 ms does not fit in a timer's 32-bit delay; setTimeout would fire after 1 ms instead
    // (Node prints a TimeoutOverflowWarning), and the engine would wake a thousand times a second.
    expect(capTimerDelayMs(1e153)).toBe(MAX_TIMER_DELAY_MS);
    expect(capTimerDelayMs(-5)).toBe(0);
    expect(capTimerDelayMs(12.5)).toBe(12.5);
    const delays: number[] = [];
    // The delays are read by wrapping the fake setTimeout by hand, not with vi.spyOn: a spy on a faked global,
    // restored, left vitest's fake in place after useRealTimers(), and every later file of a shared worker hung.
    const fakeSetTimeout = globalThis.setTimeout;
    globalThis.setTimeout = ((callback: () => void, delay?: number) => {
      if (typeof delay === 'number') delays.push(delay);
      return fakeSetTimeout(callback, delay);
    }) as typeof setTimeout;
    const frames = vsyncFrames(60);
    const engine = createEngine({ ...quiet, fps: 1e-150, frames });
    try {
      engine.add({ step: () => {} });
      engine.start();
      vi.advanceTimersByTime(2000);
    } finally {
      globalThis.setTimeout = fakeSetTimeout;
    }
    expect(engine.stats().frames, 'the first frame, then none due for 10^153 ms').toBe(1);
    expect(engine.stats().timerWakeups).toBe(0);
    expect(frames.requests).toBe(1);
    expect(Math.max(...delays)).toBe(MAX_TIMER_DELAY_MS);
    engine.destroy();
  });

  it('refuses a bad cap by name', () => {
    expect(() => createEngine({ fps: 0 })).toThrow('createEngine: fps must be a finite number > 0, got 0');
    expect(() => createEngine({ fps: Infinity })).toThrow('got Infinity');
  });
});
