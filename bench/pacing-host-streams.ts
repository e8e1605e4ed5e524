// The pacing bench's compositor-like hosts (issue 29, item 5): ticks whose
// offsets from their vsync repeat a short pattern or drift slowly, and random
// jitter at host/target ratios a hair off a whole number. Its own file, with
// no imports but the host timeline, so the spec that asserts the same bound
// (spec/properties/pace-judder.spec.ts) does not load the peers.
import { createJitterTable, HOST_JITTER_SEED, HOST_START_MS } from './host-timeline.js';

/**
 * A host whose ticks wobble about their vsync in a way the bench's random
 * jitter does not. Every offset stays within ±1 ms, the band of the bench's
 * jitter, so the floor (what a perfect pacer is forced to) is the same.
 */
export interface HostStream {
  /** Its name in the tables. */
  readonly name: string;
  /** How far tick `index`, due at `idealMs` after the first, lands from its vsync, in ms. */
  offsetMs(index: number, idealMs: number): number;
}

/**
 * Offsets that repeat every 2 to 5 ticks, at the band's edges, where a
 * repeating pattern is most adversarial: a compositor alternating early and
 * late frames ([+1, -1]), one late frame in three, the pattern issue 19's
 * sweep found +7.4 points with (50 fps on 144 Hz), and one early frame in
 * five (its mean, +0.6 ms, sits 1.6 ms from the early tick).
 */
export const REPEATING_PATTERNS_MS: readonly (readonly number[])[] = [
  [1, -1],
  [1, 1, -1],
  [1, -1, 1, 1],
  [1, 1, 1, 1, -1],
];

/** How long the drifting hosts take to wander across the band and back, in ms. */
export const DRIFT_PERIODS_MS = [4_000, 15_000] as const;

const signed = (ms: number): string => (ms > 0 ? `+${ms}` : String(ms));

/** The slow-drift host with random jitter on top: ±0.5 ms of each, so the sum stays within ±1 ms. */
function driftWithJitter(periodMs: number): HostStream {
  const jitter = createJitterTable(0.5, HOST_JITTER_SEED);
  return {
    name: `drifting ±0.5 ms over ${periodMs / 1000} s, ±0.5 ms random`,
    offsetMs: (index, idealMs) => 0.5 * Math.sin((2 * Math.PI * idealMs) / periodMs) + jitter[index & (jitter.length - 1)]!,
  };
}

/** The repeating and drifting hosts, each run on every cell of the pacing bench. */
export const HOST_STREAMS: readonly HostStream[] = [
  ...REPEATING_PATTERNS_MS.map(
    (pattern): HostStream => ({
      name: `repeating ${pattern.map(signed).join(', ')} ms`,
      offsetMs: (index) => pattern[index % pattern.length]!,
    }),
  ),
  ...DRIFT_PERIODS_MS.map(
    (periodMs): HostStream => ({
      name: `drifting ±1 ms over ${periodMs / 1000} s`,
      offsetMs: (_, idealMs) => Math.sin((2 * Math.PI * idealMs) / periodMs),
    }),
  ),
  driftWithJitter(DRIFT_PERIODS_MS[0]),
];

/**
 * Host rates and targets whose ratio is within 0.06 % of a whole number,
 * under random ±1 ms jitter: the cell issue 29 reports (199.94 Hz, 39.99
 * fps), and the worst a sweep of 3,990 such cells found (spec/properties/pace-judder.spec.ts).
 * Over 20 s the ideal instants drift across the middle of two host frames
 * slowly, and random jitter decides which tick is nearest for as long as
 * they stay there.
 */
export const NEAR_WHOLE_CELLS: readonly { readonly hostHz: number; readonly targetFps: number }[] = [
  { hostHz: 199.94, targetFps: 39.99 },
  { hostHz: 199.95, targetFps: 39.985 },
  { hostHz: 202.4658, targetFps: 33.7409 },
  { hostHz: 219.4285, targetFps: 31.3493 },
  { hostHz: 235.1537, targetFps: 47.0351 },
];

/** The jitter seeds each near-whole cell runs with (the issue found +2.25 to +3.0 at 199.94 Hz depending on the seed). */
export const NEAR_WHOLE_SEEDS = [HOST_JITTER_SEED, 1, 31676, 165132287, 3935024809] as const;

/** Every tick of `durationSeconds` on a host of `rateHz` whose offsets follow `stream`, in order. */
export function streamTimestamps(rateHz: number, durationSeconds: number, stream: HostStream): Float64Array {
  const intervalMs = 1000 / rateHz;
  const count = Math.round(durationSeconds * rateHz);
  const timestamps = new Float64Array(count);
  for (let i = 0; i < count; i++) timestamps[i] = HOST_START_MS + i * intervalMs + stream.offsetMs(i, i * intervalMs);
  return timestamps;
}
