/**
 * tickflow: browser game loops as RxJS streams. Host ticks pass through a
 * clock that turns each into a delta or declines it; the loop runs each
 * frame's phases in a fixed order and exposes them as streams.
 *
 * This entry point is the core: clocks, hosts, the loop, input, collision
 * shapes, portable trigonometry, what the engines share with their backends
 * (viewport, cues, diagnostics) and the headless backend. It re-exports no
 * engine and no backend: each has its own entry point. The timing
 * operators are in `tickflow/operators`, the marble-testing helpers in
 * `tickflow/testing`, the engines in `tickflow/world`, `tickflow/state`,
 * `tickflow/page`, `tickflow/systems` and `tickflow/runtime`, and the
 * backends in `tickflow/pixi`, `tickflow/three`, `tickflow/web-audio`,
 * `tickflow/rapier3d` and `tickflow/rapier2d`.
 *
 * @packageDocumentation
 */

// Options and the values shared with the operators.
export { OptionError } from '../operators/option-error.js';
export type { FrameInfo } from '../operators/frame-info.js';
export type { FixedStepOptions, OverflowPolicy, StepPlan } from '../operators/step-accumulator.js';
export { DEFAULT_MAX_DELTA_MS } from '../operators/clamp-delta.js';
export { DEFAULT_MAX_STEPS, DEFAULT_OVERFLOW, DEFAULT_STEP_MS } from '../operators/step-accumulator.js';

// Clocks: what a tick is worth.
export type { Clock } from './clocks/clock.js';
export { wallClock, type WallClockOptions } from './clocks/wall-clock.js';
export { pacedClock, type PacedClockOptions } from './clocks/paced-clock.js';
export { constantClock, sequenceClock, seededClock } from './clocks/scripted-clocks.js';
export { whileVisible, type VisibilitySource, type WhileVisibleOptions } from './clocks/while-visible.js';

// Hosts: where ticks come from.
export { animationFrames, frameHost, FrameHost, type FrameScheduler } from './hosts/animation-frames.js';
export { manualTicks, DEFAULT_ADVANCE_MS, type ManualTicks } from './hosts/manual-ticks.js';
export { timerTicks, type TimerTicksOptions } from './hosts/timer-ticks.js';

// The loop: ticks -> clock -> frame -> ordered phases.
export { createLoop, Loop } from './loop/loop.js';
export type { LoopOptions, LoopStats, SetClockOptions } from './loop/loop-options.js';
export { LoopView } from './loop/loop-view.js';
export type { LoopState, PlanState, SteadyStepsState } from './loop/loop-state.js';
export { SNAPSHOT_FORMAT_VERSION, type EngineSnapshot } from './engines/shell/engine-snapshot.js';
export { FRAME_RATE_WINDOW, DIAGNOSTICS_WINDOW, type Diagnostics } from './loop/frame-meter.js';
export type { PhaseSpec } from './loop/phase.js';
export { PhaseError } from './loop/phase-error.js';

// Input: devices -> per-frame input with edges.
export { createInput, Input, type InputBindings, type InputState, type InputOptions, type InputView, type PointerMeasure, type PointerState } from './input/input.js';

// Collision: shapes and the overlap test, for any engine.
export { box, circle, halfExtents, type Collider, type CollisionEvent, type CollisionResponse, type Shape } from './collision/shapes.js';
export { overlaps, type Contact } from './collision/narrowphase.js';
export { InvalidColliderError, type ColliderField } from './collision/invalid-collider-error.js';

// Trigonometry with the same bits in every engine, for a simulation that replays or rolls back.
export { portableAtan2, portableCos, portableSin, PORTABLE_TRIG_LIMIT } from './math/portable-trig.js';

// What the engines share with their backends: the viewport's fit and the cues.
export { fitViewport, screenToLogical, logicalToScreen, type Viewport } from './engines/viewport.js';
export { cueLog, CUE_LOG_LIMIT, type CueLog, type CueLogOptions, type CuePlayer, type CueRecord } from './engines/cues.js';

// The headless backend, for any engine in Node.
export { nullBackend, NullBackend, type NullBackendOptions, type NullSurface } from './backends/null/null-backend.js';
export { nullSystemsBackend, NullSystemsBackend } from './backends/null/null-systems-backend.js';
