import { describe, expect, it } from 'vitest';
import {
  accumulate,
  clearAccumulated,
  createStepAccumulator,
  createStepPlan,
  DEFAULT_MAX_STEPS,
  DEFAULT_OVERFLOW,
  DEFAULT_STEP_MS,
  fixedStep,
  OptionError,
} from '../../operators/index.js';
import { marbles } from '../marbles.js';
import { itPassesTheOperatorMatrix } from '../operator-matrix.js';

// DESIGN.md, fixed-step rules: "An accumulator adds each frame's delta and
// runs floor(acc / step) steps, at most maxSteps ... Dropped time is counted,
// never silently lost: over any run, steps·step + dropped + acc equals the sum
// of the deltas. N deltas of exactly one step yield exactly N steps."

describe('accumulate (the step function)', () => {
  it('defaults: a 1/60 s step, 4 steps a frame, drop the backlog', () => {
    expect(DEFAULT_STEP_MS).toBe(1000 / 60);
    expect(DEFAULT_MAX_STEPS).toBe(4);
    expect(DEFAULT_OVERFLOW).toBe('drop-backlog');
    expect(createStepAccumulator()).toEqual({
      stepMs: DEFAULT_STEP_MS,
      maxSteps: DEFAULT_MAX_STEPS,
      overflow: DEFAULT_OVERFLOW,
      snap: 0,
      accumulatedMs: 0,
      snapCarryMs: 0,
      droppedTotalMs: 0,
    });
  });

  it('"Four frames of different lengths, and the fixed updates each one runs against a 20 ms step"', () => {
    // fixed-step-systems: "In one frame it may run several times, once, or not at all."
    const acc = createStepAccumulator({ stepMs: 20, maxSteps: 5 });
    const plan = createStepPlan(20);
    const frames = [16, 30, 45, 8].map((d) => ({ ...accumulate(acc, d, plan), accumulatedMs: acc.accumulatedMs }));
    expect(frames.map((f) => f.steps)).toEqual([0, 2, 2, 0]);
    expect(frames.map((f) => f.accumulatedMs)).toEqual([16, 6, 11, 19]);
    expect(frames.map((f) => f.alpha)).toEqual([0.8, 0.3, 0.55, 0.95]);
    expect(frames.every((f) => f.droppedMs === 0 && f.stepMs === 20)).toBe(true);
  });

  it('"keep-fraction": "Excess whole intervals are dropped and reported as dropped_time; the fractional remainder is retained"', () => {
    const acc = createStepAccumulator({ stepMs: 10, maxSteps: 4, overflow: 'keep-fraction' });
    const plan = accumulate(acc, 67, createStepPlan(10));
    expect(plan).toEqual({ steps: 4, stepMs: 10, alpha: expect.closeTo(0.7, 12), droppedMs: 20 });
    expect(acc.accumulatedMs).toBeCloseTo(7, 12);
    expect(acc.droppedTotalMs).toBe(20);
  });

  it('"drop-backlog": "When it hits that ceiling it discards the backlog instead of carrying it into the next frame"', () => {
    const acc = createStepAccumulator({ stepMs: 10, maxSteps: 4, overflow: 'drop-backlog' });
    const plan = accumulate(acc, 67, createStepPlan(10));
    expect(plan).toEqual({ steps: 4, stepMs: 10, alpha: 0, droppedMs: 27 });
    expect(acc.accumulatedMs).toBe(0);
    expect(acc.droppedTotalMs).toBe(27);
  });

  it('"N deltas of exactly one step yield exactly N steps (no floating-point drift)"', () => {
    for (const stepMs of [1000 / 60, 1000 / 144, 20, 1000 / 50, 1000 / 30]) {
      const acc = createStepAccumulator({ stepMs, maxSteps: 1 });
      const plan = createStepPlan(stepMs);
      let steps = 0;
      for (let i = 0; i < 100_000; i++) steps += accumulate(acc, stepMs, plan).steps;
      expect(steps).toBe(100_000);
      // and halves of a step, which sum a hair under a whole one in floating point
      let halves = 0;
      for (let i = 0; i < 20_000; i++) halves += accumulate(acc, stepMs / 2, plan).steps;
      expect(halves).toBe(10_000);
    }
  });

  it('counts a negative delta as nothing', () => {
    const acc = createStepAccumulator({ stepMs: 10 });
    expect(accumulate(acc, -50, createStepPlan(10)).steps).toBe(0);
    expect(acc.accumulatedMs).toBe(0);
  });

  it('clearAccumulated: "Pause clears accumulated wall time", without counting it as dropped', () => {
    const acc = createStepAccumulator({ stepMs: 10 });
    accumulate(acc, 7, createStepPlan(10));
    clearAccumulated(acc);
    expect(acc.accumulatedMs).toBe(0);
    expect(acc.droppedTotalMs).toBe(0);
  });

  it('rejects bad options with the option, the rule and the value', () => {
    expect(() => createStepAccumulator({ stepMs: 0 })).toThrow('fixedStep: stepMs must be a finite number > 0, got 0');
    expect(() => createStepAccumulator({ maxSteps: 0 })).toThrow('fixedStep: maxSteps must be a whole number >= 1, got 0');
    expect(() => createStepAccumulator({ maxSteps: 2.5 })).toThrow(OptionError);
    expect(() => createStepAccumulator({ overflow: 'catch-up' as never })).toThrow(
      `fixedStep: overflow must be 'keep-fraction' or 'drop-backlog', got "catch-up"`,
    );
  });
});

describe('fixedStep(options)', () => {
  it(
    'plans each frame: steps, the step, alpha and what was dropped',
    marbles((m) => {
      const deltas = m.hot('  -a-b-c-d-|', { a: 16, b: 30, c: 45, d: 100 });
      const expected = '      -p-q-r-s-|';
      m.expect(deltas.pipe(fixedStep({ stepMs: 20, maxSteps: 3 }))).toBeObservable(expected, {
        p: { steps: 0, stepMs: 20, alpha: 0.8, droppedMs: 0 },
        q: { steps: 2, stepMs: 20, alpha: 0.3, droppedMs: 0 },
        r: { steps: 2, stepMs: 20, alpha: 0.55, droppedMs: 0 },
        s: { steps: 3, stepMs: 20, alpha: 0, droppedMs: 51 },
      });
    }),
  );

  it(
    'hands out a fresh plan per frame (a value a stream emitted never changes later), and declines non-finite deltas',
    marbles((m) => {
      const deltas = m.hot('  -a-n-i-a-|', { a: 20, n: NaN, i: Infinity });
      const plan = { steps: 1, stepMs: 20, alpha: 0, droppedMs: 0 };
      m.expect(deltas.pipe(fixedStep({ stepMs: 20 }))).toBeObservable('-p-----p-|', { p: plan });
    }),
  );

  it('validates when built, before anything subscribes', () => {
    expect(() => fixedStep({ stepMs: -1 })).toThrow('fixedStep: stepMs must be a finite number > 0, got -1');
  });

  itPassesTheOperatorMatrix(() => fixedStep(), 16);
});
