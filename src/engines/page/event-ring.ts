import { OptionError } from '../../../operators/option-error.js';

/** How many events one frame's ring holds when the `events` option is not given. */
export const DEFAULT_EVENTS_PER_FRAME = 64;

/**
 * The most events one frame's ring may hold: 65,536. The ring is allocated
 * whole when it is made (24 bytes an event), so a larger capacity asks for
 * memory no frame's events need: `events: 2 ** 40` asked for 26 TB and failed
 * as "Invalid array length".
 */
export const MAX_EVENTS_PER_FRAME = 65_536;

/**
 * Checks a ring's capacity (the page engine's `events` option): a whole
 * number from 1 to {@link MAX_EVENTS_PER_FRAME}.
 *
 * @throws {OptionError} naming `where`, `events`, the rule and the value.
 * @internal
 */
export function eventCapacity(where: string, capacity: unknown): number {
  if (typeof capacity !== 'number' || !Number.isInteger(capacity) || capacity < 1 || capacity > MAX_EVENTS_PER_FRAME) {
    throw new OptionError(where, 'events', `a whole number from 1 to ${MAX_EVENTS_PER_FRAME}`, capacity);
  }
  return capacity;
}

/**
 * One frame's events: what happened in step, for render to read (a sound, a
 * particle burst, a HUD line). A fixed number of slots allocated once, so
 * emitting allocates nothing; when the slots are full, a further event is
 * dropped and counted, never grown into.
 *
 * Each event is a type (a string, usually a literal, so no allocation) and
 * two numbers, `a` and `b`, whose meaning the type decides (a brick's index
 * and the score, a position).
 *
 * The ring holds the events emitted since the engine's previous frame ended:
 * step emits them, render (of this engine or of any engine on the page, since
 * every engine's render runs after every engine's step) reads them, and the
 * engine clears the ring when the page's frame is over.
 *
 * ```text
 * frame        |---read---step-step---render---|---read---step---render---|
 * emit          .          a    b              .          c
 * ring (render)                       [a, b]                     [c]
 * ```
 *
 * @example
 * ```ts
 * const ring = new EventRing(2);
 * ring.emit('hit', 3, 120); // a brick's index, the score
 * ring.emit('hit', 4, 130);
 * ring.emit('hit', 5, 140); // the ring is full: dropped and counted
 * for (let i = 0; i < ring.length; i++) console.log(ring.type(i), ring.a(i), ring.b(i));
 * ring.dropped; // 1
 * ```
 */
export class EventRing {
  /** How many events a frame holds. */
  readonly capacity: number;
  private readonly types: string[];
  private readonly as: Float64Array;
  private readonly bs: Float64Array;
  private count = 0;
  private droppedTotal = 0;

  /** @throws {OptionError} when `capacity` is not a whole number from 1 to {@link MAX_EVENTS_PER_FRAME}. */
  constructor(capacity: number = DEFAULT_EVENTS_PER_FRAME, where = 'EventRing') {
    this.capacity = eventCapacity(where, capacity);
    this.types = new Array<string>(capacity).fill('');
    this.as = new Float64Array(capacity);
    this.bs = new Float64Array(capacity);
  }

  /** How many events this frame holds. */
  get length(): number {
    return this.count;
  }

  /** Events dropped because the ring was full, since the engine was made. */
  get dropped(): number {
    return this.droppedTotal;
  }

  /**
   * Records an event; `false` when the ring is full and the event was dropped
   * (and counted in {@link dropped}).
   */
  emit(type: string, a = 0, b = 0): boolean {
    const i = this.count;
    if (i >= this.capacity) {
      this.droppedTotal++;
      return false;
    }
    this.types[i] = type;
    this.as[i] = a;
    this.bs[i] = b;
    this.count = i + 1;
    return true;
  }

  /** The type of event `i` (0 is the oldest this frame); `undefined` past the end. */
  type(i: number): string | undefined {
    return i >= 0 && i < this.count ? this.types[i] : undefined;
  }

  /** The first number of event `i`; `NaN` past the end. */
  a(i: number): number {
    return i >= 0 && i < this.count ? this.as[i]! : NaN;
  }

  /** The second number of event `i`; `NaN` past the end. */
  b(i: number): number {
    return i >= 0 && i < this.count ? this.bs[i]! : NaN;
  }

  /** Calls `fn` for each event of this frame, oldest first. */
  forEach(fn: (type: string, a: number, b: number) => void): void {
    for (let i = 0; i < this.count; i++) fn(this.types[i]!, this.as[i]!, this.bs[i]!);
  }

  /** Empties the ring for the next frame (the engine does this when the page's frame ends). */
  clear(): void {
    this.count = 0;
  }
}
