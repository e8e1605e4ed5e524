/**
 * A recorded session, in memory: what a loop was handed, frame by frame, and
 * the state hashes it reached. {@link encodeSession} writes it as versioned
 * JSON and {@link decodeSession} reads it back, exactly.
 */
import type { EngineSnapshot } from '../engines/shell/engine-snapshot.js';
import type { StateLeaf } from './state-hash.js';

/**
 * The version of the session format this tickflow writes. It reads this one
 * and every older one: format 2 hashed its checkpoints over flattened paths
 * (a replay checks them that way) and kept fields at every checkpoint or at
 * none; format 1 had no `seed` and no `start` either. A newer one is
 * refused.
 */
export const SESSION_FORMAT_VERSION = 3;

/**
 * The tickflow version a session records (kept equal to package.json's by a
 * test). A session recorded by another version still replays; the replay
 * warns, and its report names the first divergence if the versions simulate
 * differently.
 */
export const TICKFLOW_VERSION = '0.2.0';

/** The frames between two checkpoints when none is given: one a second at 60 Hz. */
export const DEFAULT_CHECKPOINT_EVERY = 60;

/**
 * The checkpoints between two that keep fields when none is given: every
 * 10th (every 10 s at the default checkpoint rate of a 60 Hz game), and the
 * last. Fields at every checkpoint cost a physics game several times its
 * session's size a minute; the hash at every checkpoint still finds the
 * first divergent second, and the next checkpoint that kept fields names
 * what differs.
 */
export const DEFAULT_FIELDS_EVERY = 10;

/**
 * One raw call into an `Input`: `press`/`release` with the device input (a
 * key code or pointer button), `move` with the pointer's x, y (CSS pixels)
 * and whether it is inside the target.
 */
export type InputCall = readonly ['press' | 'release', string] | readonly ['move', number, number, boolean];

/**
 * A control a caller changed between frames, as the loop saw it:
 *
 * - `paused` (a boolean), `timeScale` (a number), `fixedStep` (the options
 *   given to `setFixedStep`) and `step` (a single step asked for while
 *   paused) are applied again by a replay, before the same frame;
 * - `call` (one of the engine's own calls a caller made between frames: a
 *   level or scene load, the systems engine's `pause()`/`play()`, the
 *   runtime's `pause()`; the value is `[method path, ...arguments]`) is made
 *   again by a replay, and with it whatever the call did (the loop controls
 *   it set, the input it released), which is not recorded apart;
 * - `clock` (a clock replaced; the value is `keepBaseline`), `hold` and
 *   `release` (a level or scene load, a pause that asks for no frames; the
 *   value is the holds outstanding) are kept for the record: a replay's
 *   scripted clock already hands back the deltas that followed them. The
 *   release of the last hold (value 0) is made again as the fresh start it
 *   was (`Loop.replayRelease`): a page engine's automatic pause or a settled
 *   engine woken dropped the time its fixed step had accumulated, and the
 *   replayed engine, never held, drops it too.
 */
export type ControlKind = 'paused' | 'timeScale' | 'fixedStep' | 'clock' | 'step' | 'hold' | 'release' | 'call';

/**
 * Where something happened: after `frame` frames and `tick` fixed steps of
 * the recording had run (so the next frame, number `frame + 1`, consumed
 * it). Counted from where the recording began, which is the engine's first
 * frame unless the session has a `start` snapshot.
 */
export interface SessionStamp {
  /** The recorded frames run before it (0: before the first). */
  readonly frame: number;
  /** The recorded fixed steps run before it (always 0 for a preset without a fixed step). */
  readonly tick: number;
}

/** An input call, stamped with the frame and tick that consumed it. */
export interface InputEvent extends SessionStamp {
  /** Always `'input'`. */
  readonly kind: 'input';
  /** The call. */
  readonly call: InputCall;
}

/** A control change, stamped as an input is. */
export interface ControlEvent extends SessionStamp {
  /** Always `'control'`. */
  readonly kind: 'control';
  /** Which control. */
  readonly control: ControlKind;
  /** Its new value (see {@link ControlKind}). */
  readonly value: unknown;
}

/** What happened between frames: an input call or a control change. */
export type SessionEvent = InputEvent | ControlEvent;

/** A field of a checkpoint's state that changed since the previous checkpoint; `removed` when the state no longer has it. */
export interface FieldChange {
  /** The field's path, as `flattenState` writes it. */
  readonly path: string;
  /** Its value now (`undefined` when removed). */
  readonly value: StateLeaf;
  /** Whether the field is gone. */
  readonly removed: boolean;
}

/** The state hash after a frame, and at the checkpoints that keep fields (see {@link Session.fieldsEvery}) the fields that changed since the previous one that kept them. */
export interface Checkpoint extends SessionStamp {
  /** `hashState` of the state after frame `frame` (in a session of format 1 or 2, FNV-1a over its flattened paths). */
  readonly hash: string;
  /** The fields changed since the previous checkpoint that kept fields (all of them at the first); `undefined` at a checkpoint that keeps none. */
  readonly changes: readonly FieldChange[] | undefined;
}

/** How many ticks the clock declined before a frame. */
export interface DeclinedRun {
  /** The frames run before these ticks (the declined ticks came before frame `frame + 1`). */
  readonly frame: number;
  /** How many ticks. */
  readonly count: number;
}

/** A recorded session. */
export interface Session {
  /** The format it is in: {@link SESSION_FORMAT_VERSION} for a recording made by this tickflow; a session read from an older file keeps that file's (which says how its checkpoints were hashed). */
  readonly formatVersion: number;
  /** The tickflow version that recorded it. */
  readonly tickflowVersion: string;
  /** The preset: `'state engine'`, `'systems engine'`, ... */
  readonly preset: string;
  /** `hashState` of the serialisable part of the options the recorder was given (`null` when none). */
  readonly optionsHash: string;
  /** The state of the engine's seeded random source (`engine.random.state`) when the recording began; a replay starts its engine's source there. */
  readonly randomState: number;
  /**
   * The seed the engine was built with (`engine.random.seed`): a replay
   * hands it to the build (`host.seed`), so what the build draws (a
   * behavior's `onStart`, a scene's setup) is what it drew when recorded.
   * Absent in a session migrated from format 1, which did not record it.
   */
  readonly seed?: number;
  /**
   * The engine's whole state when the recording began, when that was after
   * its first frame (`engine.save()`); absent for a recording from the
   * first frame. A replay restores it before the first recorded frame.
   */
  readonly start?: EngineSnapshot<unknown>;
  /** Whether the engine's loop has a fixed step (its events then carry meaningful ticks). */
  readonly fixedStep: boolean;
  /** The frames between checkpoints. */
  readonly checkpointEvery: number;
  /**
   * The checkpoints between two that keep fields (every `fieldsEvery`-th,
   * the first included, and the last); 0 when none does. A session read
   * from format 1 or 2 has 1 when its checkpoints kept fields, else 0.
   */
  readonly fieldsEvery: number;
  /** Every delivered delta, one per frame, in ms, exactly as the clock delivered it (before the time scale). */
  readonly deltasMs: readonly number[];
  /** The declined ticks, in frame order, only where there were some. */
  readonly declined: readonly DeclinedRun[];
  /** Input calls and control changes, in the order they happened. */
  readonly events: readonly SessionEvent[];
  /** The checkpoints, in frame order. */
  readonly checkpoints: readonly Checkpoint[];
}
