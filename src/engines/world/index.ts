export { Actor, Component } from './actor.js';
export { Camera, DEFAULT_CAMERA_ZOOM, type Bounds } from './camera.js';
export { Controller } from './controller.js';
export { GameMode } from './game-mode.js';
export type { TickContext } from './tick-context.js';
export { Timers, TIMER_DUE_TOLERANCE_SECONDS, type TimerHandle } from './timers.js';
export type { Visual, VisualXY, TexturePlacement } from './visual.js';
export { World } from './world.js';
export type { WorldBackend, WorldDiagnostics, WorldScene } from './world-backend.js';
export { createWorldEngine, WorldEngine, type LevelLoader, type WorldEngineOptions } from './world-engine.js';
export { WORLD_ENGINE_PHASES, WORLD_ENGINE_PHASE_TABLE, type WorldPhase } from './world-phases.js';
// The delta-time validator lives in src/testing/ (`tickflow/testing`); the
// world's outcome reader stays reachable here for the Paddle Duel page.
export { readOutcome, type WorldOutcome } from '../../testing/world-scenario.js';
