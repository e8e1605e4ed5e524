import { defer, type Observable, type Subscribable } from 'rxjs';
import { OptionError } from '../../../operators/option-error.js';
import { checkOptionKeys } from '../../../operators/validate.js';
import type { FrameInfo } from '../../../operators/frame-info.js';
import type { Clock } from '../../clocks/clock.js';
import { animationFrames } from '../../hosts/animation-frames.js';
import { createInput, type Input, type InputView } from '../../input/input.js';
import { createLoop, type Loop } from '../../loop/loop.js';
import type { PhaseError } from '../../loop/phase-error.js';
import { cueLog, type CuePlayer } from '../cues.js';
import type { Viewport } from '../viewport.js';
import { isDevelopmentBuild } from './development-build.js';
import { readonlyView, type DeepReadonly } from './readonly-view.js';
import type { FrameRecorder, PickView, StateBackend } from './state-backend.js';
import { FrameTimes } from '../diagnostics.js';

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
}

/** What render is handed besides the read-only state: the backend's surface and the fit. Nothing that reads input or plays a cue. */
export type RenderContext<S extends object> = S & {
  /** The fit this frame renders through. */
  readonly viewport: Viewport;
  /** The frames so far (ms). */
  readonly frame: FrameInfo;
};

/** The names of the state engine's phases, in order (steps 3 to 11 of the frame). */
export const STATE_ENGINE_PHASES = [
  'sync',
  'screen',
  'update',
  'render',
  'present',
  'record',
  'overlay',
  'composite',
  'closeInput',
] as const;

/** A phase of the state engine. */
export type StatePhase = (typeof STATE_ENGINE_PHASES)[number];

/** Options of {@link createStateEngine}. */
export interface StateEngineOptions<T, S extends object, A extends string> {
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
  /** Host ticks; defaults to the page's frames (`animationFrames()`), read when `start()` is called. */
  ticks?: Subscribable<number>;
  /** What each tick is worth; defaults to `wallClock()`. */
  clock?: Clock;
  /** Input devices; defaults to an input with no bindings. */
  input?: Input<A>;
  /** Where cues play; defaults to a {@link cueLog} (see `engine.cues`). */
  cues?: CuePlayer;
  /** Captures frames after the picture and before the overlay. */
  recorder?: FrameRecorder;
  /** Draws the diagnostics overlay (fps, frame-time graph, declined ticks). Defaults to false. */
  overlay?: boolean;
  /**
   * Checks at run time that nothing writes into the state view (a write
   * throws an error naming the rule). A development check, so it follows the
   * build: on by default in development, off by default in production
   * (`process.env.NODE_ENV === 'production'`, which bundlers write into a
   * production build), where the types alone guard the view. Pass true or
   * false to decide yourself.
   */
  readonlyView?: boolean;
  /**
   * Every error while running (an update refused, a throwing render...) goes
   * here and to `errors$`; the engine keeps running. Defaults to
   * `console.error`. Under `advance()` they go here too, and the frame's
   * first error is also thrown to the caller.
   */
  onError?: (error: PhaseError) => void;
}

/** The option names {@link createStateEngine} knows; any other key is refused. */
const STATE_ENGINE_OPTIONS = [
  'initial',
  'update',
  'render',
  'backend',
  'ticks',
  'clock',
  'input',
  'cues',
  'recorder',
  'overlay',
  'readonlyView',
  'onError',
] as const satisfies readonly (keyof StateEngineOptions<unknown, object, string>)[];

/** The error an update (or a transition) that returns `undefined` raises. */
export class RefusedUpdateError extends Error {
  /** Always `'RefusedUpdateError'`. */
  override readonly name = 'RefusedUpdateError';
}

/**
 * The state engine: a game is an `update(view) -> next state` and a
 * `render(view)`; the engine owns the loop, holds the state, and runs the
 * frame in the seed's eleven steps. See {@link createStateEngine}.
 */
export class StateEngine<T, S extends object, A extends string = string> {
  /** The underlying loop (its phases are {@link STATE_ENGINE_PHASES}). */
  readonly loop: Loop<StatePhase>;
  /** Every error caught while running. */
  readonly errors$: Observable<PhaseError>;
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
  private readonly onError: (error: PhaseError) => void;
  private fit: Viewport;
  /** Whether `advance()` is under way (a frame it runs reports its first error to the caller). */
  private advancing = false;
  /** The first error of the frame `advance()` is running. */
  private advanceError: PhaseError | undefined;
  private readonly frameTimes = new FrameTimes();

