import type { Loop } from '../../loop/loop.js';

/** Every engine's loop with its controls, by engine: what `engine.loop` (a read-only view) does not give. */
const loops = new WeakMap<object, Loop<string>>();

/**
 * Records `engine`'s loop, for {@link engineLoop}. The shell calls it once, as
 * it builds the loop. @internal
 */
export function registerEngineLoop(engine: object, loop: Loop<string>): void {
  loops.set(engine, loop);
}

/**
 * An engine's loop itself, controls included: the internal route of
 * `tickflow/replay`, which records at the loop's boundary (its tap), rolls
 * the frame counters back and makes a recorded control again. Callers get
 * `engine.loop`, a read-only view, and change the loop through the engine.
 *
 * @throws {Error} for an object that is not an engine built on the shell.
 * @internal
 */
export function engineLoop(engine: object): Loop<string> {
  const loop = loops.get(engine);
  if (loop === undefined) throw new Error('engineLoop: not an engine built on the engine shell (createWorldEngine, createStateEngine, createSystemsEngine, createRuntime)');
  return loop;
}
