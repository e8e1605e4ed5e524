import type { Subscribable, Unsubscribable } from 'rxjs';
import type { FrameScheduler } from '../../hosts/animation-frames.js';
import { JOIN_STAGED, type StagedFrame, type StagedTicks } from '../../hosts/tick-source.js';
import { capTimerDelayMs, capWakeAtMs } from './cap-wake.js';
import type { FpsCap } from './fps-cap.js';
import { pageClock, type ClockedEngine, type PageClock } from './page-clock.js';

/**
 * A page engine's place on the page's clock: the tick source its loop
 * listens to. The loop joins it when it starts taking frames and leaves it
 * when it stops or is held (paused, settled); in between, a capped engine
 * leaves the page's clock after each frame until its timer brings it back
 * ({@link sleepUntilSlot}), so it asks the page for no frame between its
 * slots. @internal
 */
export class PageSeat implements StagedTicks, Subscribable<number>, ClockedEngine {
  /** Times the cap's timer brought the engine back. */
  timerWakeups = 0;
  private frame: StagedFrame | undefined;
  /** The frame begun in the page's current frame (kept if the loop leaves mid-frame, so it is still ended). */
  private current: StagedFrame | undefined;
  private clock: PageClock | undefined;
  private timer: ReturnType<typeof setTimeout> | undefined;

  /**
   * @param scheduler Where the page's frames come from (the window by default).
   * @param cap The engine's fps cap, if it has one.
   * @param afterFrame Called after each page frame the engine ran, with its timestamp (settle is decided there).
   */
  constructor(
    private readonly scheduler: FrameScheduler | undefined,
    private readonly cap: FpsCap | undefined,
    private readonly afterFrame: (timestampMs: number) => void,
  ) {}

  /** The page's clock for this engine's scheduler. @throws {Error} where there is no requestAnimationFrame and no `frames` option. */
  pageClock(): PageClock {
    return (this.clock ??= pageClock(this.scheduler));
  }

  [JOIN_STAGED](frame: StagedFrame): () => void {
    this.pageClock().join(this);
    this.frame = frame;
    return () => {
      this.frame = undefined;
      this.clearTimer();
      this.clock?.leave(this);
    };
  }

  /** Not an Observable of timestamps: a page engine's loop joins the page's clock, which runs its frame stage by stage. */
  subscribe(): Unsubscribable {
    throw new Error("a page engine's frames come from the page's clock, stage by stage; they cannot be subscribed to");
  }

  /**
   * A capped engine leaves the page's clock until its timer brings it back,
   * half a host frame from the tick its grid takes next: before it while other
   * engines keep the page's frames coming, and on an idle page as the host
   * stamps idle frames (see capWakeAtMs).
   */
  sleepUntilSlot(timestampMs: number): void {
    const clock = this.pageClock();
    clock.leave(this);
    const stampsPast = clock.pageIdle && clock.idleFramesStampedPast;
    const wakeAtMs = capWakeAtMs(this.cap!.grid.dueMs, timestampMs, clock.hostIntervalMs, stampsPast);
    this.timer = setTimeout(this.onTimer, capTimerDelayMs(wakeAtMs - performance.now()));
  }

  private readonly onTimer = (): void => {
    this.timer = undefined;
    if (this.frame === undefined) return;
    this.timerWakeups++;
    this.cap!.takeNextFrame();
    this.clock!.join(this);
  };

  private clearTimer(): void {
    if (this.timer === undefined) return;
    clearTimeout(this.timer);
    this.timer = undefined;
  }

  /** The page's clock: the tick, through the engine's clock; whether it begins a frame is kept for the stages and the end. */
  begin(timestampMs: number): void {
    const frame = this.frame;
    this.current = frame !== undefined && frame.begin(timestampMs) ? frame : undefined;
  }

  /** The page's clock: stage `k` of the frame begun, if one was. */
  stage(k: number): void {
    this.current?.stage(k);
  }

  /** The page's clock: the end of the frame begun, if one was; then the engine's own after-frame (settle, the cap's wait). */
  end(timestampMs: number): void {
    const frame = this.current;
    if (frame === undefined) return;
    this.current = undefined;
    frame.end();
    this.afterFrame(timestampMs);
  }
}
