import { fromStep, type StepOperator } from './step-operator.js';
import { nonNegativeFinite } from './validate.js';

/**
 * Multiplies each delta by a time scale: 0.5 plays at half speed (slow
 * motion, bullet time), 2 at double, 0 freezes time while frames still run.
 *
 * Put it after the clamp: the clamp bounds the *real* gap a frame can be
 * worth (a tab that was hidden for minutes), and the scale then says how
 * much game time that real time is. Scaling first would let a slow motion of
 * 0.1 turn a 2 s hitch into 200 ms of game time that the clamp no longer
 * catches, and a speed-up of 4 would clamp ordinary frames. A loop's
 * `timeScale` is applied in this same place, after its clock.
 *
 * ```text
 * deltas      --16---900---17--|
 *             clampDelta(250), then scaleDelta(0.5)
 * scaled      --8----125---8.5-|
 * ```
 *
 * @example
 * ```ts
 * import { of } from 'rxjs';
 * import { clampDelta, pipeSteps, scaleDelta } from 'tickflow/operators';
 *
 * of(16, 900).pipe(pipeSteps(clampDelta(250), scaleDelta(0.5))).subscribe(console.log); // 8, 125
 * ```
 *
 * @param factor The time scale, a finite number >= 0.
 * @return An operator from deltas (ms) to scaled deltas (ms).
 * @throws {OptionError} when `factor` is not a finite number >= 0.
 */
export function scaleDelta(factor: number): StepOperator<number, number> {
  nonNegativeFinite('scaleDelta', 'factor', factor);
  return fromStep(() => (deltaMs) => scaleDeltaMs(deltaMs, factor));
}

/**
 * The step function behind {@link scaleDelta}: one delta times the scale, or
 * `undefined` for a delta that is not a number. The product saturates at
 * `Number.MAX_VALUE`, so what comes out is finite.
 */
export function scaleDeltaMs(deltaMs: number, factor: number): number | undefined {
  if (typeof deltaMs !== 'number' || Number.isNaN(deltaMs)) return undefined;
  const scaledMs = deltaMs * factor;
  return Number.isFinite(scaledMs) ? scaledMs : Number.isNaN(scaledMs) ? 0 : Math.sign(scaledMs) * Number.MAX_VALUE;
}
