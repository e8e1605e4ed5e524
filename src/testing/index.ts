/**
 * Helpers for testing games and loops built with tickflow: write host ticks
 * without counting dashes, observe the order phases run in, and show that a
 * game integrates against the delta it is given (the delta-time validator,
 * for any engine), and turn a recorded session into a test (`replayTest`).
 *
 * They need only `rxjs`; pair the marble helpers with any
 * TestScheduler-based runner (rxjs-marbles, `TestScheduler.run`). See
 * docs/testing.md and docs/delta-time-validator.md.
 *
 * @packageDocumentation
 */
export { hz, tickMarble, virtualTicks, type TickMarble } from './tick-marbles.js';
export { phaseOrder } from './phase-order.js';
export {
  validateDeltaTime,
  DEFAULT_VALIDATION_CLOCKS,
  DEFAULT_ELAPSED_TOLERANCE_SECONDS,
  type DeltaTimeScenario,
  type DeltaTimeReport,
  type OutcomeRow,
  type Outcomes,
  type SteppableEngine,
  type ValidateDeltaTimeOptions,
  type ValidationClock,
  type ValidationRun,
} from './validate-delta-time.js';
export { formatOutcomeTable } from './outcome-table.js';
export { worldScenario, readOutcome, type WorldScenario, type WorldRunOutcome, type WorldOutcome } from './world-scenario.js';
export { replayTest, ReplayDivergenceError } from './replay-test.js';
