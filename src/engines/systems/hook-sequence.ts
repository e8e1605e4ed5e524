/** What a lifecycle hook may return: nothing, or a promise the engine waits for. @internal */
export type MaybePromise = void | Promise<void>;

/** A promise with its settle functions, for a scene change asked for while another is under way. @internal */
export interface Deferred {
  readonly promise: Promise<void>;
  resolve(): void;
  reject(error: unknown): void;
}

/** A fresh {@link Deferred}. @internal */
export function deferred(): Deferred {
  let resolve!: () => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** Runs `next` after `result`: at once when it is not a promise, so a world with no async hook loads synchronously. @internal */
export function andThen(result: MaybePromise, next: () => MaybePromise): MaybePromise {
  return result === undefined ? next() : result.then(next);
}


/**
 * Calls a hook of each owner in order, each caught on its own: a throw or a
 * rejection is handed to `onError` and the next owner's hook runs. A hook
 * that returns a promise is awaited before the next owner's, so the whole
 * sequence is synchronous when no hook returns one (a world with no async
 * hook loads before `play()` returns).
 *
 * @param owners Who has the hook, in order.
 * @param call Calls one owner's hook (returns `undefined` when it has none).
 * @param onError Where a throw or rejection goes, with its owner.
 * @param cancelled Asked before each owner: true stops the sequence (a world stopped while it loads).
 * @internal
 */
export function callInSequence<T>(
  owners: readonly T[],
  call: (owner: T) => unknown,
  onError: (owner: T, error: unknown) => void,
  cancelled: () => boolean = () => false,
  from = 0,
): MaybePromise {
  for (let i = from; i < owners.length; i++) {
    if (cancelled()) return;
    const owner = owners[i]!;
    let result: unknown;
    try {
      result = call(owner);
    } catch (error) {
      onError(owner, error);
      continue;
    }
    if (isThenable(result)) {
      const next = (): MaybePromise => callInSequence(owners, call, onError, cancelled, i + 1);
      return Promise.resolve(result).then(next, (error: unknown) => {
        onError(owner, error);
        return next();
      });
    }
  }
}

function isThenable(value: unknown): value is PromiseLike<unknown> {
  return value !== null && (typeof value === 'object' || typeof value === 'function') && typeof (value as PromiseLike<unknown>).then === 'function';
}
