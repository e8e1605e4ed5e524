// `npm run bench`: node --expose-gc --import tsx bench/run.ts
//
// Runs every tickflow benchmark side by side with the hand-written loop and
// the peer libraries in this one process and prints the results as markdown
// (RESULTS.md is a copy of one run, with a reading). Timings depend on the
// machine and its load; the ratios, taken within each round, much less.
import './browser-shim.js';
import { execFileSync } from 'node:child_process';
import os from 'node:os';
import { allocationCalibration, measureAllocation } from './measure-allocation.js';
import { benchCandidates, createCoreCandidates, createHandWrittenCandidate, HAND_WRITTEN, type CoreRow } from './core-path.js';
import { benchCollision, CIRCLES, COLLISION_BASELINE, sanityCheck, WORLD_SIZE, type CollisionRow } from './collision.js';
import { benchEmitCost } from './emit-cost.js';
import { fixed, markdownTable } from './markdown-table.js';
import { benchPacing, JITTER_CHECK_MS, PACERS, PACING_DURATION_SECONDS, tickflowJitterSensitivity } from './pacing-fidelity.js';
import { benchStateEngine, ENTITIES, FEW_ENTITIES, STATE_BASELINE, STATE_WORKLOADS, type StateBench } from './state-engine.js';
import { createTickflowAdvance } from './tickflow-core-path.js';
import {
  createFusedClockOnly,
  createHostCallOnly,
  createHostHopOnly,
  createLoopOnePhaseFourHandlers,
  createLoopNeverCompiled,
  createLoopWithFusedClock,
  createLoopWithoutFixedStep,
  createStepFunctionsOnly,
  createWallClockOnly,
} from './tickflow-sub-paths.js';
import { benchWorldEngine, FEW_ACTORS, MANY_ACTORS, WORLD_BASELINE, type WorldBench, type WorldTimingRow } from './world-engine.js';

const TIMING = { rounds: 31, batchMs: 8, warmupMs: 200 } as const;
const OWN_BYTES_TARGET = 32;
const RATIO_TARGET = 2;
/** The engines' target: per-frame cost within this of a plain loop making the same calls. */
const ENGINE_RATIO_TARGET = 1.25;

const startedAt = process.hrtime.bigint();
const print = (text = ''): void => console.log(text);

