// `npm run bench`: node --expose-gc --import tsx bench/run.ts
//
// Runs every tickflow benchmark and prints the results as markdown
// (RESULTS.md is a copy of one run, with a reading). The core-path and
// listener-count rows each run in a Node process of their own, driven by the
// same host from here (bench/isolated-rows.ts); the engine, collision,
// pacing, replay and netplay benches run in this process, and so do the
// rooms bench's clients' re-simulation and bytes (its Colyseus server and
// clients run in processes of their own, bench/rooms-load.ts); the first-load
// section builds the starters and the gallery and loads them in Chromium,
// from a process of its own (bench/first-load.ts), the backends section
// runs every preset on its backend beside the plain library in Chromium, from
// a process of its own too (bench/browser/backends.ts), and so does the
// whole-games section, each gallery game played for a minute
// (bench/whole-games.ts). Timings depend on the machine and its load; the
// ratios, taken within each round, much less.
import './browser-shim.js';
import { execFileSync } from 'node:child_process';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { CORE_ROWS, HAND_WRITTEN, HOST_SCENARIOS, hostScenarioRows, LISTENER_COUNTS, LISTENER_ROWS } from './core-path.js';
import { checkCoreAgainstFloor, coreFloorFailure, printCoreFloorCheck } from './core-floor-check.js';
import { benchCollision, CIRCLES, COLLISION_BASELINE, sanityCheck, WORLD_SIZE, type CollisionRow } from './collision.js';
import { benchIsolatedRows, type IsolatedRow } from './isolated-rows.js';
import { fixed, markdownTable } from './markdown-table.js';
import { allocationCalibration, measureAllocation } from './measure-allocation.js';
import { BENCH_TIMING, medianRatioBetween, quantile } from './measure-time.js';
import { printPacingTables } from './pacing-tables.js';
import { benchStateEngine, ENTITIES, FEW_ENTITIES, STATE_BASELINE, STATE_WORKLOADS, type StateBench } from './state-engine.js';
import {
  measureSteadySteps,
  snappingFixedStep,
  STEADY_FRAMES,
  STEADY_HOST_RATES_HZ,
  STEADY_JITTER_MS,
  STEADY_SNAP_FRACTION,
  STEADY_STEP_MS,
  STEADY_WARMUP_FRAMES,
  tickflowFixedStep,
  type SteadyReading,
} from './steady-steps.js';
import { FLOOR_ROW } from './floor-row.js';
import { benchNetplay } from './netplay.js';
import { netplayConfigFromEnvironment } from './netplay-bench.js';
import { printNetplay } from './netplay-tables.js';
import { benchRooms } from './rooms.js';
import { roomsConfigFromEnvironment } from './rooms-bench.js';
import { printRooms } from './rooms-tables.js';
import { benchReplay } from './replay.js';
import { configFromEnvironment } from './replay-bench.js';
import { printReplay } from './replay-tables.js';
import { TICKFLOW_ADVANCE, TICKFLOW_CUSTOM_CLOCK, TICKFLOW_HOST_DRIVEN, TICKFLOW_REPEATING_DELTA } from './tickflow-core-path.js';
import { benchWorldEngine, FEW_ACTORS, MANY_ACTORS, WORLD_BASELINE, type WorldBench, type WorldTimingRow } from './world-engine.js';

const TIMING = BENCH_TIMING;
/** The collision bench's timing: fewer rounds (detect-collisions takes ≈ 15–35 ms a frame, so every batch is one frame or two), to keep `npm run bench` near a minute. */
const COLLISION_TIMING = { ...TIMING, rounds: 11 } as const;
/** A 60 Hz frame, the budget every per-frame cost is spent from, in ns. */
const FRAME_BUDGET_NS = 1e9 / 60;

// The targets of issue 8 ("Speed target, restated, and a fair bench").
/** The core path costs at most this times PixiJS's Ticker doing the same work in the same run. */
const PIXI_RATIO_TARGET = 1;
/** Bytes per frame of tickflow's own (over the hand-written loop's): none. Readings within this of 0 are 0 (the median of 9 samples of 10,000 frames reads exactly; see the allocation check). */
const OWN_BYTES_TOLERANCE = 0.5;
/** A custom clock (a pipe of operators) costs at most this times the same built-in clock. */
const CUSTOM_CLOCK_RATIO_TARGET = 1.5;
/** Flat in listeners: from 100 handlers per phase up, tickflow's cost per handler call, over the hand-written loop's at the same count, varies by at most this factor. */
const LISTENER_FLATNESS_TARGET = 1.5;
/** The world engine, at 10,000 actors, costs at most this times a plain loop making the same calls (issue 3's target as issue 8 restates it). */
const WORLD_RATIO_TARGET = 1.5;
/** The state engine's target (issue 4), unchanged. */
const STATE_RATIO_TARGET = 1.25;

// Issue 19's restatement of the core path's targets (issue 8's PixiJS lines are printed for reference):
/** The host-driven core path costs at most this times the floor row in the same run, on each of the four hosts. */
const FLOOR_RATIO_TARGET = 1.5;
/** Bytes per frame of its own (over the hand-written loop's) allowed: one boxed number, the delta handed to handlers. */
const OWN_BYTES_TARGET = 16;

const startedAt = process.hrtime.bigint();
const print = (text = ''): void => console.log(text);

/** Where the bench's time went, section by section. */
const sectionTimes: { readonly name: string; readonly wallSeconds: number; readonly cpuSeconds: number }[] = [];
/** CPU time of the processes this one started (row processes, standalone checks), in ns, as they report it. */
let childCpuNs = 0;

