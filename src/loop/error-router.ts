import type { Observable } from 'rxjs';
import { Broadcast } from '../streams/broadcast.js';
import type { PhaseError } from './phase-error.js';
import { printError } from './print-error.js';

/**
 * Where every error caught at a boundary goes, once: it is counted, handed
 * to `onError`, and emitted on `errors$`, in that order. A loop has one, and
 * so has every engine (an engine's loop reports through the engine's).
 *
 * Nothing a handler does can escape it: an `onError` that throws is printed
 * with `console.error` (it cannot be handed to itself) and the error still
 * reaches `errors$`; a subscriber that throws is printed too. So reporting
 * never ends a frame, and never the page's requestAnimationFrame.
 *
 * @internal
 */
export class ErrorRouter<E extends PhaseError = PhaseError> {
  /** Every error routed, as it happens. */
  readonly errors$: Observable<E>;
  private readonly listeners = new Broadcast<E>();
  private routed = 0;

  /** @param onError The user's handler (or a default that prints). */
  constructor(private readonly onError: (error: E) => void) {
    this.errors$ = this.listeners.asObservable();
  }

  /** How many errors were routed. */
  get count(): number {
    return this.routed;
  }

  /** Counts `error`, hands it to `onError`, then emits it on `errors$`. */
  route(error: E): void {
    this.routed = this.routed < Number.MAX_SAFE_INTEGER ? this.routed + 1 : this.routed;
    try {
      this.onError(error);
    } catch (thrown) {
      console.error(new Error(`onError threw while handling: ${error.message}`, { cause: thrown }));
    }
    if (this.listeners.size > 0) this.listeners.emitIsolated(error, printError);
  }

  /** Completes `errors$` (the loop or engine is gone). */
  complete(): void {
    this.listeners.complete();
  }
}
