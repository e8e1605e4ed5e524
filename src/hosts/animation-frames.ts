import { defer, type Observable } from 'rxjs';
import { createHostInterval, estimatedHostIntervalMs, observeHostTick, resumeHostInterval } from '../../operators/host-interval.js';
import { OptionError } from '../../operators/option-error.js';
import { Broadcast, LISTEN, type ListenableObservable } from '../streams/broadcast.js';

/**
 * The host's frame interval `FrameHost.hostIntervalMs` reads until the
 * page has run two frames back to back: 60 Hz. @internal
 */
export const DEFAULT_HOST_INTERVAL_MS = 1000 / 60;

/** How much evidence the host keeps about how it stamps idle frames (see `FrameHost.idleFramesStampedPast`). */
const STAMP_EVIDENCE = 4;

/** The two functions a frame host needs; `window`'s by default. */
export interface FrameScheduler {
  /** Asks for `callback` to run at the next frame, with the frame's timestamp in ms; returns a handle. */
  requestAnimationFrame(callback: (timestampMs: number) => void): number;
  /** Cancels the frame `handle` asked for. */
  cancelAnimationFrame(handle: number): void;
}

/**
 * One requestAnimationFrame loop, shared by every listener: the page's
 * frames, for `createLoop` loops on {@link animationFrames} and the page
 * engines of `tickflow/page` alike, so a page makes one requestAnimationFrame
 * call a frame however many loops and engines run.
 *
 * A frame is requested only while someone listens, and the next one is
 * requested after the listeners ran, in a `finally`: nothing a listener does
 * (or throws) can stop the page's frames, and a listener that leaves during a
 * frame costs nothing (no request to cancel), so a frame whose listeners all
 * left asks for no next one. A listener that leaves between frames and was
 * the last one cancels the pending frame.
 *
 * ```text
 * frame      f1 ---------- f2 ---------- f3
 * listeners  a b c         a b c         a b c
 * request          -> f2         -> f3         -> f4   (after the listeners, in a finally)
 * ```
 *
 * RxJS's `animationFrames()` starts one requestAnimationFrame loop per
 * subscriber; two loops on a page would then make two requests a frame. This host is
 * what {@link animationFrames} returns, once per scheduler.
 */
export class FrameHost {
  private readonly listeners = new Broadcast<number>((size) => this.listenersChanged(size));
  private handle: number | undefined;
  private running = false;
  private requests = 0;
  private framesRun = 0;
  /** Whether the frame pending (or under way) was requested at the end of the frame before it. */
  private chained = false;
  /** `performance.now()` when the frame pending (or under way) was requested from idle; NaN for a chained one. */
  private idleRequestMs = NaN;
  /** The one host-interval estimate (operators/host-interval.ts), from frames that ran back to back. */
  private readonly interval = createHostInterval();
  /** Evidence for idle frames stamped with the vsync just past: +1 per such frame, -1 per other, kept in ±STAMP_EVIDENCE. */
  private stampEvidence = 0;

  /** The frames: each emits the requestAnimationFrame timestamp, in milliseconds. */
  readonly ticks$: Observable<number>;

  constructor(
    private readonly scheduler: FrameScheduler,
    private readonly onListenerError: (error: unknown) => void = reportListenerError,
  ) {
    this.ticks$ = this.listeners.asObservable();
  }

  /** Whether a frame is requested right now (false while nobody listens, and during a frame). */
  get requesting(): boolean {
    return this.handle !== undefined;
  }

  /** Whether a frame is under way (its listeners are running). */
  get inFrame(): boolean {
    return this.running;
  }

  /** How many frames this host has requested so far. */
  get requestCount(): number {
    return this.requests;
  }

  /** How many frames this host has run so far. */
  get frameCount(): number {
    return this.framesRun;
  }

  /**
   * The page's frame interval, in ms: the one host-interval estimate
   * (`estimatedHostIntervalMs` of `tickflow/operators`, the pacing grid's)
   * over the frames that ran back to back, each requested at the end of the
   * one before it; or {@link DEFAULT_HOST_INTERVAL_MS} before two did. The
   * time before a frame requested from idle is no interval of the display's,
   * so it is left out (the estimate resumes from that frame). The page
   * engine's fps cap aims its timer with it. @internal
   */
  get hostIntervalMs(): number {
    const intervalMs = estimatedHostIntervalMs(this.interval);
    return Number.isNaN(intervalMs) ? DEFAULT_HOST_INTERVAL_MS : intervalMs;
  }

  /**
   * Whether this host stamps a frame requested from idle with the vsync just
   * past, starting it at once (headless Chromium does), rather than with the
   * next vsync, as most of the recent frames requested from idle were (a
   * running count, so one frame a busy host started late does not flip it).
   * The page engine's fps cap aims its timer accordingly. @internal
   */
  get idleFramesStampedPast(): boolean {
    return this.stampEvidence > 0;
  }

  /** How many listeners share this host's frames. */
  get listenerCount(): number {
    return this.listeners.size;
  }

