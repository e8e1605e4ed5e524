/**
 * The replay bench's tables (bench/replay.ts measures): each figure beside
 * issue 26's target for it, ratios where a baseline ran in the same rounds,
 * absolute costs against the 16.7 ms frame.
 */
import { fixed, markdownTable } from './markdown-table.js';
import { NOT_RECORDED } from './replay-games.js';
import { ownBytesPerFrame, PERIOD_FRAMES, type OverheadRow } from './replay-overhead.js';
import { RESIMULATED_TICKS, ROLLBACK_BODIES } from './replay-rollback.js';
import { MINUTE_SECONDS } from './replay-sessions.js';
import { SYNC_ROLLBACK, SYNC_TICKS } from './replay-sync.js';
import type { ReplayBench } from './replay-bench.js';

// Issue 26, item 6's targets.
/** Recording costs at most this share of the frame's engine time (recorded ÷ unrecorded − 1). */
export const RECORDING_SHARE_TARGET = 0.02;
/** Bytes per actor per frame a recording may allocate: none. */
export const RECORDING_BYTES_PER_ACTOR_TARGET = 0;
/** A minute of any gallery game's session, before compression, in bytes. */
export const SESSION_BYTES_PER_MINUTE_TARGET = 64 * 1024;
/** save + restore + 8 re-simulated ticks of 200 bodies, in ms: the budget rollback netplay needs. */
export const ROLLBACK_BUDGET_MS = 4;
/** A headless replay plays at least this many times real time. */
export const REPLAY_SPEED_TARGET = 100;

const FRAME_BUDGET_MS = 1000 / 60;
/** A sync test stopped by a mismatch before this many ticks gives no per-tick figure (its build's noise would be most of it). */
const MIN_TICKS_PER_FIGURE = 10;
/** A per-actor byte figure within this of 0 reads as 0 (the allocation reading's own resolution, bench/run.ts's tolerance spread over the actors). */
const BYTES_TOLERANCE = 0.5;

const verdict = (met: boolean): string => (met ? 'met' : 'MISSED');
const ratioCell = (ratio: number): string => `${fixed(ratio, 3)}×`;
const percent = (share: number, decimals = 1): string => `${fixed(share * 100, decimals)} %`;
const ofFrame = (ms: number): string => percent(ms / FRAME_BUDGET_MS);
const kb = (bytes: number): string => fixed(bytes / 1024, 1);

/** Per-body bytes of the recording: the runtime's own bytes at its largest count minus at its smallest, over the difference in bodies. */
export function recordingBytesPerBody(rows: readonly OverheadRow[]): { perBody: number; from: OverheadRow; to: OverheadRow } | undefined {
  const runtime = rows.filter((row) => row.name.startsWith('runtime'));
  if (runtime.length < 2) return undefined;
  const from = runtime[0]!;
  const to = runtime[runtime.length - 1]!;
  return { perBody: (ownBytesPerFrame(to) - ownBytesPerFrame(from)) / (to.actors - from.actors), from, to };
}

/** The checkpoint's own cost, estimated: what recording with checkpoints costs over recording without, times the frames between two checkpoints. */
const checkpointMs = (row: OverheadRow): number => ((row.recorded.nsPerFrame - row.tapsOnly.nsPerFrame) * PERIOD_FRAMES) / 1e6;

