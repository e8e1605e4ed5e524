/**
 * Synthetic host timestamps: what requestAnimationFrame would hand a loop on
 * a display of a given rate, with a small deterministic jitter so that no
 * candidate profits from perfectly even intervals and every run sees the same
 * ticks.
 *
 * Tick i arrives at `HOST_START_MS + i * intervalMs + jitter[i % JITTER_TABLE_SIZE]`.
 */

/** When the first tick arrives, in ms: a page a second after load. */
export const HOST_START_MS = 1000;

/** The jitter every bench uses: each tick lands within ±1 ms of its ideal time. */
export const HOST_JITTER_MS = 1;

/** The seed of the jitter draw, so every run and every candidate sees the same ticks. */
export const HOST_JITTER_SEED = 0x7ac4f10;

// A power of two, so the index is a mask; long enough that the pattern does
// not line up with any pacing period under test.
const JITTER_TABLE_SIZE = 4096;
const JITTER_INDEX_MASK = JITTER_TABLE_SIZE - 1;

/**
 * A table of jitter offsets uniform in `[-jitterMs, +jitterMs]`, drawn with
 * mulberry32 from `seed` (bench code does not depend on the library it
 * measures for its inputs).
 */
export function createJitterTable(jitterMs = HOST_JITTER_MS, seed = HOST_JITTER_SEED): Float64Array {
  const table = new Float64Array(JITTER_TABLE_SIZE);
  let state = seed >>> 0;
  for (let i = 0; i < JITTER_TABLE_SIZE; i++) {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    const unit = ((t ^ (t >>> 14)) >>> 0) / 4294967296; // [0, 1)
    table[i] = (unit * 2 - 1) * jitterMs;
  }
  return table;
}

/** The timestamp of tick `index` on a host of `intervalMs`, in ms. */
export function hostTimestampMs(index: number, intervalMs: number, jitter: Float64Array): number {
  return HOST_START_MS + index * intervalMs + jitter[index & JITTER_INDEX_MASK]!;
}

/** Every tick of `durationSeconds` on a host of `rateHz`, in order. */
export function hostTimestamps(rateHz: number, durationSeconds: number, jitter = createJitterTable()): Float64Array {
  const intervalMs = 1000 / rateHz;
  const count = Math.round(durationSeconds * rateHz);
  const timestamps = new Float64Array(count);
  for (let i = 0; i < count; i++) timestamps[i] = hostTimestampMs(i, intervalMs, jitter);
  return timestamps;
}

/** What a candidate exposes to the host: the callback a browser would call once per frame. */
export type HostTick = (timestampMs: number) => void;

/**
 * An endless host of `rateHz` that calls one candidate's tick. Each candidate
 * gets its own, so its timestamps keep increasing across timed batches.
 *
 * All hosts share {@link HostDriver.run}'s one call site, which
 * {@link makeHostCallMegamorphic} makes megamorphic before anything is timed:
 * like a browser calling a rAF callback, the host's call is never inlined
 * into the candidate, and the timestamp arrives boxed. Every row, the
 * hand-written baseline included, pays that same call and that same 16-byte
 * HeapNumber per frame.
 */
export class HostDriver {
  private nextIndex = 0;
  private readonly intervalMs: number;
  private readonly stallEvery: number;
  private readonly stallMs: number;

  /**
   * @param stallEvery With `stallMs`: every this many ticks the host stalls
   * (a hidden tab, a long task), and the ticks after arrive `stallMs` later.
   * 0: never.
   */
  constructor(
    private readonly tick: HostTick,
    rateHz = 60,
    private readonly jitter: Float64Array = createJitterTable(),
    stallEvery = 0,
    stallMs = 0,
  ) {
    this.intervalMs = 1000 / rateHz;
    this.stallEvery = stallEvery;
    this.stallMs = stallMs;
  }

  /** The number of ticks delivered so far. */
  get ticks(): number {
    return this.nextIndex;
  }

  /** Delivers the next `frames` ticks. */
  run(frames: number): void {
    const tick = this.tick;
    const intervalMs = this.intervalMs;
    const jitter = this.jitter;
    const end = this.nextIndex + frames;
    if (this.stallEvery === 0) {
      for (let i = this.nextIndex; i < end; i++) tick(HOST_START_MS + i * intervalMs + jitter[i & JITTER_INDEX_MASK]!);
    } else {
      const { stallEvery, stallMs } = this;
      for (let i = this.nextIndex; i < end; i++) tick(HOST_START_MS + i * intervalMs + Math.floor(i / stallEvery) * stallMs + jitter[i & JITTER_INDEX_MASK]!);
    }
    this.nextIndex = end;
  }
}

/**
 * Calls {@link HostDriver.run} with more distinct callbacks than V8 inlines
 * at one call site (4), so the host call is megamorphic from the first timed
 * frame on, for every candidate alike.
 */
export function makeHostCallMegamorphic(): void {
  const sink = { n: 0 };
  const callbacks: HostTick[] = [
    (t) => void (sink.n += t > 0 ? 1 : 0),
    (t) => void (sink.n += t > 1 ? 1 : 0),
    (t) => void (sink.n += t > 2 ? 1 : 0),
    (t) => void (sink.n += t > 3 ? 1 : 0),
    (t) => void (sink.n += t > 4 ? 1 : 0),
    (t) => void (sink.n += t > 5 ? 1 : 0),
  ];
  for (let round = 0; round < 200; round++) {
    for (const callback of callbacks) new HostDriver(callback).run(50);
  }
}

/** A host the core path is measured on: its rate, its jitter, and its stalls. */
export interface HostScenario {
  /** Its name in the tables. */
  readonly name: string;
  readonly rateHz: number;
  /** Each tick within ± this of its ideal time, ms. */
  readonly jitterMs: number;
  /** Every this many ticks a stall of `stallMs` (0: none). */
  readonly stallEvery?: number;
  readonly stallMs?: number;
}

/**
 * The four hosts issue 19 judges the core path on: "a steady 60 Hz host, a
 * steady 144 Hz host, a jittered 60 Hz host and one with stalls". The stalls
 * are half a second every 10 s (a long task, a tab switch): each costs the
 * loop a clamped frame that runs its capped fixed steps.
 */
export const HOST_SCENARIOS: readonly HostScenario[] = [
  { name: 'steady 60 Hz', rateHz: 60, jitterMs: 0 },
  { name: 'steady 144 Hz', rateHz: 144, jitterMs: 0 },
  { name: '60 Hz, ±1 ms jitter', rateHz: 60, jitterMs: HOST_JITTER_MS },
  { name: '60 Hz, ±1 ms jitter, a 500 ms stall every 600 frames', rateHz: 60, jitterMs: HOST_JITTER_MS, stallEvery: 600, stallMs: 500 },
];
