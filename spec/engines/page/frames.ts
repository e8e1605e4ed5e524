// Frame schedulers for the page engine's Node specs: the engine's `frames`
// option takes any requestAnimationFrame/cancelAnimationFrame pair, so a spec
// decides when each frame comes and counts what the engine asks for.
import type { Observable } from 'rxjs';
import type { FrameScheduler } from '../../../src/engines/page/index.js';

/** A scheduler the spec drives: `tick(ts)` runs the frames requested so far. */
export interface TestFrames extends FrameScheduler {
  /** requestAnimationFrame calls so far. */
  readonly requests: number;
  /** Frames requested and not yet run or cancelled. */
  readonly pending: number;
  /** Runs every pending frame with this timestamp (ms); returns how many ran. */
  tick(timestampMs: number): number;
}

export function testFrames(): TestFrames {
  let next = 1;
  let requests = 0;
  const pending = new Map<number, (timestampMs: number) => void>();
  return {
    get requests() {
      return requests;
    },
    get pending() {
      return pending.size;
    },
    requestAnimationFrame(callback) {
      requests++;
      pending.set(next, callback);
      return next++;
    },
    cancelAnimationFrame(handle) {
      pending.delete(handle);
    },
    tick(timestampMs) {
      const due = [...pending.values()];
      pending.clear();
      for (const callback of due) callback(timestampMs);
      return due.length;
    },
  };
}

/** A scheduler on a marble stream: each emission is a vsync, running the frames requested before it. */
export function marbleFrames(vsyncs: Observable<number>): TestFrames {
  const frames = testFrames();
  vsyncs.subscribe((timestampMs) => frames.tick(timestampMs));
  return frames;
}

/**
 * A display at `hz` under vitest's fake timers: a requested frame runs at the
 * next vsync (multiples of 1000/hz on the faked `performance.now()`), with
 * that vsync as its timestamp, as a browser does; its callback runs `lagMs`
 * after the vsync (a browser runs it a little after the frame began; the
 * fake timers also only fire on whole milliseconds).
 *
 * With `idle: 'at-once'`, a frame requested outside a frame callback starts
 * at once, stamped with the vsync just past, as headless Chromium does (a
 * frame requested from inside a callback still waits for the next vsync).
 */
export function vsyncFrames(
  hz: number,
  { lagMs = 1, idle = 'next-vsync' }: { lagMs?: number; idle?: 'next-vsync' | 'at-once' } = {},
): TestFrames & { readonly callbacks: number } {
  const intervalMs = 1000 / hz;
  let next = 1;
  let requests = 0;
  let callbacks = 0;
  let inCallback = false;
  const timers = new Map<number, ReturnType<typeof setTimeout>>();
  return {
    get requests() {
      return requests;
    },
    get pending() {
      return timers.size;
    },
    get callbacks() {
      return callbacks;
    },
    requestAnimationFrame(callback) {
      requests++;
      const handle = next++;
      const now = performance.now();
      const vsyncsPast = Math.floor(now / intervalMs + 1e-9);
      const atOnce = idle === 'at-once' && !inCallback;
      const stampMs = (atOnce ? vsyncsPast : vsyncsPast + 1) * intervalMs;
      const delayMs = atOnce ? lagMs : Math.ceil(stampMs - now) + lagMs;
      timers.set(
        handle,
        setTimeout(() => {
          timers.delete(handle);
          callbacks++;
          inCallback = true;
          try {
            callback(stampMs);
          } finally {
            inCallback = false;
          }
        }, delayMs),
      );
      return handle;
    },
    cancelAnimationFrame(handle) {
      clearTimeout(timers.get(handle));
      timers.delete(handle);
    },
    tick() {
      throw new Error('vsyncFrames: frames come from the fake timers; advance them');
    },
  };
}