/** Runs one section of the bench and records its wall time and its CPU time (this process's and its children's). */
async function section<T>(name: string, run: () => T | Promise<T>): Promise<T> {
  const wallStart = process.hrtime.bigint();
  const cpuStart = process.cpuUsage();
  const childStart = childCpuNs;
  const result = await run();
  const cpu = process.cpuUsage(cpuStart);
  sectionTimes.push({
    name,
    wallSeconds: Number(process.hrtime.bigint() - wallStart) / 1e9,
    cpuSeconds: (cpu.user + cpu.system) / 1e6 + (childCpuNs - childStart) / 1e9,
  });
  return result;
}

/** The isolated rows, with their processes' CPU time counted. */
async function isolated(...args: Parameters<typeof benchIsolatedRows>): Promise<IsolatedRow[]> {
  const rows = await benchIsolatedRows(...args);
  for (const row of rows) childCpuNs += row.processCpuNs;
  return rows;
}

/** The commit measured, and which measured folders had uncommitted changes (the bench runs the working tree). */
function sourceState(): string {
  try {
    const git = (...args: string[]): string => execFileSync('git', args, { encoding: 'utf8' }).trim();
    // Porcelain lines are "XY path"; the trim above eats the first line's leading space, so strip the status by pattern.
    const changed = git('status', '--porcelain', '--', 'operators', 'src/loop', 'src/hosts', 'src/clocks', 'src/streams', 'src/engines', 'src/collision', 'src/backends/null', 'src/replay', 'src/netplay')
      .split('\n')
      .filter((line) => line !== '')
      .map((line) => line.replace(/^.{1,2}\s+/, ''));
    return `${git('rev-parse', '--short', 'HEAD')}${changed.length > 0 ? ` + uncommitted changes to ${changed.join(', ')}` : ' (clean)'}`;
  } catch {
    return 'unknown (no git)';
  }
}

function machine(): void {
  const cpus = os.cpus();
  print(`- command: \`npm run bench\` (\`node --expose-gc --import tsx bench/run.ts\`)`);
  print(`- date: ${new Date().toISOString()}`);
  print(`- source: ${sourceState()}`);
  print(`- node ${process.version}, V8 ${process.versions.v8}, ${process.platform} ${process.arch}`);
  print(`- CPU: ${cpus[0]?.model ?? 'unknown'}, nproc ${os.availableParallelism()}`);
  print(`- load average at start (1/5/15 min): ${os.loadavg().map((x) => x.toFixed(2)).join(' / ')}`);
  print(`- timing: ${TIMING.rounds} interleaved rounds, batches of ~${TIMING.batchMs} ms CPU time, ${TIMING.warmupMs} ms warm-up per row`);
}

function calibration(): void {
  print('## Allocation method check\n');
  const rows = allocationCalibration.map((subject) => {
    for (let i = 0; i < 20; i++) subject.run(10_000); // warm up
    const reading = measureAllocation(subject.run);
    return [subject.name, String(subject.expectedBytes), fixed(reading.bytesPerFrame, 1), `${reading.keptSamples}/${reading.takenSamples}`];
  });
  print(markdownTable(['known allocation per frame', 'expected B', 'measured B', 'samples kept'], rows));
  print();
}

const ratioCell = (ratio: number): string => `${fixed(ratio, 2)}×`;
const verdictOf = (met: boolean): string => (met ? 'met' : 'MISSED');
/** A cost as a share of the 60 Hz frame budget, in %. */
const budgetShare = (ns: number): string => {
  const percent = (ns / FRAME_BUDGET_NS) * 100;
  return `${percent >= 0.1 ? fixed(percent, 2) : percent.toPrecision(2)} %`;
};
const find = (rows: readonly IsolatedRow[], name: string): IsolatedRow => {
  const row = rows.find((r) => r.name === name);
  if (row === undefined) throw new Error(`bench: no row named "${name}"`);
  return row;
};
const sameWork = (row: IsolatedRow): string =>
  row.frames === row.hostTicks && row.work.handlersAgree ? 'yes' : `NO (${row.frames}/${row.hostTicks} frames, handlers agree: ${row.work.handlersAgree})`;

function coreTable(rows: readonly IsolatedRow[]): void {
  const baselineBytes = find(rows, HAND_WRITTEN).allocation.bytesPerFrame;
  print('## Core path: host tick -> wall clock (clamp 250 ms) -> fixed step (1000/60 ms, cap 5) -> 4 phases, one-line handlers, render with alpha\n');
  print('Each row in a Node process of its own, all driven by the same synthetic 60 Hz host (±1 ms jitter) in interleaved rounds.\n');
  print(
    markdownTable(
      ['row', 'CPU ns/frame (median)', 'ratio to hand-written (median)', 'ratio Q1–Q3', 'share of the 16.7 ms frame', 'wall ns/frame (best round)', 'B/frame', 'B/frame over hand-written', 'fixed steps/frame', 'same work'],
      rows.map((row) => [
        row.name,
        fixed(row.timing.nsPerFrame, 1),
        ratioCell(row.timing.ratio),
        `${fixed(row.timing.ratioQ1, 2)}–${fixed(row.timing.ratioQ3, 2)}`,
        budgetShare(row.timing.nsPerFrame),
        fixed(row.timing.bestWallNsPerFrame, 1),
        fixed(row.allocation.bytesPerFrame, 1),
        fixed(row.allocation.bytesPerFrame - baselineBytes, 1),
        fixed(row.work.fixedSteps / row.frames, 4),
        sameWork(row),
      ]),
    ),
  );
  print();
  print('How each row is driven:\n');
  for (const row of rows) print(`- **${row.name}**: ${row.how}`);
  print();
}

