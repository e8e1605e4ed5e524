import { Observable, Subscription } from 'rxjs';

/** One listener of a {@link Broadcast}: a node of its list. */
interface Entry<T> {
  readonly next: (value: T) => void;
  readonly complete: (() => void) | undefined;
  /** The order it was added in: an emission calls only entries older than itself. */
  readonly id: number;
  /** False once removed: an emission under way passes over it. */
  active: boolean;
  /** The next entry; kept when this one is removed, so an emission standing on it can walk on. */
  after: Entry<T> | undefined;
  before: Entry<T> | undefined;
}

/**
 * A hot multicast that allocates nothing per emission: the listener storage
 * behind host ticks and loop phases. (RxJS's `Subject.next` allocates on
 * every call; a frame loop emits several times a frame, forever.)
 *
 * Listeners are a doubly linked list, as in PixiJS's Ticker, so adding and
 * removing cost the same with 10 listeners or 10,000, and an emission walks
 * it with no copy:
 *
 * - a listener added during an emission is first called on the next one
 *   (each entry has an id; an emission calls only ids older than itself);
 * - a listener removed during an emission is not called again, even later in
 *   that same emission (it is marked, and a removed entry keeps its link to
 *   the next, so an emission standing on it walks on).
 *
 * @internal
 */
export class Broadcast<T> {
  private first: Entry<T> | undefined;
  private last: Entry<T> | undefined;
  private nextId = 0;
  private count = 0;

  /** @param onListenersChange Called after every add and remove, with the new count. */
  constructor(private readonly onListenersChange?: (size: number) => void) {}

  /** How many listeners are attached. */
  get size(): number {
    return this.count;
  }

  /**
   * Attaches a listener (called with each value, in the order added); returns
   * the function that detaches it (idempotent). `complete` runs when the
   * broadcast completes.
   */
  add(next: (value: T) => void, complete?: () => void): () => void {
    const entry: Entry<T> = { next, complete, id: this.nextId++, active: true, after: undefined, before: this.last };
    if (this.last === undefined) this.first = entry;
    else this.last.after = entry;
    this.last = entry;
    this.count++;
    this.onListenersChange?.(this.count);
    return () => this.remove(entry);
  }

  private remove(entry: Entry<T>): void {
    if (!entry.active) return;
    entry.active = false;
    const { before, after } = entry;
    if (before === undefined) this.first = after;
    else before.after = after;
    if (after === undefined) this.last = before;
    else after.before = before;
    // entry.after stays: an emission standing on this entry walks on from it.
    this.count--;
    this.onListenersChange?.(this.count);
  }

  /**
   * Calls every listener with `value`, in the order they were added. With
   * `onError`, each call is isolated: a listener that throws is handed to
   * `onError` and the rest still run. Without it, a throw propagates.
   */
  emit(value: T, onError?: (error: unknown) => void): void {
    const newest = this.nextId;
    for (let entry = this.first; entry !== undefined && entry.id < newest; entry = entry.after) {
      if (!entry.active) continue;
      if (onError === undefined) {
        entry.next(value);
        continue;
      }
      try {
        entry.next(value);
      } catch (error) {
        onError(error);
      }
    }
  }

  /** An Observable view: each subscriber is one listener, completed by {@link complete}. */
  asObservable(): Observable<T> {
    return new Observable<T>((subscriber) => {
      const remove = this.add(
        (value) => subscriber.next(value),
        () => subscriber.complete(),
      );
      return new Subscription(remove);
    });
  }

  /** Detaches every listener, completing the Observable ones. */
  complete(): void {
    for (let entry = this.first; entry !== undefined; entry = entry.after) {
      this.remove(entry);
      entry.complete?.();
    }
  }
}
