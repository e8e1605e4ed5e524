import { createDeltaBaseline, measureDelta } from '../../../operators/deltas.js';
import { createPacingGrid, pacingStep, type PacingGrid } from '../../../operators/pacing-grid.js';
import { fromStep, type StepOperator } from '../../../operators/step-operator.js';

/**
 * A page engine's fps cap: the paced clock's grid (operators/pacing-grid.ts)
 * deciding which of the page's frames are the engine's. Between its slots
 * the engine leaves the page's clock and one timer brings it back (see
 * `PageSeat`); the frame that timer brings is taken, whatever the host
 * stamped it ({@link takeNextFrame}). @internal
 */
export class FpsCap {
  /** The grid of the current run: a fresh start makes a new one. */
  grid: PacingGrid;
  private takeNext = false;

  constructor(readonly intervalMs: number) {
    this.grid = createPacingGrid(intervalMs, 'createEngine');
  }

  /** A fresh start: a grid no tick has started yet. */
  restart(): void {
    this.grid = createPacingGrid(this.intervalMs, 'createEngine');
    this.takeNext = false;
  }

  /**
   * The cap's timer brought the engine back: the next frame is taken,
   * whatever the host stamped it (headless Chromium stamps a frame requested
   * from idle with the vsync just past, which the grid would decline, costing
   * a second request), and the grid moves on by one slot, as for an on-time
   * tick.
   */
  takeNextFrame(): void {
    this.takeNext = true;
  }

  /** Whether the tick at `timestampMs` is a frame of the cap. */
  take(timestampMs: number): boolean {
    if (!this.takeNext) return pacingStep(this.grid, timestampMs);
    this.takeNext = false;
    // Not before the slot due; a grid no tick has started (due NaN: a restore restarted the clock while the timer was out) starts here.
    pacingStep(this.grid, this.grid.dueMs > timestampMs ? this.grid.dueMs : timestampMs);
    return true;
  }
}

/**
 * A page engine's clock: the cap's decision (when there is one), then the
 * real time since the engine's previous frame, unclamped (a long frame runs
 * `maxSteps` and the rest shows as dropped). Each run of it is a fresh start:
 * no baseline, a new grid, and `onFreshStart` told. @internal
 */
export function pageEngineClock(cap: FpsCap | undefined, onFreshStart: () => void): StepOperator<number, number> {
  return fromStep(() => {
    const baseline = createDeltaBaseline();
    cap?.restart();
    onFreshStart();
    return (timestampMs: number) => (cap === undefined || cap.take(timestampMs) ? measureDelta(baseline, timestampMs) : undefined);
  });
}