/** Issue 19's core table: per host, the floor row and tickflow's host-driven row, with the ratio and the bytes of its own. */
interface HostScenarioResult {
  readonly host: string;
  readonly rows: readonly IsolatedRow[];
}

function hostScenarioTable(results: readonly HostScenarioResult[]): void {
  print('## Core path on four hosts (issue 19)\n');
  print(
    'The host-driven core path (`manualTicks` -> `wallClock()` -> fixed step 1000/60 ms, cap 5 -> 4 phases of one-line `loop.on` handlers, render reading alpha) ' +
      'beside the floor row (the hand-written loop plus exactly the dispatch a listener-list loop must do) and the hand-written loop, ' +
      'each in a process of its own, all three driven by the same host in the same interleaved rounds.\n',
  );
  const rows: string[][] = [];
  for (const { host, rows: scenario } of results) {
    const hand = find(scenario, HAND_WRITTEN);
    const floor = find(scenario, FLOOR_ROW);
    const ours = find(scenario, TICKFLOW_HOST_DRIVEN);
    const overFloor = medianRatioBetween(ours.timing, floor.timing);
    const own = ours.allocation.bytesPerFrame - hand.allocation.bytesPerFrame;
    rows.push([
      host,
      fixed(hand.timing.nsPerFrame, 1),
      fixed(floor.timing.nsPerFrame, 1),
      fixed(ours.timing.nsPerFrame, 1),
      `${ratioCell(overFloor)} ${verdictOf(overFloor <= FLOOR_RATIO_TARGET)}`,
      budgetShare(ours.timing.nsPerFrame),
      `${fixed(own, 1)} ${verdictOf(own <= OWN_BYTES_TARGET + OWN_BYTES_TOLERANCE)}`,
      [hand, floor, ours].every((row) => sameWork(row) === 'yes') ? 'yes' : 'NO',
    ]);
  }
  print(
    markdownTable(
      ['host', 'hand-written ns/frame', 'floor ns/frame', 'tickflow ns/frame', `tickflow ÷ floor (target ≤ ${FLOOR_RATIO_TARGET}×)`, 'tickflow share of the 16.7 ms frame', `tickflow B/frame of its own (target ≤ ${OWN_BYTES_TARGET})`, 'same work'],
      rows,
    ),
  );
  print();
}

interface StandaloneReading {
  readonly nsPerFrame: number;
  readonly q1: number;
  readonly q3: number;
  readonly processCpuNs: number;
}

/** The baseline alone, its batches spaced by the time the core table's other rows take in a round. */
function standaloneBaseline(inlinableHost: boolean): StandaloneReading {
  const script = fileURLToPath(new URL('./standalone-baseline.ts', import.meta.url));
  const gapMs = (CORE_ROWS.length - 1) * TIMING.batchMs;
  const args = ['--expose-gc', '--import', 'tsx', script, String(TIMING.rounds), String(TIMING.batchMs), String(gapMs), ...(inlinableHost ? ['--inlinable-host'] : [])];
  const reading = JSON.parse(execFileSync(process.execPath, args, { encoding: 'utf8' })) as StandaloneReading;
  childCpuNs += reading.processCpuNs;
  return reading;
}

/** The hand-written row beside the same code run alone, in a process with nothing else, just before the table and just after. */
function baselineCheck(rows: readonly IsolatedRow[], aloneBefore: StandaloneReading): void {
  const harness = find(rows, HAND_WRITTEN).timing;
  const alone = standaloneBaseline(false);
  const inlinable = standaloneBaseline(true);
  const quartiles = (q1: number, q3: number): string => `${fixed(q1, 1)}–${fixed(q3, 1)}`;
  print('### The baseline, in the harness and alone\n');
  print(
    markdownTable(
      ['hand-written loop', 'CPU ns/frame (median)', 'Q1–Q3 over rounds', 'over the harness row'],
      [
        [
          'in the harness (the row above)',
          fixed(harness.nsPerFrame, 1),
          quartiles(quantile(harness.cpuNsPerFrameByRound, 0.25), quantile(harness.cpuNsPerFrameByRound, 0.75)),
          '1.00×',
        ],
        ['alone, just before the table (`bench/standalone-baseline.ts`: same code, same host driver, no other row)', fixed(aloneBefore.nsPerFrame, 1), quartiles(aloneBefore.q1, aloneBefore.q3), ratioCell(aloneBefore.nsPerFrame / harness.nsPerFrame)],
        ['alone, just after the table', fixed(alone.nsPerFrame, 1), quartiles(alone.q1, alone.q3), ratioCell(alone.nsPerFrame / harness.nsPerFrame)],
        [
          'alone after the table, host call left inlinable (`--inlinable-host`; a browser never inlines its rAF callback)',
          fixed(inlinable.nsPerFrame, 1),
          quartiles(inlinable.q1, inlinable.q3),
          ratioCell(inlinable.nsPerFrame / harness.nsPerFrame),
        ],
      ],
    ),
  );
  print();
  print(
    `The alone runs: ${TIMING.rounds} batches of ~${TIMING.batchMs} ms each, spaced by ${(CORE_ROWS.length - 1) * TIMING.batchMs} ms of sleep (the other rows' share of a round), so each samples as long a stretch of the machine's load as the harness row did. ` +
      'On a loaded machine the same process, run twice, can differ by a quarter: read the two alone runs as the noise band the harness row should fall in.\n',
  );
}
function worldTimingTable(rows: readonly WorldTimingRow[]): void {
  print(
    markdownTable(
      ['row', 'CPU µs/frame (median)', 'share of the 16.7 ms frame', 'ns/actor', `ratio to ${WORLD_BASELINE} (median)`, 'ratio Q1–Q3', 'ratio of best wall rounds', 'every component ticked once a frame'],
      rows.map(({ subject, timing, sameWork }) => [
        subject.name,
        fixed(timing.nsPerFrame / 1000, 1),
        budgetShare(timing.nsPerFrame),
        subject.actors > 0 ? fixed(timing.nsPerFrame / subject.actors, 2) : 'n/a',
        ratioCell(timing.ratio),
        `${fixed(timing.ratioQ1, 2)}–${fixed(timing.ratioQ3, 2)}`,
        ratioCell(timing.bestWallRatio),
        sameWork === undefined ? 'n/a (ticks nothing)' : sameWork ? 'yes' : 'NO',
      ]),
    ),
  );
  print();
}

