import { fromStep, type StepOperator } from './step-operator.js';
import { createPacingGrid, pacingStep } from './pacing-grid.js';

/**
 * Paces host ticks to a fixed cadence: each tick that falls on the grid is a
 * frame worth exactly `intervalMs`; the rest are declined.
 *
 * The grid is ideal: frame n is due at n intervals after the first delivered
 * tick, so an overrun shortens the next wait instead of accumulating (pacing
 * from the previous frame's arrival would lose the overrun on every frame).
 * Every delivered frame is worth exactly one interval, whatever the tick's
 * real arrival time, so the delta the game integrates against is the delta
 * the pacing targets and a paced run is reproducible.
 *
 * 1. The first tick delivers one interval and starts the grid.
 * 2. Each tick is judged at its beat instant: where the host's regular frame
 *    rhythm puts it, its timestamp jitter averaged out (see
 *    {@link observeHostTick}; until the host's mean interval is known, and
 *    for a tick off the beat, its own timestamp).
 * 3. A tick whose beat instant is at or after its due time, less half a host
 *    interval (estimated from recent ticks), is on time: it delivers one
 *    interval and the grid moves on by one. So each ideal instant gets its
 *    nearest tick, the same one however the timestamps jitter.
 * 4. A tick a whole interval or more past its due time abandons the missed
 *    slots: it delivers one interval and restarts the grid from itself. A long
 *    stall costs a pause, not a burst of frames replaying it.
 * 5. Any other tick is declined: nothing is emitted.
 *
 * A target faster than the host yields one frame per tick; a target the host
 * rate does not divide gets the nearest slot to each ideal instant, and the
 * average rate holds. The arithmetic is {@link pacingStep}.
 *
 * ```text
 * host 60 Hz   a---b---c---d---e---f---g
 *              pace(1000 / 30)
 * frames       x-------x-------x-------x        x = 33.3 ms
 * ```
 *
 * @example
 * ```ts
 * import { of } from 'rxjs';
 * import { pace } from 'tickflow/operators';
 *
 * // A 60 Hz host paced to 30 fps: every other tick, each worth 33.3 ms.
 * of(0, 16.7, 33.3, 50, 66.7).pipe(pace(1000 / 30)).subscribe(console.log); // 33.3, 33.3, 33.3
 * ```
 *
 * @param intervalMs The grid's interval, a finite number > 0 (e.g. `1000 / 30`).
 * @return An operator from host timestamps (ms) to paced deltas (ms).
 * @throws {OptionError} when `intervalMs` is not a finite number > 0.
 */
export function pace(intervalMs: number): StepOperator<number, number> {
  createPacingGrid(intervalMs, 'pace'); // validate now, before anything subscribes
  return fromStep(() => {
    const grid = createPacingGrid(intervalMs, 'pace');
    return (timestampMs) => (pacingStep(grid, timestampMs) ? intervalMs : undefined);
  });
}
