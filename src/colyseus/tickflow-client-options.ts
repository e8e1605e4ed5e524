import type { Subscribable } from 'rxjs';
import type { PhaseError } from '../loop/phase-error.js';
import type { RoomInput } from './room-inputs.js';

/** The most states of the last ticks a client keeps for drawing (predicted, and the room's): 128, over 2 s at 60 Hz. */
export const VIEW_CAPACITY = 128;

/**
 * How far behind the room's newest state remote entities are drawn when no
 * delay is given: 100 ms (6 ticks at 60 Hz). States come every tick, so
 * two are always at hand for the interpolation unless jitter holds a state
 * back longer than that; a state lost in the middle is spanned.
 */
export const DEFAULT_INTERPOLATION_DELAY_MS = 100;

/** How often a client pings the room when `pingEveryMs` is not given: every second. */
export const DEFAULT_PING_EVERY_MS = 1000;

/**
 * What the client needs of a `colyseus.js` `Room` (0.16): its session id,
 * to send, and to listen. A `colyseus.js` `Room` is one; declared here so
 * tickflow imports nothing of Colyseus, and so a test can put a simulated
 * bad network in between ({@link conditionedRoom}).
 */
export interface ClientRoomLike {
  /** This client's session id in the room: the `client` of its inputs. */
  readonly sessionId: string;
  /** Sends the room a message. */
  send(type: string, message?: unknown): void;
  /** Registers the handler of a message type from the room; may return the function that removes it. */
  onMessage(type: string, callback: (message: unknown) => void): unknown;
}

/** The simulation a client runs: the room's, with save and restore (every tickflow engine has them). */
export interface ClientEngine<S> {
  /** Runs one fixed tick. */
  advance(): unknown;
  /** The engine's whole state as a plain value. */
  save(): S;
  /** Puts the engine back to a saved state: the room's, from a state message. */
  restore(state: S): unknown;
}

/** Options of {@link tickflowClient}. */
export interface TickflowClientOptions<S, V> {
  /** The simulation, the same the room runs: stepped once per predicted or re-simulated tick. */
  readonly engine: ClientEngine<S>;
  /** The bytes of one input: the room's `inputSize`. */
  readonly inputSize: number;
  /**
   * The room's `applyInputs`, the same function: hands the game the local
   * player's inputs due at `tick` before it runs (`late` ones first, the
   * tick's own last). Remote players' inputs are whatever the room's state
   * left in the game: keep each player's input in the engine's state (or in
   * what `save` returns) so a restore brings them.
   */
  readonly applyInputs: (inputs: readonly RoomInput[], tick: number) => void;
  /** The local player's input for `tick`, about to be predicted and sent: `inputSize` bytes. Called once a tick. */
  readonly input: (tick: number) => Uint8Array;
  /**
   * What to draw of the game now (a value kept for interpolation, so not
   * one the game changes later): `() => engine.state` for a state engine,
   * the poses of a runtime. Defaults to `engine.save()`.
   */
  readonly present?: () => V;
  /** The state the room sends, restored: defaults to `engine.restore(state)`. Give it with the room's `save`. */
  readonly restore?: (state: S) => void;
  /**
   * Tells two presents apart, to count corrections: a value equal for equal
   * states. Defaults to a hash of `present()` when `present` is given (a
   * correction is then a change the player could see), else of
   * `engine.save()`.
   */
  readonly fingerprint?: () => string;
  /** The fixed tick, in ms: the room's. Defaults to `DEFAULT_STEP_MS` (1000/60). */
  readonly stepMs?: number;
  /** The most ticks one host tick may run (past it time is dropped; the tick sync catches up). Defaults to `DEFAULT_MAX_STEPS` (4). */
  readonly maxSteps?: number;
  /** Host ticks: defaults to `animationFrames()` in a page, `timerTicks({ intervalMs: stepMs })` in Node. */
  readonly ticks?: Subscribable<number>;
  /** The message type of inputs: the room's `messageType`. Defaults to `'input'`. */
  readonly messageType?: string;
  /** How early inputs should reach the room, in ticks. Defaults to {@link DEFAULT_BUFFER_TICKS} (2). */
  readonly bufferTicks?: number;
  /** How far behind the room's newest state remote entities are drawn, in ms. Defaults to {@link DEFAULT_INTERPOLATION_DELAY_MS} (100); give this or `interpolationDelayTicks`. */
  readonly interpolationDelayMs?: number;
  /** The same delay in ticks. */
  readonly interpolationDelayTicks?: number;
  /** How often to ping the room, in ms. Defaults to {@link DEFAULT_PING_EVERY_MS} (1000). */
  readonly pingEveryMs?: number;
  /** The time now, in ms, for pings. Defaults to `performance.now`. */
  readonly now?: () => number;
  /** Called with what a frame threw (the game's functions); defaults to `console.error`. The client goes on. */
  readonly onError?: (error: PhaseError) => void;
}

/** What {@link TickflowClient.stats} reports: a HUD's readings and a test's counters. */
export interface TickflowClientStats {
  /** The present: the next tick the client predicts (-1 before the first room state). */
  readonly tick: number;
  /** The newest room state's tick (-1 before any). */
  readonly serverTick: number;
  /** The round trip to the room, in ms, of the latest ping answered (`null` before any). */
  readonly pingMs: number | null;
  /** How far the present runs ahead of the newest room state, in ticks (smoothed). */
  readonly aheadTicks: number;
  /** How early its inputs reached the room, in ticks: the least of the last sample (negative: late), or `null`. */
  readonly inputLeadTicks: number | null;
  /** Room states taken (restored and re-simulated from). */
  readonly reconciliations: number;
  /** Reconciliations whose re-simulated present differed from the prediction. */
  readonly corrections: number;
  /** Corrections in the last second of ticks. */
  readonly correctionsPerSecond: number;
  /** Ticks re-simulated in all. */
  readonly resimulatedTicks: number;
  /** Times the client took the room's state as its present (the first state; falling behind). */
  readonly resyncs: number;
  /** Extra ticks run to catch up with the room (its inputs were arriving late, or it just joined). */
  readonly extraTicks: number;
  /** Ticks skipped to fall back towards the room (its inputs were arriving earlier than `bufferTicks`). */
  readonly skippedTicks: number;
  /** How far behind the room's newest state remote entities are drawn, in ms. */
  readonly interpolationDelayMs: number;
  /** Errors a frame threw, reported to `onError`. */
  readonly errors: number;
}
