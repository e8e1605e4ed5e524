export * from './state/index.js';
export { fitViewport, screenToLogical, logicalToScreen, type Viewport } from './viewport.js';
export { cueLog, type CueLog, type CuePlayer, type CueRecord } from './cues.js';
export { DIAGNOSTICS_WINDOW, FrameTimes, type Diagnostics } from './diagnostics.js';
export * from './world/index.js';
