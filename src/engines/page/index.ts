/**
 * The page engine: games and animated heroes that share a web page with
 * somebody else's layout, with the DOM as the renderer. Every engine on the
 * page shares one requestAnimationFrame; each frame runs read (measure),
 * step (simulate at a fixed rate) and render (write only what changed),
 * page-wide.
 *
 * @packageDocumentation
 */
export { createEngine, PageEngine, PAGE_ENGINE_PHASE_TABLE, type PagePhaseHost, type EngineOptions, type PageEngineStats, type PauseEvent, type PauseListener, type System } from './page-engine.js';
export {
  DEFAULT_EVENTS_PER_FRAME,
  DEFAULT_MAX_STEPS,
  DEFAULT_PAUSE,
  DEFAULT_STEP_SECONDS,
  MAX_EVENTS_PER_FRAME,
  type PageEngineOptions,
  type PauseOptions,
  type PauseReason,
} from './engine-options.js';
export type { PageEngineSnapshot, SystemSnapshot } from './system-state.js';
export { EventRing } from './event-ring.js';
export { DomLedger } from './dom-ledger.js';
export { PageInput, type PagePointer } from './page-input.js';
export { PHASE_CHECKS, PhaseRuleError, type PagePhase, type PhaseAccess } from './phase-checks.js';
export type { FrameScheduler } from '../../hosts/animation-frames.js';
export { EngineError, type ErrorSource } from '../shell/engine-error.js';
export type { EngineStats } from '../shell/engine-shell.js';
