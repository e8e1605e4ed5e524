/**
 * Generational handles over a slot array: what the Rapier adapters hand out
 * for bodies and colliders. A handle is `generation × SLOT_SPAN + slot`, so a
 * slot reused after a destroy yields a new handle and the old one stays
 * invalid for good. Generations start at 1, so 0 is never a handle.
 *
 * Shared by the runtime (entity handles) and the Rapier backend (bodies and
 * colliders); not exported.
 */

/** Slots per generation: 2^22 (about four million live entries). */
export const SLOT_SPAN = 2 ** 22;

export class HandleTable<T> {
  private readonly entries: (T | undefined)[] = [];
  private readonly generations: number[] = [];
  private readonly freeSlots: number[] = [];
  private live = 0;

  /** How many entries are live. */
  get size(): number {
    return this.live;
  }

  /** Stores `entry` in a free slot and returns its new handle. */
  add(entry: T): number {
    const slot = this.freeSlots.length > 0 ? this.freeSlots.pop()! : this.entries.length;
    if (slot >= SLOT_SPAN) throw new RangeError(`HandleTable: more than ${SLOT_SPAN} live entries`);
    const generation = (this.generations[slot] ?? 0) + 1;
    this.generations[slot] = generation;
    this.entries[slot] = entry;
    this.live++;
    return generation * SLOT_SPAN + slot;
  }

  /** The entry `handle` names, or undefined when it is not live. */
  get(handle: number): T | undefined {
    if (typeof handle !== 'number') return undefined;
    const slot = handle % SLOT_SPAN;
    return this.generations[slot] === (handle - slot) / SLOT_SPAN ? this.entries[slot] : undefined;
  }

  /** Calls `visit` with every live entry and its handle, in slot order. */
  forEach(visit: (entry: T, handle: number) => void): void {
    for (let slot = 0; slot < this.entries.length; slot++) {
      const entry = this.entries[slot];
      if (entry !== undefined) visit(entry, this.generations[slot]! * SLOT_SPAN + slot);
    }
  }

  /** Removes and returns the entry `handle` names; undefined when it was not live. */
  remove(handle: number): T | undefined {
    const entry = this.get(handle);
    if (entry === undefined) return undefined;
    const slot = handle % SLOT_SPAN;
    this.entries[slot] = undefined;
    this.freeSlots.push(slot);
    this.live--;
    return entry;
  }
}
