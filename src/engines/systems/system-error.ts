/**
 * What a system, a behavior or an event listener threw, with where and when:
 * the system (or `behavior Name of entity id`, or `event listener`), the
 * hook it was in, and the frame. The original is its `cause`.
 *
 * The engine catches every hook call on its own, so one throwing system
 * never stops the frame's other systems, and never the page's frames.
 */
export class SystemError extends Error {
  /** Always `'SystemError'`. */
  override readonly name = 'SystemError';

  constructor(
    /** Who threw: a system's class name, `behavior Name of entity id`, or `event listener`. */
    readonly system: string,
    /** The hook it threw in: `fixedUpdate`, `onSceneLoad`, `event "jump"`... */
    readonly hook: string,
    /** The frame count of the world run when it happened (0 before the first frame). */
    readonly frame: number,
    cause: unknown,
  ) {
    super(`${system}.${hook} threw in frame ${frame}: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
  }
}

/** A readable name for a system or behavior instance: its class's name. @internal */
export function nameOf(instance: object): string {
  const name = (instance.constructor as { name?: unknown } | undefined)?.name;
  return typeof name === 'string' && name !== '' ? name : 'anonymous system';
}
