import { createJitterTable, hostTimestamps } from './host-timeline.js';
import { pacingFidelity, type PacingFidelity } from './pacing-metrics.js';
import { excaliburCappedFrameTimes } from './peers/excalibur-clock.js';
import { kontraUpdateTimes } from './peers/kontra-game-loop.js';
import { phaserLimitedFrameTimes } from './peers/phaser-time-step.js';
import { pixiCappedFrameTimes } from './peers/pixi-ticker.js';
import { tickflowPacedFrameTimes } from './tickflow-pacing.js';

/** The display rates under test, in Hz. */
export const PACING_HOST_RATES_HZ = [60, 75, 120, 144, 165, 240] as const;
/** The targets, in fps: two common ones, and two that most of the hosts do not divide. */
export const PACING_TARGETS_FPS = [30, 45, 50, 60] as const;
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

/** One (host, target) cell: every pacer's fidelity. */
export interface PacingRow {
  readonly hostHz: number;
  readonly targetFps: number;
  readonly results: readonly PacingFidelity[];
}

/** Every pacer on every host rate and target, all fed the same timestamps per host. */
export function benchPacing(): PacingRow[] {
  const jitter = createJitterTable();
  const rows: PacingRow[] = [];
  for (const targetFps of PACING_TARGETS_FPS) {
    for (const hostHz of PACING_HOST_RATES_HZ) {
      const timestamps = hostTimestamps(hostHz, PACING_DURATION_SECONDS, jitter);
      rows.push({
        hostHz,
        targetFps,
        results: PACERS.map((pacer) =>
          pacingFidelity(pacer.deliveredTimes(timestamps, targetFps, hostHz), hostHz, targetFps),
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
      return pacingFidelity(tickflowPacedFrameTimes(timestamps, targetFps), hostHz, targetFps).irregularPercent;
    }),
  }));
}
