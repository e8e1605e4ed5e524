/**
 * The default error output: where no `onError` is given (a loop's, an
 * engine's, a collision pass's), or a handler cannot be handed the error
 * (an `errors$` subscriber that throws), the error is printed with
 * `console.error`, whole: its message names the engine, phase and frame, and
 * the console shows its `cause` and stack.
 *
 * @internal
 */
export function printError(error: unknown): void {
  console.error(error);
}
