/**
 * Issue 26, item 6: record, replay, save and restore, measured. Part of
 * `npm run bench` (bench/run.ts prints it), or alone:
 *
 *   node --expose-gc --import tsx bench/replay.ts
 *   TICKFLOW_BENCH_REPLAY=quick node --expose-gc --import tsx bench/replay.ts   # a smoke run: small sizes, few rounds
 *
 * 1. Recording overhead per frame, recorded beside unrecorded in the same
 *    interleaved rounds (bench/replay-overhead.ts): Paddle Duel at its real
 *    size, the runtime at 100 and 1,000 bodies.
 * 2. Session size per minute of every gallery game, and 3. how fast a
 *    headless replay plays it back (bench/replay-sessions.ts,
 *    bench/replay-games.ts).
 * 4. `save()` and `restore()`: time, bytes, snapshot size at 100, 1,000 and
 *    5,000 runtime bodies and 10,000 world actors (bench/replay-snapshots.ts),
 *    and the rollback budget at 200 bodies (bench/replay-rollback.ts).
 * 5. The sync test's cost per tick at k = 2 (bench/replay-sync.ts).
 *
 * Every engine here is built as a production build builds it
 * (`NODE_ENV=production` while the section runs: no development checks, no
 * determinism warnings), since what a player's build pays is what the
 * targets are about; the variable is put back after.
 */
import './browser-shim.js';
import os from 'node:os';
import { pathToFileURL } from 'node:url';
import { makeHostCallMegamorphic } from './host-timeline.js';
import { GALLERY_GAMES } from './replay-games.js';
import { configFromEnvironment, type ReplayBench, type ReplayBenchConfig } from './replay-bench.js';
import { benchPaddleDuelRecording, benchRuntimeRecording } from './replay-overhead.js';
import { benchRollback, ROLLBACK_BODIES } from './replay-rollback.js';
import { measureReplay, recordMinute, type RecordedMinute, type ReplaySpeed } from './replay-sessions.js';
import { benchRuntime, benchSnapshots } from './replay-snapshots.js';
import { benchSyncTest, gallerySubjects, type SyncSubject } from './replay-sync.js';
import { printReplay } from './replay-tables.js';

/** The rollback bench's 200 bodies, as a sync-test subject. */
const rollbackBodies: SyncSubject = {
  name: `runtime, ${ROLLBACK_BODIES} bodies (the rollback scene)`,
  build: () => benchRuntime(ROLLBACK_BODIES, 0),
  ticks: 10, // a sync-test tick of it costs about a quarter of a second
};

/** Runs every part, one after another, with a scavenge-clean start each (the parts collect before each timed call). */
export async function benchReplay(config: ReplayBenchConfig, progress: (line: string) => void = () => {}): Promise<ReplayBench> {
  const previous = process.env['NODE_ENV'];
  process.env['NODE_ENV'] = 'production';
  try {
    makeHostCallMegamorphic();
    progress('replay bench: recording overhead');
    const recording = [benchPaddleDuelRecording(config.timing), ...(await benchRuntimeRecording(config.recordingBodies, config.runtimeTiming))];
    progress('replay bench: sessions and replays');
    const minutes: RecordedMinute[] = [];
    const replays: ReplaySpeed[] = [];
    for (const game of GALLERY_GAMES) {
      const minute = await recordMinute(game, config.sessionSeconds);
      minutes.push(minute);
      replays.push(await measureReplay(minute, config.replayRounds));
    }
    progress('replay bench: save and restore');
    const snapshots = await benchSnapshots(config.snapshotBodies, config.worldActors, config.snapshotRounds);
    const rollback = await benchRollback(config.rollbackRounds);
    progress('replay bench: sync test');
    const sync = await benchSyncTest([...gallerySubjects(GALLERY_GAMES), rollbackBodies], config.syncRounds);
    return { config, recording, minutes, replays, snapshots, rollback, sync };
  } finally {
    if (previous === undefined) delete process.env['NODE_ENV'];
    else process.env['NODE_ENV'] = previous;
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const config = configFromEnvironment();
  const load = (): string => os.loadavg().map((x) => x.toFixed(2)).join(' / ');
  const started = process.hrtime.bigint();
  console.log(`- command: \`node --expose-gc --import tsx bench/replay.ts\`${config.name === 'quick' ? ' (TICKFLOW_BENCH_REPLAY=quick)' : ''}`);
  console.log(`- date: ${new Date().toISOString()}; node ${process.version}; CPU: ${os.cpus()[0]?.model ?? 'unknown'}, nproc ${os.availableParallelism()}`);
  console.log(`- load average at start (1/5/15 min): ${load()}\n`);
  const bench = await benchReplay(config, (line) => console.error(line));
  printReplay((text = '') => console.log(text), bench);
  console.log(`- load average at end (1/5/15 min): ${load()}; ${(Number(process.hrtime.bigint() - started) / 1e9).toFixed(0)} s`);
}
