import { PhaseError } from '../../loop/phase-error.js';

/** Who threw, where an engine knows more than the phase: the fixed tick, the object, the system, the hook. */
export interface ErrorSource {
  /** The fixed tick it happened in (the runtime: ticks run in the scene session). */
  readonly tick?: number;
  /** The object whose behavior threw (the runtime: its name in the scene). */
  readonly object?: string;
  /** The behavior that threw (the runtime: its registered name). */
  readonly behavior?: string;
  /** The system that threw (the systems engine: a class name, `behavior Name of entity id`, `event listener`; the page engine: a system's name). */
  readonly system?: string;
  /** The hook or callback it threw in: `fixedUpdate`, `onSceneLoad`, `onStart`, `onDiagnostic`, `step`... */
  readonly hook?: string;
}

/**
 * Every error an engine catches at a boundary, in every preset: something a
 * game's code (or a backend, or a hook like `onDiagnostic`) threw, with the
 * engine, the phase and the frame it happened in, and, where there is one,
 * the fixed tick, the object, the behavior, the system and the hook. The
 * original is its `cause`. Each engine's `errors$` emits these, and its
 * `onError` receives them.
 *
 * It is a {@link PhaseError}, so code written against a loop's errors reads
 * an engine's too.
 *
 * @example
 * ```ts
 * engine.errors$.subscribe((error) => {
 *   console.log(error.engine, error.phase, error.frame, error.system ?? error.object, error.hook, error.cause);
 * });
 * ```
 */
export class EngineError extends PhaseError {
  /** Always `'EngineError'`. */
  override readonly name: string = 'EngineError';
  /** The engine: `'world engine'`, `'state engine'`, `'systems engine'`, `'runtime'`, or a page engine's name. */
  readonly engine: string;
  /** The fixed tick, where there is one. */
  readonly tick: number | undefined;
  /** The object, where there is one. */
  readonly object: string | undefined;
  /** The behavior, where there is one. */
  readonly behavior: string | undefined;
  /** The system, where there is one. */
  readonly system: string | undefined;
  /** The hook or callback, where there is one. */
  readonly hook: string | undefined;

  /**
   * @param engine The engine's label.
   * @param phase The phase it happened in (`'outside a frame'` between frames).
   * @param frame The frame count when it happened.
   * @param cause What was thrown.
   * @param source Who threw, where the engine knows.
   */
  constructor(engine: string, phase: string, frame: number, cause: unknown, source: ErrorSource = {}) {
    super(phase, frame, cause);
    const { tick, object, behavior, system, hook } = source;
    this.engine = engine;
    this.tick = tick;
    this.object = object;
    this.behavior = behavior;
    this.system = system;
    this.hook = hook;
    const who = describeSource(source);
    const when = `phase "${phase}" of frame ${frame}${tick === undefined ? '' : ` (tick ${tick})`}`;
    const what = cause instanceof Error ? cause.message : String(cause);
    this.message = who === undefined ? `${engine}: ${when} threw: ${what}` : `${engine}: ${who} threw in ${when}: ${what}`;
  }
}

/** `Player (jump).fixedUpdate`, `Physics.update`, `onDiagnostic`; undefined for a phase handler. */
function describeSource({ object, behavior, system, hook }: ErrorSource): string | undefined {
  const who = object !== undefined ? `${object}${behavior === undefined ? '' : ` (${behavior})`}` : system;
  if (who === undefined) return hook;
  return hook === undefined ? who : `${who}.${hook}`;
}
