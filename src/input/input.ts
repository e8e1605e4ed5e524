import { OptionError } from '../../operators/option-error.js';
import { booleanOption, checkOptionKeys, functionOption, optionsObject } from '../../operators/validate.js';
import { PointerDevice, type PointerMeasure, type PointerSink, type PointerState } from './pointer-device.js';
import { isTextField } from './text-field.js';

export type { PointerMeasure, PointerState } from './pointer-device.js';

/**
 * Which device inputs drive each named action: keyboard codes
 * (`KeyboardEvent.code`, e.g. `'Space'`, `'ArrowLeft'`, `'KeyW'`) and pointer
 * buttons (`'Pointer0'` primary, `'Pointer2'` secondary).
 */
export type InputBindings<A extends string> = { readonly [K in A]: readonly string[] };

/** Options of {@link createInput}. */
export interface InputOptions<A extends string> {
  /**
   * Action names and the keys or pointer buttons bound to them; or `'codes'`:
   * every key and pointer button is an action of its own, named by its code
   * (`held('Space')`, `pressed('Pointer0')`), as the page engine reads keys.
   */
  bindings: InputBindings<A> | 'codes';
  /**
   * Where keyboard events are read (usually `window`). Without it, input is
   * scripted only (`press`/`release`), as in Node.
   */
  keyboardTarget?: EventTarget;
  /** Where pointer events are read, and what pointer positions are relative to (usually the game's canvas). */
  pointerTarget?: EventTarget;
  /** When the pointer target is measured (see {@link PointerMeasure}). Defaults to `'event'`. */
  pointerMeasure?: PointerMeasure;
  /**
   * Whether keys pressed while focus is in a text field (an `<input>` that
   * takes text, a `<textarea>`, contenteditable content) are ignored: they
   * are the visitor's, not the game's. Defaults to false.
   */
  ignoreTextFields?: boolean;
  /** Called on every device input that changes something (a press, a release, a pointer move): how a sleeping engine wakes. */
  onInput?: () => void;
}

/**
 * What game code reads in a frame: held state, and pressed/released edges
 * that are consumed at most once.
 */
export interface InputView<A extends string = string> {
  /** Whether the action is held right now. */
  held(action: A): boolean;
  /**
   * Whether the action was pressed since its edge was last consumed, and
   * consumes the edge: a second call in the same frame returns false.
   */
  pressed(action: A): boolean;
  /** As {@link pressed}, for the release edge. */
  released(action: A): boolean;
  /** -1, 0 or 1 from two held actions: `axis('left', 'right')`. */
  axis(negative: A, positive: A): number;
  /** The latest pointer position. */
  readonly pointer: PointerState;
}

/**
 * An {@link Input}'s state as plain data ({@link Input.save}): part of every
 * engine snapshot.
 */
export interface InputState {
  /** The device inputs held (key codes, `Pointer0`...), in the order pressed. */
  readonly held: readonly string[];
  /** Each action with something to keep: [name, held count, pressed, released, latched pressed, latched released]. */
  readonly actions: readonly (readonly [string, number, boolean, boolean, boolean, boolean])[];
  /** The pointer: where it is and whether it is inside the target. */
  readonly pointer: PointerState;
}

interface ActionState {
  held: number; // how many bound inputs hold it (two keys can hold one action)
  pressed: boolean;
  released: boolean;
  latchedPressed: boolean;
  latchedReleased: boolean;
}

/**
 * One raw call into an {@link Input}, as a session recorder sees it:
 * `press`/`release` with the device input, `move` with the pointer's x, y and
 * whether it is inside. Calls that change nothing (a key repeat) are seen too,
 * so a replay makes exactly the same calls.
 *
 * @internal
 */
export type InputCall = readonly ['press' | 'release', string] | readonly ['move', number, number, boolean];

/** A session recorder's listener of an Input's calls (see `Input.setTap`); `measured`: the pointer measured for the page inside a frame. @internal */
export type InputTap = (call: InputCall, measured: boolean) => void;

/**
 * Checks a target that input listens on: anything with `addEventListener`
 * (window, a canvas, an element). One rule for every option that takes one.
 *
 * @throws {OptionError} naming `where`, `option`, the rule and the value.
 * @internal
 */
