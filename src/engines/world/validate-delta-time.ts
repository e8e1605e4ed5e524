import { map, pipe } from 'rxjs';
import { OptionError } from '../../../operators/option-error.js';
import type { Clock } from '../../clocks/clock.js';
import { constantClock, seededClock, sequenceClock } from '../../clocks/scripted-clocks.js';
import type { WorldEngine } from './world-engine.js';

/**
 * A run of a game the validator can repeat under any clock: it builds a
 * headless engine (null backend, scripted input) on the clock it is handed,
 * and says how much simulated time to run it for.
 *
 * @example
 * ```ts
 * const aiVsAi: DeltaTimeScenario = {
 *   name: 'AI vs AI',
 *   simulatedSeconds: 20,
 *   create: (clock) => createWorldEngine({ backend: nullBackend(), levels, startLevel: 'court', clock }),
 * };
 * ```
 */
export interface DeltaTimeScenario<A extends string = string> {
  /** Its name in the table. */
  readonly name: string;
  /** A sentence on what it plays, printed under the name. */
  readonly description?: string;
  /**
   * Builds the engine, on `clock`. Headless (`nullBackend()`), and with no
   * host ticks of its own: the validator steps it with `advance()`.
   */
  create(clock: Clock): WorldEngine<A>;
  /** How long to run it, in simulated seconds; every clock stops at exactly this time. */
  readonly simulatedSeconds: number;
  /**
   * Called before every frame: scripted input, by world time (for example
   * `if (engine.world.time >= 5) engine.input.press('Escape')`). Decide by
   * time or by the world's state, never by counting calls: the number of
   * frames is what changes from clock to clock.
   */
  script?(engine: WorldEngine<A>): void;
  /**
   * Game-specific outcomes to compare as well (rounds won, a winner), as
   * JSON-able values. Each key becomes a row of the table.
   */
  observe?(engine: WorldEngine<A>): Readonly<Record<string, unknown>>;
}

/** One of the clocks a scenario is run under: a label for the table and a fresh clock per run. */
export interface ValidationClock {
  readonly label: string;
  create(): Clock;
}

/** The constant clock's delta: 60 Hz. */
export const DEFAULT_CONSTANT_MS = 1000 / 60;

/** The repeating sequence: short, 60 Hz, a dropped-frame 30 Hz, 60 Hz again. */
export const DEFAULT_SEQUENCE_MS: readonly number[] = [8, 16, 33, 16];

/** The seeded jitter: anywhere from 200 Hz to 25 Hz, the same draw on every run. */
export const DEFAULT_JITTER = { seed: 7, minMs: 5, maxMs: 40 } as const;

/**
 * "A constant clock, a repeating sequence, and a seeded jitter cover the
 * ground between them": 60 Hz, {@link DEFAULT_SEQUENCE_MS}, and
 * {@link DEFAULT_JITTER}.
 */
