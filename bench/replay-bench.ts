/**
 * The replay bench's configurations and what it measured (bench/replay.ts
 * runs it, bench/replay-tables.ts prints it).
 */
import type { TimingOptions } from './measure-time.js';
import type { OverheadRow } from './replay-overhead.js';
import type { RollbackRow } from './replay-rollback.js';
import type { RecordedMinute, ReplaySpeed } from './replay-sessions.js';
import type { SnapshotRow } from './replay-snapshots.js';
import type { SyncRow } from './replay-sync.js';

/** The sizes and rounds of a run. */
export interface ReplayBenchConfig {
  readonly name: 'full' | 'quick';
  /** Paddle Duel's recording rows (batches of about 8 ms, as the core rows). */
  readonly timing: Omit<TimingOptions, 'baseline'>;
  /** The runtime's recording rows: frames of a millisecond and more, checkpoints of tens of ms, so batches of 200 ms (as bench/runtime.ts). */
  readonly runtimeTiming: Omit<TimingOptions, 'baseline'>;
  readonly recordingBodies: readonly number[];
  readonly snapshotBodies: readonly number[];
  readonly worldActors: number;
  readonly snapshotRounds: number;
  readonly rollbackRounds: number;
  /** Host seconds a gallery session records. */
  readonly sessionSeconds: number;
  readonly replayRounds: number;
  readonly syncRounds: number;
}

export const FULL: ReplayBenchConfig = {
  name: 'full',
  timing: { rounds: 31, batchMs: 8, warmupMs: 200 },
  runtimeTiming: { rounds: 11, batchMs: 200, warmupMs: 1000 },
  recordingBodies: [100, 1_000],
  snapshotBodies: [100, 1_000, 5_000],
  worldActors: 10_000,
  snapshotRounds: 11,
  rollbackRounds: 31,
  sessionSeconds: 60,
  replayRounds: 5,
  syncRounds: 5,
};

export const QUICK: ReplayBenchConfig = {
  name: 'quick',
  timing: { rounds: 3, batchMs: 8, warmupMs: 50 },
  runtimeTiming: { rounds: 3, batchMs: 50, warmupMs: 100 },
  recordingBodies: [100],
  snapshotBodies: [100],
  worldActors: 1_000,
  snapshotRounds: 3,
  rollbackRounds: 3,
  sessionSeconds: 10,
  replayRounds: 1,
  syncRounds: 1,
};

/** Everything the section measured. */
export interface ReplayBench {
  readonly config: ReplayBenchConfig;
  readonly recording: readonly OverheadRow[];
  readonly minutes: readonly RecordedMinute[];
  readonly replays: readonly ReplaySpeed[];
  readonly snapshots: readonly SnapshotRow[];
  readonly rollback: readonly RollbackRow[];
  readonly sync: readonly SyncRow[];
}

/** The configuration `TICKFLOW_BENCH_REPLAY` asks for: `quick` for a smoke run, else the full one. */
export const configFromEnvironment = (): ReplayBenchConfig => (process.env['TICKFLOW_BENCH_REPLAY'] === 'quick' ? QUICK : FULL);
