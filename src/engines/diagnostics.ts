/** The frame statistics a diagnostics overlay draws. */
export interface Diagnostics {
  /** Frames per second over the recent frames, from their deltas. */
  readonly fps: number;
  /** The recent frame deltas in ms, oldest first (a frame-time graph). */
  readonly frameTimesMs: readonly number[];
  /** Ticks the clock declined so far. */
  readonly declinedTicks: number;
  /** Frames so far. */
  readonly frameCount: number;
}

/** How many recent frame deltas the diagnostics keep. */
export const DIAGNOSTICS_WINDOW = 120;

/**
 * Keeps the recent frame deltas and turns them into {@link Diagnostics}.
 * Recording allocates nothing; `read` allocates the graph array (it runs only
 * when an overlay draws).
 */
export class FrameTimes {
  private readonly deltasMs = new Float64Array(DIAGNOSTICS_WINDOW);
  private count = 0;

  record(deltaMs: number): void {
    this.deltasMs[this.count % DIAGNOSTICS_WINDOW] = deltaMs;
    this.count++;
  }

  read(declinedTicks: number, frameCount: number): Diagnostics {
    const n = Math.min(this.count, DIAGNOSTICS_WINDOW);
    const frameTimesMs: number[] = [];
    let sum = 0;
    for (let i = this.count - n; i < this.count; i++) {
      const ms = this.deltasMs[i % DIAGNOSTICS_WINDOW]!;
      frameTimesMs.push(ms);
      sum += ms;
    }
    return { fps: sum > 0 ? (1000 * n) / sum : 0, frameTimesMs, declinedTicks, frameCount };
  }
}
