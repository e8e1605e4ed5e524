import { countFrame, createFrameInfo, type MutableFrameInfo } from '../../operators/frame-info.js';
import { saturatingAdd } from '../../operators/saturating-add.js';
import {
  accumulate,
  clearAccumulated,
  createStepPlan,
  type MutableStepPlan,
  type StepAccumulator,
} from '../../operators/step-accumulator.js';
import { OptionError } from '../../operators/option-error.js';
import { Broadcast } from '../streams/broadcast.js';
import type { Phase } from './phase.js';
import type { PhaseError } from './phase-error.js';

/** A phase with its listeners: one row of a {@link FrameRunner}'s table. @internal */
export interface PhaseRow<P extends string = string> extends Phase<P> {
  /** Its handlers and stream subscribers, called in the order added. */
  readonly listeners: Broadcast<number>;
  /** Told when the phase starts and ends (see {@link PhaseGuard}); `undefined` for almost every phase. */
  guard: PhaseGuard | undefined;
}

/**
 * Told when a phase starts and when it ends, even when one of its listeners
 * threw (an engine's development warnings wrap `Math.random` for the
 * duration of a phase this way). @internal
 */
export interface PhaseGuard {
  /** The phase is about to call its listeners. */
  enter(phase: string): void;
  /** The phase's listeners are done (or one threw through, with failFast). */
  exit(): void;
}

/**
 * Runs one frame over a phase table: counts it, plans its fixed steps, and
 * runs the phases in order. The loop feeds it the deltas its clock delivers;
 * a test can drive it directly with deltas. @internal
 *
 * A frame, top to bottom ({@link run}):
 *
 * 1. The frame counter, simulated time, active time and latest delta move.
 * 2. With a fixed step, the accumulator plans the frame's steps (none while
 *    paused when the fixed phases are pausable).
 * 3. Each phase in order: skipped when paused and pausable (read before each
 *    phase, so a handler that pauses stops the rest of the frame's pausable
 *    phases); else each of its listeners is called, each call isolated, with
 *    the frame's delta in seconds. The fixed phases run as a group once per
 *    planned step, with the step in seconds.
 *
 * A single step ({@link requestStep}) asked for while paused makes one frame
 * run as if unpaused, for exactly one fixed step: its fixed group runs once,
 * its other phases are handed the step's seconds, and alpha is 1 (the frame
 * shows the step it just made). The request is taken when the frame reaches
 * its fixed group, so a phase before the group (one that reads a step key)
 * can still ask for this frame; without fixed phases, when the frame starts.
 */
export class FrameRunner<P extends string = string> {
  /** The frames so far (ms). */
  readonly info: MutableFrameInfo = createFrameInfo();
  /** The latest frame's plan (all zero without an accumulator). */
  readonly plan: MutableStepPlan;
  /** Whether the pausable phases are skipped. */
  paused = false;
  /** The phase being run, as an index into `phases`; -1 outside a frame. */
  phaseIndex = -1;
  /** The frame's first error, for `advance()` and failFast to act on. */
  pendingError: PhaseError | undefined;
  /** Whether the frame under way is a single step (see {@link requestStep}). */
  stepping = false;
  /** Whether a single step was asked for ({@link requestStep}) and the next frame is to run it: part of the loop's saved state. */
  stepRequested = false;
  /** The fixed steps run so far, over the runner's life (during a step, counting it; a step cut short by {@link abandon} does not count). */
  stepsTotal = 0;

  /**
   * The seconds handed to the phases, in fields that are never numbers-only
   * (they start `undefined`), so a frame's value is boxed once, when it is
   * stored, and every listener of every phase gets that same box: passed as
   * a plain local, the number was boxed again for each phase's emission
   * (measured in bench/: 16 B a phase a frame). A frame worth what the
   * previous one was (a constant clock, `advance()` at its default step)
   * reuses the box, so allocates nothing.
   */
  private frameSeconds: number | undefined = undefined;
  private frameSecondsFor = NaN;
  /** The fixed step in seconds, boxed once: set at construction and by {@link retuned}. */
  private stepSeconds: number | undefined = undefined;
  /** Between {@link begin} and {@link end}. */
  private framing = false;
  /** Whether the rest of the frame under way is skipped ({@link abandon}). */
  abandoned = false;