  /**
   * Attaches a listener, called with each frame's timestamp (ms) from the
   * next frame on, in the order listeners were added; returns the function
   * that detaches it (idempotent). A listener that throws is reported and the
   * others still run. Without the Observable wrapper of {@link ticks$}.
   */
  listen(listener: (timestampMs: number) => void): () => void {
    return this.listeners.add(listener);
  }

  private listenersChanged(size: number): void {
    // During a frame, its end decides (see onFrame).
    if (this.running) return;
    if (size > 0 && this.handle === undefined) this.request(false);
    else if (size === 0 && this.handle !== undefined) {
      this.scheduler.cancelAnimationFrame(this.handle);
      this.handle = undefined;
    }
  }

  private request(chained: boolean): void {
    this.requests++;
    this.chained = chained;
    this.idleRequestMs = chained ? NaN : performance.now();
    this.handle = this.scheduler.requestAnimationFrame(this.onFrame);
  }

  private readonly onFrame = (timestampMs: number): void => {
    this.handle = undefined;
    this.running = true;
    this.framesRun++;
    this.measure(timestampMs);
    try {
      this.listeners.emitIsolated(timestampMs, this.onListenerError);
    } finally {
      this.running = false;
      if (this.listeners.size > 0) this.request(true);
    }
  };

  /** What this frame says about the host: its interval if it ran back to back, how it stamps idle frames if not. */
  private measure(timestampMs: number): void {
    if (!Number.isFinite(timestampMs)) return;
    if (this.chained) {
      observeHostTick(this.interval, timestampMs);
      return;
    }
    resumeHostInterval(this.interval, timestampMs);
    const past = timestampMs < this.idleRequestMs ? 1 : -1;
    this.stampEvidence = Math.max(-STAMP_EVIDENCE, Math.min(STAMP_EVIDENCE, this.stampEvidence + past));
  }
}

// Subscribers are RxJS subscribers, which do not throw; this only guards the
// page's frames against one that does (a misconfigured global error handler).
function reportListenerError(error: unknown): void {
  const report = (globalThis as { reportError?: (error: unknown) => void }).reportError;
  if (typeof report === 'function') report(error);
  else console.error(error);
}

const hosts = new WeakMap<object, FrameHost>();

/**
 * The page's frames: requestAnimationFrame timestamps in milliseconds, from
 * one requestAnimationFrame loop for the whole page however many loops
 * subscribe. Nothing is requested while nobody subscribes.
 *
 * ```text
 * rAF          --16.7--33.3--50.0--66.7--
 * ticks        --16.7--33.3--50.0--66.7--   (the same frames for every subscriber)
 * ```
 *
 * @example
 * ```ts
 * import { animationFrames, createLoop, wallClock } from 'tickflow';
 *
 * const loop = createLoop({ ticks: animationFrames(), clock: wallClock(), phases: ['update', 'render'] });
 * loop.start();
 * ```
 *
 * @param scheduler Where frames come from; defaults to `globalThis` (the
 * window). Tests may pass their own.
 * @throws {Error} when there is no requestAnimationFrame (in Node, use
 * {@link timerTicks} or {@link manualTicks}).
 */
export function animationFrames(scheduler?: FrameScheduler): Observable<number> {
  return frameHost(scheduler).ticks$;
}

/** The shared {@link FrameHost} for a scheduler (the window by default). */
export function frameHost(scheduler?: FrameScheduler): FrameHost {
  if (
    scheduler !== undefined &&
    (scheduler === null ||
      typeof scheduler.requestAnimationFrame !== 'function' ||
      typeof scheduler.cancelAnimationFrame !== 'function')
  ) {
    throw new OptionError(
      'animationFrames',
      'scheduler',
      'an object with requestAnimationFrame and cancelAnimationFrame functions (or nothing, for the window)',
      scheduler,
    );
  }
  const target = scheduler ?? windowScheduler('animationFrames', 'in Node use timerTicks() or manualTicks()');
  let host = hosts.get(target);
  if (host === undefined) {
    host = new FrameHost(target);
    hosts.set(target, host);
  }
  return host;
}

/**
 * The window's requestAnimationFrame and cancelAnimationFrame, the one place
 * they are looked up.
 *
 * @param where Who asks, for the error.
 * @param hint What to do instead where there is no window, for the error.
 * @throws {Error} when there is no requestAnimationFrame (Node, a worker without one).
 * @internal
 */
export function windowScheduler(where: string, hint: string): FrameScheduler {
  const g = globalThis as Partial<FrameScheduler>;
  if (typeof g.requestAnimationFrame !== 'function' || typeof g.cancelAnimationFrame !== 'function') {
    throw new Error(`${where}: there is no requestAnimationFrame here; ${hint}`);
  }
  return globalThis as unknown as FrameScheduler;
}

/**
 * The page's frames, looked up when a loop first listens (so an engine can be
 * built in Node and started in a page): what every engine's `ticks` option
 * defaults to. A listenable host, like `animationFrames()`. @internal
 */
export const pageFrames: ListenableObservable<number> = Object.assign(
  defer(() => animationFrames()),
  { [LISTEN]: (next: (timestampMs: number) => void) => frameHost().listen(next) },
);
