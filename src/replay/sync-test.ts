import { map } from 'rxjs';
import { OptionError } from '../../operators/option-error.js';
import { checkOptionKeys, functionOption, integerAtLeast } from '../../operators/validate.js';
import { EngineShell } from '../engines/shell/engine-shell.js';
import type { EngineRandom } from '../engines/shell/engine-random.js';
import type { EngineSnapshot } from '../engines/shell/engine-snapshot.js';
import type { LoopView } from '../loop/loop-view.js';
import { Runtime } from '../engines/runtime/runtime.js';
import { presetStateOf } from './preset-states.js';
import { StateEngine } from '../engines/state/state-engine.js';
import { diffStates, hashState, type FieldDifference } from './state-hash.js';

/** How many ticks a sync test runs when `ticks` is not given: two seconds at 60 Hz. */
export const DEFAULT_SYNC_TEST_TICKS = 120;

/** How many ticks a sync test rolls back every tick when `rollback` is not given (GGRS's `SyncTestSession` default). */
export const DEFAULT_ROLLBACK_TICKS = 2;

/**
 * How far the wall clock is moved while the sync test re-simulates, in ms:
 * 1 h 1 min 1.001 s. `Date.now()` has a millisecond's resolution and a sync
 * test runs a tick in microseconds, so a step that reads the clock would
 * mostly read the same value twice and pass by luck; re-simulated ticks see
 * `Date.now()`, `performance.now()` and `new Date()` this much later, as a
 * replay tomorrow would. Not a whole number of seconds, minutes, hours or
 * days, so a step that reads the clock modulo any of them sees another value.
 */
export const RESIMULATION_CLOCK_SHIFT_MS = 3_661_001;

/**
 * What a sync test uses of an engine: every tickflow engine (the world,
 * state and systems engines, the runtime, the page engine) is one. It rolls
 * back through the engine's own `save()` and `restore()`.
 */
export interface SyncTestEngine {
  /** The preset's name. */
  readonly preset: string;
  /** The engine's loop, read-only: the fixed step, when it has one, is a test tick's default delta. */
  readonly loop: LoopView<string>;
  /** The engine's seeded random source. */
  readonly random: EngineRandom;
  /** The engine's whole state (see `EngineShell.save`). */
  save(): EngineSnapshot<unknown>;
  /** Puts the engine back to a snapshot. */
  restore(snapshot: EngineSnapshot<unknown>): void;
  /** Stops taking host ticks. */
  stop(): void;
  /** Stops the engine for good. */
  destroy(): void;
}

/** Options of {@link syncTest}. */
export interface SyncTestOptions<E extends SyncTestEngine = SyncTestEngine> {
  /** Ticks to run (each one then rolled back and re-simulated). Defaults to {@link DEFAULT_SYNC_TEST_TICKS}. */
  ticks?: number;
  /** How many ticks to roll back and re-simulate after every tick (k). Defaults to {@link DEFAULT_ROLLBACK_TICKS}. */
  rollback?: number;
  /**
   * Each tick's delta in ms: one number for every tick, or a function of the
   * tick (1, 2, ...: numbered as the engine counts its frames, so tick n is
   * the one after which `engine.frame().count` is n). A re-simulated tick gets the delta it had the first
   * time. Defaults to the engine's fixed step when it has one (so each test
   * tick is exactly one step: the runtime, the systems engine), else 1000 / 60.
   */
  deltaMs?: number | ((tick: number) => number);
  /**
   * Sets a tick's input before it runs (a closure the update reads, say):
   * called again, with the same tick, when that tick is re-simulated, so it
   * must depend on the tick alone (`engine.input.press('Space')` on tick 10,
   * say: the engine's input is part of what is saved and restored). Defaults
   * to no input.
   */
  input?: (engine: E, tick: number) => void;
  /**
   * Saves game state the engine does not hold (what a runtime behavior keeps
   * in its closure, say), with the engine's own, every tick. With
   * {@link restore}; what it returns is also hashed and compared.
   */
  save?: (engine: E) => unknown;
  /** Puts back what {@link save} returned, when the test rolls back. */
  restore?: (engine: E, saved: unknown) => void;
}

