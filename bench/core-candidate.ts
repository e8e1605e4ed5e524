import type { HostTick } from './host-timeline.js';

/** What a row's phase handlers did so far: the check that every row did the same work. */
export interface WorkReport {
  /** Fixed steps run (calls of each fixed-phase handler). */
  readonly fixedSteps: number;
  /** Calls of every handler of every phase, summed. */
  readonly handlerCalls: number;
  /** Whether every handler of a phase was called as often as the others, and the frame phases once a frame. */
  readonly handlersAgree: boolean;
}

/**
 * One way of running the core path (host tick -> wall clock (clamp) ->
 * fixed step with cap -> phases with one-line handlers, one render with
 * alpha), set up and ready for host ticks. A row module exports a function
 * returning one; the bench builds it in a process of its own.
 */
export interface CoreCandidate {
  /** The row's label. */
  readonly name: string;
  /** How it is driven and which parts are the library's own, one line for the table's notes. */
  readonly how: string;
  /** What the host calls once per frame. */
  readonly onHostTick: HostTick;
  /** Frames it delivered so far. */
  frames(): number;
  /** What its handlers did so far. */
  work(): WorkReport;
  /** Stops it for good (peers that hold a frame request give it back). */
  dispose(): void;
}