function worldSection(bench: WorldBench): void {
  print(`## World engine: ${MANY_ACTORS.toLocaleString('en-US')} actors, two components each\n`);
  print('Every row of a table runs on the same engine\'s actor objects (one `Drifter` tick and two component ticks per actor; no shapes).\n');
  worldTimingTable(bench.many);
  print('How each row is driven:\n');
  for (const { subject } of bench.many) print(`- **${subject.name}**: ${subject.how}`);
  print();
  print(`### The same at ${FEW_ACTORS.toLocaleString('en-US')} actors\n`);
  worldTimingTable(bench.few);
  print('### Allocation per frame\n');
  print(
    markdownTable(
      ['row', 'actors', 'B/frame', 'samples kept', 'frames/sample'],
      bench.allocation.map(({ subject, allocation }) => [
        subject.name,
        subject.actors.toLocaleString('en-US'),
        fixed(allocation.bytesPerFrame, 1),
        `${allocation.keptSamples}/${allocation.takenSamples}`,
        String(allocation.framesPerSample),
      ]),
    ),
  );
  print();
}

function collisionSection(rows: readonly CollisionRow[]): void {
  print(`## Collision: ${CIRCLES.toLocaleString('en-US')} moving circles, tickflow's CollisionPass vs detect-collisions\n`);
  print(
    `World ${WORLD_SIZE} × ${WORLD_SIZE}, radius 4–12, 20–120 units/s, wrapping at the edges, 1/60 s a frame. ` +
      'Per frame every row moves every circle, then finds every overlapping pair.\n',
  );
  const check = sanityCheck(60, [1, 30, 60]);
  print(`Same-work check: every row stepped in lockstep from the same starts for ${check.frames} frames.\n`);
  print(
    markdownTable(
      ['frames with equal pair counts', 'frames with equal pair sets', 'pairs per frame (min–max)', ...check.samples.map((s) => `pairs, frame ${s.frame}`)],
      [
        [
          `${check.countsEqual}/${check.frames}`,
          `${check.setsEqual}/${check.frames}`,
          `${check.minPairs}–${check.maxPairs}`,
          ...check.samples.map((s) => (s.pairs.every((p) => p === s.pairs[0]) ? `${s.pairs[0]} (all rows)` : s.pairs.join(' / '))),
        ],
      ],
    ),
  );
  print();
  const peers = rows.filter((row) => row.world.name.startsWith('detect-collisions'));
  const fastestPeer = peers.reduce((best, row) => (row.timing.nsPerFrame < best.timing.nsPerFrame ? row : best));
  print(
    markdownTable(
      [
        'row',
        'CPU µs/frame (median)',
        `ratio to ${COLLISION_BASELINE} (median)`,
        'ratio Q1–Q3',
        'ratio of best wall rounds',
        `ratio to the fastest detect-collisions row (medians)`,
        'B/frame',
        'samples kept',
      ],
      rows.map(({ world, timing, allocation }) => [
        world.name,
        fixed(timing.nsPerFrame / 1000, 0),
        ratioCell(timing.ratio),
        `${fixed(timing.ratioQ1, 2)}–${fixed(timing.ratioQ3, 2)}`,
        ratioCell(timing.bestWallRatio),
        ratioCell(timing.nsPerFrame / fastestPeer.timing.nsPerFrame),
        fixed(allocation.bytesPerFrame, 0),
        `${allocation.keptSamples}/${allocation.takenSamples} of ${allocation.framesPerSample} frame${allocation.framesPerSample > 1 ? 's' : ''}`,
      ]),
    ),
  );
  print();
  const [current, before] = rows;
  if (current !== undefined && before !== undefined) {
    print(
      `Before/after (this run): the current pass takes ${ratioCell(current.timing.ratio / before.timing.ratio)} the time of the pass it replaced ` +
        `(per-round ratios to the same baseline) and allocates ${fixed(current.allocation.bytesPerFrame, 0)} B/frame instead of ${fixed(before.allocation.bytesPerFrame, 0)}.`,
    );
    print();
  }
  print('How each row is driven:\n');
  for (const { world } of rows) print(`- **${world.name}**: ${world.how}`);
  print();
}

