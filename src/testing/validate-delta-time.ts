import { map, pipe, type Subscribable } from 'rxjs';
import type { FrameInfo } from '../../operators/frame-info.js';
import { OptionError } from '../../operators/option-error.js';
import type { Clock } from '../clocks/clock.js';
import { constantClock, seededClock, sequenceClock } from '../clocks/scripted-clocks.js';
import { canonicalJson, describeOutcome } from './outcome-value.js';

/**
 * What the validator needs of an engine: build it on a clock, step it, read
 * its simulated time and the errors it caught, and free it. Every tickflow
 * engine has it (`createStateEngine`, `createWorldEngine`), and so can any
 * engine of your own built on `createLoop`.
 */
export interface SteppableEngine {
  /** The frames so far; the validator reads `timeMs` (simulated time) and `count`. */
  frame(): FrameInfo;
  /** One tick, synchronously; false when it made no frame. */
  advance(): boolean;
  /** Errors the engine caught while running; any of them fails the report. */
  readonly errors$: Subscribable<{
    /** The error's message, as the report shows it. */
    readonly message: string;
  }>;
  /** Frees the engine; the validator calls it after each run. */
  destroy(): void;
}

/** The outcomes a run ended with: JSON-able values by name, one row of the table each. */
export type Outcomes = Readonly<Record<string, unknown>>;

/**
 * A run of a game the validator can repeat under any clock: the scenario
 * says how to build the engine, how to step it, and how to read what it
 * ended with. It builds a headless engine (no drawing surface that matters,
 * scripted input) on the clock it is handed, and says how much simulated
 * time to run it for.
 *
 * A state engine needs nothing but `create` and `outcome` (it is stepped
 * with `advance()`); a world engine's scenario is built with
 * `worldScenario`, which waits out level loads and reads the level, the
 * match phase, the scores, the live actors and who possesses what.
 *
 * @example
 * ```ts
 * import { constantClock, nullBackend } from 'tickflow';
 * import { createStateEngine } from 'tickflow/state';
 * import { validateDeltaTime, type DeltaTimeScenario } from 'tickflow/testing';
 *
 * const race: DeltaTimeScenario<ReturnType<typeof build>> = {
 *   name: 'a runner crosses the line',
 *   simulatedSeconds: 5.2,
 *   create: (clock) => build(clock),
 *   outcome: (engine) => ({ crossed: engine.state.x >= 600 }),
 * };
 * function build(clock = constantClock(1000 / 60)) {
 *   // 120 units a second: it reaches the line at 5 s under any clock
 *   return createStateEngine({ backend: nullBackend(), clock, initial: { x: 0 }, update: (s, { dt }) => ({ x: s.x + 120 * dt }) });
 * }
 * const report = await validateDeltaTime(race);
 * report.ok; // true
 * ```
 */
export interface DeltaTimeScenario<E extends SteppableEngine = SteppableEngine, O extends Outcomes = Outcomes> {
  /** Its name in the table. */
  readonly name: string;
  /** A sentence on what it plays, printed under the name. */
  readonly description?: string;
  /** How long to run it, in simulated seconds; every clock stops at exactly this time. */
  readonly simulatedSeconds: number;
  /**
   * Builds the engine on `clock`: headless (`nullBackend()`, or a backend's
   * headless mode), and with no host ticks of its own, since the validator
   * steps it. A fresh engine per call: it is called once per clock.
   */
  create(clock: Clock): E;
  /** Waits until the engine can run its first frame (a world engine's first level); optional. */
  ready?(engine: E): PromiseLike<unknown> | void;
  /**
   * Called before every step: scripted input, by simulated time (for
   * example `if (engine.frame().timeMs >= 5000) input.press('Escape')`).
   * Decide by time or by the game's state, never by counting calls: the
   * number of frames is what changes from clock to clock.
   */
  script?(engine: E): void;
  /**
   * One step; defaults to `engine.advance()`. Return a promise to be waited
   * for (a world engine whose level is loading runs no frame until it opens).
   */
  step?(engine: E): PromiseLike<unknown> | unknown;
  /**
   * What the run ended with, as JSON-able values: only what survives a
   * change in step size ("whether an event occurred, which side scored, and
   * the state the result left behind"), never exact positions or
   * velocities. Each key becomes a row of the table, compared as JSON.
   */
  outcome(engine: E): O;
}

