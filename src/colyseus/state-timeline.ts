/**
 * Two states of a timeline and how far between them a drawing is: what a
 * game lerps (or slerps) to draw one entity. `alpha` is in [0, 1]; `from`
 * and `to` are the same value (alpha 0) when the timeline has one state at
 * or around the tick asked for, or when the tick is outside what it holds
 * (it holds, never extrapolates).
 */
export interface ViewSample<V> {
  /** The state at or before the tick asked for. */
  readonly from: V;
  /** The state after it (or `from` again). */
  readonly to: V;
  /** How far from `from` to `to` the tick asked for is, in [0, 1]. */
  readonly alpha: number;
  /** The (fractional) tick drawn: the one asked for, clamped to the timeline's ticks. */
  readonly tick: number;
}

/**
 * The states of the last ticks, by tick, sampled at a fractional tick: the
 * one interpolation mechanism of a room client. Its predicted present is a
 * timeline sampled at `tick - 1 + alpha` (the loop's alpha: between the
 * last two ticks, the fixed-tick runtime's presentation); remote entities
 * are the room's states sampled a delay further behind. Ticks need not be
 * consecutive (a room that sends every third tick, a state lost): a sample
 * spans the gap.
 *
 * ```text
 * recorded     8   9       11          (10 was lost)
 * sample(9.5)      9 ->11  alpha 0.25
 * ```
 *
 * @internal
 */
export class StateTimeline<V> {
  private readonly ticks: number[] = [];
  private readonly values: V[] = [];

  /** @param capacity The most states kept; the oldest go first. */
  constructor(private readonly capacity: number) {}

  /** The newest tick recorded, or `undefined`. */
  get newest(): number | undefined {
    return this.ticks.at(-1);
  }

  /** Records the state at `tick`, replacing one recorded at the same tick (a tick re-simulated). */
  record(tick: number, value: V): void {
    let i = this.ticks.length;
    while (i > 0 && this.ticks[i - 1]! > tick) i--;
    if (i > 0 && this.ticks[i - 1] === tick) {
      this.values[i - 1] = value;
      return;
    }
    this.ticks.splice(i, 0, tick);
    this.values.splice(i, 0, value);
    if (this.ticks.length > this.capacity) {
      this.ticks.shift();
      this.values.shift();
    }
  }

  /** Forgets every state after `tick` (a resync moved the present back). */
  dropAfter(tick: number): void {
    while (this.ticks.length > 0 && this.ticks.at(-1)! > tick) {
      this.ticks.pop();
      this.values.pop();
    }
  }

  /** The two states around `at` and how far between them it is; `undefined` when nothing is recorded. */
  sample(at: number): ViewSample<V> | undefined {
    const { ticks, values } = this;
    const last = ticks.length - 1;
    if (last < 0) return undefined;
    if (!(at > ticks[0]!)) return { from: values[0]!, to: values[0]!, alpha: 0, tick: ticks[0]! };
    if (at >= ticks[last]!) return { from: values[last]!, to: values[last]!, alpha: 0, tick: ticks[last]! };
    let i = last;
    while (ticks[i - 1]! > at) i--;
    const from = ticks[i - 1]!;
    return { from: values[i - 1]!, to: values[i]!, alpha: (at - from) / (ticks[i]! - from), tick: at };
  }
}