export function checkEventTarget(where: string, option: string, target: unknown): asserts target is EventTarget {
  if (target === null || typeof (target as Partial<EventTarget> | undefined)?.addEventListener !== 'function') {
    throw new OptionError(where, option, 'an EventTarget (window, a canvas, an element)', target);
  }
}

/** Frame close for one action: its frame edges left unconsumed are discarded (latched ones stay). */
function discardFrameEdges(state: ActionState): void {
  state.pressed = false;
  state.released = false;
}

/**
 * Devices mapped to named actions, with held state and edges.
 *
 * Two views read the same devices:
 *
 * - {@link Input.frame} is the rendered frame's input: an edge is consumed at
 *   most once, and {@link Input.closeFrame} discards every edge left
 *   unconsumed, so an edge never leaks into a later frame.
 * - {@link Input.fixed} is the fixed-tick view: an edge is latched until a
 *   fixed tick consumes it, so "an edge survives a rendered frame with no
 *   fixed tick and is consumed once, even when the next frame catches up
 *   several ticks". Frame close does not discard latched edges.
 *
 * Real DOM events (`keydown`/`keyup` on the keyboard target,
 * `pointerdown`/`pointerup`/`pointermove` on the pointer target) and scripted
 * calls (`press`, `release`, for AI controllers and tests) feed the same state,
 * and a session recorder sees them all through one tap. A key's auto-repeat
 * is never a new press. A `pointercancel` releases what that pointer held, as
 * a `pointerup` would. A mouse's `pointerleave` puts the pointer outside at
 * once; a finger's or a pen's (after it lifts) releases what it held and puts
 * the pointer outside when the frame closes, so the frame that reads a tap
 * reads it where the finger lifted, and no hover stays behind.
 *
 * The same model serves every preset: the world and state engines read its
 * frame view, the runtime its frame and fixed views (its `input()`), and the
 * page engine's `engine.input` reads keys by code (`bindings: 'codes'`), the
 * pointer measured once a frame (`pointerMeasure: 'frame'`), ignoring typing
 * in text fields and waking a settled engine (`onInput`).
 */
export class Input<A extends string = string> {
  /** The rendered frame's view. */
  readonly frame: InputView<A>;
  /** The fixed-tick view (latched edges). */
  readonly fixed: InputView<A>;

  private readonly actions = new Map<A, ActionState>();
  private readonly bindingsByInput = new Map<string, A[]>();
  /** Every key and pointer button is an action named by its code (`bindings: 'codes'`). */
  private readonly byCode: boolean;
  private readonly heldInputs = new Set<string>();
  /** How many pointer buttons are held. */
  private pointerButtonsHeld = 0;
  private pointerState: PointerState = { x: 0, y: 0, inside: false };
  private readonly pointerDevice: PointerDevice;
  private readonly detachers: (() => void)[] = [];
  private readonly onInput: (() => void) | undefined;
  private tap: InputTap | undefined;
  /** Whether the pointer is being measured for the page (in a frame's read phase, or its close): a move then is the player's, not the game's. */
  private measuring = false;

  constructor(options: InputOptions<A>) {
    optionsObject('createInput', options);
    checkOptionKeys('createInput', options, ['bindings', 'keyboardTarget', 'pointerTarget', 'pointerMeasure', 'ignoreTextFields', 'onInput']);
    const { bindings, keyboardTarget, pointerTarget, pointerMeasure = 'event', ignoreTextFields = false, onInput } = options;
    this.byCode = bindings === 'codes';
    if (!this.byCode && (bindings == null || typeof bindings !== 'object' || Array.isArray(bindings))) {
      throw new OptionError('createInput', 'bindings', "an object of action names to key codes, or 'codes' (every key an action of its own)", bindings);
    }
    for (const [option, target] of [['keyboardTarget', keyboardTarget], ['pointerTarget', pointerTarget]] as const) {
      if (target !== undefined) checkEventTarget('createInput', option, target);
    }
    if (pointerMeasure !== 'event' && pointerMeasure !== 'frame') throw new OptionError('createInput', 'pointerMeasure', "'event' or 'frame'", pointerMeasure);
    booleanOption('createInput', 'ignoreTextFields', ignoreTextFields);
    if (onInput !== undefined) functionOption('createInput', 'onInput', onInput);
    this.onInput = onInput;
    for (const [action, inputs] of Object.entries(this.byCode ? {} : bindings) as [A, readonly string[]][]) {
      if (!Array.isArray(inputs) || inputs.some((i) => typeof i !== 'string' || i === '')) {
        throw new OptionError('createInput', `bindings.${action}`, 'an array of key codes or pointer buttons', inputs);
      }
      this.actions.set(action, { held: 0, pressed: false, released: false, latchedPressed: false, latchedReleased: false });
      for (const input of inputs) {
        const list = this.bindingsByInput.get(input) ?? [];
        list.push(action);
        this.bindingsByInput.set(input, list);
      }
    }
    this.frame = this.view(false);
    this.fixed = this.view(true);
    this.pointerDevice = new PointerDevice(pointerTarget, pointerMeasure, this.pointerSink());
    if (keyboardTarget !== undefined) this.listenKeyboard(keyboardTarget, ignoreTextFields);
    if (pointerTarget !== undefined) this.detachers.push(this.pointerDevice.listen(pointerTarget));
  }

