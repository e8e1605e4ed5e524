import { Subject, type OperatorFunction } from 'rxjs';
import { fixedStep, type FixedStepOptions, type StepPlan } from '../operators/index.js';

/**
 * Steady step counts (issue 8, item 7): with a 1/60 s fixed step on a host
 * whose frames jitter, how often does a frame run a step count the host's
 * rate does not call for (0 or 2 steps on a 60 Hz display), and is time
 * conserved over a long run?
 *
 * The accumulator under test is a parameter: a {@link StepCounterFactory}
 * makes a fresh one for a step and a cap, and each call hands it one frame's
 * delta and gets back the steps that frame runs. {@link tickflowFixedStep}
 * adapts tickflow's own `fixedStep` operator (plain, or with a `snap`
 * option), so what is measured is the operator users get.
 */

/** One frame's delta in, in ms; the number of fixed steps that frame runs out. */
export type StepCounter = (deltaMs: number) => number;
/** Makes a fresh {@link StepCounter} for a step (ms) and a cap. */
export type StepCounterFactory = (stepMs: number, maxSteps: number) => StepCounter;

/** The step rate under test, in Hz: a step of 1/60 s. */
export const STEADY_STEP_HZ = 60;
/** That step, in ms. */
export const STEADY_STEP_MS = 1000 / STEADY_STEP_HZ;
/** The cap: larger than any jittered frame here needs, so nothing is dropped and time conservation is the accumulator's alone. */
export const STEADY_MAX_STEPS = 5;
/** Host rates under test, in Hz. */
export const STEADY_HOST_RATES_HZ = [60, 120, 144] as const;
/** Each timestamp lands uniformly within ± this of its ideal time, in ms. */
export const STEADY_JITTER_MS = 0.5;
/** Frames per run. */
export const STEADY_FRAMES = 1_000_000;
/** Frames left out of the step-count share at the start (the warm-up). */
export const STEADY_WARMUP_FRAMES = 1_000;
/** The snap tried when the operator has one: a fraction of a step (the option's range is [0, 0.5)). */
export const STEADY_SNAP_FRACTION = 0.25;

/** `fixedStep(options)` as a {@link StepCounterFactory}: the operator fed one delta at a time through a Subject. */
export function tickflowFixedStep(extraOptions: Omit<FixedStepOptions, 'stepMs' | 'maxSteps'> = {}): StepCounterFactory {
  return (stepMs, maxSteps) => fromOperator(fixedStep({ stepMs, maxSteps, ...extraOptions }));
}

/** Any operator from deltas to step plans, as a {@link StepCounter}. */
export function fromOperator(operator: OperatorFunction<number, StepPlan>): StepCounter {
  const deltas = new Subject<number>();
  let steps = 0;
  deltas.pipe(operator).subscribe((plan) => {
    steps = plan.steps;
  });
  return (deltaMs) => {
    steps = 0;
    deltas.next(deltaMs);
    return steps;
  };
}

/**
 * The snapping accumulator, if tickflow's `fixedStep` snaps: `fixedStep({
 * stepMs, maxSteps, snap: STEADY_SNAP_FRACTION })` as a factory, or
 * `undefined` when this build has no snapping. Told by behaviour, not by the
 * option being accepted: a step of 10 ms fed one 9.9 ms delta runs 1 step
 * only if 9.9 was snapped to the whole step.
 */
export function snappingFixedStep(): StepCounterFactory | undefined {
  try {
    const factory = tickflowFixedStep({ snap: STEADY_SNAP_FRACTION } as Omit<FixedStepOptions, 'stepMs' | 'maxSteps'>);
    return factory(10, STEADY_MAX_STEPS)(9.9) === 1 ? factory : undefined;
  } catch {
    return undefined; // the option is refused: no snapping in this build
  }
}

