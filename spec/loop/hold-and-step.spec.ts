import { describe, expect, it } from 'vitest';
import { constantClock, createLoop, manualTicks, nullBackend, wallClock } from '../../src/index.js';
import { phaseOrder } from '../../src/testing/index.js';
import { Actor, createWorldEngine } from '../../src/engines/world/index.js';
import { marbles } from '../marbles.js';

// Issue 19, item 2: "Whatever a preset keeps beside the loop becomes a loop
// capability if two presets need it (a clock restart that keeps the caller's
// clock, single-step, a tick gate, an advance policy "finish the frame, then
// throw the first error")". The world and systems engines hold their loop
// while a level or scene loads (and the systems engine while paused); the
// runtime single-steps; the state engine throws from advance().

const quiet = { onError: () => {} };

describe('loop.hold(): the tick gate of a load or a pause that asks for no frames', () => {
  it(
    'no tick reaches the clock while held; the release starts the clock fresh, so the time held is not charged',
    marbles((m) => {
      const ticks = m.hot('  -a--b--c--d--e--|', { a: 0, b: 30, c: 60, d: 90, e: 120 });
      const order = '        -u--------u--u--';
      const loop = createLoop({ ticks, clock: wallClock(), phases: ['update'], ...quiet });
      const deltas: number[] = [];
      loop.on('update', (dt) => void deltas.push(dt * 1000));
      loop.start();
      let release: () => void = () => {};
      m.scheduler.schedule(() => (release = loop.hold()), 2); // after a, before b
      m.scheduler.schedule(() => release(), 8); // after c, before d
      m.expect(phaseOrder(loop)).toBeObservable(order, { u: 'update' });
      m.flush();
      // a: the first tick (no baseline); d: the first after the hold, no baseline again (not 90 - 0); e: measured from d.
      expect(deltas).toEqual([0, 0, 30]);
      expect(loop.stats().ticks, 'b and c never reached the loop').toBe(3);
    }),
  );

  it('while held the loop asks its host for nothing and advance() runs nothing; holds nest; a release is idempotent', () => {
    const host = manualTicks();
    const loop = createLoop({ ticks: host.ticks$, clock: constantClock(10), phases: ['update'] });
    loop.start();
    const first = loop.hold();
    const second = loop.hold();
    expect(loop.held).toBe(true);
    expect(loop.running, 'not taking host ticks while held').toBe(false);
    expect(loop.advance()).toBe(false);
    first();
    first(); // idempotent: the second hold is still outstanding
    expect(loop.advance()).toBe(false);
    second();
    expect(loop.held).toBe(false);
    expect(loop.running).toBe(true);
    expect(loop.advance()).toBe(true);
    expect(loop.frame().count).toBe(1);
  });

  it('"a caller\'s loop.setClock() survives a level load" (engine.setClock, now that the loop an engine shows is read-only): the world engine restarts the clock it has, it never re-installs one of its own', async () => {
    let load!: () => void;
    const engine = createWorldEngine({
      backend: nullBackend(),
      levels: {
        first: (world) => void world.spawn(new Actor()),
        second: () => new Promise<void>((resolve) => (load = resolve)),
      },
      startLevel: 'first',
      ticks: manualTicks().ticks$,
      clock: constantClock(10),
    });
    engine.setClock(constantClock(25)); // the caller's clock
    engine.advance();
    expect(engine.frame().lastDeltaMs).toBe(25);
    engine.world.openLevel('second');
    engine.advance(); // performs the transition: the load is in flight
    expect(engine.transitioning).toBe(true);
    expect(engine.advance(), '"the loop runs no frame while one is in flight"').toBe(false);
    load();
    await engine.ready;
    engine.advance();
    expect(engine.frame().lastDeltaMs, 'still the caller\'s clock after the level load').toBe(25);
    engine.destroy();
  });
});

describe('loop.step(): the runtime\'s single step, as a loop capability', () => {
  it('"One step advances one fixed tick and produces a current presentation pose": a paused frame runs once, one fixed step, alpha 1', () => {
    const loop = createLoop({
      ticks: manualTicks().ticks$,
      clock: constantClock(5),
      fixedStep: { stepMs: 20 },
      phases: ['input', { name: 'tick', fixed: true, pausable: true }, { name: 'update', pausable: true }, 'render'],
    });
    const log: string[] = [];
    loop.on('tick', (dt) => void log.push(`tick ${dt}`));
    loop.on('update', (dt) => void log.push(`update ${dt}`));
    loop.paused = true;
    loop.advance();
    expect(log, 'paused: nothing pausable runs').toEqual([]);
    loop.step();
    loop.advance();
    expect(log, 'the step: one tick, and update handed the step, not the frame\'s 5 ms').toEqual(['tick 0.02', 'update 0.02']);
    expect(loop.alpha, 'the frame shows the step it made').toBe(1);
    expect(loop.frame().activeMs, 'active time moved by the step').toBe(20);
    log.length = 0;
    loop.advance();
    expect(log, 'one step only').toEqual([]);
  });

  it('a step asked for in a phase before the fixed phases makes that frame the step (the runtime reads N in its input phase)', () => {
    const loop = createLoop({
      ticks: manualTicks().ticks$,
      clock: constantClock(5),
      fixedStep: { stepMs: 20 },
      phases: ['input', { name: 'tick', fixed: true, pausable: true }],
    });
    let ticks = 0;
    loop.on('input', () => loop.step());
    loop.on('tick', () => void ticks++);
    loop.paused = true;
    loop.advance();
    expect(ticks).toBe(1);
  });

  it('does nothing while running: a running frame plans its steps as usual', () => {
    const loop = createLoop({ ticks: manualTicks().ticks$, clock: constantClock(5), fixedStep: { stepMs: 20 }, phases: [{ name: 'tick', fixed: true }] });
    let ticks = 0;
    loop.on('tick', () => void ticks++);
    loop.step();
    loop.advance();
    expect(ticks).toBe(0);
    expect(loop.alpha).toBe(0.25);
  });
});

describe('advanceErrors: "finish the frame, then throw the first error"', () => {
  it("'throw': every phase of the frame runs, every error is reported, then advance() throws the first", () => {
    const reported: unknown[] = [];
    const loop = createLoop({ ticks: manualTicks().ticks$, phases: ['update', 'render'], advanceErrors: 'throw', onError: (e) => void reported.push(e) });
    let rendered = false;
    loop.on('update', () => {
      throw new Error('first');
    });
    loop.on('render', () => {
      rendered = true;
      throw new Error('second');
    });
    expect(() => loop.advance()).toThrow('phase "update" of frame 1 threw: first');
    expect(rendered).toBe(true);
    expect(reported).toHaveLength(2);
  });

  it("refuses anything but 'report' or 'throw', naming the option", () => {
    expect(() => createLoop({ ticks: manualTicks().ticks$, phases: ['u'], advanceErrors: 'yes' as never })).toThrow(
      `createLoop: advanceErrors must be 'report' or 'throw', got "yes"`,
    );
  });
});
