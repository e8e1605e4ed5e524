import { fromStep, type StepOperator } from './step-operator.js';
import { OptionError } from './option-error.js';
import { createPacingGrid, pacingStep } from './pacing-grid.js';
import { finiteTimestamps } from './finite-timestamps.js';
import { rateOption } from './validate.js';

/**
 * Caps how often the loop runs, skipping whole iterations: a tick on the
 * paced grid passes through with its real timestamp, the others are dropped.
 *
 * Unlike {@link pace}, a cap does not decide what a frame is worth: the
 * timestamps it lets through are real, so a {@link deltas} after it measures
 * the real time between kept ticks (about one interval, more after a stall).
 * On a skipped iteration nothing downstream runs at all. The grid is the same
 * as `pace`'s ({@link pacingStep}).
 *
 * `fps` of 0 or `Infinity` means uncapped: every finite timestamp passes
 * (a starter configuration's `maxFPS: 0` means exactly that).
 *
 * ```text
 * host 60 Hz   a---b---c---d---e
 *              capFps(30)
 * kept         a-------c-------e
 * ```
 *
 * @example
 * ```ts
 * import { of } from 'rxjs';
 * import { capFps, deltas } from 'tickflow/operators';
 *
 * of(0, 16.7, 33.3, 50, 66.7).pipe(capFps(30), deltas()).subscribe(console.log); // 0, 33.3, 33.4
 * ```
 *
 * @param fps The cap in frames per second: a finite number > 0, or 0 or
 * `Infinity` for no cap.
 * @return An operator from host timestamps to the timestamps kept (ms).
 * @throws {OptionError} when `fps` is negative or not a number.
 */
export function capFps(fps: number): StepOperator<number, number> {
  if (typeof fps !== 'number' || Number.isNaN(fps) || fps < 0) {
    throw new OptionError('capFps', 'fps', 'a number > 0, or 0 or Infinity for no cap', fps);
  }
  if (fps === 0 || fps === Infinity) return finiteTimestamps();
  const intervalMs = 1000 / rateOption('capFps', 'fps', fps);
  return fromStep(() => {
    const grid = createPacingGrid(intervalMs, 'capFps');
    return (timestampMs) => (pacingStep(grid, timestampMs) ? timestampMs : undefined);
  });
}

