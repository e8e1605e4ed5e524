import { OptionError } from '../../operators/option-error.js';
import { checkOptionKeys, optionsObject } from '../../operators/validate.js';

/**
 * Which device inputs drive each named action: keyboard codes
 * (`KeyboardEvent.code`, e.g. `'Space'`, `'ArrowLeft'`, `'KeyW'`) and pointer
 * buttons (`'Pointer0'` primary, `'Pointer2'` secondary).
 */
export type InputBindings<A extends string> = { readonly [K in A]: readonly string[] };

/** Options of {@link createInput}. */
export interface InputOptions<A extends string> {
  /** Action names and the keys or pointer buttons bound to them. */
  bindings: InputBindings<A>;
  /**
   * Where keyboard events are read (usually `window`). Without it, input is
   * scripted only (`press`/`release`), as in Node.
   */
  keyboardTarget?: EventTarget;
  /** Where pointer events are read (usually the game's canvas). */
  pointerTarget?: EventTarget;
}

/** A pointer position in CSS pixels relative to the pointer target, and whether it is inside it. */
export interface PointerState {
  /** CSS pixels from the target's left edge. */
  readonly x: number;
  /** CSS pixels from the target's top edge. */
  readonly y: number;
  /** Whether the pointer is over the target. */
  readonly inside: boolean;
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
 * calls (`press`, `release`, for AI controllers and tests) feed the same state.
 * A `pointercancel` releases what that pointer held, as a `pointerup` would.
 * A mouse's `pointerleave` puts the pointer outside at once; a finger's or a
 * pen's (after it lifts) releases what it held and puts the pointer outside
 * when the frame closes, so the frame that reads a tap reads it where the
 * finger lifted, and no hover stays behind.
 */
export class Input<A extends string = string> {
  /** The rendered frame's view. */
  readonly frame: InputView<A>;
  /** The fixed-tick view (latched edges). */
  readonly fixed: InputView<A>;

  private readonly actions = new Map<A, ActionState>();
  private readonly bindingsByInput = new Map<string, A[]>();
  private readonly heldInputs = new Set<string>();
  private pointerState = { x: 0, y: 0, inside: false };
  /** The pointer buttons each pointer (by `pointerId`) holds, so a `pointercancel` (which names no button) releases them. */
  private readonly pointerButtons = new Map<number, Set<string>>();
  /** A touch or pen left the target after it lifted: the pointer goes outside when this frame closes. */
  private leaveAtFrameClose = false;
  private readonly detachers: (() => void)[] = [];
  private tap: ((call: InputCall) => void) | undefined;

