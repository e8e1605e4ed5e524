import { createJitterTable, HOST_JITTER_MS, hostTimestamps } from './host-timeline.js';
import { nearestSlotFrameTimes } from './nearest-slot-pacing.js';
import { PACING_HOST_RATES_HZ, PACING_TARGETS_FPS } from './pacing-cells.js';
import { HOST_STREAMS, NEAR_WHOLE_CELLS, NEAR_WHOLE_SEEDS, streamTimestamps } from './pacing-host-streams.js';
import { nonModalIntervalShare, pacingFidelity, type PacingFidelity } from './pacing-metrics.js';
import { excaliburCappedFrameTimes } from './peers/excalibur-clock.js';
import { kontraUpdateTimes } from './peers/kontra-game-loop.js';
import { phaserLimitedFrameTimes } from './peers/phaser-time-step.js';
import { pixiCappedFrameTimes } from './peers/pixi-ticker.js';
import { tickflowPacedFrameTimes } from './tickflow-pacing.js';

// The cells live in a file of their own, so a spec can use them without loading the peers (Phaser alone takes seconds to import).
export { JUDDER_TARGET_POINTS, PACING_HOST_RATES_HZ, PACING_TARGETS_FPS } from './pacing-cells.js';

/** Simulated time per run, in seconds. */
export const PACING_DURATION_SECONDS = 20;

/** A pacer under test: which host ticks it delivers a frame on. */
export interface Pacer {
  readonly name: string;
  /** The setting that caps it, as a user would write it. */
  readonly setting: string;
  deliveredTimes(timestamps: Float64Array, fps: number, hostHz: number): number[];
}

export const PACERS: readonly Pacer[] = [
  { name: 'tickflow pace', setting: '`pace(1000 / fps)`', deliveredTimes: (ts, fps) => tickflowPacedFrameTimes(ts, fps) },
  { name: 'PixiJS Ticker', setting: '`ticker.maxFPS = fps`', deliveredTimes: (ts, fps) => pixiCappedFrameTimes(ts, fps) },
  { name: 'kontra GameLoop', setting: '`GameLoop({ fps })` (update calls)', deliveredTimes: (ts, fps) => kontraUpdateTimes(ts, fps) },
  {
    name: 'Excalibur Clock',
    setting: '`new Clock({ maxFps: fps })`',
    deliveredTimes: (ts, fps, hostHz) => excaliburCappedFrameTimes(ts, fps, 1000 / hostHz),
  },
  {
    name: 'Phaser TimeStep',
    setting: '`fps: { limit: fps }`',
    deliveredTimes: (ts, fps, hostHz) => phaserLimitedFrameTimes(ts, fps, 1000 / hostHz),
  },
];

/** The judder table's reference row (not a peer: no real pacer can look ahead). */
export const REFERENCE_PACER: Pacer = {
  name: 'reference nearest-slot grid',
  setting: 'the nearest tick to each ideal instant, chosen with the whole run in view (bench/nearest-slot-pacing.ts)',
  deliveredTimes: (ts, fps) => nearestSlotFrameTimes(ts, fps),
};

/**
 * The share of intervals that are not the modal length which a perfect pacer
 * cannot avoid at this host rate and target: the reference nearest-slot grid
 * on a jitter-free host of that rate (50 fps on 60 Hz: four 1-frame intervals
 * and one 2-frame interval per 100 ms, 20 %).
 */
export function forcedNonModalShare(hostHz: number, targetFps: number): number {
  const steady = hostTimestamps(hostHz, PACING_DURATION_SECONDS, createJitterTable(0));
  return nonModalIntervalShare(nearestSlotFrameTimes(steady, targetFps), hostHz);
}

/** One (host, target) cell: every pacer's fidelity, the reference's last. */
export interface PacingRow {
  readonly hostHz: number;
  readonly targetFps: number;
  /** What a perfect pacer's non-modal share is here, in percent (see {@link forcedNonModalShare}). */
  readonly forcedNonModalPercent: number;
  readonly results: readonly PacingFidelity[];
}