function stateSection(bench: StateBench): void {
  print(`## State engine: update returning a new state, render touching ${ENTITIES.toLocaleString('en-US')} retained objects\n`);
  print(
    'Per workload, the plain loop and the production engine are timed together; the dev-check engine is timed afterwards against the same plain loop ' +
      '(its garbage, Proxies and WeakMap entries, is collected partly during the plain loop\'s batches, which slows them, so its per-round ratio is unsteady and low; ' +
      '"ratio of medians" divides its median by the plain loop\'s from the production table, undisturbed).\n',
  );
  print(
    markdownTable(
      ['workload', 'row', 'CPU ns/frame (median)', `ratio to ${STATE_BASELINE} (median)`, 'ratio Q1–Q3', 'ratio of best wall rounds', 'ratio of medians', 'frames = update calls', 'render wrote the latest state'],
      bench.timing.map(({ subject, timing, ratioOfMedians }) => [
        subject.workload,
        subject.name,
        fixed(timing.nsPerFrame, 0),
        ratioCell(timing.ratio),
        `${fixed(timing.ratioQ1, 2)}–${fixed(timing.ratioQ3, 2)}`,
        ratioCell(timing.bestWallRatio),
        ratioCell(ratioOfMedians),
        subject.frames() === subject.updates() ? 'yes' : `${subject.frames()}/${subject.updates()}`,
        subject.rendered() ? 'yes' : 'NO',
      ]),
    ),
  );
  print();
  print('### Allocation per frame\n');
  const plainBytes = (workload: string, entities: number): number =>
    bench.allocation.find((row) => row.subject.workload === workload && row.subject.entities === entities && row.subject.name === STATE_BASELINE)?.allocation
      .bytesPerFrame ?? NaN;
  print(
    markdownTable(
      ['workload', 'entities', 'row', 'B/frame', 'B/frame over the plain loop', 'samples kept'],
      bench.allocation.map(({ subject, allocation }) => [
        subject.workload,
        subject.entities.toLocaleString('en-US'),
        subject.name,
        fixed(allocation.bytesPerFrame, 1),
        subject.name === STATE_BASELINE ? '' : fixed(allocation.bytesPerFrame - plainBytes(subject.workload, subject.entities), 1),
        `${allocation.keptSamples}/${allocation.takenSamples} of ${allocation.framesPerSample} frame${allocation.framesPerSample > 1 ? 's' : ''}`,
      ]),
    ),
  );
  print();
}

/** Per listener count: the hand-written row and tickflow's, ns per handler call each, and tickflow's ratio. */
interface ListenerPoint {
  readonly perPhase: number;
  readonly handWritten: IsolatedRow;
  readonly tickflow: IsolatedRow;
  readonly handWrittenNsPerCall: number;
  readonly tickflowNsPerCall: number;
  /** tickflow's per-round CPU time over the hand-written's (median). */
  readonly ratio: number;
}

const callsPerFrame = (row: IsolatedRow): number => row.work.handlerCalls / row.frames;

function listenerPoints(rows: readonly IsolatedRow[]): ListenerPoint[] {
  return LISTENER_COUNTS.map((perPhase, i) => {
    const handWritten = rows[2 * i]!;
    const tickflow = rows[2 * i + 1]!;
    return {
      perPhase,
      handWritten,
      tickflow,
      handWrittenNsPerCall: handWritten.timing.nsPerFrame / callsPerFrame(handWritten),
      tickflowNsPerCall: tickflow.timing.nsPerFrame / callsPerFrame(tickflow),
      ratio: medianRatioBetween(tickflow.timing, handWritten.timing),
    };
  });
}

/** Counts at which tickflow's ratio to the hand-written loop rose by more than the flatness target over the count before. */
function cliffs(points: readonly ListenerPoint[]): number[] {
  return points.filter((p, i) => i > 0 && p.ratio > points[i - 1]!.ratio * LISTENER_FLATNESS_TARGET).map((p) => p.perPhase);
}

function listenerTable(points: readonly ListenerPoint[]): void {
  print('## Cost in the number of listeners\n');
  print(
    'The core path with N one-line handlers on each of the 4 phases (`loop.on`), beside the hand-written loop calling N one-line functions per phase from plain arrays. ' +
      'Every handler adds the seconds it is handed to a cell of its own; every row in a process of its own.\n',
  );
  const cliffAt = new Set(cliffs(points));
  print(
    markdownTable(
      ['handlers per phase', 'row', 'CPU µs/frame (median)', 'share of the 16.7 ms frame', 'handler calls/frame', 'ns per handler call', 'tickflow over hand-written (median)', 'B/frame', 'same work', 'cliff'],
      points.flatMap((p) => [
        [p.perPhase.toLocaleString('en-US'), p.handWritten.name, fixed(p.handWritten.timing.nsPerFrame / 1000, 3), budgetShare(p.handWritten.timing.nsPerFrame), fixed(callsPerFrame(p.handWritten), 0), fixed(p.handWrittenNsPerCall, 2), '', fixed(p.handWritten.allocation.bytesPerFrame, 1), sameWork(p.handWritten), ''],
        [
          p.perPhase.toLocaleString('en-US'),
          p.tickflow.name,
          fixed(p.tickflow.timing.nsPerFrame / 1000, 3),
          budgetShare(p.tickflow.timing.nsPerFrame),
          fixed(callsPerFrame(p.tickflow), 0),
          fixed(p.tickflowNsPerCall, 2),
          ratioCell(p.ratio),
          fixed(p.tickflow.allocation.bytesPerFrame, 1),
          sameWork(p.tickflow),
          cliffAt.has(p.perPhase) ? `CLIFF (ratio ×${fixed(p.ratio / points[points.indexOf(p) - 1]!.ratio, 2)} over the count before)` : '',
        ],
      ]),
    ),
  );
  print();
  print(`A cliff: tickflow's ratio to the hand-written loop rising more than ${LISTENER_FLATNESS_TARGET}× from one count to the next.\n`);
}

