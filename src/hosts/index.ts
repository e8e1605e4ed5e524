export { animationFrames, frameHost, FrameHost, type FrameScheduler } from './animation-frames.js';
export { manualTicks, DEFAULT_ADVANCE_MS, type ManualTicks } from './manual-ticks.js';
export { timerTicks, type TimerTicksOptions } from './timer-ticks.js';
