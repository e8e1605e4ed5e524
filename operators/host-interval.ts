/**
 * How many recent host intervals the estimate keeps, for as long as the
 * long-run mean is not settled. Short, so a change of display rate is picked
 * up within a few frames; more than one, so one jittered interval does not
 * move a slot. Also how many ticks in a row that are no single frame on the
 * beat make the estimate start over.
 */
export const HOST_INTERVAL_WINDOW = 4;

/**
 * How many intervals the long-run mean needs to be settled. The mean since
 * the estimate started is off by at most twice the jitter over its number of
 * intervals; after 32 intervals with ±1 ms of jitter, by 1/16 ms. Until then
 * the estimate is guarded by the longest recent interval (a mean of a few
 * intervals can read short) and ticks are not judged on the beat (the line
 * the beat is read from is fitted to every tick from the start, but through a
 * handful of ticks with ±1 ms of jitter its phase is off by more than the
 * jitter it is there to average out).
 */
export const SETTLED_INTERVALS = 32;

/**
 * An interval longer than this many estimated host intervals is a stall (a
 * hidden tab, a long task): it says nothing of the host's rate, so it is not
 * recorded, and the long-run mean and the beat start over after it.
 */
export const STALL_FACTOR = 2;

/**
 * An interval this long or longer is a stall whatever the estimate: no
 * display refreshes once a second, and the very first interval, which has no
 * estimate to be judged against, may span a tab hidden after its first frame.
 */
export const LONGEST_FRAME_INTERVAL_MS = 1000;

/**
 * How many ticks the beat remembers: the beat is a straight line (a period
 * and a phase) fitted to the ticks, by least squares through every tick
 * since the latest start until the fit has about twice this many, then with a
 * fading memory of about this many (see {@link observeHostTick}, step 4).
 *
 * Why a fitted line and not each tick's own offset, even smoothed: a decision
 * made on the beat must not flip with the jitter. The beat used to move 1/16
 * of the way to each tick along the long-run mean. Where the ideal instants
 * drift across the middle of two host frames over seconds (a host/target
 * ratio a hair off a whole number: 39.99 fps on 199.94 Hz), that beat still
 * wobbled by about 0.1 ms with random ±1 ms jitter, enough to flip the
 * nearest tick back and forth for as long as the instants stayed there (up to
 * +4.6 points of judder). And it followed the long-run mean's own error (the
 * first and the latest tick's offsets over the count), which a repeating
 * pattern keeps moving: 16 times that error, near a millisecond early on, put
 * ticks in the wrong frame at 240 Hz (+7.4 points on the pacing bench's
 * cells, +15 off them). A line fitted to hundreds of ticks wobbles by
 * hundredths of a millisecond, does not lag a host whose rate is a hair off
 * its mean, and reads a repeating pattern as what it is: offsets about one
 * phase (issue 29; the pacing bench's compositor-like hosts).
 *
 * 256 ticks is 1 s at 240 Hz and 4 s at 60 Hz: long enough to average ±1 ms
 * of jitter to a few hundredths of a millisecond, short enough to follow a
 * phase that wanders across the ±1 ms band over a few seconds.
 */
export const BEAT_WINDOW = 256;

// The fading-memory gains for a memory of BEAT_WINDOW ticks (the critically
// damped g-h filter with θ = 1 - 1/BEAT_WINDOW): how far one tick moves the
// line's phase, and its period, as fractions of the tick's offset.
const FADING_THETA = 1 - 1 / BEAT_WINDOW;
const FADING_PHASE_GAIN = 1 - FADING_THETA * FADING_THETA;
const FADING_PERIOD_GAIN = (1 - FADING_THETA) * (1 - FADING_THETA);

/**
 * A tick more than this far from its place on the beat is off the beat, in
 * ms. Browsers report frames within about ±1 ms of their vsync; the beat's
 * line runs through the offsets' mean, which need not be the band's middle
 * (a compositor late three frames in four, +1, +1, +1, -1 ms: the mean is
 * +0.5, the early frame 1.5 ms from it; late four in five, 1.6 ms), so a
 * tick within the band can be up to 2 ms from its place, and the line
 * wobbles by a few hundredths more. Anything further is no jitter but a
 * hitch, a host that changed rate or phase, or a stream that is not a host's
 * every frame (a capped engine's own frames: 50 fps on 60 Hz comes 16.7,
 * 16.7, 16.7, 16.7, 33.3 ms apart, 3.3 ms off a 20 ms beat). At 1.5 ms the
 * early frame of +1, +1, +1, +1, -1 was judged at its own timestamp, and 50
 * fps on 144 Hz lost its rhythm (+4.8 points).
 */
