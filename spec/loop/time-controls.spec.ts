import { describe, expect, it } from 'vitest';
import { pipe } from 'rxjs';
import {
  clampDelta,
  deltas,
  fromStep,
  pipeSteps,
  scaleDelta,
} from '../../operators/index.js';
import {
  constantClock,
  createLoop,
  FRAME_RATE_WINDOW,
  manualTicks,
  OptionError,
  pacedClock,
  sequenceClock,
  wallClock,
  whileVisible,
} from '../../src/index.js';
import { marbles } from '../marbles.js';
import { itPassesTheOperatorMatrix } from '../operator-matrix.js';

// Issue 8, item 6: "Time controls that peers have and tickflow lacks (Bevy,
// PixiJS, Excalibur, three.js each have them), each an operator or a loop
// method, marble-tested, documented with the failure it prevents."

const H = 1000 / 60;

describe('a time scale (slow motion, bullet time): loop.timeScale and scaleDelta()', () => {
  it(
    '"composes with the clamp in a documented order": the clamp bounds the real gap first, then the scale says what it is worth',
    marbles((m) => {
      const ticks = m.hot('  -a---b---c----d--|', { a: 0, b: 16, c: 1016, d: 1032 });
      const loop = createLoop({ ticks, clock: wallClock({ maxDeltaMs: 250 }), phases: ['update'], onError: () => {} });
      loop.timeScale = 0.5;
      loop.start();
      // 16 -> 8 ms; a 1000 ms hitch clamps to 250, then halves to 125 (scaling
      // first would have let 500 ms through the clamp as 250).
      m.expect(loop.phase('update')).toBeObservable('-w---x---y----z---', { w: 0, x: 0.008, y: 0.125, z: 0.008 });
    }),
  );

  it('0 freezes game time while frames still run and count; a bad scale is refused by name', () => {
    const loop = createLoop({ ticks: manualTicks().ticks$, clock: constantClock(16), phases: ['update'] });
    loop.timeScale = 0;
    loop.advance();
    loop.advance();
    expect(loop.frame()).toMatchObject({ count: 2, timeMs: 0 });
    expect(() => {
      loop.timeScale = -1;
    }).toThrow(new OptionError('timeScale', 'timeScale', 'a finite number >= 0', -1));
    expect(() => {
      loop.timeScale = NaN;
    }).toThrow('timeScale: timeScale must be a finite number >= 0, got NaN');
  });

  it(
    'scaleDelta(0.5) after clampDelta(250): the same order as an operator pipe',
    marbles((m) => {
      const source = m.cold('  -a--b---c-|', { a: 16, b: 900, c: 17 });
      m.expect(source.pipe(pipeSteps(clampDelta(250), scaleDelta(0.5)))).toBeObservable('-x--y---z-|', { x: 8, y: 125, z: 8.5 });
    }),
  );

  itPassesTheOperatorMatrix(() => scaleDelta(2), 16);
});

