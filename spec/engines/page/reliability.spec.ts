// The page engine under what a host or a page can hand it (issue 22). Each
// case failed before its fix; the words are quoted in each name.
import { describe, expect, it } from 'vitest';
import { OptionError } from '../../../operators/option-error.js';
import { createEngine, DEFAULT_MAX_STEPS } from '../../../src/engines/page/index.js';

const quiet = { onError: () => {}, pause: false as const };

describe('issue 22: the page engine', () => {
  // "Dropped-time counters overflow to `Infinity`: ... the page engine's `stats().dropped`.
  // Every other running sum saturates; this one does not."
  it('#1: stats().dropped stays finite however much time frames drop ("every running sum saturates")', () => {
    const engine = createEngine(quiet);
    engine.add({ step() {} });
    for (let i = 0; i < 4; i++) engine.advance(1e305); // 1e308 ms each: four of them overflow a float64 sum
    const { dropped, droppedMs, fps } = engine.stats();
    expect(Number.isFinite(dropped)).toBe(true);
    expect(Number.isFinite(droppedMs)).toBe(true);
    expect(Number.isFinite(fps)).toBe(true);
    expect(dropped).toBeGreaterThan(1e305);
    expect(Number.isFinite(engine.frame().timeMs)).toBe(true);
    engine.destroy();
  });

  // "Page engine `advance(1e306)` and `advance(Number.MAX_VALUE)` run 0 steps and count nothing as
  // dropped (seconds × 1000 overflows and the accumulator ignores Infinity), where docs/page-engine.md
  // says a slow frame runs `maxSteps` and shows the rest in `dropped`."
  it('#5: advance(1e306) and advance(Number.MAX_VALUE) run maxSteps and show the rest in dropped', () => {
    const engine = createEngine(quiet);
    let steps = 0;
    engine.add({ step: () => void steps++ });
    engine.advance(1e306);
    expect(steps).toBe(DEFAULT_MAX_STEPS);
    expect(engine.stats().dropped).toBeGreaterThan(1e305);
    engine.advance(Number.MAX_VALUE);
    expect(steps).toBe(2 * DEFAULT_MAX_STEPS);
    expect(engine.stats().steps).toBe(2 * DEFAULT_MAX_STEPS);
    expect(Number.isFinite(engine.stats().dropped)).toBe(true);
    engine.destroy();
  });

  // "page `fps: 1e-320` pass[es] the factory and fail[s] only at `start()`, naming ... `intervalMs`;
  // page `step: 1e306` fails as "stepMs ... got Infinity"."
  it('#12: fps: 1e-320 and step: 1e306 are refused by createEngine, naming fps and step', () => {
    expect(() => createEngine({ fps: 1e-320 })).toThrow(OptionError);
    expect(() => createEngine({ fps: 1e-320 })).toThrow('createEngine: fps must be a rate whose interval 1000 / fps is finite, got 1e-320');
    expect(() => createEngine({ step: 1e306 })).toThrow(
      'createEngine: step must be a number of seconds whose step in ms (step × 1000) is finite, got 1e+306',
    );
  });

  // "`createEngine({ events: 2 ** 40 })` throws `RangeError: Invalid array length`, not an option error."
  it('#13: createEngine({ events: 2 ** 40 }) is an OptionError naming events and its bound, not "Invalid array length"', () => {
    let thrown: unknown;
    try {
      createEngine({ events: 2 ** 40 });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(OptionError);
    expect((thrown as OptionError).message).toBe('createEngine: events must be a whole number from 1 to 65536, got 1099511627776');
  });
});
