import { OptionError } from '../../../operators/option-error.js';
import { booleanOption, functionOption } from '../../../operators/validate.js';
import type { FrameInfo } from '../../../operators/frame-info.js';
import type { Input, InputView } from '../../input/input.js';
import { copyPlain } from '../shell/engine-snapshot.js';
import type { CuePlayer } from '../cues.js';
import type { EngineRandom } from '../shell/engine-random.js';
import { EngineShell } from '../shell/engine-shell.js';
import type { PresetDeclaration } from '../shell/preset-declaration.js';
import { gameOptions, SHELL_OPTION_KEYS, takeOptions, type GameShellOptions } from '../shell/shell-options.js';
import type { Viewport } from '../viewport.js';
import { isDevelopmentBuild } from '../shell/development-build.js';
import { readonlyView, viewTarget, type DeepReadonly } from './readonly-view.js';
import { refusedUpdate } from './refused-update.js';
import { STATE_ENGINE_PHASE_TABLE, type StatePhaseHost, type StatePhase } from './state-phases.js';

export { RefusedUpdateError } from './refused-update.js';
export { STATE_ENGINE_PHASES, STATE_ENGINE_PHASE_TABLE, type StatePhase } from './state-phases.js';
import type { FrameRecorder, PickView, StateBackend } from './state-backend.js';

/** What update is handed besides the state: time, input, cues and picking. Nothing that draws. */
export interface UpdateContext<A extends string = string> {
  /** This frame's delta, in seconds. */
  readonly dt: number;
  /** The frames so far (ms), this one included. */
  readonly frame: FrameInfo;
  /** This frame's input; an edge is consumed at most once and discarded when the frame closes. */
  readonly input: InputView<A>;
  /** Plays an audio cue. */
  readonly cue: CuePlayer['play'];
  /** Rays and picks through the camera the player last saw. */
  readonly view: PickView;
  /** The fit this frame renders through (for converting pointer positions). */
  readonly viewport: Viewport;
  /** The engine's random source (`engine.random`): draw from it, not from `Math.random()`, so a run can be replayed. */
  readonly random: EngineRandom;
}

/** What render is handed besides the read-only state: the backend's surface and the fit. Nothing that reads input or plays a cue. */
export type RenderContext<S extends object> = S & {
  /** The fit this frame renders through. */
  readonly viewport: Viewport;
  /** The frames so far (ms). */
  readonly frame: FrameInfo;
};

const STATE_PRESET: Omit<PresetDeclaration<StatePhase, StatePhaseHost>, 'phaseHost'> = {
  label: 'state engine',
  where: 'createStateEngine',
  options: {
    own: ['initial', 'update', 'render', 'backend', 'recorder', 'readonlyView'] satisfies (keyof StateEngineOptions<unknown, object, string>)[],
    shell: SHELL_OPTION_KEYS,
    rule: 'an object { initial, update, backend, ... }',
    backend: { rule: 'a state backend (threeBackend() in a browser, nullBackend() in Node)', methods: ['present'] },
  },
  phases: STATE_ENGINE_PHASE_TABLE,
  // The seed: a refused update "reaches the host while the loop stays alive"; under advance() the host is the caller.
  advanceErrors: 'throw',
};

/** Options of {@link createStateEngine}: the state engine's own, and the shell's (`ticks`, `clock`, `onError`, `input`, `cues`, `overlay`). */
export interface StateEngineOptions<T, S extends object, A extends string> extends GameShellOptions<A> {
  /** The first state. */
  initial: T;
  /**
   * The simulation: the current state as a read-only view in, the next state
   * out. Returning `undefined` is refused (the engine keeps its state).
   */
  update: (view: DeepReadonly<T>, context: UpdateContext<A>) => T;
  /** Draws the read-only state with the backend's surface. Optional (a headless run may have none). */
  render?: (view: DeepReadonly<T>, context: RenderContext<S>) => void;
  /** The drawing backend: `threeBackend(...)` in a browser, `nullBackend()` in Node (nothing is drawn). */
  backend: StateBackend<S>;
  /** Captures frames after the picture and before the overlay. */
  recorder?: FrameRecorder;
  /**
   * Checks at run time that nothing writes into the state view (a write
   * throws an error naming the rule). A development check, so it follows the
   * build: on by default in development, off by default in production
   * (`process.env.NODE_ENV === 'production'`, which bundlers write into a
   * production build), where the types alone guard the view. Pass true or
   * false to decide yourself.
   */
  readonlyView?: boolean;
}


