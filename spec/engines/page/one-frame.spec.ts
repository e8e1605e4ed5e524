import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { animationFrames, createLoop, frameHost, wallClock } from '../../../src/index.js';
import { createEngine, type PageEngine } from '../../../src/engines/page/index.js';
import { testFrames, vsyncFrames, type TestFrames } from './frames.js';

// Seed (shared-page-loop): "Every engine on a page shares one
// requestAnimationFrame." Issue 11: "One clock for the page. Every engine on
// the page shares one requestAnimationFrame, however many run." Here the rule
// is page-wide: page engines and createLoop loops on animationFrames() on the
// same page share one requestAnimationFrame too (the page clock is one
// listener of the FrameHost of src/hosts/animation-frames.ts), and "Paused,
// it asks for no frames: zero CPU" still holds when nothing else listens.

const quiet = { onError: () => {}, pause: false as const };

/** A page engine on `frames` whose one system counts its frames; started. */
function countingEngine(frames: TestFrames, options: Record<string, unknown> = {}) {
  const engine = createEngine({ ...quiet, frames, ...options });
  const seen = { frames: 0 };
  engine.add({ render: () => void seen.frames++ });
  engine.start();
  return { engine, seen };
}

/** A createLoop loop on `animationFrames(frames)` counting its update calls; started. */
function countingLoop(frames: TestFrames) {
  const loop = createLoop({ ticks: animationFrames(frames), clock: wallClock(), phases: ['update'] });
  const seen = { frames: 0 };
  loop.on('update', () => void seen.frames++);
  loop.start();
  return { loop, seen };
}

describe('"Every engine on a page shares one requestAnimationFrame": page engines and createLoop loops together', () => {
  it('two page engines and one createLoop loop on one page: exactly 1 requestAnimationFrame call per frame, and each runs every frame', () => {
    const frames = testFrames();
    const a = countingEngine(frames, { name: 'a' });
    const loop = countingLoop(frames);
    const b = countingEngine(frames, { name: 'b' });
    expect(frames.requests).toBe(1); // one request from idle, whoever joined
    expect(frames.pending).toBe(1);
    for (let f = 1; f <= 60; f++) {
      expect(frames.tick(f * 16.7), `frame ${f}: one callback`).toBe(1);
      expect(frames.requests, `frame ${f}: one request per frame`).toBe(f + 1);
      expect(frames.pending).toBe(1);
    }
    expect(a.seen.frames).toBe(60);
    expect(b.seen.frames).toBe(60);
    expect(loop.seen.frames).toBe(60);
    a.engine.destroy();
    b.engine.destroy();
    loop.loop.destroy();
    expect(frames.pending, 'the last one out cancels the pending frame').toBe(0);
  });

  it('a page engine stopped from a loop\'s handler, and one started from an engine\'s hook, still keep 1 call per frame', () => {
    const frames = testFrames();
    const a = countingEngine(frames, { name: 'a' });
    const b = createEngine({ ...quiet, frames, name: 'b' });
    b.add({ step: () => {} });
    const loop = createLoop({ ticks: animationFrames(frames), clock: wallClock(), phases: ['update'] });
    let loopFrames = 0;
    loop.on('update', () => {
      loopFrames++;
      if (loopFrames === 3) a.engine.stop();
    });
    a.engine.add({ render: () => void (a.seen.frames === 2 && b.start()) });
    loop.start();
    for (let f = 1; f <= 10; f++) {
      expect(frames.tick(f * 16.7)).toBe(1);
      expect(frames.requests).toBe(f + 1);
    }
    expect(a.seen.frames).toBe(3); // stopped by the loop in frame 3, after its own frame 3 ran
    expect(b.stats().frames).toBe(8); // started in a's render of frame 2, runs from frame 3 on
    expect(loopFrames).toBe(10);
    for (const e of [a.engine, b]) e.destroy();
    loop.destroy();
  });

  it('"Paused, it asks for no frames": paused and settled engines cost no requestAnimationFrame when nothing else listens; beside a loop, still one a frame', () => {
    const frames = testFrames();
    const paused = countingEngine(frames, { name: 'paused' });
    const settling = countingEngine(frames, { name: 'settling', settle: 0.05 });
    frames.tick(0);
    paused.engine.pause();
    for (let f = 1; f <= 10 && frames.pending > 0; f++) frames.tick(f * 20);
    expect(settling.engine.settled).toBe(true);
    expect(frames.pending, 'nothing requested: every engine is paused or settled').toBe(0);
    const idleRequests = frames.requests;
    const engineFrames = [paused.seen.frames, settling.seen.frames];
    expect(engineFrames[0]).toBe(1);

    const loop = countingLoop(frames);
    expect(frames.requests).toBe(idleRequests + 1);
    for (let f = 1; f <= 20; f++) frames.tick(1000 + f * 16.7);
    expect(frames.requests - idleRequests, 'the loop alone: one request per frame').toBe(21);
    expect(loop.seen.frames).toBe(20);
    expect([paused.seen.frames, settling.seen.frames], 'the engines stayed out').toEqual(engineFrames);

    settling.engine.wake(); // joins the loop's frames: no request of its own
    expect(frames.pending).toBe(1);
    for (let f = 21; f <= 30; f++) frames.tick(1000 + f * 16.7);
    expect(frames.requests - idleRequests).toBe(31);

    loop.loop.stop();
    for (let f = 31; f <= 60 && frames.pending > 0; f++) frames.tick(1000 + f * 16.7);
    expect(settling.engine.settled).toBe(true);
    expect(frames.pending, 'settled again and the loop stopped: nothing requested').toBe(0);
    const afterAll = frames.requests;
    paused.engine.destroy();
    settling.engine.destroy();
    loop.loop.destroy();
    expect(frames.requests).toBe(afterAll);
    expect(frameHost(frames).listenerCount).toBe(0);
  });
});

describe('a capped engine beside a loop, on a 60 Hz host (fake timers)', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('"an uncapped engine on the same page does not drag a capped one along": with a loop keeping frames coming, the page asks for 60 frames a second, not 90, and the capped engine runs 30', () => {
    const frames = vsyncFrames(60);
    const capped: PageEngine = createEngine({ ...quiet, frames, fps: 30, name: 'capped' });
    capped.add({ step: () => {} });
    capped.start();
    const loop = createLoop({ ticks: animationFrames(frames), clock: wallClock(), phases: ['update'] });
    loop.on('update', () => {});
    loop.start();
    vi.advanceTimersByTime(1000);
    const before = { requests: frames.requests, callbacks: frames.callbacks, frames: capped.stats().frames };
    vi.advanceTimersByTime(10_000);
    const callbacks = frames.callbacks - before.callbacks;
    expect(callbacks).toBe(600);
    expect(frames.requests - before.requests, 'one request per frame delivered').toBe(callbacks);
    expect((capped.stats().frames - before.frames) / 10).toBe(30);
    capped.destroy();
    loop.destroy();
    expect(frames.pending).toBe(0);
  });
});
