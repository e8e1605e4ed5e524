import type { Observable, Subscription } from 'rxjs';
import type { FrameInfo } from '../../operators/frame-info.js';
import type { StepPlan } from '../../operators/step-accumulator.js';
import type { Diagnostics } from './frame-meter.js';
import type { Loop } from './loop.js';
import type { LoopStats } from './loop-options.js';
import type { PhaseError } from './phase-error.js';

/**
 * A loop as an engine shows it to its callers: everything to read and listen
 * to, nothing that changes it. Its controls (start, stop, pause, time scale,
 * clock) are the engine's methods, so a preset's own rules around them (the
 * runtime's pause resets interpolation history, the systems engine's pause
 * holds the loop) cannot be bypassed: `engine.loop.paused = true` throws a
 * `TypeError` (the property has only a getter), where it once paused the
 * loop behind the engine's back.
 *
 * Handlers are allowed: {@link on} and {@link once} add a listener to a
 * phase, as {@link phase} subscribes to it.
 *
 * @example
 * ```ts
 * import { constantClock, nullBackend } from 'tickflow';
 * import { createStateEngine } from 'tickflow/state';
 *
 * const engine = createStateEngine({ backend: nullBackend(), initial: 0, update: (n) => n + 1, clock: constantClock(16) });
 * engine.loop.on('render', () => console.log(engine.loop.frameCount)); // 1
 * engine.advance();
 * ```
 */
export class LoopView<P extends string = string> {
  readonly #loop: Loop<P>;

  /** @internal An engine makes the view of its own loop. */
  constructor(loop: Loop<P>) {
    this.#loop = loop;
  }

  /** Every error caught at a phase boundary, as it happens (see `Loop.errors$`). */
  get errors$(): Observable<PhaseError> {
    return this.#loop.errors$;
  }

  /** A snapshot of {@link FrameInfo} after each frame's phases ran. */
  get frames$(): Observable<FrameInfo> {
    return this.#loop.frames$;
  }

  /** A phase as a hot stream: it emits inside that phase, with the frame's delta in seconds (see `Loop.phase`). */
  phase(name: P): Observable<number> {
    return this.#loop.phase(name);
  }

  /** Runs `handler` inside phase `name` of every frame that runs it; a throw is reported on `errors$` (see `Loop.on`). */
  on(name: P, handler: (dtSeconds: number) => void): Subscription {
    return this.#loop.on(name, handler);
  }

  /** Runs `handler` once, the next time phase `name` runs (see `Loop.once`). */
  once(name: P, handler: (dtSeconds: number) => void): Subscription {
    return this.#loop.once(name, handler);
  }

  /** The frames so far: count, simulated time, active time and the latest delta, in ms. */
  frame(): FrameInfo {
    return this.#loop.frame();
  }

  /** Frames so far: `frame().count` without the snapshot. */
  get frameCount(): number {
    return this.#loop.frameCount;
  }

  /** Counters and readings of the loop's life so far (see `LoopStats`). */
  stats(): LoopStats {
    return this.#loop.stats();
  }

  /** A snapshot of the latest frame's fixed-step plan (all zero without a fixed step). */
  plan(): StepPlan {
    return this.#loop.plan();
  }

  /** What a diagnostics overlay draws (see `Loop.diagnostics`). */
  diagnostics(): Diagnostics {
    return this.#loop.diagnostics();
  }

  /** The fixed steps the latest frame planned: `plan().steps` without the snapshot. */
  get frameSteps(): number {
    return this.#loop.frameSteps;
  }

  /** How far the latest frame sits between the last two fixed steps, in [0, 1). */
  get alpha(): number {
    return this.#loop.alpha;
  }

  /** Whether the loop is paused (its pausable phases skipped). Change it through the engine. */
  get paused(): boolean {
    return this.#loop.paused;
  }

  /** Game time per clock time (1 unless set). Change it with the engine's `timeScale`. */
  get timeScale(): number {
    return this.#loop.timeScale;
  }

  /** Whether host ticks are being taken now. */
  get running(): boolean {
    return this.#loop.running;
  }

  /** Whether a frame is running right now (inside a phase). */
  get inFrame(): boolean {
    return this.#loop.inFrame;
  }

  /** The name of the phase running now; `'outside a frame'` between frames. */
  get currentPhase(): string {
    return this.#loop.currentPhase;
  }

  /** The names of the phases, in the order a frame runs them. */
  get phaseNames(): readonly P[] {
    return this.#loop.phaseNames;
  }

  /** Whether the frame under way (or the latest) is a single step. */
  get stepping(): boolean {
    return this.#loop.stepping;
  }
}
