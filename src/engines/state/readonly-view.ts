/**
 * A state as update and render see it: read-only all the way down, in types.
 */
export type DeepReadonly<T> = T extends (...args: never[]) => unknown
  ? T
  : T extends ReadonlyMap<infer K, infer V>
    ? ReadonlyMap<DeepReadonly<K>, DeepReadonly<V>>
    : T extends ReadonlySet<infer V>
      ? ReadonlySet<DeepReadonly<V>>
      : T extends object
        ? { readonly [K in keyof T]: DeepReadonly<T[K]> } // homomorphic: arrays and tuples stay arrays and tuples
        : T;

/** The error a write to a read-only view throws. */
export class ReadonlyViewError extends TypeError {
  /** Always `'ReadonlyViewError'`. */
  override readonly name = 'ReadonlyViewError';
}

const RULE =
  'the state view is read-only: update returns the next state (e.g. { ...view, score: view.score + 1 }) instead of writing into the view';

/**
 * Wraps a state in a view that throws {@link ReadonlyViewError} on any write,
 * at any depth, naming the rule and the property. Views are cached per object,
 * so reading the same object twice gives the same view, and an unchanged part
 * of the next state keeps its view. Maps, Sets, Dates and typed arrays are
 * handed out as they are: their methods need the real object, so only their
 * type is read-only.
 *
 * A development check: it costs a Proxy per object read. The state engine
 * runs it by default in development builds only (`readonlyView` follows
 * `process.env.NODE_ENV`), and the option decides either way.
 */
export function readonlyView<T>(state: T, cache: WeakMap<object, unknown>): DeepReadonly<T> {
  return wrap(state, cache) as DeepReadonly<T>;
}

// One Proxy handler per cache, shared by every view of an engine: making a
// handler and its traps for each wrapped object cost most of the check
// (measured in bench/: about 3.5x the time and 4x the bytes).
const handlers = new WeakMap<WeakMap<object, unknown>, ProxyHandler<object>>();

function handlerFor(cache: WeakMap<object, unknown>): ProxyHandler<object> {
  let handler = handlers.get(cache);
  if (handler === undefined) {
    const refuse =
      (what: string) =>
      (_target: object, key: string | symbol): never => {
        throw new ReadonlyViewError(`${RULE} (tried to ${what} ${String(key)})`);
      };
    handler = {
      get: (target, key, receiver) => wrap(Reflect.get(target, key, receiver), cache),
      set: refuse('set'),
      deleteProperty: refuse('delete'),
      defineProperty: refuse('define'),
      setPrototypeOf: () => {
        throw new ReadonlyViewError(`${RULE} (tried to set the prototype)`);
      },
    };
    handlers.set(cache, handler);
  }
  return handler;
}

/** Every view's object, so a copy of a state can see through the views it holds. */
const targets = new WeakMap<object, object>();

/** The object a view shows (itself for an object that is not a view). @internal */
export function viewTarget<T extends object>(value: T): T {
  return (targets.get(value) as T | undefined) ?? value;
}

function wrap(value: unknown, cache: WeakMap<object, unknown>): unknown {
  if (value === null || typeof value !== 'object') return value;
  if (value instanceof Map || value instanceof Set || value instanceof Date || ArrayBuffer.isView(value)) return value;
  const cached = cache.get(value);
  if (cached !== undefined) return cached;
  const view = new Proxy(value, handlerFor(cache));
  targets.set(view, value);
  cache.set(value, view);
  // A next state built by spreading a view holds views; they must not be wrapped again.
  cache.set(view, view);
  return view;
}