  /** Where the fixed group starts and ends in `phases`; -1 when there is none. */
  private readonly fixedStart: number;
  private readonly fixedEnd: number;
  private readonly fixedGroupPausable: boolean;
  /** The frame's stages, in order: a phase that is not fixed, or the fixed group (`start` to `end`). */
  private readonly stages: readonly { readonly start: number; readonly end: number; readonly fixed: boolean }[];

  /**
   * @param phases The table, in frame order.
   * @param accumulator Plans the fixed group's steps; `undefined` without a fixed step.
   * @param onListenerError Where an error a listener threw goes; it may
   * throw (failFast) to end the frame where it is.
   */
  constructor(
    readonly phases: readonly PhaseRow<P>[],
    readonly accumulator: StepAccumulator | undefined,
    private readonly onListenerError: (cause: unknown) => void,
  ) {
    this.plan = createStepPlan(accumulator?.stepMs ?? 0);
    this.retuned();
    this.fixedStart = phases.findIndex((p) => p.fixed);
    this.fixedEnd = phases.findLastIndex((p) => p.fixed);
    const fixed = phases.filter((p) => p.fixed);
    this.fixedGroupPausable = fixed.length > 0 && fixed.every((p) => p.pausable);
    const stages = [];
    for (let i = 0; i < phases.length; i++) {
      if (i === this.fixedStart) {
        stages.push({ start: i, end: this.fixedEnd, fixed: true });
        i = this.fixedEnd;
      } else stages.push({ start: i, end: i, fixed: false });
    }
    this.stages = stages;
  }

  /**
   * The row of phase `name`.
   *
   * @throws {OptionError} naming `where` when the table has no such phase.
   */
  row(name: P, where: string): PhaseRow<P> {
    const row = this.phases.find((p) => p.name === name);
    if (row === undefined) {
      throw new OptionError(where, 'name', `one of the loop's phases (${this.phases.map((p) => p.name).join(', ')})`, name);
    }
    return row;
  }

  /** Whether a frame is under way: begun and not ended (between its stages too). */
  get inFrame(): boolean {
    return this.framing;
  }

  /** How many stages a frame has: each phase that is not fixed is one, and the fixed group is one. */
  get stageCount(): number {
    return this.stages.length;
  }

  /** The name of the phase being run. */
  get currentPhase(): string {
    return this.phases[this.phaseIndex]?.name ?? 'outside a frame';
  }

  /** Pauses or resumes. Pausing clears the time accumulated and not yet simulated. */
  setPaused(paused: boolean): void {
    if (paused && !this.paused && this.accumulator !== undefined) {
      clearAccumulated(this.accumulator);
      this.plan.alpha = 0;
    }
    this.paused = paused;
    if (!paused) this.stepRequested = false;
  }

  /** While paused, asks for a single step (see the class comment). Does nothing while running. */
  requestStep(): void {
    if (this.paused) this.stepRequested = true;
  }

  /** Runs one frame worth `deltaMs` (a finite number >= 0): {@link begin}, every stage in order, {@link end}. */
  run(deltaMs: number): void {
    this.begin(deltaMs);
    this.runStages();
    this.end();
  }

  /** Runs every stage of the frame under way, in order. */
  runStages(): void {
    const stages = this.stages.length;
    for (let k = 0; k < stages; k++) this.runStage(k);
  }

