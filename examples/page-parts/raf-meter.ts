// Counts the page's requestAnimationFrame calls, for the live readouts. It
// wraps window.requestAnimationFrame before any engine exists (import it
// first); the page engines call it through the window, so every request the
// page makes is counted. The readouts update on a timer, never on a frame,
// so reading the meter adds no frames of its own.

/** requestAnimationFrame calls since the page loaded, and a per-second rate. */
export interface RafMeter {
  /** Calls so far. */
  readonly calls: number;
  /** Calls per second over the last sample (see {@link sample}). */
  readonly perSecond: number;
  /** Takes a sample: the rate since the previous sample. */
  sample(): number;
}

function install(): RafMeter {
  const request = window.requestAnimationFrame.bind(window);
  let calls = 0;
  let lastCalls = 0;
  let lastMs = performance.now();
  let perSecond = 0;
  window.requestAnimationFrame = (callback) => {
    calls++;
    return request(callback);
  };
  return {
    get calls() {
      return calls;
    },
    get perSecond() {
      return perSecond;
    },
    sample() {
      const now = performance.now();
      if (now > lastMs) perSecond = ((calls - lastCalls) * 1000) / (now - lastMs);
      lastCalls = calls;
      lastMs = now;
      return perSecond;
    },
  };
}

/** The page's meter (one per page). */
export const rafMeter: RafMeter = install();