  constructor(options: StateEngineOptions<T, S, A>) {
    checkOptions(options);
    const {
      initial,
      update,
      render,
      backend,
      ticks = defer(() => animationFrames()),
      clock,
      input = createInput({ bindings: {} as never }) as Input<A>,
      cues,
      recorder,
      overlay = false,
      readonlyView: checkViews = isDevelopmentBuild(),
      onError = (error: PhaseError) => console.error(error),
    } = options;
    this.current = initial;
    this.update = update;
    this.render = render;
    this.backend = backend;
    this.input = input;
    this.recorder = recorder;
    this.overlay = overlay;
    this.checkViews = checkViews;
    this.onError = onError;
    this.fit = backend.sync();
    this.loop = createLoop({
      ticks,
      clock,
      phases: [...STATE_ENGINE_PHASES],
      onError: (error) => this.report(error),
    });
    this.cues = cues ?? cueLog(() => this.loop.frame().count);
    this.errors$ = this.loop.errors$;
    this.wireSteps();
  }

  /** The state the most recent frame (or `apply`) left, as a read-only view. */
  get state(): DeepReadonly<T> {
    return this.view(this.current);
  }

  /** The frames so far: count, simulated time and the latest delta (ms). */
  frame(): FrameInfo {
    return this.loop.frame();
  }

  /** Starts taking host ticks (the page's frames by default). */
  start(): void {
    this.loop.start();
  }

  /** Stops taking host ticks: no frame is requested. */
  stop(): void {
    this.loop.stop();
  }

  /** The fit the latest frame rendered through (for converting between CSS pixels and logical units). */
  get viewport(): Viewport {
    return this.fit;
  }

  /** Whether the engine is taking host ticks. */
  get running(): boolean {
    return this.loop.running;
  }

  /**
   * Runs one tick synchronously. Every error raised in the frame (an update
   * refused, a throwing render) reaches `onError` and `errors$` as it
   * happens; the frame finishes, then its first error is thrown to the caller.
   *
   * A frame cannot run inside another: `advance()` from inside a frame (from
   * update, render or anything they call) is refused with an error naming
   * the rule, and that frame goes on, reporting the refusal as its own.
   *
   * @return Whether the tick made a frame.
   * @throws {Error} when called inside a frame; the frame's first error otherwise.
   */
  advance(timestampMs?: number): boolean {
    if (this.advancing || this.loop.inFrame) {
      throw new Error(
        `advance: called inside frame ${this.loop.frame().count} of the state engine; a frame cannot run inside another, ` +
          'so call advance() from outside the frame (a test, a timer, the next tick), never from update or render',
      );
    }
    this.advancing = true;
    let delivered: boolean;
    let first: PhaseError | undefined;
    try {
      delivered = this.loop.advance(timestampMs);
    } finally {
      first = this.advanceError;
      this.advanceError = undefined;
      this.advancing = false;
    }
    if (first !== undefined) throw first.cause instanceof Error ? first.cause : first;
    return delivered;
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
    if (this.loop.inFrame) {
      throw new Error('apply: called inside a frame; pose the game between frames (update returns the next state inside one)');
    }
    const next = transition(this.view(this.current));
    if (next === undefined) throw refused('apply: the transition');
    this.current = next;
  }

  /** Replaces the clock; the new clock starts with no baseline. */
  setClock(clock: Clock): void {
    this.loop.setClock(clock);
  }

  /** A phase of the frame as a stream (emits the delta in seconds inside that phase). */
  phase(name: StatePhase): Observable<number> {
    return this.loop.phase(name);
  }

  /** Stops for good and frees the recorder, the backend and the input's listeners. */
  destroy(): void {
    this.loop.destroy();
    this.recorder?.dispose?.();
    this.backend.destroy();
    this.input.destroy();
  }

  // -- the frame ------------------------------------------------------------

  private wireSteps(): void {
    const { loop, backend } = this;
    // Step 3: both canvases synced to the surface, the viewport recomputed.
    loop.on('sync', () => {
      this.fit = backend.sync();
      if (this.overlay) this.frameTimes.record(loop.frame().lastDeltaMs);
    });
    // Step 4: the screen layer cleared and given the viewport transform.
    loop.on('screen', () => backend.beginScreen());
    // Step 5: update runs with the delta in seconds, and the state is replaced.
    const updateContext = this.updateContext();
    loop.on('update', (dt) => {
      (updateContext as { dt: number }).dt = dt;
      const next = this.update(this.view(this.current), updateContext);
      if (next === undefined) throw refused('update');
      this.current = next;
    });
    // Step 6: render draws from the read-only state.
    const renderContext = this.renderContext();
    loop.on('render', () => this.render?.(this.view(this.current), renderContext));
    // Step 7: matrices, camera into the view, clear, viewport and scissor, the scene rendered.
    loop.on('present', () => backend.present());
    // Step 8: the recorder captures the picture the game submitted.
    loop.on('record', () => {
      if (this.recorder?.recording) this.recorder.capture();
    });
    // Step 9: the diagnostics overlay, in device space.
    loop.on('overlay', () => {
      if (this.overlay) backend.drawOverlay(this.frameTimes.read(loop.stats().declined, loop.frame().count));
    });
    // Step 10: the screen layer composited over the picture.
    loop.on('composite', () => backend.composite());
    // Step 11: the input frame closes; unconsumed edges are discarded.
    loop.on('closeInput', () => this.input.closeFrame());
  }

