import { Observable, Subscription } from 'rxjs';

interface Entry<T> {
  readonly next: (value: T) => void;
  readonly complete: (() => void) | undefined;
  active: boolean;
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
  private entries: readonly Entry<T>[] = [];

  /** How many listeners are attached. */
  get size(): number {
    return this.entries.length;
  }

  /**
   * Attaches a listener; returns the function that detaches it (idempotent).
   * `onChange` runs after the list changed, with its new size.
   */
  add(next: (value: T) => void, onChange?: (size: number) => void, complete?: () => void): () => void {
    const entry: Entry<T> = { next, complete, active: true };
    this.entries = [...this.entries, entry];
    onChange?.(this.entries.length);
    return () => {
      if (!entry.active) return;
      entry.active = false;
      this.entries = this.entries.filter((e) => e !== entry);
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
    return new Observable<T>((subscriber) => {
      const remove = this.add(
        (value) => subscriber.next(value),
        onChange,
        () => subscriber.complete(),
      );
      return new Subscription(remove);
    });
  }

  /** Detaches every listener, completing the Observable ones. */
  complete(): void {
    const entries = this.entries;
    this.entries = [];
    for (const entry of entries) {
      entry.active = false;
      entry.complete?.();
    }
  }
}
