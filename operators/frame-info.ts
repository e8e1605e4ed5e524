import { saturatingAdd } from './saturating-add.js';
import { fromStep, type StepOperator } from './step-operator.js';

/**
 * What the frames so far amount to. Milliseconds, like host timestamps;
 * game code is handed seconds.
 */
export interface FrameInfo {
  /** Frames delivered since the loop started. */
  readonly count: number;
  /** Accumulated simulated time: the sum of the delivered deltas, in milliseconds. */
  readonly timeMs: number;
  /**
   * Active time: the sum of the deltas of the frames that ran unpaused, in
   * milliseconds. It stops while a loop is paused, where `timeMs` runs on, so
   * a countdown read from it waits out a pause menu. Equal to `timeMs` for a
   * stream that knows no pause ({@link frameInfo}).
   */
  readonly activeMs: number;
  /** The most recent frame's delta, in milliseconds. */
  readonly lastDeltaMs: number;
}

/** A {@link FrameInfo} the step function writes into. */
export type MutableFrameInfo = { -readonly [K in keyof FrameInfo]: FrameInfo[K] };

/** Nothing delivered yet. */
export function createFrameInfo(): MutableFrameInfo {
  return { count: 0, timeMs: 0, activeMs: 0, lastDeltaMs: 0 };
}

/**
 * The step function behind {@link frameInfo}: counts one delivered frame.
 *
 * Sums saturate at `Number.MAX_VALUE`: a clock that hands out absurd deltas
 * (1e308) still leaves finite times.
 *
 * @param info Updated in place.
 * @param deltaMs The frame's delta, in milliseconds.
 * @param active Whether the frame ran unpaused (counts toward `activeMs`); defaults to true.
 * @return `info`.
 */
export function countFrame(info: MutableFrameInfo, deltaMs: number, active = true): MutableFrameInfo {
  info.count += 1;
  info.timeMs = saturatingAdd(info.timeMs, deltaMs);
  if (active) info.activeMs = saturatingAdd(info.activeMs, deltaMs);
  info.lastDeltaMs = deltaMs;
  return info;
}

/**
 * Accumulates deltas into {@link FrameInfo}: how many frames, how much
 * simulated time, the latest delta. Simulated time is the sum of the deltas
 * delivered, not wall time: it falls behind whenever a frame is clamped or a
 * clock supplies its own deltas.
 *
 * ```text
 * deltas     --0---16---17---|
 *            frameInfo()
 * info       --a---b----c----|
 *   a = { count: 1, timeMs: 0,  activeMs: 0,  lastDeltaMs: 0 }
 *   b = { count: 2, timeMs: 16, activeMs: 16, lastDeltaMs: 16 }
 *   c = { count: 3, timeMs: 33, activeMs: 33, lastDeltaMs: 17 }
 * ```
 *
 * A delta that is not a finite number (`NaN`, `Infinity`) is declined and counts nothing.
 *
 * @example
 * ```ts
 * import { of } from 'rxjs';
 * import { frameInfo } from 'tickflow/operators';
 *
 * of(0, 16, 17).pipe(frameInfo()).subscribe((info) => console.log(info.count, info.timeMs)); // 1 0, 2 16, 3 33
 * ```
 *
 * @return An operator from deltas (ms) to a fresh {@link FrameInfo} per frame.
 */
export function frameInfo(): StepOperator<number, FrameInfo> {
  return fromStep(() => {
    const info = createFrameInfo();
    return (deltaMs) => {
      if (typeof deltaMs !== 'number' || !Number.isFinite(deltaMs)) return undefined; // never let NaN or Infinity into simulated time
      countFrame(info, deltaMs);
      // A fresh object per emission: a value a stream hands out must not change later.
      return { ...info };
    };
  });
}