export const OFF_BEAT_MS = 2.25;

/**
 * What a stream of host ticks says about the host's frames: how long its
 * frame interval is (a ring of recent intervals and a long-run mean), and
 * where the latest tick falls on its beat. A plain object, updated by
 * {@link observeHostTick}; the pacing grid ({@link pacingStep}) and the
 * page's `FrameHost` each keep one.
 */
export interface HostInterval {
  /** The previous tick's timestamp; `NaN` before the first. */
  previousMs: number;
  /** The last {@link HOST_INTERVAL_WINDOW} intervals recorded, a ring. */
  readonly intervalsMs: Float64Array;
  /** How many entries of the ring are filled. */
  count: number;
  /** Where the ring writes next. */
  next: number;
  /** The sum of the intervals recorded since the latest start, for the long-run mean. */
  sumMs: number;
  /** How many intervals `sumMs` holds. */
  sumCount: number;
  /**
   * The latest tick's instant on the host's beat: where the host's regular
   * frame rhythm puts it, its jitter averaged out (see {@link observeHostTick}).
   * The tick's own timestamp while the mean is not settled; `NaN` before the
   * first tick.
   */
  beatMs: number;
  /**
   * Whether the latest tick is on the beat: the mean was settled and the tick
   * came within {@link OFF_BEAT_MS} of where the beat put it. A tick that is
   * not is judged at its own timestamp.
   */
  onBeat: boolean;
  /** Ticks in a row, the mean settled, that were off the beat or came after a dropped frame. */
  offBeatRun: number;
  /** Where the beat's fitted line puts the latest tick, in ms; `NaN` before the first tick. */
  lineMs: number;
  /** The fitted line's period: the host's frame interval as the beat keeps it, in ms; `NaN` until the line has two ticks. */
  linePeriodMs: number;
  /** How many ticks the line is fitted to; it stops counting once its memory stops growing (at about twice {@link BEAT_WINDOW}). */
  lineTicks: number;
}

/** An estimate that has seen no tick. */
export function createHostInterval(): HostInterval {
  return {
    previousMs: NaN,
    intervalsMs: new Float64Array(HOST_INTERVAL_WINDOW),
    count: 0,
    next: 0,
    sumMs: 0,
    sumCount: 0,
    beatMs: NaN,
    onBeat: false,
    offBeatRun: 0,
    lineMs: NaN,
    linePeriodMs: NaN,
    lineTicks: 0,
  };
}

/**
 * The host's frame interval as estimated so far: the mean of the intervals
 * recorded since the latest start once there are {@link SETTLED_INTERVALS}
 * of them; before that, the larger of that mean and the longest of the last
 * {@link HOST_INTERVAL_WINDOW} intervals; `NaN` before there is an interval.
 *
 * Why not the mean of a few intervals from the start: with jitter, a tick can
 * arrive early against a grid that was started on a late tick by up to twice
 * the jitter, while a short mean can read short by about as much. At 240 Hz
 * with ±1 ms that shrinks half a host interval below the 2 ms a punctual tick
 * can be early, and a frame is lost for good. The longest recent interval
 * does not shrink with jitter that comes and goes. Once settled, the mean is
 * the host's interval to within 1/16 ms, where the longest recent interval
 * would read jitter, or a dropped frame, as length. Neither stalls nor, once
 * the mean is settled, dropped frames are recorded (see {@link observeHostTick}),
 * so neither can inflate it.
 */
export function estimatedHostIntervalMs(host: HostInterval): number {
  // Number.NaN, not the global NaN: where this is inlined, V8's optimizing compiler joined the global's constant with
  // the mean by boxing the mean on every call (16 B a paced tick).
  if (host.count === 0) return Number.NaN;
  const meanMs = host.sumCount > 0 ? host.sumMs / host.sumCount : 0;
  if (host.sumCount >= SETTLED_INTERVALS) return meanMs;
  let longestMs = 0;
  for (let i = 0; i < host.count; i++) longestMs = Math.max(longestMs, host.intervalsMs[i]!);
  return Math.max(longestMs, meanMs);
}

