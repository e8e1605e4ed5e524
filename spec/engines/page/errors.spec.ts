import { afterEach, describe, expect, it, vi } from 'vitest';
import { createEngine, EngineError, type PageEngine } from '../../../src/engines/page/index.js';
import { testFrames } from './frames.js';

// Seed (shared-page-loop, "Questions"): "What happens when a hook throws?
// Only its own engine stops (paused: ["stopped"]; start() resumes) and the
// error goes to onError(error, engine), by default console.error. The shared
// clock and every other engine keep running."

afterEach(() => {
  vi.restoreAllMocks();
});

describe('a throwing hook', () => {
  it('"Only its own engine stops (paused: ["stopped"]...)": the rest of its frame is skipped; "every other engine keep[s] running"', () => {
    const frames = testFrames();
    const errors: [unknown, PageEngine][] = [];
    const onError = (error: unknown, engine: PageEngine) => void errors.push([error, engine]);
    const a = createEngine({ frames, onError, pause: false, name: 'a' });
    const b = createEngine({ frames, onError, pause: false, name: 'b' });
    const log: string[] = [];
    const boom = new Error('boom');
    a.add({ step: () => { throw boom; } });
    a.add({ step: () => void log.push('a.step2'), render: () => void log.push('a.render') });
    b.add({ step: () => void log.push('b.step'), render: () => void log.push('b.render') });
    a.start();
    b.start();
    frames.tick(0); // worth 0: no step yet
    log.length = 0;
    frames.tick(1000 / 60);
    // "the error goes to onError(error, engine)": as in every engine, an EngineError naming the engine, phase and system, whose cause is what the hook threw.
    expect(errors.map(([error, engine]) => [(error as EngineError).cause, engine])).toEqual([[boom, a]]);
    expect(errors[0]![0]).toBeInstanceOf(EngineError);
    expect(errors[0]![0]).toMatchObject({ engine: "page engine 'a'", phase: 'step', system: 'system 1', hook: 'step', frame: 2 });
    expect([...a.paused]).toEqual(['stopped']);
    expect(log).toEqual(['b.step', 'b.render']);
    // "The shared clock ... keep[s] running": the next frame was requested, and b runs in it.
    expect(frames.pending).toBe(1);
    frames.tick(2000 / 60);
    expect(log).toEqual(['b.step', 'b.render', 'b.step', 'b.render']);
    expect(a.stats().steps).toBe(0);
    a.destroy();
    b.destroy();
  });

  it('"start() resumes" an engine stopped by an error', () => {
    const frames = testFrames();
    let throwing = true;
    const engine = createEngine({ frames, pause: false, onError: () => {} });
    let renders = 0;
    engine.add({ render: () => { renders++; if (throwing) throw new Error('once'); } });
    engine.start();
    frames.tick(0);
    expect(engine.paused.has('stopped')).toBe(true);
    throwing = false;
    engine.start();
    frames.tick(16);
    expect(engine.paused.size).toBe(0);
    expect(renders).toBe(2);
    engine.destroy();
  });

  it('"by default console.error", with the engine named', () => {
    const frames = testFrames();
    const spy = vi.spyOn(console, 'error').mockImplementation(() => {});
    const engine = createEngine({ frames, pause: false, name: 'hero' });
    const boom = new Error('boom');
    engine.add({ read: () => { throw boom; } });
    engine.start();
    frames.tick(0);
    expect(spy).toHaveBeenCalledTimes(1);
    const [printed] = spy.mock.calls[0]!;
    expect(printed).toBeInstanceOf(EngineError);
    expect((printed as EngineError).message).toMatch(/^page engine 'hero': .* threw in phase "read" of frame 1: boom$/);
    expect((printed as EngineError).cause).toBe(boom);
    engine.destroy();
  });

  it('an onError that throws itself breaks neither the clock nor the other engines', () => {
    const frames = testFrames();
    const spy = vi.spyOn(console, 'error').mockImplementation(() => {});
    const a = createEngine({ frames, pause: false, onError: () => { throw new Error('bad handler'); } });
    const b = createEngine({ frames, pause: false });
    let bFrames = 0;
    a.add({ step: () => { throw new Error('boom'); } });
    b.add({ render: () => void bFrames++ });
    a.start();
    b.start();
    frames.tick(0);
    frames.tick(17);
    frames.tick(34);
    expect(bFrames).toBe(3);
    expect(spy).toHaveBeenCalledTimes(1);
    a.destroy();
    b.destroy();
  });

  it('a throw in advance() stops the rest of that frame too', () => {
    const errors: unknown[] = [];
    const engine = createEngine({ pause: false, onError: (e) => void errors.push(e) });
    const log: string[] = [];
    engine.add({ read: () => { throw new Error('read'); } });
    engine.add({ step: () => void log.push('step'), render: () => void log.push('render') });
    engine.advance(1 / 60);
    expect(log).toEqual([]);
    expect(errors).toHaveLength(1);
    engine.destroy();
  });
});
