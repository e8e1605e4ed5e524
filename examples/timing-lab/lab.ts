import { Observable, tap } from 'rxjs';
import {
  animationFrames,
  createLoop,
  wallClock,
  DEFAULT_MAX_STEPS,
  DEFAULT_OVERFLOW,
  DEFAULT_STEP_MS,
  type FrameInfo,
  type Loop,
  type LoopStats,
  type OverflowPolicy,
  type StepPlan,
} from 'tickflow';
import { chooseClock, type ClockChoice, type ClockKind } from './clocks.js';

/** How far a stall moves the host's clock: every later timestamp is this much later. */
export const STALL_MS = 500;

/** How long a burst of jitter lasts, in real milliseconds. */
export const JITTER_BURST_MS = 1000;

/** The jitter amplitude when none is picked: each timestamp moves by up to ± this. */
export const DEFAULT_JITTER_MS = 8;

/** How much history the lab keeps, in real milliseconds (more than the picture shows). */
export const HISTORY_MS = 5000;

/** How fast the simulated body moves, in track lengths per second. */
const BODY_SPEED = 0.45;

/** What happened to one host tick. */
export interface TickRecord {
  /** The real requestAnimationFrame timestamp: where the tick sits on the picture's time axis. */
  readonly rawMs: number;
  /** The timestamp the loop was given: `rawMs` plus the stalls so far and any jitter. */
  readonly hostMs: number;
  /** The random part of `hostMs`, in ms (0 outside a burst of jitter). */
  readonly jitterMs: number;
  /** `'stall'` on the tick a stall landed on, `'jitter'` during a burst. */
  readonly disturbance: 'none' | 'stall' | 'jitter';
  /** Whether the clock delivered a frame for it (false: declined). */
  delivered: boolean;
  /** The frame's delta, in ms (0 when declined). */
  deltaMs: number;
  /** Fixed steps the frame ran. */
  steps: number;
  /** The frame's alpha, in [0, 1). */
  alpha: number;
  /** Time the frame dropped at the `maxSteps` cap, in ms. */
  droppedMs: number;
  /** Whether the loop was paused (pausable phases skipped). */
  paused: boolean;
}

/** The fixed-step settings the lab's loop is built with. */
export interface LabFixedStep {
  readonly stepMs: number;
  readonly maxSteps: number;
  readonly overflow: OverflowPolicy;
}

/** A body moving along a track one fixed step at a time, in track lengths (unfolded). */
export interface Body {
  /** Its position before the latest fixed step. */
  previous: number;
  /** Its position after the latest fixed step. */
  current: number;
}

/**
 * How fast simulated time runs against the host's time, since the clock
 * started (the latest `setClock`, rebuild or start). `simulatedMs` is how far
 * `loop.frame().timeMs` moved, `hostMs` how far the host's timestamps (as the
 * loop was given them) moved from the first tick the clock took to the latest.
 */
export interface SimulatedSpeed {
  readonly simulatedMs: number;
  readonly hostMs: number;
  /** `simulatedMs / hostMs`: 1 runs in step with the host, 0.5 is slow motion at half speed. Undefined before two ticks. */
  readonly ratio: number | undefined;
}

/** The phases of the loop under study. */
type LabPhase = 'simulate' | 'observe';

/**
 * The model behind the timing lab: a tickflow loop under study, driven by the
 * page's frames with optional disturbances, and a record of what happened to
 * every host tick. A second loop on the same frames draws the picture, so two
 * loops share the page's one requestAnimationFrame.
 */
export class TimingLab {
  /** What happened to recent host ticks, oldest first. */
  readonly history: TickRecord[] = [];
  /** The body the fixed steps move. */
  readonly body: Body = { previous: 0, current: 0 };
  /** The latest real frame timestamp the drawing loop saw: "now" on the picture. */
  nowMs = 0;

  private subject: Loop<LabPhase>;
  private readonly display: Loop<'draw'>;
  private clockChoice: ClockChoice;
  private fixed: LabFixedStep = { stepMs: DEFAULT_STEP_MS, maxSteps: DEFAULT_MAX_STEPS, overflow: DEFAULT_OVERFLOW };
  private stepsSimulated = 0;