  /** Whether a pointer button is held (`'Pointer0'`, `'Pointer2'`...). */
  get pointerDown(): boolean {
    return this.pointerButtonsHeld > 0;
  }

  /** How many times the pointer target was measured (`getBoundingClientRect()`). */
  get measureCount(): number {
    return this.pointerDevice.measureCount;
  }

  /** Whether `action` is one this input reads: a bound action, or any name for an input by codes. */
  reads(action: string): boolean {
    return this.byCode || this.actions.has(action as A);
  }

  /** Scripted input: the device input (a key code or pointer button) goes down. */
  press(input: string): void {
    if (this.tap !== undefined) this.tap(['press', input], false);
    if (this.heldInputs.has(input)) return; // key repeat is not a new press
    this.heldInputs.add(input);
    if (input.startsWith('Pointer')) this.pointerButtonsHeld++;
    for (const action of this.actionsOf(input)) {
      const state = this.actions.get(action)!;
      if (state.held++ === 0) {
        state.pressed = true;
        state.latchedPressed = true;
      }
    }
    this.onInput?.();
  }

  /** Scripted input: the device input comes up. */
  release(input: string): void {
    if (this.lift(input)) this.onInput?.();
  }

  /** Scripted pointer movement, in CSS pixels relative to the pointer target. */
  movePointer(x: number, y: number, inside = true): void {
    if (!Number.isFinite(x) || !Number.isFinite(y)) return; // host events are never trusted
    this.placePointer(x, y, inside === true);
    this.onInput?.();
  }

  /**
   * Scripted pointer movement in client (viewport) coordinates, as a pointer
   * event gives them: measured against the pointer target now, or at the
   * next {@link measurePointer} when it is measured once a frame.
   */
  movePointerClient(clientX: number, clientY: number): void {
    this.pointerDevice.at(clientX, clientY);
  }

  /**
   * Measures the pointer target once, if the pointer moved since the last
   * measure (`pointerMeasure: 'frame'`; the page engine calls it in its read
   * phase). Does nothing when the target is measured at each event.
   */
  measurePointer(): void {
    this.measuring = true;
    try {
      this.pointerDevice.measure();
    } finally {
      this.measuring = false;
    }
  }

  /**
   * Closes the rendered frame's input: every frame edge left unconsumed is
   * discarded. Latched (fixed-tick) edges stay until a fixed tick reads them.
   */
  closeFrame(): void {
    // forEach, not for...of: a Map iterator is an object a frame, and the browser runs this code unoptimized long
    // enough that it is never removed (issue 29: "no steady allocation by tickflow itself").
    this.actions.forEach(discardFrameEdges);
    if (this.pointerDevice.takeLeaveAtClose()) {
      this.measuring = true; // a pointerleave, applied when the frame closes: the player's
      try {
        this.placePointer(this.pointerState.x, this.pointerState.y, false);
      } finally {
        this.measuring = false;
      }
    }
  }

  /** Releases everything held (a lost focus, a pause: the keyup events will never come). It is no input of the player's: `onInput` is not called. */
  releaseAll(): void {
    for (const input of [...this.heldInputs]) this.lift(input);
  }

