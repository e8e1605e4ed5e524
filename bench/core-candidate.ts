import type { HostTick } from './host-timeline.js';
import type { PhaseWork } from './phase-work.js';

/**
 * One way of running the core path (host tick -> wall clock -> frame info ->
 * fixed step -> four phase subscribers), set up and ready for host ticks.
 */
export interface CoreCandidate {
  /** The row's label. */
  readonly name: string;
  /** How it is driven and which parts are the library's own, for the table's notes. */
  readonly how: string;
  /** What the host calls once per frame. */
  readonly onHostTick: HostTick;
  /** The four subscribers it calls, and what they counted. */
  readonly work: PhaseWork;
  /** Frames it delivered so far (for the check that every row did the same work). */
  frames(): number;
  /** Stops it for good (peers that hold a frame request give it back). */
  dispose(): void;
}
