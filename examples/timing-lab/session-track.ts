import { accumulate, clearAccumulated, createStepAccumulator, createStepPlan, type OverflowPolicy, type StepPlan } from 'tickflow/operators';
import type { Session, SessionEvent } from 'tickflow/replay';
import type { LabPictureSource } from './draw.js';
import { HISTORY_MS, type Body, type LabFixedStep, type TickRecord } from './lab.js';

/** How fast the drawn body moves, in track lengths per second: the live lab's. */
const BODY_SPEED = 0.45;

/** The fixed-tick runtime's own keys for pause and a single step (its default bindings). */
const RUNTIME_PAUSE_KEY = 'KeyP';
const RUNTIME_STEP_KEY = 'KeyN';

/** What a session does not say about its fixed step, tried in turn until the steps drawn give every recorded tick count: the step (as a rate in Hz)... */
const RATES_TRIED_HZ = [60, 50, 30, 120, 100, 144, 90, 75, 72, 64, 48, 40, 25, 24, 20, 10] as const;
/** ...its cap, and its overflow policy. */
const MAX_STEPS_TRIED = [1, 2, 3, 4, 5, 6, 8, 10, 12] as const;
const OVERFLOWS: readonly OverflowPolicy[] = ['drop-backlog', 'keep-fraction'];

/** One tick of the session, drawn: the lab's record, the frames run by then, the fixed step in force, and the body after it. */
interface Drawn extends TickRecord {
  readonly frame: number;
  readonly stepMs: number;
  readonly maxSteps: number;
  readonly body: Body;
}

/** Whether the steps drawn give the tick counts the session recorded (its checkpoints' and its events'). */
export interface StepsAgreement {
  /** The recorded tick counts compared. */
  readonly compared: number;
  /** The first that differs, or undefined when every one is the same. */
  readonly first?: { readonly frame: number; readonly recorded: number; readonly drawn: number };
}

/**
 * A recorded session on the timing lab's picture: every tick it recorded (a
 * delivered delta, or a declined tick), the fixed steps and alpha each frame
 * made, and the body they move, played back at the recorded pace.
 *
 * A session holds the deltas and the declined ticks exactly, and the fixed
 * steps run by each checkpoint and input (their `tick` stamps), not each
 * frame's: the steps drawn are made again by the same accumulator tickflow's
 * loop runs (`accumulate`, from the session's start), with the step, cap and
 * overflow that give every recorded tick count ({@link agreement} says
 * whether some did not). Pause, single step, time scale and fixed-step
 * changes recorded between frames are applied as the loop applies them; a
 * runtime's scene replacement takes the new scene's fixed step.
 *
 * Time on the picture is the recorded time: each frame sits its delta after
 * the one before. A declined tick's host time is not recorded: declined
 * ticks are spread evenly over the frame that followed them.
 */
export class SessionTrack implements LabPictureSource {
  /** The fixed step the steps were drawn with, as it was at the start (a runtime's replaced scene brings its own). */
  readonly initialStep: LabFixedStep;
  readonly agreement: StepsAgreement;
  readonly clock: { readonly label: string };
  readonly stalledMs = 0;
  readonly running = true;
  /** The ticks drawn so far, oldest first, the last {@link HISTORY_MS} of recorded time. */
  history: TickRecord[] = [];
  /** Where the playback is, in recorded ms: "now" on the picture. */
  nowMs = 0;
  /** The recorded time of the whole session, in ms. */
  readonly durationMs: number;
  private readonly ticks: Drawn[];
  /** The index of the latest tick drawn. */
  private at = -1;

  constructor(readonly session: Session) {
    const made = fit(session);
    this.ticks = made.ticks;
    this.initialStep = made.fixedStep;
    this.agreement = made.agreement;
    this.durationMs = this.ticks.length === 0 ? 0 : this.ticks[this.ticks.length - 1]!.rawMs;
    this.clock = { label: 'recorded session' };
  }

  /** The fixed step in force at the latest tick drawn. */
  get fixedStep(): LabFixedStep {
    if (this.at < 0) return this.initialStep;
    const { stepMs, maxSteps } = this.ticks[this.at]!;
    return { ...this.initialStep, stepMs, maxSteps };
  }

  /** Every tick of the session. */
  get allTicks(): readonly TickRecord[] {
    return this.ticks;
  }

  /** The frames drawn so far (delivered ticks). */
  get frames(): number {
    return this.at < 0 ? 0 : this.ticks[this.at]!.frame;
  }

  /** The latest tick drawn was paused (its frame ran no simulation). */
  get paused(): boolean {
    return this.at >= 0 && this.ticks[this.at]!.paused;
  }

  /** The body after the latest frame drawn. */
  get body(): Body {
    return this.at < 0 ? { previous: 0, current: 0 } : this.ticks[this.at]!.body;
  }

