import { pace } from '../../operators/pace.js';
import { OptionError } from '../../operators/option-error.js';
import { buildClock, withStep, type Clock } from './clock.js';
import { createPacingGrid, pacingStep } from '../../operators/pacing-grid.js';

/** Options of {@link pacedClock}: a rate or an interval, not both. */
export type PacedClockOptions = { fps: number; intervalMs?: never } | { intervalMs: number; fps?: never };

/**
 * The clock that reports its own fixed interval: frames on an ideal grid,
 * each worth exactly one interval, whatever the tick's real arrival time
 * (see {@link pace} for the grid's rules).
 *
 * ```text
 * host 60 Hz   a---b---c---d---e---f---g
 *              pacedClock({ fps: 30 })
 * deltas       x-------x-------x-------x        x = 33.3 ms
 * ```
 *
 * @example
 * ```ts
 * import { createLoop, pacedClock, animationFrames } from 'tickflow';
 *
 * const loop = createLoop({ ticks: animationFrames(), clock: pacedClock({ fps: 30 }), phases: ['update'] });
 * ```
 *
 * @throws {OptionError} unless exactly one of `fps` or `intervalMs` is a finite number > 0.
 */
export function pacedClock(options: PacedClockOptions): Clock {
  const { fps, intervalMs } = (options ?? {}) as { fps?: number; intervalMs?: number };
  if (fps !== undefined && intervalMs !== undefined) {
    throw new OptionError('pacedClock', 'fps', 'given alone, not with intervalMs', fps);
  }
  if (fps !== undefined) {
    if (typeof fps !== 'number' || !Number.isFinite(fps) || fps <= 0) {
      throw new OptionError('pacedClock', 'fps', 'a finite number > 0', fps);
    }
    return paced(1000 / fps);
  }
  if (intervalMs === undefined) {
    throw new OptionError('pacedClock', 'fps or intervalMs', 'given', undefined);
  }
  return buildClock('pacedClock', () => paced(intervalMs));
}

function paced(intervalMs: number): Clock {
  return withStep(pace(intervalMs), () => {
    const grid = createPacingGrid(intervalMs);
    return (timestampMs) => (pacingStep(grid, timestampMs) ? intervalMs : undefined);
  });
}
