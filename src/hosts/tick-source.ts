import type { Subscribable } from 'rxjs';
import { LISTEN, type ListenableObservable } from '../streams/broadcast.js';
import { OptionError } from '../../operators/option-error.js';

/**
 * The rule for a `ticks` option, wherever one is taken (a loop, every
 * engine): one text, so an error reads the same from every factory.
 */
export const TICKS_RULE = 'an Observable of host timestamps in ms (animationFrames(), manualTicks().ticks$, a marble)';

/**
 * A frame a host runs stage by stage, as the page engines' clock runs every
 * engine's read, then every engine's steps, then every engine's render: what
 * a loop hands a {@link StagedTicks} source when it starts listening. @internal
 */
export interface StagedFrame {
  /** A host tick, through the loop's clock: whether it began a frame. */
  begin(timestampMs: number): boolean;
  /** Runs stage `k` of the frame begun (a phase, or the fixed group); nothing when none was begun. */
  stage(k: number): void;
  /** Ends the frame begun; nothing when none was. */
  end(): void;
}

/** The key under which a {@link StagedTicks} source takes a loop's {@link StagedFrame}. @internal */
export const JOIN_STAGED = Symbol('tickflow.joinStaged');

/**
 * A tick source that runs its loops' frames stage by stage instead of
 * handing each a timestamp (the page engines' clock): a loop listening to it
 * hands over its {@link StagedFrame}, and gets back the function that leaves. @internal
 */
export interface StagedTicks {
  [JOIN_STAGED](frame: StagedFrame): () => void;
}

/** Whether a tick source runs frames stage by stage. @internal */
export function isStagedTicks(ticks: unknown): ticks is StagedTicks {
  return ticks !== null && typeof ticks === 'object' && typeof (ticks as Partial<StagedTicks>)[JOIN_STAGED] === 'function';
}

/** `ticks` must be subscribable (or staged). @throws {OptionError} naming `where`, `ticks`, the rule and the value. @internal */
export function checkTicks(where: string, ticks: unknown): asserts ticks is Subscribable<number> {
  if (isStagedTicks(ticks)) return;
  if (ticks === null || typeof ticks !== 'object' || typeof (ticks as Partial<Subscribable<number>>).subscribe !== 'function') {
    throw new OptionError(where, 'ticks', TICKS_RULE, ticks);
  }
}

/** How a loop hears a tick source: each tick, and its end (an error, or completion); a staged source runs its frame instead. @internal */
export interface TickListener {
  next(timestampMs: number): void;
  error(cause: unknown): void;
  complete(): void;
  /** What a {@link StagedTicks} source runs, stage by stage, instead of calling `next`. */
  staged: StagedFrame;
}

/**
 * Listens to a tick source, the one way a loop takes ticks: a staged source
 * (the page engines' clock) is joined with the loop's staged frame;
 * tickflow's own hosts (`animationFrames()`, `manualTicks().ticks$`,
 * `pageFrames`) are listener lists, listened to directly with no RxJS
 * subscriber between the host and the loop (a subscriber's chain cost ~12 ns
 * a tick, measured in bench/); any other source (a marble, `timerTicks()`,
 * your own Observable) is subscribed to.
 *
 * @return The function that stops listening.
 * @internal
 */
export function listenTo(ticks: Subscribable<number> | StagedTicks, listener: TickListener): () => void {
  const listen = (ticks as Partial<ListenableObservable<number>>)[LISTEN];
  if (isStagedTicks(ticks) || typeof listen === 'function') {
    try {
      return isStagedTicks(ticks) ? ticks[JOIN_STAGED](listener.staged) : listen!(listener.next, listener.complete);
    } catch (error) {
      // A host that cannot be had (no requestAnimationFrame in Node) ends the source, as a subscription's error would.
      listener.error(error);
      return () => {};
    }
  }
  const subscription = (ticks as Subscribable<number>).subscribe(listener);
  return () => subscription.unsubscribe();
}
