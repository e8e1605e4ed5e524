import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { NEVER } from 'rxjs';
import {
  accumulate,
  createStepAccumulator,
  createStepPlan,
  fixedStep,
  type OverflowPolicy,
  type StepPlan,
} from '../../operators/index.js';
import { constantClock, createLoop, sequenceClock } from '../../src/index.js';
import { emissionsPerInput } from './arbitraries.js';

// DESIGN.md, fixed-step rules: "An accumulator adds each frame's delta and
// runs `floor(acc / step)` steps, at most `maxSteps`. Each frame yields a
// plan: `{ steps, stepMs, alpha, droppedMs }`, `alpha = acc / step` in [0, 1).
// ... Dropped time is counted, never silently lost: over any run,
// `steps·step + dropped + acc` equals the sum of the deltas. N deltas of
// exactly one step yield exactly N steps (no floating-point drift)."

const overflow = fc.constantFrom<OverflowPolicy>('keep-fraction', 'drop-backlog');

const stepMs = fc.oneof(
  fc.constantFrom(1000 / 60, 20, 1000 / 144, 1000 / 50, 1000 / 30),
  fc.double({ min: 0.1, max: 100, noNaN: true }),
);

/**
 * Frame deltas as a loop meets them: ordinary frames, zeros, slivers,
 * stalls, exact multiples of the step, and huge values, up to 1e12 ms
 * (a clock that jumped 30 years). `stepMs` is needed for the multiples.
 */
const frameDeltas = (step: number) =>
  fc.array(
    fc.oneof(
      { weight: 5, arbitrary: fc.double({ min: 0, max: 3 * step, noNaN: true }) },
      { weight: 1, arbitrary: fc.constant(0) },
      { weight: 1, arbitrary: fc.double({ min: Number.MIN_VALUE, max: 1e-6, noNaN: true }) },
      { weight: 2, arbitrary: fc.integer({ min: 1, max: 12 }).map((n) => n * step) },
      { weight: 1, arbitrary: fc.double({ min: 0, max: 10_000, noNaN: true }) },
      { weight: 1, arbitrary: fc.double({ min: 0, max: 1e12, noNaN: true }) },
    ),
    { maxLength: 200 },
  );

const accumulatorCase = fc
  .record({ stepMs, maxSteps: fc.integer({ min: 1, max: 10 }), overflow })
  .chain((options) => fc.tuple(fc.constant(options), frameDeltas(options.stepMs)));

/**
 * The tolerance of the conservation check. Each frame does a handful of
 * floating-point operations (an add, a multiply, a subtract or two), each
 * rounding by at most half an ulp of operands no larger than the total so
 * far, and the test's own sums round as often. So the books can be off by at
 * most a few ulps of the total per frame: 8·ε per frame, relative to the
 * total plus one step. That is under 4e-13 of the total for 200 frames, far
 * under any real loss (one lost step of 1/144 s is 7e-12 of even a 1e12 ms
 * total, and 1e-7 of the 200-frame totals the properties mostly draw).
 */
function conservationToleranceMs(frames: number, totalMs: number, step: number): number {
  return 8 * Math.max(frames, 1) * Number.EPSILON * (totalMs + step);
}

describe('accumulate() (the step function), for any delta sequence and both overflow policies', () => {
  it('"dropped time is counted, never silently lost": steps·step + dropped + acc = Σ deltas', () => {
    fc.assert(
      fc.property(accumulatorCase, ([options, deltasMs]) => {
        const accumulator = createStepAccumulator(options);
        const plan = createStepPlan(options.stepMs);
        let totalMs = 0;
        let steps = 0;
        let droppedMs = 0;
        for (const deltaMs of deltasMs) {
          accumulate(accumulator, deltaMs, plan);
          totalMs += deltaMs;
          steps += plan.steps;
          droppedMs += plan.droppedMs;
        }
        const bookedMs = steps * options.stepMs + droppedMs + accumulator.accumulatedMs;
        const toleranceMs = conservationToleranceMs(deltasMs.length, totalMs, options.stepMs);
        expect(Math.abs(bookedMs - totalMs)).toBeLessThanOrEqual(toleranceMs);
        // The accumulator's own running total agrees with the plans it handed out.
        expect(Math.abs(accumulator.droppedTotalMs - droppedMs)).toBeLessThanOrEqual(toleranceMs);
      }),
      { numRuns: 500 },
    );
  });

  it('"alpha = acc / step in [0, 1)", steps never exceed maxSteps, dropped is never negative', () => {
    fc.assert(
      fc.property(accumulatorCase, ([options, deltasMs]) => {
        const accumulator = createStepAccumulator(options);
        const plan = createStepPlan(options.stepMs);
        const wrong = deltasMs.flatMap((deltaMs, frame) => {
          accumulate(accumulator, deltaMs, plan);
          const ok =
            Number.isInteger(plan.steps) &&
            plan.steps >= 0 &&
            plan.steps <= options.maxSteps &&
            plan.stepMs === options.stepMs &&
            plan.alpha >= 0 &&
            plan.alpha < 1 &&
            plan.droppedMs >= 0 &&
            // Nothing is dropped below the cap.
            (plan.steps === options.maxSteps || plan.droppedMs === 0);
          return ok ? [] : [`frame ${frame}, delta ${deltaMs}: ${JSON.stringify(plan)}`];
        });
        expect(wrong).toEqual([]);
      }),
      { numRuns: 500 },
    );
  });

  it('"drop-backlog drops all of it": a frame that hits the cap leaves nothing accumulated', () => {
    fc.assert(
      fc.property(accumulatorCase, ([options, deltasMs]) => {
        const accumulator = createStepAccumulator({ ...options, overflow: 'drop-backlog' });
        const plan = createStepPlan(options.stepMs);
        for (const deltaMs of deltasMs) {
          accumulate(accumulator, deltaMs, plan);
          if (plan.droppedMs > 0) expect(accumulator.accumulatedMs).toBe(0);
        }
      }),
      { numRuns: 200 },
    );
  });
});

