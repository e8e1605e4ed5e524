/**
 * The smallest set of browser globals that lets the peer libraries load and
 * run in Node 20, plus the synthetic timeline they all read. Imported first by
 * every peer adapter (ESM evaluates imports in order, so the globals exist
 * before a peer's module body runs).
 *
 * What each global is for, and who needs it (RESULTS.md repeats this list):
 *
 * - `navigator = { userAgent: 'node' }`: pixi.js and phaser read it while
 *   their modules load (Node 20 has no `navigator`).
 * - `window = { requestAnimationFrame, cancelAnimationFrame, performance }`:
 *   excalibur's ESM polyfill assigns to an undeclared `window` on load (a
 *   ReferenceError in strict mode unless it exists); phaser's
 *   `TimeStep.start()` reads `window.performance.now()` and requests a frame
 *   from `window.requestAnimationFrame`. That `requestAnimationFrame` never
 *   fires: the peers that use it are driven directly (`step(time)`).
 * - `document = { createElement, documentElement }` and `Image`: phaser's
 *   device and canvas feature detection runs while its module loads. The
 *   element's `getContext('2d')` answers `getImageData` with null, which
 *   phaser reads as "feature unsupported".
 * - global `requestAnimationFrame` / `cancelAnimationFrame`: kontra's
 *   `GameLoop` has no other entry than its own rAF callback, so these queue
 *   callbacks and {@link runAnimationFrame} fires them, as a browser would.
 * - `performance.now()` returns {@link syntheticTime}: kontra's frame,
 *   excalibur's `Clock.now()` and phaser's `TimeStep.start()` read the time
 *   themselves. The benches time with `process.hrtime`, never with
 *   `performance.now()`, so replacing it costs the measurement nothing.
 */

/** The synthetic "now" every peer reads through `performance.now()`, in ms. */
export const syntheticTime = { nowMs: 0 };

type FrameCallback = (timestampMs: number) => void;

// Queued frame requests. Two arrays swapped on each frame, so firing a frame
// allocates nothing (a callback that re-requests lands in the other array).
let queued: (FrameCallback | null)[] = [];
let queuedHandles: number[] = [];
let firing: (FrameCallback | null)[] = [];
let firingHandles: number[] = [];
let nextHandle = 1;

function requestAnimationFrame(callback: FrameCallback): number {
  const handle = nextHandle++;
  queued.push(callback);
  queuedHandles.push(handle);
  return handle;
}

function cancelAnimationFrame(handle: number): void {
  const queuedAt = queuedHandles.indexOf(handle);
  if (queuedAt >= 0) queued[queuedAt] = null;
  const firingAt = firingHandles.indexOf(handle);
  if (firingAt >= 0) firing[firingAt] = null;
}

/**
 * Fires one animation frame at `timestampMs`: moves the synthetic time there
 * and calls every queued frame request with it, as a browser does.
 */
export function runAnimationFrame(timestampMs: number): void {
  syntheticTime.nowMs = timestampMs;
  const callbacks = queued;
  const handles = queuedHandles;
  queued = firing;
  queuedHandles = firingHandles;
  firing = callbacks;
  firingHandles = handles;
  for (let i = 0; i < callbacks.length; i++) {
    const callback = callbacks[i];
    if (callback != null) callback(timestampMs);
  }
  callbacks.length = 0;
  handles.length = 0;
}

/** How many frame requests are waiting (to check an adapter cleaned up). */
export function pendingAnimationFrames(): number {
  return queued.reduce((n, callback) => (callback === null ? n : n + 1), 0);
}

// A window whose frames never come: phaser registers one at start() and is
// then driven by hand; excalibur's polyfill finds the functions and keeps them.
const windowFrameNever = (): number => 0;
const windowCancelNever = (): void => {};

// A 2D context that supports nothing: enough for phaser's load-time probes.
const inertContext2d = { fillRect() {}, getImageData: () => null };

const g = globalThis as Record<string, unknown>;
g['navigator'] ??= { userAgent: 'node' };
g['window'] ??= {
  requestAnimationFrame: windowFrameNever,
  cancelAnimationFrame: windowCancelNever,
  performance: globalThis.performance,
};
g['document'] ??= {
  createElement: () => ({ style: {}, getContext: () => inertContext2d }),
  documentElement: {},
};
g['Image'] ??= class Image {};
g['requestAnimationFrame'] = requestAnimationFrame;
g['cancelAnimationFrame'] = cancelAnimationFrame;
globalThis.performance.now = () => syntheticTime.nowMs;
