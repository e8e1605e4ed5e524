import type { MutableFrameInfo } from '../../operators/frame-info.js';
import { countFrame } from '../../operators/frame-info.js';
import { accumulate, type MutableStepPlan, type StepAccumulator } from '../../operators/step-accumulator.js';
import type { ClockStep } from '../clocks/clock.js';
import type { BroadcastEntry } from '../hosts/broadcast.js';

/**
 * A loop's live frame state, in one object of one shape: what its frame
 * (compiled or not) reads and writes while it runs. @internal
 */
export interface FrameState {
  /** Whether the loop is paused: pausable phases are skipped. Read before each of them. */
  paused: boolean;
  /** Whether a frame is running. */
  inFrame: boolean;
  /**
   * Where the frame is, for error reports: the index of the phase being
   * emitted, or {@link EMITTING_FRAME_INFO}. (An index, not the name: a
   * small integer is stored with no write barrier, measured in bench/.)
   */
  phaseIndex: number;
  /** Ticks received (host ticks and `advance()` calls). */
  ticks: number;
  /** Ticks the clock declined. */
  declined: number;
  /** The latest finite timestamp, in ms (where `advance()` without one steps from). */
  lastTimestampMs: number;
  /** The first error of the frame under way or just run, until the caller settles it. */
  pendingError: unknown;
  /**
   * Bumped by every listener added or removed and every clock restart; a
   * tick compiled at another version is not used, and a compiled frame whose
   * version moves under it hands the rest of the frame to the general
   * dispatch.
   */
  version: number;
  /**
   * The fixed step in seconds, in a field that is never numbers-only, so it
   * is boxed once, when the loop is made, and handed to every fixed listener
   * as is. (Not so the frame's delta: a number boxed into this long-lived
   * object every frame costs V8 a remembered-set write per frame, measured
   * in bench/ at up to half the loop's own time.)
   */
  stepSeconds: number | undefined;
}

/** {@link FrameState.phaseIndex} while `frames$` is being emitted. @internal */
export const EMITTING_FRAME_INFO = -1;

/** One phase as the compiler sees it: its name, its rules and its listeners now. @internal */
export interface CompilablePhase {
  readonly name: string;
  readonly pausable: boolean;
  readonly fixed: boolean;
  readonly listeners: readonly BroadcastEntry<number>[];
}

/** Everything a compiled tick works on: one loop's parts, at one version. @internal */
export interface TickParts {
  readonly phases: readonly CompilablePhase[];
  readonly state: FrameState;
  readonly clockStep: ClockStep;
  readonly info: MutableFrameInfo;
  /** Absent when the loop has no fixed step. */
  readonly accumulator: StepAccumulator | undefined;
  readonly plan: MutableStepPlan;
  /** Whether every fixed phase is pausable (then a paused frame plans no steps). */
  readonly fixedGroupPausable: boolean;
  /** How many listeners `frames$` has (read per frame). */
  readonly frameListeners: { readonly size: number };
  /** Emits `frames$` after the phases. */
  readonly emitFrameInfo: () => void;
  /** A listener threw: report it (under fail-fast, throws it on). */
  readonly onHandlerError: (error: unknown) => void;
  /** What a frame cut short by a fail-fast error leaves behind. */
  readonly recordFrameError: (error: unknown) => void;
  /** Runs the rest of the frame the general way, from phase `from` (in the fixed group: of step `step`). */
  readonly resume: (from: number, step: number, frameSeconds: number) => void;
  /** The loop's general host-tick listener: what the compiled one hands a tick it cannot take. */
  readonly hostTick: (timestampMs: number) => void;
  /** A host tick left an error pending: clear it (and, fail-fast, stop the loop). */
  readonly settleHostError: () => void;
}

/** One loop's tick, compiled. */
export interface CompiledTick {
  /**
   * The clock's step, then, for a delivered delta, the whole frame. Returns
   * whether the tick made a frame.
   */
  readonly tick: (timestampMs: number) => boolean;
  /**
   * What the loop's host calls, doing what the general host-tick listener
   * does: the tick counted, {@link tick}, a declined tick counted, a pending
   * error settled. A tick that arrives inside a frame, or after the
   * listeners or the clock changed, goes to the general listener instead.
   */
  readonly hostTick: (timestampMs: number) => void;
}

/**
 * How many frames in a row a loop's listeners and clock must stay the same
 * before its tick is compiled: a loop whose handlers come and go every frame
 * keeps the general dispatch instead of recompiling each time. @internal
 */
export const frameCompilerSettings = { stableFrames: 16 };

let compilerAvailable = true;
/** Makes every compiled source unique (see compileTick). */
let compiledCount = 0;

/** How many ticks this page has compiled so far (for tests: proof that the compiled path ran). @internal */
export function compiledTickCount(): number {
  return compiledCount;
}

