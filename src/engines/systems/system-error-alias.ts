import { EngineError } from '../shell/engine-error.js';

/**
 * The systems engine's error before 0.2: every engine now reports one
 * {@link EngineError}, with `system`, `hook` and `frame` as before.
 *
 * @deprecated Use `EngineError`; `SystemError` is the same class and goes in 0.3.
 */
export const SystemError = EngineError;
/** @deprecated Use `EngineError`. */
export type SystemError = EngineError;
