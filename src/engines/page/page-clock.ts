import { frameHost, windowScheduler, type FrameHost, type FrameScheduler } from '../../hosts/animation-frames.js';

// Where `tickflow/page` has always listed it; the host owns it now. @internal

/** How many stages a page engine's frame has: read, the fixed steps, render. @internal */
export const PAGE_FRAME_STAGES = 3;

/** What the page clock asks of each engine in a frame, in this order. @internal */
export interface ClockedEngine {
  /** The tick through the engine's clock: whether it runs this frame, and its steps planned (no user code). */
  begin(timestampMs: number): void;
  /** Stage `k` of the engine's frame: 0 read, 1 the fixed steps, 2 render. */
  stage(k: number): void;
  /** After every engine rendered: the engine's frame ends (its event ring cleared; settle, or leave for a cap timer). */
  end(timestampMs: number): void;
}

/**
 * The page engines' clock: every page engine in one listener of the page's
 * shared {@link FrameHost} (src/hosts/animation-frames.ts), the same
 * requestAnimationFrame loop `createLoop` loops on `animationFrames()` run
 * on, so the page makes one requestAnimationFrame call a frame for loops
 * and engines together. In a frame, every engine's read runs, then every
 * engine's steps, then every engine's render; so all the page engines'
 * measuring happens before any of their writing, and the page lays out at
 * most once a frame however many engines run.
 *
 * The clock listens only while some engine is on it (running: not paused,
 * not settled, not waiting for its fps timer). The host requests the next
 * frame after its listeners ran, in a `finally`, and only while someone
 * listens; so an engine leaving during a frame (settling, or a capped engine
 * waiting for its timer) costs no request, nothing a hook does can stop the
 * page's frames, and when the last engine leaves and no loop listens the page
 * asks for nothing more: none while every engine is paused, settled or
 * waiting.
 *
 * ```text
 * host frame   f1 ------------ f2 ------------ f3
 * page clock   read* step* render*  (every engine, phase by phase)
 * a loop       its phases           (another listener of the same frame)
 * rAF calls    1 per frame, after every listener ran
 * ```
 *
 * Engines that join during a frame first run in the next one; an engine that
 * leaves during a frame skips what is left of it.
 *
 * @internal
 */
export class PageClock {
  private readonly engines: ClockedEngine[] = [];
  /** The engines of the frame running, copied from `engines` as it begins: joins and leaves during it change only `engines`. */
  private readonly frameEngines: (ClockedEngine | undefined)[] = [];
  private unlisten: (() => void) | undefined;

  constructor(private readonly host: FrameHost) {}

  /** How many engines are on the clock. */
  get size(): number {
    return this.engines.length;
  }

  /**
   * Whether nothing on the page keeps frames coming: no engine on this clock
   * and no other listener (a loop) on the page's frames. A capped engine's
   * timer then aims as the host stamps frames requested from idle.
   */
  get pageIdle(): boolean {
    return this.engines.length === 0 && this.host.listenerCount === 0;
  }

  /**
   * The host's frame interval: the page's one estimate, kept by its
   * {@link FrameHost} (`FrameHost.hostIntervalMs`), which the pacing grid's
   * estimate also is (operators/host-interval.ts).
   */
  get hostIntervalMs(): number {
    return this.host.hostIntervalMs;
  }

  /**
   * Whether the host stamps a frame requested from idle with the vsync just
   * past (`FrameHost.idleFramesStampedPast`). A capped engine's timer aims
   * accordingly (see `capWakeAtMs`).
   */
  get idleFramesStampedPast(): boolean {
    return this.host.idleFramesStampedPast;
  }

  /** Puts an engine on the clock (idempotent): it runs from the next frame on. */
  join(engine: ClockedEngine): void {
    if (this.engines.includes(engine)) return;
    this.engines.push(engine);
    this.unlisten ??= this.host.listen(this.onFrame);
  }

  /**
   * Takes an engine off the clock (idempotent). The last one out stops
   * listening: between frames, with no loop listening, the host cancels its
   * pending frame; during a frame, the host asks for no next one.
   */
  leave(engine: ClockedEngine): void {
    const engines = this.engines;
    const at = engines.indexOf(engine);
    if (at < 0) return;
    // In place, keeping the others' order (a capped engine leaves and joins again every slot: nothing allocated).
    for (let i = at + 1; i < engines.length; i++) engines[i - 1] = engines[i]!;
    engines.length--;
    if (engines.length > 0 || this.unlisten === undefined) return;
    this.unlisten();
    this.unlisten = undefined;
  }

  private readonly onFrame = (timestampMs: number): void => {
    // A stable list for the frame, copied into one array kept for it: joins and leaves change only `engines`.
    // (Each engine catches its own hooks' errors; the host isolates listeners.)
    const engines = this.frameEngines;
    const n = this.engines.length;
    for (let i = 0; i < n; i++) engines[i] = this.engines[i]!;
    for (let i = 0; i < n; i++) engines[i]!.begin(timestampMs);
    for (let k = 0; k < PAGE_FRAME_STAGES; k++) {
      for (let i = 0; i < n; i++) engines[i]!.stage(k);
    }
    for (let i = 0; i < n; i++) engines[i]!.end(timestampMs);
    // Holds no engine between frames; its length stays (a length of 0 would drop the array's storage, made anew next frame).
    for (let i = 0; i < n; i++) engines[i] = undefined;
  };
}

const clocks = new WeakMap<FrameHost, PageClock>();

/**
 * The page engines' clock for a scheduler (the window by default): one per
 * page, on the same {@link FrameHost} that `animationFrames()` returns for
 * that scheduler. @internal
 */
export function pageClock(scheduler?: FrameScheduler): PageClock {
  const host = frameHost(scheduler ?? windowScheduler('createEngine', 'pass the frames option, or drive the engine with advance()'));
  let clock = clocks.get(host);
  if (clock === undefined) {
    clock = new PageClock(host);
    clocks.set(host, clock);
  }
  return clock;
}
