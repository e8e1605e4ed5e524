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
import { benchEmitCost } from './emit-cost.js';
import { fixed, markdownTable } from './markdown-table.js';
import { benchPacing, JITTER_CHECK_MS, PACERS, PACING_DURATION_SECONDS, tickflowJitterSensitivity } from './pacing-fidelity.js';
import { createTickflowAdvance } from './tickflow-core-path.js';
import {
  createFusedClockOnly,
  createHostCallOnly,
  createHostHopOnly,
  createLoopOnePhaseFourHandlers,
  createLoopWithFusedClock,
  createLoopWithoutFixedStep,
  createStepFunctionsOnly,
  createWallClockOnly,
} from './tickflow-sub-paths.js';

const TIMING = { rounds: 31, batchMs: 8, warmupMs: 200 } as const;
const OWN_BYTES_TARGET = 32;
const RATIO_TARGET = 2;

const startedAt = process.hrtime.bigint();
const print = (text = ''): void => console.log(text);

/** The commit measured, and which measured folders had uncommitted changes (the bench runs the working tree). */
function sourceState(): string {
  try {
    const git = (...args: string[]): string => execFileSync('git', args, { encoding: 'utf8' }).trim();
    const changed = git('status', '--porcelain', '--', 'operators', 'src/loop', 'src/hosts', 'src/clocks')
      .split('\n')
      .filter((line) => line !== '')
      .map((line) => line.slice(3));
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

print(`- load average at end (1/5/15 min): ${os.loadavg().map((x) => x.toFixed(2)).join(' / ')}`);
print(`- total bench time: ${fixed(Number(process.hrtime.bigint() - startedAt) / 1e9, 1)} s`);
