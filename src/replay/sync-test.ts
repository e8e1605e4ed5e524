import { map } from 'rxjs';
import type { LoopState } from '../loop/loop-state.js';
import { OptionError } from '../../operators/option-error.js';
import { checkOptionKeys, functionOption, integerAtLeast } from '../../operators/validate.js';
import { engineLoop } from '../engines/shell/engine-loop.js';
import { Runtime } from '../engines/runtime/runtime.js';
import { StateEngine } from '../engines/state/state-engine.js';
import { diffStates, hashState, type FieldDifference } from './state-hash.js';

/** How many ticks a sync test runs when `ticks` is not given: two seconds at 60 Hz. */
export const DEFAULT_SYNC_TEST_TICKS = 120;

/** How many ticks a sync test rolls back every tick when `rollback` is not given (GGRS's `SyncTestSession` default). */
export const DEFAULT_ROLLBACK_TICKS = 2;

/**
 * How far the wall clock is moved while the sync test re-simulates, in ms (an
 * hour). `Date.now()` has a millisecond's resolution and a sync test runs a
 * tick in microseconds, so a step that reads the clock would mostly read the
 * same value twice and pass by luck; re-simulated ticks see `Date.now()` and
 * `performance.now()` this much later, as a replay tomorrow would.
 */
export const RESIMULATION_CLOCK_SHIFT_MS = 3_600_000;

/** The engines a sync test can roll back: their whole simulation state can be saved and put back. */
// `any`: a state engine of any state, surface and actions (its render parameter makes the surface type invariant).
export type SyncTestEngine = StateEngine<any, any, any> | Runtime; // eslint-disable-line @typescript-eslint/no-explicit-any