interface SteadyRows {
  readonly plain: SteadyReading[];
  /** Per snap fraction tried, or undefined when this build's fixedStep does not snap. */
  readonly snapped: SteadyReading[] | undefined;
}

function benchSteadySteps(): SteadyRows {
  const snapping = snappingFixedStep();
  return {
    plain: STEADY_HOST_RATES_HZ.map((hz) => measureSteadySteps(tickflowFixedStep(), hz)),
    snapped: snapping === undefined ? undefined : STEADY_HOST_RATES_HZ.map((hz) => measureSteadySteps(snapping, hz)),
  };
}

function steadySection(steady: SteadyRows): void {
  print(`## Steady step counts: a ${fixed(STEADY_STEP_MS, 3)} ms (1/60 s) fixed step on jittered hosts\n`);
  print(
    `${STEADY_FRAMES.toLocaleString('en-US')} frames per host, each timestamp within ±${STEADY_JITTER_MS} ms of its ideal time (uniform, fixed seed), deltas as a wall clock makes them (first frame 0), ` +
      `tickflow's \`fixedStep({ stepMs: 1000/60, maxSteps: 5 })\` operator, and the same with \`snap: ${STEADY_SNAP_FRACTION}\` when the operator has it. ` +
      `"Unsteady": a frame whose window (it and the frames before it, as many as span a whole number of steps on a jitter-free host) ran another number of steps than a jitter-free host runs in it; ` +
      `at 60 Hz the window is the frame itself, so these are the frames that ran 0 or 2 steps. The first ${STEADY_WARMUP_FRAMES.toLocaleString('en-US')} frames are left out. ` +
      'Time conservation: |sum of the deltas − steps × step|, in ms and in steps.\n',
  );
  const rows = (label: string, readings: readonly SteadyReading[]): string[][] =>
    readings.map((r) => [
      label,
      `${r.hostHz} Hz`,
      `${r.windowSteps} step${r.windowSteps > 1 ? 's' : ''} per ${r.windowFrames} frame${r.windowFrames > 1 ? 's' : ''}`,
      `${fixed(r.unsteadyPercent, 2)} %`,
      `${fixed(r.maxTimeErrorMs, 3)} ms (${fixed(r.maxTimeErrorMs / STEADY_STEP_MS, 3)} steps)`,
      `${fixed(r.finalTimeErrorMs, 3)} ms`,
    ]);
  print(
    markdownTable(
      ['fixed step', 'host', 'jitter-free pattern', 'unsteady frames', 'largest time error over the run', 'time error at the end'],
      [...rows('plain', steady.plain), ...(steady.snapped === undefined ? [] : rows(`snap: ${STEADY_SNAP_FRACTION}`, steady.snapped))],
    ),
  );
  print();
  if (steady.snapped === undefined) print("Snapping: not measured; this build's `fixedStep` does not snap (a 10 ms step fed 9.9 ms ran no step with `snap` set).\n");
}

