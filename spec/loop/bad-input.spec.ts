import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Subject } from 'rxjs';
import {
  capFps,
  clampDelta,
  deltas,
  fixedStep,
  pace,
  sequenceDeltas,
  seededDeltas,
} from '../../operators/index.js';
import {
  animationFrames,
  constantClock,
  createLoop,
  manualTicks,
  OptionError,
  pacedClock,
  PhaseError,
  seededClock,
  timerTicks,
  wallClock,
  type Clock,
} from '../../src/index.js';

// Issue 12, "Loop and hosts": each case failed on main before this change.
// "Bad input gets a clear error that names the option, the value and the
// rule, before anything starts" (DESIGN: "Bad input").

const quiet = { onError: () => {} };

describe('a ticks source that errors or completes: "Report it (phase ticks) and stop"', () => {
  it('an erroring source: reported with phase "ticks", running is false, start() takes it up again', () => {
    const reported: PhaseError[] = [];
    const ticks = new Subject<number>();
    const loop = createLoop({ ticks, clock: constantClock(16), phases: ['update'], onError: (e) => reported.push(e) });
    loop.start();
    ticks.next(0);
    ticks.error(new Error('host gone'));
    expect(loop.running).toBe(false);
    expect(reported.map((e) => [e.phase, (e.cause as Error).message])).toEqual([['ticks', 'host gone']]);
    const again = new Subject<number>();
    const loop2 = createLoop({ ticks: again, clock: constantClock(16), phases: ['update'], ...quiet });
    loop2.start();
    again.complete();
    expect(loop2.running).toBe(false);
    const host = manualTicks();
    const restartable = createLoop({ ticks: host.ticks$, clock: constantClock(16), phases: ['update'] });
    restartable.start();
    host.advance();
    expect(restartable.frame().count).toBe(1);
  });

  it('a completing source: reported, and the loop stops (start() subscribes again)', () => {
    const reported: PhaseError[] = [];
    let subscriptions = 0;
    const ticks = {
      subscribe(observer: { next: (t: number) => void; complete: () => void }) {
        subscriptions++;
        observer.next(0);
        observer.complete();
        return { unsubscribe() {} };
      },
    };
    const loop = createLoop({ ticks, clock: constantClock(16), phases: ['update'], onError: (e) => reported.push(e) });
    loop.start();
    expect(loop.running).toBe(false);
    expect(loop.frame().count).toBe(1);
    expect(reported[0]).toMatchObject({ phase: 'ticks' });
    loop.start();
    expect(subscriptions).toBe(2);
    expect(loop.frame().count).toBe(2);
  });
});

describe('manualTicks(): one bad tick must not poison the rest', () => {
  it('"after one non-finite tick emits NaN forever": no longer; the NaN is declined and advance() goes on from the last finite time', () => {
    const host = manualTicks();
    const loop = createLoop({ ticks: host.ticks$, clock: wallClock(), phases: ['update'] });
    const seen: number[] = [];
    loop.on('update', (dt) => seen.push(dt));
    loop.start();
    host.advance(10);
    host.tick(NaN);
    host.advance(16);
    host.advance(16);
    expect(host.nowMs).toBe(42);
    expect(seen).toEqual([0, 0.016, 0.016]);
  });

  it('refuses a start or a tick that is not a number: manualTicks(NaN), manualTicks("0"), manualTicks(null), tick("5")', () => {
    expect(() => manualTicks(NaN)).toThrow('manualTicks: startMs must be a finite number, got NaN');
    expect(() => manualTicks('0' as never)).toThrow('manualTicks: startMs must be a finite number, got "0"');
    expect(() => manualTicks(null as never)).toThrow('got null');
    expect(() => manualTicks().tick('5' as never)).toThrow('manualTicks.tick: timestampMs must be a number, got "5"');
    expect(() => manualTicks(1e308).advance(1e308)).toThrow(OptionError);
  });
});

