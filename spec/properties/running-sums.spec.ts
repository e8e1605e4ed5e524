// Issue 22, the class behind defect 1: "every running sum saturates (one
// helper, used everywhere a sum grows)". DESIGN.md, bad input: timestamps and
// deltas from the host "are never trusted: non-finite or backwards values are
// handled by the rules above, never propagated as NaN". Whatever a host hands
// an engine, every number it reports stays finite: its stats, its frame, and
// the time it hands game code.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createEngine } from '../../src/engines/page/index.js';
import { createRuntime } from '../../src/engines/runtime/index.js';
import { createSystemsEngine, SceneSystem, type SceneSystemOptions } from '../../src/engines/systems/index.js';

const never = { subscribe: () => ({ unsubscribe() {} }) };

/** Host timestamps at their worst: any double, the extremes often, and runs that alternate 0 and the largest. */
const hostileTimestamps = fc.array(
  fc.oneof(
    { weight: 3, arbitrary: fc.double() },
    { weight: 3, arbitrary: fc.constantFrom(0, Number.MAX_VALUE, 1e308, -Number.MAX_VALUE, Infinity, -Infinity, Number.NaN) },
    { weight: 1, arbitrary: fc.double({ min: 0, max: 1e4, noNaN: true }) },
  ),
  { minLength: 1, maxLength: 80 },
);

/** Every number in `value` (an object of numbers, nested), by path, that is not finite. */
function nonFinite(value: unknown, path = ''): string[] {
  if (typeof value === 'number') return Number.isFinite(value) ? [] : [`${path} = ${value}`];
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, inner]) => nonFinite(inner, path === '' ? key : `${path}.${key}`));
}

describe('property: every running sum saturates, whatever the host hands an engine', () => {
  it('the runtime: stats(), frame() and its loop\'s stats stay finite for any timestamps', () => {
    fc.assert(
      fc.property(hostileTimestamps, (timestamps) => {
        const runtime = createRuntime({ scene: { objects: [{ name: 'marker' }] }, ticks: never, onError: (error) => { throw error; } });
        for (const t of timestamps) {
          runtime.advance(t);
          expect(nonFinite({ stats: runtime.stats(), frame: runtime.frame(), loop: runtime.loop.stats() })).toEqual([]);
        }
        runtime.destroy();
      }),
    );
  });

  it('the systems engine: stats(), frame() and every Time field stay finite for any timestamps, at any maxFrameDelta', async () => {
    await fc.assert(
      fc.asyncProperty(hostileTimestamps, fc.constantFrom(250, 1e308, Number.MAX_VALUE), async (timestamps, maxFrameDelta) => {
        const seen: number[] = [];
        class Reader extends SceneSystem {
          constructor(private readonly options: SceneSystemOptions) {
            super();
          }
          update(): void {
            const { deltaTime, elapsedTime, alpha, fixedDeltaTime } = this.options.time;
            seen.push(deltaTime, elapsedTime, alpha, fixedDeltaTime);
          }
        }
        const engine = createSystemsEngine({
          scenes: [{ id: 'main', systems: [Reader] }],
          startSceneId: 'main',
          ticks: never,
          globalOptions: { performance: { maxFrameDelta } },
          onError: (error) => { throw error; },
        });
        await engine.play();
        for (const t of timestamps) {
          engine.advance(t);
          expect(nonFinite({ stats: engine.stats(), frame: engine.frame(), time: { ...engine.time } })).toEqual([]);
        }
        expect(seen.every(Number.isFinite)).toBe(true);
        engine.destroy();
      }),
    );
  });

  it('the page engine: stats(), frame() and alpha stay finite for any advance(seconds), and a frame runs at most maxSteps', () => {
    const seconds = fc.array(
      fc.oneof(fc.double({ min: 0, noNaN: true, noDefaultInfinity: true }), fc.constantFrom(0, 1 / 60, 1e305, 1e306, Number.MAX_VALUE)),
      { minLength: 1, maxLength: 80 },
    );
    fc.assert(
      fc.property(seconds, fc.integer({ min: 1, max: 8 }), (frames, maxSteps) => {
        const engine = createEngine({ maxSteps, pause: false, onError: (error) => { throw error; } });
        let steps = 0;
        engine.add({ read: () => void (steps = 0), step: () => void steps++ });
        for (const s of frames) {
          engine.advance(s);
          expect(steps).toBeLessThanOrEqual(maxSteps);
          // "A slow frame runs at most maxSteps steps ... and drops the rest": a frame of a whole step or more runs one at least.
          if (s * 1000 >= 1000 / 60) expect(steps).toBeGreaterThan(0);
          expect(nonFinite({ stats: engine.stats(), frame: engine.frame(), alpha: engine.alpha })).toEqual([]);
        }
        engine.destroy();
      }),
    );
  });
});