/**
 * Compiles one tick of a loop (a built-in clock's step, the frame counter,
 * the fixed-step plan and every phase) into one function, or returns
 * `undefined` where code cannot be compiled (a Content Security Policy
 * without `'unsafe-eval'`), and from then on in this page.
 *
 * Why: in the general path every listener of every phase is called from one
 * call site ({@link Broadcast.emit}), and every loop's clock from one call
 * site in the loop, so the JavaScript engine can inline none of them and
 * boxes the delta for each call. Measured in bench/ (the core path), that
 * cost as much as the rest of the frame. The compiled tick gives the clock
 * and each listener a call site of its own in a function of this loop's
 * own, which the engine inlines like the calls of a hand-written loop.
 *
 * It does what the general path does, step for step (`Loop`'s `tick`,
 * `runFrame` and `runPhasesFrom`; spec/loop runs every loop spec both ways):
 *
 * 1. the clock's step; `undefined` or a non-finite delta declines the tick;
 *    a negative delta counts as 0;
 * 2. the frame counter, then the fixed-step plan (none while paused if the
 *    fixed group is pausable);
 * 3. phases in order; the fixed group, in order, once per step with the step
 *    in seconds; the others once with the delta in seconds; a phase with no
 *    listener is skipped; a pausable phase is skipped while paused (read
 *    before each one, so a handler that pauses skips the pausable phases
 *    after it);
 * 4. a listener removed during the frame is not called again: each call
 *    checks the listener's `active` flag; a listener that throws goes to its
 *    own `onError` (a `loop.phase()` subscriber's: RxJS's report) or else to
 *    `onHandlerError`, and the next one runs; whatever `onHandlerError` throws
 *    (fail-fast) ends the frame;
 * 5. once `state.version` moves (a listener was added or removed), the rest
 *    of the frame goes to `resume` at the next phase, so a listener added
 *    during a phase is first called by the phases after it, as in the
 *    general path;
 * 6. `frames$`, then the frame ends.
 *
 * The generated source names no user value: phase names, listeners and the
 * loop's parts are read from the arguments into constants.
 *
 * @internal
 */
export function compileTick(parts: TickParts, version: number): CompiledTick | undefined {
  if (!compilerAvailable) return undefined;
  const { phases } = parts;
  const fixedStart = phases.findIndex((p) => p.fixed);
  const fixedEnd = phases.findLastIndex((p) => p.fixed);
  const constants: string[] = [];
  const dispatch: string[] = [];

  /** The statements that emit phase `i`, then hand over to `resume(...resumeAt)` if the listeners changed. */
  const emit = (i: number, seconds: string, resumeAt: string): void => {
    const { pausable, listeners } = phases[i]!;
    if (listeners.length === 0) return;
    const lines = [`state.phaseIndex = ${i};`];
    listeners.forEach((_, k) => {
      const entry = `entry${i}_${k}`;
      constants.push(
        `const ${entry} = parts.phases[${i}].listeners[${k}], next${i}_${k} = ${entry}.next, ` +
          `error${i}_${k} = ${entry}.onError ?? onHandlerError;`,
      );
      lines.push(`if (${entry}.active) try { next${i}_${k}(${seconds}); } catch (error) { error${i}_${k}(error); }`);
    });
    lines.push(`if (state.version !== version) { resume(${resumeAt}, frameSeconds); break phases; }`);
    dispatch.push(pausable ? `if (!state.paused) {\n${lines.join('\n')}\n}` : lines.join('\n'));
  };

  for (let i = 0; i < phases.length; i++) {
    if (i !== fixedStart) {
      emit(i, 'frameSeconds', `${i + 1}, 0`);
      continue;
    }
    dispatch.push('for (let step = 0; step < steps; step++) {');
    for (let j = fixedStart; j <= fixedEnd; j++) {
      emit(j, 'stepSeconds', j < fixedEnd ? `${j + 1}, step` : `${fixedStart}, step + 1`);
    }
    dispatch.push('}');
    i = fixedEnd;
  }

  const plan =
    parts.accumulator === undefined
      ? ''
      : parts.fixedGroupPausable
        ? `if (state.paused) { plan.steps = 0; plan.droppedMs = 0; } else { accumulate(accumulator, deltaMs, plan); }`
        : `accumulate(accumulator, deltaMs, plan);`;

  // The source names its compile: V8 caches compiled code by source text,
  // and two loops sharing one function would share its call-site feedback,
  // which is what the compile exists to keep apart.
  compiledCount++;
  // The tick's body, written out in both functions below rather than one
  // calling the other: the body is too large for V8 to inline, and the call
  // cost the host path measurably (bench/). `delivered` says whether the
  // clock delivered a frame.
  const body = `let delivered = false;
  tick: {
    const measuredMs = clockStep(timestampMs);
    if (measuredMs === undefined || measuredMs - measuredMs !== 0) break tick;
    delivered = true;
    const deltaMs = measuredMs > 0 ? measuredMs : 0;
    state.inFrame = true;
    try {
      countFrame(info, deltaMs);
      ${plan}
      const frameSeconds = deltaMs / 1000, stepSeconds = state.stepSeconds, steps = plan.steps;
      phases: {
${dispatch.join('\n')}
      }
      if (frameListeners.size > 0) emitFrameInfo();
    } catch (error) {
      recordFrameError(error);
    } finally {
      state.inFrame = false;
    }
  }`;
  const source = `"use strict"; // tickflow compiled tick #${compiledCount}
const { state, clockStep, info, accumulator, plan, frameListeners, emitFrameInfo, onHandlerError, recordFrameError, resume, hostTick, settleHostError } = parts;
${constants.join('\n')}
return {
  tick: function compiledTick(timestampMs) {
    ${body}
    return delivered;
  },
  hostTick: function compiledHostTick(timestampMs) {
    if (state.version !== version || state.inFrame) {
      hostTick(timestampMs);
      return;
    }
    state.ticks++;
    if (timestampMs - timestampMs === 0) state.lastTimestampMs = timestampMs;
    ${body}
    if (!delivered) state.declined++;
    if (state.pendingError !== undefined) settleHostError();
  },
};`;
  try {
    // The point of this module: a function of this loop's own, one call site per listener.
    const build = new Function('parts', 'version', 'countFrame', 'accumulate', source) as (
      parts: TickParts,
      version: number,
      count: typeof countFrame,
      plan: typeof accumulate,
    ) => CompiledTick;
    return build(parts, version, countFrame, accumulate);
  } catch (error) {
    // A Content Security Policy without 'unsafe-eval' forbids compiling (an
    // EvalError); the general path does the same work, a little slower.
    if (!(error instanceof EvalError)) throw error;
    compilerAvailable = false;
    return undefined;
  }
}