describe('"Wrong-shaped options silently become defaults": refused instead', () => {
  const host = () => manualTicks().ticks$;
  const cases: Array<[string, () => unknown, string]> = [
    ['wallClock(100)', () => wallClock(100 as never), 'wallClock: options must be an options object, or nothing, got 100'],
    ['fixedStep(16)', () => fixedStep(16 as never), 'fixedStep: options must be an options object, or nothing, got 16'],
    // Issue 22 #14: "`createLoop({ fixedStep: 16 })` says "options must be an options object, got 16" (it should name `fixedStep`)"
    ['createLoop({ fixedStep: 16 })', () => createLoop({ ticks: host(), phases: ['u'], fixedStep: 16 as never }), 'createLoop: fixedStep must be an options object { stepMs, maxSteps, overflow, snap }, got 16'],
    ["pausable: 'yes'", () => createLoop({ ticks: host(), phases: [{ name: 'u', pausable: 'yes' as never }] }), 'createLoop: phases[0].pausable must be true or false, got "yes"'],
    ['fixed: 1', () => createLoop({ ticks: host(), phases: [{ name: 'u', fixed: 1 as never }] }), 'createLoop: phases[0].fixed must be true or false, got 1'],
    ["failFast: 'no'", () => createLoop({ ticks: host(), phases: ['u'], failFast: 'no' as never }), 'createLoop: failFast must be true or false, got "no"'],
    ['phases: [1]', () => createLoop({ ticks: host(), phases: [1 as never] }), 'createLoop: phases[0] must be a phase name or { name, pausable?, fixed? }, got 1'],
    ['pacedClock({ fps: 1e-320 }) names fps', () => pacedClock({ fps: 1e-320 }), 'pacedClock: fps must be a rate whose interval 1000 / fps is finite'],
    ['capFps(1e-320) fails when built, not at subscribe', () => capFps(1e-320), 'capFps: fps must be a rate whose interval 1000 / fps is finite'],
    ["timerTicks({ now: 'x' })", () => timerTicks({ now: 'x' as never }), 'timerTicks: now must be a function returning a timestamp in ms, got "x"'],
    ['animationFrames({})', () => animationFrames({} as never), 'animationFrames: scheduler must be an object with requestAnimationFrame and cancelAnimationFrame functions'],
    ['createLoop(undefined)', () => createLoop(undefined as never), 'createLoop: options must be an options object, got undefined'],
  ];
  it.each(cases)('%s', (_name, build, message) => {
    expect(build).toThrow(OptionError);
    expect(build).toThrow(message);
  });
});

describe('"Unknown option keys are ignored in every factory ... Refuse them with the closest known name"', () => {
  const host = () => manualTicks().ticks$;
  const cases: Array<[string, () => unknown, string]> = [
    ['createLoop', () => createLoop({ ticks: host(), phases: ['u'], fixedstep: {} } as never), "createLoop: unknown option 'fixedstep'; did you mean 'fixedStep'?"],
    ['createLoop fixedStep', () => createLoop({ ticks: host(), phases: ['u'], fixedStep: { stepMS: 5 } } as never), "createLoop: unknown option 'stepMS'; did you mean 'stepMs'?"],
    ['a phase spec', () => createLoop({ ticks: host(), phases: [{ name: 'u', pauseable: true }] } as never), "createLoop: unknown option 'pauseable'; did you mean 'pausable'?"],
    ['wallClock', () => wallClock({ maxDeltaMS: 100 } as never), "wallClock: unknown option 'maxDeltaMS'; did you mean 'maxDeltaMs'?"],
    ['pacedClock', () => pacedClock({ fsp: 30 } as never), "pacedClock: unknown option 'fsp'; did you mean 'fps'?"],
    ['seededClock', () => seededClock({ seed: 1, minMs: 1, maxMs: 2, mx: 3 } as never), "seededClock: unknown option 'mx'"],
    ['seededDeltas', () => seededDeltas({ seed: 1, minMs: 1, maxms: 2 } as never), "seededDeltas: unknown option 'maxms'; did you mean 'maxMs'?"],
    ['fixedStep', () => fixedStep({ maxStep: 3 } as never), "fixedStep: unknown option 'maxStep'; did you mean 'maxSteps'?"],
    ['timerTicks', () => timerTicks({ interval: 5 } as never), "timerTicks: unknown option 'interval'; did you mean 'intervalMs'?"],
    ['setClock', () => createLoop({ ticks: host(), phases: ['u'] }).setClock(wallClock(), { keep: true } as never), "setClock: unknown option 'keep'"],
    ['createLoop compileFrames (removed in 0.2.0)', () => createLoop({ ticks: host(), phases: ['u'], compileFrames: false } as never), "createLoop: unknown option 'compileFrames'"],
  ];
  it.each(cases)('%s', (_name, build, message) => {
    expect(build).toThrow(message);
  });
});

