/**
 * The netplay bench's configurations and what it measured (bench/netplay.ts
 * runs it, bench/netplay-tables.ts prints it).
 */
import type { BandwidthRow } from './netplay-bandwidth.js';
import type { RollbackRow, RollbackSizes } from './netplay-rollback.js';
import type { SpikeRow } from './netplay-spike.js';

/** The sizes of a run. */
export interface NetplayBenchConfig {
  readonly name: 'full' | 'quick';
  readonly depths: readonly number[];
  /** The runtime's body counts for the rollback frames (the 100 and 500, and the target's 200). */
  readonly rollbackBodies: readonly number[];
  readonly stateSizes: RollbackSizes;
  readonly runtimeSizes: RollbackSizes;
  /** The runtime's body counts for the spike match (the state game always runs). */
  readonly spikeBodies: readonly number[];
  readonly spikeSeconds: number;
  readonly bandwidthSeconds: number;
  readonly latenciesMs: readonly number[];
  readonly losses: readonly number[];
  readonly peerCounts: readonly number[];
}

export const FULL: NetplayBenchConfig = {
  name: 'full',
  depths: [1, 4, 8],
  rollbackBodies: [100, 200, 500],
  stateSizes: { warmupFrames: 300, timedFrames: 1000 },
  runtimeSizes: { warmupFrames: 60, timedFrames: 300 },
  spikeBodies: [200],
  spikeSeconds: 20,
  bandwidthSeconds: 30,
  latenciesMs: [0, 50, 150],
  losses: [0, 0.1],
  peerCounts: [2, 4],
};

/** A smoke run: every part, tiny sizes (what spec/bench/netplay.spec.ts also runs, smaller still). */
export const QUICK: NetplayBenchConfig = {
  name: 'quick',
  depths: [1, 8],
  rollbackBodies: [200],
  stateSizes: { warmupFrames: 20, timedFrames: 40 },
  runtimeSizes: { warmupFrames: 16, timedFrames: 10 },
  spikeBodies: [100],
  spikeSeconds: 3,
  bandwidthSeconds: 4,
  latenciesMs: [0, 150],
  losses: [0.1],
  peerCounts: [2],
};

/** Everything the section measured. */
export interface NetplayBench {
  readonly config: NetplayBenchConfig;
  readonly rollback: readonly RollbackRow[];
  readonly spike: readonly SpikeRow[];
  readonly bandwidth: readonly BandwidthRow[];
}

/** The configuration `TICKFLOW_BENCH_NETPLAY` asks for: `quick` for a smoke run, else the full one. */
export const netplayConfigFromEnvironment = (): NetplayBenchConfig => (process.env['TICKFLOW_BENCH_NETPLAY'] === 'quick' ? QUICK : FULL);