function targets(core: readonly IsolatedRow[], scenarios: readonly HostScenarioResult[], points: readonly ListenerPoint[], steady: SteadyRows, world: WorldBench, state: StateBench): void {
  print('## Targets (issue 19; issue 8\'s PixiJS and 0 B lines kept for reference)\n');
  print('Ratios are medians of per-round CPU-time ratios, both rows timed in the same rounds; the absolute figure is beside each.\n');
  const handWritten = find(core, HAND_WRITTEN);
  const pixi = find(core, 'PixiJS 8 Ticker');
  const ownBytes = (row: IsolatedRow): number => row.allocation.bytesPerFrame - handWritten.allocation.bytesPerFrame;
  const rows: string[][] = [];
  for (const name of [TICKFLOW_HOST_DRIVEN, TICKFLOW_ADVANCE]) {
    const row = find(core, name);
    const overPixi = medianRatioBetween(row.timing, pixi.timing);
    rows.push([
      `(issue 8, superseded) core path at or below PixiJS's Ticker doing the same work (${name})`,
      `${fixed(row.timing.nsPerFrame, 1)} ns/frame (${budgetShare(row.timing.nsPerFrame)} of the frame) vs PixiJS ${fixed(pixi.timing.nsPerFrame, 1)} ns: ${ratioCell(overPixi)} ${verdictOf(overPixi <= PIXI_RATIO_TARGET)}`,
    ]);
  }
  for (const name of [TICKFLOW_HOST_DRIVEN, TICKFLOW_ADVANCE, TICKFLOW_CUSTOM_CLOCK]) {
    const row = find(core, name);
    rows.push([`(issue 8, superseded) 0 B/frame of its own (${name})`, `${fixed(ownBytes(row), 1)} B ${verdictOf(Math.abs(ownBytes(row)) <= OWN_BYTES_TOLERANCE)}`]);
  }
  const floor = find(core, FLOOR_ROW);
  for (const { host, rows: scenario } of scenarios) {
    const ours = find(scenario, TICKFLOW_HOST_DRIVEN);
    const scenarioFloor = find(scenario, FLOOR_ROW);
    const overFloor = medianRatioBetween(ours.timing, scenarioFloor.timing);
    const own = ours.allocation.bytesPerFrame - find(scenario, HAND_WRITTEN).allocation.bytesPerFrame;
    rows.push([
      `issue 19: host-driven core path within ${FLOOR_RATIO_TARGET}× the floor row in the same run, at most one 16 B number/frame of its own (${host})`,
      `${fixed(ours.timing.nsPerFrame, 1)} ns/frame (${budgetShare(ours.timing.nsPerFrame)} of the frame) vs the floor ${fixed(scenarioFloor.timing.nsPerFrame, 1)} ns: ${ratioCell(overFloor)}; ${fixed(own, 1)} B of its own ${verdictOf(overFloor <= FLOOR_RATIO_TARGET && own <= OWN_BYTES_TARGET + OWN_BYTES_TOLERANCE)}`,
    ]);
  }
  const repeating = find(core, TICKFLOW_REPEATING_DELTA);
  rows.push([
    `0 B/frame of its own when the delta repeats (${TICKFLOW_REPEATING_DELTA})`,
    `${fixed(repeating.allocation.bytesPerFrame, 1)} B/frame, ${fixed(ownBytes(repeating), 1)} B over the hand-written loop ${verdictOf(ownBytes(repeating) <= OWN_BYTES_TOLERANCE)}`,
  ]);
  const worstListenerBytes = Math.max(...points.map((p) => p.tickflow.allocation.bytesPerFrame - p.handWritten.allocation.bytesPerFrame));
  rows.push([
    '0 B/frame of its own, 1 to 10,000 handlers per phase',
    `at most ${fixed(worstListenerBytes, 1)} B over the hand-written loop at the same count ${verdictOf(worstListenerBytes <= OWN_BYTES_TOLERANCE)}`,
  ]);
  const custom = find(core, TICKFLOW_CUSTOM_CLOCK);
  const builtIn = find(core, TICKFLOW_HOST_DRIVEN);
  const customOverBuiltIn = medianRatioBetween(custom.timing, builtIn.timing);
  rows.push([
    `custom clock \`pipe(deltas(), clampDelta(250))\` within ${CUSTOM_CLOCK_RATIO_TARGET}× of the built-in \`wallClock()\``,
    `${fixed(custom.timing.nsPerFrame, 1)} vs ${fixed(builtIn.timing.nsPerFrame, 1)} ns/frame: ${ratioCell(customOverBuiltIn)} ${verdictOf(customOverBuiltIn <= CUSTOM_CLOCK_RATIO_TARGET)}`,
  ]);
  const flatPoints = points.filter((p) => p.perPhase >= 100);
  const ratios = flatPoints.map((p) => p.ratio);
  const spread = Math.max(...ratios) / Math.min(...ratios);
  const found = cliffs(points);
  const last = points[points.length - 1]!;
  rows.push([
    `flat in listeners: no cliff; from 100 per phase up, the ratio to the hand-written loop varies ≤ ${LISTENER_FLATNESS_TARGET}×`,
    `${flatPoints.map((p) => `${p.perPhase.toLocaleString('en-US')}: ${fixed(p.tickflowNsPerCall, 2)} ns/call (${ratioCell(p.ratio)})`).join('; ')}; ` +
      `spread ${ratioCell(spread)}${found.length > 0 ? `, cliff at ${found.map((n) => n.toLocaleString('en-US')).join(', ')}` : ', no cliff'}; ` +
      `${last.perPhase.toLocaleString('en-US')} per phase: ${fixed(last.tickflow.timing.nsPerFrame / 1000, 1)} µs/frame vs ${fixed(last.handWritten.timing.nsPerFrame / 1000, 1)} ${verdictOf(spread <= LISTENER_FLATNESS_TARGET && found.length === 0)}`,
  ]);
  const engine = world.many.find((row) => row.subject.name === 'world engine')!.timing;
  const plain = world.many.find((row) => row.subject.name === WORLD_BASELINE)!.timing;
  rows.push([
    `world engine within ${WORLD_RATIO_TARGET}× of a plain loop making the same calls, ${MANY_ACTORS.toLocaleString('en-US')} actors`,
    `${fixed(engine.nsPerFrame / 1000, 1)} µs/frame (${budgetShare(engine.nsPerFrame)}) vs ${fixed(plain.nsPerFrame / 1000, 1)} µs: ${ratioCell(engine.ratio)} ${verdictOf(engine.ratio <= WORLD_RATIO_TARGET)}`,
  ]);
  const worstPlain = Math.max(...steady.plain.map((r) => r.unsteadyPercent));
  rows.push(['steady step counts, plain fixed step (for reference: the issue expects ≈ 40 % at 60 Hz)', steady.plain.map((r) => `${r.hostHz} Hz ${fixed(r.unsteadyPercent, 1)} %`).join(', ') + ` (worst ${fixed(worstPlain, 1)} %)`]);
  if (steady.snapped === undefined) {
    rows.push(['steady step counts with `snap`: below 1 % after warm-up on 60/120/144 Hz, time within one step over 10^6 frames', 'not measured: no snapping in this build']);
  } else {
    const worst = Math.max(...steady.snapped.map((r) => r.unsteadyPercent));
    const worstErrorSteps = Math.max(...steady.snapped.map((r) => r.maxTimeErrorMs)) / STEADY_STEP_MS;
    rows.push([
      'steady step counts with `snap`: below 1 % after warm-up on 60/120/144 Hz, time within one step over 10^6 frames',
      steady.snapped.map((r) => `${r.hostHz} Hz ${fixed(r.unsteadyPercent, 2)} %`).join(', ') +
        `; largest time error ${fixed(worstErrorSteps, 3)} steps ${verdictOf(worst < 1 && worstErrorSteps <= 1)}`,
    ]);
  }
  for (const workload of STATE_WORKLOADS) {
    const production = state.timing.find((row) => row.subject.workload === workload && row.subject.name.includes('production'))!;
    rows.push([
      `state engine (${workload}) within ${STATE_RATIO_TARGET}× of the plain loop, readonlyView: false (issue 4, unchanged)`,
      `${fixed(production.timing.nsPerFrame / 1000, 1)} µs/frame: ${ratioCell(production.timing.ratio)} ${verdictOf(production.timing.ratio <= STATE_RATIO_TARGET)}`,
    ]);
  }
  print(markdownTable(['target', 'result'], rows));
  print();
  print(
    'Issue 8\'s PixiJS and 0 B lines are printed for reference: issue 19 restated them after the floor row ' +
      `(the hand-written loop plus only the dispatch a listener-list loop requires) measured ${fixed(medianRatioBetween(floor.timing, pixi.timing), 2)}× PixiJS's Ticker in this run (${fixed(floor.timing.nsPerFrame, 1)} vs ${fixed(pixi.timing.nsPerFrame, 1)} ns/frame).`,
  );
  print();
  print(`Phaser's TimeStep is in the core table as a reference, not a target: ${fixed(find(core, 'Phaser 4 TimeStep (reference)').timing.nsPerFrame, 1)} ns/frame.`);
  print();
}

