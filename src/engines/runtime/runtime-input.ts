import { OptionError } from '../../../operators/option-error.js';
import { checkOptionKeys, optionsObject } from '../../../operators/validate.js';
import { checkEventTarget, Input, type InputBindings } from '../../input/input.js';

/**
 * The runtime's actions: four held directions, two one-shot gameplay edges,
 * and the player's pause and single-step keys.
 */
export const RUNTIME_ACTIONS = ['left', 'right', 'up', 'down', 'jump', 'interact', 'pause', 'step'] as const;

/** One of {@link RUNTIME_ACTIONS}. */
export type RuntimeAction = (typeof RUNTIME_ACTIONS)[number];

/**
 * The keys bound by default (`KeyboardEvent.code`): arrows and WASD, Space to
 * jump, E to interact, and the seed's "Player keys P and N pause and
 * single-step".
 */
export const DEFAULT_RUNTIME_BINDINGS: { readonly [A in RuntimeAction]: readonly string[] } = Object.freeze({
  left: ['ArrowLeft', 'KeyA'],
  right: ['ArrowRight', 'KeyD'],
  up: ['ArrowUp', 'KeyW'],
  down: ['ArrowDown', 'KeyS'],
  jump: ['Space'],
  interact: ['KeyE'],
  pause: ['KeyP'],
  step: ['KeyN'],
});

/**
 * What `input()` returns: held axes and one-shot edges. In `fixedUpdate` it
 * is the tick's input, in every other callback the rendered frame's. One
 * object per phase, rewritten in place: read it, do not keep it.
 */
export interface RuntimeInputState {
  /** -1 (left held), 0 or 1 (right held). */
  readonly horizontal: number;
  /** -1 (down held), 0 or 1 (up held). */
  readonly vertical: number;
  /** Whether jump was pressed: in `fixedUpdate`, true in the one tick after the press; elsewhere, in the frame after it. */
  readonly jump: boolean;
  /** Whether interact was pressed, as `jump`. */
  readonly interact: boolean;
}

/**
 * The runtime's `input` as options: a shorthand for the Input it builds,
 * `createInput({ bindings: { ...DEFAULT_RUNTIME_BINDINGS, ...bindings }, keyboardTarget: target })`.
 */
export interface RuntimeInputOptions {
  /** Where keyboard events are read (usually `window`); without it input is scripted only (`press`/`release`). */
  readonly target?: EventTarget;
  /** Keys per action, replacing the defaults of the actions named ({@link DEFAULT_RUNTIME_BINDINGS}). */
  readonly bindings?: Partial<InputBindings<RuntimeAction>>;
}

interface MutableInputState {
  horizontal: number;
  vertical: number;
  jump: boolean;
  interact: boolean;
}

/**
 * The runtime's `input()`, read from one {@link Input}: its two views of the
 * same edges, each read into the seed's shape once per tick or frame. It
 * keeps no key state and listens to nothing of its own.
 *
 * - **The tick's input** (`fixedUpdate`): a press is latched until the next
 *   fixed tick takes it, and that tick alone sees it. So an edge survives a
 *   rendered frame with no tick, and a frame that catches up three ticks
 *   sees it in the first and not in the other two: "In fixedUpdate, an edge
 *   survives a rendered frame with no fixed tick and is consumed once, even
 *   when the next frame catches up several ticks." A press and release
 *   between two ticks is still an edge. (Bevy's fixed update reads the
 *   frame's edges instead, and so misses a press on a frame with no tick and
 *   sees it twice on a frame with two.)
 * - **The frame's input** (`update`, `lateUpdate`): the presses since the
 *   previous rendered frame; "In update, input is the current frame's input."
 *
 * ```text
 * key          --J------------------
 * frames       ----f0------f1-------     f0 runs no tick, f1 runs three
 * ticks        ------------t1 t2 t3
 * tick jump    ------------T  F  F       latched across f0, consumed by t1
 * frame jump   ----T-------F--------
 * ```
 *
 * Held axes are the same in both views: what is held now.
 */
export class RuntimeInput {
  private readonly device: Input<RuntimeAction>;
  private readonly tickState: MutableInputState = { horizontal: 0, vertical: 0, jump: false, interact: false };
  private readonly frameState: MutableInputState = { horizontal: 0, vertical: 0, jump: false, interact: false };
  /** Whether the rendered frame's pause and step keys were pressed (read once a frame by the runtime). */
  pauseKey = false;
  stepKey = false;