/** Where a sync test found the simulation disagreeing with itself. */
export interface SyncTestMismatch {
  /** The tick (1, 2, ...: after it, the engine's `frame().count` and a runtime's `stats().ticks` read this number) whose re-simulation ended in another state than its first run. */
  readonly tick: number;
  /** The fields that differ: `expected` from the first run, `actual` from the re-simulation (at most 20). */
  readonly fields: FieldDifference[];
  /** The first run's state hash after that tick. */
  readonly expectedHash: string;
  /** The re-simulation's. */
  readonly actualHash: string;
}

/** What {@link syncTest} found. */
export interface SyncTestReport {
  /** True when every re-simulated tick hashed as it did the first time. */
  readonly ok: boolean;
  /** Ticks run the first time (fewer than asked for when a mismatch stopped the test). */
  readonly ticks: number;
  /** The rollback depth used (k). */
  readonly rollback: number;
  /** The first tick whose re-simulation disagreed, and which fields; absent when `ok`. */
  readonly firstMismatch?: SyncTestMismatch;
}

/**
 * The sync test, after GGRS's `SyncTestSession`: finds the line that makes a
 * game non-deterministic before a player does.
 *
 * Every tick it saves the engine's whole state (`engine.save()`), runs the
 * tick and keeps the state's hash; then it rolls back `rollback` ticks
 * (`engine.restore()`), re-simulates them with the same inputs and deltas,
 * and compares each re-simulated tick's hash with the first run's. A game
 * whose step depends only on its state, its input, its delta and
 * `engine.random` agrees with itself every time; one that calls
 * `Math.random()` or `Date.now()`, or iterates a collection kept outside its
 * state (whose order the rollback does not put back), does not, and the
 * report says at which tick and which fields.
 *
 * 1. Build the engine (`build()`), stop its host ticks and give it a clock
 *    that hands tick n its delta (`deltaMs`); the page engine, whose clock
 *    is the page's, is stepped with `advance(seconds)` instead.
 * 2. For each tick n = 1, 2, ... (numbered as the engine counts its
 *    frames): save; set its input; run it; hash the state.
 * 3. Once n ≥ k: restore the state saved before tick n + 1 − k and
 *    re-run ticks n + 1 − k … n, each with its input and delta, comparing
 *    each hash with the first run's. The first difference ends the test
 *    with the fields `diffStates` finds.
 *
 * What is compared: the whole snapshot (the preset's state, the loop's
 * counters and fixed-step time, the input, the random state), and first, so
 * a report names fields a reader knows, the preset's readable state: the
 * state engine's state value, the runtime's objects by name with their
 * poses and velocities, the world's and systems engine's checkpoint state
 * (see `presetStateOf`). What is rolled back is everything `save()` holds,
 * so spawns, destroys, scene changes and input inside the rolled-back ticks
 * are rolled back too. Game state the engine does not hold (a closure)
 * goes in the `save` and `restore` options.
 *
 * The engine is destroyed when the test ends.
 *
 * @example
 * ```ts
 * import { nullBackend } from 'tickflow';
 * import { syncTest } from 'tickflow/replay';
 * import { createStateEngine } from 'tickflow/state';
 *
 * const report = await syncTest(() =>
 *   createStateEngine({
 *     backend: nullBackend(),
 *     initial: { x: 0 },
 *     update: (s, { dt, random }) => ({ x: s.x + dt * random.next() }),
 *   }),
 * );
 * report.ok; // true
 * ```
 *
 * @param build Makes a fresh engine (any preset), or a promise of one.
 * @return The report: `ok`, the ticks run and, on a mismatch, the first tick and fields.
 * @throws {OptionError} for a bad option, or a `build` that makes no tickflow engine.
 */
