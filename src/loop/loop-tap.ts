/**
 * What a session recorder sees of a loop (`tickflow/replay`): every tick that
 * reached the clock, the end of every frame, and the controls a caller
 * changed from outside a frame. One listener at most; none costs one
 * comparison per tick and nothing else.
 *
 * @internal
 */
export interface LoopTap {
  /** A tick reached the clock: what the clock made of it (a finite number is a delivered delta, before the time scale; anything else declined the tick). Called before the frame runs. */
  tick(clockMs: number | undefined): void;
  /** A delivered tick's frame finished. */
  frameEnd(): void;
  /** A caller changed a control from outside a frame (a change made inside a frame is the game's own, and replays itself). */
  control(kind: LoopControl, value: unknown): void;
  /**
   * A caller makes one of the engine's own recorded calls from outside a
   * frame (a level load, the systems engine's `pause()`): its method path on
   * the engine and its arguments. The tap runs `body` (the call) and returns
   * what it returns; what the call does meanwhile (the loop controls it sets,
   * the input it releases) it does not record separately, since a replay
   * makes the call, which makes them.
   */
  call<T>(method: string, args: readonly unknown[], body: () => T): T;
}

/** The controls a {@link LoopTap} sees. @internal */
export type LoopControl = 'paused' | 'timeScale' | 'fixedStep' | 'clock' | 'step' | 'hold' | 'release';