  constructor(options: InputOptions<A>) {
    optionsObject('createInput', options);
    checkOptionKeys('createInput', options, ['bindings', 'keyboardTarget', 'pointerTarget']);
    const { bindings, keyboardTarget, pointerTarget } = options;
    if (bindings == null || typeof bindings !== 'object' || Array.isArray(bindings)) {
      throw new OptionError('createInput', 'bindings', 'an object of action names to key codes', bindings);
    }
    for (const [option, target] of [['keyboardTarget', keyboardTarget], ['pointerTarget', pointerTarget]] as const) {
      if (target !== undefined) checkEventTarget('createInput', option, target);
    }
    for (const [action, inputs] of Object.entries(bindings) as [A, readonly string[]][]) {
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
    if (keyboardTarget !== undefined) this.listenKeyboard(keyboardTarget);
    if (pointerTarget !== undefined) this.listenPointer(pointerTarget);
  }

  /** Scripted input: the device input (a key code or pointer button) goes down. */
  press(input: string): void {
    if (this.tap !== undefined) this.tap(['press', input]);
    if (this.heldInputs.has(input)) return; // key repeat is not a new press
    this.heldInputs.add(input);
    for (const action of this.bindingsByInput.get(input) ?? []) {
      const state = this.actions.get(action)!;
      if (state.held++ === 0) {
        state.pressed = true;
        state.latchedPressed = true;
      }
    }
  }

  /** Scripted input: the device input comes up. */
  release(input: string): void {
    if (this.tap !== undefined) this.tap(['release', input]);
    if (!this.heldInputs.delete(input)) return;
    for (const action of this.bindingsByInput.get(input) ?? []) {
      const state = this.actions.get(action)!;
      if (--state.held === 0) {
        state.released = true;
        state.latchedReleased = true;
      }
    }
  }

  /** Scripted pointer movement, in CSS pixels relative to the pointer target. */
  movePointer(x: number, y: number, inside = true): void {
    if (!Number.isFinite(x) || !Number.isFinite(y)) return; // host events are never trusted
    if (this.tap !== undefined) this.tap(['move', x, y, inside === true]);
    this.pointerState = { x, y, inside };
  }

  /**
   * Closes the rendered frame's input: every frame edge left unconsumed is
   * discarded. Latched (fixed-tick) edges stay until a fixed tick reads them.
   */
  closeFrame(): void {
    for (const state of this.actions.values()) {
      state.pressed = false;
      state.released = false;
    }
    if (this.leaveAtFrameClose) {
      this.leaveAtFrameClose = false;
      this.movePointer(this.pointerState.x, this.pointerState.y, false);
    }
  }

  /** Releases everything held (a lost focus: the keyup events will never come). */
  releaseAll(): void {
    for (const input of [...this.heldInputs]) this.release(input);
  }

  /**
   * Sets (or, with `undefined`, removes) the one listener of every raw
   * `press`, `release` and pointer move, device events and scripted calls
   * alike (`releaseAll` is seen as its releases): how a session recorder sees
   * input.
   *
   * @throws {Error} when a listener is set and another is given (one recorder at a time).
   * @internal
   */
  setTap(tap: ((call: InputCall) => void) | undefined): void {
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
      if (s === undefined) {
        throw new OptionError('input', 'action', `one of the bound actions (${[...this.actions.keys()].join(', ')})`, action);
      }
      return s;
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

  private listen(target: EventTarget, type: string, handler: (event: Event) => void): void {
    target.addEventListener(type, handler);
    this.detachers.push(() => target.removeEventListener(type, handler));
  }

  private listenKeyboard(target: EventTarget): void {
    this.listen(target, 'keydown', (event) => {
      const { code } = event as KeyboardEvent;
      if (this.bindingsByInput.has(code)) event.preventDefault(); // a bound key must not scroll the page
      this.press(code);
    });
    this.listen(target, 'keyup', (event) => this.release((event as KeyboardEvent).code));
    this.listen(target, 'blur', () => this.releaseAll());
  }

  private listenPointer(target: EventTarget): void {
    const locate = (event: Event): void => {
      const { clientX, clientY } = event as PointerEvent;
      const element = target as Partial<Element>;
      const rect = element.getBoundingClientRect?.() ?? { left: 0, top: 0, width: Infinity, height: Infinity };
      const x = clientX - rect.left;
      const y = clientY - rect.top;
      this.movePointer(x, y, x >= 0 && y >= 0 && x < rect.width && y < rect.height);
    };
    /** Releases what `pointerId` holds: every button, or only `button`. */
    const lift = (pointerId: number, button?: string): void => {
      const held = this.pointerButtons.get(pointerId);
      if (held === undefined) return;
      for (const input of button === undefined ? [...held] : [button]) {
        if (held.delete(input)) this.release(input);
      }
      if (held.size === 0) this.pointerButtons.delete(pointerId);
    };
    this.listen(target, 'pointermove', (event) => {
      this.leaveAtFrameClose = false;
      locate(event);
    });
    this.listen(target, 'pointerdown', (event) => {
      const { pointerId, button } = event as PointerEvent;
      this.leaveAtFrameClose = false;
      locate(event);
      const input = `Pointer${button}`;
      const held = this.pointerButtons.get(pointerId) ?? new Set<string>();
      held.add(input);
      this.pointerButtons.set(pointerId, held);
      this.press(input);
    });
    this.listen(target, 'pointerup', (event) => {
      const { pointerId, button } = event as PointerEvent;
      locate(event);
      const input = `Pointer${button}`;
      if (this.pointerButtons.get(pointerId)?.has(input)) lift(pointerId, input);
      else this.release(input); // pressed by script, or before this input listened
    });
    // The browser took the pointer (a scroll, a system gesture) and will send no pointerup: release what it held.
    this.listen(target, 'pointercancel', (event) => lift((event as PointerEvent).pointerId));
    this.listen(target, 'pointerleave', (event) => {
      const { pointerId, pointerType } = event as PointerEvent;
      if (pointerType === 'mouse') {
        this.movePointer(this.pointerState.x, this.pointerState.y, false); // a mouse's held button may come back: a drag goes on
        return;
      }
      // A finger or pen that left is lifted: it holds nothing. A tap is a press, a release and then this leave, all
      // before the frame that reads the press; that frame reads the pointer where the tap lifted, and the pointer
      // is outside from the close of that frame on (no hover stays behind a finger that is gone).
      lift(pointerId);
      this.leaveAtFrameClose = true;
    });
  }
}

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
