export { createLoop, Loop, type LoopOptions, type LoopStats } from './loop.js';
export type { PhaseSpec } from './phase.js';
export { PhaseError } from './phase-error.js';
