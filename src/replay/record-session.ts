import { OptionError } from '../../operators/option-error.js';
import type { EngineRandom } from '../engines/shell/engine-random.js';
import { checkOptionKeys, functionOption, optionsObject } from '../../operators/validate.js';
import type { EngineStats } from '../engines/shell/engine-shell.js';
import type { EngineSnapshot } from '../engines/shell/engine-snapshot.js';
import { Input, type InputCall } from '../input/input.js';
import type { Loop } from '../loop/loop.js';
import type { LoopControl, LoopTap } from '../loop/loop-tap.js';
import type { LoopView } from '../loop/loop-view.js';
import { engineLoop } from '../engines/shell/engine-loop.js';
import { inputOf, recorderStateOf } from './preset-states.js';
import {
  DEFAULT_CHECKPOINT_EVERY,
  DEFAULT_FIELDS_EVERY,
  SESSION_FORMAT_VERSION,
  TICKFLOW_VERSION,
  type Checkpoint,
  type DeclinedRun,
  type FieldChange,
  type Session,
  type SessionEvent,
} from './session.js';
import { pathHash } from './path-hash.js';
import { allChanges, changesSince, copyState } from './state-changes.js';
import { hashState, type StateFields } from './state-hash.js';

/** What a recorder and a replay use of an engine: any engine built on the engine shell (the world, state and systems engines and the runtime). */
export interface ShellEngine {
  /** The preset's name: `'state engine'`, ... */
  readonly preset: string;
  /** The engine's loop, read-only (the recorder reaches the loop itself through the shell's internal route). */
  readonly loop: LoopView<string>;
  /** The engine's seeded random source: its state when a recording starts is part of the session. */
  readonly random: EngineRandom;
  /** Whether the engine was destroyed. */
  readonly destroyed: boolean;
  /** Runs one host tick (see the engine's `advance`). */
  advance(timestampMs?: number): boolean;
  /** The engine's counters. */
  stats(): EngineStats;
  /** Stops the engine for good. */
  destroy(): void;
  /** The engine's whole state (a recording that begins after the first frame begins with it). */
  save(): EngineSnapshot<unknown>;
  /** Puts the engine back to a snapshot (a replay of such a recording begins with it). */
  restore(snapshot: EngineSnapshot<unknown>): void;
}

/** Options of {@link recordSession}. */
export interface RecordOptions<E extends ShellEngine = ShellEngine> {
  /**
   * The state a checkpoint hashes. Defaults to the preset's own (see
   * {@link presetStateOf}: the state engine's state value, the systems
   * engine's entities); for a preset without one, no checkpoints are written
   * unless you give it.
   */
  stateOf?: (engine: E) => unknown;
  /** Frames between two checkpoints (one is also taken when the recording stops); an integer >= 1, defaults to {@link DEFAULT_CHECKPOINT_EVERY}. */
  checkpointEvery?: number;
  /**
   * Which checkpoints also keep the fields that changed since the previous
   * one that kept them, so a replay can say which fields differ and what the
   * recording held (recorded vs replayed): every `fieldsEvery`-th checkpoint
   * (the first included) and the last. An integer >= 0; defaults to
   * {@link DEFAULT_FIELDS_EVERY} (every 10 s of a 60 Hz game); 1 keeps them
   * at every checkpoint (the report then names the fields at the first
   * divergent checkpoint itself, not at the next one that kept them), 0 at
   * none (hashes only: the smallest session, and a divergence names no
   * field).
   */
  fieldsEvery?: number;
  /** The Input whose calls are recorded. Defaults to the engine's `input` (the world and state engines have one); give it for a game that keeps its own (a systems game). */
  input?: Input<string>;
  /** The options the engine was built with: their serialisable part (numbers, strings, booleans, arrays, plain objects; no functions or class instances) is hashed into the session. */
  options?: unknown;
}

/** A recording under way: see {@link recordSession}. */
export interface SessionRecording {
  /** The frames recorded so far. */
  readonly frames: number;
  /** Whether {@link stop} was called. */
  readonly stopped: boolean;
  /** The session so far, with a checkpoint of the state now when the latest frame has none (the recording goes on). */
  session(): Session;
  /** Stops recording (the engine is left as it is) and returns the session, ending in a checkpoint. Later calls return the same session. */
  stop(): Session;
}