function recordingTable(print: (text?: string) => void, rows: readonly OverheadRow[]): void {
  print('### Recording overhead per frame\n');
  print(
    `Each engine three times in the same interleaved rounds: unrecorded, recorded (\`recordSession\` defaults: a checkpoint every ${PERIOD_FRAMES} frames, fields at every 10th and the last) and recorded with no checkpoint until it stops ("taps only": deltas, declined ticks, input calls). ` +
      `One unit of work is ${PERIOD_FRAMES} host ticks (60 Hz, ±1 ms jitter), so every batch holds whole checkpoint periods. CPU time; ratios are medians of per-round ratios. ` +
      'Bytes: heap growth over collection-free samples (bench/weigh-frames.ts), recorded minus unrecorded.\n',
  );
  print(
    markdownTable(
      ['engine', 'actors', 'unrecorded µs/frame', 'recorded µs/frame', 'recorded ÷ unrecorded (Q1–Q3)', `recording's share of the engine's frame (target ≤ ${percent(RECORDING_SHARE_TARGET, 0)})`, 'taps only ÷ unrecorded', 'one checkpoint, ms (est.)', 'checkpoint share of 16.7 ms', 'timed alone: checkpoint µs (fields µs)', 'timed alone, amortized: share of the engine\'s frame', 'unrecorded B/frame', 'own B/frame', 'own B/frame, taps only', 'same work'],
      rows.map((row) => [
        row.name,
        row.actors.toLocaleString('en-US'),
        fixed(row.unrecorded.nsPerFrame / 1000, 1),
        fixed(row.recorded.nsPerFrame / 1000, 1),
        `${ratioCell(row.ratio)} (${fixed(row.ratioQ1, 3)}–${fixed(row.ratioQ3, 3)})`,
        `${percent(row.ratio - 1)} ${verdict(row.ratio - 1 <= RECORDING_SHARE_TARGET)}`,
        ratioCell(row.tapsOnlyRatio),
        fixed(checkpointMs(row), 2),
        ofFrame(checkpointMs(row)),
        `${fixed(row.checkpointAlone.checkpointUs, 1)} (${fixed(row.checkpointAlone.fieldsUs, 1)})`,
        percent(row.checkpointAlone.perFrameUs / (row.unrecorded.nsPerFrame / 1000)),
        fixed(row.unrecordedBytes.bytesPerFrame, 0),
        `${fixed(ownBytesPerFrame(row), 1)}${row.weighedThroughScavenges ? ' †' : ''}`,
        fixed(row.tapsOnlyBytes.bytesPerFrame - row.unrecordedBytes.bytesPerFrame, 1),
        row.sameWork ? 'yes' : 'NO',
      ]),
    ),
  );
  print();
  print(
    '"One checkpoint" is (recorded − taps only) × the frames between two checkpoints: what the frame that takes one pays on top (it hashes the checkpoint state and flattens its fields), ' +
      'once a second at 60 Hz. "Timed alone": the checkpoint\'s work on the recorded engine between frames, best CPU time of 9 rounds (bench/replay-overhead.ts, timeCheckpointAlone): the state read as a recorder reads it and hashed (every checkpoint), and the fields\' walk (every 10th); amortized as checkpoint ÷ 60 + fields ÷ 600 a frame, over the unrecorded frame. ' +
      'It measures the work itself, below the few per cent of noise in whole frames timed against each other. †: no period of this engine ran without a collection (a checkpoint outgrows the young generation), so its three sides were weighed through the scavenges (bench/weigh-through-scavenges.ts).\n',
  );
}

function sessionTable(print: (text?: string) => void, bench: ReplayBench): void {
  print(`### Session size per minute, and headless replay speed\n`);
  print(
    `Each game played for ${bench.config.sessionSeconds} s of a 60 Hz host (±1 ms jitter) on its default clock (the wall clock: every delta another float64), recorded from its first frame with \`recordSession\`'s defaults, written by \`encodeSession\`; ` +
      'size before compression, per minute of host time. The replay: `replay(decodeSession(json), build)` on a fresh build, timed whole (the build included), ' +
      `median of ${bench.config.replayRounds}; speed = the session's simulated time (its deltas' sum) over the replay's CPU time (and wall time).\n`,
  );
  print(
    markdownTable(
      ['game', 'preset', 'frames', 'events/s', `KB per minute (target ≤ ${kb(SESSION_BYTES_PER_MINUTE_TARGET)})`, 'largest parts, KB per minute', 'KB per minute, hashes only (fieldsEvery: 0)', 'gzipped KB per minute', 'replay CPU ms (Q1–Q3)', `× real time, CPU (target ≥ ${REPLAY_SPEED_TARGET}×)`, '× real time, wall', 'replayed the same'],
      bench.minutes.map((minute, i) => {
        const speed = bench.replays[i]!;
        return [
          minute.game.name,
          minute.game.preset,
          String(minute.session.deltasMs.length),
          fixed(minute.eventsPerSecond, 1),
          `${kb(minute.bytesPerMinute)} ${verdict(minute.bytesPerMinute <= SESSION_BYTES_PER_MINUTE_TARGET)}`,
          minute.parts.slice(0, 3).map((part) => `${part.field} ${kb((part.bytes * MINUTE_SECONDS) / minute.hostSeconds)}`).join(', '),
          kb(minute.hashesOnlyBytesPerMinute),
          kb(minute.gzipBytesPerMinute),
          `${fixed(speed.cpuMs, 0)} (${fixed(speed.cpuMsQ1, 0)}–${fixed(speed.cpuMsQ3, 0)})`,
          `${fixed(speed.timesRealTime, 0)}× ${verdict(speed.timesRealTime >= REPLAY_SPEED_TARGET)}`,
          `${fixed(speed.timesRealTimeWall, 0)}×`,
          speed.same ? `yes (${speed.checkpoints} checkpoints)` : 'NO',
        ];
      }),
    ),
  );
  print();
  print('How each game is played:\n');
  for (const minute of bench.minutes) print(`- **${minute.game.name}**: ${minute.game.how}`);
  for (const entry of NOT_RECORDED) print(`- **${entry.name}**: not recorded: ${entry.why}`);
  print();
}

