import type { Subscribable } from 'rxjs';
import { LISTEN, type ListenableObservable } from '../streams/broadcast.js';
import { OptionError } from '../../operators/option-error.js';

/**
 * The rule for a `ticks` option, wherever one is taken (a loop, every
 * engine): one text, so an error reads the same from every factory.
 */
export const TICKS_RULE = 'an Observable of host timestamps in ms (animationFrames(), manualTicks().ticks$, a marble)';

/** `ticks` must be subscribable. @throws {OptionError} naming `where`, `ticks`, the rule and the value. @internal */
export function checkTicks(where: string, ticks: unknown): asserts ticks is Subscribable<number> {
  if (ticks === null || typeof ticks !== 'object' || typeof (ticks as Partial<Subscribable<number>>).subscribe !== 'function') {
    throw new OptionError(where, 'ticks', TICKS_RULE, ticks);
  }
}

/** How a loop hears a tick source: each tick, and its end (an error, or completion). @internal */
export interface TickListener {
  next(timestampMs: number): void;
  error(cause: unknown): void;
  complete(): void;
}

/**
 * Listens to a tick source, the one way a loop takes ticks: tickflow's own
 * hosts (`animationFrames()`, `manualTicks().ticks$`, `pageFrames`) are
 * listener lists, listened to directly with no RxJS subscriber between the
 * host and the loop (a subscriber's chain cost ~12 ns a tick, measured in
 * bench/); any other source (a marble, `timerTicks()`, your own Observable)
 * is subscribed to.
 *
 * @return The function that stops listening.
 * @internal
 */
export function listenTo(ticks: Subscribable<number>, listener: TickListener): () => void {
  const listen = (ticks as Partial<ListenableObservable<number>>)[LISTEN];
  if (typeof listen === 'function') {
    try {
      return listen(listener.next, listener.complete);
    } catch (error) {
      // A host that cannot be had (no requestAnimationFrame in Node) ends the source, as a subscription's error would.
      listener.error(error);
      return () => {};
    }
  }
  const subscription = ticks.subscribe(listener);
  return () => subscription.unsubscribe();
}
