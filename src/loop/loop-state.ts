import { OptionError } from '../../operators/option-error.js';
import type { StepAccumulator, MutableStepPlan } from '../../operators/step-accumulator.js';
import type { FrameInfo, MutableFrameInfo } from '../../operators/frame-info.js';

/**
 * What a loop keeps between frames that the next frame depends on, as plain
 * data: the frame counters, the fixed-step accumulator's time and the latest
 * plan (its alpha), the pause, the time scale and the host time `advance()`
 * counts on from. Part of every engine's snapshot (`engine.save()`).
 *
 * Not in it: the clock's own state (a wall clock's baseline, a paced clock's
 * phase against the host's frames). That is host time, not game time: after a
 * restore the clock starts fresh, as it does after a level load or a
 * `setClock`, so the first host tick sets the baseline and no time between
 * the save and the restore is charged to a frame. (A replay records the
 * clock's deltas, never its state, so it replays the same either way.)
 */
export interface LoopState {
  /** Frames so far, simulated time, active time and the latest delta (ms): `frame()`. */
  readonly frame: FrameInfo;
  /** Fixed steps run so far. */
  readonly stepsTotal: number;
  /** Whether the loop is paused (its pausable phases skipped). */
  readonly paused: boolean;
  /** Whether a single step was asked for while paused (`step()`) and not yet run: the next frame runs it. Absent (none) in a snapshot from before it was kept. */
  readonly stepRequested?: boolean;
  /** Game time per clock time. */
  readonly timeScale: number;
  /** The host time (ms) of the latest tick: `advance()` with no timestamp goes on from it. */
  readonly lastTimestampMs: number;
  /** The fixed-step accumulator's time, absent without a fixed step. */
  readonly fixed?: {
    /** Time accumulated and not yet simulated (ms). */
    readonly accumulatedMs: number;
    /** Snapping's carry below zero (ms). */
    readonly snapCarryMs: number;
    /** The recent step counts snapping keeps steady (absent without snapping). */
    readonly steady?: SteadyStepsState;
    /** The latest frame's plan: steps, alpha and time dropped. */
    readonly plan: PlanState;
  };
}

/** The recent step counts a snapping accumulator keeps steady, in a {@link LoopState}. */
export interface SteadyStepsState {
  /** The step counts the recent frames ran. */
  readonly ran: readonly number[];
  /** The step counts snapping took as typical for them. */
  readonly typical: readonly number[];
}

/** The latest frame's fixed-step plan, in a {@link LoopState}. */
export interface PlanState {
  /** Fixed steps the frame ran. */
  readonly steps: number;
  /** Where the frame sat between the last two steps, in [0, 1): what interpolation draws with. */
  readonly alpha: number;
  /** Time dropped at the catch-up cap in that frame (ms). */
  readonly droppedMs: number;
}

/** The loop's parts a {@link LoopState} is read from and written to. @internal */
export interface LoopStateParts {
  readonly info: MutableFrameInfo;
  readonly plan: MutableStepPlan;
  readonly accumulator: StepAccumulator | undefined;
  stepsTotal: number;
  paused: boolean;
  stepping: boolean;
  stepRequested: boolean;
}

/** Reads a loop's state, as fresh plain data. @internal */
export function readLoopState(parts: LoopStateParts, timeScale: number, lastTimestampMs: number): LoopState {
  const { info, plan, accumulator } = parts;
  const { count, timeMs, activeMs, lastDeltaMs } = info;
  const state: LoopState = { frame: { count, timeMs, activeMs, lastDeltaMs }, stepsTotal: parts.stepsTotal, paused: parts.paused, stepRequested: parts.stepRequested, timeScale, lastTimestampMs };
  if (accumulator === undefined) return state;
  const { accumulatedMs, snapCarryMs, steady } = accumulator;
  return {
    ...state,
    fixed: {
      accumulatedMs,
      snapCarryMs,
      ...(steady === undefined ? {} : { steady: { ran: Array.from(steady.ran), typical: Array.from(steady.typical) } }),
      plan: { steps: plan.steps, alpha: plan.alpha, droppedMs: plan.droppedMs },
    },
  };
}

/**
 * Writes a {@link LoopState} back into the runner (the time scale and host
 * time are the loop's own). Checks the state first, so a bad one changes
 * nothing; a single step asked for and not yet run is put back as saved.
 *
 * @return Whether it wrote (false with `checkOnly`).
 *
 * @throws {OptionError} naming `where` for a state that is not a loop state of this loop (a fixed step where it has none, or none where it has one).
 * @internal
 */
export function writeLoopState(where: string, parts: LoopStateParts, state: LoopState, checkOnly = false): boolean {
  checkLoopState(where, parts, state);
  if (checkOnly) return false;
  Object.assign(parts.info, state.frame);
  parts.paused = state.paused === true;
  parts.stepping = false;
  parts.stepRequested = state.paused === true && state.stepRequested === true;
  parts.stepsTotal = state.stepsTotal;
  const { accumulator, plan } = parts;
  if (accumulator === undefined || state.fixed === undefined) return true;
  accumulator.accumulatedMs = state.fixed.accumulatedMs;
  accumulator.snapCarryMs = state.fixed.snapCarryMs;
  if (accumulator.steady !== undefined && state.fixed.steady !== undefined) {
    accumulator.steady.ran.set(state.fixed.steady.ran);
    accumulator.steady.typical.set(state.fixed.steady.typical);
  }
  plan.steps = state.fixed.plan.steps;
  plan.alpha = state.fixed.plan.alpha;
  plan.droppedMs = state.fixed.plan.droppedMs;
  return true;
}

/** @throws {OptionError} for a state {@link writeLoopState} would refuse. @internal */
export function checkLoopState(where: string, parts: Pick<LoopStateParts, 'accumulator'>, state: LoopState): void {
  const rule = 'a loop state read from this engine (snapshot.loop)';
  if (state === null || typeof state !== 'object' || state.frame === null || typeof state.frame !== 'object') throw new OptionError(where, 'snapshot.loop', rule, state);
  for (const key of ['count', 'timeMs', 'activeMs', 'lastDeltaMs'] as const) {
    if (typeof state.frame[key] !== 'number' || !(state.frame[key] >= 0)) throw new OptionError(where, `snapshot.loop.frame.${key}`, 'a number >= 0', state.frame[key]);
  }
  if (typeof state.timeScale !== 'number' || !(state.timeScale >= 0) || !Number.isFinite(state.timeScale)) {
    throw new OptionError(where, 'snapshot.loop.timeScale', 'a finite number >= 0', state.timeScale);
  }
  if (state.stepRequested !== undefined && typeof state.stepRequested !== 'boolean') throw new OptionError(where, 'snapshot.loop.stepRequested', 'a boolean (or absent)', state.stepRequested);
  if ((parts.accumulator === undefined) !== (state.fixed === undefined)) {
    throw new OptionError(where, 'snapshot.loop.fixed', parts.accumulator === undefined ? 'absent: this engine has no fixed step' : 'present: this engine has a fixed step', state.fixed);
  }
  const steady = state.fixed?.steady;
  if (steady !== undefined && (parts.accumulator?.steady === undefined || steady.ran.length !== parts.accumulator.steady.ran.length)) {
    throw new OptionError(where, 'snapshot.loop.fixed.steady', 'steady step counts of this engine (the same snap setting)', steady);
  }
}
