/**
 * The fixed-tick runtime (`tickflow/runtime`): behaviors with `onStart`,
 * `fixedUpdate`, `update`, `lateUpdate`, `onDestroy` and `onCollision`;
 * structural commands (spawn, destroyObject, addComponent, removeComponent)
 * applied at each fixed tick's barrier; real physics stepped with substeps
 * (`tickflow/rapier3d`, `tickflow/rapier2d`); interpolated presentation;
 * latched input; dropped time past the catch-up limit; pause and
 * single-step; JSON scene documents validated before anything starts.
 *
 * The three.js renderer is in `tickflow/three` (`threeRuntimeBackend`).
 * See docs/runtime.md.
 *
 * @packageDocumentation
 */
export { createRuntime, Runtime } from './runtime.js';
export type { RuntimeStats } from './runtime-stats.js';
export type { RuntimeOptions } from './runtime-options.js';
export type { RuntimeBackend, RuntimeFrame } from './runtime-backend.js';
export { RUNTIME_PHASES, RUNTIME_PHASE_TABLE, type FrameCallback, type RuntimePhase, type RuntimePhaseHost } from './runtime-phases.js';
export type { PresetPhase } from '../shell/preset-declaration.js';
export { EngineError, type ErrorSource } from '../shell/engine-error.js';
export { EngineRandom, DEFAULT_RANDOM_SEED } from '../shell/engine-random.js';
export type { EngineStats } from '../shell/engine-shell.js';
export type { Behavior, BehaviorFactory, BehaviorGame, CollisionInfo } from './behavior.js';
export type { EntityHandle } from './entity-handle.js';
export type { RuntimeObjectView } from './runtime-object.js';
export { RuntimeError } from './runtime-error-alias.js';
export {
  RUNTIME_ACTIONS,
  DEFAULT_RUNTIME_BINDINGS,
  type RuntimeAction,
  type RuntimeInputOptions,
  type RuntimeInputState,
} from './runtime-input.js';
export { blendPose, slerpShortest, createPose, type Pose, type PoseUpdate } from './pose.js';
export {
  DEFAULT_FIXED_DELTA_SECONDS,
  DEFAULT_MAX_CATCH_UP_TICKS,
  MAX_FIXED_DELTA_SECONDS,
  MAX_PHYSICS_SUBSTEPS,
  parseSceneDocument,
  sceneProblems,
  SceneDocumentError,
  visualSizeOf,
  type SceneDocument,
  type SceneDocumentOptions,
  type ParsedScene,
  type SceneObjectDoc,
  type SceneProblem,
  type SimulationSettings,
  type ResolvedSimulation,
  type BodyDoc,
  type ColliderDoc,
  type VisualDoc,
} from './scene-document.js';
export { DEFAULT_GRAVITY_MPS2, DEFAULT_PHYSICS_SUBSTEPS, MAX_PHYSICS_MAGNITUDE, type PhysicsAdapter, type PhysicsSnapshot } from './physics-adapter.js';
export type {
  RuntimeSnapshotState,
  RuntimeObjectSnapshot,
  RuntimeCommandSnapshot,
  RuntimeInputViews,
  BehaviorSnapshot,
} from './runtime-snapshot.js';
export type { HandleSlots } from './handle-table.js';
export { OptionError } from '../../../operators/option-error.js';
export { validateScene, DEFAULT_VALIDATE_TICKS, type ValidateSceneOptions, type SceneReport } from './validate-scene.js';
