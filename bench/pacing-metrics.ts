/**
 * How well a frame cap or pacer hits a target rate on a given host: the two
 * numbers of the pacing-fidelity table, computed from the host timestamps of
 * the ticks on which it delivered a frame.
 */
export interface PacingFidelity {
  /** Frames delivered. */
  readonly frames: number;
  /** The rate the best possible pacer reaches: min(target, host), in fps. */
  readonly expectedFps: number;
  /** The delivered rate: (frames - 1) over the time from the first to the last, in fps. */
  readonly deliveredFps: number;
  /** (delivered / expected - 1), in percent. */
  readonly rateErrorPercent: number;
  /** Share of delivered intervals that are irregular (see {@link irregularIntervalShare}), in percent. */
  readonly irregularPercent: number;
}

/**
 * The interval lengths, counted in host frames, that a perfect pacer uses:
 * frames can only land on host ticks, so a target of T fps on a host of H Hz
 * is best served by intervals of floor(H/T) and ceil(H/T) host frames, mixed
 * so the average is H/T (one length when T divides H; always 1 when T >= H).
 */
export function regularIntervalFrames(hostHz: number, targetFps: number): readonly number[] {
  if (targetFps >= hostHz) return [1];
  const ratio = hostHz / targetFps;
  const low = Math.floor(ratio + 1e-9);
  const high = Math.ceil(ratio - 1e-9);
  return low === high ? [low] : [low, high];
}

/**
 * The share of delivered intervals that no perfect pacer would produce.
 *
 * An interval is measured in host frames (its length over the host interval,
 * rounded: the ±1 ms jitter moves it by less than half a host frame up to
 * 240 Hz) and is irregular when that count is not one of
 * {@link regularIntervalFrames}. So a target the host does not divide is not
 * penalised for the unavoidable mix of two lengths (50 fps on 60 Hz is four
 * 16.7 ms intervals and one 33.3 ms interval per 100 ms), while every
 * interval outside that pair is counted: a skipped slot (one host frame too
 * long), two frames on one tick (0 host frames) or one tick too soon.
 */
export function irregularIntervalShare(deliveredMs: readonly number[], hostHz: number, targetFps: number): number {
  if (deliveredMs.length < 2) return NaN;
  const hostIntervalMs = 1000 / hostHz;
  const regular = regularIntervalFrames(hostHz, targetFps);
  let irregular = 0;
  for (let i = 1; i < deliveredMs.length; i++) {
    const hostFrames = Math.round((deliveredMs[i]! - deliveredMs[i - 1]!) / hostIntervalMs);
    if (!regular.includes(hostFrames)) irregular++;
  }
  return irregular / (deliveredMs.length - 1);
}

/** Both numbers for one run. */
export function pacingFidelity(deliveredMs: readonly number[], hostHz: number, targetFps: number): PacingFidelity {
  const frames = deliveredMs.length;
  const expectedFps = Math.min(hostHz, targetFps);
  const spanMs = frames > 1 ? deliveredMs[frames - 1]! - deliveredMs[0]! : NaN;
  const deliveredFps = ((frames - 1) * 1000) / spanMs;
  return {
    frames,
    expectedFps,
    deliveredFps,
    rateErrorPercent: (deliveredFps / expectedFps - 1) * 100,
    irregularPercent: irregularIntervalShare(deliveredMs, hostHz, targetFps) * 100,
  };
}
