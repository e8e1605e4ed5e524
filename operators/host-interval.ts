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
 * intervals can read short) and ticks are not placed on the beat (the beat is
 * placed with the mean, and lags it by `BEAT_SMOOTHING - 1` times its error:
 * with 4 intervals, a host whose first ticks jitter +1, -1, -1 ms had its
 * ticks placed 2.2 ms early, and a 240 fps target lost frames).
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
 * The beat moves this many times more slowly than the ticks wobble: each
 * tick moves it 1/16 of the way from where the beat put the tick to where the
 * tick came. Sixteen averages ±1 ms of timestamp jitter (a standard deviation
 * of 0.58 ms) down to 0.1 ms, about ±0.4 ms at the most over thousands of
 * frames, and still follows a host whose phase drifts within a few dozen
 * frames. With 8 (0.15 ms), a target whose ideal instants drift slowly across
 * the middle of two host frames (34.33 fps on 171.58 Hz: 4.998 frames a
 * frame) still flipped between them enough for +2.04 points of judder (the
 * pacing bench's measure); with 16, +1.75 at worst over 2,400 random hosts
 * (60-240 Hz, ±1 ms) and targets (30-144 fps), most well under +1.
 */
export const BEAT_SMOOTHING = 16;

/**
 * A tick more than this far from its place on the beat is off the beat, in
 * ms. Browsers report frames within about ±1 ms of their vsync, and the beat
 * wobbles by a quarter of that more; anything further is no jitter but a
 * hitch, a host that changed rate or phase, or a stream that is not a host's
 * every frame (a capped engine's own frames: 50 fps on 60 Hz comes 16.7,
 * 16.7, 16.7, 16.7, 33.3 ms apart, 3.3 ms off a 20 ms beat).
 */
export const OFF_BEAT_MS = 1.5;

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
  if (host.count === 0) return NaN;
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
 * 4. The tick is placed on the beat. Once the mean is settled, its place is
 *    the previous beat instant plus the whole number of mean intervals
 *    nearest to its distance from it (more than one when the host dropped a
 *    frame), and the beat instant is that place moved 1/{@link BEAT_SMOOTHING}
 *    of the way to the tick. The tick is on the beat when it came within
 *    {@link OFF_BEAT_MS} of its place; one further off still moves the beat,
 *    so the beat finds the host's phase from any start. Before the mean is
 *    settled, the tick is its own beat instant and not on the beat.
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
 * The beat never drifts from the ticks (it follows them, and only ticks
 * within 1.5 ms of it are judged on it), so what is timed on it keeps the
 * ticks' average rate; but a tick the jitter moved by up to ±1 ms moves the
 * beat by a sixteenth of that, so a decision made on the beat does not flip
 * with the jitter.
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
 * the long-run mean and the beat start over from it. The ring of recent
 * intervals is kept.
 *
 * @param host The estimate; updated in place.
 * @param timestampMs The tick's timestamp, in milliseconds (finite).
 */
export function restartHostInterval(host: HostInterval, timestampMs: number): void {
  resumeHostInterval(host, timestampMs);
  host.sumMs = 0;
  host.sumCount = 0;
}

/**
 * Takes a tick of the same host after a pause in its frames (a frame
 * requested from idle, the first after nobody listened): no interval is
 * recorded and the beat starts over from it; the ring and the long-run mean
 * are kept, as the display's rate did not change.
 *
 * @param host The estimate; updated in place.
 * @param timestampMs The tick's timestamp, in milliseconds (finite).
 */
export function resumeHostInterval(host: HostInterval, timestampMs: number): void {
  host.previousMs = timestampMs;
  host.beatMs = timestampMs;
  host.onBeat = false;
  host.offBeatRun = 0;
}

/**
 * Step 4 of {@link observeHostTick}: places the tick on the beat, with the
 * mean of the intervals before it; returns how many mean intervals it came
 * after the previous beat instant (1 before the mean is settled).
 */
function placeOnBeat(host: HostInterval, timestampMs: number): number {
  if (host.sumCount < SETTLED_INTERVALS) {
    host.beatMs = timestampMs;
    host.onBeat = false;
    return 1;
  }
  const meanMs = host.sumMs / host.sumCount;
  const frames = Math.max(1, Math.round((timestampMs - host.beatMs) / meanMs));
  const placedMs = host.beatMs + frames * meanMs;
  const offMs = timestampMs - placedMs;
  host.beatMs = placedMs + offMs / BEAT_SMOOTHING;
  host.onBeat = Math.abs(offMs) <= OFF_BEAT_MS;
  // A mean too large for the arithmetic (a clock gone mad) places nothing.
  if (!Number.isFinite(host.beatMs)) {
    host.beatMs = timestampMs;
    host.onBeat = false;
  }
  return frames;
}
