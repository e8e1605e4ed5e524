import { DEFAULT_MAX_DELTA_MS } from '../../operators/clamp-delta.js';
import { createDeltaBaseline, measureDelta } from '../../operators/deltas.js';
import { fromStep, type StepOperator } from '../../operators/step-operator.js';
import { checkOptionKeys, nonNegativeFinite, optionsObject } from '../../operators/validate.js';

/** Options of {@link wallClock}. */
export interface WallClockOptions {
  /** The most one frame can be worth, in milliseconds. Defaults to {@link DEFAULT_MAX_DELTA_MS} (250). */
  maxDeltaMs?: number;
}

/**
 * The clock that reports the time that actually elapsed: each delta is this
 * timestamp minus the previous tick's, floored at 0 and clamped to
 * `maxDeltaMs`.
 *
 * The first tick after the clock starts has no baseline and reports 0: a frame
 * worth nothing, still counted. A tab that stopped receiving frames resumes as
 * though the game paused for the gap; a timestamp behind the previous one
 * advances nothing and becomes the new baseline.
 *
 * ```text
 * timestamps  --1000--1016--1033--5000--4990--5006--|
 *             wallClock()
 * deltas      --0-----16----17----250---0-----16----|
 * ```
 *
 * It is `pipeSteps(deltas(), clampDelta(maxDeltaMs))`, written as one step
 * (`measureDelta`, then the clamp): the clock every loop calls every tick,
 * kept small enough for the engine to inline into the loop's tick
 * (bench/RESULTS.md).
 *
 * @example
 * ```ts
 * import { animationFrames, createLoop, wallClock } from 'tickflow';
 *
 * const loop = createLoop({ ticks: animationFrames(), clock: wallClock({ maxDeltaMs: 100 }), phases: ['update'] });
 * ```
 *
 * @throws {OptionError} when `maxDeltaMs` is not a finite number >= 0.
 */
export function wallClock(options?: WallClockOptions): StepOperator<number, number> {
  optionsObject('wallClock', options, true);
  checkOptionKeys('wallClock', options, ['maxDeltaMs']);
  const { maxDeltaMs = DEFAULT_MAX_DELTA_MS } = options ?? {};
  nonNegativeFinite('wallClock', 'maxDeltaMs', maxDeltaMs);
  return fromStep(() => {
    const baseline = createDeltaBaseline();
    return (timestampMs) => {
      const deltaMs = measureDelta(baseline, timestampMs); // undefined for a timestamp that is not finite
      // clampDeltaMs(deltaMs, maxDeltaMs, 0), for a delta known to be a number.
      return deltaMs === undefined ? undefined : deltaMs < 0 ? 0 : deltaMs > maxDeltaMs ? maxDeltaMs : deltaMs;
    };
  });
}