  private stallOffsetMs = 0;
  private stallRequested = false;
  private jitterRequested = false;
  private jitterUntilMs = -Infinity;
  private jitterMs = DEFAULT_JITTER_MS;
  private pending: TickRecord | undefined;
  /** Where the current clock started: the loop's timeMs and the host timestamp at its first tick (undefined: the next tick sets it). */
  private speedFrom: { timeMs: number; hostMs: number } | undefined;
  private latestHostMs = 0;

  /** @param draw Called once per page frame, by the drawing loop, with the time since the last one in seconds. */
  constructor(draw: (dtSeconds: number) => void) {
    this.clockChoice = chooseClock('wall');
    this.subject = this.buildSubject();
    this.display = createLoop({
      ticks: animationFrames().pipe(
        tap((rawMs) => {
          this.nowMs = rawMs;
        }),
      ),
      clock: wallClock(),
      phases: ['draw'],
    });
    this.display.on('draw', draw);
  }

  /** Starts both loops. */
  start(): void {
    this.startSubject();
  }

  // -- what the picture and the readouts show --------------------------------

  /** The loop under study's FrameInfo (ms). */
  frame(): FrameInfo {
    return this.subject.frame();
  }

  /** The loop under study's counters since it was built. */
  stats(): LoopStats {
    return this.subject.stats();
  }

  /** The latest frame's fixed-step plan. */
  plan(): StepPlan {
    return this.subject.plan();
  }

  /**
   * Simulated time against host time since the clock started. A paced clock
   * above the display rate reads below 1: on a 60 Hz host, paced 120 takes
   * every tick and each frame is worth exactly 8.33 ms (the seed: "every
   * delivered frame is worth exactly one interval"), so it plays at 0.5×.
   */
  speed(): SimulatedSpeed {
    const from = this.speedFrom;
    if (from === undefined) return { simulatedMs: 0, hostMs: 0, ratio: undefined };
    const simulatedMs = this.subject.frame().timeMs - from.timeMs;
    const hostMs = this.latestHostMs - from.hostMs;
    return { simulatedMs, hostMs, ratio: hostMs > 0 ? simulatedMs / hostMs : undefined };
  }

  /** Fixed steps run since the loop was built. */
  get simulatedSteps(): number {
    return this.stepsSimulated;
  }

  get clock(): ClockChoice {
    return this.clockChoice;
  }

  get fixedStep(): LabFixedStep {
    return this.fixed;
  }

  get paused(): boolean {
    return this.subject.paused;
  }

  get running(): boolean {
    return this.subject.running;
  }

  get jitterAmplitudeMs(): number {
    return this.jitterMs;
  }

  /** Whether a burst of jitter is under way (or about to start). */
  get jittering(): boolean {
    return this.jitterRequested || this.nowMs < this.jitterUntilMs;
  }

  /** The total a stall has added to host timestamps so far, in ms. */
  get stalledMs(): number {
    return this.stallOffsetMs;
  }

  // -- what the user changes ------------------------------------------------

  /** Swaps the clock while running (`loop.setClock`): the new clock starts with no baseline. */
  setClock(kind: ClockKind, fps?: number): void {
    const choice = chooseClock(kind, fps ?? this.clockChoice.fps);
    this.subject.setClock(choice.clock);
    this.clockChoice = choice;
    this.speedFrom = undefined;
  }

  /**
   * Rebuilds the loop with a new fixed step (a loop's accumulator is fixed
   * when it is built); the clock, the paused flag and running state carry
   * over, the counters start again.
   */
  setFixedStep(options: Partial<LabFixedStep>): void {
    const before = this.fixed;
    const previous = this.subject;
    const { paused, running } = previous;
    this.fixed = { ...before, ...options };
    try {
      this.subject = this.buildSubject(); // validates the options (an OptionError names the bad one)
    } catch (error) {
      this.fixed = before;
      throw error;
    }
    previous.destroy();
    this.subject.paused = paused;
    this.stepsSimulated = 0;
    this.speedFrom = undefined;
    if (running) this.startSubject();
  }

  /** Pauses the loop: ticks and frames go on, the pausable fixed-step simulation is skipped. */
  pause(): void {
    this.subject.paused = true;
  }