  /**
   * The input's state as fresh plain data: the device inputs held, every
   * action's held count and its unconsumed edges (frame and fixed), and the
   * pointer. What an engine's `save()` keeps of its input. A pointer event
   * under way in the device (a client position not yet measured) is host
   * input in flight, not state: it is not in it.
   */
  save(): InputState {
    const actions: [string, number, boolean, boolean, boolean, boolean][] = [];
    for (const [action, { held, pressed, released, latchedPressed, latchedReleased }] of this.actions) {
      if (held !== 0 || pressed || released || latchedPressed || latchedReleased) actions.push([action, held, pressed, released, latchedPressed, latchedReleased]);
    }
    const { x, y, inside } = this.pointerState;
    return { held: [...this.heldInputs], actions, pointer: { x, y, inside } };
  }

  /**
   * Puts back a state read by {@link save}: held inputs, edges and the
   * pointer, exactly (no press or release edge is made by the change, and
   * `onInput` is not called). A key the player holds now and the state does
   * not is released silently: its keyup will not make a release edge.
   *
   * @throws {OptionError} for a state that is not an input state, or names an action this input does not bind; the input is then unchanged.
   */
  restore(state: InputState): void {
    this.checkState(state);
    this.heldInputs.clear();
    this.pointerButtonsHeld = 0;
    for (const input of state.held) {
      this.heldInputs.add(String(input));
      if (String(input).startsWith('Pointer')) this.pointerButtonsHeld++;
    }
    for (const action of this.actions.values()) Object.assign(action, { held: 0, pressed: false, released: false, latchedPressed: false, latchedReleased: false });
    for (const [action, held, pressed, released, latchedPressed, latchedReleased] of state.actions) {
      const target = this.actions.get(action as A) ?? this.codeAction(action as A);
      Object.assign(target, { held, pressed: pressed === true, released: released === true, latchedPressed: latchedPressed === true, latchedReleased: latchedReleased === true });
    }
    const { x, y, inside } = state.pointer;
    this.pointerState = { x: Number(x), y: Number(y), inside: inside === true };
  }

  /** @throws {OptionError} for a state {@link restore} would refuse; changes nothing. @internal */
  checkState(state: InputState): void {
    const where = 'restore';
    if (state === null || typeof state !== 'object' || !Array.isArray(state.held) || !Array.isArray(state.actions) || state.pointer === null || typeof state.pointer !== 'object') {
      throw new OptionError(where, 'snapshot.input', 'an input state read by input.save()', state);
    }
    for (const entry of state.actions) {
      if (!Array.isArray(entry) || typeof entry[0] !== 'string' || !(Number.isInteger(entry[1]) && entry[1] >= 0)) {
        throw new OptionError(where, 'snapshot.input.actions', 'entries [action, held, pressed, released, latchedPressed, latchedReleased]', entry);
      }
      if (!this.byCode && !this.actions.has(entry[0] as A)) throw new OptionError(where, 'snapshot.input.actions', `actions this input binds (${[...this.actions.keys()].join(', ')})`, entry[0]);
    }
  }

  /**
   * Sets (or, with `undefined`, removes) the one listener of every raw
   * `press`, `release` and pointer move, device events and scripted calls
   * alike (`releaseAll` is seen as its releases): how a session recorder sees
   * input. Its second argument says whether the call is the pointer measured
   * for the page inside a frame (the page engine's read phase): host input,
   * though it comes in a frame.
   *
   * @throws {Error} when a listener is set and another is given (one recorder at a time).
   * @internal
   */
  setTap(tap: InputTap | undefined): void {
    if (tap !== undefined && this.tap !== undefined && tap !== this.tap) {
      throw new Error('setTap: this input is already recorded; stop the other recording first (one recorder at a time)');
    }
    this.tap = tap;
  }

  /** Removes every DOM listener. */
  destroy(): void {
    for (const detach of this.detachers.splice(0)) detach();
  }

