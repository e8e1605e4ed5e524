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
 * When pointer positions are measured against the pointer target:
 *
 * - `'event'`: at each pointer event (one `getBoundingClientRect()` per event).
 * - `'frame'`: once a frame. An event only stores its client position; the
 *   frame's read (`Input.measurePointer()`, the page engine's read phase)
 *   measures the target once, and only when the pointer moved. So nothing
 *   measures the page while a game writes to it.
 */
export type PointerMeasure = 'event' | 'frame';

/** What a pointer device drives: the Input it belongs to. @internal */
export interface PointerSink {
  /** A pointer button (`'Pointer0'`) goes down. */
  press(input: string): void;
  /** A pointer button comes up. */
  release(input: string): void;
  /** Puts the pointer here, in CSS pixels of the target (a recorder sees it as a move). */
  place(x: number, y: number, inside: boolean): void;
  /** A device event arrived (a settled engine wakes). */
  notify(): void;
  /** The pointer as last placed. */
  readonly pointer: PointerState;
}

/** The whole page, for a target that is not an element (the window) or none. */
const UNBOUNDED = { left: 0, top: 0, width: Infinity, height: Infinity } as const;

/**
 * An Input's pointer: the pointer events of one target turned into pointer
 * buttons (`'Pointer0'` primary, `'Pointer2'` secondary) and a position in
 * the target's CSS pixels, measured at each event or once a frame (see
 * {@link PointerMeasure}).
 *
 * A `pointercancel` (the browser took the pointer, and will send no
 * `pointerup`) releases what that pointer held. A mouse's `pointerleave`
 * puts the pointer outside; a finger's or a pen's (after it lifts) releases
 * what it held, and puts the pointer outside where it lifted: at the close
 * of the frame that reads the tap (measured at each event), or at the next
 * measure (once a frame). So no hover stays behind a finger that is gone.
 *
 * @internal
 */
export class PointerDevice {
  /** The pointer buttons each pointer (by `pointerId`) holds, so a `pointercancel` (which names no button) releases them. */
  private readonly buttons = new Map<number, Set<string>>();
  /** Measured at each event: a touch or pen left after it lifted, so the pointer goes outside when this frame closes. */
  private leaveAtClose = false;
  /** Measured once a frame: the client position to measure, and whether it is where the pointer left. */
  private clientX = NaN;
  private clientY = NaN;
  private left = false;
  private moved = false;
  private measures = 0;

  constructor(
    private readonly target: EventTarget | undefined,
    private readonly mode: PointerMeasure,
    private readonly sink: PointerSink,
  ) {}

  /** How many times the target was measured. */
  get measureCount(): number {
    return this.measures;
  }

  /**
   * The pointer is at this client (viewport) position, as a pointer event
   * gives it: measured now, or stored for the next {@link measure}.
   */
  at(clientX: number, clientY: number, left = false): void {
    if (!Number.isFinite(clientX) || !Number.isFinite(clientY)) return; // host events are never trusted
    if (this.mode === 'frame') {
      this.clientX = clientX;
      this.clientY = clientY;
      this.left = left;
      this.moved = true;
      this.sink.notify();
      return;
    }
    const { x, y, inside } = this.locate(clientX, clientY);
    this.sink.place(x, y, inside && !left);
    this.sink.notify();
  }

  /** Once a frame: measures the target, if the pointer moved since the last measure. */
  measure(): void {
    if (!this.moved) return;
    this.moved = false;
    const { x, y, inside } = this.locate(this.clientX, this.clientY);
    this.sink.place(x, y, inside && !this.left);
  }

  /** At frame close: whether a touch that left must now put the pointer outside (measured at each event). */
  takeLeaveAtClose(): boolean {
    const leave = this.leaveAtClose;
    this.leaveAtClose = false;
    return leave;
  }

  /** Listens to the target's pointer events; returns what removes the listeners. */
  listen(target: EventTarget): () => void {
    const handlers: Record<string, (event: PointerEvent) => void> = {
      pointermove: (event) => {
        this.leaveAtClose = false;
        this.at(event.clientX, event.clientY);
      },
      pointerdown: (event) => {
        this.leaveAtClose = false;
        this.at(event.clientX, event.clientY);
        const input = `Pointer${event.button}`;
        const held = this.buttons.get(event.pointerId) ?? new Set<string>();
        held.add(input);
        this.buttons.set(event.pointerId, held);
        this.sink.press(input);
      },
      pointerup: (event) => {
        this.at(event.clientX, event.clientY);
        const input = `Pointer${event.button}`;
        if (this.buttons.get(event.pointerId)?.has(input)) this.lift(event.pointerId, input);
        else this.sink.release(input); // pressed by script, or before this input listened
      },
      pointercancel: (event) => this.lift(event.pointerId),
      pointerleave: (event) => this.leave(event),
    };
    const entries = Object.entries(handlers).map(([type, handler]) => [type, (event: Event) => handler(event as PointerEvent)] as const);
    for (const [type, handler] of entries) target.addEventListener(type, handler);
    return () => {
      for (const [type, handler] of entries) target.removeEventListener(type, handler);
    };
  }

  private leave(event: PointerEvent): void {
    if (this.mode === 'frame') {
      this.at(event.clientX, event.clientY, true); // outside at the next measure, wherever it left (a touch: where it lifted)
    } else if (event.pointerType === 'mouse') {
      const { x, y } = this.sink.pointer;
      this.sink.place(x, y, false); // a mouse's held button may come back: a drag goes on
      return;
    }
    if (event.pointerType === 'mouse') return;
    // A finger or pen that left is lifted: it holds nothing. A tap is a press, a release and then this leave, all
    // before the frame that reads the press; that frame reads the pointer where the tap lifted, and the pointer
    // is outside from the close of that frame on (no hover stays behind a finger that is gone).
    this.lift(event.pointerId);
    if (this.mode === 'event') this.leaveAtClose = true;
  }

  /** Releases what `pointerId` holds: every button, or only `button`. */
  private lift(pointerId: number, button?: string): void {
    const held = this.buttons.get(pointerId);
    if (held === undefined) return;
    for (const input of button === undefined ? [...held] : [button]) {
      if (held.delete(input)) this.sink.release(input);
    }
    if (held.size === 0) this.buttons.delete(pointerId);
  }

  /** A client position in the target's CSS pixels (one `getBoundingClientRect()` when the target is an element). */
  private locate(clientX: number, clientY: number): PointerState {
    const element = this.target as Partial<Element> | undefined;
    let rect: { left: number; top: number; width: number; height: number } = UNBOUNDED;
    if (typeof element?.getBoundingClientRect === 'function') {
      rect = element.getBoundingClientRect();
      this.measures++;
    }
    const x = clientX - rect.left;
    const y = clientY - rect.top;
    return { x, y, inside: x >= 0 && y >= 0 && x < rect.width && y < rect.height };
  }
}
