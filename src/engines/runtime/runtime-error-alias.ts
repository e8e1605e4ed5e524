import { EngineError } from '../shell/engine-error.js';

/**
 * The runtime's error before 0.2: every engine now reports one
 * {@link EngineError}, with `object`, `behavior` and `tick` as before and the
 * callback in `hook` (it was `callback`).
 *
 * @deprecated Use `EngineError`; `RuntimeError` is the same class and goes in 0.3.
 */
export const RuntimeError = EngineError;
/** @deprecated Use `EngineError`. */
export type RuntimeError = EngineError;
