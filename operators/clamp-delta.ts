import { fromStep, type StepOperator } from './step-operator.js';
import { OptionError } from './option-error.js';

/**
 * How much a single frame may be worth at most, in milliseconds: 250, a
 * quarter of a second. A tab that was hidden for minutes resumes as though the
 * game paused, instead of replaying the gap (the "death spiral" a fixed-step
 * loop would fall into trying to catch up).
 */
export const DEFAULT_MAX_DELTA_MS = 250;

/**
 * The step function behind {@link clampDelta}: bounds one delta to
 * `[minMs, maxMs]`. `NaN` is declined (`undefined`); infinities clamp like any
 * other number.
 */
export function clampDeltaMs(deltaMs: number, maxMs: number, minMs: number): number | undefined {
  if (typeof deltaMs !== 'number' || Number.isNaN(deltaMs)) return undefined;
  return deltaMs < minMs ? minMs : deltaMs > maxMs ? maxMs : deltaMs;
}

/**
 * Bounds each delta to `[minMs, maxMs]`: a ceiling on what one frame can be
 * worth and a floor (0 by default) so a timestamp that went backwards advances
 * nothing.
 *
 * ```text
 * deltas       --0---16---900---(-10)---17--|
 *              clampDelta(250)
 * clamped      --0---16---250----0------17--|
 * ```
 *
 * A `NaN` delta is declined, never passed on.
 *
 * @example
 * ```ts
 * import { of } from 'rxjs';
 * import { clampDelta } from 'tickflow/operators';
 *
 * of(16, 900, -10).pipe(clampDelta(250)).subscribe(console.log); // 16, 250, 0
 * ```
 *
 * @param maxMs The ceiling, a finite number >= `minMs`. Use
 * {@link DEFAULT_MAX_DELTA_MS} for the usual 250.
 * @param minMs The floor, a finite number >= 0; defaults to 0.
 * @return An operator from deltas (ms) to bounded deltas (ms).
 */
export function clampDelta(maxMs: number, minMs = 0): StepOperator<number, number> {
  if (typeof minMs !== 'number' || !Number.isFinite(minMs) || minMs < 0) {
    throw new OptionError('clampDelta', 'minMs', 'a finite number >= 0', minMs);
  }
  if (typeof maxMs !== 'number' || !Number.isFinite(maxMs) || maxMs < minMs) {
    throw new OptionError('clampDelta', 'maxMs', `a finite number >= minMs (${minMs})`, maxMs);
  }
  return fromStep(() => (deltaMs) => clampDeltaMs(deltaMs, maxMs, minMs));
}
