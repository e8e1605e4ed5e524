import { config, Observable, Subscription, throwError, type Observer } from 'rxjs';

/** One listener of a {@link Broadcast}. @internal */
export interface BroadcastEntry<T> {
  /** The listener; a direct listener may be retargeted (see {@link DirectListener}). */
  next: (value: T) => void;
  readonly complete: (() => void) | undefined;
  /** Where this listener's throws go; `undefined`: to the `onError` of the emission. */
  readonly onError: ((error: unknown) => void) | undefined;
  /** False once removed: an emission under way skips it. */
  active: boolean;
}

/** A listener attached with no RxJS subscriber in between. @internal */
export interface DirectListener<T> {
  /** Detaches it (idempotent). */
  remove(): void;
  /**
   * Calls `next` instead from the next emission on, in the same place in
   * the list: a loop swaps in its compiled host tick this way, without the
   * extra call a forwarding function would cost every frame.
   */
  retarget(next: (value: T) => void): void;
}

/** Attaches a listener with no RxJS subscriber in between. @internal */
export type DirectListen<T> = (next: (value: T) => void) => DirectListener<T>;

/**
 * The direct way into an Observable made by {@link Broadcast.asObservable}:
 * the same listener list and the same `onChange`, without the RxJS
 * subscriber chain a `subscribe` puts between the emitter and the listener
 * (measured in bench/: that chain cost a loop fed by a tickflow host more
 * than its clock). `undefined` for any other Observable. @internal
 */
export function directListen<T>(source: unknown): DirectListen<T> | undefined {
  return source instanceof BroadcastObservable ? (source as BroadcastObservable<T>).listen : undefined;
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
  add(
    next: (value: T) => void,
    onChange?: (size: number) => void,
    complete?: () => void,
    onError?: (error: unknown) => void,
  ): () => void {
    return this.attach(next, onChange, complete, onError).remove;
  }

  /** {@link add}, with the entry itself beside the function that detaches it. @internal */
  attach(
    next: (value: T) => void,
    onChange?: (size: number) => void,
    complete?: () => void,
    onError?: (error: unknown) => void,
  ): { readonly entry: BroadcastEntry<T>; readonly remove: () => void } {
    const entry: BroadcastEntry<T> = { next, complete, onError, active: true };
    this.entries = [...this.entries, entry];
    this.onListenersChange?.();
    onChange?.(this.entries.length);
    const remove = (): void => {
      if (!entry.active) return;
      entry.active = false;
      this.entries = this.entries.filter((e) => e !== entry);
      this.onListenersChange?.();
      onChange?.(this.entries.length);
    };
    return { entry, remove };
  }

  /**
   * Calls every listener with `value`, in the order they were added. A
   * listener that throws is handed to its own `onError` if it has one, else
   * to `onError`, and the rest still run; with neither, the error propagates.
   */
  emit(value: T, onError?: (error: unknown) => void): void {
    const entries = this.entries;
    for (let i = 0; i < entries.length; i++) {
      const entry = entries[i]!;
      if (!entry.active) continue;
      const report = entry.onError ?? onError;
      if (report === undefined) {
        entry.next(value);
      } else {
        try {
          entry.next(value);
        } catch (error) {
          report(error);
        }
      }
    }
  }

  /**
   * An Observable view: each subscriber is one listener. `onChange` as for
   * {@link add}.
   *
   * `subscribe(next)` with a function attaches that function itself as the
   * listener, with what RxJS would put around it done here instead: a throw
   * is reported as RxJS reports an error nobody handles (asynchronously, to
   * `config.onUnhandledError`, or thrown), the subscription goes on, and it
   * closes when the stream completes. Any other subscriber (an observer
   * object, an operator's) goes through RxJS as usual. Why: a loop compiles
   * its listeners into its frame (frame-compiler.ts); behind RxJS's
   * subscriber chain every subscriber's function is called from one shared
   * call site, measured in bench/ at most of a `loop.phase()` subscriber's
   * cost.
   */
  asObservable(onChange?: (size: number) => void): Observable<T> {
    return new BroadcastObservable<T>(this, onChange);
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

/** Reports an error the way RxJS reports one no subscriber handles (through RxJS itself, so a TestScheduler's virtual time applies). */
function reportLikeRxjs(error: unknown): void {
  throwError(() => error).subscribe();
}

/** What {@link Broadcast.asObservable} returns: see there. */
class BroadcastObservable<T> extends Observable<T> {
  constructor(
    private readonly broadcast: Broadcast<T>,
    private readonly onChange: ((size: number) => void) | undefined,
  ) {
    super((subscriber) => {
      const remove = broadcast.add(
        (value) => subscriber.next(value),
        onChange,
        () => subscriber.complete(),
      );
      return new Subscription(remove);
    });
  }

  /** See {@link directListen}. */
  readonly listen: DirectListen<T> = (next) => {
    const { entry, remove } = this.broadcast.attach(next, this.onChange);
    return {
      remove,
      retarget: (target) => {
        entry.next = target;
      },
    };
  };

  override subscribe(
    observerOrNext?: Partial<Observer<T>> | ((value: T) => void) | null,
    ...rest: unknown[]
  ): Subscription {
    if (typeof observerOrNext !== 'function' || rest.length > 0 || config.useDeprecatedSynchronousErrorHandling) {
      return super.subscribe(observerOrNext as Partial<Observer<T>>, ...(rest as []));
    }
    const subscription = new Subscription();
    subscription.add(this.broadcast.add(observerOrNext, this.onChange, () => subscription.unsubscribe(), reportLikeRxjs));
    return subscription;
  }
}