  private updateContext(): UpdateContext<A> {
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
        return engine.loop.frame();
      },
      input: this.input.frame,
      cue: (name, options) => cues.play(name, options),
      view,
      get viewport() {
        return engine.fit;
      },
    };
  }

  private renderContext(): RenderContext<S> {
    const engine = this;
    return Object.defineProperties(Object.create(this.backend.surface) as RenderContext<S>, {
      viewport: { get: () => engine.fit, enumerable: true },
      frame: { get: () => engine.loop.frame(), enumerable: true },
    });
  }

  private view(state: T): DeepReadonly<T> {
    return this.checkViews ? readonlyView(state, this.viewCache) : (state as DeepReadonly<T>);
  }

  private report(error: PhaseError): void {
    if (this.advancing) this.advanceError ??= error;
    this.onError(error);
  }
}

/** Checks every option's shape before anything is built: a wrong shape is refused, never turned into a default. */
function checkOptions<T, S extends object, A extends string>(options: StateEngineOptions<T, S, A>): void {
  const where = 'createStateEngine';
  if (options === null || typeof options !== 'object') {
    throw new OptionError(where, 'options', 'an object { initial, update, backend, ... }', options);
  }
  checkOptionKeys(where, options, STATE_ENGINE_OPTIONS);
  const { initial, update, render, backend, ticks, clock, input, cues, recorder, overlay, readonlyView, onError } = options;
  if (initial === undefined) throw new OptionError(where, 'initial', 'the first state (not undefined)', initial);
  if (typeof update !== 'function') throw new OptionError(where, 'update', 'a function (view, context) => next state', update);
  if (backend == null || typeof (backend as Partial<StateBackend<S>>).present !== 'function') {
    throw new OptionError(where, 'backend', 'a state backend (threeBackend() in a browser, nullBackend() in Node)', backend);
  }
  if (render !== undefined && typeof render !== 'function') {
    throw new OptionError(where, 'render', 'a function (view, context) => void', render);
  }
  if (ticks !== undefined && typeof (ticks as Partial<Subscribable<number>> | null)?.subscribe !== 'function') {
    throw new OptionError(where, 'ticks', 'a source of host ticks (animationFrames(), manualTicks().ticks$, an Observable)', ticks);
  }
  if (clock !== undefined && typeof clock !== 'function') {
    throw new OptionError(where, 'clock', 'a clock (wallClock(), constantClock(ms), ...)', clock);
  }
  if (input !== undefined && !isInput(input)) throw new OptionError(where, 'input', 'an Input (createInput({ bindings }))', input);
  if (cues !== undefined && typeof (cues as Partial<CuePlayer> | null)?.play !== 'function') {
    throw new OptionError(where, 'cues', 'a cue player ({ play(name, options) }, e.g. cueLog() or webAudioCues())', cues);
  }
  if (recorder !== undefined && !isRecorder(recorder)) {
    throw new OptionError(where, 'recorder', 'a frame recorder ({ recording, capture() }, e.g. backend.createRecorder())', recorder);
  }
  if (overlay !== undefined && typeof overlay !== 'boolean') throw new OptionError(where, 'overlay', 'true or false', overlay);
  if (readonlyView !== undefined && typeof readonlyView !== 'boolean') {
    throw new OptionError(where, 'readonlyView', 'true or false', readonlyView);
  }
  if (onError !== undefined && typeof onError !== 'function') throw new OptionError(where, 'onError', 'a function', onError);
}

/** What the engine uses of an Input: the frame it hands update, the frame close, and destroy. */
function isInput(value: unknown): value is Input<string> {
  const input = value as Partial<Input<string>> | null;
  return (
    input !== null &&
    typeof input === 'object' &&
    typeof input.frame === 'object' &&
    input.frame !== null &&
    typeof input.closeFrame === 'function' &&
    typeof input.destroy === 'function'
  );
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

function refused(who: string): RefusedUpdateError {
  return new RefusedUpdateError(
    `${who} returned undefined and was refused: it must return the next state, so the engine keeps the state it had ` +
      '(an update that mutated its view and returned nothing has advanced nothing the engine will read again)',
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