describe('changing the fixed step and the clamp while running "without losing the accumulated time or a frame"', () => {
  it('setFixedStep keeps the time accumulated: 15 ms held against a 20 ms step makes three 5 ms steps at once', () => {
    const loop = createLoop({
      ticks: manualTicks().ticks$,
      clock: sequenceClock([15, 0]),
      fixedStep: { stepMs: 20, maxSteps: 4 },
      phases: [{ name: 'physics', fixed: true }, 'render'],
    });
    const steps: number[] = [];
    loop.on('physics', (stepSeconds) => steps.push(stepSeconds));
    loop.advance(); // 15 ms, no step yet
    expect(loop.plan()).toMatchObject({ steps: 0, alpha: 0.75 });
    loop.setFixedStep({ stepMs: 5 });
    loop.advance(); // 0 ms more: the 15 ms held run now
    expect(steps).toEqual([0.005, 0.005, 0.005]);
    expect(loop.plan()).toMatchObject({ steps: 3, stepMs: 5, alpha: 0 });
    expect(loop.frame().count).toBe(2);
  });

  it('a single step while paused is one step of the step in force: after setFixedStep, not the last frame\'s plan', () => {
    // Found by the runtime's save/restore property: a restore changed the step while paused, and step() ran the old one.
    const loop = createLoop({ ticks: manualTicks().ticks$, clock: constantClock(20), fixedStep: { stepMs: 20 }, phases: [{ name: 'physics', fixed: true, pausable: true }] });
    const steps: number[] = [];
    loop.on('physics', (stepSeconds) => steps.push(stepSeconds));
    loop.advance(); // one 20 ms step
    loop.paused = true;
    loop.setFixedStep({ stepMs: 10 });
    loop.step();
    loop.advance();
    expect(steps).toEqual([0.02, 0.01]);
    expect(loop.plan()).toMatchObject({ steps: 1, stepMs: 10, alpha: 1 });
    expect(loop.frame().activeMs).toBe(30);
  });

  it('setFixedStep refuses a bad option by name and leaves the step as it was', () => {
    const loop = createLoop({ ticks: manualTicks().ticks$, fixedStep: { stepMs: 20 }, phases: [{ name: 'physics', fixed: true }] });
    expect(() => loop.setFixedStep({ stepMs: -1 })).toThrow('setFixedStep: stepMs must be a finite number > 0, got -1');
    expect(() => loop.setFixedStep({ stepms: 5 } as never)).toThrow("setFixedStep: unknown option 'stepms'; did you mean 'stepMs'?");
    loop.advance(0);
    expect(loop.plan().stepMs).toBe(20);
    const plain = createLoop({ ticks: manualTicks().ticks$, phases: ['update'] });
    expect(() => plain.setFixedStep({ stepMs: 5 })).toThrow(OptionError);
  });

  it(
    'setClock(wallClock({ maxDeltaMs: 100 }), { keepBaseline: true }) tightens the clamp and the next tick is measured from the latest one',
    marbles((m) => {
      const ticks = m.hot('  -a---b---c---d---|', { a: 0, b: 16, c: 32, d: 332 });
      const loop = createLoop({ ticks, clock: wallClock(), phases: ['update'], onError: () => {} });
      loop.start();
      m.scheduler.schedule(() => loop.setClock(wallClock({ maxDeltaMs: 100 }), { keepBaseline: true }), 6);
      // c measures 16 from b (no fresh 0 frame); d's 300 ms clamps at the new 100.
      m.expect(loop.phase('update')).toBeObservable('-w---x---y---z----', { w: 0, x: 0.016, y: 0.016, z: 0.1 });
    }),
  );

  it(
    'without keepBaseline a new clock starts with no baseline ("a new clock starts with no baseline")',
    marbles((m) => {
      const ticks = m.hot('  -a---b---c---|', { a: 0, b: 16, c: 32 });
      const loop = createLoop({ ticks, clock: wallClock(), phases: ['update'], onError: () => {} });
      loop.start();
      m.scheduler.schedule(() => loop.setClock(wallClock({ maxDeltaMs: 100 })), 6);
      m.expect(loop.phase('update')).toBeObservable('-w---x---y----', { w: 0, x: 0.016, y: 0 });
    }),
  );
});

describe('active time: "simulated time that stops while paused, beside timeMs"', () => {
  it('frame().activeMs sums the deltas of unpaused frames; timeMs sums them all', () => {
    const loop = createLoop({ ticks: manualTicks().ticks$, clock: constantClock(10), phases: [{ name: 'update', pausable: true }, 'render'] });
    loop.advance();
    loop.advance();
    loop.paused = true;
    loop.advance();
    loop.advance();
    loop.advance();
    loop.paused = false;
    loop.advance();
    expect(loop.frame()).toEqual({ count: 6, timeMs: 60, activeMs: 30, lastDeltaMs: 10 });
  });
});

describe('page visibility: whileVisible(clock) declines ticks while the page is hidden and restarts the baseline on return', () => {
  it(
    '"Firefox keeps firing rAF in hidden tabs at 1-8 s": those ticks are declined, and the first tick back is worth 0, not the absence',
    marbles((m) => {
      const page = { hidden: false };
      const ticks = m.hot('  -a---b---c---d---e---f--|', { a: 0, b: 16, c: 2000, d: 6000, e: 9000, f: 9016 });
      const loop = createLoop({ ticks, clock: whileVisible(wallClock(), { document: page }), phases: ['update'], onError: () => {} });
      loop.start();
      m.scheduler.schedule(() => (page.hidden = true), 7);
      m.scheduler.schedule(() => (page.hidden = false), 15);
      m.expect(loop.phase('update')).toBeObservable('-w---x-----------y---z---', { w: 0, x: 0.016, y: 0, z: 0.016 });
      m.flush();
      expect(loop.stats().declined).toBe(2);
    }),
  );

  it('wraps any clock, an RxJS pipe included, and refuses what is not a clock or has no document', () => {
    const page = { hidden: false };
    const loop = createLoop({ ticks: manualTicks().ticks$, clock: whileVisible(pipe(deltas(), clampDelta(50)), { document: page }), phases: ['update'] });
    const seen: number[] = [];
    loop.on('update', (dt) => seen.push(dt));
    loop.advance(0);
    loop.advance(16);
    page.hidden = true;
    loop.advance(1000);
    page.hidden = false;
    loop.advance(5000);
    loop.advance(5100);
    expect(seen).toEqual([0, 0.016, 0, 0.05]);
    expect(() => whileVisible(42 as never)).toThrow('whileVisible: clock must be a clock');
    expect(() => whileVisible(wallClock(), { document: undefined })).toThrow('whileVisible: document must be an object with a boolean hidden');
  });
});