  /** The latest delivered frame's plan. */
  plan(): StepPlan {
    for (let i = this.at; i >= 0; i--) {
      const tick = this.ticks[i]!;
      if (tick.delivered) return { steps: tick.steps, stepMs: this.fixedStep.stepMs, alpha: tick.alpha, droppedMs: tick.droppedMs };
    }
    return { steps: 0, stepMs: this.fixedStep.stepMs, alpha: 0, droppedMs: 0 };
  }

  /**
   * Plays on by `pageMs` of the page's time at the recorded pace, from the
   * start again after the end.
   */
  advance(pageMs: number): void {
    if (this.ticks.length === 0) return;
    this.nowMs += Math.max(0, Math.min(pageMs, 250));
    if (this.nowMs > this.durationMs + 1000) {
      this.nowMs = 0; // a second of "now" past the end, then from the start
      this.at = -1;
    }
    while (this.at + 1 < this.ticks.length && this.ticks[this.at + 1]!.rawMs <= this.nowMs) this.at++;
    let from = this.at;
    while (from >= 0 && this.ticks[from]!.rawMs > this.nowMs - HISTORY_MS) from--;
    this.history = this.ticks.slice(from + 1, this.at + 1);
  }
}

/** The ticks drawn with the step, cap and overflow that agree best with the session's recorded tick counts. */
function fit(session: Session): { ticks: Drawn[]; fixedStep: LabFixedStep; agreement: StepsAgreement } {
  const estimate = stepOf(session);
  // The rate nearest the estimate first: most sessions agree at once.
  const steps = [...RATES_TRIED_HZ].map((hz) => 1000 / hz).sort((a, b) => Math.abs(a - estimate) - Math.abs(b - estimate));
  let best: ReturnType<typeof draw> | undefined;
  for (const stepMs of session.fixedStep ? steps : [1000 / 60]) {
    for (const overflow of OVERFLOWS) {
      for (const maxSteps of MAX_STEPS_TRIED) {
        const drawn = draw(session, { stepMs, maxSteps, overflow });
        if (best === undefined || agreedUntil(drawn.agreement) > agreedUntil(best.agreement)) best = drawn;
        if (drawn.agreement.first === undefined) return drawn;
      }
    }
  }
  return best!;
}

function agreedUntil(agreement: StepsAgreement): number {
  return agreement.first?.frame ?? Infinity;
}

/**
 * About the fixed step the session's loop ran, in ms: the recorded time per
 * recorded tick up to its last checkpoint (more than the step where frames ran
 * no step: paused, or time dropped); the lab's default without a fixed step.
 */
function stepOf(session: Session): number {
  const marks = session.checkpoints.filter((c) => c.tick > 0);
  if (!session.fixedStep || marks.length === 0) return 1000 / 60;
  const last = marks[marks.length - 1]!;
  let ms = 0;
  for (let f = 0; f < last.frame; f++) ms += session.deltasMs[f]!;
  return ms / last.tick;
}

