/**
 * A loop's holds, counted by reason (a level loading, a hidden tab, a
 * settled hero): the loop is held while any is outstanding. Holds of one
 * reason add up; the reasons keep the order they were first taken in.
 * @internal
 */
export class Holds {
  private readonly byReason = new Map<string, number>();
  private total = 0;

  /** How many holds are outstanding, of every reason. */
  get count(): number {
    return this.total;
  }

  /** The reasons held now, in the order first taken. */
  get reasons(): IterableIterator<string> {
    return this.byReason.keys();
  }

  /** How many holds of `reason` are outstanding. */
  countOf(reason: string): number {
    return this.byReason.get(reason) ?? 0;
  }

  /** Adds a hold of `reason`; whether it is the first hold of all (the loop becomes held). */
  add(reason: string): boolean {
    this.byReason.set(reason, this.countOf(reason) + 1);
    return this.total++ === 0;
  }

  /** Releases a hold of `reason` (one must be outstanding); whether it was the last of all (the loop is free). */
  release(reason: string): boolean {
    const count = this.countOf(reason);
    if (count > 1) this.byReason.set(reason, count - 1);
    else this.byReason.delete(reason);
    return --this.total === 0;
  }
}