describe('a frame-rate reading: loop.stats().fps, and the speed of simulated time against real time', () => {
  it(`frames per second of host time over the last ${FRAME_RATE_WINDOW} frames`, () => {
    const loop = createLoop({ ticks: manualTicks().ticks$, clock: wallClock(), phases: ['update'] });
    expect(loop.stats().fps).toBe(0);
    for (let i = 0; i < 100; i++) loop.advance(i * H);
    expect(loop.stats().fps).toBeCloseTo(60, 6);
    for (let i = 100; i < 200; i++) loop.advance(100 * H + (i - 100) * (1000 / 30));
    expect(loop.stats().fps).toBeCloseTo(30, 6);
  });

  it('issue 13: "A paced clock above the display rate plays in slow motion ... the loop\'s stats report simulated speed against real time"', () => {
    const loop = createLoop({ ticks: manualTicks().ticks$, clock: pacedClock({ fps: 120 }), phases: ['update'] });
    for (let i = 0; i < 100; i++) loop.advance(i * H);
    expect(loop.stats().fps).toBeCloseTo(60, 6);
    expect(loop.stats().speed).toBeCloseTo(0.5, 6); // 8.33 ms of game time per 16.7 ms frame
    const realTime = createLoop({ ticks: manualTicks().ticks$, clock: wallClock(), phases: ['update'] });
    for (let i = 0; i < 100; i++) realTime.advance(i * H);
    expect(realTime.stats().speed).toBeCloseTo(1, 6);
  });
});

describe('a one-shot listener: loop.once(name, handler)', () => {
  it(
    'runs the next time its phase runs, then never again',
    marbles((m) => {
      const ticks = m.hot('  -a---b---c--|', { a: 0, b: 16, c: 32 });
      const loop = createLoop({ ticks, clock: wallClock(), phases: ['update', 'render'], onError: () => {} });
      const seen: string[] = [];
      loop.once('render', (dt) => seen.push(`once ${dt}`));
      loop.on('render', (dt) => seen.push(`on ${dt}`));
      loop.start();
      m.flush();
      expect(seen).toEqual(['once 0', 'on 0', 'on 0.016', 'on 0.016']);
    }),
  );

  it('in a fixed phase it runs for one step only; a throw is reported and it is removed all the same; unsubscribe cancels it', () => {
    const errors: unknown[] = [];
    const loop = createLoop({
      ticks: manualTicks().ticks$,
      clock: constantClock(50),
      fixedStep: { stepMs: 10, maxSteps: 10 },
      phases: [{ name: 'physics', fixed: true }, 'render'],
      onError: (e) => errors.push(e.cause),
    });
    let once = 0;
    loop.once('physics', () => once++);
    const boom = new Error('boom');
    loop.once('render', () => {
      throw boom;
    });
    let cancelled = 0;
    loop.once('render', () => cancelled++).unsubscribe();
    loop.advance();
    loop.advance();
    expect(once).toBe(1);
    expect(errors).toEqual([boom]);
    expect(cancelled).toBe(0);
  });
});

describe('fromStep(): "one helper turns a step function into an operator"', () => {
  const total = () =>
    fromStep(() => {
      let sum = 0;
      return (n: number) => (sum += n);
    });

  it(
    'state per subscription; `undefined` emits nothing; a throwing step errors the stream',
    marbles((m) => {
      const source = m.cold('  -a-b-c-|', { a: 1, b: 2, c: 3 });
      m.expect(source.pipe(total())).toBeObservable('-x-y-z-|', { x: 1, y: 3, z: 6 });
      const odd = fromStep(() => (n: number) => (n % 2 === 1 ? n : undefined));
      m.expect(source.pipe(odd)).toBeObservable('-x---z-|', { x: 1, z: 3 });
      const bad = fromStep(() => (n: number) => {
        if (n === 2) throw new Error('no');
        return n;
      });
      m.expect(source.pipe(bad)).toBeObservable('-x-#', { x: 1 }, new Error('no'));
    }),
  );

  it('its start() is the same function, with no stream: a loop, a scheduler or a bench calls it per value', () => {
    const step = total().start();
    expect([step(1), step(2), step(3)]).toEqual([1, 3, 6]);
  });

  itPassesTheOperatorMatrix(() => total(), 1);
});
