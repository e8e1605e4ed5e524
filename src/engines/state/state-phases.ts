import type { Diagnostics } from '../../loop/frame-meter.js';
import { phaseNames } from '../../loop/phase.js';
import { presetPhases } from '../shell/preset-declaration.js';
import { refusedUpdate } from './refused-update.js';
import type { FrameRecorder, StateBackend } from './state-backend.js';

/**
 * What the state engine's phase table runs on: the engine's frame, as the
 * rows reach it. The engine implements it; the table never names the engine.
 * Every member is a function, never a getter: V8 keeps an object literal
 * with getters in dictionary mode, where every read is a lookup (the state
 * engine's empty frame measured 310 ns that way, against 140 ns with
 * functions).
 *
 * @typeParam T The game's state.
 */
export interface StatePhaseHost<T = unknown> {
  /** Replaces the state in force (what the next frame's update, and `engine.state`, read). */
  replaceState(next: T): void;
  /** The backend the engine draws through. */
  backend(): StateBackend<object>;
  /** The recorder, when the game gave one. */
  recorder(): FrameRecorder | undefined;
  /** Whether the diagnostics overlay is on. */
  overlayOn(): boolean;
  /** Step 3: both canvases synced to the surface; the fit this frame renders through is recomputed. */
  syncViewport(): void;
  /** The game's update, handed a read-only view of the state in force and its context with `seconds`: what it returned. */
  update(seconds: number): T;
  /** The game's render (when it gave one), handed a read-only view of the state in force and the backend's surface. */
  render(): void;
  /** What the overlay draws (`loop.diagnostics()`). */
  diagnostics(): Diagnostics;
  /** Step 11: the input frame closes. */
  closeInput(): void;
}

/**
 * The state engine's frame, declared once: steps 3 to 11 of the seed's
 * eleven, in order, each with what it runs (steps 1 and 2, the clock and the
 * frame counter, are the loop's own). None is pausable: the state engine
 * knows no pause; a game that pauses does so in its state. The engine's loop
 * is built from it, {@link STATE_ENGINE_PHASES} lists its names, and
 * `createStateEngine`'s documentation numbers its `does` (a spec holds them
 * to each other).
 */
export const STATE_ENGINE_PHASE_TABLE = presetPhases<StatePhaseHost>()([
  {
    name: 'sync',
    does: "Both canvases are synced to the surface's size and ratio; the viewport is recomputed.",
    run: (frame) => () => frame.syncViewport(),
  },
  {
    name: 'screen',
    does: 'The screen layer is cleared and given the viewport transform.',
    run: (frame) => () => frame.backend().beginScreen(),
  },
  {
    name: 'update',
    simulation: true,
    does: '`update` runs with the delta in seconds, and the state is replaced.',
    run: (frame) => (dt) => {
      const next = frame.update(dt);
      // "An update that returns undefined is refused and the engine keeps the state it had."
      if (next === undefined) throw refusedUpdate('update');
      frame.replaceState(next);
    },
  },
  {
    name: 'render',
    does: '`render` runs: the game updates the scene, poses the camera, draws on the screen layer.',
    run: (frame) => () => frame.render(),
  },
  {
    name: 'present',
    does:
      'The engine updates world matrices, reads the camera into the view, clears, applies the letterboxed viewport and scissor, and renders the scene.',
    run: (frame) => () => frame.backend().present(),
  },
  {
    name: 'record',
    does: 'The recorder captures the frame.',
    run: (frame) => () => {
      const recorder = frame.recorder();
      if (recorder?.recording) recorder.capture();
    },
  },
  {
    name: 'overlay',
    does: 'The diagnostics overlay draws on the screen layer in device space.',
    run: (frame) => () => {
      if (frame.overlayOn()) frame.backend().drawOverlay(frame.diagnostics());
    },
  },
  {
    name: 'composite',
    does: 'The screen layer is composited over the picture.',
    run: (frame) => () => frame.backend().composite(),
  },
  {
    name: 'closeInput',
    does: 'The input frame closes.',
    run: (frame) => () => frame.closeInput(),
  },
]);

/** A phase of the state engine. */
export type StatePhase = (typeof STATE_ENGINE_PHASE_TABLE)[number]['name'];


/** The names of the state engine's phases, in order (steps 3 to 11 of the frame): the names of {@link STATE_ENGINE_PHASE_TABLE}. */
export const STATE_ENGINE_PHASES: readonly StatePhase[] = phaseNames(STATE_ENGINE_PHASE_TABLE);