function snapshotTable(print: (text?: string) => void, bench: ReplayBench): void {
  print('### save() and restore()\n');
  print(
    `One round: 2 frames, \`save()\` (timed), ${RESIMULATED_TICKS} frames, \`restore()\` of that snapshot (timed); a scavenge before each timed call; medians of ${bench.config.snapshotRounds} rounds, CPU time. ` +
      'Bytes a save allocates: heap growth over one save plus what a collection during it freed. Size: the snapshot as JSON, as a session\'s `start` carries it (Rapier\'s own snapshot in base64), and Rapier\'s bytes in it.\n',
  );
  print(
    markdownTable(
      ['engine', 'save ms (Q1–Q3)', 'restore ms (Q1–Q3)', 'save + restore, share of 16.7 ms', 'save µs per body', 'restore µs per body', 'B a save allocates (per body)', 'snapshot JSON KB (B per body)', 'Rapier snapshot KB'],
      bench.snapshots.map((row) => {
        if (!row.available) return [row.name, row.why, '', '', '', '', '', '', ''];
        const per = (ms: number): string => fixed((ms * 1000) / row.items, 2);
        return [
          row.name,
          `${fixed(row.save.cpuMs, 2)} (${fixed(row.save.cpuMsQ1, 2)}–${fixed(row.save.cpuMsQ3, 2)})`,
          `${fixed(row.restore.cpuMs, 2)} (${fixed(row.restore.cpuMsQ1, 2)}–${fixed(row.restore.cpuMsQ3, 2)})`,
          ofFrame(row.save.cpuMs + row.restore.cpuMs),
          per(row.save.cpuMs),
          per(row.restore.cpuMs),
          `${fixed(row.saveBytes / 1024, 0)} KB (${fixed(row.saveBytes / row.items, 0)})`,
          `${kb(row.jsonBytes)} (${fixed(row.jsonBytes / row.items, 0)})`,
          row.physicsBytes > 0 ? kb(row.physicsBytes) : 'none',
        ];
      }),
    ),
  );
  print();
  print(`#### The rollback budget: ${ROLLBACK_BODIES} bodies\n`);
  print(
    `\`save()\`, \`restore()\` and ${RESIMULATED_TICKS} re-simulated ticks, timed as one, from the same snapshot every round (medians of ${bench.config.rollbackRounds}, CPU time); its two parts timed apart (save + restore; the ${RESIMULATED_TICKS} ticks), and a rollback as GGRS makes one (restore, then each tick followed by a save). ` +
      'The verdict is on CPU time, which counts the collector\'s helper threads too (a restore allocates enough to keep them busy), so on a quiet machine it can exceed the wall time. ' +
      `Beside it, the same rollback on Rapier alone (the scene written against Rapier by hand: \`takeSnapshot()\`, \`World.restoreSnapshot()\`, the same ${RESIMULATED_TICKS} ticks) in the same rounds: the floor under the runtime's; tickflow's own part is the difference.\n`,
  );
  print(
    markdownTable(
      [
        'rolled back to',
        `save + restore + ${RESIMULATED_TICKS} ticks, CPU ms (Q1–Q3), wall ms (target ≤ ${ROLLBACK_BUDGET_MS})`,
        'share of 16.7 ms',
        'of which save + restore, ms',
        `of which ${RESIMULATED_TICKS} ticks, ms`,
        `restore + ${RESIMULATED_TICKS} × (tick + save), ms (GGRS)`,
        `Rapier alone: snapshot + restore + ${RESIMULATED_TICKS} ticks, ms (of which snapshot + restore)`,
        'runtime ÷ Rapier alone',
        "tickflow's own, ms (runtime − Rapier alone)",
      ],
      bench.rollback.map((row) =>
        row.available
          ? [
              row.name,
              `${fixed(row.rollback.cpuMs, 2)} (${fixed(row.rollback.cpuMsQ1, 2)}–${fixed(row.rollback.cpuMsQ3, 2)}), wall ${fixed(row.rollback.wallMs, 2)} ${verdict(row.rollback.cpuMs <= ROLLBACK_BUDGET_MS)}`,
              ofFrame(row.rollback.cpuMs),
              fixed(row.saveRestore.cpuMs, 2),
              fixed(row.ticksAlone.cpuMs, 2),
              fixed(row.ggrs.cpuMs, 2),
              `${fixed(row.plainRapier.cpuMs, 2)} (${fixed(row.plainRapierSaveRestore.cpuMs, 2)})`,
              `${fixed(row.rollback.cpuMs / row.plainRapier.cpuMs, 2)}×`,
              fixed(row.rollback.cpuMs - row.plainRapier.cpuMs, 2),
            ]
          : [row.name, row.why, '', '', '', '', '', '', ''],
      ),
    ),
  );
  print();
}

