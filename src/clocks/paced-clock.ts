import { OptionError } from '../../operators/option-error.js';
import { pace } from '../../operators/pace.js';
import type { StepOperator } from '../../operators/step-operator.js';
import { checkOptionKeys, optionsObject, rateOption } from '../../operators/validate.js';
import { buildClock } from './clock.js';

/** Options of {@link pacedClock}: a rate or an interval, not both. */
export type PacedClockOptions =
  | {
      /** The target rate in frames per second, a finite number > 0. */
      fps: number;
      /** Not with `fps`. */
      intervalMs?: never;
    }
  | {
      /** The grid's interval in milliseconds, a finite number > 0. */
      intervalMs: number;
      /** Not with `intervalMs`. */
      fps?: never;
    };

/**
 * The clock that reports its own fixed interval: frames on an ideal grid,
 * each worth exactly one interval, whatever the tick's real arrival time
 * (see {@link pace} for the grid's rules).
 *
 * A target above the display rate plays in slow motion, by the seed's rule:
 * paced 120 on a 60 Hz host delivers 60 frames a second worth 8.33 ms each,
 * so game time runs at half speed (`loop.stats().speed` reads 0.5).
 *
 * ```text
 * host 60 Hz   a---b---c---d---e---f---g
 *              pacedClock({ fps: 30 })
 * deltas       x-------x-------x-------x        x = 33.3 ms
 * ```
 *
 * @example
 * ```ts
 * import { animationFrames, createLoop, pacedClock } from 'tickflow';
 *
 * const loop = createLoop({ ticks: animationFrames(), clock: pacedClock({ fps: 30 }), phases: ['update'] });
 * ```
 *
 * @throws {OptionError} unless exactly one of `fps` or `intervalMs` is a finite number > 0 (for `fps`: with a finite interval).
 */
export function pacedClock(options: PacedClockOptions): StepOperator<number, number> {
  optionsObject('pacedClock', options);
  checkOptionKeys('pacedClock', options, ['fps', 'intervalMs']);
  const { fps, intervalMs } = options as { fps?: number; intervalMs?: number };
  if (fps !== undefined && intervalMs !== undefined) {
    throw new OptionError('pacedClock', 'fps', 'given alone, not with intervalMs', fps);
  }
  if (fps !== undefined) {
    return pace(1000 / rateOption('pacedClock', 'fps', fps));
  }
  if (intervalMs === undefined) {
    throw new OptionError('pacedClock', 'fps or intervalMs', 'given', undefined);
  }
  return buildClock('pacedClock', () => pace(intervalMs));
}