const RECORD_OPTION_KEYS = ['stateOf', 'checkpointEvery', 'fieldsEvery', 'input', 'options'] as const;

/**
 * Records a session of an engine, from now on: every delta the clock
 * delivered (its float64 bits) and the ticks it declined in between, every
 * input call stamped with the frame and fixed tick that consumed it, the
 * controls a caller changed between frames, and a state-hash checkpoint
 * every `checkpointEvery` frames. One line to attach; {@link replay} plays
 * the session back.
 *
 * Attached before the engine's first frame, the session replays from a
 * freshly built engine. Attached later (a player presses "record" mid-game),
 * it begins with the engine's snapshot (`engine.save()`), which a replay
 * restores before the first recorded frame.
 *
 * It listens at the shell's boundary (the loop and the Input), where every
 * preset is the same. Calls made from inside a frame (a game that presses
 * keys for an AI, pauses itself on a key) are the game's own: the replayed
 * game makes them again, so they are not recorded. Without a recording, the
 * loop and the Input pay one comparison per tick and per call.
 *
 * ```text
 * ticks      --a---b---c---d---e--     c declined by the clock
 * recorded   --δ---δ-------δ---δ--     deltas, and "1 declined before frame 3"
 * input      ----p-----------r----     press stamped frame 1, release frame 3
 * ```
 *
 * @example
 * ```ts
 * import { constantClock, createInput, nullBackend } from 'tickflow';
 * import { createStateEngine } from 'tickflow/state';
 * import { recordSession, encodeSession } from 'tickflow/replay';
 *
 * const input = createInput({ bindings: { jump: ['Space'] } });
 * const engine = createStateEngine({
 *   backend: nullBackend(),
 *   input,
 *   initial: { y: 0 },
 *   update: (s, { dt, input }) => ({ y: input.held('jump') ? s.y + dt : s.y }),
 *   clock: constantClock(1000 / 60),
 * });
 * const recording = recordSession(engine);
 * engine.advance();
 * input.press('Space');
 * engine.advance();
 * const json = encodeSession(recording.stop()); // save it, load it, replay it
 * ```
 *
 * @throws {OptionError} for a bad option.
 * @throws {Error} when the engine is destroyed, already recorded, or (attached after its first frame) cannot be saved now (a level or scene load under way).
 */
export function recordSession<E extends ShellEngine>(engine: E, options?: RecordOptions<E>): SessionRecording {
  const where = 'recordSession';
  optionsObject(where, options, true);
  if (options !== undefined && Object.hasOwn(options, 'keepFields')) {
    // Gone in session format 3; named, so code written for format 2 learns what replaced it.
    throw new OptionError(where, 'keepFields', 'left out: fieldsEvery replaced it (keepFields: false is fieldsEvery: 0; true was fieldsEvery: 1)', (options as { keepFields?: unknown }).keepFields);
  }
  checkOptionKeys(where, options, RECORD_OPTION_KEYS);
  const { checkpointEvery = DEFAULT_CHECKPOINT_EVERY, fieldsEvery = DEFAULT_FIELDS_EVERY, input = inputOf(engine), stateOf = recorderStateOf(engine.preset) } = options ?? {};
  if (!Number.isInteger(checkpointEvery) || checkpointEvery < 1) throw new OptionError(where, 'checkpointEvery', 'an integer >= 1', checkpointEvery);
  if (!Number.isInteger(fieldsEvery) || fieldsEvery < 0) throw new OptionError(where, 'fieldsEvery', 'an integer >= 0 (0: hashes only)', fieldsEvery);
  if (stateOf !== undefined) functionOption(where, 'stateOf', stateOf, 'a function (engine) => state');
  if (input !== undefined && !(input instanceof Input)) throw new OptionError(where, 'input', 'an Input (createInput({ bindings }))', input);
  if (engine.destroyed) throw new Error(`${where}: the ${engine.preset} was destroyed`);
  return new Recorder(engine, { every: checkpointEvery, fieldsEvery, hash: hashState }, input, stateOf as ((engine: ShellEngine) => unknown) | undefined, optionsHashOf(options?.options));
}

