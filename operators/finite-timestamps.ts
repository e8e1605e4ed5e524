import { fromStep, type StepOperator } from './step-operator.js';
/**
 * Declines a timestamp that is not a finite number: the one rule every clock
 * shares ("a timestamp that is not a finite number is declined and leaves the
 * baseline unchanged"), and `capFps(0)`, no cap at all.
 *
 * ```text
 * timestamps   --0---NaN---16---Infinity---33--|
 *              finiteTimestamps()
 * kept         --0---------16--------------33--|
 * ```
 */
export function finiteTimestamps(): StepOperator<number, number> {
  return fromStep(() => (timestampMs) => (typeof timestampMs === 'number' && Number.isFinite(timestampMs) ? timestampMs : undefined));
}
