export { Actor, Component } from './actor.js';
export { Camera, type Bounds } from './camera.js';
export { Controller } from './controller.js';
export { GameMode } from './game-mode.js';
export type { TickContext } from './tick-context.js';
export { Timers, TIMER_DUE_TOLERANCE_SECONDS, type TimerHandle } from './timers.js';
export type { Visual, VisualXY, TexturePlacement } from './visual.js';
export { World } from './world.js';
export type { WorldBackend, WorldDiagnostics, WorldScene } from './world-backend.js';
export {
  createWorldEngine,
  WorldEngine,
  WORLD_ENGINE_PHASES,
  type LevelLoader,
  type WorldEngineOptions,
  type WorldPhase,
} from './world-engine.js';
export {
  validateDeltaTime,
  formatOutcomeTable,
  readOutcome,
  DEFAULT_CONSTANT_MS,
  DEFAULT_SEQUENCE_MS,
  DEFAULT_JITTER,
  DEFAULT_VALIDATION_CLOCKS,
  DEFAULT_ELAPSED_TOLERANCE_SECONDS,
  MAX_TICKS_PER_SIMULATED_SECOND,
  OUTCOME_TABLE_WIDTH,
  type DeltaTimeScenario,
  type DeltaTimeReport,
  type OutcomeRow,
  type ValidateDeltaTimeOptions,
  type ValidationClock,
  type ValidationRun,
  type WorldOutcome,
} from './validate-delta-time.js';