/**
 * Records the replay of a session as the session was recorded: its
 * checkpoints at the same frames, hashed as its format hashed them, keeping
 * fields at the same ones. @internal
 */
export function recordAsSession(engine: ShellEngine, session: Session, input: Input<string> | undefined, stateOf: ((engine: ShellEngine) => unknown) | undefined): SessionRecording {
  const hash = checkpointHashFor(session);
  return new Recorder(engine, { every: session.checkpointEvery, fieldsEvery: session.fieldsEvery, hash }, input, stateOf ?? (recorderStateOf(engine.preset) as ((engine: ShellEngine) => unknown) | undefined), optionsHashOf(null));
}

/**
 * The hash a session's checkpoints were made with: {@link hashState} from
 * format 3 on; FNV-1a over the flattened paths in a session of format 1 or
 * 2, which a replay checks the same way. Compare a state with a checkpoint
 * through it (a replay view saying "as recorded").
 *
 * @example
 * ```ts
 * import { checkpointHashFor, decodeSession, runtimeState } from 'tickflow/replay';
 * import type { Runtime } from 'tickflow/runtime';
 *
 * declare const json: string; // a session saved with encodeSession
 * declare const runtime: Runtime; // the replayed game, after the first checkpoint's frame
 * const session = decodeSession(json);
 * const hash = checkpointHashFor(session);
 * const asRecorded = hash(runtimeState(runtime)) === session.checkpoints[0]!.hash;
 * ```
 */
export function checkpointHashFor(session: Pick<Session, 'formatVersion'>): (state: unknown) => string {
  return session.formatVersion >= 3 ? hashState : pathHash;
}

/** How a recorder takes checkpoints. */
interface CheckpointPlan {
  /** Frames between two. */
  readonly every: number;
  /** Checkpoints between two that keep fields (0: none). */
  readonly fieldsEvery: number;
  /** The checkpoint hash. */
  readonly hash: (state: unknown) => string;
}


/** The hash of the options' serialisable part: functions, symbols and class instances (a backend, an Input) are left out. */
export function optionsHashOf(options: unknown): string {
  return hashState(serialisable(options, 0) ?? null);
}

function serialisable(value: unknown, depth: number): unknown {
  if (value === null || ['number', 'string', 'boolean', 'bigint'].includes(typeof value)) return value;
  if (typeof value !== 'object' || depth > 16) return undefined;
  if (Array.isArray(value)) return value.map((item) => serialisable(item, depth + 1) ?? null);
  const prototype = Object.getPrototypeOf(value) as unknown;
  if (prototype !== Object.prototype && prototype !== null) return undefined;
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    const kept = serialisable(item, depth + 1);
    if (kept !== undefined) out[key] = kept;
  }
  return out;
}

class Recorder implements SessionRecording, LoopTap {
  private readonly deltasMs: number[] = [];
  private readonly declined: DeclinedRun[] = [];
  private readonly events: SessionEvent[] = [];
  private readonly checkpoints: Checkpoint[] = [];
  private declinedNow = 0;
  /** Whether a recorded call (see `call`) is running. */
  private inCall = false;
  /** Checkpoints taken so far (the fields are kept at every `fieldsEvery`-th). */
  private taken = 0;
  /** A copy of the state at the latest checkpoint that kept fields: the next one keeps what changed since. */
  private fieldsBase: unknown;
  /** The first checkpoint that kept fields, whose changes (every field) are written out when the session is asked for, not on the frame: a copy of its state. */
  private firstFields: { index: number; state: unknown } | undefined;
  private done: Session | undefined;
  /** The engine's random state when the recording began. */
  private readonly randomState: number;
  /** The engine's loop itself: its tap, its counters. */
  private readonly loop: Loop<string>;
  /** The engine's state when the recording began, when that was after its first frame. */
  private readonly start: EngineSnapshot<unknown> | undefined;
  /** The loop's frame and fixed-step counts when the recording began: stamps count from here. */
  private readonly baseFrame: number;
  private readonly baseTick: number;

