import { Observable, type OperatorFunction } from 'rxjs';

/**
 * What the frames so far amount to. Milliseconds, like host timestamps;
 * game code is handed seconds.
 */
export interface FrameInfo {
  /** Frames delivered since the loop started. */
  readonly count: number;
  /** Accumulated simulated time: the sum of the delivered deltas, in milliseconds. */
  readonly timeMs: number;
  /** The most recent frame's delta, in milliseconds. */
  readonly lastDeltaMs: number;
}

/** A {@link FrameInfo} the step function writes into. */
export type MutableFrameInfo = { -readonly [K in keyof FrameInfo]: FrameInfo[K] };

/** Nothing delivered yet. */
export function createFrameInfo(): MutableFrameInfo {
  return { count: 0, timeMs: 0, lastDeltaMs: 0 };
}

/**
 * The step function behind {@link frameInfo}: counts one delivered frame.
 *
 * @param info Updated in place.
 * @param deltaMs The frame's delta, in milliseconds.
 * @return `info`.
 */
export function countFrame(info: MutableFrameInfo, deltaMs: number): MutableFrameInfo {
  info.count += 1;
  info.timeMs += deltaMs;
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
 *   a = { count: 1, timeMs: 0,  lastDeltaMs: 0 }
 *   b = { count: 2, timeMs: 16, lastDeltaMs: 16 }
 *   c = { count: 3, timeMs: 33, lastDeltaMs: 17 }
 * ```
 *
 * A delta that is not a finite number (`NaN`, `Infinity`) is declined and counts nothing.
 *
 * @example
 * ```ts
 * import { of } from 'rxjs';
 * import { frameInfo } from 'tickflow/operators';
 *
 * of(0, 16, 17).pipe(frameInfo()).subscribe((info) => console.log(info.count, info.timeMs));
 * ```
 *
 * @return An operator from deltas (ms) to a fresh {@link FrameInfo} per frame.
 */
export function frameInfo(): OperatorFunction<number, FrameInfo> {
  return (source) =>
    new Observable<FrameInfo>((subscriber) => {
      const info = createFrameInfo();
      return source.subscribe({
        next(deltaMs) {
          if (!Number.isFinite(deltaMs)) return; // never let NaN or Infinity into simulated time
          countFrame(info, deltaMs);
          subscriber.next({ count: info.count, timeMs: info.timeMs, lastDeltaMs: info.lastDeltaMs });
        },
        error: (error: unknown) => subscriber.error(error),
        complete: () => subscriber.complete(),
      });
    });
}