describe('"Finite but absurd magnitudes break invariants ... Whatever comes in, what goes out is finite and in range"', () => {
  it("keep-fraction with a delta of 1e17 ms keeps alpha in [0, 1) (it was 9.4e55)", () => {
    const plans: number[] = [];
    const step = fixedStep({ stepMs: 1000 / 60, maxSteps: 4, overflow: 'keep-fraction' }).start();
    for (const d of [1e17, 1e300, 16, 1e-300]) plans.push(step(d)!.alpha);
    for (const alpha of plans) expect(alpha >= 0 && alpha < 1).toBe(true);
  });

  it('deltas() of timestamps ±1e308 saturates (it emitted ±Infinity)', () => {
    const step = deltas().start();
    expect([step(-1e308), step(1e308), step(-1e308)]).toEqual([0, Number.MAX_VALUE, -Number.MAX_VALUE]);
  });

  it('a custom clock emitting 1e308 leaves timeMs finite (it became Infinity)', () => {
    const absurd: Clock = (source) => source.pipe(sequenceDeltas([1e308]));
    const loop = createLoop({ ticks: manualTicks().ticks$, clock: absurd, phases: ['update'] });
    loop.advance();
    loop.advance();
    loop.advance();
    expect(Number.isFinite(loop.frame().timeMs)).toBe(true);
    expect(Number.isFinite(loop.frame().activeMs)).toBe(true);
  });
});

// The classes of bug, kept out by properties.
const anything = fc.anything({ withBigInt: true, withNullPrototype: true, withObjectString: true, withTypedArray: true });

describe('property: option objects of arbitrary shape are refused with an OptionError or run (never silently misread, never a TypeError)', () => {
  const factories: Array<[string, (options: unknown) => unknown]> = [
    ['createLoop', (o) => createLoop(o as never)],
    ['createLoop({ ticks, phases, ...o })', (o) => createLoop({ ticks: manualTicks().ticks$, phases: ['u'], ...(o as object) } as never)],
    ['wallClock', (o) => wallClock(o as never)],
    ['pacedClock', (o) => pacedClock(o as never)],
    ['seededClock', (o) => seededClock(o as never)],
    ['fixedStep', (o) => fixedStep(o as never)],
    ['timerTicks', (o) => timerTicks(o as never)],
    ['capFps', (o) => capFps(o as never)],
    ['pace', (o) => pace(o as never)],
    ['clampDelta', (o) => clampDelta(o as never)],
    ['manualTicks', (o) => manualTicks(o as never)],
  ];
  it.each(factories)('%s', (_name, build) => {
    fc.assert(
      fc.property(fc.oneof(anything, fc.record({ maxDeltaMs: anything, fps: anything, stepMs: anything, maxSteps: anything, seed: anything, minMs: anything, maxMs: anything }, { requiredKeys: [] })), (options) => {
        try {
          build(options);
        } catch (error) {
          expect(error).toBeInstanceOf(OptionError);
        }
      }),
      { numRuns: 200 },
    );
  });
});

describe('property: host values of arbitrary type never reach game code as anything but a finite number >= 0', () => {
  const clocks: Array<[string, () => Clock]> = [
    ['wallClock', () => wallClock()],
    ['pacedClock', () => pacedClock({ fps: 30 })],
    ['constantClock', () => constantClock(16)],
  ];
  it.each(clocks)('%s', (_name, clock) => {
    fc.assert(
      fc.property(fc.array(fc.oneof(anything, fc.double(), fc.double({ min: -1e308, max: 1e308 })), { maxLength: 60 }), (values) => {
        const ticks = new Subject<unknown>();
        const loop = createLoop({ ticks: ticks as never, clock: clock(), fixedStep: { overflow: 'keep-fraction' }, phases: [{ name: 'physics', fixed: true }, 'update'] });
        const seen: number[] = [];
        loop.on('physics', (s) => seen.push(s));
        loop.on('update', (dt) => {
          seen.push(dt);
          seen.push(loop.alpha);
        });
        loop.start();
        for (const value of values) ticks.next(value);
        for (const n of seen) expect(typeof n === 'number' && Number.isFinite(n) && n >= 0).toBe(true);
        const { timeMs, activeMs, lastDeltaMs } = loop.frame();
        for (const n of [timeMs, activeMs, lastDeltaMs]) expect(Number.isFinite(n)).toBe(true);
        expect(loop.alpha >= 0 && loop.alpha < 1).toBe(true);
      }),
      { numRuns: 150 },
    );
  });
});