  constructor(
    private readonly engine: ShellEngine,
    private readonly plan: CheckpointPlan,
    private readonly input: Input<string> | undefined,
    private readonly stateOf: ((engine: ShellEngine) => unknown) | undefined,
    private readonly optionsHash: string,
  ) {
    this.randomState = engine.random.state;
    this.loop = engineLoop(engine);
    this.start = this.loop.frameCount > 0 ? engine.save() : undefined;
    this.baseFrame = this.loop.frameCount;
    this.baseTick = this.loop.fixedStepCount;
    this.loop.setTap(this);
    try {
      input?.setTap(this.onInput);
    } catch (error) {
      this.loop.setTap(undefined);
      throw error;
    }
  }

  get frames(): number {
    return this.deltasMs.length;
  }

  get stopped(): boolean {
    return this.done !== undefined;
  }

  // -- the loop's tap ---------------------------------------------------------

  tick(clockMs: number | undefined): void {
    if (clockMs === undefined || !Number.isFinite(clockMs)) {
      this.declinedNow++;
      return;
    }
    this.flushDeclined();
    this.deltasMs.push(clockMs);
  }

  frameEnd(): void {
    if ((this.loop.frameCount - this.baseFrame) % this.plan.every === 0) this.checkpoint();
  }

  control(kind: LoopControl, value: unknown): void {
    this.events.push({ kind: 'control', ...this.stamp(), control: kind, value });
  }

  call<T>(method: string, args: readonly unknown[], body: () => T): T {
    this.events.push({ kind: 'control', ...this.stamp(), control: 'call', value: [method, ...args] });
    // What the call does (its loop controls, the input it releases), the replayed call does again: not recorded apart.
    this.loop.setTap(undefined);
    this.inCall = true;
    try {
      return body();
    } finally {
      this.inCall = false;
      if (this.done === undefined) this.loop.setTap(this);
    }
  }

  private readonly onInput = (call: InputCall, measured: boolean): void => {
    // The game's own call, or a recorded call's: its replay makes it again. The pointer the page engine measures in
    // its read phase is the player's, though it comes in a frame: recorded, and placed before that frame by a replay.
    if ((this.loop.inFrame && !measured) || this.inCall) return;
    const at = this.stamp();
    // In a frame the loop has counted that frame already (its fixed steps not yet): stamped as before it.
    this.events.push({ kind: 'input', ...(this.loop.inFrame ? { frame: at.frame - 1, tick: at.tick } : at), call });
  };

  // -- the session ------------------------------------------------------------

  session(): Session {
    if (this.done !== undefined) return this.done;
    const checkpoints = [...this.checkpoints];
    const last = this.lastCheckpointFrame();
    if (this.frames > 0 && last !== this.frames) {
      const extra = this.makeCheckpoint(true, false);
      if (extra !== undefined) checkpoints.push(extra);
    }
    return this.snapshot(checkpoints, this.declinedNow);
  }

  stop(): Session {
    if (this.done !== undefined) return this.done;
    this.loop.setTap(undefined);
    this.input?.setTap(undefined);
    // The last checkpoint keeps fields: taken again now if the frame's own did not (the state has not moved since).
    const lastIndex = this.checkpoints.length - 1;
    if (this.checkpoints[lastIndex]?.frame === this.frames && this.plan.fieldsEvery > 0 && !this.keptFields(lastIndex)) {
      this.checkpoints.pop();
      this.taken--;
    }
    if (this.frames > 0 && this.lastCheckpointFrame() !== this.frames) this.checkpoint(true);
    this.flushDeclined();
    this.done = this.snapshot(this.checkpoints, 0);
    return this.done;
  }

  private snapshot(checkpoints: Checkpoint[], trailingDeclined: number): Session {
    this.writeFirstFields(checkpoints);
    return {
      formatVersion: SESSION_FORMAT_VERSION,
      tickflowVersion: TICKFLOW_VERSION,
      preset: this.engine.preset,
      optionsHash: this.optionsHash,
      randomState: this.randomState,
      seed: this.engine.random.seed,
      ...(this.start === undefined ? {} : { start: this.start }),
      fixedStep: this.loop.plan().stepMs > 0,
      checkpointEvery: this.plan.every,
      fieldsEvery: this.plan.fieldsEvery,
      deltasMs: [...this.deltasMs],
      declined: trailingDeclined > 0 ? [...this.declined, { frame: this.frames, count: trailingDeclined }] : [...this.declined],
      events: [...this.events],
      checkpoints,
    };
  }