function syncTable(print: (text?: string) => void, bench: ReplayBench): void {
  print(`### The sync test at k = ${SYNC_ROLLBACK}\n`);
  print(
    `\`syncTest(build, { ticks: ${SYNC_TICKS}, rollback: ${SYNC_ROLLBACK} })\` (10 ticks for the 200 bodies) beside the same ticks run plainly on a fresh build, and the build alone, interleaved, medians of ${bench.config.syncRounds}, CPU time; per tick = (sync test − build) ÷ ticks, and the plain ticks' time ÷ ticks. No input (the sync test's must depend on the tick alone). No target: reported.\n`,
  );
  print(
    markdownTable(
      ['game', 'sync test µs/tick', 'plain µs/tick', 'sync ÷ plain', 'sync tick, share of 16.7 ms', 'result'],
      bench.sync.map((row) =>
        row.available && !row.report.ok && row.report.ticks < MIN_TICKS_PER_FIGURE
          ? [row.name, '', '', '', '', `stopped at tick ${row.report.firstMismatch?.tick}, too few ticks for a figure (mismatch: ${row.report.firstMismatch?.fields.map((f) => f.path).slice(0, 2).join(', ')}: game state the snapshot does not hold)`]
          : row.available
          ? [
              row.name,
              fixed(row.syncUs, 0),
              fixed(row.plainUs, 1),
              `${fixed(row.ratio, 1)}×`,
              ofFrame(row.syncUs / 1000),
              row.report.ok ? `ok, ${row.report.ticks} ticks` : `stopped at tick ${row.report.firstMismatch?.tick} (mismatch: ${row.report.firstMismatch?.fields.map((f) => f.path).slice(0, 2).join(', ')})`,
            ]
          : [row.name, '', '', '', '', row.why],
      ),
    ),
  );
  print();
}

