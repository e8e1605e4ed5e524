export type { Clock } from './clock.js';
export { wallClock, type WallClockOptions } from './wall-clock.js';
export { pacedClock, type PacedClockOptions } from './paced-clock.js';
export { constantClock, sequenceClock, seededClock } from './scripted-clocks.js';
export { whileVisible, type VisibilitySource, type WhileVisibleOptions } from './while-visible.js';
