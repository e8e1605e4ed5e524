/**
 * How many ticks early a client aims for its inputs to reach the room when
 * `bufferTicks` is not given: 2 (33 ms at 60 Hz). The least early input of
 * the last {@link SYNC_SAMPLES} state messages is held there, so jitter up
 * to two ticks beyond the quickest packet still lands on time; a larger
 * buffer trades more prediction (and more re-simulation per correction) for
 * fewer late inputs.
 */
export const DEFAULT_BUFFER_TICKS = 2;

/** How many leads the room reported a client waits for before it adjusts its tick: 20 state messages, a third of a second at 60 Hz. */
export const SYNC_SAMPLES = 20;

/** The most extra ticks a client runs in one frame to catch up with the room: 2, so a catch-up is fast and a frame's cost stays bounded. */
export const MAX_SYNC_TICKS_PER_FRAME = 2;

/**
 * Keeps a client's present ahead of the room by just enough for its inputs
 * to arrive on time, from what the room measures: each state message
 * carries the least lead of the client's inputs that arrived since the last
 * (`stamped - nextTick` on arrival). A pure structure on numbers.
 *
 * 1. Collect the leads of {@link SYNC_SAMPLES} messages; keep their least.
 * 2. Least below `bufferTicks`: run that many ticks extra; above
 *    `bufferTicks + 1`: skip ticks down to `bufferTicks` (the band of one
 *    tick keeps it from hunting). At most {@link MAX_SYNC_TICKS_PER_FRAME}
 *    extra, or one skipped, a frame.
 * 3. Once done, ignore leads until the room acknowledges an input stamped
 *    after the adjustment: the ones in flight were sent before it, and would
 *    ask for it again (the feedback is a round trip late).
 *
 * @internal
 */
export class TickSync {
  /** Ticks still to run extra (> 0) or to skip (< 0). */
  pending = 0;
  /** Extra ticks run, and ticks skipped, so far. */
  extra = 0;
  skipped = 0;
  /** The least lead of the latest full sample (what the HUD may show), or `null`. */
  lastLead: number | null = null;
  private fence = -1;
  private least = Infinity;
  private count = 0;

  constructor(readonly bufferTicks: number) {}

  /** Starts ahead of the room's state by `ticks` (a round trip, measured by a ping) plus the buffer. */
  start(ticks: number): void {
    this.pending = Math.max(0, Math.ceil(ticks)) + this.bufferTicks;
  }

  /** One state message's report: our `ack` and least `lead` in it, while our present is `tick`. */
  report(ack: number, lead: number | null, tick: number): void {
    if (lead === null || this.pending !== 0 || ack < this.fence) return;
    if (lead < this.least) this.least = lead;
    if (++this.count < SYNC_SAMPLES) return;
    this.lastLead = this.least;
    if (this.least < this.bufferTicks) this.pending = this.bufferTicks - this.least;
    else if (this.least > this.bufferTicks + 1) this.pending = this.bufferTicks - this.least;
    this.least = Infinity;
    this.count = 0;
    if (this.pending === 0) this.fence = tick;
  }

  /** This frame's adjustment: extra ticks to run (> 0), one to skip (-1), or 0. `tick` is the present. */
  take(tick: number): number {
    if (this.pending === 0) return 0;
    const step = this.pending > 0 ? Math.min(this.pending, MAX_SYNC_TICKS_PER_FRAME) : -1;
    this.pending -= step;
    if (step > 0) this.extra += step;
    else this.skipped++;
    if (this.pending === 0) this.fence = tick + Math.max(step, 0);
    return step;
  }
}
