/**
 * An error caught at a phase boundary: something a phase handler (or the
 * clock, as phase `'clock'`) threw, with where and when it happened. The
 * original is its `cause`.
 */
export class PhaseError extends Error {
  /** Always `'PhaseError'`. */
  override readonly name: string = 'PhaseError';

  constructor(
    /** The phase whose handler threw, or `'clock'`. */
    readonly phase: string,
    /** The frame count when it happened (the frame being run). */
    readonly frame: number,
    cause: unknown,
  ) {
    super(`phase "${phase}" of frame ${frame} threw: ${cause instanceof Error ? cause.message : String(cause)}`, {
      cause,
    });
  }
}
