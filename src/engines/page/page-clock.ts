import type { FrameScheduler } from '../../hosts/animation-frames.js';

/** The host's frame interval assumed until the page has run two frames back to back: 60 Hz. */
export const DEFAULT_HOST_INTERVAL_MS = 1000 / 60;

/** How many back-to-back frame intervals the page keeps to estimate the host's rate. */
export const HOST_INTERVAL_SAMPLES = 4;

/** How much evidence the clock keeps about how the host stamps idle frames (see `PageClock.idleFramesStampedPast`). */
const STAMP_EVIDENCE = 4;

/** What the page clock asks of each engine in a frame, in this order. @internal */
export interface ClockedEngine {
  /** Decides whether the engine runs this frame and plans its steps (no user code). */
  beginFrame(timestampMs: number): void;
  readPhase(): void;
  stepPhase(): void;
  renderPhase(): void;
  /** After every engine rendered: settle, leave for a cap timer, clear the event ring. */
  endFrame(timestampMs: number): void;
}

/**
 * The page's one clock: every page engine on one requestAnimationFrame, with
 * the phases page-wide. In a frame, every engine's read runs, then every
 * engine's steps, then every engine's render; so all the measuring on the
 * page happens before any writing, and the page lays out at most once a frame
 * however many engines run.
 *
 * A frame is requested only while some engine is on the clock (running: not
 * paused, not settled, not waiting for its fps timer), and it is requested at
 * the end of the frame, in a `finally`, so nothing a hook does can stop the
 * page's frames and a page whose last engine left asks for nothing more: one
 * requestAnimationFrame call per frame delivered, none while every engine
 * is paused, settled or waiting.
 *
 * Engines that join during a frame first run in the next one; an engine that
 * leaves during a frame skips what is left of it.
 *
 * Why not the `FrameHost` of src/hosts/animation-frames.ts: it requests the
 * next frame before its listeners run, so an engine leaving the clock in a
 * frame (settling, or a capped engine waiting for its timer) would cost a
 * request and a cancel every time: a capped engine alone would ask for every
 * vsync's frame and cancel half of them.
 *
 * @internal
 */
export class PageClock {
  private engines: readonly ClockedEngine[] = [];
  private handle: number | undefined;
  private running = false;
  private requestsTotal = 0;
  private framesTotal = 0;
  private previousMs = NaN;
  private backToBack = false;
  private readonly intervalsMs = new Float64Array(HOST_INTERVAL_SAMPLES);
  private intervalCount = 0;
  private intervalNext = 0;
  private requestedAtMs = NaN;
  /** Evidence for idle frames stamped with the vsync just past: +1 per such frame, -1 per other, kept in ±STAMP_EVIDENCE. */
  private stampEvidence = 0;

  constructor(private readonly scheduler: FrameScheduler) {}

  /** How many engines are on the clock. */
  get size(): number {
    return this.engines.length;
  }

  /** requestAnimationFrame calls so far. */
  get requests(): number {
    return this.requestsTotal;
  }

  /** Frames run so far. */
  get frames(): number {
    return this.framesTotal;
  }

  /** Whether a frame is requested right now. */
  get requesting(): boolean {
    return this.handle !== undefined;
  }

  /** Whether a frame is under way. */
  get inFrame(): boolean {
    return this.running;
  }

  /**
   * The host's frame interval: the shortest of the last few intervals between
   * frames that ran back to back (a dropped frame only lengthens one), or
   * {@link DEFAULT_HOST_INTERVAL_MS} before there is one.
   */
  get hostIntervalMs(): number {
    if (this.intervalCount === 0) return DEFAULT_HOST_INTERVAL_MS;
    let shortest = Infinity;
    for (let i = 0; i < this.intervalCount; i++) shortest = Math.min(shortest, this.intervalsMs[i]!);
    return shortest;
  }

  /**
   * Whether the host stamps a frame requested from idle with the vsync just
   * past, starting it at once (headless Chromium does), rather than with the
   * next vsync, as most of the recent frames requested from idle were (a
   * running count, so one frame a busy host started late does not flip it).
   * A capped engine's timer aims accordingly (see `capWakeAtMs`).
   */
  get idleFramesStampedPast(): boolean {
    return this.stampEvidence > 0;
  }

  /** Puts an engine on the clock (idempotent): it runs from the next frame on. */
  join(engine: ClockedEngine): void {
    if (this.engines.includes(engine)) return;
    this.engines = [...this.engines, engine];
    if (!this.running && this.handle === undefined) this.request(false);
  }

  /** Takes an engine off the clock (idempotent); the last one out cancels the pending frame. */
  leave(engine: ClockedEngine): void {
    if (!this.engines.includes(engine)) return;
    this.engines = this.engines.filter((e) => e !== engine);
    if (this.engines.length === 0 && this.handle !== undefined) {
      this.scheduler.cancelAnimationFrame(this.handle);
      this.handle = undefined;
    }
  }

  private request(backToBack: boolean): void {
    this.requestsTotal++;
    this.backToBack = backToBack;
    if (!backToBack) this.requestedAtMs = performance.now();
    this.handle = this.scheduler.requestAnimationFrame(this.onFrame);
  }

  private readonly onFrame = (timestampMs: number): void => {
    this.handle = undefined;
    this.running = true;
    this.framesTotal++;
    this.measureHost(timestampMs);
    try {
      // A stable list for the frame: joins and leaves replace the array.
      const engines = this.engines;
      const n = engines.length;
      for (let i = 0; i < n; i++) engines[i]!.beginFrame(timestampMs);
      for (let i = 0; i < n; i++) engines[i]!.readPhase();
      for (let i = 0; i < n; i++) engines[i]!.stepPhase();
      for (let i = 0; i < n; i++) engines[i]!.renderPhase();
      for (let i = 0; i < n; i++) engines[i]!.endFrame(timestampMs);
    } finally {
      this.running = false;
      if (this.engines.length > 0) this.request(true);
    }
  };

  private measureHost(timestampMs: number): void {
    const intervalMs = timestampMs - this.previousMs;
    if (!this.backToBack) {
      const past = timestampMs < this.requestedAtMs ? 1 : -1;
      this.stampEvidence = Math.max(-STAMP_EVIDENCE, Math.min(STAMP_EVIDENCE, this.stampEvidence + past));
    }
    else if (intervalMs > 0 && intervalMs < 1000) {
      this.intervalsMs[this.intervalNext] = intervalMs;
      this.intervalNext = (this.intervalNext + 1) % HOST_INTERVAL_SAMPLES;
      if (this.intervalCount < HOST_INTERVAL_SAMPLES) this.intervalCount++;
    }
    this.previousMs = timestampMs;
  }
}

const clocks = new WeakMap<object, PageClock>();

/** The page's clock for a scheduler (the window by default): one per page. @internal */
export function pageClock(scheduler?: FrameScheduler): PageClock {
  const target = scheduler ?? windowScheduler();
  let clock = clocks.get(target);
  if (clock === undefined) {
    clock = new PageClock(target);
    clocks.set(target, clock);
  }
  return clock;
}

function windowScheduler(): FrameScheduler {
  const g = globalThis as Partial<FrameScheduler>;
  if (typeof g.requestAnimationFrame !== 'function' || typeof g.cancelAnimationFrame !== 'function') {
    throw new Error(
      'createEngine: there is no requestAnimationFrame here; pass the frames option, or drive the engine with advance()',
    );
  }
  return globalThis as unknown as FrameScheduler;
}
