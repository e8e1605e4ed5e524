export {
  createStateEngine,
  StateEngine,
  RefusedUpdateError,
  STATE_ENGINE_PHASES,
  STATE_ENGINE_PHASE_TABLE,
  type StateEngineOptions,
  type StatePhase,
  type UpdateContext,
  type RenderContext,
} from './state-engine.js';
export type { StatePhaseHost } from './state-phases.js';
export type { PresetPhase } from '../shell/preset-declaration.js';
export { ReadonlyViewError, readonlyView, type DeepReadonly } from './readonly-view.js';
export type { Diagnostics, FrameRecorder, PickHit, PickRay, PickView, StateBackend } from './state-backend.js';
export { EngineError, type ErrorSource } from '../shell/engine-error.js';
export { EngineRandom, DEFAULT_RANDOM_SEED } from '../shell/engine-random.js';
export type { EngineStats } from '../shell/engine-shell.js';