/** Options of {@link syncTest}. */
export interface SyncTestOptions<E extends SyncTestEngine = SyncTestEngine> {
  /** Ticks to run (each one then rolled back and re-simulated). Defaults to {@link DEFAULT_SYNC_TEST_TICKS}. */
  ticks?: number;
  /** How many ticks to roll back and re-simulate after every tick (k). Defaults to {@link DEFAULT_ROLLBACK_TICKS}. */
  rollback?: number;
  /**
   * Each tick's delta in ms: one number for every tick, or a function of the
   * tick (0, 1, ...). A re-simulated tick gets the delta it had the first
   * time. Defaults to 1000 / 60. The state engine only: a runtime's tick is
   * one fixed step, each frame of the test exactly one.
   */
  deltaMs?: number | ((tick: number) => number);
  /**
   * Sets a tick's input before it runs (a closure the update reads, say):
   * called again, with the same tick, when that tick is re-simulated, so it
   * must depend on the tick alone. Defaults to no input. The state engine
   * only: the runtime's input latches are not saved yet.
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
  /** The tick (0, 1, ...) whose re-simulation ended in another state than its first run. */
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
 * Every tick it saves the engine's whole simulation state, runs the tick and
 * keeps the state's hash; then it rolls back `rollback` ticks, re-simulates
 * them with the same inputs and deltas, and compares each re-simulated
 * tick's hash with the first run's. A game whose step depends only on its
 * state, its input, its delta and `engine.random` agrees with itself every
 * time; one that calls `Math.random()` or `Date.now()`, or iterates a
 * collection kept outside its state (whose order the rollback does not put
 * back), does not, and the report says at which tick and which fields.
 *
 * 1. Build the engine (`build()`), stop its host ticks and give it a clock
 *    that hands tick n its delta (`deltaMs`).
 * 2. For each tick n: save; set its input; run it; hash the state (the
 *    state engine: its state value and `engine.random.state`).
 * 3. Once n + 1 ≥ k: restore the state saved before tick n + 1 − k and
 *    re-run ticks n + 1 − k … n, each with its input and delta, comparing
 *    each hash with the first run's. The first difference ends the test
 *    with the fields `diffStates` finds.
 *
 * What is saved and restored, for the state engine: its state value (kept
 * as it is: an update returns a new state, so the old one stays intact), the
 * random source's state and the frame counters (so `frame.count` and
 * `frame.timeMs` read the same in a re-simulated tick). For the fixed-tick
 * runtime (one fixed step per test tick): the physics world through the
 * adapter's snapshot (Rapier's `world.takeSnapshot()`), every live object's
 * poses, the tick count, the random source and the frame counters; it
 * hashes each object's position, rotation and velocity. Structural changes
 * (a spawn, a destroy, a scene change) and the runtime's input are not
 * rolled back yet: the test refuses them with an error that says so. Game
 * state the engine does not hold (a behavior's closure) goes in the `save`
 * and `restore` options.
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
 * @param build Makes a fresh engine (a state engine or a runtime), or a promise of one.
 * @return The report: `ok`, the ticks run and, on a mismatch, the first tick and fields.
 * @throws {OptionError} for a bad option, or a `build` that makes no engine the sync test can roll back.
 */
export async function syncTest<E extends SyncTestEngine>(build: () => E | Promise<E>, options: SyncTestOptions<E> = {}): Promise<SyncTestReport> {
  const where = 'syncTest';
  functionOption(where, 'build', build, 'a function that builds a state engine or a runtime');
  const { ticks = DEFAULT_SYNC_TEST_TICKS, rollback = DEFAULT_ROLLBACK_TICKS, input, save, restore } = checkOptions(where, options);
  const engine = await build();
  let subject: RollbackSubject<unknown>;
  let deltaMs: number | ((tick: number) => number);
  if (engine instanceof StateEngine) {
    subject = stateEngineSubject(engine) as RollbackSubject<unknown>;
    deltaMs = options.deltaMs ?? 1000 / 60;
  } else if (engine instanceof Runtime) {
    for (const option of ['deltaMs', 'input'] as const) {
      if (options[option] !== undefined) {
        engine.destroy();
        throw new OptionError(where, option, `left out for a runtime (${option === 'deltaMs' ? 'each tick is one fixed step' : 'its input latches are not rolled back yet'})`, options[option]);
      }
    }
    subject = runtimeSubject(engine) as RollbackSubject<unknown>;
    deltaMs = engine.simulation.fixedDeltaSeconds * 1000;
  } else {
    (engine as { destroy?: () => void } | null)?.destroy?.(); // built for nothing: free it
    throw new OptionError(where, 'build', 'a function that returns a state engine (createStateEngine(...)) or a runtime (createRuntime(...))', engine);
  }
  if (save !== undefined) subject = withGameState(subject, () => save(engine as E), (saved) => restore!(engine as E, saved));
  const fixedDeltaMs = deltaMs;
  const deltaOf = typeof fixedDeltaMs === 'number' ? () => fixedDeltaMs : fixedDeltaMs;
  engine.stop();
  // The tick's number is its timestamp; the clock hands it its delta, so a re-run tick gets the same one.
  engine.setClock(map((tick: number) => deltaOf(tick)));
  const run = (tick: number): void => {
    input?.(engine as E, tick);
    engine.advance(tick);
  };
  const saved: (ReturnType<typeof subject.save> | undefined)[] = [];
  const hashes: string[] = [];
  const states: unknown[] = [];
  try {
    for (let tick = 0; tick < ticks; tick++) {
      saved[tick] = subject.save();
      run(tick);
      const state = subject.hashed();
      states[tick] = state;
      hashes[tick] = hashState(state);
      const from = tick + 1 - rollback;
      if (from < 0) continue;
      subject.restore(saved[from]!);
      const mismatch = withShiftedWallClock(() => {
        for (let again = from; again <= tick; again++) {
          run(again);
          const replayed = subject.hashed();
          const hash = hashState(replayed);
          if (hash !== hashes[again]) {
            return { tick: again, fields: diffStates(states[again], replayed), expectedHash: hashes[again]!, actualHash: hash };
          }
        }
        return undefined;
      });
      if (mismatch !== undefined) return { ok: false, ticks: tick + 1, rollback, firstMismatch: mismatch };
      saved[from] = undefined; // no later rollback reaches back this far
    }
    return { ok: true, ticks, rollback };
  } finally {
    engine.destroy();
  }
}

/** What the sync test needs of an engine: save its whole simulation state, put it back, and the state to hash. */
interface RollbackSubject<S> {
  save(): S;
  restore(saved: S): void;
  hashed(): unknown;
}

function runtimeSubject(engine: Runtime): RollbackSubject<{ simulation: ReturnType<Runtime['saveSimulation']>; random: number; loop: LoopState }> {
  return {
    save: () => ({ simulation: engine.saveSimulation(), random: engine.random.state, loop: engineLoop(engine).saveState() }),
    restore: ({ simulation, random, loop }) => {
      engine.restoreSimulation(simulation);
      engine.random.restore(random);
      engineLoop(engine).restoreState(loop);
    },
    hashed: () => ({ ...engine.simulationState(), random: engine.random.state }),
  };
}

/** A subject that also saves, restores and hashes the game's own state (the `save` and `restore` options). */
function withGameState<S>(subject: RollbackSubject<S>, save: () => unknown, restore: (saved: unknown) => void): RollbackSubject<unknown> {
  return {
    save: () => ({ engine: subject.save(), game: save() }),
    restore: (saved) => {
      const { engine, game } = saved as { engine: S; game: unknown };
      subject.restore(engine);
      restore(game);
    },
    hashed: () => ({ engine: subject.hashed(), game: save() }),
  };
}

function stateEngineSubject(engine: StateEngine<unknown, object, string>): RollbackSubject<{ state: unknown; random: number; loop: LoopState }> {
  return {
    save: () => ({ state: engine.state, random: engine.random.state, loop: engineLoop(engine).saveState() }),
    restore: ({ state, random, loop }) => {
      engine.apply(() => state as never);
      engine.random.restore(random);
      engineLoop(engine).restoreState(loop);
    },
    hashed: () => ({ state: engine.state, random: engine.random.state }),
  };
}

/** Runs `work` with `Date.now` and `performance.now` reading {@link RESIMULATION_CLOCK_SHIFT_MS} later; puts them back after, even on a throw. */
function withShiftedWallClock<T>(work: () => T): T {
  const dateNow = Object.getOwnPropertyDescriptor(Date, 'now');
  const realDateNow = Date.now;
  const perf = (globalThis as { performance?: { now(): number } }).performance;
  const perfNow = perf === undefined ? undefined : Object.getOwnPropertyDescriptor(perf, 'now');
  const realPerfNow = perf?.now;
  Object.defineProperty(Date, 'now', { value: () => realDateNow.call(Date) + RESIMULATION_CLOCK_SHIFT_MS, writable: true, configurable: true });
  if (perf !== undefined && realPerfNow !== undefined) {
    Object.defineProperty(perf, 'now', { value: () => realPerfNow.call(perf) + RESIMULATION_CLOCK_SHIFT_MS, writable: true, configurable: true });
  }
  try {
    return work();
  } finally {
    if (dateNow !== undefined) Object.defineProperty(Date, 'now', dateNow);
    if (perf !== undefined && realPerfNow !== undefined) {
      if (perfNow === undefined) delete (perf as { now?: unknown }).now;
      else Object.defineProperty(perf, 'now', perfNow);
    }
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