export async function syncTest<E extends SyncTestEngine>(build: () => E | Promise<E>, options: SyncTestOptions<E> = {}): Promise<SyncTestReport> {
  const where = 'syncTest';
  functionOption(where, 'build', build, 'a function that builds a tickflow engine');
  const { ticks = DEFAULT_SYNC_TEST_TICKS, rollback = DEFAULT_ROLLBACK_TICKS, input, save, restore } = checkOptions(where, options);
  const engine = await build();
  if (!(engine instanceof EngineShell)) {
    (engine as { destroy?: () => void } | null)?.destroy?.(); // built for nothing: free it
    throw new OptionError(where, 'build', 'a function that returns a tickflow engine (createStateEngine, createRuntime, createWorldEngine, createSystemsEngine, createEngine)', engine);
  }
  let subject = engineSubject(engine);
  if (save !== undefined) subject = withGameState(subject, () => save(engine), (saved) => restore!(engine, saved));
  const stepMs = engine.loop.plan().stepMs;
  const fixedDeltaMs = options.deltaMs ?? (stepMs > 0 ? stepMs : 1000 / 60);
  const deltaOf = typeof fixedDeltaMs === 'number' ? () => fixedDeltaMs : fixedDeltaMs;
  engine.stop();
  const page = engine.preset === 'page engine';
  // The tick's number is its timestamp; the clock hands it its delta, so a re-run tick gets the same one.
  if (!page) (engine as unknown as EngineShell<string>).setClock(map((tick: number) => deltaOf(tick)));
  const run = (tick: number): void => {
    input?.(engine, tick);
    (engine as unknown as EngineShell<string>).advance(page ? deltaOf(tick) / 1000 : tick);
  };
  const saved: (unknown | undefined)[] = [];
  const compared: Compared[] = [];
  try {
    for (let tick = 1; tick <= ticks; tick++) {
      saved[tick] = subject.save();
      run(tick);
      compared[tick] = compare(subject.compared());
      const from = tick + 1 - rollback;
      if (from < 1) continue;
      subject.restore(saved[from]);
      const mismatch = withShiftedWallClock(() => {
        for (let again = from; again <= tick; again++) {
          run(again);
          const replayed = compare(subject.compared());
          const first = compared[again]!;
          if (replayed.hash !== first.hash) return mismatchOf(again, first, replayed);
        }
        return undefined;
      });
      if (mismatch !== undefined) return { ok: false, ticks: tick, rollback, firstMismatch: mismatch };
      saved[from] = undefined; // no later rollback reaches back this far
    }
    return { ok: true, ticks, rollback };
  } finally {
    engine.destroy();
  }
}

/** What the sync test needs of an engine: save its whole state, put it back, and what to compare (readable first, then everything). */
interface RollbackSubject {
  save(): unknown;
  restore(saved: unknown): void;
  compared(): { readable: unknown; whole: unknown };
}

/** A tick's compared state, hashed: the readable part and the whole. */
interface Compared {
  readonly readable: unknown;
  readonly whole: unknown;
  readonly hash: string;
}

function compare({ readable, whole }: { readable: unknown; whole: unknown }): Compared {
  return { readable, whole, hash: `${hashState(readable)}:${hashState(whole)}` };
}

/** The fields that differ: the readable state's when they differ there, else the whole snapshot's. */
function mismatchOf(tick: number, expected: Compared, actual: Compared): SyncTestMismatch {
  const readable = diffStates(expected.readable, actual.readable);
  return { tick, fields: readable.length > 0 ? readable : diffStates(expected.whole, actual.whole), expectedHash: expected.hash, actualHash: actual.hash };
}

/** Any engine, through its own save() and restore(). */
function engineSubject(engine: SyncTestEngine): RollbackSubject {
  const readable = engine instanceof Runtime ? () => engine.simulationState() : engine instanceof StateEngine ? () => engine.state : presetStateOf(engine.preset) ?? (() => null);
  return {
    save: () => engine.save(),
    restore: (saved) => engine.restore(saved as EngineSnapshot<unknown>),
    compared: () => ({ readable: { state: (readable as (e: SyncTestEngine) => unknown)(engine), random: engine.random.state }, whole: withBytesHashed(engine.save()) }),
  };
}

/** A subject that also saves, restores and compares the game's own state (the `save` and `restore` options). */
function withGameState(subject: RollbackSubject, save: () => unknown, restore: (saved: unknown) => void): RollbackSubject {
  return {
    save: () => ({ engine: subject.save(), game: save() }),
    restore: (saved) => {
      const { engine, game } = saved as { engine: unknown; game: unknown };
      subject.restore(engine);
      restore(game);
    },
    compared: () => {
      const { readable, whole } = subject.compared();
      const game = save();
      return { readable: { engine: readable, game }, whole: { engine: whole, game } };
    },
  };
}

/**
 * A snapshot with each byte array (a physics engine's own snapshot) as one
 * string of its length and a 64-bit digest of its bytes: equal bytes, equal
 * string. Compared leaf by leaf it would cost a hash step (and a path) a
 * byte; the digest is compared within the one test run only, so it need not
 * be the checkpoints' FNV.
 */
