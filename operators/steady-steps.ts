/**
 * How many recent frames {@link steadyStepCount} keeps step counts for: 12,
 * so a pattern such as 144 Hz against a 60 Hz step (5 steps in 12 frames)
 * is seen whole.
 */
export const STEADY_STEPS_WINDOW = 12;

/**
 * The history behind steady step counts: for the last 1 to
 * {@link STEADY_STEPS_WINDOW} frames, how many fixed steps they ran
 * (`ran[i]`: the last i + 1 frames together), and how many such a run of
 * frames typically runs (`typical[i]`: each run of i + 1 frames ran either
 * `typical[i]` or one more).
 */
export interface SteadySteps {
  /** `ran[i]`: the steps the last i + 1 frames ran together. */
  readonly ran: Int32Array;
  /** `typical[i]`: a run of i + 1 frames runs this many steps, or one more. */
  readonly typical: Int32Array;
}

/** A history that expects one step a frame until it learns otherwise. */
export function createSteadySteps(): SteadySteps {
  const ran = new Int32Array(STEADY_STEPS_WINDOW);
  const typical = new Int32Array(STEADY_STEPS_WINDOW);
  for (let i = 0; i < STEADY_STEPS_WINDOW; i++) ran[i] = typical[i] = i;
  return { ran, typical };
}

/**
 * Chooses this frame's step count so that every run of recent frames keeps
 * running its typical number of steps, as long as the time that leaves
 * accumulated stays within `snap` of a step of what is owed (Godot's
 * "physics jitter fix" is the anchor). The accumulator keeps the difference,
 * so no time is lost: a frame that ran one step early leaves a little less
 * than nothing, and the next frame makes it up.
 *
 * 1. From the history, the step counts that keep every run of the last 1 to
 *    11 frames plus this one typical: at least `least`, at most `most`.
 * 2. The plain count (`floor(accumulated / step)`) is kept when it is in that
 *    range. Otherwise it moves to the nearest end of it, unless that would
 *    owe or bank more than `snap` of a step; then it moves only that far and
 *    the history learns the new pattern (a new display rate, a hitch).
 * 3. The count is recorded.
 *
 * Why it beats snapping each frame on its own: a jittered 144 Hz host against
 * a 60 Hz step runs 0 or 1 steps in a 12-frame pattern, and some of its
 * frames fall 1.4 ms from a step boundary, inside any window that would catch
 * a 60 Hz host's jitter. The history tells a real pattern from jitter at any
 * ratio.
 *
 * @param steady The history; updated in place.
 * @param plainSteps `floor(accumulated / step)`.
 * @param owedSteps The accumulated time in steps (not floored).
 * @param snap How far, as a fraction of a step, the count may run ahead of or
 * behind the time owed; in (0, 0.5).
 * @return The step count to run (>= 0).
 */
export function steadyStepCount(steady: SteadySteps, plainSteps: number, owedSteps: number, snap: number): number {
  const { ran, typical } = steady;
  let least = typical[0]!;
  let most = least + 1;
  let relearn = false;
  for (let i = 0; i < STEADY_STEPS_WINDOW - 1; i++) {
    // This frame and the i + 1 before it should run typical[i + 1] steps, or one more.
    const toTypical = typical[i + 1]! - ran[i]!;
    if (toTypical > most || toTypical + 1 < least) {
      relearn = true;
      break;
    }
    if (toTypical > least) least = toTypical;
    if (toTypical + 1 < most) most = toTypical + 1;
  }

  let steps = plainSteps;
  if (steps < least) {
    const ahead = Math.floor(owedSteps + snap);
    if (ahead < least) relearn = true;
    steps = Math.min(least, ahead);
  } else if (steps > most) {
    const behind = Math.floor(owedSteps - snap);
    if (behind > most) relearn = true;
    steps = Math.max(most, behind);
  }
  if (steps < 0) steps = 0;

  for (let i = STEADY_STEPS_WINDOW - 2; i >= 0; i--) ran[i + 1] = ran[i]! + steps;
  ran[0] = steps;
  if (relearn) {
    for (let i = 0; i < STEADY_STEPS_WINDOW; i++) {
      if (typical[i]! > ran[i]!) typical[i] = ran[i]!;
      else if (typical[i]! < ran[i]! - 1) typical[i] = ran[i]! - 1;
    }
  }
  return steps;
}