  resume(): void {
    this.subject.paused = false;
  }

  /** Stops the loop taking ticks (`loop.stop()`): no frames, the frame counter holds. */
  stop(): void {
    this.subject.stop();
  }

  /** Starts it again (`loop.start()`): the clock starts with no baseline, so the gap costs nothing. */
  resumeTicks(): void {
    this.startSubject();
  }

  /**
   * A simulated stall: from the next tick on, every host timestamp the loop
   * sees is {@link STALL_MS} later, as if the page had hung that long. The
   * page itself does not hang.
   */
  stall(): void {
    this.stallRequested = true;
  }

  /** A burst of jitter: for {@link JITTER_BURST_MS}, each host timestamp moves by a random amount in ±`amplitudeMs`. */
  jitter(amplitudeMs = this.jitterMs): void {
    if (!Number.isFinite(amplitudeMs) || amplitudeMs < 0) {
      throw new RangeError(`jitter: amplitudeMs must be a finite number >= 0, got ${amplitudeMs}`);
    }
    this.jitterMs = amplitudeMs;
    this.jitterRequested = true;
  }

  // -- the loop under study ------------------------------------------------------

  private buildSubject(): Loop<LabPhase> {
    const loop = createLoop({
      ticks: this.hostTicks(),
      clock: this.clockChoice.clock,
      fixedStep: this.fixed,
      phases: [{ name: 'simulate', fixed: true, pausable: true }, 'observe'],
    });
    loop.on('simulate', (stepSeconds) => {
      this.body.previous = this.body.current;
      this.body.current += BODY_SPEED * stepSeconds;
      this.stepsSimulated++;
    });
    loop.on('observe', () => {
      const record = this.pending;
      if (record === undefined) return; // a frame from outside the host (none in the lab)
      const plan = loop.plan();
      record.delivered = true;
      record.deltaMs = loop.frame().lastDeltaMs;
      record.steps = plan.steps;
      record.alpha = plan.alpha;
      record.droppedMs = plan.droppedMs;
    });
    return loop;
  }

  private startSubject(): void {
    this.speedFrom = undefined; // a start begins from a fresh clock baseline
    this.subject.start();
    // Restart the drawing loop after it, so within each page frame the loop
    // under study runs first and the picture shows this frame, not the last.
    this.display.stop();
    this.display.start();
  }

  /**
   * The page's frames, disturbed, with a record of each: the timestamp is
   * adjusted, handed to the loop (which runs its frame synchronously, or
   * declines the tick), and the outcome is kept.
   */
  private hostTicks(): Observable<number> {
    return new Observable<number>((subscriber) =>
      animationFrames().subscribe((rawMs) => {
        const record = this.disturb(rawMs);
        this.speedFrom ??= { timeMs: this.subject.frame().timeMs, hostMs: record.hostMs };
        this.latestHostMs = record.hostMs;
        this.pending = record;
        subscriber.next(record.hostMs);
        this.pending = undefined;
        this.keep(record);
      }),
    );
  }

  private disturb(rawMs: number): TickRecord {
    let disturbance: TickRecord['disturbance'] = 'none';
    if (this.stallRequested) {
      this.stallRequested = false;
      this.stallOffsetMs += STALL_MS;
      disturbance = 'stall';
    }
    if (this.jitterRequested) {
      this.jitterRequested = false;
      this.jitterUntilMs = rawMs + JITTER_BURST_MS;
    }
    let jitterMs = 0;
    if (rawMs < this.jitterUntilMs) {
      jitterMs = (Math.random() * 2 - 1) * this.jitterMs;
      if (disturbance === 'none') disturbance = 'jitter';
    }
    return {
      rawMs,
      hostMs: rawMs + this.stallOffsetMs + jitterMs,
      jitterMs,
      disturbance,
      delivered: false,
      deltaMs: 0,
      steps: 0,
      alpha: 0,
      droppedMs: 0,
      paused: this.subject.paused,
    };
  }

  private keep(record: TickRecord): void {
    const history = this.history;
    history.push(record);
    let old = 0;
    while (old < history.length && history[old]!.rawMs < record.rawMs - HISTORY_MS) old++;
    if (old > 0) history.splice(0, old);
  }
}
