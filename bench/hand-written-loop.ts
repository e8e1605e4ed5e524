import type { HostTick } from './host-timeline.js';
import { CORE_MAX_DELTA_MS, CORE_MAX_STEPS, CORE_STEP_MS, type PhaseWork } from './phase-work.js';

// Same rounding guard as tickflow's accumulator, so both plan the same steps
// for the same deltas (8.333… + 8.333… must still make one step of 1000/60).
const WHOLE_STEP_TOLERANCE = 1e-9;

/**
 * The baseline every ratio divides by: the core path written by hand, the
 * way a careful game would write it, in one function with its state in
 * object fields. Per host tick:
 *
 * 1. decline a non-finite timestamp; the first tick is worth 0;
 * 2. delta since the previous tick, clamped to [0, 250] ms;
 * 3. count the frame (count, simulated time, latest delta);
 * 4. accumulate fixed steps of 1000/60 ms, at most 5 a frame, dropping the
 *    backlog past the cap;
 * 5. call the fixed handler once per step, then update, late and render
 *    (render handed the alpha too).
 *
 * The code of every row is its own: each row runs in a process of its own
 * (bench/isolated-rows.ts), so nothing here is shared with another row.
 */
export class HandWrittenLoop {
  frameCount = 0;
  timeMs = 0;
  lastDeltaMs = 0;
  alpha = 0;
  droppedMs = 0;
  private previousMs = NaN;
  private accumulatedMs = 0;

  constructor(private readonly work: PhaseWork) {}

  readonly onHostTick: HostTick = (timestampMs) => {
    if (!Number.isFinite(timestampMs)) return;
    const previousMs = this.previousMs;
    this.previousMs = timestampMs;
    let deltaMs = previousMs !== previousMs ? 0 : timestampMs - previousMs;
    if (deltaMs < 0) deltaMs = 0;
    else if (deltaMs > CORE_MAX_DELTA_MS) deltaMs = CORE_MAX_DELTA_MS;

    this.frameCount++;
    this.timeMs += deltaMs;
    this.lastDeltaMs = deltaMs;

    let accumulatedMs = this.accumulatedMs + deltaMs;
    let steps = Math.floor(accumulatedMs / CORE_STEP_MS);
    if (accumulatedMs - (steps + 1) * CORE_STEP_MS > -CORE_STEP_MS * WHOLE_STEP_TOLERANCE) steps++;
    if (steps > CORE_MAX_STEPS) {
      this.droppedMs += accumulatedMs - CORE_MAX_STEPS * CORE_STEP_MS;
      accumulatedMs = 0;
      steps = CORE_MAX_STEPS;
    } else {
      accumulatedMs -= steps * CORE_STEP_MS;
    }
    this.accumulatedMs = accumulatedMs;
    this.alpha = accumulatedMs / CORE_STEP_MS;

    const work = this.work;
    const stepSeconds = CORE_STEP_MS / 1000;
    for (let i = 0; i < steps; i++) work.fixed(stepSeconds);
    const dtSeconds = deltaMs / 1000;
    work.update(dtSeconds);
    work.late(dtSeconds);
    work.render(dtSeconds, this.alpha);
  };
}