/** One of the clocks a scenario is run under: a label for the table and a fresh clock per run. */
export interface ValidationClock {
  /** The clock's name in the table, e.g. `constant 16.667 ms`. */
  readonly label: string;
  /** A fresh clock, one per run. */
  create(): Clock;
}

/** The constant clock's delta: 60 Hz. */
const CONSTANT_MS = 1000 / 60;

/** The repeating sequence: short, 60 Hz, a dropped-frame 30 Hz, 60 Hz again. */
const SEQUENCE_MS: readonly number[] = [8, 16, 33, 16];

/** The seeded jitter: anywhere from 200 Hz to 25 Hz, the same draw on every run. */
const JITTER = { seed: 7, minMs: 5, maxMs: 40 } as const;

/**
 * "A constant clock, a repeating sequence, and a seeded jitter cover the
 * ground between them": 60 Hz; 8, 16, 33, 16 ms repeating; and a seeded draw
 * from 5 to 40 ms (seed 7). The longest frame any of them delivers is 40 ms.
 */
export const DEFAULT_VALIDATION_CLOCKS: readonly ValidationClock[] = [
  { label: `constant ${Math.round(CONSTANT_MS * 1000) / 1000} ms`, create: () => constantClock(CONSTANT_MS) },
  { label: `sequence ${SEQUENCE_MS.join(', ')} ms`, create: () => sequenceClock(SEQUENCE_MS) },
  { label: `seeded ${JITTER.minMs}–${JITTER.maxMs} ms (seed ${JITTER.seed})`, create: () => seededClock(JITTER) },
];

/**
 * How far two runs' elapsed simulated times may differ and still agree: the
 * sums of different deltas to the same total differ in the last bits of a
 * double, never by more.
 */
export const DEFAULT_ELAPSED_TOLERANCE_SECONDS = 1e-6;

/**
 * The most ticks a run may take per simulated second before the validator
 * gives up on it (a clock that declines every tick would never get there):
 * a frame every 0.1 ms.
 */
const MAX_TICKS_PER_SIMULATED_SECOND = 10_000;

/** Below this many milliseconds short of the target, a run has arrived (the sum's rounding, not time). */
const ARRIVED_WITHIN_MS = 1e-6;

/** One run of a scenario under one clock. */
export interface ValidationRun<O extends Outcomes = Outcomes> {
  /** The clock's label. */
  readonly clock: string;
  /** Frames it took to get there: different under every clock, by design, and not compared. */
  readonly frames: number;
  /** The engine's simulated time at the end, in seconds. */
  readonly elapsedSeconds: number;
  /** What the scenario read at the end ({@link DeltaTimeScenario.outcome}). */
  readonly outcome: O;
  /** Errors the engine caught during the run (a throwing update, a failed load). */
  readonly errors: readonly string[];
}

/** One row of the comparison: an outcome, whether every run agrees on it, and each run's value as shown. */
export interface OutcomeRow {
  /** `'elapsed'`, a key of the scenario's outcome, or `'errors'`. */
  readonly field: string;
  /** Whether every run has the same value (elapsed times within the tolerance, {@link DEFAULT_ELAPSED_TOLERANCE_SECONDS} unless told otherwise). */
  readonly agree: boolean;
  /** Each run's value, rendered, in the order of `runs`. */
  readonly values: readonly string[];
}

/** What {@link validateDeltaTime} found. */
export interface DeltaTimeReport<O extends Outcomes = Outcomes> {
  /** The scenario's name. */
  readonly scenario: string;
  /** The scenario's description, if it has one. */
  readonly description: string | undefined;
  /** How long every run ran, in simulated seconds. */
  readonly simulatedSeconds: number;
  /** Every outcome agrees and no run reported an error. */
  readonly ok: boolean;
  /** One run per clock, in the order of the clocks. */
  readonly runs: readonly ValidationRun<O>[];
  /** Every compared outcome: elapsed, the scenario's outcomes in the order it read them, and errors if any. */
  readonly table: readonly OutcomeRow[];
  /** The rows that disagree (or the errors row, when a run reported any). */
  readonly mismatches: readonly OutcomeRow[];
}

/** Options of {@link validateDeltaTime}. */
export interface ValidateDeltaTimeOptions {
  /** The clocks to compare; defaults to {@link DEFAULT_VALIDATION_CLOCKS}. At least two. */
  clocks?: readonly ValidationClock[];
  /** Defaults to {@link DEFAULT_ELAPSED_TOLERANCE_SECONDS}. */
  elapsedToleranceSeconds?: number;
}