/**
 * A section that runs in Chromium from a process of its own (`script
 * --section` prints its tables only): this process replaced performance.now()
 * and added browser globals for the peer libraries (browser-shim.ts), which
 * Vite and Playwright must not see. The first-load section
 * (bench/first-load.ts), the backends section (bench/browser/backends.ts,
 * issue 29 item 1: every preset on its backend beside the plain library) and
 * the whole-games section (bench/whole-games.ts, issue 29 item 3: each
 * gallery game played for a minute).
 */
function browserSection(script: string): () => void {
  return () => {
    const path = fileURLToPath(new URL(script, import.meta.url));
    print(execFileSync(process.execPath, ['--import', 'tsx', path, '--section'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] }).trimEnd());
    print();
  };
}

print('# tickflow bench\n');
machine();
print();
calibration();

const coreRows = await section(`core path (${CORE_ROWS.length} row processes) and the baseline check`, async () => {
  const aloneBefore = standaloneBaseline(false);
  const rows = await isolated(CORE_ROWS, { ...TIMING, baseline: HAND_WRITTEN });
  coreTable(rows);
  baselineCheck(rows, aloneBefore);
  return rows;
});
const scenarios = await section(`core path on ${HOST_SCENARIOS.length} hosts (${HOST_SCENARIOS.length * 3} row processes)`, async () => {
  const results: HostScenarioResult[] = [];
  for (const host of HOST_SCENARIOS) results.push({ host: host.name, rows: await isolated(hostScenarioRows(host), { ...TIMING, baseline: HAND_WRITTEN }) });
  hostScenarioTable(results);
  return results;
});
const coreCheck = await section('core path against its floor row (issue 29: up to 3 runs of 2 row processes)', async () => {
  const check = await checkCoreAgainstFloor(TIMING, (run) => (childCpuNs += run.processCpuNs));
  printCoreFloorCheck(check, print);
  return check;
});
const points = await section(`listener counts (${LISTENER_ROWS.length} row processes)`, async () => {
  const rows = await isolated(LISTENER_ROWS, { ...TIMING, baseline: 'hand-written loop, 1 per phase', minFramesPerBatch: 1 });
  const result = listenerPoints(rows);
  listenerTable(result);
  return result;
});
const steady = await section('steady step counts', () => {
  const result = benchSteadySteps();
  steadySection(result);
  return result;
});
const worldBench = await section('world engine', () => {
  const result = benchWorldEngine(TIMING);
  worldSection(result);
  return result;
});
await section('pacing fidelity', () => printPacingTables(print));
await section('collision', () => collisionSection(benchCollision(COLLISION_TIMING)));
const stateBench = await section('state engine', async () => {
  const result = await benchStateEngine(TIMING);
  stateSection(result);
  return result;
});

targets(coreRows, scenarios, points, steady, worldBench, stateBench);

await section('record, replay, save and restore', async () => printReplay(print, await benchReplay(configFromEnvironment())));
await section('netplay: rollback cost, the spike, bytes a player', async () => printNetplay(print, await benchNetplay(netplayConfigFromEnvironment())));
await section('rooms: server CPU, rooms per process, bytes a client, re-simulation (the server and its clients in processes of their own, whose CPU is not counted here)', async () =>
  printRooms(print, await benchRooms(roomsConfigFromEnvironment())),
);
await section('first load (a process of its own and Chromium, whose CPU is not counted here)', browserSection('./first-load.ts'));
await section('backends against the plain library (a process of its own and Chromium, whose CPU is not counted here)', browserSection('./browser/backends.ts'));
await section('whole games, a minute of play each (a process of its own and Chromium, whose CPU is not counted here)', browserSection('./whole-games.ts'));

print('## Bench time\n');
print(
  markdownTable(
    ['section', 'wall s', 'CPU s (row processes included)'],
    sectionTimes.map((t) => [t.name, fixed(t.wallSeconds, 1), fixed(t.cpuSeconds, 1)]),
  ),
);
print();
print(`- load average at end (1/5/15 min): ${os.loadavg().map((x) => x.toFixed(2)).join(' / ')}`);
print(`- total bench time: ${fixed(Number(process.hrtime.bigint() - startedAt) / 1e9, 1)} s wall`);

// Issue 29, item 6: a check, not a figure: the bench exits non-zero, after printing everything, when the core path failed it.
if (coreCheck.failed) {
  console.error(coreFloorFailure(coreCheck));
  process.exitCode = 1;
}