  private lastCheckpointFrame(): number | undefined {
    return this.checkpoints[this.checkpoints.length - 1]?.frame;
  }

  private stamp(): { frame: number; tick: number } {
    return { frame: this.loop.frameCount - this.baseFrame, tick: this.loop.fixedStepCount - this.baseTick };
  }

  private flushDeclined(): void {
    if (this.declinedNow === 0) return;
    this.declined.push({ frame: this.frames, count: this.declinedNow });
    this.declinedNow = 0;
  }

  /** Takes a checkpoint; `last` (the one `stop()` takes) keeps fields whatever the count, so every divergence has fields at or after it. */
  private checkpoint(last = false): void {
    const checkpoint = this.makeCheckpoint(last, true);
    if (checkpoint === undefined) return;
    this.checkpoints.push(checkpoint);
    this.taken++;
  }

  /**
   * The state now as a checkpoint: its hash, and the fields changed since the
   * last checkpoint that kept them when this one keeps fields (`last`, or
   * the count says so). `keep` moves the fields' baseline on (the extra
   * checkpoint of a `session()` mid-recording does not).
   */
  private makeCheckpoint(last: boolean, keep: boolean): Checkpoint | undefined {
    if (this.stateOf === undefined) return undefined;
    const { fieldsEvery, hash: hashOf } = this.plan;
    let state: unknown;
    let hash: string;
    try {
      state = this.stateOf(this.engine);
      hash = hashOf(state);
    } catch (error) {
      this.loop.reportError(new Error(`recordSession: the checkpoint state of frame ${this.loop.frameCount} could not be hashed (${(error as Error).message}); no checkpoint was written`, { cause: error }));
      return undefined;
    }
    const stamp = this.stamp();
    const keepsFields = fieldsEvery > 0 && (last || this.taken % fieldsEvery === 0);
    if (!keepsFields) return { ...stamp, hash, changes: undefined };
    if (this.firstFields === undefined) {
      if (!keep) return { ...stamp, hash, changes: allChanges(state) };
      // Every field, written out when the session is asked for (flattening a big state takes a frame's budget); and a
      // second copy, the base the next checkpoint that keeps fields is diffed against (and brought up to date in place).
      this.firstFields = { index: this.checkpoints.length, state: copyState(state) };
      this.fieldsBase = copyState(state);
      return { ...stamp, hash, changes: undefined };
    }
    // Diffed against the base, which the diff brings up to this state in place (a copy of it when the base must stay).
    const { changes, base } = changesSince(keep ? this.fieldsBase : copyState(this.fieldsBase), state);
    if (keep) this.fieldsBase = base;
    return { ...stamp, hash, changes };
  }

  /** Whether the checkpoint at `index` keeps fields (the first that does has them written later). */
  private keptFields(index: number): boolean {
    return this.checkpoints[index]?.changes !== undefined || this.firstFields?.index === index;
  }

  /** The first checkpoint that kept fields gets its changes (every field), once. */
  private writeFirstFields(checkpoints: Checkpoint[]): void {
    const first = this.firstFields;
    if (first === undefined) return;
    const checkpoint = this.checkpoints[first.index]!;
    if (checkpoint.changes === undefined) this.checkpoints[first.index] = { ...checkpoint, changes: allChanges(first.state) };
    checkpoints[first.index] = this.checkpoints[first.index]!;
  }
}

/** Applies a checkpoint's changes to the fields of the one before it (a new map). */
export function applyChanges(previous: StateFields, changes: readonly FieldChange[]): StateFields {
  const fields = new Map(previous);
  for (const change of changes) {
    if (change.removed) fields.delete(change.path);
    else fields.set(change.path, change.value);
  }
  return fields;
}
