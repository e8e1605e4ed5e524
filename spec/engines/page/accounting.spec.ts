import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createEngine } from '../../../src/engines/page/index.js';

// DESIGN.md (Fixed-step rules): "Dropped time is counted, never silently
// lost: over any run, steps·step + dropped + acc equals the sum of the
// deltas." For the page engine: steps·step + stats().dropped + alpha·step.

describe('the page engine\'s time accounting (property)', () => {
  it('steps · step + dropped + alpha · step equals the time advanced, for any frames, step and maxSteps', () => {
    fc.assert(
      fc.property(
        fc.array(fc.double({ min: 0, max: 0.5, noNaN: true }), { maxLength: 60 }),
        fc.constantFrom(1 / 60, 1 / 30, 0.01, 1 / 144),
        fc.integer({ min: 1, max: 8 }),
        (frames, step, maxSteps) => {
          const engine = createEngine({ step, maxSteps, pause: false });
          let steps = 0;
          engine.add({ step: () => void steps++ });
          let total = 0;
          for (const seconds of frames) {
            engine.advance(seconds);
            total += seconds;
          }
          const { dropped } = engine.stats();
          expect(steps * step + dropped + engine.alpha * step).toBeCloseTo(total, 6);
          expect(engine.stats().steps).toBe(steps);
          engine.destroy();
        },
      ),
    );
  });
});
