import { Observable, Subscription } from 'rxjs';

/**
 * The key under which a {@link Broadcast}'s observable offers its listener
 * list directly: `observable[LISTEN](next, complete)` adds a listener and
 * returns its removal, with no RxJS subscriber in between. A loop listens to
 * tickflow's own hosts this way (see `listenTo` in src/hosts/tick-source.ts);
 * anything else is subscribed to. @internal
 */
export const LISTEN = Symbol('tickflow.listen');

/** An observable a {@link Broadcast} made, with its listener list offered under {@link LISTEN}. @internal */
export type ListenableObservable<T> = Observable<T> & {
  readonly [LISTEN]: (next: (value: T) => void, complete?: () => void) => () => void;
};

/** One listener of a {@link Broadcast}. */
interface Entry<T> {
  readonly next: (value: T) => void;
  readonly complete: (() => void) | undefined;
  /** False once removed: an emission under way passes over it. */
  active: boolean;
}

/**
 * A hot multicast that allocates nothing per emission: the listener storage
 * behind host ticks and loop phases. (RxJS's `Subject.next` allocates on
 * every call; a frame loop emits several times a frame, forever.)
 *
 * Listeners are a plain array walked by index, so an emission over 10,000
 * of them reads them in order (no pointer chasing from one to the next), and
 * adding or removing one costs the same with 10 listeners or 10,000:
 *
 * - a listener added during an emission is first called on the next one
 *   (it is appended past the length the emission walks to);
 * - a listener removed during an emission is not called again, even later in
 *   that same emission (it is marked; the next emission, or an add once the
 *   marked outnumber the live, replaces the array with one of the live
 *   entries).
 *
 * Compaction makes a new array rather than shifting the old one in place, so
 * an emission under way (one that emits again from a listener, say) keeps
 * walking the array it started on, whatever happens meanwhile: no count of
 * emissions under way is kept, and a listener that throws leaves nothing to
 * undo. It allocates only after removals, never on a steady frame.
 *
 * @internal
 */
export class Broadcast<T> {
  private entries: Entry<T>[] = [];
  /** Marked entries still in the array. */
  private removed = 0;
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
    const entry: Entry<T> = { next, complete, active: true };
    // A broadcast that rarely emits still drops its removed entries: once they outnumber the live ones
    // (amortised O(1) per add), so listeners added and removed without emissions never pile up.
    if (this.removed > this.count) this.compact();
    this.entries.push(entry);
    this.count++;
    this.onListenersChange?.(this.count);
    return () => this.remove(entry);
  }

  private remove(entry: Entry<T>): void {
    if (!entry.active) return;
    entry.active = false;
    this.removed++;
    this.count--;
    this.onListenersChange?.(this.count);
  }

  /** Calls every listener with `value`, in the order they were added; a throw propagates. */
  emit(value: T): void {
    if (this.removed > 0) this.compact();
    const entries = this.entries;
    const length = entries.length; // listeners added from here on wait for the next emission
    for (let i = 0; i < length; i++) {
      const entry = entries[i]!;
      if (entry.active) entry.next(value);
    }
  }

  /**
   * Calls every listener with `value`, in the order they were added, each
   * call isolated: a listener that throws is handed to `onError` and the rest
   * still run.
   */
  emitIsolated(value: T, onError: (error: unknown) => void): void {
    if (this.removed > 0) this.compact();
    const entries = this.entries;
    const length = entries.length;
    for (let i = 0; i < length; i++) {
      const entry = entries[i]!;
      if (!entry.active) continue;
      try {
        entry.next(value);
      } catch (error) {
        onError(error);
      }
    }
  }

  /** Replaces the array with one of the live entries, in order (an emission under way keeps the old one). */
  private compact(): void {
    this.entries = this.entries.filter(isActive);
    this.removed = 0;
  }

  /**
   * An Observable view (one, made on first use): each subscriber is one
   * listener, completed by {@link complete}. It also offers the list itself under {@link LISTEN},
   * for a listener that needs no subscriber (a loop on a host).
   */
  asObservable(): ListenableObservable<T> {
    return (this.observable ??= this.makeObservable());
  }

  private observable: ListenableObservable<T> | undefined;

  private makeObservable(): ListenableObservable<T> {
    const observable = new Observable<T>((subscriber) => {
      const remove = this.add(
        (value) => subscriber.next(value),
        () => subscriber.complete(),
      );
      return new Subscription(remove);
    });
    return Object.assign(observable, { [LISTEN]: (next: (value: T) => void, complete?: () => void) => this.add(next, complete) });
  }

  /** Detaches every listener, completing the Observable ones. */
  complete(): void {
    const entries = this.entries;
    for (let i = 0; i < entries.length; i++) {
      const entry = entries[i]!;
      if (!entry.active) continue;
      this.remove(entry);
      entry.complete?.();
    }
  }
}

function isActive(entry: { readonly active: boolean }): boolean {
  return entry.active;
}
