import type { HostTick } from './host-timeline.js';
import { CORE_MAX_DELTA_MS, CORE_MAX_STEPS, CORE_STEP_MS, type PhaseHandlers } from './phase-work.js';

// Same rounding guard as tickflow's accumulator (see hand-written-loop.ts).
const WHOLE_STEP_TOLERANCE = 1e-9;

/**
 * The listener-count baseline: {@link HandWrittenLoop}'s code with each phase
 * a plain array of functions, called in order with a `for` loop. What a game
 * with no library writes when every entity registers a function per phase.
 */
export class HandWrittenListLoop {
  frameCount = 0;
  timeMs = 0;
  lastDeltaMs = 0;
  alpha = 0;
  droppedMs = 0;
  private previousMs = NaN;
  private accumulatedMs = 0;

  constructor(private readonly handlers: PhaseHandlers) {}

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

    const { fixed, update, late, render } = this.handlers;
    const stepSeconds = CORE_STEP_MS / 1000;
    for (let step = 0; step < steps; step++) {
      for (let i = 0; i < fixed.length; i++) fixed[i]!(stepSeconds);
    }
    const dtSeconds = deltaMs / 1000;
    for (let i = 0; i < update.length; i++) update[i]!(dtSeconds);
    for (let i = 0; i < late.length; i++) late[i]!(dtSeconds);
    for (let i = 0; i < render.length; i++) render[i]!(dtSeconds);
  };
}
