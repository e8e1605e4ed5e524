import { Observable, Subscription } from 'rxjs';

/** One listener of a {@link Broadcast}. @internal */
export interface BroadcastEntry<T> {
  readonly next: (value: T) => void;
  readonly complete: (() => void) | undefined;
  /** False once removed: an emission under way skips it. */
  active: boolean;
}

/** A listener attached with no RxJS subscriber in between; returns the function that detaches it. @internal */
export type DirectListen<T> = (next: (value: T) => void) => () => void;

const DIRECT_LISTEN = Symbol('tickflow.directListen');

/**
 * The direct way into an Observable made by {@link Broadcast.asObservable}:
 * the same listener list and the same `onChange`, without the RxJS
 * subscriber chain a `subscribe` puts between the emitter and the listener
 * (measured in bench/: that chain cost a loop fed by a tickflow host more
 * than its clock). `undefined` for any other Observable. @internal
 */
export function directListen<T>(source: unknown): DirectListen<T> | undefined {
  return (source as { [DIRECT_LISTEN]?: DirectListen<T> } | null)?.[DIRECT_LISTEN];
}

/**
 * A hot multicast that allocates nothing per emission: the listener storage
 * behind host ticks and loop phases. (RxJS's `Subject.next` allocates on
 * every call; a frame loop emits several times a frame, forever.)
 *
 * Listeners are kept in an array replaced on every add or remove (copy on
 * write), so an emission walks a stable array: a listener added during an
 * emission is first called on the next one; a listener removed during an
 * emission is not called again, even later in that same emission.
 *
 * @internal
 */
export class Broadcast<T> {
  private entries: readonly BroadcastEntry<T>[] = [];

  /** @param onListenersChange Called after every add, remove and complete (a loop recompiles its frame on it). */
  constructor(private readonly onListenersChange?: () => void) {}

  /** How many listeners are attached. */
  get size(): number {
    return this.entries.length;
  }

  /**
   * The listeners, in the order they are called. The array is never changed
   * in place (an add or remove replaces it), so it can be kept.
   */
  get listeners(): readonly BroadcastEntry<T>[] {
    return this.entries;
  }

  /**
   * Attaches a listener; returns the function that detaches it (idempotent).
   * `onChange` runs after the list changed, with its new size.
   */
  add(next: (value: T) => void, onChange?: (size: number) => void, complete?: () => void): () => void {
    const entry: BroadcastEntry<T> = { next, complete, active: true };
    this.entries = [...this.entries, entry];
    this.onListenersChange?.();
    onChange?.(this.entries.length);
    return () => {
      if (!entry.active) return;
      entry.active = false;
      this.entries = this.entries.filter((e) => e !== entry);
      this.onListenersChange?.();
      onChange?.(this.entries.length);
    };
  }

  /**
   * Calls every listener with `value`, in the order they were added. A
   * listener that throws is handed to `onError` (with the listener's index)
   * and the rest still run; without `onError` the error propagates.
   */
  emit(value: T, onError?: (error: unknown) => void): void {
    const entries = this.entries;
    for (let i = 0; i < entries.length; i++) {
      const entry = entries[i]!;
      if (!entry.active) continue;
      if (onError === undefined) {
        entry.next(value);
      } else {
        try {
          entry.next(value);
        } catch (error) {
          onError(error);
        }
      }
    }
  }

  /** An Observable view: each subscriber is one listener. `onChange` as for {@link add}. */
  asObservable(onChange?: (size: number) => void): Observable<T> {
    const observable = new Observable<T>((subscriber) => {
      const remove = this.add(
        (value) => subscriber.next(value),
        onChange,
        () => subscriber.complete(),
      );
      return new Subscription(remove);
    });
    const listen: DirectListen<T> = (next) => this.add(next, onChange);
    return Object.defineProperty(observable, DIRECT_LISTEN, { value: listen });
  }

  /** Detaches every listener, completing the Observable ones. */
  complete(): void {
    const entries = this.entries;
    this.entries = [];
    if (entries.length > 0) this.onListenersChange?.();
    for (const entry of entries) {
      entry.active = false;
      entry.complete?.();
    }
  }
}
