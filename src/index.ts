/**
 * tickflow: browser game loops as RxJS streams. Host ticks pass through a
 * clock that turns each into a delta or declines it; the loop runs each
 * frame's phases in a fixed order and exposes them as streams.
 *
 * The timing operators are in `tickflow/operators`; marble-testing helpers in
 * `tickflow/testing`.
 *
 * @packageDocumentation
 */
export * from './clocks/index.js';
export * from './hosts/index.js';
export * from './loop/index.js';
export { OptionError } from '../operators/option-error.js';
export type { FrameInfo } from '../operators/frame-info.js';
export type { FixedStepOptions, OverflowPolicy, StepPlan } from '../operators/step-accumulator.js';
export { DEFAULT_MAX_DELTA_MS } from '../operators/clamp-delta.js';
export { DEFAULT_MAX_STEPS, DEFAULT_OVERFLOW, DEFAULT_STEP_MS } from '../operators/step-accumulator.js';
export * from './input/index.js';
export * from './collision/index.js';
export * from './engines/index.js';
export * from './backends/null/index.js';
export * from './backends/web-audio/index.js';
