import { engineLoop } from '../engines/shell/engine-loop.js';
import type { Input } from '../input/input.js';
import { inputOf } from './preset-states.js';
import type { ShellEngine } from './record-session.js';
import type { SessionEvent } from './session.js';

/** What a build may return instead of the bare engine: the engine and the Input the game reads (for a game that keeps its own, as a systems game does). */
export interface ReplayGame<E extends ShellEngine> {
  /** The freshly built engine, no frame run yet. */
  readonly engine: E;
  /** The Input the recorded input calls go to; defaults to `engine.input`. */
  readonly input?: Input<string>;
}

/** The engine a build made and the Input its recorded calls go to. @internal */
export function gameOf<E extends ShellEngine>(built: E | ReplayGame<E>): { engine: E; input: Input<string> | undefined } {
  if ('engine' in built && !('loop' in built)) {
    const game = built as ReplayGame<E>;
    return { engine: game.engine, input: game.input ?? inputOf(game.engine) };
  }
  return { engine: built as E, input: inputOf(built as E) };
}


/** Makes a recorded event again on the replayed engine. @internal */
export function applyEvent(engine: ShellEngine, input: Input<string> | undefined, event: SessionEvent): unknown {
  if (event.kind === 'input') {
    const call = event.call;
    if (call[0] === 'move') input!.movePointer(call[1], call[2], call[3]);
    else if (call[0] === 'press') input!.press(call[1]);
    else input!.release(call[1]);
    return;
  }
  // The loop itself (the shell's internal route): a recorded loop control is made again as it was made.
  const loop = engineLoop(engine);
  switch (event.control) {
    case 'paused':
      loop.paused = event.value === true;
      return;
    case 'timeScale':
      loop.timeScale = event.value as number;
      return;
    case 'fixedStep':
      loop.setFixedStep(event.value as Parameters<typeof loop.setFixedStep>[0]);
      return;
    case 'step':
      loop.step();
      return;
    case 'call': {
      const [method, ...args] = event.value as [string, ...unknown[]];
      return (engine as unknown as { replayCall(method: string, args: readonly unknown[]): unknown }).replayCall(method, args);
    }
    case 'release':
      // The last hold let go (a page's automatic pause ended, a settled engine woke): its fresh start dropped the
      // time the fixed step had accumulated, which the replayed engine, never held, must drop too.
      if (event.value === 0) loop.replayRelease();
      return;
    default:
    // clock, hold: for the record (the session clock already hands back what followed them)
  }
}

/**
 * A load the game started inside a frame that holds the engine's loop now (a
 * world engine's level opened by the game, whose loader is async): the
 * promise that settles with it. While it loads no frame runs, as when
 * recorded, so a replay waits for it before the next recorded frame.
 * Undefined when the loop is not held by such a load. @internal
 */
export function loadUnderWay(engine: ShellEngine): Promise<void> | undefined {
  if (!engineLoop(engine).held) return undefined;
  const ready = (engine as unknown as { ready?: unknown }).ready;
  return ready instanceof Promise ? ready.then(() => undefined, () => undefined) : undefined; // a failed load was reported by the engine
}
