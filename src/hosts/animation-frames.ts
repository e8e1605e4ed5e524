import type { Observable } from 'rxjs';
import { OptionError } from '../../operators/option-error.js';
import { Broadcast } from '../streams/broadcast.js';

/** The two functions a frame host needs; `window`'s by default. */
export interface FrameScheduler {
  /** Asks for `callback` to run at the next frame, with the frame's timestamp in ms; returns a handle. */
  requestAnimationFrame(callback: (timestampMs: number) => void): number;
  /** Cancels the frame `handle` asked for. */
  cancelAnimationFrame(handle: number): void;
}

/**
 * One requestAnimationFrame loop, shared by every subscriber: the page's
 * frames. A frame is requested only while someone listens, the next frame is
 * requested before any listener runs (so nothing a listener does can stop the
 * page's frames), and the last unsubscribe cancels the pending frame.
 *
 * RxJS's `animationFrames()` starts one requestAnimationFrame loop per
 * subscriber; two engines on a page would then run on two loops. This host is
 * what {@link animationFrames} returns, once per scheduler.
 */
export class FrameHost {
  private readonly listeners = new Broadcast<number>((size) => {
    if (size > 0 && this.handle === undefined) this.request();
    if (size === 0 && this.handle !== undefined) {
      this.scheduler.cancelAnimationFrame(this.handle);
      this.handle = undefined;
    }
  });
  private handle: number | undefined;
  private requests = 0;

  /** The frames: each emits the requestAnimationFrame timestamp, in milliseconds. */
  readonly ticks$: Observable<number>;

  constructor(
    private readonly scheduler: FrameScheduler,
    private readonly onListenerError: (error: unknown) => void = reportListenerError,
  ) {
    this.ticks$ = this.listeners.asObservable();
  }

  /** Whether a frame is requested right now (false while nobody listens). */
  get requesting(): boolean {
    return this.handle !== undefined;
  }

  /** How many frames this host has requested so far. */
  get requestCount(): number {
    return this.requests;
  }

  /** How many subscribers share this host's frames. */
  get listenerCount(): number {
    return this.listeners.size;
  }

  private request(): void {
    this.requests++;
    this.handle = this.scheduler.requestAnimationFrame(this.onFrame);
  }

  private readonly onFrame = (timestampMs: number): void => {
    this.handle = undefined;
    if (this.listeners.size > 0) this.request();
    this.listeners.emit(timestampMs, this.onListenerError);
  };
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
  const target = scheduler ?? windowScheduler();
  let host = hosts.get(target);
  if (host === undefined) {
    host = new FrameHost(target);
    hosts.set(target, host);
  }
  return host;
}

function windowScheduler(): FrameScheduler {
  const g = globalThis as Partial<FrameScheduler>;
  if (typeof g.requestAnimationFrame !== 'function' || typeof g.cancelAnimationFrame !== 'function') {
    throw new Error(
      'animationFrames: there is no requestAnimationFrame here; in Node use timerTicks() or manualTicks()',
    );
  }
  return globalThis as unknown as FrameScheduler;
}
