import { isTextField } from './auto-pause.js';

/** The pointer as the engine's read phase last measured it. */
export interface PagePointer {
  /** CSS pixels from the target's left edge. */
  readonly x: number;
  /** CSS pixels from the target's top edge. */
  readonly y: number;
  /** Whether the pointer is over the target. */
  readonly inside: boolean;
  /** Whether a pointer button is held. */
  readonly down: boolean;
}

/**
 * An engine's input: the pointer relative to its root, and keys by
 * `KeyboardEvent.code`, with edges latched for the fixed step.
 *
 * - The pointer is measured in the read phase, at most once a frame, and only
 *   when it moved: a move only stores the event's client position, and read
 *   turns it into root coordinates with one `getBoundingClientRect()`.
 * - A press or release edge is latched until a hook consumes it
 *   (`pressed(code)` returns true once), or until a frame that ran steps ends:
 *   an edge survives a frame with no step and never leaks into a later one.
 * - Keys typed into a text field are not the game's. When the engine pauses,
 *   everything held is released (the keyup may never come); settling keeps it.
 * - A `pointercancel` lifts the button as a `pointerup` does. A
 *   `pointerleave` puts the pointer outside (at the next read), wherever it
 *   left: a touch leaves where it lifted, and no hover stays behind the
 *   finger. A finger or pen that left holds nothing.
 * - Any input wakes a settled engine.
 *
 * Made by `engine.input` on first use (an engine that never reads input
 * listens to nothing).
 */
export class PageInput {
  private readonly state = { x: 0, y: 0, inside: false, down: false };
  private clientX = NaN;
  private clientY = NaN;
  private moved = false;
  /** The last pointer event was a `pointerleave`: outside, wherever its position (a touch leaves where it lifted). */
  private left = false;
  private measures = 0;
  private readonly heldKeys = new Set<string>();
  private readonly pressedKeys = new Set<string>();
  private readonly releasedKeys = new Set<string>();
  private readonly detachers: (() => void)[] = [];

  /**
   * @param target What pointer positions are relative to, and where pointer events are read; `undefined`: the viewport.
   * @param onInput Called on every input event (the engine wakes).
   */
  constructor(
    private readonly target: Element | undefined,
    private readonly onInput: () => void,
  ) {
    const win = globalThis as Partial<EventTarget>;
    if (typeof win.addEventListener !== 'function') return; // Node: scripted input only
    const pointerTarget: EventTarget = target ?? (globalThis as unknown as EventTarget);
    const onPointer = (event: Event): void => {
      const e = event as PointerEvent;
      this.movePointer(e.clientX, e.clientY);
      this.left = e.type === 'pointerleave';
      if (e.type === 'pointerdown') this.state.down = true;
      else if (e.type === 'pointerup' || e.type === 'pointercancel') this.state.down = false;
      // A finger or pen that left the target is lifted (a touch leaves after its pointerup, where it lifted): it
      // holds nothing, and the pointer is not over the target any more. A mouse's button may still be held in a drag.
      else if (this.left && e.pointerType !== 'mouse') this.state.down = false;
    };
    for (const type of ['pointermove', 'pointerdown', 'pointerup', 'pointercancel', 'pointerleave']) this.listen(pointerTarget, type, onPointer);
    const keyboard = globalThis as unknown as EventTarget;
    this.listen(keyboard, 'keydown', (event) => {
      const e = event as KeyboardEvent;
      if (!e.repeat && !isTextField(e.target)) this.press(e.code);
    });
    this.listen(keyboard, 'keyup', (event) => this.release((event as KeyboardEvent).code));
    this.listen(keyboard, 'blur', () => this.releaseAll());
  }

  /** The pointer as of this frame's read phase. */
  get pointer(): PagePointer {
    return this.state;
  }

  /** How many times the target was measured (at most once a frame, only after the pointer moved). */
  get measureCount(): number {
    return this.measures;
  }

  /** Whether the key (`KeyboardEvent.code`, e.g. `'ArrowLeft'`, `'Space'`) is held. */
  held(code: string): boolean {
    return this.heldKeys.has(code);
  }

  /** Whether the key went down since its edge was last consumed; consumes the edge. */
  pressed(code: string): boolean {
    return this.pressedKeys.delete(code);
  }

  /** As {@link pressed}, for the key coming up. */
  released(code: string): boolean {
    return this.releasedKeys.delete(code);
  }

  /** -1, 0 or 1 from two held keys: `axis('ArrowLeft', 'ArrowRight')`. */
  axis(negative: string, positive: string): number {
    return (this.heldKeys.has(positive) ? 1 : 0) - (this.heldKeys.has(negative) ? 1 : 0);
  }

  /** Scripted input (tests, an AI): the key goes down. */
  press(code: string): void {
    if (this.heldKeys.has(code)) return;
    this.heldKeys.add(code);
    this.pressedKeys.add(code);
    this.onInput();
  }

  /** Scripted input: the key comes up. */
  release(code: string): void {
    if (!this.heldKeys.delete(code)) return;
    this.releasedKeys.add(code);
    this.onInput();
  }

  /** Scripted input: the pointer moved to this client (viewport) position; measured at the next read. */
  movePointer(clientX: number, clientY: number): void {
    if (!Number.isFinite(clientX) || !Number.isFinite(clientY)) return; // host events are never trusted
    this.clientX = clientX;
    this.clientY = clientY;
    this.left = false;
    this.moved = true;
    this.onInput();
  }

  /** Releases every held key and the pointer button (the engine pauses; the keyups may never come). */
  releaseAll(): void {
    for (const code of this.heldKeys) this.releasedKeys.add(code);
    this.heldKeys.clear();
    this.state.down = false;
  }

  /** The engine's read phase: measures the target if the pointer moved since the last measure. @internal */
  read(): void {
    if (!this.moved) return;
    this.moved = false;
    let left = 0;
    let top = 0;
    let width = Infinity;
    let height = Infinity;
    if (this.target !== undefined) {
      const rect = this.target.getBoundingClientRect();
      this.measures++;
      left = rect.left;
      top = rect.top;
      width = rect.width;
      height = rect.height;
    }
    const x = this.clientX - left;
    const y = this.clientY - top;
    this.state.x = x;
    this.state.y = y;
    this.state.inside = !this.left && x >= 0 && y >= 0 && x < width && y < height;
  }

  /** The end of an engine frame: after a frame that ran steps, unconsumed edges are discarded. @internal */
  endFrame(steps: number): void {
    if (steps === 0) return;
    this.pressedKeys.clear();
    this.releasedKeys.clear();
  }

  /** Removes every listener. */
  destroy(): void {
    for (const detach of this.detachers.splice(0)) detach();
  }

  private listen(target: EventTarget, type: string, handler: (event: Event) => void): void {
    target.addEventListener(type, handler);
    this.detachers.push(() => target.removeEventListener(type, handler));
  }
}
