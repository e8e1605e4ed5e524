import { positiveFinite } from './validate.js';

/**
 * How many recent host intervals the pacing grid averages to estimate the
 * host's frame interval. Short, so a change of display rate is picked up
 * within a few frames; more than one, so one jittered interval does not move a
 * slot.
 */
export const HOST_INTERVAL_WINDOW = 4;

/**
 * The state of one paced cadence: an ideal grid where frame n is due at n
 * intervals after the first delivered tick. A plain object, so the arithmetic
 * runs without a stream: {@link pace} and {@link capFps} wrap it, and so can a
 * scheduler or a benchmark.
 */
export interface PacingGrid {
  /** The grid's spacing, in milliseconds. */
  readonly intervalMs: number;
  /** When the next frame is due; `NaN` until the first tick starts the grid. */
  dueMs: number;
  /** The previous finite tick's timestamp; `NaN` before the first. */
  previousTickMs: number;
  /** The last {@link HOST_INTERVAL_WINDOW} host intervals, a ring. */
  readonly hostIntervalsMs: Float64Array;
  /** How many entries of the ring are filled. */
  hostCount: number;
  /** Where the ring writes next. */
  hostNext: number;
}

/**
 * A grid of `intervalMs` that no tick has started yet.
 *
 * @throws {OptionError} when `intervalMs` is not a finite number > 0.
 */
export function createPacingGrid(intervalMs: number, where = 'createPacingGrid'): PacingGrid {
  positiveFinite(where, 'intervalMs', intervalMs);
  return {
    intervalMs,
    dueMs: NaN,
    previousTickMs: NaN,
    hostIntervalsMs: new Float64Array(HOST_INTERVAL_WINDOW),
    hostCount: 0,
    hostNext: 0,
  };
}

/**
 * The host's frame interval as the grid currently estimates it: the mean of
 * the recent intervals, or `NaN` before there is one.
 */
export function estimatedHostIntervalMs(grid: PacingGrid): number {
  if (grid.hostCount === 0) return NaN;
  let sum = 0;
  for (let i = 0; i < grid.hostCount; i++) sum += grid.hostIntervalsMs[i]!;
  return sum / grid.hostCount;
}

/**
 * The step function behind {@link pace} and {@link capFps}: decides whether a
 * tick is a frame of the grid.
 *
 * 1. A non-finite timestamp is declined and changes nothing.
 * 2. The first tick is a frame and starts the grid: the next frame is due one
 *    interval after it.
 * 3. A timestamp behind the previous tick is declined; the grid moves back
 *    with it, keeping the wait that remained (a host clock that jumped back
 *    neither stalls the cadence nor bursts it).
 * 4. The tick's interval from the previous tick joins the host estimate.
 * 5. A tick is on time when it is at or after its due time less a tolerance of
 *    half the estimated host interval (capped at half a grid interval), so
 *    each ideal instant gets its nearest tick. An early tick is declined.
 * 6. An on-time tick is a frame. If it is a whole interval or more past its
 *    due time the missed slots are abandoned and the grid restarts from it;
 *    otherwise the grid moves on by exactly one interval, so an overrun
 *    shortens the next wait and the average rate holds.
 *
 * The tolerance cap at half an interval changes nothing in steady state
 * (ticks are only early when the host is faster than the grid, and then half
 * the host interval is already below half a grid interval). It matters after a
 * stall, which inflates the host average: no tick is ever taken for a slot it
 * is further from than the slot before.
 *
 * @param grid The grid; updated in place.
 * @param timestampMs The host timestamp, in milliseconds.
 * @return `true` when the tick is a frame, `false` when it is declined.
 */
export function pacingStep(grid: PacingGrid, timestampMs: number): boolean {
  if (!Number.isFinite(timestampMs)) return false;
  const intervalMs = grid.intervalMs;
  const previousMs = grid.previousTickMs;
  grid.previousTickMs = timestampMs;

  if (Number.isNaN(grid.dueMs)) {
    grid.dueMs = timestampMs + intervalMs;
    return true;
  }
  if (timestampMs < previousMs) {
    grid.dueMs -= previousMs - timestampMs;
    return false;
  }
  if (timestampMs > previousMs) recordHostInterval(grid, timestampMs - previousMs);

  const lateMs = timestampMs - grid.dueMs;
  const hostMs = estimatedHostIntervalMs(grid);
  const toleranceMs = Math.min(Number.isNaN(hostMs) ? 0 : hostMs / 2, intervalMs / 2);
  if (lateMs < -toleranceMs) return false;

  grid.dueMs = lateMs >= intervalMs ? timestampMs + intervalMs : grid.dueMs + intervalMs;
  return true;
}

function recordHostInterval(grid: PacingGrid, intervalMs: number): void {
  grid.hostIntervalsMs[grid.hostNext] = intervalMs;
  grid.hostNext = (grid.hostNext + 1) % HOST_INTERVAL_WINDOW;
  if (grid.hostCount < HOST_INTERVAL_WINDOW) grid.hostCount++;
}