/** One run's figures. */
export interface SteadyReading {
  readonly hostHz: number;
  /** Frames in a window that spans a whole number of steps on a jitter-free host: 1 at 60 Hz, 2 at 120 Hz, 12 at 144 Hz. */
  readonly windowFrames: number;
  /** Steps such a window runs on a jitter-free host: 1, 1, 5. */
  readonly windowSteps: number;
  /** Share (%) of frames after the warm-up whose window (it and the frames before it) ran another number of steps. */
  readonly unsteadyPercent: number;
  /** Largest |sum of deltas − steps · step| over the run, in ms. */
  readonly maxTimeErrorMs: number;
  /** The same at the end of the run, in ms. */
  readonly finalTimeErrorMs: number;
}

const greatestCommonDivisor = (a: number, b: number): number => (b === 0 ? a : greatestCommonDivisor(b, a % b));

/**
 * Runs `frames` frames of a host at `hostHz` (timestamps `i / hostHz` s,
 * each moved by a uniform jitter of ±`jitterMs`, from a fixed seed) through
 * a fresh counter: deltas as a wall clock makes them (the first frame is
 * worth 0), steps counted per frame.
 *
 * "Unsteady" generalises the "0 or 2 steps on 60 Hz" to hosts whose
 * frames are not one step each: a jitter-free host runs exactly
 * `windowSteps` steps in any `windowFrames` consecutive frames (at 120 Hz
 * every pair of frames runs one step; at 144 Hz every 12 frames run 5); a
 * frame is unsteady when its window ran another number. At 60 Hz the
 * window is the frame itself: a frame that ran 0 or 2 steps.
 */
export function measureSteadySteps(
  makeCounter: StepCounterFactory,
  hostHz: number,
  { frames = STEADY_FRAMES, jitterMs = STEADY_JITTER_MS, warmupFrames = STEADY_WARMUP_FRAMES, seed = 0x5eed } = {},
): SteadyReading {
  const stepHz = STEADY_STEP_HZ;
  const windowFrames = hostHz / greatestCommonDivisor(hostHz, stepHz);
  const windowSteps = (windowFrames * stepHz) / hostHz;
  const counter = makeCounter(STEADY_STEP_MS, STEADY_MAX_STEPS);
  const intervalMs = 1000 / hostHz;
  const recentSteps = new Int32Array(windowFrames); // a ring of the window's step counts
  let windowSum = 0;
  let state = seed >>> 0;
  let previousMs = NaN;
  // The deltas summed with Neumaier's compensation and the steps counted as
  // an integer, so the error read is the accumulator's, not the sum's
  // rounding (a million doubles of ≈ 16.7 ms would add ≈ 1e-4 ms of it).
  let deltaSumMs = 0;
  let deltaSumCompensationMs = 0;
  let totalSteps = 0;
  let maxTimeErrorMs = 0;
  let unsteady = 0;
  for (let i = 0; i < frames; i++) {
    // mulberry32, as bench/host-timeline.ts draws its jitter
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    const unit = ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    const timestampMs = i * intervalMs + (unit * 2 - 1) * jitterMs;
    const deltaMs = previousMs !== previousMs ? 0 : Math.max(0, timestampMs - previousMs);
    previousMs = timestampMs;

    const steps = counter(deltaMs);
    const sum = deltaSumMs + deltaMs;
    deltaSumCompensationMs += Math.abs(deltaSumMs) >= Math.abs(deltaMs) ? deltaSumMs - sum + deltaMs : deltaMs - sum + deltaSumMs;
    deltaSumMs = sum;
    totalSteps += steps;
    maxTimeErrorMs = Math.max(maxTimeErrorMs, Math.abs(deltaSumMs + deltaSumCompensationMs - totalSteps * STEADY_STEP_MS));

    const slot = i % windowFrames;
    windowSum += steps - recentSteps[slot]!;
    recentSteps[slot] = steps;
    if (i >= warmupFrames && windowSum !== windowSteps) unsteady++;
  }
  return {
    hostHz,
    windowFrames,
    windowSteps,
    unsteadyPercent: (unsteady / (frames - warmupFrames)) * 100,
    maxTimeErrorMs,
    finalTimeErrorMs: Math.abs(deltaSumMs + deltaSumCompensationMs - totalSteps * STEADY_STEP_MS),
  };
}
