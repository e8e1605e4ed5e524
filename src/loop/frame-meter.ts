import { saturatingAdd } from '../../operators/saturating-add.js';
import type { LoopStats } from './loop-options.js';

/** How many recent frames `stats().fps` and `.speed` are read over. */
export const FRAME_RATE_WINDOW = 30;

/** How many recent frame deltas a diagnostics overlay's frame-time graph shows (a power of two: the ring's index is a mask). */
export const DIAGNOSTICS_WINDOW = 128;

const SLOT_MASK = DIAGNOSTICS_WINDOW - 1;

/** The frame statistics a diagnostics overlay draws. */
export interface Diagnostics {
  /** Frames per second of host time over the recent frames (as `stats().fps`). */
  readonly fps: number;
  /** The recent frame deltas in ms, oldest first (a frame-time graph). */
  readonly frameTimesMs: readonly number[];
  /** Ticks the clock declined so far. */
  readonly declinedTicks: number;
  /** Frames so far. */
  readonly frameCount: number;
}

/**
 * The one frame-rate meter: a ring of each delivered frame's host timestamp
 * and delta, from which a loop reads its frames per second, its speed
 * (simulated per host time: the deltas' sum over the host span) and the
 * frame-time graph a diagnostics overlay draws. Recording is two stores and
 * allocates nothing; reading the graph allocates its array (only an overlay
 * that draws does). @internal
 */
export class FrameMeter {
  private readonly hostMs = new Float64Array(DIAGNOSTICS_WINDOW);
  private readonly deltasMs = new Float64Array(DIAGNOSTICS_WINDOW);
  /** Frames recorded, in all. */
  private recorded = 0;
  /** Ticks heard (host ticks and frames run by hand). */
  ticks = 0;
  /** Ticks the clock declined. */
  declined = 0;
  /** `recorded` when the rate window last started over. */
  private rateFrom = 0;

  /**
   * Records one delivered frame: its tick's timestamp and its delta (ms). A
   * timestamp that is not finite keeps the frame out of the rate (its delta
   * still joins the graph).
   */
  record(timestampMs: number, deltaMs: number): void {
    const i = this.recorded & SLOT_MASK;
    this.deltasMs[i] = deltaMs;
    this.hostMs[i] = timestampMs;
    this.recorded++;
    if (!Number.isFinite(timestampMs)) this.rateFrom = this.recorded;
  }

  /** Starts the rate window over (a new clock, a restart); the graph keeps its history. */
  resetRate(): void {
    this.rateFrom = this.recorded;
  }

  /**
   * Frames per host second over the rate window; 0 before two frames with
   * time between them. Held at the largest number: frames 5e-324 ms apart
   * would make it Infinity.
   */
  get fps(): number {
    const frames = this.rateFrames();
    const spanMs = this.spanMs(frames);
    return spanMs > 0 ? Math.min(((frames - 1) * 1000) / spanMs, Number.MAX_VALUE) : 0;
  }

  /**
   * Simulated time per host time over the rate window: 1 when the game runs
   * in real time, 0.5 in slow motion (a paced clock above the display rate,
   * a time scale of 0.5), 0 before two frames with time between them.
   */
  get speed(): number {
    const frames = this.rateFrames();
    const spanMs = this.spanMs(frames);
    if (spanMs <= 0) return 0;
    // The simulated time between the window's first and last frame: the deltas of the frames after the first.
    let simulatedMs = 0;
    for (let frame = this.recorded - frames + 1; frame < this.recorded; frame++) simulatedMs = saturatingAdd(simulatedMs, this.deltasMs[this.slot(frame)]!);
    return Math.min(simulatedMs / spanMs, Number.MAX_VALUE);
  }

  /** The loop's counters: the meter's own, with the time dropped and the errors the loop counted. */
  stats(droppedMs: number, errors: number): LoopStats {
    return { ticks: this.ticks, declined: this.declined, droppedMs, errors, fps: this.fps, speed: this.speed };
  }

  /** The recent frame deltas (ms), oldest first, at most {@link DIAGNOSTICS_WINDOW}. */
  /** What a diagnostics overlay draws (allocates the graph's array: read it only when drawing). */
  diagnostics(frameCount: number): Diagnostics {
    return { fps: this.fps, frameTimesMs: this.recentDeltasMs(), declinedTicks: this.declined, frameCount };
  }

  recentDeltasMs(): number[] {
    const n = Math.min(this.recorded, DIAGNOSTICS_WINDOW);
    const deltas: number[] = [];
    for (let i = this.recorded - n; i < this.recorded; i++) deltas.push(this.deltasMs[this.slot(i)]!);
    return deltas;
  }

  private rateFrames(): number {
    return Math.min(this.recorded - this.rateFrom, FRAME_RATE_WINDOW);
  }

  private spanMs(frames: number): number {
    if (frames < 2) return 0;
    return this.hostMs[this.slot(this.recorded - 1)]! - this.hostMs[this.slot(this.recorded - frames)]!;
  }

  private slot(frame: number): number {
    return frame & SLOT_MASK;
  }
}