describe('a loop with a fixed step, for any delta sequence and both overflow policies', () => {
  it('fixed steps run + dropped + alpha·step = the simulated time in frame().timeMs', () => {
    fc.assert(
      fc.property(accumulatorCase, ([options, deltasMs]) => {
        fc.pre(deltasMs.length > 0);
        const loop = createLoop({
          ticks: NEVER,
          clock: sequenceClock(deltasMs),
          fixedStep: options,
          phases: [{ name: 'physics', fixed: true }, 'render'],
        });
        let physicsRuns = 0;
        let overCap = 0;
        loop.on('physics', () => physicsRuns++);
        loop.on('render', () => {
          if (loop.plan().steps > options.maxSteps) overCap++;
        });
        loop.start();
        deltasMs.forEach((_, frame) => loop.advance(frame));

        const { timeMs } = loop.frame();
        const bookedMs = physicsRuns * options.stepMs + loop.stats().droppedMs + loop.alpha * options.stepMs;
        // alpha reads 0 when the accumulator sits a rounding below zero (a
        // remainder within 1e-9 of a step counts as the step), so allow that too.
        const toleranceMs = conservationToleranceMs(deltasMs.length, timeMs, options.stepMs) + 1e-9 * options.stepMs;
        expect(Math.abs(bookedMs - timeMs)).toBeLessThanOrEqual(toleranceMs);
        expect(overCap).toBe(0);
        expect(loop.alpha).toBeGreaterThanOrEqual(0);
        expect(loop.alpha).toBeLessThan(1);
        loop.destroy();
      }),
      { numRuns: 200 },
    );
  });
});

// "N deltas of exactly one step yield exactly N steps (no floating-point drift)."
describe('no floating-point drift', () => {
  const exactSteps = fc.constantFrom(1000 / 60, 20, 1000 / 144, 1000 / 50, 1000 / 30, 1000 / 120, 1000 / 165);

  it('N deltas of exactly stepMs give exactly N steps, one per frame', () => {
    fc.assert(
      fc.property(exactSteps, fc.integer({ min: 1, max: 5000 }), overflow, (step, n, policy) => {
        const accumulator = createStepAccumulator({ stepMs: step, maxSteps: 1, overflow: policy });
        const plan = createStepPlan(step);
        // One expect per run, not per frame: the loop is the hot part of this file.
        let firstOff: string | undefined;
        for (let frame = 0; frame < n && firstOff === undefined; frame++) {
          accumulate(accumulator, step, plan);
          if (plan.steps !== 1 || plan.droppedMs !== 0) firstOff = `frame ${frame}: ${JSON.stringify(plan)}`;
        }
        expect(firstOff).toBeUndefined();
      }),
      { numRuns: 100 },
    );
  });

  it('a step split into k equal pieces gives one step every k frames, exactly', () => {
    fc.assert(
      fc.property(exactSteps, fc.integer({ min: 1, max: 12 }), fc.integer({ min: 1, max: 500 }), overflow, (step, k, n, policy) => {
        const accumulator = createStepAccumulator({ stepMs: step, maxSteps: 4, overflow: policy });
        const plan = createStepPlan(step);
        const pieceMs = step / k;
        let steps = 0;
        let firstOff: string | undefined;
        for (let piece = 1; piece <= n * k && firstOff === undefined; piece++) {
          accumulate(accumulator, pieceMs, plan);
          steps += plan.steps;
          if (steps !== Math.floor(piece / k)) firstOff = `after piece ${piece}: ${steps} steps`;
        }
        expect(firstOff).toBeUndefined();
      }),
      { numRuns: 100 },
    );
  });

  it('the fixedStep() operator and a loop on constantClock(stepMs) give exactly N steps for N frames', () => {
    fc.assert(
      fc.property(exactSteps, fc.integer({ min: 1, max: 2000 }), overflow, (step, n, policy) => {
        const plans = emissionsPerInput(fixedStep({ stepMs: step, maxSteps: 4, overflow: policy }), new Array<number>(n).fill(step)).flat();
        expect(plans.map((p: StepPlan) => p.steps)).toEqual(new Array<number>(n).fill(1));

        const loop = createLoop({
          ticks: NEVER,
          clock: constantClock(step),
          fixedStep: { stepMs: step, maxSteps: 4, overflow: policy },
          phases: [{ name: 'physics', fixed: true }, 'render'],
        });
        let physicsRuns = 0;
        loop.on('physics', () => physicsRuns++);
        loop.start();
        for (let frame = 0; frame < n; frame++) loop.advance(frame);
        expect(physicsRuns).toBe(n);
        expect(loop.stats().droppedMs).toBe(0);
        loop.destroy();
      }),
      { numRuns: 40 },
    );
  });
});