function withBytesHashed(value: unknown): unknown {
  if (value instanceof Uint8Array) return `${value.length} bytes, ${bytesDigest(value)}`;
  if (value === null || typeof value !== 'object' || ArrayBuffer.isView(value)) return value; // other typed arrays (packed poses): compared number by number
  if (Array.isArray(value)) return value.map(withBytesHashed);
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) out[key] = withBytesHashed(item);
  return out;
}

/** Two 32-bit FNV-1a lanes over the bytes (even and odd positions), as 16 hex digits: a few nanoseconds a byte. */
function bytesDigest(bytes: Uint8Array): string {
  let a = 0x811c9dc5;
  let b = 0x01000193 ^ bytes.length;
  for (let i = 0; i + 1 < bytes.length; i += 2) {
    a = Math.imul(a ^ bytes[i]!, 0x01000193);
    b = Math.imul(b ^ bytes[i + 1]!, 0x01000193);
  }
  if (bytes.length % 2 === 1) a = Math.imul(a ^ bytes[bytes.length - 1]!, 0x01000193);
  return (a >>> 0).toString(16).padStart(8, '0') + (b >>> 0).toString(16).padStart(8, '0');
}

/**
 * Runs `work` with `Date.now`, `performance.now` and `new Date()` reading
 * {@link RESIMULATION_CLOCK_SHIFT_MS} later; puts them back after, even on a
 * throw.
 */
function withShiftedWallClock<T>(work: () => T): T {
  const undo: (() => void)[] = [];
  const shift = (owner: object, key: string, value: unknown): void => {
    const own = Object.getOwnPropertyDescriptor(owner, key);
    Object.defineProperty(owner, key, { value, writable: true, configurable: true });
    undo.push(() => (own === undefined ? delete (owner as Record<string, unknown>)[key] : Object.defineProperty(owner, key, own)));
  };
  const RealDate = globalThis.Date;
  const realDateNow = RealDate.now;
  const shiftedNow = (): number => realDateNow.call(RealDate) + RESIMULATION_CLOCK_SHIFT_MS;
  class ShiftedDate extends RealDate {
    constructor(...args: unknown[]) {
      if (args.length === 0) super(shiftedNow());
      else super(...(args as []));
    }
  }
  shift(ShiftedDate, 'now', shiftedNow);
  shift(globalThis, 'Date', ShiftedDate);
  shift(RealDate, 'now', shiftedNow);
  const perf = (globalThis as { performance?: { now(): number } }).performance;
  const realPerfNow = perf?.now;
  if (perf !== undefined && realPerfNow !== undefined) shift(perf, 'now', () => realPerfNow.call(perf) + RESIMULATION_CLOCK_SHIFT_MS);
  try {
    return work();
  } finally {
    for (const put of undo.reverse()) put();
  }
}

function checkOptions<E extends SyncTestEngine>(where: string, options: SyncTestOptions<E>): SyncTestOptions<E> {
  if (options === null || typeof options !== 'object') throw new OptionError(where, 'options', 'an object { ticks, rollback, deltaMs, input }', options);
  checkOptionKeys(where, options, ['ticks', 'rollback', 'deltaMs', 'input', 'save', 'restore']);
  const { ticks, rollback, deltaMs, input, save, restore } = options;
  if (save !== undefined) functionOption(where, 'save', save, 'a function (engine) => saved game state');
  if (restore !== undefined) functionOption(where, 'restore', restore, 'a function (engine, saved) => void');
  if ((save === undefined) !== (restore === undefined)) {
    throw new OptionError(where, save === undefined ? 'save' : 'restore', `given with ${save === undefined ? 'restore' : 'save'} (one puts back what the other saved)`, undefined);
  }
  if (ticks !== undefined) integerAtLeast(where, 'ticks', ticks, 1);
  if (rollback !== undefined) integerAtLeast(where, 'rollback', rollback, 1);
  if (deltaMs !== undefined && typeof deltaMs !== 'function' && !(typeof deltaMs === 'number' && Number.isFinite(deltaMs) && deltaMs >= 0)) {
    throw new OptionError(where, 'deltaMs', 'a finite number >= 0 or a function (tick) => ms', deltaMs);
  }
  if (input !== undefined) functionOption(where, 'input', input, 'a function (engine, tick) => void');
  return options;
}
