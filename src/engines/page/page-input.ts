import { Input, type InputView, type PointerState } from '../../input/input.js';

/** The pointer as the engine's read phase last measured it. */
export interface PagePointer extends PointerState {
  /** Whether a pointer button is held. */
  readonly down: boolean;
}

/**
 * An engine's input: the pointer relative to its root, and keys by
 * `KeyboardEvent.code`, with edges latched for the fixed step. It is the one
 * input model every preset reads (an {@link Input}, its {@link device}), set
 * up the way the seed's page input works:
 *
 * - The pointer is measured in the read phase, at most once a frame, and only
 *   when it moved: a move only stores the event's client position, and read
 *   turns it into root coordinates with one `getBoundingClientRect()`
 *   (`pointerMeasure: 'frame'`).
 * - A press or release edge is latched until a hook consumes it
 *   (`pressed(code)` returns true once), or until a frame that ran steps ends:
 *   an edge survives a frame with no step and never leaks into a later one.
 * - Keys typed into a text field are not the game's (`ignoreTextFields`).
 *   When the engine pauses, everything held is released (the keyup may never
 *   come); settling keeps it.
 * - A `pointercancel` lifts the button as a `pointerup` does. A
 *   `pointerleave` puts the pointer outside (at the next read), wherever it
 *   left: a touch leaves where it lifted, and no hover stays behind the
 *   finger. A finger or pen that left holds nothing.
 * - Any input wakes a settled engine (`onInput`).
 *
 * Every call, a device's or a script's, goes through the device, so a session
 * recorder sees them all: `recordSession(engine, { input: engine.input.device })`.
 *
 * Made by `engine.input` on first use (an engine that never reads input
 * listens to nothing).
 */
export class PageInput {
  /** The Input the keys and the pointer go through: keys by code, the pointer measured once a frame. */
  readonly device: Input<string>;
  /** The pointer as of this frame's read phase (and `down` as of now): one object, read through. */
  readonly pointer: PagePointer;
  private readonly keys: InputView<string>;

  /**
   * @param target What pointer positions are relative to, and where pointer events are read; `undefined`: the viewport.
   * @param onInput Called on every input event (the engine wakes).
   */
  constructor(target: Element | undefined, onInput: () => void) {
    const page = globalThis as Partial<EventTarget>;
    const window = typeof page.addEventListener === 'function' ? (page as EventTarget) : undefined; // Node: scripted input only
    const listens = (element: Element | undefined): element is Element => typeof (element as Partial<EventTarget> | undefined)?.addEventListener === 'function';
    this.device = new Input({
      bindings: 'codes',
      keyboardTarget: window,
      pointerTarget: listens(target) ? target : target === undefined ? window : undefined,
      pointerMeasure: 'frame',
      ignoreTextFields: true,
      onInput,
    });
    this.keys = this.device.frame;
    const device = this.device;
    const keys = this.keys;
    this.pointer = {
      get x() {
        return keys.pointer.x;
      },
      get y() {
        return keys.pointer.y;
      },
      get inside() {
        return keys.pointer.inside;
      },
      get down() {
        return device.pointerDown;
      },
    };
  }

  /** How many times the target was measured (at most once a frame, only after the pointer moved). */
  get measureCount(): number {
    return this.device.measureCount;
  }

  /** Whether the key (`KeyboardEvent.code`, e.g. `'ArrowLeft'`, `'Space'`) is held. */
  held(code: string): boolean {
    return this.keys.held(code);
  }

  /** Whether the key went down since its edge was last consumed; consumes the edge. */
  pressed(code: string): boolean {
    return this.keys.pressed(code);
  }

  /** As {@link pressed}, for the key coming up. */
  released(code: string): boolean {
    return this.keys.released(code);
  }

  /** -1, 0 or 1 from two held keys: `axis('ArrowLeft', 'ArrowRight')`. */
  axis(negative: string, positive: string): number {
    return this.keys.axis(negative, positive);
  }

  /** Scripted input (tests, an AI): the key goes down. */
  press(code: string): void {
    this.device.press(code);
  }

  /** Scripted input: the key comes up. */
  release(code: string): void {
    this.device.release(code);
  }

  /** Scripted input: the pointer moved to this client (viewport) position; measured at the next read. */
  movePointer(clientX: number, clientY: number): void {
    this.device.movePointerClient(clientX, clientY);
  }

  /** Releases every held key and pointer button (the engine pauses; the keyups may never come). */
  releaseAll(): void {
    this.device.releaseAll();
  }

  /** The engine's read phase: measures the target if the pointer moved since the last measure. @internal */
  read(): void {
    this.device.measurePointer();
  }

  /** The end of an engine frame: after a frame that ran steps, unconsumed edges are discarded. @internal */
  endFrame(steps: number): void {
    if (steps > 0) this.device.closeFrame();
  }

  /** Removes every listener. */
  destroy(): void {
    this.device.destroy();
  }
}