/**
 * Takes one host tick, following the previous one as the host's next frame,
 * into the estimate.
 *
 * 1. A non-finite timestamp changes nothing.
 * 2. The first tick, and a tick behind the previous one (a host clock that
 *    jumped back), start the estimate over from it ({@link restartHostInterval}).
 * 3. A tick at the previous one's timestamp is the same frame: nothing moves.
 * 4. The tick is placed on the beat: a straight line, a period and a phase,
 *    fitted to the ticks since the latest start ({@link BEAT_WINDOW}). Before
 *    the mean is settled, every tick is fitted as the frame after the one
 *    before, and is its own beat instant, not on the beat. Once settled, the
 *    tick's place is the line's previous place plus the whole number of its
 *    periods nearest to the tick's distance from it (more than one when the
 *    host dropped a frame). A tick within {@link OFF_BEAT_MS} of its place is
 *    on the beat: it is fitted, and its beat instant is the line's new place
 *    for it. A tick further off is not fitted (a hitch must not bend the
 *    line), and the line moves on to its place unchanged.
 * 5. An interval of {@link LONGEST_FRAME_INTERVAL_MS} or more, or longer than
 *    {@link STALL_FACTOR} times the time from the latest start to this tick
 *    shared among the intervals before it, is a stall: the estimate starts
 *    over from the tick, keeping the ring. (Shared that way, the two
 *    intervals after a start are never stalls: one short first interval, from
 *    jitter, cannot make every normal one after it look like a stall.)
 * 6. Once the mean is settled, {@link HOST_INTERVAL_WINDOW} ticks in a row
 *    that are off the beat or come after a dropped frame start the estimate
 *    over from the last (the host changed rate or phase: a 120 Hz display
 *    that drops to 60 looks like one dropping every other frame, until
 *    then). An interval that spans two or more mean intervals on the beat (a
 *    dropped frame) is not recorded: it is no one frame's length.
 * 7. Otherwise the interval is recorded, off the beat or not (leaving out the
 *    ticks the jitter moved furthest would bias the mean).
 *
 * The beat never drifts from the ticks (the line is fitted to them, and only
 * ticks within {@link OFF_BEAT_MS} of it are judged on it), so what is timed
 * on it keeps the ticks' average rate; but a tick the jitter moved by up to
 * ±1 ms moves a line fitted to hundreds of ticks by a few hundredths of a
 * millisecond, so a decision made on the beat does not flip with the jitter,
 * and a repeating pattern of offsets does not move it beyond that.
 *
 * @param host The estimate; updated in place.
 * @param timestampMs The host timestamp, in milliseconds.
 */
export function observeHostTick(host: HostInterval, timestampMs: number): void {
  if (!Number.isFinite(timestampMs)) return;
  const previousMs = host.previousMs;
  if (!(timestampMs >= previousMs)) {
    restartHostInterval(host, timestampMs); // the first tick (previous NaN), or a jump back
    return;
  }
  if (timestampMs === previousMs) return;
  const intervalMs = timestampMs - previousMs;
  const frames = placeOnBeat(host, timestampMs);
  host.previousMs = timestampMs;
  if (intervalMs >= LONGEST_FRAME_INTERVAL_MS || intervalMs > STALL_FACTOR * ((host.sumMs + intervalMs) / host.sumCount)) {
    restartHostInterval(host, timestampMs);
    return;
  }
  if (host.sumCount >= SETTLED_INTERVALS) {
    host.offBeatRun = host.onBeat && frames === 1 ? 0 : host.offBeatRun + 1;
    if (host.offBeatRun >= HOST_INTERVAL_WINDOW) {
      restartHostInterval(host, timestampMs);
      return;
    }
    if (frames > 1) return;
  }
  host.sumMs += intervalMs;
  host.sumCount++;
  host.intervalsMs[host.next] = intervalMs;
  host.next = (host.next + 1) % HOST_INTERVAL_WINDOW;
  if (host.count < HOST_INTERVAL_WINDOW) host.count++;
}

/**
 * Takes a tick that says nothing of the host's rate since the previous one
 * (the first, one after a jump back or a stall): no interval is recorded, and
 * the long-run mean and the beat (its phase and its period) start over from
 * it. The ring of recent intervals is kept.
 *
 * @param host The estimate; updated in place.
 * @param timestampMs The tick's timestamp, in milliseconds (finite).
 */
