/**
 * What a behavior callback threw, with where and when: the object's name,
 * the behavior, the callback, and the fixed tick. The original is its
 * `cause`.
 *
 * The runtime catches every callback on its own, so one throwing behavior
 * never stops the tick's other callbacks, and never the page's frames.
 */
export class RuntimeError extends Error {
  /** Always `'RuntimeError'`. */
  override readonly name = 'RuntimeError';

  constructor(
    /** The object's name in the scene (or `runtime` for the runtime's own work, such as rendering). */
    readonly object: string,
    /** The behavior's registered name (or the phase, for the runtime's own work). */
    readonly behavior: string,
    /** The callback: `onStart`, `fixedUpdate`, `update`, `lateUpdate`, `onDestroy`, `onCollision`, or `create` (the factory). */
    readonly callback: string,
    /** Fixed ticks run in this scene session when it happened. */
    readonly tick: number,
    cause: unknown,
  ) {
    super(`${object} (${behavior}).${callback} threw at tick ${tick}: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
  }
}
