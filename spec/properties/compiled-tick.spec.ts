import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { createLoop, manualTicks, pacedClock, wallClock, type Clock, type Loop } from '../../src/index.js';
import { compiledTickCount, frameCompilerSettings } from '../../src/loop/frame-compiler.js';

// A loop compiles its tick (clock step, frame counter, fixed-step plan,
// every phase) into one function once its listeners and clock hold still
// (src/loop/frame-compiler.ts). That is a speed-up and nothing else: issue #2
// names one set of loop rules, and the compiled tick must keep every one.
// So: the same random script (ticks, handlers added and removed from
// outside and from inside frames, phase-stream subscribers, pausing from inside and outside, handlers
// that throw) runs on a loop that compiles from its first tick and on one
// that never compiles, and the two must record the same history.

const PHASES = [
  'input',
  { name: 'physics', fixed: true, pausable: true },
  { name: 'constraints', fixed: true },
  { name: 'update', pausable: true },
  'render',
] as const;
type Name = 'input' | 'physics' | 'constraints' | 'update' | 'render';
const NAMES: readonly Name[] = ['input', 'physics', 'constraints', 'update', 'render'];

/** What a handler does when it runs, besides recording its call. */
type Act =
  | { kind: 'log' }
  | { kind: 'throw' }
  | { kind: 'add'; phase: Name; act: 'log' | 'throw' | 'remove-self' }
  | { kind: 'remove-self' }
  | { kind: 'remove'; which: number }
  | { kind: 'pause'; paused: boolean };

/** One step of the script, from outside any frame. */
type Step =
  | { kind: 'tick'; gapMs: number }
  | { kind: 'add'; phase: Name; act: Act }
  | { kind: 'subscribe'; phase: Name }
  | { kind: 'remove'; which: number }
  | { kind: 'pause'; paused: boolean };

const phaseName = fc.constantFrom(...NAMES);
const act: fc.Arbitrary<Act> = fc.oneof(
  { weight: 6, arbitrary: fc.constant<Act>({ kind: 'log' }) },
  { weight: 1, arbitrary: fc.constant<Act>({ kind: 'throw' }) },
  {
    weight: 2,
    arbitrary: fc.record({ phase: phaseName, act: fc.constantFrom('log' as const, 'throw' as const, 'remove-self' as const) }).map(
      ({ phase, act }): Act => ({ kind: 'add', phase, act }),
    ),
  },
  { weight: 1, arbitrary: fc.constant<Act>({ kind: 'remove-self' }) },
  { weight: 1, arbitrary: fc.nat(20).map((which): Act => ({ kind: 'remove', which })) },
  { weight: 1, arbitrary: fc.boolean().map((paused): Act => ({ kind: 'pause', paused })) },
);
const step: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 8,
    arbitrary: fc
      .oneof(
        fc.double({ min: 0, max: 40, noNaN: true }),
        fc.constantFrom(0, 10, 1000 / 60, 250, 400, -5, Number.NaN),
      )
      .map((gapMs): Step => ({ kind: 'tick', gapMs })),
  },
  { weight: 3, arbitrary: fc.record({ phase: phaseName, act }).map(({ phase, act }): Step => ({ kind: 'add', phase, act })) },
  { weight: 1, arbitrary: phaseName.map((phase): Step => ({ kind: 'subscribe', phase })) },
  { weight: 1, arbitrary: fc.nat(20).map((which): Step => ({ kind: 'remove', which })) },
  { weight: 1, arbitrary: fc.boolean().map((paused): Step => ({ kind: 'pause', paused })) },
);

/** Runs a script on one loop and returns everything observable that happened. */
function run(script: readonly Step[], clock: () => Clock, compileFrames: boolean): unknown[] {
  const history: unknown[] = [];
  const host = manualTicks(1000);
  const loop: Loop<Name> = createLoop({
    ticks: host.ticks$,
    clock: clock(),
    phases: PHASES,
    fixedStep: { stepMs: 10, maxSteps: 3, overflow: 'keep-fraction' },
    onError: (error) => history.push(['error', error.phase, error.frame, String((error.cause as Error).message)]),
    compileFrames,
  });
  const removers: (() => void)[] = [];
  let nextId = 0;

  const add = (phase: Name, what: Act): void => {
    const id = nextId++;
    const subscription = loop.on(phase, (seconds) => {
      history.push([id, phase, loop.frame().count, seconds, loop.paused]);
      switch (what.kind) {
        case 'throw':
          throw new Error(`handler ${id}`);
        case 'add':
          add(what.phase, { kind: what.act } as Act);
          break;
        case 'remove-self':
          subscription.unsubscribe();
          break;
        case 'remove':
          removers[what.which % removers.length]?.();
          break;
        case 'pause':
          loop.paused = what.paused;
          break;
      }
    });
    removers.push(() => subscription.unsubscribe());
  };

  loop.start();
  for (const s of script) {
    switch (s.kind) {
      case 'tick':
        host.tick(host.nowMs + s.gapMs);
        history.push(['frame', loop.frame(), loop.plan(), loop.stats()]);
        break;
      case 'add':
        add(s.phase, s.act);
        break;
      case 'subscribe': {
        // A phase stream's subscriber (attached directly, see Broadcast.asObservable).
        const id = nextId++;
        const subscription = loop.phase(s.phase).subscribe((seconds) => history.push([id, s.phase, loop.frame().count, seconds]));
        removers.push(() => subscription.unsubscribe());
        break;
      }
      case 'remove':
        removers[s.which % Math.max(1, removers.length)]?.();
        break;
      case 'pause':
        loop.paused = s.paused;
        break;
    }
  }
  loop.destroy();
  return history;
}

describe('the compiled tick does what the general path does', () => {
  const defaultStableFrames = frameCompilerSettings.stableFrames;
  beforeAll(() => {
    frameCompilerSettings.stableFrames = 0; // compile from the first tick of every listener set
  });
  afterAll(() => {
    frameCompilerSettings.stableFrames = defaultStableFrames;
  });

  const clocks: [string, () => Clock][] = [
    ['wallClock', () => wallClock({ maxDeltaMs: 120 })],
    ['pacedClock', () => pacedClock({ fps: 50 })],
  ];
  it.each(clocks)(
    'same frames, plans, phase calls, seconds, errors and stats under %s, whatever handlers do to the loop mid-frame',
    (_name, clock) => {
      const before = compiledTickCount();
      fc.assert(
        fc.property(fc.array(step, { minLength: 1, maxLength: 60 }), (script) => {
          expect(run(script, clock, true)).toEqual(run(script, clock, false));
        }),
        { numRuns: 300 },
      );
      // The property is only worth something if the compiled side compiled.
      expect(compiledTickCount()).toBeGreaterThan(before + 300);
    },
  );
});
