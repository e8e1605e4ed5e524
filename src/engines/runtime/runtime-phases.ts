import { phaseNames } from '../../loop/phase.js';
import { presetPhases } from '../shell/preset-declaration.js';

/** A per-frame or per-tick callback every behavior may have. */
export type FrameCallback = 'fixedUpdate' | 'update' | 'lateUpdate';

/**
 * What the runtime's phase table runs on: the runtime's frame, as the rows
 * reach it. The runtime implements it; the table never names the runtime.
 * Every member is a function, never a getter: V8 keeps an object literal
 * with getters in dictionary mode, where every read is a lookup (the state
 * engine's empty frame measured 310 ns that way, against 140 ns with
 * functions).
 */
export interface RuntimePhaseHost {
  /** Whether the runtime was destroyed (by a callback of this frame): what is left of a step stops. */
  isDestroyed(): boolean;
  /** Whether the runtime is paused. */
  isPaused(): boolean;
  /** Whether the player's pause key (P) went down this frame (read after {@link beginInputFrame}). */
  pauseKey(): boolean;
  /** Whether the player's single-step key (N) went down this frame (read after {@link beginInputFrame}). */
  stepKey(): boolean;
  /** The rendered frame's input begins: the edges since the last frame, and the pause and step keys. */
  beginInputFrame(): void;
  /** A fixed tick's input begins: its latched edges ("consumed once"). */
  beginTickInput(): void;
  /** The rendered frame's input closes. */
  endInputFrame(): void;
  /**
   * Applies a scene replacement asked for (every object's onDestroy, then the
   * new document loaded, with a new session).
   *
   * @return False when an onDestroy of the old scene tore the runtime down.
   */
  replacePendingScene(): boolean;
  /** The runtime's pause (P): no ticks, no update or lateUpdate, history reset. */
  pause(): void;
  /** The runtime's resume. */
  resume(): void;
  /** While paused, this frame becomes a single step (N). */
  step(): void;
  /** Counts a fixed tick of the scene session. */
  countTick(): void;
  /** The structural commands queued before this tick, in FIFO order, then the onStart of what they created. */
  barrier(): void;
  /** Each live object's current simulation pose is kept as the previous one (the pose this tick starts from). */
  keepPreviousPoses(): void;
  /** Every behavior's `callback`, in object order, with `seconds`; each caught and reported with its object. */
  runCallbacks(callback: FrameCallback, seconds: number): void;
  /** The physics step with its substeps, then poses read back and `onCollision` delivered (nothing without physics). */
  stepPhysics(seconds: number): void;
  /** Each object's presented pose: its previous and current simulation poses blended by the accumulator fraction. */
  present(): void;
  /** The final snapshot goes to the renderer. */
  render(): void;
}

/**
 * The fixed-tick runtime's frame, declared once: one rendered frame, in
 * order, each phase with its flags and what it runs. The runtime's loop is
 * built from it, {@link RUNTIME_PHASES} lists its names, and
 * `createRuntime`'s documentation numbers its `does` (a spec holds them to
 * each other).
 *
 * "After its fixed ticks, the runtime calls update once. It then prepares
 * presentation transforms, calls lateUpdate, and makes the final snapshot
 * available to rendering." While paused, the pausable phases do not run (the
 * presentation stays as it was); a single step runs them once, with one tick
 * and the tick's interval (the loop's `step()`).
 */
export const RUNTIME_PHASE_TABLE = presetPhases<RuntimePhaseHost>()([
  {
    name: 'input',
    does: "the frame's input; a scene replacement asked for is applied; the player's pause (P) and single-step (N) keys are read",
    run: (frame) => () => {
      if (!frame.replacePendingScene()) return; // torn down from an onDestroy of the old scene
      frame.beginInputFrame();
      if (frame.pauseKey()) {
        if (frame.isPaused()) frame.resume();
        else frame.pause();
      }
      // N: this frame is the step (the loop takes a step asked for before its fixed phases).
      if (frame.stepKey()) frame.step();
    },
  },
  {
    name: 'tick',
    fixed: true,
    pausable: true,
    simulation: true,
    does: 'zero or more fixed ticks, each: structural commands at the barrier, tick input and `fixedUpdate`, the physics step, poses read back and `onCollision`',
    // One fixed tick: the seed's four steps, in order. A destroy from inside a callback ends it there.
    run: (frame) => (dt) => {
      frame.countTick();
      // 1. Structural commands queued by earlier work, FIFO.
      frame.barrier();
      if (frame.isDestroyed()) return;
      // The blend's "previous completed simulation pose" is the one this tick starts from.
      frame.keepPreviousPoses();
      // 2. Tick input, then fixedUpdate.
      frame.beginTickInput();
      frame.runCallbacks('fixedUpdate', dt);
      // 3. The physics step, 4. poses back and collision events.
      if (!frame.isDestroyed()) frame.stepPhysics(dt);
    },
  },
  {
    name: 'update',
    pausable: true,
    simulation: true,
    does: "every behavior's `update`, once",
    run: (frame) => (dt) => frame.runCallbacks('update', dt),
  },
  {
    name: 'present',
    pausable: true,
    does: "presentation transforms prepared: each object's previous and current simulation poses blended by the accumulator fraction",
    run: (frame) => () => frame.present(),
  },
  {
    name: 'lateUpdate',
    pausable: true,
    does: "every behavior's `lateUpdate` (`setPresentation` allowed)",
    run: (frame) => (dt) => frame.runCallbacks('lateUpdate', dt),
  },
  {
    name: 'render',
    does: 'the frame input closes and the final snapshot goes to the renderer',
    run: (frame) => () => {
      frame.endInputFrame();
      frame.render();
    },
  },
]);

/** A phase of the runtime's frame. */
export type RuntimePhase = (typeof RUNTIME_PHASE_TABLE)[number]['name'];


/** The phases of one rendered frame, in order: the names of {@link RUNTIME_PHASE_TABLE}. */
export const RUNTIME_PHASES: readonly RuntimePhase[] = phaseNames(RUNTIME_PHASE_TABLE);
