import { CORE_MAX_DELTA_MS, CORE_MAX_STEPS, CORE_STEP_MS, type PhaseWork } from '../phase-work.js';

const WHOLE_STEP_TOLERANCE = 1e-9;

/**
 * What a peer's loop lacks of the core path, written by hand on top of it so
 * every row does the same work: clamp the delta the peer hands over to
 * [0, 250] ms, count the frame, plan fixed steps of 1000/60 ms (at most 5,
 * backlog dropped), call the fixed subscriber per step and the three frame
 * handlers. PixiJS's Ticker, Excalibur's Clock and Phaser's TimeStep
 * supply the delta and the per-frame call; this supplies the rest.
 *
 * The same code as the hand-written baseline. Every row runs in a process
 * of its own (bench/isolated-rows.ts), so each peer's copy of this code is
 * its own too: no call site here is shared with another row.
 */
export class FrameGlue {
  frameCount = 0;
  timeMs = 0;
  lastDeltaMs = 0;
  alpha = 0;
  droppedMs = 0;
  /** The current frame's delta in seconds, for listeners that run after {@link beginFrame}. */
  dtSeconds = 0;
  private accumulatedMs = 0;

  constructor(private readonly work: PhaseWork) {}

  /** Clamps, counts and runs the fixed steps of one frame; the frame handlers are the caller's. */
  beginFrame(rawDeltaMs: number): void {
    let deltaMs = rawDeltaMs;
    if (!(deltaMs > 0)) deltaMs = 0; // also turns NaN into 0
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
    this.dtSeconds = deltaMs / 1000;

    const work = this.work;
    const stepSeconds = CORE_STEP_MS / 1000;
    for (let i = 0; i < steps; i++) work.fixed(stepSeconds);
  }

  /** One whole frame: {@link beginFrame}, then update, late and render. */
  runFrame(rawDeltaMs: number): void {
    this.beginFrame(rawDeltaMs);
    const work = this.work;
    const dtSeconds = this.dtSeconds;
    work.update(dtSeconds);
    work.late(dtSeconds);
    work.render(dtSeconds, this.alpha);
  }
}
