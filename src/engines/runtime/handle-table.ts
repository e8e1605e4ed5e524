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

/**
 * A table's slots as plain data: each slot's generation, and the free slots
 * in the order the table's `add()` takes them (the last first). With the
 * entries' handles it is the whole table: what a save keeps, so that after a
 * restore the next `add()` returns the handle it would have returned.
 */
export interface HandleSlots {
  /** Each slot's generation, by slot index. */
  readonly generations: readonly number[];
  /** The free slots' indices, in the order they were freed (the next add takes the last). */
  readonly free: readonly number[];
}

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

  /** The slots, as fresh plain data (see {@link HandleSlots}). */
  slots(): HandleSlots {
    return { generations: this.generations.slice(), free: this.freeSlots.slice() };
  }

  /**
   * Puts the table back to `slots` holding `entries`, each under its handle
   * (`handles[i]` for `entries[i]`). Check them first with
   * {@link slotsProblem}: this trusts them.
   */
  restore(slots: HandleSlots, handles: readonly number[], entries: readonly T[]): void {
    this.generations.length = 0;
    this.generations.push(...slots.generations);
    this.freeSlots.length = 0;
    this.freeSlots.push(...slots.free);
    this.entries.length = 0;
    this.entries.length = slots.generations.length;
    for (let i = 0; i < entries.length; i++) this.entries[handles[i]! % SLOT_SPAN] = entries[i];
    this.live = entries.length;
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

/**
 * What is wrong with `slots` and the handles of the entries a table is to
 * hold ({@link HandleTable.restore}), in words, or undefined when nothing is:
 * every generation a whole number from 1, the free slots distinct slots,
 * and every other slot holding exactly one of `handles`, of its generation.
 */
export function slotsProblem(slots: unknown, handles: readonly unknown[]): string | undefined {
  const { generations, free } = (slots ?? {}) as Partial<HandleSlots>;
  if (!Array.isArray(generations) || !Array.isArray(free)) return 'slots { generations, free }, two arrays';
  if (generations.length > SLOT_SPAN || !generations.every((g) => Number.isInteger(g) && g >= 1)) return 'generations: whole numbers >= 1, one a slot';
  const taken = new Array<boolean>(generations.length).fill(false);
  for (const slot of free) {
    if (!Number.isInteger(slot) || slot < 0 || slot >= generations.length || taken[slot]) return `free: distinct slots below ${generations.length}`;
    taken[slot] = true;
  }
  for (const handle of handles) {
    const slot = typeof handle === 'number' && Number.isInteger(handle) && handle >= 0 ? handle % SLOT_SPAN : -1;
    if (slot < 0 || slot >= generations.length || generations[slot] !== (handle as number - slot) / SLOT_SPAN) return `handle ${String(handle)}: not a handle of these slots`;
    if (taken[slot]) return `handle ${String(handle)}: its slot is free or held twice`;
    taken[slot] = true;
  }
  if (taken.includes(false)) return `slot ${taken.indexOf(false)}: neither free nor held`;
  return undefined;
}