  private view(latched: boolean): InputView<A> {
    const state = (action: A): ActionState => {
      const s = this.actions.get(action);
      if (s !== undefined) return s;
      if (this.byCode) return this.codeAction(action);
      throw new OptionError('input', 'action', `one of the bound actions (${[...this.actions.keys()].join(', ')})`, action);
    };
    // `self` so the returned object can expose a getter reading this input's pointer.
    const self = this;
    return {
      held: (action) => state(action).held > 0,
      pressed: (action) => {
        const s = state(action);
        const edge = latched ? s.latchedPressed : s.pressed;
        if (latched) s.latchedPressed = false;
        else s.pressed = false;
        return edge;
      },
      released: (action) => {
        const s = state(action);
        const edge = latched ? s.latchedReleased : s.released;
        if (latched) s.latchedReleased = false;
        else s.released = false;
        return edge;
      },
      axis: (negative, positive) => (state(positive).held > 0 ? 1 : 0) - (state(negative).held > 0 ? 1 : 0),
      get pointer() {
        return self.pointerState;
      },
    };
  }

  /** The device input comes up (a recorder sees the release); returns whether it was held. */
  private lift(input: string): boolean {
    if (this.tap !== undefined) this.tap(['release', input], false);
    if (!this.heldInputs.delete(input)) return false;
    if (input.startsWith('Pointer')) this.pointerButtonsHeld--;
    for (const action of this.actionsOf(input)) {
      const state = this.actions.get(action)!;
      if (--state.held === 0) {
        state.released = true;
        state.latchedReleased = true;
      }
    }
    return true;
  }

  /** The actions a device input drives: its bound actions, or (by codes) the action of its own name. */
  private actionsOf(input: string): readonly A[] {
    const actions = this.bindingsByInput.get(input);
    if (actions !== undefined || !this.byCode) return actions ?? NO_ACTIONS;
    this.codeAction(input as A);
    return this.bindingsByInput.get(input)!;
  }

  /** By codes: the state of the action named by a code, made the first time the code is pressed or read. */
  private codeAction(code: A): ActionState {
    const state: ActionState = { held: 0, pressed: false, released: false, latchedPressed: false, latchedReleased: false };
    this.actions.set(code, state);
    this.bindingsByInput.set(code, [code]);
    return state;
  }

  /** Puts the pointer here; a recorder sees it as a move. */
  private placePointer(x: number, y: number, inside: boolean): void {
    if (this.tap !== undefined) this.tap(['move', x, y, inside], this.measuring);
    this.pointerState = { x, y, inside };
  }

  private pointerSink(): PointerSink {
    const self = this;
    return {
      press: (input) => this.press(input),
      release: (input) => this.release(input),
      place: (x, y, inside) => this.placePointer(x, y, inside),
      notify: () => this.onInput?.(),
      get pointer() {
        return self.pointerState;
      },
    };
  }

  private listenKeyboard(target: EventTarget, ignoreTextFields: boolean): void {
    const keydown = (event: Event): void => {
      const { code, repeat } = event as KeyboardEvent;
      if (ignoreTextFields && isTextField(event.target)) return; // the visitor is typing: not the game's key
      if (!this.byCode && this.bindingsByInput.has(code)) event.preventDefault(); // a bound key must not scroll the page
      if (repeat !== true) this.press(code); // an auto-repeat is never a new press
    };
    const keyup = (event: Event): void => this.release((event as KeyboardEvent).code);
    const blur = (): void => this.releaseAll();
    const listeners = [['keydown', keydown], ['keyup', keyup], ['blur', blur]] as const;
    for (const [type, listener] of listeners) target.addEventListener(type, listener);
    this.detachers.push(() => {
      for (const [type, listener] of listeners) target.removeEventListener(type, listener);
    });
  }
}

/** A device input bound to no action. */
const NO_ACTIONS: readonly never[] = [];

/**
 * Keyboard and pointer, mapped to named actions.
 *
 * @example
 * ```ts
 * import { createInput } from 'tickflow';
 *
 * const input = createInput({
 *   bindings: { left: ['ArrowLeft', 'KeyA'], right: ['ArrowRight', 'KeyD'], jump: ['Space'], fire: ['Pointer0'] },
 *   keyboardTarget: window,
 *   pointerTarget: canvas,
 * });
 * // in a frame:
 * const dir = input.frame.axis('left', 'right');
 * if (input.frame.pressed('jump')) jump(); // true once per press
 * // at the end of the frame (engines do this for you):
 * input.closeFrame();
 * ```
 *
 * @throws {OptionError} for bindings that are not arrays of key codes, a target
 * that is not an EventTarget, or an unknown option.
 */
export function createInput<const A extends string>(options: InputOptions<A>): Input<A> {
  return new Input(options);
}