function targetTable(print: (text?: string) => void, bench: ReplayBench): void {
  print('### Targets\n');
  const rows: string[][] = [];
  for (const row of bench.recording) {
    rows.push([
      `recording ≤ ${percent(RECORDING_SHARE_TARGET, 0)} of the frame's engine time (${row.name})`,
      `${fixed(row.recorded.nsPerFrame / 1000, 1)} vs ${fixed(row.unrecorded.nsPerFrame / 1000, 1)} µs/frame: +${percent(row.ratio - 1)} ${verdict(row.ratio - 1 <= RECORDING_SHARE_TARGET)}; ` +
        `the checkpoints timed alone, amortized: ${fixed(row.checkpointAlone.perFrameUs, 2)} µs a frame, ${percent(row.checkpointAlone.perFrameUs / (row.unrecorded.nsPerFrame / 1000))} ${verdict(row.checkpointAlone.perFrameUs / (row.unrecorded.nsPerFrame / 1000) <= RECORDING_SHARE_TARGET)}`,
    ]);
  }
  const duel = bench.recording.find((row) => row.name === 'Paddle Duel');
  if (duel !== undefined) {
    const perActor = ownBytesPerFrame(duel) / duel.actors;
    // What the checkpoints add over the taps: the deltas (8 bytes a frame, stored) are the session's per frame, not per actor.
    const tapsBytes = duel.tapsOnlyBytes.bytesPerFrame - duel.unrecordedBytes.bytesPerFrame;
    const checkpointsPerActor = (ownBytesPerFrame(duel) - tapsBytes) / duel.actors;
    rows.push([
      `0 B per actor per frame recorded, at Paddle Duel's scale (${duel.actors} actors)`,
      `${fixed(ownBytesPerFrame(duel), 1)} B/frame of the recording's own, ${fixed(perActor, 2)} B per actor if all of it is counted per actor; ` +
        `the checkpoints' (own − taps only, ${fixed(tapsBytes, 1)} B/frame of deltas and input the session keeps whatever the actors) ${fixed(checkpointsPerActor, 2)} B per actor ${verdict(checkpointsPerActor <= RECORDING_BYTES_PER_ACTOR_TARGET + BYTES_TOLERANCE)}`,
    ]);
  }
  const slope = recordingBytesPerBody(bench.recording);
  if (slope !== undefined) {
    rows.push([
      `0 B per body per frame recorded, at ${slope.to.actors.toLocaleString('en-US')} runtime bodies`,
      `${fixed(ownBytesPerFrame(slope.from), 0)} B/frame at ${slope.from.actors}, ${fixed(ownBytesPerFrame(slope.to), 0)} at ${slope.to.actors}: ${fixed(slope.perBody, 2)} B per body per frame ${verdict(slope.perBody <= RECORDING_BYTES_PER_ACTOR_TARGET + BYTES_TOLERANCE)}`,
    ]);
  }
  for (const minute of bench.minutes) {
    rows.push([`≤ 64 KB per minute before compression (${minute.game.name})`, `${kb(minute.bytesPerMinute)} KB ${verdict(minute.bytesPerMinute <= SESSION_BYTES_PER_MINUTE_TARGET)}`]);
  }
  for (const row of bench.rollback) {
    rows.push([
      `save + restore + ${RESIMULATED_TICKS} ticks of ${ROLLBACK_BODIES} bodies ≤ ${ROLLBACK_BUDGET_MS} ms (${row.name})`,
      row.available ? `${fixed(row.rollback.cpuMs, 2)} ms ${verdict(row.rollback.cpuMs <= ROLLBACK_BUDGET_MS)}` : row.why,
    ]);
  }
  const speeds = bench.replays.map((speed, i) => ({ speed, name: bench.minutes[i]!.game.name }));
  for (const { speed, name } of speeds) {
    rows.push([`headless replay ≥ ${REPLAY_SPEED_TARGET}× real time (${name})`, `${fixed(speed.timesRealTime, 0)}× (wall ${fixed(speed.timesRealTimeWall, 0)}×) ${verdict(speed.timesRealTime >= REPLAY_SPEED_TARGET)}`]);
  }
  print(markdownTable(['target', 'result'], rows));
  print();
}

/** Prints the whole section. */
export function printReplay(print: (text?: string) => void, bench: ReplayBench): void {
  print(`## Record, replay, save and restore (issue 26, item 6)\n`);
  print(`Engines built as a production build builds them (\`NODE_ENV=production\` while the section runs). Configuration: ${bench.config.name}.\n`);
  recordingTable(print, bench.recording);
  sessionTable(print, bench);
  snapshotTable(print, bench);
  syncTable(print, bench);
  targetTable(print, bench);
}