/** The commit measured, and which measured folders had uncommitted changes (the bench runs the working tree). */
function sourceState(): string {
  try {
    const git = (...args: string[]): string => execFileSync('git', args, { encoding: 'utf8' }).trim();
    // Porcelain lines are "XY path"; the trim above eats the first line's leading space, so strip the status by pattern.
    const changed = git('status', '--porcelain', '--', 'operators', 'src/loop', 'src/hosts', 'src/clocks', 'src/engines', 'src/collision', 'src/backends/null')
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

function coreTable(rows: readonly CoreRow[], title: string): void {
  const baselineBytes = rows.find((row) => row.candidate.name === HAND_WRITTEN)?.allocation.bytesPerFrame ?? NaN;
  print(`## ${title}\n`);
  print(
    markdownTable(
      ['candidate', 'CPU ns/frame (median)', 'ratio to hand-written (median)', 'ratio Q1–Q3', 'wall ns/frame (best round)', 'ratio of best wall rounds', 'B/frame', 'B/frame over hand-written', 'fixed steps/frame', 'frames = ticks'],
      rows.map((row) => [
        row.candidate.name,
        fixed(row.timing.nsPerFrame, 1),
        `${fixed(row.timing.ratio, 2)}×`,
        `${fixed(row.timing.ratioQ1, 2)}–${fixed(row.timing.ratioQ3, 2)}`,
        fixed(row.timing.bestWallNsPerFrame, 1),
        `${fixed(row.timing.bestWallRatio, 2)}×`,
        fixed(row.allocation.bytesPerFrame, 1),
        fixed(row.allocation.bytesPerFrame - baselineBytes, 1),
        fixed(row.fixedStepsPerFrame, 4),
        row.frames === row.hostTicks ? 'yes' : `${row.frames}/${row.hostTicks}`,
      ]),
    ),
  );
  print();
  print('How each row is driven:\n');
  for (const row of rows) print(`- **${row.candidate.name}**: ${row.candidate.how}`);
  print();
}

function verdicts(rows: readonly CoreRow[]): void {
  const baselineBytes = rows.find((row) => row.candidate.name === HAND_WRITTEN)!.allocation.bytesPerFrame;
  const peers = rows.filter((row) => !row.candidate.name.startsWith('tickflow') && row.candidate.name !== HAND_WRITTEN);
  const slowerThan = (row: CoreRow, ratioOf: (r: CoreRow) => number): string[] =>
    peers.filter((peer) => ratioOf(peer) < ratioOf(row)).map((peer) => peer.candidate.name);
  const verdict = (names: string[]): string => (names.length === 0 ? 'met' : `MISSED (slower than ${names.join(', ')})`);
  print('## Targets\n');
  print('Judged on the median per-round CPU-time ratio; the ratio of the fastest wall-clock rounds is beside it.\n');
  const table = rows
    .filter((row) => row.candidate.name.startsWith('tickflow'))
    .map((row) => {
      const ownBytes = row.allocation.bytesPerFrame - baselineBytes;
      const { ratio, bestWallRatio } = row.timing;
      return [
        row.candidate.name,
        `${fixed(ratio, 2)}× (best ${fixed(bestWallRatio, 2)}×) ${ratio <= RATIO_TARGET ? 'met' : 'MISSED'}`,
        verdict(slowerThan(row, (r) => r.timing.ratio)),
        verdict(slowerThan(row, (r) => r.timing.bestWallRatio)),
        `${fixed(ownBytes, 1)} B ${ownBytes <= OWN_BYTES_TARGET ? 'met' : 'MISSED'}`,
      ];
    });
  print(
    markdownTable(
      ['row', `within ${RATIO_TARGET}× of hand-written`, 'no slower than any peer (median)', 'no slower than any peer (best wall rounds)', `≤ ${OWN_BYTES_TARGET} B/frame of its own`],
      table,
    ),
  );
  print();
  print('"Of its own": B/frame minus the hand-written row\'s, which is what the host call and the subscribers cost every row alike.');
  print();
}

function emitTable(): void {
  const rows = benchEmitCost(TIMING);
  print('## One multicast emission: RxJS Subject vs tickflow Broadcast\n');
  print(
    markdownTable(
      ['emitter', 'CPU ns/emit (median)', 'ratio to Subject.next (1 sub)', 'B/emit'],
      rows.map((row) => [row.name, fixed(row.timing.nsPerFrame, 1), `${fixed(row.timing.ratio, 2)}×`, fixed(row.allocation.bytesPerFrame, 1)]),
    ),
  );
  print();
}

function pacingTable(): void {
  const rows = benchPacing();
  print(`## Pacing fidelity (${PACING_DURATION_SECONDS} s simulated per cell, ±1 ms jitter)\n`);
  print('Each cell: delivered-rate error % / irregular intervals %.\n');
  print(
    markdownTable(
      ['target fps', 'host Hz', ...PACERS.map((pacer) => pacer.name)],
      rows.map((row) => [
        String(row.targetFps),
        String(row.hostHz),
        ...row.results.map((r) => `${fixed(r.rateErrorPercent, 2)} / ${fixed(r.irregularPercent, 1)}`),
      ]),
    ),
  );
  print();
  print('Settings: ' + PACERS.map((pacer) => `${pacer.name} ${pacer.setting}`).join('; ') + '.');
  print();
  print('tickflow `pace`, irregular intervals % as the jitter grows:\n');
  print(
    markdownTable(
      ['target fps', 'host Hz', ...JITTER_CHECK_MS.map((ms) => `±${ms} ms`)],
      tickflowJitterSensitivity().map((row) => [String(row.targetFps), String(row.hostHz), ...row.irregularPercent.map((p) => fixed(p, 1))]),
    ),
  );
  print();
}

const ratioCell = (ratio: number): string => `${fixed(ratio, 2)}×`;
const verdictOf = (met: boolean): string => (met ? 'met' : 'MISSED');

function worldTimingTable(rows: readonly WorldTimingRow[]): void {
  print(
    markdownTable(
      ['row', 'CPU ns/frame (median)', 'ns/actor', `ratio to ${WORLD_BASELINE} (median)`, 'ratio Q1–Q3', 'ratio of best wall rounds', 'every component ticked once a frame'],
      rows.map(({ subject, timing, sameWork }) => [
        subject.name,
        fixed(timing.nsPerFrame, 0),
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
  const check = sanityCheck(120, [1, 60, 120]);
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

function engineVerdicts(world: WorldBench, collision: readonly CollisionRow[], state: StateBench): void {
  print('## Engine and collision targets\n');
  const engineRow = (rows: readonly WorldTimingRow[]) => rows.find((row) => row.subject.name === 'world engine')!;
  const bytes = (name: string, actors: number) =>
    world.allocation.find((row) => row.subject.name === name && row.subject.actors === actors)!.allocation.bytesPerFrame;
  const many = engineRow(world.many).timing;
  const few = engineRow(world.few).timing;
  const engineBytesMany = bytes('world engine', MANY_ACTORS);
  const engineBytesFew = bytes('world engine', FEW_ACTORS);
  const perActor = (engineBytesMany - engineBytesFew) / (MANY_ACTORS - FEW_ACTORS);
  const current = collision[0]!;
  const peers = collision.filter((row) => row.world.name.startsWith('detect-collisions'));
  const slowestCurrentVsPeers = Math.max(...peers.map((peer) => current.timing.nsPerFrame / peer.timing.nsPerFrame));
  const rows: string[][] = [
    [
      `world engine within ${ENGINE_RATIO_TARGET}× of the plain loop, ${MANY_ACTORS.toLocaleString('en-US')} actors`,
      `${ratioCell(many.ratio)} (best wall ${ratioCell(many.bestWallRatio)}) ${verdictOf(many.ratio <= ENGINE_RATIO_TARGET)}`,
    ],
    [
      `... at ${FEW_ACTORS.toLocaleString('en-US')} actors (for reference)`,
      `${ratioCell(few.ratio)} (best wall ${ratioCell(few.bestWallRatio)}) ${verdictOf(few.ratio <= ENGINE_RATIO_TARGET)}`,
    ],
    [
      'world engine: no allocation per actor per frame',
      `${fixed(engineBytesFew, 1)} B/frame at ${FEW_ACTORS.toLocaleString('en-US')} actors, ${fixed(engineBytesMany, 1)} at ${MANY_ACTORS.toLocaleString('en-US')}: ${fixed(perActor, 4)} B per extra actor ${verdictOf(Math.abs(perActor) < 0.01)}`,
    ],
    [
      `collision pass vs detect-collisions (${CIRCLES.toLocaleString('en-US')} circles)`,
      `${ratioCell(current.timing.ratio)} of its defaults; ${ratioCell(slowestCurrentVsPeers)} of its fastest configuration here; ${fixed(current.allocation.bytesPerFrame, 0)} B/frame`,
    ],
  ];
  for (const workload of STATE_WORKLOADS) {
    const production = state.timing.find((row) => row.subject.workload === workload && row.subject.name.includes('production'))!;
    const devCheck = state.timing.find((row) => row.subject.workload === workload && row.subject.name.includes('dev check'))!;
    rows.push([
      `state engine (${workload}) within ${ENGINE_RATIO_TARGET}× of the plain loop, readonlyView: false`,
      `${ratioCell(production.timing.ratio)} (best wall ${ratioCell(production.timing.bestWallRatio)}) ${verdictOf(production.timing.ratio <= ENGINE_RATIO_TARGET)}`,
    ]);
    rows.push([`... readonlyView: true (the dev check; no target)`, `${ratioCell(devCheck.ratioOfMedians)} (ratio of medians)`]);
  }
  const ownBytes = (workload: string, entities: number): number => {
    const find = (name: (n: string) => boolean) =>
      state.allocation.find((row) => row.subject.workload === workload && row.subject.entities === entities && name(row.subject.name))!.allocation.bytesPerFrame;
    return find((n) => n.includes('production')) - find((n) => n === STATE_BASELINE);
  };
  const sharedFew = ownBytes('shared records', FEW_ENTITIES);
  const sharedMany = ownBytes('shared records', ENTITIES);
  const perExtraEntity = Math.max(0, (sharedMany - sharedFew) / (ENTITIES - FEW_ENTITIES));
  rows.push([
    'state engine: no allocation of its own per object (readonlyView: false)',
    `shared records: ${fixed(sharedFew, 1)} B/frame of its own at ${FEW_ENTITIES} entities, ${fixed(sharedMany, 1)} at ${ENTITIES.toLocaleString('en-US')}: ` +
      // Per object means growing with the objects: what each extra object adds, not whether two constant figures agree to the byte.
      `${fixed(perExtraEntity, 4)} B per extra entity ${verdictOf(perExtraEntity < 0.01)} (new records: ${fixed(ownBytes('new records', FEW_ENTITIES), 0)} and ${fixed(ownBytes('new records', ENTITIES), 0)} B, ` +
      'within the noise of samples of ≈ 150 kB/frame of the game\'s own)',
  ]);
  print(markdownTable(['target', 'result'], rows));
  print();
}

print('# tickflow bench\n');
machine();
print();
calibration();

// The main table runs first, before the sub-path rows exist, so the shared
// code it measures (RxJS subscribers, the loop) has only seen its own rows.
const coreRows = benchCandidates(createCoreCandidates(), { ...TIMING, baseline: HAND_WRITTEN });
for (const row of coreRows) row.candidate.dispose();
coreTable(coreRows, 'Core path: host tick -> wall clock -> frame info -> fixed step (1000/60, max 5) -> 4 phase subscribers');
verdicts(coreRows);

const subPathRows = benchCandidates(
  [
    createHandWrittenCandidate(),
    createTickflowAdvance(),
    createLoopNeverCompiled(),
    createStepFunctionsOnly(),
    createHostCallOnly(),
    createHostHopOnly(),
    createWallClockOnly(),
    createFusedClockOnly(),
    createLoopWithoutFixedStep(),
    createLoopOnePhaseFourHandlers(),
    createLoopWithFusedClock(),
  ],
  { ...TIMING, baseline: HAND_WRITTEN },
);
for (const row of subPathRows) row.candidate.dispose();
coreTable(subPathRows, 'Where tickflow spends it: sub-paths (same host and harness; second run in the process)');

emitTable();
pacingTable();

const worldBench = benchWorldEngine(TIMING);
worldSection(worldBench);
const collisionRows = benchCollision(TIMING);
collisionSection(collisionRows);
const stateBench = await benchStateEngine(TIMING);
stateSection(stateBench);
engineVerdicts(worldBench, collisionRows, stateBench);

print(`- load average at end (1/5/15 min): ${os.loadavg().map((x) => x.toFixed(2)).join(' / ')}`);
print(`- total bench time: ${fixed(Number(process.hrtime.bigint() - startedAt) / 1e9, 1)} s`);