  /**
   * Begins a frame worth `deltaMs` (a finite number >= 0): counts it and plans
   * its fixed steps. Its stages then run one by one ({@link runStage}) and
   * {@link end} closes it: how the page's clock runs every page engine's
   * read, then every engine's steps, then every engine's render. A frame run
   * whole ({@link run}) is the same three calls.
   */
  begin(deltaMs: number): void {
    const { plan, accumulator, fixedStart } = this;
    this.phaseIndex = 0;
    this.framing = true;
    this.abandoned = false;
    this.stepping = false;
    if (this.stepRequested && fixedStart < 0) this.takeStep();
    countFrame(this.info, deltaMs, !this.paused || this.stepping);
    if (accumulator !== undefined) {
      if (this.paused && this.fixedGroupPausable) {
        plan.steps = 0;
        plan.droppedMs = 0;
      } else {
        accumulate(accumulator, deltaMs, plan);
      }
    }
    this.setFrameSeconds(deltaMs);
  }

  /**
   * Runs stage `k` of the frame under way: a phase that is not fixed, or the
   * whole fixed group (once per planned step). Nothing runs outside a frame
   * or after {@link abandon}.
   */
  runStage(k: number): void {
    if (!this.framing || this.abandoned) return;
    const stage = this.stages[k]!;
    try {
      if (!stage.fixed) {
        this.runPhase(stage.start, this.frameSeconds);
        return;
      }
      if (this.stepRequested) this.stepThisFrame();
      const { plan } = this;
      for (let step = 0; step < plan.steps && !this.abandoned; step++) {
        this.stepsTotal++; // during the step: its number
        for (let j = stage.start; j <= stage.end && !this.abandoned; j++) this.runPhase(j, this.stepSeconds);
        if (this.abandoned) this.stepsTotal--; // a step cut short was not run
      }
    } catch (error) {
      // Only a failFast rethrow from onListenerError ends a frame early and lands here.
      this.pendingError ??= error as PhaseError;
      this.abandoned = true;
    }
  }

  /** Ends the frame under way (whatever ran of it). */
  end(): void {
    this.phaseIndex = -1;
    this.framing = false;
    this.abandoned = false;
    this.stepping = false;
  }

  /**
   * Skips what is left of the frame under way: no later phase, step or
   * stage of it runs ({@link end} still closes it). What a page engine does
   * when it stops, pauses or fails mid-frame.
   */
  abandon(): void {
    if (this.framing) this.abandoned = true;
  }

  /** The fixed step changed (`setFixedStep`): the seconds handed to the fixed phases follow from the next step on. */
  retuned(): void {
    this.stepSeconds = (this.accumulator?.stepMs ?? 0) / 1000;
  }

  /** Turns a pending step request into this frame's single step (while paused). */
  private takeStep(): boolean {
    if (!this.stepRequested || !this.paused) return false;
    this.stepRequested = false;
    this.stepping = true;
    return true;
  }

  /**
   * At the fixed group: a step asked for makes this frame one fixed step of
   * the step in force, shown as made (alpha 1), its other phases handed the
   * step's seconds. The step in force, not the latest plan's: no frame
   * accumulates while paused, so the plan still holds the step of the last
   * frame that ran, which a `setFixedStep` or a restore since has replaced.
   */
  private stepThisFrame(): void {
    if (!this.takeStep()) return;
    const { plan, info } = this;
    plan.stepMs = this.accumulator?.stepMs ?? plan.stepMs;
    plan.steps = 1;
    plan.alpha = 1;
    plan.droppedMs = 0;
    info.activeMs = saturatingAdd(info.activeMs, plan.stepMs);
    this.setFrameSeconds(plan.stepMs);
  }

  private setFrameSeconds(deltaMs: number): void {
    if (deltaMs !== this.frameSecondsFor) {
      this.frameSecondsFor = deltaMs;
      this.frameSeconds = deltaMs / 1000;
    }
  }

  private runPhase(index: number, seconds: number | undefined): void {
    if (this.abandoned) return;
    const phase = this.phases[index]!;
    if (phase.pausable && this.paused && !this.stepping) return;
    this.phaseIndex = index;
    const guard = phase.guard;
    if (guard === undefined) {
      phase.listeners.emitIsolated(seconds!, this.onListenerError);
      return;
    }
    guard.enter(phase.name);
    try {
      phase.listeners.emitIsolated(seconds!, this.onListenerError);
    } finally {
      guard.exit();
    }
  }
}
