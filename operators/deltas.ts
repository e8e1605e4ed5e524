import { fromStep, type StepOperator } from './step-operator.js';

/**
 * The baseline {@link deltas} measures from: the latest finite timestamp, or
 * `NaN` before the first one. A plain object so the arithmetic can be driven
 * directly, without a stream (benchmarks, schedulers, docs).
 */
export interface DeltaBaseline {
  /** The latest finite timestamp, in ms; `NaN` before the first. */
  previousMs: number;
}

/** A baseline with nothing before it: the next finite tick measures 0. */
export function createDeltaBaseline(): DeltaBaseline {
  return { previousMs: NaN };
}

/**
 * The step function behind {@link deltas}: measures one timestamp against the
 * baseline and moves the baseline to it.
 *
 * 1. A timestamp that is not a finite number is declined (`undefined`) and the
 *    baseline stays where it was.
 * 2. With no baseline yet, the delta is 0: time before the first tick did not
 *    elapse under the loop.
 * 3. Otherwise the delta is `timestampMs - baseline`, negative when the
 *    timestamp went backwards (a clamp floors it), and the baseline becomes
 *    this timestamp whichever way it moved. A difference too large for a
 *    double saturates at `±Number.MAX_VALUE`: what comes out is finite.
 *
 * @param baseline The state to measure against; updated in place.
 * @param timestampMs The host timestamp, in milliseconds.
 * @return The delta in milliseconds, or `undefined` for a declined tick.
 */
export function measureDelta(baseline: DeltaBaseline, timestampMs: number): number | undefined {
  if (!Number.isFinite(timestampMs)) return undefined; // false for anything not a number too
  const previousMs = baseline.previousMs;
  baseline.previousMs = timestampMs;
  if (previousMs !== previousMs) return 0; // NaN: no baseline yet
  const deltaMs = timestampMs - previousMs;
  // Two finite timestamps can be further apart than a double holds (1e308
  // and -1e308): the delta saturates instead of becoming an infinity.
  // Finite by comparison: Number.isFinite boxes a computed number in Chromium's mid tier (Maglev), where a page's
  // frame path runs, 12 B a frame (spec/browser/mid-tier-allocation.spec.ts).
  return Math.abs(deltaMs) < Infinity ? deltaMs : Math.sign(deltaMs) * Number.MAX_VALUE;
}

/**
 * Turns host timestamps into the time elapsed since the previous tick.
 *
 * The first tick has no baseline and gives 0, so a loop is never charged for
 * time before it began. The baseline is always the latest tick, so a timestamp
 * behind the previous one yields a negative delta once and the next tick
 * measures from it; follow with {@link clampDelta} to floor it. A timestamp
 * that is not finite (`NaN`, `Infinity`) is declined and leaves the baseline.
 *
 * ```text
 * timestamps  --0----16---33---NaN--50---40---56--|
 *             deltas()
 * deltas      --0----16---17--------17---(-10)16--|
 * ```
 *
 * Each subscription has its own baseline, so one `deltas()` value can be
 * reused across streams.
 *
 * @example
 * ```ts
 * import { of } from 'rxjs';
 * import { deltas } from 'tickflow/operators';
 *
 * of(1000, 1016, 1033).pipe(deltas()).subscribe(console.log); // 0, 16, 17
 * ```
 *
 * @return An operator from timestamps (ms) to deltas (ms).
 */
export function deltas(): StepOperator<number, number> {
  return fromStep(() => {
    const baseline = createDeltaBaseline();
    return (timestampMs) => measureDelta(baseline, timestampMs);
  });
}
