import { startClock, type ClockRun } from '../clocks/clock-driver.js';
import type { Clock } from '../clocks/clock.js';

/**
 * A loop's clock and its current run: what one tick is worth, asked as a
 * plain step; a fresh run on every restart (no baseline). A clock that throws
 * is handed to `onError` and restarted fresh. @internal
 */
export class LoopClock {
  private run: ClockRun;

  constructor(
    private clock: Clock,
    private readonly onError: (error: unknown) => void,
  ) {
    this.run = this.start();
  }

  /** What a tick is worth: a delta in ms, or anything else for a declined tick. */
  step(timestampMs: number): number | undefined {
    try {
      return this.run.step(timestampMs);
    } catch (error) {
      this.fail(error);
      return undefined;
    }
  }

  /** A fresh run of the clock: no baseline. */
  restart(): void {
    this.run.stop();
    this.run = this.start();
  }

  /** Replaces the clock, starting it fresh. */
  replace(clock: Clock): void {
    this.clock = clock;
    this.restart();
  }

  /** Ends the run for good. */
  stop(): void {
    this.run.stop();
  }

  private start(): ClockRun {
    return startClock(this.clock, (error) => this.fail(error));
  }

  private fail(error: unknown): void {
    this.onError(error);
  }
}
