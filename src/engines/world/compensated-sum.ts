/** A compensated sum's state (`world.time` and `world.activeTime` keep one each): the running sum, and the low bits its additions rounded away. */
export interface SumState {
  /** The running sum (seconds, for the world's clocks). */
  readonly sum: number;
  /** What the additions rounded away, added back when the sum is read. */
  readonly compensation: number;
}

/**
 * A running sum of frame deltas that stays exact over hours of frames:
 * Neumaier's compensated summation (an improved Kahan sum). A plain `+=`
 * loses the low bits of every delta once the total is large: 60 frames a
 * second of 1000/60 ms drift by more than a nanosecond after about 87,700
 * frames (24 minutes), enough to make a `every(1)` timer fire a frame late.
 * The compensation carries the bits each addition rounds away and adds
 * them back when the sum is read, so after 10^7 frames (46 hours at 60 Hz)
 * the sum is still within a few ulps of the exact total.
 *
 * Two additions and a comparison per frame; nothing allocated.
 *
 * @example
 * ```ts
 * const time = new CompensatedSum();
 * for (let i = 0; i < 6_000_000; i++) time.add(1 / 60);
 * time.value; // 100000 (a plain `+=` gives 99999.99999825875)
 * ```
 *
 * @internal
 */
export class CompensatedSum {
  private sum = 0;
  private compensation = 0;

  /** The sum so far, with the compensation applied. */
  get value(): number {
    return this.sum + this.compensation;
  }

  /** The running sum and what it carries, exactly (a snapshot's `time` and `activeTime`). */
  get state(): SumState {
    return { sum: this.sum, compensation: this.compensation };
  }

  /** Puts back a {@link state} (finite numbers, checked by the caller). */
  restore(state: SumState): void {
    this.sum = state.sum;
    this.compensation = state.compensation;
  }

  /** Adds `value` (a finite number). */
  add(value: number): void {
    const sum = this.sum;
    const next = sum + value;
    // What the addition rounded away: exact when |sum| >= |value| (or the other way round).
    this.compensation += Math.abs(sum) >= Math.abs(value) ? sum - next + value : value - next + sum;
    this.sum = next;
  }
}