  /**
   * @param input The runtime's `input` option: an Input that reads every runtime action, or the options of one.
   * @throws {OptionError} naming `where` and the option.
   */
  constructor(input: Input<RuntimeAction> | RuntimeInputOptions | undefined, where: string) {
    this.device = input instanceof Input ? checkRuntimeInput(input, where) : runtimeInput(input, where);
  }

  /** The Input the keys are read from. */
  get keys(): Input<RuntimeAction> {
    return this.device;
  }

  /** Scripted input (tests, headless): a key (`KeyboardEvent.code`) goes down. */
  press(code: string): void {
    this.device.press(code);
  }

  /** Scripted input: a key comes up. */
  release(code: string): void {
    this.device.release(code);
  }

  /** Releases every held key (the page lost focus, a scene was replaced). */
  releaseAll(): void {
    this.device.releaseAll();
  }

  /** At the start of a rendered frame: the frame's input, and the player's keys. */
  beginFrame(): void {
    const view = this.device.frame;
    this.read(this.frameState, view);
    this.pauseKey = view.pressed('pause');
    this.stepKey = view.pressed('step');
  }

  /** At the start of each fixed tick: the tick's input, consuming the latched edges. */
  beginTick(): void {
    this.read(this.tickState, this.device.fixed);
  }

  /** At the end of a rendered frame: the frame's edges are spent. */
  endFrame(): void {
    this.device.closeFrame();
  }

  /** The tick's input (what `fixedUpdate` reads). */
  get tick(): RuntimeInputState {
    return this.tickState;
  }

  /** The rendered frame's input (what `update` and `lateUpdate` read). */
  get frame(): RuntimeInputState {
    return this.frameState;
  }

  /**
   * What `input()` returns in a tick and in a frame, as fresh plain data (a
   * save): each is read again when the next tick or frame begins, but a
   * callback between (an onStart at the barrier, before the tick's input is
   * read) sees the last one.
   */
  saveViews(): { tick: RuntimeInputState; frame: RuntimeInputState } {
    return { tick: { ...this.tickState }, frame: { ...this.frameState } };
  }

  /** Puts back what {@link saveViews} read. */
  restoreViews({ tick, frame }: { readonly tick: RuntimeInputState; readonly frame: RuntimeInputState }): void {
    for (const [state, saved] of [[this.tickState, tick], [this.frameState, frame]] as const) {
      state.horizontal = saved.horizontal;
      state.vertical = saved.vertical;
      state.jump = saved.jump;
      state.interact = saved.interact;
    }
  }

  /** Removes the keyboard listeners. */
  destroy(): void {
    this.device.destroy();
  }

  private read(state: MutableInputState, view: Input<RuntimeAction>['frame']): void {
    state.horizontal = view.axis('left', 'right');
    state.vertical = view.axis('down', 'up');
    state.jump = view.pressed('jump');
    state.interact = view.pressed('interact');
  }
}

/** The rule for an `input` given as an Input. */
const RUNTIME_INPUT_RULE = `an Input that reads every runtime action (${RUNTIME_ACTIONS.join(', ')}; bindings: { ...DEFAULT_RUNTIME_BINDINGS }), or { target, bindings }`;

/** An Input given as the runtime's `input`: it must read every runtime action (`input()` reads them all). */
function checkRuntimeInput(input: Input<RuntimeAction>, where: string): Input<RuntimeAction> {
  const missing = RUNTIME_ACTIONS.find((action) => !input.reads(action));
  if (missing !== undefined) throw new OptionError(where, 'input', `${RUNTIME_INPUT_RULE}: one that reads '${missing}'`, input);
  return input;
}

/** The Input `{ target, bindings }` describe: the default bindings, with those given in place of theirs. */
function runtimeInput(options: RuntimeInputOptions | undefined, where: string): Input<RuntimeAction> {
  optionsObject(`${where}: input`, options, true);
  checkOptionKeys(`${where}: input`, options, ['target', 'bindings']);
  if (options?.target !== undefined) checkEventTarget(where, 'input.target', options.target);
  const overrides = options?.bindings ?? {};
  optionsObject(`${where}: input.bindings`, overrides, true);
  checkOptionKeys(`${where}: input.bindings`, overrides, RUNTIME_ACTIONS);
  const bindings = { ...DEFAULT_RUNTIME_BINDINGS, ...overrides };
  for (const action of RUNTIME_ACTIONS) {
    const keys = bindings[action];
    if (!Array.isArray(keys) || keys.some((key) => typeof key !== 'string' || key === '')) {
      throw new OptionError(where, `input.bindings.${action}`, 'an array of KeyboardEvent.code strings', keys);
    }
  }
  return new Input<RuntimeAction>({ bindings, keyboardTarget: options?.target });
}
