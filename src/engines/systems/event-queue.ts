import { OptionError } from '../../../operators/option-error.js';

/** An event on a systems engine's queue: a type and what the dispatcher attached. */
export interface SystemsEvent<T = unknown> {
  /** The event's type, the name listeners subscribe to. */
  readonly type: string;
  /** What the dispatcher attached to the event. */
  readonly payload: T;
}

/** Receives the events of one type, in dispatch order. */
export type SystemsEventListener<T = unknown> = (event: SystemsEvent<T>) => void;

/** Where a listener's throw goes: who added it, the event, the error. @internal */
export type ListenerErrorReport = (owner: string, type: string, error: unknown) => void;

/** Who added a listener, named when an error is reported (read then, so it may be named after the listener is added). @internal */
export interface ListenerOwner {
  readonly name: string;
}

interface ListenerEntry {
  readonly listener: SystemsEventListener;
  readonly owner: ListenerOwner;
  active: boolean;
}

/**
 * A systems engine's event queue: `dispatchEvent` queues, and the frame's
 * first phase delivers. One per engine, never shared between two engines on
 * a page.
 *
 * 1. `dispatch` appends to the queue, from anywhere and at any time.
 * 2. `deliver` (the frame's first phase) takes the events queued so far and
 *    hands each, in order, to its type's listeners, in the order they were
 *    added.
 * 3. An event dispatched during delivery waits for the next frame: the queue
 *    is swapped out before delivery starts, so delivery always ends.
 * 4. Nothing drains the queue between frames: events dispatched while the
 *    engine is paused wait for the first frame after it.
 *
 * ```text
 * dispatch   --a--b-----(c)----|        c dispatched by a's listener
 * frames     ------F-------F---|
 * delivered  ------(ab)----c---|
 * ```
 *
 * Listener lists are copied on write, so a listener added or removed during
 * delivery takes effect from the next event on.
 *
 * @internal (the engine's `dispatchEvent` and `addEventListener` are the public face)
 */
export class EventQueue {
  private queued: SystemsEvent[] = [];
  private spare: SystemsEvent[] = [];
  private readonly listeners = new Map<string, readonly ListenerEntry[]>();

  /** How many events wait for the next frame. */
  get size(): number {
    return this.queued.length;
  }

  /** Queues an event. @throws {OptionError} naming `type` unless it is a string. */
  dispatch(type: string, payload: unknown): void {
    if (typeof type !== 'string') throw new OptionError('dispatchEvent', 'type', 'a string', type);
    this.queued.push({ type, payload });
  }

  /** Adds a listener; the returned function removes it (idempotent). @throws {OptionError} naming `type` or `listener`. */
  listen(type: string, listener: SystemsEventListener, owner: ListenerOwner): () => void {
    if (typeof type !== 'string') throw new OptionError('addEventListener', 'type', 'a string', type);
    if (typeof listener !== 'function') throw new OptionError('addEventListener', 'listener', 'a function', listener);
    const entry: ListenerEntry = { listener, owner, active: true };
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), entry]);
    return () => {
      if (!entry.active) return;
      entry.active = false;
      const remaining = (this.listeners.get(type) ?? []).filter((e) => e !== entry);
      if (remaining.length === 0) this.listeners.delete(type);
      else this.listeners.set(type, remaining);
    };
  }

  /** Delivers the events queued before this call; returns how many. */
  deliver(onError: ListenerErrorReport): number {
    const batch = this.queued;
    if (batch.length === 0) return 0;
    this.queued = this.spare; // dispatches from here on wait for the next frame
    for (let i = 0; i < batch.length; i++) {
      const event = batch[i]!;
      const entries = this.listeners.get(event.type);
      if (entries === undefined) continue;
      for (let j = 0; j < entries.length; j++) {
        const entry = entries[j]!;
        if (!entry.active) continue;
        try {
          entry.listener(event);
        } catch (error) {
          onError(entry.owner.name, event.type, error);
        }
      }
    }
    const delivered = batch.length;
    batch.length = 0;
    this.spare = batch;
    return delivered;
  }

  /** Drops every queued event (the world was destroyed). */
  clear(): void {
    this.queued.length = 0;
  }

  /** The events waiting for the next frame, in dispatch order: the queue's own array, to read (a snapshot copies it). */
  pending(): readonly SystemsEvent[] {
    return this.queued;
  }

  /** Makes the queue these events, in order (a restore: between frames, never during delivery). */
  replace(events: readonly SystemsEvent[]): void {
    this.queued.length = 0;
    for (const event of events) this.queued.push(event);
  }
}

/**
 * The event API a system or behavior is handed: dispatch to the engine's
 * queue, and listen with a listener that is removed when its owner is
 * destroyed (a scene system's with its scene, a world system's with the
 * world, a behavior's with its entity).
 */
export interface SystemsEvents {
  /** Queues an event; it is delivered at the start of the next frame. */
  dispatchEvent(type: string, payload?: unknown): void;
  /** Listens to one type of event; returns a function that stops listening. */
  addEventListener<T = unknown>(type: string, listener: SystemsEventListener<T>): () => void;
}

/**
 * A {@link SystemsEvents} whose listeners all go when it is disposed. It keeps
 * a remover only while its listener is listening: a listener removed by hand
 * leaves nothing behind (a system that adds and removes one every frame
 * holds nothing more after 100,000 frames). @internal
 */
export class EventScope implements SystemsEvents, ListenerOwner {
  private readonly removers = new Set<() => void>();

  /**
   * @param name Who owns the scope, for error reports; renamed once the
   * owner is built (its constructor may already listen).
   */
  constructor(
    private readonly queue: EventQueue,
    public name: string,
  ) {}

  dispatchEvent(type: string, payload?: unknown): void {
    this.queue.dispatch(type, payload);
  }

  addEventListener<T = unknown>(type: string, listener: SystemsEventListener<T>): () => void {
    const stopListening = this.queue.listen(type, listener as SystemsEventListener, this);
    const remove = (): void => {
      this.removers.delete(remove);
      stopListening();
    };
    this.removers.add(remove);
    return remove;
  }

  dispose(): void {
    for (const remove of this.removers) remove();
  }
}
