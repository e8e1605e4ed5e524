/**
 * The timing algebra: pure RxJS operators on host timestamps and frame deltas,
 * each with the plain step function it wraps.
 *
 * @packageDocumentation
 */
export { OptionError } from './option-error.js';
export { fromStep, pipeSteps, isStepOperator, type StepOperator, type Stepper } from './step-operator.js';
export { finiteTimestamps } from './finite-timestamps.js';
export { scaleDelta, scaleDeltaMs } from './scale-delta.js';
export { createSteadySteps, steadyStepCount, STEADY_STEPS_WINDOW, type SteadySteps } from './steady-steps.js';
export { deltas, measureDelta, createDeltaBaseline, type DeltaBaseline } from './deltas.js';
export { clampDelta, clampDeltaMs, DEFAULT_MAX_DELTA_MS } from './clamp-delta.js';
export { pace } from './pace.js';
export { capFps } from './cap-fps.js';
export { createPacingGrid, pacingStep, type PacingGrid } from './pacing-grid.js';
export {
  createHostInterval,
  observeHostTick,
  restartHostInterval,
  resumeHostInterval,
  estimatedHostIntervalMs,
  HOST_INTERVAL_WINDOW,
  STALL_FACTOR,
  LONGEST_FRAME_INTERVAL_MS,
  SETTLED_INTERVALS,
  BEAT_WINDOW,
  OFF_BEAT_MS,
  type HostInterval,
} from './host-interval.js';
export { constantDeltas } from './constant-deltas.js';
export { sequenceDeltas } from './sequence-deltas.js';
export { seededDeltas, type SeededDeltasOptions } from './seeded-deltas.js';
export { createSeededRandom, nextRandom, type SeededRandom } from './seeded-random.js';
export { fixedStep } from './fixed-step.js';
export {
  accumulate,
  clearAccumulated,
  createStepAccumulator,
  createStepPlan,
  retuneAccumulator,
  DEFAULT_MAX_STEPS,
  DEFAULT_OVERFLOW,
  DEFAULT_STEP_MS,
  type FixedStepOptions,
  type MutableStepPlan,
  type OverflowPolicy,
  type StepAccumulator,
  type StepPlan,
} from './step-accumulator.js';
export { frameInfo, countFrame, createFrameInfo, type FrameInfo, type MutableFrameInfo } from './frame-info.js';
