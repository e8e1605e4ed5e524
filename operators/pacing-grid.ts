import { createHostInterval, estimatedHostIntervalMs, observeHostTick, SETTLED_INTERVALS, type HostInterval } from './host-interval.js';
import { positiveFinite } from './validate.js';

// Relative slack for "exactly half a grid interval early": 2H - (H + 2H) on a
// 60 Hz grid is off by a few ulps, and a tie must not depend on them.
const HALF_SLOT_ROUNDING = 1e-9;

/**
 * The state of one paced cadence: an ideal grid where frame n is due at n
 * intervals after the first delivered tick, and what the ticks say about the
 * host. A plain object, so the arithmetic runs without a stream: {@link pace}
 * and {@link capFps} wrap it, and so can a scheduler or a benchmark.
 */
export interface PacingGrid {
  /** The grid's spacing, in milliseconds. */
  readonly intervalMs: number;
  /** When the next frame is due, on the host's beat; `NaN` until the first tick starts the grid. */
  dueMs: number;
  /** The host's interval and beat, from the ticks so far (see {@link observeHostTick}). */
  readonly host: HostInterval;
}

/**
 * A grid of `intervalMs` that no tick has started yet.
 *
 * @throws {OptionError} when `intervalMs` is not a finite number > 0.
 */
export function createPacingGrid(intervalMs: number, where = 'createPacingGrid'): PacingGrid {
  positiveFinite(where, 'intervalMs', intervalMs);
  return { intervalMs, dueMs: NaN, host: createHostInterval() };
}

/**
 * The step function behind {@link pace} and {@link capFps}: decides whether a
 * tick is a frame of the grid.
 *
 * 1. A non-finite timestamp is declined and changes nothing.
 * 2. Every other tick is taken into the host estimate ({@link observeHostTick}),
 *    which places it on the host's beat: where the host's regular frame
 *    rhythm puts it, its jitter averaged out. The grid judges the tick at
 *    that instant, its beat instant. (Until the estimate knows the beat, and
 *    for a tick off it, that is the tick's own timestamp.)
 * 3. The first tick is a frame and starts the grid: the next frame is due one
 *    interval after it.
 * 4. A timestamp behind the previous tick is declined; the grid moves back
 *    with it, keeping the wait that remained (a host clock that jumped back
 *    neither stalls the cadence nor bursts it).
 * 5. A tick whose beat instant is a whole interval or more past its due time
 *    is a frame, and the missed slots are abandoned: the grid restarts from
 *    it. Otherwise the tick is on time when its beat instant is no earlier
 *    than its due time less half the estimated host interval, so each ideal
 *    instant gets its nearest tick; and strictly less than half a grid
 *    interval early, so no tick is ever taken for a slot it is no nearer to
 *    than the slot before. An early tick is declined.
 * 6. An on-time tick is a frame and moves the grid on by exactly one
 *    interval, so an overrun shortens the next wait and the average rate holds.
 *
 * Why the beat instant and not the timestamp: an ideal instant that falls
 * near the middle of two host frames is nearest to one or the other as the
 * jitter has it, tick by tick. Judged on raw timestamps, 50 fps on a 240 Hz
 * host with ±1 ms jitter broke its steady 5, 5, 4, 5, 5 host frames into
 * 4, 6, 4 and the like in 4.6 % more of its intervals than a perfect pacer;
 * on the beat, in one interval of 999, before the beat was known (the judder
 * table of bench/pacing-tables.ts). The beat follows the ticks, so the
 * average rate is the same. It is a line fitted to hundreds of ticks
 * (`BEAT_WINDOW`, {@link observeHostTick}), so neither a compositor's repeating pattern of early
 * and late frames nor random jitter at a near-whole host/target ratio flips
 * which tick is nearest: at most +0.4 and +1.4 points above the floor in the
 * pacing bench's compositor-like tables, where a beat moved 1/16 of the way to
 * each tick gave +7.4 and +3.7.
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
  const host = grid.host;
  const previousMs = host.previousMs;
  observeHostTick(host, timestampMs);
  // The tick's instant: on the beat, or its own timestamp, which the host now holds as previousMs. Read from the
  // host's fields, not the parameter: joined with a field's number, the parameter made V8's optimizing compiler box
  // that number on every tick.
  const atMs = host.onBeat ? host.beatMs : host.previousMs;

  // NaN (no frame yet) by comparison, not Number.isNaN, which boxes a field's number in Chromium's mid tier (see host-interval.ts).
  if (grid.dueMs !== grid.dueMs) {
    grid.dueMs = atMs + intervalMs;
    return true;
  }
  if (timestampMs < previousMs) {
    grid.dueMs -= previousMs - timestampMs;
    return false;
  }

  const lateMs = atMs - grid.dueMs;
  if (lateMs >= intervalMs) {
    grid.dueMs = atMs + intervalMs;
    return true;
  }
  // Settled (every tick after the first few dozen), the host's estimate is its mean, read here: a number a call returns
  // is boxed in Chromium's mid tier, 12 B a tick.
  let toleranceMs = 0;
  if (host.sumCount >= SETTLED_INTERVALS) toleranceMs = host.sumMs / host.sumCount / 2;
  else {
    const hostMs = estimatedHostIntervalMs(host);
    if (hostMs === hostMs) toleranceMs = hostMs / 2; // NaN before the host's first interval
  }
  // A tick half a grid interval early is as near the slot before as this one:
  // the tie goes to the later tick, to within floating-point rounding.
  if (lateMs < -toleranceMs || lateMs <= -intervalMs * (0.5 - HALF_SLOT_ROUNDING)) return false;

  grid.dueMs += intervalMs;
  return true;
}
