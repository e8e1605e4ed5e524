/** The error an update (or a transition) that returns `undefined` raises. */
export class RefusedUpdateError extends Error {
  /** Always `'RefusedUpdateError'`. */
  override readonly name = 'RefusedUpdateError';
}

/** The refusal of `who`'s `undefined`, naming the rule. @internal */
export function refusedUpdate(who: string): RefusedUpdateError {
  return new RefusedUpdateError(
    `${who} returned undefined and was refused: it must return the next state, so the engine keeps the state it had ` +
      '(an update that mutated its view and returned nothing has advanced nothing the engine will read again)',
  );
}
