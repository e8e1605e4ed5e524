/**
 * How well a frame cap or pacer hits a target rate on a given host: the
 * numbers of the pacing tables, computed from the host timestamps of the
 * ticks on which it delivered a frame.
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
  /** Share of delivered intervals that are not the modal length (see {@link nonModalIntervalShare}), in percent. */
  readonly nonModalPercent: number;
  /**
   * Judder, in percentage points: {@link nonModalPercent} above the share a
   * perfect pacer is forced to (issue 19: "the share of frame intervals that
   * are not the modal one, above what the host/target ratio forces").
   */
  readonly judderPoints: number;
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

/** Each interval between delivered frames, in whole host frames (rounded, as in {@link irregularIntervalShare}). */
export function hostFrameIntervals(deliveredMs: readonly number[], hostHz: number): number[] {
  const hostIntervalMs = 1000 / hostHz;
  const frames: number[] = [];
  for (let i = 1; i < deliveredMs.length; i++) frames.push(Math.round((deliveredMs[i]! - deliveredMs[i - 1]!) / hostIntervalMs));
  return frames;
}

/**
 * The share of delivered intervals, counted in host frames, that are not the
 * modal (most frequent) length.
 *
 * Unlike {@link irregularIntervalShare}, this sees judder inside the pair of
 * lengths a perfect pacer mixes: 50 fps on 144 Hz is 2.88 host frames a
 * frame, eight 3s to one 2 (12 % not modal), and a pacer that trades a 3 for
 * a 2 and a 4 shows it here as two more intervals off the mode. A perfect
 * pacer's own share is what the ratio forces (see `forcedNonModalShare` in
 * bench/pacing-fidelity.ts); judder is the excess over it.
 */
export function nonModalIntervalShare(deliveredMs: readonly number[], hostHz: number): number {
  const intervals = hostFrameIntervals(deliveredMs, hostHz);
  if (intervals.length === 0) return NaN;
  const counts = new Map<number, number>();
  let modal = 0;
  for (const frames of intervals) {
    const count = (counts.get(frames) ?? 0) + 1;
    counts.set(frames, count);
    modal = Math.max(modal, count);
  }
  return 1 - modal / intervals.length;
}

/**
 * Every number for one run.
 *
 * @param forcedNonModalShare The non-modal share a perfect pacer has at this
 * host rate and target (judder is measured above it); without it, judder is NaN.
 */
export function pacingFidelity(deliveredMs: readonly number[], hostHz: number, targetFps: number, forcedNonModalShare = NaN): PacingFidelity {
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
    nonModalPercent: nonModalIntervalShare(deliveredMs, hostHz) * 100,
    judderPoints: (nonModalIntervalShare(deliveredMs, hostHz) - forcedNonModalShare) * 100,
  };
}