/** Every pacer on every host rate and target, all fed the same timestamps per host. */
export function benchPacing(): PacingRow[] {
  const jitter = createJitterTable();
  const rows: PacingRow[] = [];
  for (const targetFps of PACING_TARGETS_FPS) {
    for (const hostHz of PACING_HOST_RATES_HZ) {
      const timestamps = hostTimestamps(hostHz, PACING_DURATION_SECONDS, jitter);
      const forced = forcedNonModalShare(hostHz, targetFps);
      rows.push({
        hostHz,
        targetFps,
        forcedNonModalPercent: forced * 100,
        results: [...PACERS, REFERENCE_PACER].map((pacer) =>
          pacingFidelity(pacer.deliveredTimes(timestamps, targetFps, hostHz), hostHz, targetFps, forced),
        ),
      });
    }
  }
  return rows;
}

/** The cells where tickflow's grid shows irregular intervals at ±1 ms, and the jitters to retry them with. */
export const JITTER_CHECK_CELLS = [
  { hostHz: 144, targetFps: 30 },
  { hostHz: 144, targetFps: 50 },
  { hostHz: 240, targetFps: 45 },
  { hostHz: 240, targetFps: 50 },
] as const;
export const JITTER_CHECK_MS = [0, 0.25, 0.5, 1] as const;

/**
 * tickflow's irregular-interval share in {@link JITTER_CHECK_CELLS} as the
 * jitter grows: whether those intervals come from the grid itself or from
 * jitter flipping which tick is nearest an ideal instant.
 */
export function tickflowJitterSensitivity(): { hostHz: number; targetFps: number; irregularPercent: number[] }[] {
  return JITTER_CHECK_CELLS.map(({ hostHz, targetFps }) => ({
    hostHz,
    targetFps,
    irregularPercent: JITTER_CHECK_MS.map((jitterMs) => {
      const timestamps = hostTimestamps(hostHz, PACING_DURATION_SECONDS, createJitterTable(jitterMs));
      return pacingFidelity(tickflowPacedFrameTimes(timestamps, targetFps), hostHz, targetFps, forcedNonModalShare(hostHz, targetFps)).irregularPercent;
    }),
  }));
}

/** One host stream (issue 29) on one cell: tickflow's and the reference's fidelity. */
export interface StreamRow {
  readonly stream: string;
  readonly hostHz: number;
  readonly targetFps: number;
  /** The jitter seed, for the near-whole cells; `undefined` for the repeating and drifting hosts. */
  readonly seed?: number;
  readonly tickflow: PacingFidelity;
  readonly reference: PacingFidelity;
}

function streamRow(stream: string, hostHz: number, targetFps: number, timestamps: Float64Array, seed?: number): StreamRow {
  const forced = forcedNonModalShare(hostHz, targetFps);
  return {
    stream,
    hostHz,
    targetFps,
    ...(seed !== undefined && { seed }),
    tickflow: pacingFidelity(tickflowPacedFrameTimes(timestamps, targetFps), hostHz, targetFps, forced),
    reference: pacingFidelity(nearestSlotFrameTimes(timestamps, targetFps), hostHz, targetFps, forced),
  };
}

/** tickflow and the reference on every repeating and drifting host (HOST_STREAMS), on every cell of the bench. */
export function benchHostStreams(): StreamRow[] {
  const rows: StreamRow[] = [];
  for (const stream of HOST_STREAMS) {
    for (const targetFps of PACING_TARGETS_FPS) {
      for (const hostHz of PACING_HOST_RATES_HZ) {
        rows.push(streamRow(stream.name, hostHz, targetFps, streamTimestamps(hostHz, PACING_DURATION_SECONDS, stream)));
      }
    }
  }
  return rows;
}

/** tickflow and the reference on the near-whole cells, each under random ±1 ms jitter from every seed of NEAR_WHOLE_SEEDS. */
export function benchNearWhole(): StreamRow[] {
  const rows: StreamRow[] = [];
  for (const { hostHz, targetFps } of NEAR_WHOLE_CELLS) {
    for (const seed of NEAR_WHOLE_SEEDS) {
      const timestamps = hostTimestamps(hostHz, PACING_DURATION_SECONDS, createJitterTable(HOST_JITTER_MS, seed));
      rows.push(streamRow('random ±1 ms', hostHz, targetFps, timestamps, seed));
    }
  }
  return rows;
}
