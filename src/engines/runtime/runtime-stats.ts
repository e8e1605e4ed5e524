import type { EngineStats } from '../shell/engine-shell.js';

/** The runtime's counters: the shell's, and the runtime's own. */
export interface RuntimeStats extends EngineStats {
  /** Fixed ticks run in the current scene session. */
  readonly ticks: number;
  /** Fixed ticks the latest frame ran. */
  readonly ticksLastFrame: number;
  /** The accumulator fraction of the latest frame, in [0, 1). */
  readonly alpha: number;
  /** The seed's `dropped_time`: whole fixed intervals dropped past `max_catch_up_ticks`, seconds, in total (`droppedMs` in ms). */
  readonly droppedSeconds: number;
  /** The same, in the latest frame. */
  readonly droppedLastFrameSeconds: number;
  /** The scene session. */
  readonly session: number;
  /** Live objects. */
  readonly objects: number;
  /** Diagnostics reported. */
  readonly diagnostics: number;
}
