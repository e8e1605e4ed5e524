import { describe, expect, it } from 'vitest';
import { createEngine, type PageEngine, type System } from '../../../src/engines/page/index.js';
import { testFrames, type TestFrames } from './frames.js';

// Seed (shared-page-loop, "Questions"): "Engines may start, stop or destroy
// each other from inside a hook; every engine still runs once per frame on
// one requestAnimationFrame, and engine.remove(system) inside a hook never
// skips the next system." Issue 11: "... and never runs a removed one." And
// page-wide phases: "in a frame, every engine's read runs before any engine's
// render".

const quiet = { onError: () => {}, pause: false as const };

function engines(frames: TestFrames, count: number): PageEngine[] {
  return Array.from({ length: count }, (_, i) => createEngine({ ...quiet, frames, name: `e${i}` }));
}

/** Logs `<engine>.<phase>` for each hook of a system added to each engine. */
function logPhases(list: PageEngine[], log: string[]): void {
  for (const e of list) {
    e.add({
      read: () => void log.push(`${e.name}.read`),
      step: () => void log.push(`${e.name}.step`),
      render: () => void log.push(`${e.name}.render`),
    });
  }
}

describe('one clock for the page', () => {
  it('"Every engine on a page shares one requestAnimationFrame": three engines, one request per frame', () => {
    const frames = testFrames();
    const list = engines(frames, 3);
    for (const e of list) e.start();
    expect(frames.requests).toBe(1);
    for (let i = 0; i < 10; i++) expect(frames.tick(i * 16)).toBe(1);
    expect(frames.requests).toBe(11);
    for (const e of list) expect(e.stats().frames).toBe(10);
    for (const e of list) e.destroy();
    expect(frames.pending).toBe(0);
  });

  it('the phases are page-wide: every engine\'s read, then every engine\'s steps, then every engine\'s render', () => {
    const frames = testFrames();
    const list = engines(frames, 2);
    const log: string[] = [];
    logPhases(list, log);
    for (const e of list) e.start();
    frames.tick(0);
    log.length = 0;
    frames.tick(1000 / 60);
    expect(log).toEqual(['e0.read', 'e1.read', 'e0.step', 'e1.step', 'e0.render', 'e1.render']);
    for (const e of list) e.destroy();
  });
});

describe('engines change each other mid-frame', () => {
  it('an engine stopped by another\'s read skips the rest of the frame and asks for nothing more', () => {
    const frames = testFrames();
    const [a, b] = engines(frames, 2) as [PageEngine, PageEngine];
    const log: string[] = [];
    logPhases([a, b], log);
    a.add({ read: () => b.stop() });
    a.start();
    b.start();
    frames.tick(0);
    expect(log).toEqual(['e0.read', 'e0.render']); // the first frame is worth 0: no step
    expect(b.paused.has('stopped')).toBe(true);
    a.destroy();
    b.destroy();
  });

  it('an engine started from a hook first runs in the next frame, once; stopped and restarted in one frame, it still runs once a frame', () => {
    const frames = testFrames();
    const [a, b, c] = engines(frames, 3) as [PageEngine, PageEngine, PageEngine];
    const log: string[] = [];
    logPhases([b, c], log);
    let frame = 0;
    a.add({
      read: () => {
        frame++;
        if (frame === 1) b.start();
        if (frame === 2) {
          c.stop();
          c.start();
        }
      },
    });
    a.start();
    c.start();
    frames.tick(0); // b starts here: not in this frame
    expect(log.filter((l) => l.startsWith('e1'))).toEqual([]);
    log.length = 0;
    frames.tick(20); // c stopped and restarted by a's read: it skips this frame (restarted: it runs from the next)
    expect(log).toEqual(['e1.read', 'e1.render']); // b's first frame: worth 0, no step
    log.length = 0;
    frames.tick(40);
    // c restarted: its first frame is worth 0 ("every resume starts with an empty accumulator"), b steps once.
    expect(log).toEqual(['e1.read', 'e2.read', 'e1.step', 'e1.render', 'e2.render']);
    expect(frames.pending).toBe(1);
    for (const e of [a, b, c]) e.destroy();
  });

  it('an engine destroyed by another\'s step runs nothing more; the others go on', () => {
    const frames = testFrames();
    const [a, b, c] = engines(frames, 3) as [PageEngine, PageEngine, PageEngine];
    const log: string[] = [];
    logPhases([a, b, c], log);
    a.add({ step: () => b.destroy() });
    for (const e of [a, b, c]) e.start();
    frames.tick(0);
    log.length = 0;
    frames.tick(1000 / 60);
    expect(log).toEqual(['e0.read', 'e1.read', 'e2.read', 'e0.step', 'e2.step', 'e0.render', 'e2.render']);
    log.length = 0;
    frames.tick(2000 / 60);
    expect(log).toEqual(['e0.read', 'e2.read', 'e0.step', 'e2.step', 'e0.render', 'e2.render']);
    a.destroy();
    c.destroy();
  });

  it('an engine that stops itself in its last system and the last engine on the page leaving cancel the frame: nothing pending', () => {
    const frames = testFrames();
    const [a] = engines(frames, 1) as [PageEngine];
    a.add({ render: (e) => e.stop() });
    a.start();
    frames.tick(0);
    expect(frames.pending).toBe(0);
    expect(frames.requests).toBe(1);
    a.destroy();
  });
});

describe('systems change mid-hook', () => {
  it('"engine.remove(system) inside a hook never skips the next system" and never runs the removed one', () => {
    const engine = createEngine(quiet);
    const log: string[] = [];
    const second: System = { name: 'second', step: () => void log.push('second') };
    const first: System = {
      name: 'first',
      step: (e) => {
        log.push('first');
        e.remove(first); // itself: the next system must still run
      },
    };
    const third: System = {
      name: 'third',
      step: (e) => {
        log.push('third');
        e.remove(fourth); // a later one: it must not run, not even in this step
      },
    };
    const fourth: System = { name: 'fourth', step: () => void log.push('fourth') };
    engine.add(first);
    engine.add(second);
    engine.add(third);
    engine.add(fourth);
    engine.advance(2 / 60); // two steps in one frame
    expect(log).toEqual(['first', 'second', 'third', 'second', 'third']);
    engine.destroy();
  });

  it('a system added inside a hook first runs in the next frame', () => {
    const engine = createEngine(quiet);
    const log: string[] = [];
    const late: System = { read: () => void log.push('late.read'), render: () => void log.push('late.render') };
    engine.add({ read: (e) => void (log.length === 0 && (log.push('adds'), e.add(late))) });
    engine.advance(0);
    expect(log).toEqual(['adds']);
    engine.advance(0);
    expect(log).toEqual(['adds', 'late.read', 'late.render']);
    engine.destroy();
  });

  it('refuses a system with no hook, a hook that is not a function, or one added twice', () => {
    const engine = createEngine(quiet);
    expect(() => engine.add({} as System)).toThrow('engine.add: system must be an object with read, step or render');
    expect(() => engine.add({ step: 1 } as unknown as System)).toThrow('engine.add: step must be a function, got 1');
    const s = engine.add({ step: () => {} });
    expect(() => engine.add(s)).toThrow('this system is already added');
    expect(engine.remove(s)).toBe(true);
    expect(engine.remove(s)).toBe(false);
    engine.destroy();
  });
});
