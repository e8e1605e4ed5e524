/**
 * The numbers game code scales by: one shared instance per engine, handed to
 * every system and behavior in its options, updated by the loop once per
 * frame. Every value is in seconds.
 *
 * | field            | what it holds                                              | read it in                  |
 * |------------------|------------------------------------------------------------|-----------------------------|
 * | `deltaTime`      | time since the previous rendered frame, clamped            | `update`                    |
 * | `fixedDeltaTime` | the fixed step, `1 / fixedUpdateRate`, a constant          | `fixedUpdate`               |
 * | `elapsedTime`    | the sum of the frame deltas since the loop last started    | anywhere but `fixedUpdate`  |
 * | `alpha`          | how far the frame sits between the last two fixed steps    | `update`                    |
 *
 * **Caution** (the seed's): the loop refreshes `deltaTime`, `alpha` and
 * `elapsedTime` after the frame's fixed steps have run and before `update`.
 * Read inside `fixedUpdate`, all three still hold the previous frame's
 * values. Scale simulation by `fixedDeltaTime`, which is a constant and
 * always correct.
 *
 * ```text
 * frame        |---- n ----------------------------|---- n+1 ---...
 *              events  fixedUpdate×k  (refresh)  update
 * deltaTime    n-1     n-1            -> n       n
 * ```
 */
export interface Time {
  /** Time since the previous rendered frame, in seconds; never over `maxFrameDelta`. */
  readonly deltaTime: number;
  /** The fixed step, in seconds: `1 / fixedUpdateRate`, decided once at startup. */
  readonly fixedDeltaTime: number;
  /**
   * The sum of the frame deltas since the loop last started, in seconds. Not
   * wall-clock time: built from the same clamped values as `deltaTime`.
   * `pause()` freezes it; `play()` after a `pause()` resets it to zero. Like
   * every running sum it saturates: it stays finite whatever the deltas.
   */
  readonly elapsedTime: number;
  /** How far the frame sits between the last two fixed steps, in [0, 1). */
  readonly alpha: number;
}

/** The engine's side of {@link Time}: the one instance, written by the loop. @internal */
export class EngineTime implements Time {
  deltaTime = 0;
  elapsedTime = 0;
  alpha = 0;

  constructor(readonly fixedDeltaTime: number) {}

  /**
   * After the frame's fixed steps, before update: the frame's clamped delta
   * and the accumulator's leftover, read from the loop. The loop is passed,
   * not its alpha: a number handed to a call is boxed in Chromium's mid
   * tier, which runs a page's frame code (12 B a frame).
   */
  refresh(deltaSeconds: number, loop: { readonly alpha: number }): void {
    this.deltaTime = deltaSeconds;
    // saturatingAdd's rule (held at Number.MAX_VALUE), written out: called, it was handed the field's number and
    // returned the sum, two numbers the mid tier boxed every frame.
    const elapsed = this.elapsedTime + deltaSeconds;
    this.elapsedTime = elapsed < Number.MAX_VALUE ? elapsed : Number.MAX_VALUE;
    this.alpha = loop.alpha;
  }

  /** A new world: every value back to zero. */
  reset(): void {
    this.deltaTime = 0;
    this.elapsedTime = 0;
    this.alpha = 0;
  }
}
