import { OptionError } from '../../operators/option-error.js';
import { fromStep, type StepOperator } from '../../operators/step-operator.js';
import { checkOptionKeys, optionsObject } from '../../operators/validate.js';
import { startClock, type ClockRun } from './clock-driver.js';
import { checkClock, type Clock } from './clock.js';

/** What {@link whileVisible} reads: the page's `document` by default. */
export interface VisibilitySource {
  /** True while the page is hidden (a background tab, a minimised window). */
  readonly hidden: boolean;
}

/** Options of {@link whileVisible}. */
export interface WhileVisibleOptions {
  /** Where visibility is read; defaults to `globalThis.document`. */
  document?: VisibilitySource;
}

/**
 * Wraps a clock so it declines every tick while the page is hidden, and
 * starts it fresh (no baseline) on the first tick after the page is shown
 * again: the game neither runs in a background tab nor is charged for the
 * time it spent there.
 *
 * Why: browsers do not all stop requestAnimationFrame in a hidden tab.
 * Firefox keeps firing it every 1 to 8 seconds, so a plain wall clock runs
 * the game in slow, clamped lurches nobody sees; and on return, the first
 * delta spans the whole absence (clamped, but still a hitch). three.js's
 * `Timer.connect(document)` solves the same problem.
 *
 * ```text
 * hidden      ------TTTTTTTTT------
 * ticks       --a---b--c--d---e--f-      a = 0, b = 16, ..., e = 5000, f = 5016
 *             whileVisible(wallClock())
 * deltas      --0-------------0--16      declined while hidden; e starts fresh
 * ```
 *
 * @example
 * ```ts
 * import { animationFrames, createLoop, wallClock, whileVisible } from 'tickflow';
 *
 * const loop = createLoop({ ticks: animationFrames(), clock: whileVisible(wallClock()), phases: ['update'] });
 * ```
 *
 * @param clock The clock to wrap (any clock).
 * @param options Where visibility is read.
 * @throws {OptionError} when `clock` is not a clock or there is no document to read.
 */
export function whileVisible(clock: Clock, options?: WhileVisibleOptions): StepOperator<number, number> {
  const where = 'whileVisible';
  checkClock(where, clock);
  optionsObject(where, options, true);
  checkOptionKeys(where, options, ['document']);
  const source = options?.document ?? (globalThis as { document?: VisibilitySource }).document;
  if (source === null || typeof source !== 'object' || !('hidden' in source)) {
    throw new OptionError(where, 'document', 'an object with a boolean hidden (the page\'s document by default)', source);
  }
  return fromStep(() => {
    let failure: { error: unknown } | undefined;
    const start = (): ClockRun =>
      startClock(clock, (error) => {
        failure = { error };
      });
    let run = start();
    let wasHidden = false;
    return (timestampMs) => {
      if (source.hidden) {
        wasHidden = true;
        return undefined;
      }
      if (wasHidden) {
        wasHidden = false;
        run.stop();
        run = start();
      }
      const deltaMs = run.step(timestampMs);
      if (failure !== undefined) {
        const { error } = failure;
        failure = undefined;
        run = start();
        throw error;
      }
      return deltaMs;
    };
  });
}