export function restartHostInterval(host: HostInterval, timestampMs: number): void {
  resumeHostInterval(host, timestampMs);
  host.sumMs = 0;
  host.sumCount = 0;
  host.linePeriodMs = NaN;
  host.lineTicks = 1;
}

/**
 * Takes a tick of the same host after a pause in its frames (a frame
 * requested from idle, the first after nobody listened): no interval is
 * recorded and the beat's phase starts over from it; the ring, the long-run
 * mean and the beat's period are kept, as the display's rate did not change.
 *
 * @param host The estimate; updated in place.
 * @param timestampMs The tick's timestamp, in milliseconds (finite).
 */
export function resumeHostInterval(host: HostInterval, timestampMs: number): void {
  host.previousMs = timestampMs;
  host.beatMs = timestampMs;
  host.onBeat = false;
  host.offBeatRun = 0;
  host.lineMs = timestampMs;
}

/**
 * Step 4 of {@link observeHostTick}: places the tick on the beat's fitted
 * line and fits the line to it; returns how many of the line's periods it
 * came after the line's previous place (1 before the mean is settled).
 *
 * The fit is a g-h (alpha-beta) filter: a tick's offset from its place moves
 * the line's phase by g times the offset, and its period by h times the
 * offset per period. With the expanding-memory gains (g = 2(2n+1)/((n+1)(n+2))
 * and h = 6/((n+1)(n+2)) for the tick that joins a line through n ticks) it is
 * the least-squares line through every tick since the start; once those fall
 * to the fading-memory gains of {@link BEAT_WINDOW} ticks, it keeps those.
 */
function placeOnBeat(host: HostInterval, timestampMs: number): number {
  const settled = host.sumCount >= SETTLED_INTERVALS;
  if (!(host.linePeriodMs > 0)) {
    // The line's second tick: two points make a line.
    host.linePeriodMs = timestampMs - host.lineMs;
    host.lineMs = timestampMs;
    host.lineTicks = 2;
    host.beatMs = timestampMs;
    host.onBeat = false;
    return 1;
  }
  // The tick's own timestamp, until the fit below puts it on the settled line. Stored here, not in one store of
  // `settled ? host.lineMs : timestampMs` after the fit: that joins the line's unboxed number with the boxed
  // timestamp, and Chromium's optimizing tiers box the join, a new heap number of lineMs every tick. Two stores
  // side by side are no cure: a minifier (Vite's, for one) merges them back into that one store, which is how a
  // production build boxed 12 B a frame here while the source read 0 (bench/GAMES-RESULTS.md).
  host.beatMs = timestampMs;
  const frames = settled ? Math.max(1, Math.round((timestampMs - host.lineMs) / host.linePeriodMs)) : 1;
  const placedMs = host.lineMs + frames * host.linePeriodMs;
  const offMs = timestampMs - placedMs;
  host.onBeat = settled && Math.abs(offMs) <= OFF_BEAT_MS;
  host.lineMs = placedMs;
  if (!settled || host.onBeat) {
    const n = host.lineTicks;
    const expandingPhaseGain = (2 * (2 * n + 1)) / ((n + 1) * (n + 2));
    const fading = expandingPhaseGain <= FADING_PHASE_GAIN;
    host.lineMs += (fading ? FADING_PHASE_GAIN : expandingPhaseGain) * offMs;
    host.linePeriodMs += ((fading ? FADING_PERIOD_GAIN : 6 / ((n + 1) * (n + 2))) * offMs) / frames;
    if (!fading) host.lineTicks = n + 1;
  }
  if (settled) host.beatMs = host.lineMs;
  // A line too steep for the arithmetic (a clock gone mad) places nothing: it starts over from the tick. Finite by
  // comparison, not Number.isFinite: Chromium runs a page's per-frame code in its mid tier (Maglev) for minutes, and
  // there Number.isFinite boxes a number read from a field, 12 B a call (spec/browser/mid-tier-allocation.spec.ts).
  if (!(Math.abs(host.lineMs) < Infinity) || !(host.linePeriodMs > 0 && host.linePeriodMs < Infinity)) {
    host.beatMs = timestampMs;
    host.lineMs = timestampMs;
    host.linePeriodMs = NaN;
    host.lineTicks = 1;
    host.onBeat = false;
  }
  return frames;
}
