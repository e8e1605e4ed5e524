import { engineLoop } from '../engines/shell/engine-loop.js';
import type { Input } from '../input/input.js';
import { inputOf } from './preset-states.js';
import type { ShellEngine } from './record-session.js';
import { NEVER, type Subscribable } from 'rxjs';
import type { StepOperator } from '../../operators/step-operator.js';
import { DEFAULT_RANDOM_SEED } from '../engines/shell/engine-random.js';
import { EngineShell } from '../engines/shell/engine-shell.js';
import type { Session, SessionEvent } from './session.js';

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

/**
 * Builds the recorded game for a replay or a player and puts it where the
 * recording began: `build` is handed `{ ticks, clock, seed }`; the engine is
 * refused (and destroyed) when it comes from another copy of tickflow, is of
 * another preset, ignores the recorded seed, or lacks the Input the session's
 * calls need; then the session's start snapshot is restored, or the random
 * source put where the recorded one stood. @internal
 */
export async function buildRecordedGame<E extends ShellEngine>(
  where: string,
  session: Session,
  build: (host: { ticks: Subscribable<number>; clock: StepOperator<number, number>; seed: number }) => E | ReplayGame<E> | Promise<E | ReplayGame<E>>,
  clock: StepOperator<number, number>,
): Promise<{ engine: E; input: Input<string> | undefined }> {
  const { engine, input } = gameOf(await build({ ticks: NEVER, clock, seed: session.seed ?? DEFAULT_RANDOM_SEED }));
  const refuse = (message: string): never => {
    (engine as { destroy?: () => void } | null)?.destroy?.();
    throw new Error(`${where}: ${message}`);
  };
  if (!(engine instanceof EngineShell)) {
    refuse(
      `build returned ${engine !== null && typeof engine === 'object' && typeof engine.preset === 'string' ? `a ${engine.preset} made by another copy of tickflow than this replay's` : 'no tickflow engine'}; ` +
        'load one copy: a build module that runs as CommonJS (a .ts or .cjs file outside a "type": "module" package) loads its own, so give it an .mts or .mjs name, or import replay from where the build imports tickflow',
    );
  }
  if (engine.preset !== session.preset) refuse(`the session was recorded on the ${session.preset}, and build made the ${engine.preset}; build the recorded game`);
  if (session.seed !== undefined && engine.random.seed !== session.seed && session.start === undefined) {
    refuse(`the built ${engine.preset} has seed ${engine.random.seed}, the recorded one had ${session.seed}: pass host.seed to its options (seed: host.seed), so what the build draws is what it drew`);
  }
  if (input === undefined && session.events.some((event) => event.kind === 'input')) {
    refuse('the session holds input calls, and the built game has no Input (engine.input); return { engine, input } from build');
  }
  if (session.start !== undefined) engine.restore(session.start); // began mid-game: from the state it began in
  else engine.random.restore(session.randomState); // the game's draws from here on are the recording's
  return { engine, input };
}