/**
 * The state engine: a game is an `update(view) -> next state` and a
 * `render(view)`; the engine owns the loop, holds the state, and runs the
 * frame in the seed's eleven steps. Its lifecycle, errors, `frame()`,
 * `stats()` and `advance()` are the engine shell's. See
 * {@link createStateEngine}.
 *
 * Errors: every error while running (an update refused, a throwing
 * render...) is reported and the engine keeps running. Under `advance()` the
 * frame finishes, then its first error is thrown to the caller.
 */
export class StateEngine<T, S extends object, A extends string = string> extends EngineShell<StatePhase, StatePhaseHost<T>, T> {
  /** The backend the engine draws through. */
  readonly backend: StateBackend<S>;
  /** The input the update reads. */
  readonly input: Input<A>;
  /** Where cues play. */
  readonly cues: CuePlayer;

  private current: T;
  private readonly viewCache = new WeakMap<object, unknown>();
  private readonly checkViews: boolean;
  private readonly update: StateEngineOptions<T, S, A>['update'];
  private readonly render: StateEngineOptions<T, S, A>['render'];
  private readonly recorder: FrameRecorder | undefined;
  private readonly overlay: boolean;
  private fit: Viewport;

  /** @throws {OptionError} for bad options (see {@link createStateEngine}). */
  constructor(options: StateEngineOptions<T, S, A>) {
    const taken = takeOptions(STATE_PRESET, options);
    checkOptions(options);
    super({ ...STATE_PRESET, phaseHost: StateEngine.phaseHostOf }, taken);
    const { initial, update, render, backend, recorder, readonlyView: checkViews = isDevelopmentBuild() } = options;
    const game = gameOptions<A>(taken, () => this.innerLoop.frameCount);
    this.current = initial;
    this.update = update;
    this.render = render;
    this.backend = backend;
    this.input = game.input;
    this.cues = game.cues;
    this.overlay = game.overlay;
    this.recorder = recorder;
    this.checkViews = checkViews;
    this.fit = backend.sync();
  }

  /** The state the most recent frame (or `apply`) left, as a read-only view. */
  get state(): DeepReadonly<T> {
    return this.view(this.current);
  }

  /** The fit the latest frame rendered through (for converting between CSS pixels and logical units). */
  get viewport(): Viewport {
    return this.fit;
  }

  /**
   * Poses the game between frames: a transition of update's shape, the
   * current state in and the next out. The next frame's update receives the
   * state it left.
   *
   * @throws {RefusedUpdateError} when the transition returns `undefined` (the state stays).
   * @throws {Error} when called inside a frame.
   */
  apply(transition: (view: DeepReadonly<T>) => T): void {
    if (this.innerLoop.inFrame) {
      throw new Error('apply: called inside a frame; pose the game between frames (update returns the next state inside one)');
    }
    const next = transition(this.view(this.current));
    if (next === undefined) throw refusedUpdate('apply: the transition');
    this.current = next;
  }

  /** The state value, copied: the snapshot's `state`. */
  protected saveState(): T {
    return copyPlain(this.current, 'save', "the state engine's state", viewTarget);
  }

  /** Takes the shell's copy of a snapshot's state as the current state: the next update receives it. */
  protected restoreState(state: unknown): void {
    if (state === undefined) throw new OptionError('restore', 'snapshot.state', "the state engine's state (any value but undefined, as update returns)", state);
    this.current = state as T;
  }

  /** The input the update reads: saved and restored with the state. */
  protected override snapshotInput(): Input<string> {
    return this.input;
  }

  /** Frees the recorder, the backend and the input's listeners (the shell's `destroy()` calls it once). */
  protected teardown(): void {
    this.recorder?.dispose?.();
    this.backend.destroy();
    this.input.destroy();
  }

  // -- the frame (its steps are STATE_ENGINE_PHASE_TABLE's) --------------------

  /** What the phase table runs on (see {@link StatePhaseHost}). @internal */
  private static phaseHostOf<T, S extends object, A extends string>(engine: StateEngine<T, S, A>): StatePhaseHost<T> {
    let updateContext: UpdateContext<A> & { dt: number };
    let renderContext: RenderContext<S>;
    return {
      replaceState: (next) => {
        engine.current = next;
      },
      backend: () => engine.backend,
      recorder: () => engine.recorder,
      overlayOn: () => engine.overlay,
      syncViewport: () => {
        engine.fit = engine.backend.sync();
      },
      update: (dt) => {
        updateContext ??= engine.updateContext();
        updateContext.dt = dt;
        return engine.update(engine.view(engine.current), updateContext);
      },
      render: () => {
        renderContext ??= engine.renderContext();
        engine.render?.(engine.view(engine.current), renderContext);
      },
      diagnostics: () => engine.innerLoop.diagnostics(),
      closeInput: () => engine.input.closeFrame(),
    };
  }

