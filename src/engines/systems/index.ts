/**
 * The systems engine (`tickflow/systems`): a fixed-rate simulation clock
 * (`fixedUpdate`) apart from the per-frame one (`update`), one shared
 * {@link Time}, lifecycle hooks in a fixed order, a per-engine event queue,
 * entities with behaviors and built-in interpolation, and play / pause / stop.
 *
 * The pixi.js backend is in `tickflow/pixi` (`pixiSystemsBackend`), the
 * three.js one in `tickflow/three`; the null backend, for headless runs, is
 * in `tickflow` (`nullSystemsBackend`).
 *
 * @packageDocumentation
 */
export { createSystemsEngine, SystemsEngine, type SystemsEngineState, type SystemsEngineStats } from './systems-engine.js';
export type { SystemsSnapshotState, SavedTime, SavedPart, SavedScene, SavedEntity } from './systems-snapshot.js';
export type { SaveHooks } from './save-hooks.js';
export { SYSTEMS_ENGINE_PHASES, SYSTEMS_ENGINE_PHASE_TABLE, type FrameHook, type SystemsPhase, type SystemsPhaseHost } from './systems-phases.js';
export type { PresetPhase } from '../shell/preset-declaration.js';
export type { SystemsConfig, SceneConfig } from './systems-config.js';
export {
  DEFAULT_FIXED_UPDATE_RATE_HZ,
  DEFAULT_MAX_FPS,
  DEFAULT_MAX_FRAME_DELTA_MS,
  DEFAULT_MAX_FIXED_UPDATES_PER_FRAME,
  type PerformanceSettings,
  type ResolvedPerformance,
} from './performance-settings.js';
export type { Time } from './time.js';
export {
  WorldSystem,
  SceneSystem,
  WORLD_ONLY_HOOKS,
  type WorldSystemHooks,
  type SceneSystemHooks,
  type WorldSystemOptions,
  type SceneSystemOptions,
  type WorldSystemClass,
  type SceneSystemClass,
} from './system.js';
export { Behavior, type BehaviorHooks } from './behavior.js';
export type { SystemsEngineControls } from './systems-engine-controls.js';
export { Entity, Transform, type Pose } from './entity.js';
export { Scene, type EntityConfig, type BehaviorOptions, type BehaviorClass } from './scene.js';
export { InterpolationSystem, shortestTurn } from './interpolation.js';
export type { SystemsEvent, SystemsEventListener, SystemsEvents } from './event-queue.js';
export type { SystemsBackend, SystemsFrame } from './systems-backend.js';
export { OptionError } from '../../../operators/option-error.js';
export { SystemError } from './system-error-alias.js';
export { EngineRandom, DEFAULT_RANDOM_SEED } from '../shell/engine-random.js';