/** Draws the session with one fixed step's settings, and compares the steps with the recorded tick counts. */
function draw(session: Session, settings: LabFixedStep): { ticks: Drawn[]; fixedStep: LabFixedStep; agreement: StepsAgreement } {
  const fixedStep = { ...settings };
  const accumulator = createStepAccumulator(fixedStep);
  const plan = createStepPlan(fixedStep.stepMs);
  const loop = session.start?.loop;
  accumulator.accumulatedMs = loop?.fixed?.accumulatedMs ?? 0;
  let paused = loop?.paused ?? false;
  let timeScale = loop?.timeScale ?? 1;
  let stepNext = false;
  let steps = 0;
  let nextScene: SceneStep | undefined;
  const body = { previous: 0, current: 0 };
  const recorded = new Map<number, number>(); // frame -> ticks run before it, as recorded
  for (const { frame, tick } of [...session.events, ...session.checkpoints]) recorded.set(frame, tick);
  let compared = 0;
  let first: StepsAgreement['first'];
  const check = (frame: number): void => {
    const tick = recorded.get(frame);
    if (tick === undefined || !session.fixedStep) return;
    compared++;
    if (tick !== steps && first === undefined) first = { frame, recorded: tick, drawn: steps };
  };

  const eventsBefore = new Map<number, SessionEvent[]>();
  for (const event of session.events) eventsBefore.set(event.frame, [...(eventsBefore.get(event.frame) ?? []), event]);
  const declinedBefore = new Map(session.declined.map(({ frame, count }) => [frame, count] as const));
  const ticks: Drawn[] = [];
  let timeMs = 0;
  // A runtime reads its own P (pause) and N (single step) in the frame after the press: a pause from the frame after
  // that (the frame under way had planned its steps), a single step in that very frame (asked for before its fixed phases).
  let keyed: 'pause' | undefined;
  for (let frame = 0; frame <= session.deltasMs.length; frame++) {
    check(frame);
    for (const event of eventsBefore.get(frame) ?? []) {
      if (event.kind === 'input' && session.preset === 'runtime' && event.call[0] === 'press') {
        if (event.call[1] === RUNTIME_PAUSE_KEY) keyed = 'pause';
        else if (event.call[1] === RUNTIME_STEP_KEY && paused) stepNext = true;
      }
      if (event.kind !== 'control') continue;
      const control = event.control === 'call' ? callControl(event.value, session.preset) : { kind: event.control, value: event.value };
      if (control.kind === 'paused' || control.kind === 'pause' || control.kind === 'resume') {
        const on = control.kind === 'paused' ? control.value === true : control.kind === 'pause';
        if (on && !paused) clearAccumulated(accumulator);
        paused = on;
      } else if (control.kind === 'step' && paused) stepNext = true;
      else if (control.kind === 'timeScale') timeScale = control.value as number;
      else if (control.kind === 'fixedStep') Object.assign(accumulator, control.value);
      else if (control.kind === 'release' && control.value === 0 && session.preset === 'page engine') clearAccumulated(accumulator);
      else if (control.kind === 'scene') nextScene = control.value as SceneStep | undefined;
    }
    if (frame === session.deltasMs.length) break;
    const deltaMs = session.deltasMs[frame]!;
    const declined = declinedBefore.get(frame) ?? 0;
    for (let n = 0; n < declined; n++) {
      ticks.push({ ...emptyRecord(timeMs + ((n + 1) * deltaMs) / (declined + 1), paused), frame, stepMs: accumulator.stepMs, maxSteps: accumulator.maxSteps, body: { ...body } });
    }
    timeMs += deltaMs;
    if (!session.fixedStep) {
      plan.steps = 0;
      plan.alpha = 0;
      plan.droppedMs = 0;
    } else if (stepNext) {
      plan.steps = 1; // a single step while paused: exactly one, alpha 1
      plan.alpha = 0;
      plan.droppedMs = 0;
      stepNext = false;
    } else if (paused) {
      plan.steps = 0;
      plan.droppedMs = 0;
    } else {
      accumulate(accumulator, deltaMs * timeScale, plan);
    }
    body.previous = plan.steps > 0 ? body.current + BODY_SPEED * (plan.steps - 1) * (accumulator.stepMs / 1000) : body.previous;
    body.current += BODY_SPEED * plan.steps * (accumulator.stepMs / 1000);
    steps += plan.steps;
    ticks.push({ rawMs: timeMs, hostMs: timeMs, jitterMs: 0, disturbance: 'none', delivered: true, deltaMs, steps: plan.steps, alpha: plan.alpha, droppedMs: plan.droppedMs, paused, frame: frame + 1, stepMs: accumulator.stepMs, maxSteps: accumulator.maxSteps, body: { ...body } });
    if (keyed === 'pause') {
      if (!paused) clearAccumulated(accumulator);
      paused = !paused;
    }
    keyed = undefined;
    if (nextScene !== undefined) {
      // A runtime's replaced scene is made in the frame after the call, and its fixed step counts from the frame after that.
      Object.assign(accumulator, nextScene);
      nextScene = undefined;
    }
  }
  return { ticks, fixedStep, agreement: { compared, ...(first === undefined ? {} : { first }) } };
}

/**
 * A recorded call, as what it did to the loop: a runtime's pause, resume,
 * step, or scene replacement (with its fixed step). Other presets' calls
 * (a systems engine's pause holds the loop: no frame runs until play) change
 * nothing the steps are drawn from.
 */
function callControl(value: unknown, preset: string): { kind: string; value?: unknown } {
  const [method, ...args] = value as [string, ...unknown[]];
  if (preset !== 'runtime') return { kind: 'none' };
  if (method === 'replaceScene') return { kind: 'scene', value: sceneStep(args[0]) };
  return { kind: method };
}

/** A runtime scene's fixed step and catch-up cap. */
interface SceneStep {
  readonly stepMs: number;
  readonly maxSteps?: number;
}

/** A scene document's fixed step (`simulation.fixed_delta`, in ms) and cap (`max_catch_up_ticks`), when it gives a step. */
function sceneStep(document: unknown): SceneStep | undefined {
  try {
    const doc = (typeof document === 'string' ? JSON.parse(document) : document) as { simulation?: { fixed_delta?: unknown; max_catch_up_ticks?: unknown } };
    const seconds = doc.simulation?.fixed_delta;
    const cap = doc.simulation?.max_catch_up_ticks;
    if (typeof seconds !== 'number' || !(seconds > 0)) return undefined;
    return { stepMs: seconds * 1000, ...(typeof cap === 'number' && Number.isInteger(cap) && cap >= 1 ? { maxSteps: cap } : {}) };
  } catch {
    return undefined;
  }
}

function emptyRecord(rawMs: number, paused: boolean): TickRecord {
  return { rawMs, hostMs: rawMs, jitterMs: 0, disturbance: 'none', delivered: false, deltaMs: 0, steps: 0, alpha: 0, droppedMs: 0, paused };
}
