/** How many recent frames `loop.stats().fps` and `.speed` are read over. */
export const FRAME_RATE_WINDOW = 30;

/**
 * Frames per second, and simulated time per real time, over the last
 * {@link FRAME_RATE_WINDOW} frames: a ring of each frame's host timestamp and
 * simulated time, so reading it allocates nothing. @internal
 */
export class FrameRate {
  private readonly hostMs = new Float64Array(FRAME_RATE_WINDOW);
  private readonly simulatedMs = new Float64Array(FRAME_RATE_WINDOW);
  private next = 0;
  private filled = 0;

  /** Records one delivered frame: its tick's timestamp and the simulated time after it (both ms). */
  record(timestampMs: number, simulatedMs: number): void {
    if (!Number.isFinite(timestampMs)) return;
    this.hostMs[this.next] = timestampMs;
    this.simulatedMs[this.next] = simulatedMs;
    this.next = (this.next + 1) % FRAME_RATE_WINDOW;
    if (this.filled < FRAME_RATE_WINDOW) this.filled++;
  }

  /** Forgets the window (a new clock, a restart): the next reading starts over. */
  reset(): void {
    this.filled = 0;
    this.next = 0;
  }

  /** Frames per host second over the window; 0 before two frames with time between them. */
  get fps(): number {
    const spanMs = this.spanMs();
    return spanMs > 0 ? ((this.filled - 1) * 1000) / spanMs : 0;
  }

  /**
   * Simulated time per host time over the window: 1 when the game runs in
   * real time, 0.5 in slow motion (a paced clock above the display rate, a
   * time scale of 0.5), 0 before two frames with time between them.
   */
  get speed(): number {
    const spanMs = this.spanMs();
    if (spanMs <= 0) return 0;
    const newest = (this.next + FRAME_RATE_WINDOW - 1) % FRAME_RATE_WINDOW;
    return (this.simulatedMs[newest]! - this.simulatedMs[this.oldest()]!) / spanMs;
  }

  private oldest(): number {
    return this.filled < FRAME_RATE_WINDOW ? 0 : this.next;
  }

  private spanMs(): number {
    if (this.filled < 2) return 0;
    const newest = (this.next + FRAME_RATE_WINDOW - 1) % FRAME_RATE_WINDOW;
    return this.hostMs[newest]! - this.hostMs[this.oldest()]!;
  }
}