export const DEFAULT_VALIDATION_CLOCKS: readonly ValidationClock[] = [
  { label: `constant ${round3(DEFAULT_CONSTANT_MS)} ms`, create: () => constantClock(DEFAULT_CONSTANT_MS) },
  { label: `sequence ${DEFAULT_SEQUENCE_MS.join(', ')} ms`, create: () => sequenceClock(DEFAULT_SEQUENCE_MS) },
  {
    label: `seeded ${DEFAULT_JITTER.minMs}–${DEFAULT_JITTER.maxMs} ms (seed ${DEFAULT_JITTER.seed})`,
    create: () => seededClock(DEFAULT_JITTER),
  },
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
export const MAX_TICKS_PER_SIMULATED_SECOND = 10_000;

/**
 * What a run ended with: the outcomes that survive a change in step size.
 * Positions and velocities are left out on purpose: "numerical integration
 * of a nonlinear system diverges across step sizes even when every step of it
 * is correct".
 */
export interface WorldOutcome {
  /** The engine's simulated time, in seconds (it survives level transitions). */
  readonly elapsedSeconds: number;
  /** The level the run ended in. */
  readonly level: string;
  /** The game mode's phase, or `null` with no game mode. */
  readonly phase: string | null;
  /** The game mode's score per side (which side scored, and how often). */
  readonly scores: Readonly<Record<string, number>>;
  /** The names of the live actors, sorted (an unnamed actor by its class). */
  readonly alive: readonly string[];
  /** Which controller holds which pawn: controller name to pawn name, `null` for none. */
  readonly possession: Readonly<Record<string, string | null>>;
  /** The scenario's own outcomes ({@link DeltaTimeScenario.observe}). */
  readonly observed: Readonly<Record<string, unknown>>;
}

/** One run of a scenario under one clock. */
export interface ValidationRun {
  /** The clock's label. */
  readonly clock: string;
  /** Frames it took to get there: different under every clock, by design, and not compared. */
  readonly frames: number;
  readonly outcome: WorldOutcome;
  /** Errors the engine caught during the run (a throwing tick, a failed load). */
  readonly errors: readonly string[];
}

/** One row of the comparison: an outcome, whether every run agrees on it, and each run's value as shown. */
export interface OutcomeRow {
  /** `'elapsed'`, `'level'`, `'phase'`, `'scores'`, `'alive'`, `'possession'`, `'errors'`, or an observed key. */
  readonly field: string;
  readonly agree: boolean;
  /** Each run's value, rendered, in the order of `runs`. */
  readonly values: readonly string[];
}

/** What {@link validateDeltaTime} found. */
export interface DeltaTimeReport {
  readonly scenario: string;
  readonly description: string | undefined;
  readonly simulatedSeconds: number;
  /** Every outcome agrees and no run reported an error. */
  readonly ok: boolean;
  readonly runs: readonly ValidationRun[];
  /** Every compared outcome, in a fixed order. */
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
 * size.
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
 * 2. it is stepped with `advance()`, the scenario's `script` called before
 *    each frame; while a level loads (no frame runs), the validator waits for
 *    it;
 * 3. its outcome is read ({@link readOutcome}) and the engine destroyed.
 *
 * Then each outcome is compared across the runs: elapsed time (within
 * `elapsedToleranceSeconds`), level, phase, scores, live actors, possession,
 * and the scenario's own observations. Frame counts are shown and not
 * compared.
 *
 * A frame-counting actor (one that moves 2 units a frame rather than 120
 * units a second) fails it:
 *
 * ```text
 * frame-counting runner · 5.2 s simulated · ✗ 3 outcomes differ
 *   clock                      frames  elapsed
 *   constant 16.667 ms            312  5.200 s
 *   sequence 8, 16, 33, 16 ms     286  5.200 s
 *   seeded 5–40 ms (seed 7)       218  5.200 s
 *
 *   outcome     agree  value
 *   elapsed     ✓      5.200 s
 *   scores      ✗      constant 16.667 ms         runner 1
 *                      sequence 8, 16, 33, 16 ms  runner 0
 *                      seeded 5–40 ms (seed 7)    runner 0
 * ```
 *
 * @example
 * ```ts
 * const report = await validateDeltaTime(aiVsAi);
 * console.log(formatOutcomeTable(report));
 * if (!report.ok) process.exitCode = 1;
 * ```
 *
 * @param scenario What to run.
 * @return The runs, the comparison table and its mismatches.
 * @throws {OptionError} for a bad scenario or options; an Error when a run makes no progress.
 */
export async function validateDeltaTime<A extends string>(
  scenario: DeltaTimeScenario<A>,
  options?: ValidateDeltaTimeOptions,
): Promise<DeltaTimeReport> {
  const { clocks = DEFAULT_VALIDATION_CLOCKS, elapsedToleranceSeconds = DEFAULT_ELAPSED_TOLERANCE_SECONDS } = options ?? {};
  checkScenario(scenario);
  if (!Array.isArray(clocks) || clocks.length < 2 || clocks.some((c) => typeof c?.create !== 'function')) {
    throw new OptionError('validateDeltaTime', 'clocks', 'at least two { label, create() } clocks', clocks);
  }
  if (!(elapsedToleranceSeconds >= 0)) {
    throw new OptionError('validateDeltaTime', 'elapsedToleranceSeconds', 'a number >= 0', elapsedToleranceSeconds);
  }
  const runs: ValidationRun[] = [];
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

/**
 * Reads the outcomes that survive a change in step size from an engine:
 * elapsed simulated time, level, the game mode's phase and scores, the live
 * actors' names and which controller possesses which pawn.
 */
export function readOutcome<A extends string>(engine: WorldEngine<A>): Omit<WorldOutcome, 'observed'> {
  const world = engine.world;
  const mode = world.gameMode;
  const scores: Record<string, number> = {};
  if (mode !== undefined) for (const side of Object.keys(mode.scores).sort()) scores[side] = mode.scores[side]!;
  const alive = world.actors.filter((a) => a.alive).map((a) => a.name || `(${a.constructor.name})`).sort();
  const possession: Record<string, string | null> = {};
  world.controllers.forEach((controller, i) => {
    const pawn = controller.pawn;
    possession[controller.name || `controller ${i + 1}`] = pawn === undefined ? null : pawn.name || `(${pawn.constructor.name} ${pawn.id})`;
  });
  return {
    elapsedSeconds: engine.frame().timeMs / 1000,
    level: world.level,
    phase: mode === undefined ? null : mode.phase,
    scores,
    alive,
    possession,
  };
}

// -- running ------------------------------------------------------------------

/** Below this many milliseconds short of the target, a run has arrived (the sum's rounding, not time). */
const ARRIVED_WITHIN_MS = 1e-6;

async function runUnder<A extends string>(scenario: DeltaTimeScenario<A>, validationClock: ValidationClock): Promise<ValidationRun> {
  const targetMs = scenario.simulatedSeconds * 1000;
  let engine: WorldEngine<A> | undefined;
  // The frame that would overshoot the target is shortened to land on it.
  const clock: Clock = pipe(
    validationClock.create(),
    map((deltaMs: number) => Math.min(deltaMs, Math.max(0, targetMs - (engine?.frame().timeMs ?? 0)))),
  );
  engine = scenario.create(clock);
  const errors: string[] = [];
  const subscription = engine.errors$.subscribe((error) => errors.push(error.message));
  try {
    await engine.ready;
    const maxTicks = Math.ceil(scenario.simulatedSeconds * MAX_TICKS_PER_SIMULATED_SECOND) + 1000;
    let ticks = 0;
    while (targetMs - engine.frame().timeMs > ARRIVED_WITHIN_MS) {
      if (++ticks > maxTicks) {
        throw new Error(
          `validateDeltaTime: "${scenario.name}" under ${validationClock.label} reached only ` +
            `${(engine.frame().timeMs / 1000).toFixed(3)} s of ${scenario.simulatedSeconds} s in ${maxTicks} ticks; ` +
            'does its clock decline every tick?',
        );
      }
      scenario.script?.(engine);
      if (!engine.advance() && engine.transitioning) await engine.ready;
    }
    const observed = scenario.observe?.(engine) ?? {};
    return { clock: validationClock.label, frames: engine.frame().count, outcome: { ...readOutcome(engine), observed }, errors };
  } finally {
    subscription.unsubscribe();
    engine.destroy();
  }
}

function checkScenario(scenario: DeltaTimeScenario<string>): void {
  const where = 'validateDeltaTime';
  if (scenario == null || typeof scenario !== 'object') throw new OptionError(where, 'scenario', 'a scenario object', scenario);
  if (typeof scenario.name !== 'string' || scenario.name === '') throw new OptionError(where, 'scenario.name', 'a non-empty string', scenario.name);
  if (typeof scenario.create !== 'function') throw new OptionError(where, 'scenario.create', 'a function (clock) => engine', scenario.create);
  const seconds = scenario.simulatedSeconds;
  if (typeof seconds !== 'number' || !(seconds > 0) || !Number.isFinite(seconds)) {
    throw new OptionError(where, 'scenario.simulatedSeconds', 'a finite number > 0', seconds);
  }
}

// -- comparing ----------------------------------------------------------------

function compare(runs: readonly ValidationRun[], toleranceSeconds: number): OutcomeRow[] {
  const outcomes = runs.map((r) => r.outcome);
  const row = (field: string, render: (o: WorldOutcome) => string): OutcomeRow => {
    const values = outcomes.map(render);
    return { field, agree: values.every((v) => v === values[0]), values };
  };
  const elapsed = outcomes.map((o) => o.elapsedSeconds);
  const rows: OutcomeRow[] = [
    {
      field: 'elapsed',
      agree: Math.max(...elapsed) - Math.min(...elapsed) <= toleranceSeconds,
      values: elapsed.map((s) => `${s.toFixed(3)} s`),
    },
    row('level', (o) => o.level),
    row('phase', (o) => o.phase ?? '—'),
    row('scores', (o) => renderScores(o.scores)),
    row('alive', (o) => renderAlive(o.alive)),
    row('possession', (o) => renderPossession(o.possession)),
  ];
  const observedKeys = [...new Set(outcomes.flatMap((o) => Object.keys(o.observed)))].sort();
  for (const key of observedKeys) rows.push(row(key, (o) => (key in o.observed ? canonicalJson(o.observed[key]) : '—')));
  if (runs.some((r) => r.errors.length > 0)) {
    rows.push({ field: 'errors', agree: false, values: runs.map((r) => (r.errors.length === 0 ? 'none' : r.errors.join(' | '))) });
  }
  return rows;
}

function renderScores(scores: Readonly<Record<string, number>>): string {
  const sides = Object.keys(scores);
  return sides.length === 0 ? '—' : sides.map((side) => `${side} ${scores[side]}`).join(' · ');
}

/** Sorted names, a repeated name once with its count: `label ×5`. */
function renderAlive(alive: readonly string[]): string {
  if (alive.length === 0) return '—';
  const counts = new Map<string, number>();
  for (const name of alive) counts.set(name, (counts.get(name) ?? 0) + 1);
  return [...counts].map(([name, n]) => (n === 1 ? name : `${name} ×${n}`)).join(', ');
}

function renderPossession(possession: Readonly<Record<string, string | null>>): string {
  const controllers = Object.keys(possession);
  return controllers.length === 0 ? '—' : controllers.map((c) => `${c} → ${possession[c] ?? '—'}`).join(', ');
}

/** JSON with sorted keys, so two equal values render the same. */
function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v !== null && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : v,
  ) ?? 'undefined';
}

function round3(value: number): number {
  return Math.round(value * 1000) / 1000;
}

// -- the table ------------------------------------------------------------------

/** How wide the table's value column may grow before a value wraps. */
export const OUTCOME_TABLE_WIDTH = 100;

/**
 * Renders a report as a readable text table: the runs (clock, frames,
 * elapsed), then one row per outcome with ✓ when every clock agrees (the
 * value shown once) or ✗ and each clock's value.
 *
 * ```text
 * Paddle Duel: AI vs AI, 20 s · 20 s simulated · ✓ delta-time independent
 *   clock                      frames  elapsed
 *   constant 16.667 ms           1200  20.000 s
 *   sequence 8, 16, 33, 16 ms    1096  20.000 s
 *   seeded 5–40 ms (seed 7)       863  20.000 s
 *
 *   outcome     agree  value (frame counts differ by design and are not compared)
 *   elapsed     ✓      20.000 s
 *   level       ✓      round-1
 *   scores      ✓      left 0 · right 1
 *   possession  ✓      left-ai → left-paddle, right-ai → right-paddle
 * ```
 */
export function formatOutcomeTable(report: DeltaTimeReport): string {
  const lines: string[] = [];
  const verdict = report.ok ? '✓ delta-time independent' : `✗ ${report.mismatches.length} outcome${report.mismatches.length === 1 ? '' : 's'} differ`;
  lines.push(`${report.scenario} · ${report.simulatedSeconds} s simulated · ${verdict}`);
  if (report.description) lines.push(`  ${report.description}`);
  const clockWidth = Math.max('clock'.length, ...report.runs.map((r) => r.clock.length));
  const framesWidth = Math.max('frames'.length, ...report.runs.map((r) => String(r.frames).length));
  lines.push(`  ${'clock'.padEnd(clockWidth)}  ${'frames'.padStart(framesWidth)}  elapsed`);
  for (const run of report.runs) {
    lines.push(`  ${run.clock.padEnd(clockWidth)}  ${String(run.frames).padStart(framesWidth)}  ${run.outcome.elapsedSeconds.toFixed(3)} s`);
  }
  lines.push('');
  const fieldWidth = Math.max('outcome'.length, ...report.table.map((r) => r.field.length));
  const valueIndent = 2 + fieldWidth + 2 + 'agree'.length + 2;
  lines.push(`  ${'outcome'.padEnd(fieldWidth)}  agree  value (frame counts differ by design and are not compared)`);
  for (const row of report.table) {
    const head = `  ${row.field.padEnd(fieldWidth)}  ${(row.agree ? '✓' : '✗').padEnd('agree'.length)}  `;
    if (row.agree) {
      pushWrapped(lines, head, row.values[0] ?? '', valueIndent);
      continue;
    }
    row.values.forEach((value, i) => {
      const prefix = i === 0 ? head : ' '.repeat(valueIndent);
      pushWrapped(lines, `${prefix}${report.runs[i]!.clock.padEnd(clockWidth)}  `, value, valueIndent + clockWidth + 2);
    });
  }
  return lines.join('\n');
}

/** Appends `prefix + value`, wrapping the value at ', ' boundaries to {@link OUTCOME_TABLE_WIDTH}. */
function pushWrapped(lines: string[], prefix: string, value: string, indent: number): void {
  const room = Math.max(20, OUTCOME_TABLE_WIDTH - indent);
  const parts = value.split(', ');
  let line = '';
  let first = true;
  for (const part of parts) {
    const next = line === '' ? part : `${line}, ${part}`;
    if (line !== '' && next.length > room) {
      lines.push(`${first ? prefix : ' '.repeat(indent)}${line},`);
      first = false;
      line = part;
    } else {
      line = next;
    }
  }
  lines.push(`${first ? prefix : ' '.repeat(indent)}${line}`);
}
