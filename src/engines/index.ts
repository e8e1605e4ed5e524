export * from './state/index.js';
export { fitViewport, screenToLogical, logicalToScreen, type Viewport } from './viewport.js';
export { cueLog, CUE_LOG_LIMIT, type CueLog, type CueLogOptions, type CuePlayer, type CueRecord } from './cues.js';
export { DIAGNOSTICS_WINDOW, FrameTimes, type Diagnostics } from './diagnostics.js';
export * from './world/index.js';