/**
 * Shows that a game integrates against the delta it is given rather than
 * against a count of frames: runs one scenario headless under several clocks
 * to the same simulated time and compares what survives a change in step
 * size. Any engine: the scenario says how to build, step and read it.
 *
 * "Running one scenario under several clocks and comparing the outcomes is
 * how a build is shown to integrate against the delta it is given rather than
 * against a count of frames. A constant clock, a repeating sequence, and a
 * seeded jitter cover the ground between them."
 *
 * For each clock:
 *
 * 1. the scenario builds a fresh engine on the clock, wrapped so that the
 *    frame that would overshoot the target is shortened to land on it: every
 *    run ends at exactly `simulatedSeconds`, whatever its deltas;
 * 2. once it is `ready`, it is stepped (`step`, or `advance()`), the
 *    scenario's `script` called before each step; an error a step throws
 *    (a state engine's `advance()` throws its frame's first) is recorded
 *    and the run goes on;
 * 3. its `outcome` is read and the engine destroyed.
 *
 * Then each outcome is compared across the runs: elapsed simulated time
 * (within `elapsedToleranceSeconds`), then every key of the outcome, as
 * JSON. Frame counts are shown and not compared. An error any run caught
 * fails the report.
 *
 * A frame-counting update (one that moves 2 units a frame rather than 120
 * units a second) fails it:
 *
 * ```text
 * frame-counting runner · 5.2 s simulated · ✗ 1 outcome differs
 *   clock                      frames  elapsed
 *   constant 16.667 ms            312  5.200 s
 *   sequence 8, 16, 33, 16 ms     286  5.200 s
 *   seeded 5–40 ms (seed 7)       218  5.200 s
 *
 *   outcome  agree  value (frame counts differ by design and are not compared)
 *   elapsed  ✓      5.200 s
 *   crossed  ✗      constant 16.667 ms         true
 *                   sequence 8, 16, 33, 16 ms  false
 *                   seeded 5–40 ms (seed 7)    false
 * ```
 *
 * @example
 * ```ts
 * const report = await validateDeltaTime(race);
 * console.log(formatOutcomeTable(report));
 * if (!report.ok) process.exitCode = 1;
 * ```
 *
 * @param scenario What to run.
 * @return The runs, the comparison table and its mismatches.
 * @throws {OptionError} for a bad scenario or options; an Error when a run makes no progress.
 */
export async function validateDeltaTime<E extends SteppableEngine, O extends Outcomes>(
  scenario: DeltaTimeScenario<E, O>,
  options?: ValidateDeltaTimeOptions,
): Promise<DeltaTimeReport<O>> {
  const { clocks = DEFAULT_VALIDATION_CLOCKS, elapsedToleranceSeconds = DEFAULT_ELAPSED_TOLERANCE_SECONDS } = options ?? {};
  checkScenario(scenario);
  if (!Array.isArray(clocks) || clocks.length < 2 || clocks.some((c) => typeof c?.create !== 'function')) {
    throw new OptionError('validateDeltaTime', 'clocks', 'at least two { label, create() } clocks', clocks);
  }
  if (typeof elapsedToleranceSeconds !== 'number' || !(elapsedToleranceSeconds >= 0)) {
    throw new OptionError('validateDeltaTime', 'elapsedToleranceSeconds', 'a number >= 0', elapsedToleranceSeconds);
  }
  const runs: ValidationRun<O>[] = [];
  for (const clock of clocks) runs.push(await runUnder(scenario, clock));
  const table = compare(runs, elapsedToleranceSeconds);
  const mismatches = table.filter((row) => !row.agree);
  return {
    scenario: scenario.name,
    description: scenario.description,
    simulatedSeconds: scenario.simulatedSeconds,
    ok: mismatches.length === 0,
    runs,
    table,
    mismatches,
  };
}

// -- running ------------------------------------------------------------------

