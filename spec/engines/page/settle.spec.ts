import { Subject } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { createEngine } from '../../../src/engines/page/index.js';
import { marbles } from '../../marbles.js';
import { marbleFrames, testFrames } from './frames.js';

// Seed (shared-page-loop, "Settle and the fps cap"): "With settle: 0.5,
// systems call engine.busy() in any frame where something moves; half a
// second after the last one, the engine sleeps: no requestAnimationFrame at
// all until wake(), its input or start(). Settling is not a pause: pause
// hooks don't run and held input stays." Issue 11: "A busy() during a frame
// counts toward the next; a wake() from a microtask right after a frame
// restarts it (both are known ways such loops lose wake-ups)."

const quiet = { onError: () => {}, pause: false as const };

describe('settle', () => {
  it(
    '"half a second after the last one, the engine sleeps: no requestAnimationFrame at all": busy in the first 3 frames, asleep 0.5 s after',
    marbles((m) => {
      // Frames every 100 ms; busy() while frame time < 200 ms; settle 0.5 s.
      const vsyncs = m.hot('  -a-b-c-d-e-f-g-h-i-j-k-', { a: 0, b: 100, c: 200, d: 300, e: 400, f: 500, g: 600, h: 700, i: 800, j: 900, k: 1000 });
      const expected = '      -a-b-c-d-e-f-g-h----------';
      const frames = marbleFrames(vsyncs);
      const engine = createEngine({ ...quiet, settle: 0.5, step: 0.1, frames });
      const out = new Subject<number>();
      let t = 0;
      engine.add({
        step: (e, dt) => {
          t += dt;
          if (t < 0.25) e.busy(); // the steps of frames b and c (t = 0.1, 0.2) move
        },
        render: () => out.next(Math.round(t * 1000)),
      });
      engine.start();
      // The last busy frame is c (200 ms); the first frame 0.5 s after it is h (700 ms): it runs, then the engine sleeps.
      m.expect(out).toBeObservable(expected, { a: 0, b: 100, c: 200, d: 300, e: 400, f: 500, g: 600, h: 700 });
      m.flush();
      expect(engine.settled).toBe(true);
      expect(engine.paused.size).toBe(0); // "Settling is not a pause"
      expect(frames.pending).toBe(0); // nothing requested while settled
      engine.destroy();
    }),
  );

  it('no requestAnimationFrame call while settled, and one again after wake()', () => {
    const frames = testFrames();
    const engine = createEngine({ ...quiet, settle: 0.05, frames });
    engine.add({ step: () => {} });
    engine.start();
    for (let t = 0; t <= 100; t += 10) frames.tick(t); // never busy: settles 50 ms after the start
    expect(engine.settled).toBe(true);
    const requests = frames.requests;
    for (let t = 110; t <= 500; t += 10) frames.tick(t);
    expect(frames.requests).toBe(requests);
    expect(frames.pending).toBe(0);
    engine.wake();
    expect(engine.settled).toBe(false);
    expect(frames.requests).toBe(requests + 1);
    engine.destroy();
  });

  it('"A busy() during a frame counts toward the next": a busy() in the frame that would settle keeps the next frame', () => {
    // Without a busy(): the start counts as busy (frame 1, 0 ms), and the engine sleeps after frame 6 (50 ms).
    const frames = testFrames();
    const engine = createEngine({ ...quiet, settle: 0.05, frames });
    const ran: number[] = [];
    engine.add({ render: (e) => void ran.push(e.stats().frames) });
    engine.start();
    for (let t = 0; t <= 200; t += 10) frames.tick(t);
    expect(ran).toEqual([1, 2, 3, 4, 5, 6]);
    engine.destroy();

    // With a busy() in frame 6, the frame that would have settled: frame 6 is the last busy one, so the engine
    // runs on and sleeps after frame 11 (100 ms, 50 ms later).
    const frames2 = testFrames();
    const engine2 = createEngine({ ...quiet, settle: 0.05, frames: frames2 });
    const ran2: number[] = [];
    engine2.add({
      render: (e) => {
        ran2.push(e.stats().frames);
        if (e.stats().frames === 6) e.busy(); // the frame at 50 ms, the one that would settle
      },
    });
    engine2.start();
    for (let t = 0; t <= 200; t += 10) frames2.tick(t);
    expect(ran2).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
    engine2.destroy();
  });

  it('a busy() from another engine\'s render after this one settled in the same frame wakes it for the next frame', () => {
    const frames = testFrames();
    const a = createEngine({ ...quiet, settle: 0, frames, name: 'a' });
    const b = createEngine({ ...quiet, frames, name: 'b' });
    let aFrames = 0;
    a.add({ render: () => void aFrames++ });
    let poke = false;
    b.add({ render: () => void (poke && a.busy()) });
    a.start();
    b.start();
    frames.tick(0); // a: the start counts as busy
    frames.tick(10); // a: quiet, settles at the end of its frame
    expect(a.settled).toBe(true);
    poke = true;
    frames.tick(20); // a is asleep; b's render pokes it
    poke = false;
    expect(a.settled).toBe(false);
    frames.tick(30);
    expect(aFrames).toBe(3);
    a.destroy();
    b.destroy();
  });

  it('"a wake() from a microtask right after a frame restarts it"', async () => {
    const frames = testFrames();
    const engine = createEngine({ ...quiet, settle: 0, frames });
    engine.add({ render: () => void queueMicrotask(() => engine.wake()) });
    engine.start();
    frames.tick(0);
    frames.tick(10); // settles at the end of this frame; the microtask comes after it
    expect(engine.settled).toBe(true);
    await Promise.resolve();
    expect(engine.settled).toBe(false);
    expect(frames.pending).toBe(1);
    engine.destroy();
  });

  it('"Settling is not a pause: pause hooks don\'t run and held input stays"', () => {
    const frames = testFrames();
    const engine = createEngine({ ...quiet, settle: 0, frames });
    const hooks: string[] = [];
    engine.on('pause', (_e, reason) => void hooks.push(`pause ${reason}`));
    engine.on('resume', (_e, reason) => void hooks.push(`resume ${reason}`));
    engine.add({ step: () => {} });
    engine.start();
    engine.input.press('ArrowLeft');
    frames.tick(0);
    frames.tick(10);
    frames.tick(20);
    expect(engine.settled).toBe(true);
    expect(engine.input.held('ArrowLeft')).toBe(true);
    expect(hooks).toEqual(['resume stopped']); // only start()'s transition
    engine.destroy();
  });

  it('"until wake(), its input or start()": input and start() wake a settled engine', () => {
    const frames = testFrames();
    const engine = createEngine({ ...quiet, settle: 0, frames });
    engine.add({ step: () => {} });
    engine.start();
    frames.tick(0);
    frames.tick(10);
    expect(engine.settled).toBe(true);
    engine.input.movePointer(5, 5);
    expect(engine.settled).toBe(false);
    frames.tick(20);
    frames.tick(30);
    expect(engine.settled).toBe(true);
    engine.start();
    expect(engine.settled).toBe(false);
    expect(frames.pending).toBe(1);
    engine.destroy();
  });

  it('refuses a bad settle by name', () => {
    expect(() => createEngine({ settle: -1 })).toThrow('createEngine: settle must be a finite number >= 0, got -1');
    expect(() => createEngine({ settle: '0.5' as never })).toThrow('got "0.5"');
  });
});