  private updateContext(): UpdateContext<A> & { dt: number } {
    const engine = this;
    const cues = this.cues;
    // The backend's own view object may hold what draws (the three.js one
    // keeps the retained scene to cast rays into), so update gets functions
    // that call it and nothing else: "The update reads input and plays cues
    // with nothing that draws", at run time as in the types.
    const pickView = this.backend.view;
    const view: PickView = Object.freeze({
      ray: (cssX: number, cssY: number) => pickView.ray(cssX, cssY),
      pick: (cssX: number, cssY: number) => pickView.pick(cssX, cssY),
    });
    return {
      dt: 0,
      get frame() {
        return engine.innerLoop.frame();
      },
      input: this.input.frame,
      cue: (name, options) => cues.play(name, options),
      view,
      get viewport() {
        return engine.fit;
      },
      random: this.random,
    };
  }

  private renderContext(): RenderContext<S> {
    const engine = this;
    return Object.defineProperties(Object.create(this.backend.surface) as RenderContext<S>, {
      viewport: { get: () => engine.fit, enumerable: true },
      frame: { get: () => engine.innerLoop.frame(), enumerable: true },
    });
  }

  private view(state: T): DeepReadonly<T> {
    return this.checkViews ? readonlyView(state, this.viewCache) : (state as DeepReadonly<T>);
  }

}

/**
 * Checks the state engine's own options before anything is built (the
 * shell's intake checked the keys, `ticks`, `clock`, `onError`, `input`,
 * `cues`, `overlay` and the backend): a wrong shape is refused, never turned
 * into a default.
 */
function checkOptions<T, S extends object, A extends string>(options: StateEngineOptions<T, S, A>): void {
  const where = STATE_PRESET.where;
  const { initial, update, render, recorder, readonlyView } = options;
  if (initial === undefined) throw new OptionError(where, 'initial', 'the first state (not undefined)', initial);
  functionOption(where, 'update', update, 'a function (view, context) => next state');
  if (render !== undefined) functionOption(where, 'render', render, 'a function (view, context) => void');
  if (recorder !== undefined && !isRecorder(recorder)) {
    throw new OptionError(where, 'recorder', 'a frame recorder ({ recording, capture() }, e.g. backend.createRecorder())', recorder);
  }
  booleanOption(where, 'readonlyView', readonlyView);
}

function isRecorder(value: unknown): value is FrameRecorder {
  const recorder = value as Partial<FrameRecorder> | null;
  return (
    recorder !== null &&
    typeof recorder === 'object' &&
    'recording' in recorder &&
    typeof recorder.capture === 'function' &&
    (recorder.dispose === undefined || typeof recorder.dispose === 'function')
  );
}

/**
 * Builds a state engine: each frame the update turns the current state (a
 * read-only view) into the next, and the render draws it.
 *
 * One frame, in order (the seed's eleven steps):
 *
 * 1. The clock is called once; a declined tick ends the frame.
 * 2. The frame counter, `timeMs` and `lastDeltaMs` advance.
 * 3. Both canvases are synced to the surface's size and ratio; the viewport is recomputed.
 * 4. The screen layer is cleared and given the viewport transform.
 * 5. `update` runs with the delta in seconds, and the state is replaced.
 * 6. `render` runs: the game updates the scene, poses the camera, draws on the screen layer.
 * 7. The engine updates world matrices, reads the camera into the view, clears,
 *    applies the letterboxed viewport and scissor, and renders the scene.
 * 8. The recorder captures the frame.
 * 9. The diagnostics overlay draws on the screen layer in device space.
 * 10. The screen layer is composited over the picture.
 * 11. The input frame closes.
 *
 * ```text
 * ticks      --a-------b-------c--|
 * update     --u-------u-------u--|      u: state n -> state n+1
 * render     --r-------r-------r--|      always after the update of its frame
 * ```
 *
 * @example
 * ```ts
 * import { constantClock, nullBackend } from 'tickflow';
 * import { createStateEngine } from 'tickflow/state';
 *
 * const engine = createStateEngine({
 *   backend: nullBackend(),
 *   initial: { x: 0, v: 2 },
 *   update: (s, { dt }) => ({ ...s, x: s.x + s.v * dt }),
 *   clock: constantClock(1000 / 60),
 * });
 * for (let i = 0; i < 60; i++) engine.advance();
 * engine.state.x; // 2
 * ```
 *
 * @throws {OptionError} for bad options.
 */
export function createStateEngine<T, S extends object, const A extends string = string>(
  options: StateEngineOptions<T, S, A>,
): StateEngine<T, S, A> {
  return new StateEngine(options);
}
