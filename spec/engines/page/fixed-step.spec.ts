import { Subject } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { createEngine, DEFAULT_MAX_STEPS, DEFAULT_STEP_SECONDS, type PageEngine } from '../../../src/engines/page/index.js';
import { marbles } from '../../marbles.js';
import { marbleFrames, testFrames } from './frames.js';

// Seed (shared-page-loop, "A fixed step that never spirals"): "The step is
// fixed (default 1/60 s, the step option) ... An accumulator collects real
// time and runs as many steps as fit. A slow frame runs at most maxSteps
// steps (default 4) and drops the rest of the time: it shows in
// engine.stats().dropped, and the next frame starts fresh instead of trying
// to catch up forever."

const quiet = { onError: () => {}, pause: false as const };

/** Records, per frame the engine runs, how many steps it ran. */
function countSteps(engine: PageEngine, out: Subject<number>): void {
  let steps = 0;
  engine.add({
    name: 'counter',
    read: () => {
      steps = 0;
    },
    step: () => {
      steps++;
    },
    render: () => out.next(steps),
  });
}

describe('the page engine\'s fixed step', () => {
  it('defaults: "default 1/60 s, the step option" and "at most maxSteps steps (default 4)"', () => {
    const engine = createEngine();
    expect(engine.step).toBe(DEFAULT_STEP_SECONDS);
    expect(DEFAULT_STEP_SECONDS).toBe(1 / 60);
    expect(engine.maxSteps).toBe(DEFAULT_MAX_STEPS);
    expect(DEFAULT_MAX_STEPS).toBe(4);
    engine.destroy();
  });

  it(
    '"runs as many steps as fit": the first frame is worth 0, then each 10 ms frame one 10 ms step, a 25 ms frame two with the rest carried',
    marbles((m) => {
      const vsyncs = m.hot('  -a-b-c-d-e-|', { a: 0, b: 10, c: 20, d: 45, e: 50 });
      const expected = '      -0-1-1-2-1-';
      const frames = marbleFrames(vsyncs);
      const engine = createEngine({ ...quiet, step: 0.01, frames });
      const out = new Subject<number>();
      countSteps(engine, out);
      engine.start();
      m.expect(out).toBeObservable(expected, { 0: 0, 1: 1, 2: 2 });
      m.flush();
      expect(engine.stats()).toMatchObject({ frames: 5, steps: 5, dropped: 0 });
      engine.destroy();
    }),
  );

  it(
    '"A slow frame runs at most maxSteps steps ... and drops the rest": a 1 s stall runs 4 steps, drops 0.96 s, "the next frame starts fresh"',
    marbles((m) => {
      const vsyncs = m.hot('  -a-b----c-d-|', { a: 0, b: 10, c: 1010, d: 1020 });
      const expected = '      -0-1----4-1-';
      const frames = marbleFrames(vsyncs);
      const engine = createEngine({ ...quiet, step: 0.01, frames });
      const out = new Subject<number>();
      countSteps(engine, out);
      engine.start();
      m.expect(out).toBeObservable(expected, { 0: 0, 1: 1, 4: 4 });
      m.flush();
      const { dropped, steps } = engine.stats();
      expect(steps).toBe(6);
      expect(dropped).toBeCloseTo(0.96, 9); // 1000 ms less 4 steps of 10 ms, in seconds
      engine.destroy();
    }),
  );

  it('maxSteps is the cap: maxSteps 2 runs 2 steps of a 50 ms frame and drops 30 ms', () => {
    const engine = createEngine({ ...quiet, step: 0.01, maxSteps: 2 });
    let steps = 0;
    engine.add({ step: () => void steps++ });
    engine.advance(0.05);
    expect(steps).toBe(2);
    expect(engine.stats().dropped).toBeCloseTo(0.03, 9);
    engine.destroy();
  });

  it('the step hook is handed the fixed step in seconds, render the alpha: 25 ms on 10 ms steps is 2 steps and alpha 0.5', () => {
    const engine = createEngine({ ...quiet, step: 0.01 });
    const dts: number[] = [];
    let alpha = NaN;
    engine.add({ step: (_e, dt) => void dts.push(dt), render: (_e, a) => void (alpha = a) });
    engine.advance(0.025);
    expect(dts).toEqual([0.01, 0.01]);
    expect(alpha).toBeCloseTo(0.5, 9);
    expect(engine.alpha).toBeCloseTo(0.5, 9);
    engine.destroy();
  });

  it('"so a game runs the same on a 30 Hz phone and a 144 Hz monitor": one second of frames at either rate is 60 steps and the same state', () => {
    const simulate = (hz: number) => {
      const frames = testFrames();
      const engine = createEngine({ ...quiet, frames });
      let x = 0;
      let v = 1;
      engine.add({
        step: (_e, dt) => {
          x += v * dt;
          v -= 0.5 * dt;
        },
      });
      engine.start();
      for (let i = 0; i <= hz; i++) frames.tick((i * 1000) / hz); // the first frame is worth 0: then exactly 1 s
      const result = { steps: engine.stats().steps, x };
      engine.destroy();
      return result;
    };
    const phone = simulate(30);
    const monitor = simulate(144);
    expect(phone.steps).toBe(60);
    expect(monitor.steps).toBe(60);
    expect(phone.x).toBe(monitor.x);
  });

  it('"N deltas of exactly one step yield exactly N steps": 600 frames of 1/60 s are 600 steps, nothing dropped', () => {
    const engine = createEngine(quiet);
    for (let i = 0; i < 600; i++) engine.advance(1 / 60);
    expect(engine.stats()).toMatchObject({ frames: 600, steps: 600, dropped: 0 });
    engine.destroy();
  });

  it('"engine.advance(seconds) runs time by hand, with no clock at all": no frame is requested and Node needs no requestAnimationFrame', () => {
    const frames = testFrames();
    const engine = createEngine({ ...quiet, frames });
    const order: string[] = [];
    engine.add({ read: () => void order.push('read'), step: () => void order.push('step'), render: () => void order.push('render') });
    engine.advance(2 / 60);
    expect(order).toEqual(['read', 'step', 'step', 'render']);
    expect(frames.requests).toBe(0);
    // In Node there is no requestAnimationFrame, and advance never needs one.
    const headless = createEngine(quiet);
    headless.add({ step: () => {} });
    headless.advance(0.1);
    expect(headless.stats().steps).toBe(4);
    engine.destroy();
    headless.destroy();
  });

  it('advance refuses a bad time and a call from inside the engine\'s own frame', () => {
    const engine = createEngine(quiet);
    expect(() => engine.advance(-1)).toThrow('engine.advance: seconds must be a finite number >= 0, got -1');
    expect(() => engine.advance(NaN)).toThrow('got NaN');
    const errors: unknown[] = [];
    const nested = createEngine({ pause: false, onError: (e) => void errors.push(e) });
    nested.add({ step: (e) => e.advance(1) });
    nested.advance(1 / 60);
    expect(String(errors[0])).toContain("engine.advance: called inside a frame of");
    engine.destroy();
    nested.destroy();
  });

  it('"every resume starts with an empty accumulator": time carried before a pause is not simulated after it', () => {
    const frames = testFrames();
    const engine = createEngine({ ...quiet, step: 0.01, frames });
    let steps = 0;
    engine.add({ step: () => void steps++ });
    engine.start();
    frames.tick(0);
    frames.tick(19); // one step, 9 ms carried
    expect(steps).toBe(1);
    engine.pause();
    engine.resume();
    frames.tick(5000); // no baseline after a resume: worth 0
    frames.tick(5002); // 2 ms: the 9 ms carried before the pause are gone, so no step
    expect(steps).toBe(1);
    expect(engine.stats().dropped).toBe(0); // the paused time was never owed
    engine.destroy();
  });
});