async function runUnder<E extends SteppableEngine, O extends Outcomes>(
  scenario: DeltaTimeScenario<E, O>,
  validationClock: ValidationClock,
): Promise<ValidationRun<O>> {
  const targetMs = scenario.simulatedSeconds * 1000;
  let engine: E | undefined;
  // The frame that would overshoot the target is shortened to land on it.
  const clock: Clock = pipe(
    validationClock.create(),
    map((deltaMs: number) => Math.min(deltaMs, Math.max(0, targetMs - (engine?.frame().timeMs ?? 0)))),
  );
  engine = scenario.create(clock);
  if (engine == null || typeof engine.advance !== 'function' || typeof engine.frame !== 'function') {
    throw new OptionError('validateDeltaTime', 'scenario.create', 'a function (clock) => engine (with frame(), advance(), errors$, destroy())', engine);
  }
  const built = engine;
  const errors: string[] = [];
  const subscription = built.errors$.subscribe({ next: (error) => errors.push(error.message) });
  try {
    await scenario.ready?.(built);
    const maxTicks = Math.ceil(scenario.simulatedSeconds * MAX_TICKS_PER_SIMULATED_SECOND) + 1000;
    let ticks = 0;
    while (targetMs - built.frame().timeMs > ARRIVED_WITHIN_MS) {
      if (++ticks > maxTicks) {
        throw new Error(
          `validateDeltaTime: "${scenario.name}" under ${validationClock.label} reached only ` +
            `${(built.frame().timeMs / 1000).toFixed(3)} s of ${scenario.simulatedSeconds} s in ${maxTicks} ticks; ` +
            'does its clock decline every tick?',
        );
      }
      scenario.script?.(built);
      const reported = errors.length;
      try {
        const stepped = scenario.step === undefined ? built.advance() : scenario.step(built);
        if (isPromiseLike(stepped)) await stepped;
      } catch (error) {
        // A state engine's advance() throws the frame's first error, which errors$ reported already;
        // anything else thrown is recorded here. Either way the run goes on, and the report fails.
        if (errors.length === reported) errors.push(error instanceof Error ? error.message : String(error));
      }
    }
    const outcome = scenario.outcome(built);
    const frame = built.frame();
    return { clock: validationClock.label, frames: frame.count, elapsedSeconds: frame.timeMs / 1000, outcome, errors };
  } finally {
    subscription.unsubscribe();
    built.destroy();
  }
}

function isPromiseLike(value: unknown): value is PromiseLike<unknown> {
  return value !== null && typeof value === 'object' && typeof (value as { then?: unknown }).then === 'function';
}

function checkScenario(scenario: DeltaTimeScenario<SteppableEngine, Outcomes>): void {
  const where = 'validateDeltaTime';
  if (scenario == null || typeof scenario !== 'object') throw new OptionError(where, 'scenario', 'a scenario object', scenario);
  if (typeof scenario.name !== 'string' || scenario.name === '') throw new OptionError(where, 'scenario.name', 'a non-empty string', scenario.name);
  if (typeof scenario.create !== 'function') throw new OptionError(where, 'scenario.create', 'a function (clock) => engine', scenario.create);
  if (typeof scenario.outcome !== 'function') {
    throw new OptionError(where, 'scenario.outcome', 'a function (engine) => { outcome: value, ... } (for a world engine, build the scenario with worldScenario())', scenario.outcome);
  }
  for (const hook of ['ready', 'script', 'step'] as const) {
    if (scenario[hook] !== undefined && typeof scenario[hook] !== 'function') {
      throw new OptionError(where, `scenario.${hook}`, 'a function (engine) => ...', scenario[hook]);
    }
  }
  const seconds = scenario.simulatedSeconds;
  if (typeof seconds !== 'number' || !(seconds > 0) || !Number.isFinite(seconds)) {
    throw new OptionError(where, 'scenario.simulatedSeconds', 'a finite number > 0', seconds);
  }
}

// -- comparing ----------------------------------------------------------------

function compare(runs: readonly ValidationRun[], toleranceSeconds: number): OutcomeRow[] {
  const elapsed = runs.map((r) => r.elapsedSeconds);
  const rows: OutcomeRow[] = [
    {
      field: 'elapsed',
      agree: Math.max(...elapsed) - Math.min(...elapsed) <= toleranceSeconds,
      values: elapsed.map((s) => `${s.toFixed(3)} s`),
    },
  ];
  // Every key any run read, in the order read (a key one run lacks shows as — and disagrees).
  const fields = [...new Set(runs.flatMap((r) => Object.keys(r.outcome)))];
  for (const field of fields) {
    const compared = runs.map((r) => (field in r.outcome ? canonicalJson(r.outcome[field]) : 'absent'));
    rows.push({
      field,
      agree: compared.every((v) => v === compared[0]),
      values: runs.map((r) => (field in r.outcome ? describeOutcome(r.outcome[field]) : '—')),
    });
  }
  if (runs.some((r) => r.errors.length > 0)) {
    rows.push({ field: 'errors', agree: false, values: runs.map((r) => (r.errors.length === 0 ? 'none' : r.errors.join(' | '))) });
  }
  return rows;
}
