import { positiveFinite } from './validate.js';

/**
 * How many recent host intervals the pacing grid keeps to estimate the host's
 * frame interval. Short, so a change of display rate is picked up within a
 * few frames; more than one, so one jittered interval does not move a slot.
 */
export const HOST_INTERVAL_WINDOW = 4;

/**
 * An interval longer than this many estimated host intervals is a stall (a
 * hidden tab, a long task): it says nothing of the host's rate, so it is not
 * recorded, and the long-run mean starts over after it.
 */
export const STALL_FACTOR = 2;

// Relative slack for "exactly half a grid interval early": 2H - (H + 2H) on a
// 60 Hz grid is off by a few ulps, and a tie must not depend on them.
const HALF_SLOT_ROUNDING = 1e-9;

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
  /** The tick the host's long-run rate is measured from (the grid's latest start); `NaN` before it. */
  sinceMs: number;
  /** Host intervals since `sinceMs`. */
  sinceCount: number;
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
    sinceMs: NaN,
    sinceCount: 0,
  };
}

/**
 * The host's frame interval as the grid currently estimates it: the larger of
 * the longest recent interval and the mean interval since the grid last
 * started, or `NaN` before there is one.
 *
 * Why not the mean of a few intervals: with jitter, a tick can arrive early
 * against a grid that was started on a late tick by up to twice the jitter,
 * while a short mean can read short by about as much. At 240 Hz with ±1 ms
 * that shrinks half a host interval below the 2 ms a punctual tick can be
 * early, and a frame is lost for good. The longest recent interval does not
 * shrink with jitter that comes and goes; the mean since the grid started
 * converges on the host's true interval (its error is twice the jitter over
 * the number of ticks) even when the jitter drifts one way for a while.
 * Stalls are never recorded (see {@link pacingStep}), so a stall cannot
 * inflate either.
 */
export function estimatedHostIntervalMs(grid: PacingGrid): number {
  if (grid.hostCount === 0) return NaN;
  let largest = 0;
  for (let i = 0; i < grid.hostCount; i++) largest = Math.max(largest, grid.hostIntervalsMs[i]!);
  const meanMs = grid.sinceCount > 0 ? (grid.previousTickMs - grid.sinceMs) / grid.sinceCount : 0;
  return Math.max(largest, meanMs);
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
 * 4. The tick's interval from the previous one joins the host estimate,
 *    unless it is longer than {@link STALL_FACTOR} estimated host intervals
 *    (a stall, which says nothing of the host's rate).
 * 5. A tick a whole interval or more past its due time is a frame, and the
 *    missed slots are abandoned: the grid restarts from it. Otherwise the tick
 *    is on time when it is no earlier than its due time less half the
 *    estimated host interval, so each ideal instant gets its nearest tick;
 *    and strictly less than half a grid interval early, so no
 *    tick is ever taken for a slot it is no nearer to than the slot before.
 *    An early tick is declined.
 * 6. An on-time tick is a frame and moves the grid on by exactly one
 *    interval, so an overrun shortens the next wait and the average rate holds.
 *
 * The half-interval cap changes nothing in steady state: ticks are only
 * early when the host is faster than the grid, and then half the host
 * interval is already below half a grid interval.
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
    restartHostMean(grid, timestampMs);
    return true;
  }
  if (timestampMs < previousMs) {
    grid.dueMs -= previousMs - timestampMs;
    restartHostMean(grid, timestampMs);
    return false;
  }

  if (timestampMs > previousMs) {
    const hostIntervalMs = timestampMs - previousMs;
    if (grid.hostCount > 0 && hostIntervalMs > STALL_FACTOR * estimatedHostIntervalMs(grid)) restartHostMean(grid, timestampMs);
    else recordHostInterval(grid, hostIntervalMs);
  }

  const lateMs = timestampMs - grid.dueMs;
  if (lateMs >= intervalMs) {
    grid.dueMs = timestampMs + intervalMs;
    return true;
  }
  const hostMs = estimatedHostIntervalMs(grid);
  const toleranceMs = Number.isNaN(hostMs) ? 0 : hostMs / 2;
  // A tick half a grid interval early is as near the slot before as this one:
  // the tie goes to the later tick, to within floating-point rounding.
  if (lateMs < -toleranceMs || lateMs <= -intervalMs * (0.5 - HALF_SLOT_ROUNDING)) return false;

  grid.dueMs += intervalMs;
  return true;
}

function restartHostMean(grid: PacingGrid, timestampMs: number): void {
  grid.sinceMs = timestampMs;
  grid.sinceCount = 0;
}

function recordHostInterval(grid: PacingGrid, intervalMs: number): void {
  grid.sinceCount++;
  grid.hostIntervalsMs[grid.hostNext] = intervalMs;
  grid.hostNext = (grid.hostNext + 1) % HOST_INTERVAL_WINDOW;
  if (grid.hostCount < HOST_INTERVAL_WINDOW) grid.hostCount++;
}
