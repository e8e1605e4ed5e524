import { OptionError } from '../../../operators/option-error.js';
import type { InputState } from '../../input/input.js';
import type { LoopState } from '../../loop/loop-state.js';

/**
 * The snapshot format's version: a snapshot of another format is refused by
 * `restore()`. It changes only when a snapshot's shape does, not with every
 * tickflow release.
 */
export const SNAPSHOT_FORMAT_VERSION = 1;

/**
 * An engine's whole state between two frames, as a plain value: what
 * `engine.save()` returns and `engine.restore()` takes. Every preset's has the
 * same outer shape; `state` is the preset's own (see each preset's
 * `*Snapshot` type).
 *
 * It is data, not a handle: no mutable part of it is shared with the engine
 * (the runtime's scene documents, frozen all the way down, are), so it can
 * be kept, compared, hashed (`hashState`), sent to a worker
 * (`structuredClone`, `postMessage`) and restored any number of times. Its
 * parts are numbers, strings, booleans, null, arrays and plain objects; the
 * runtime's poses and physics snapshot are typed arrays (so use
 * `structuredClone`, not `JSON`, to copy a runtime's).
 *
 * @typeParam S The preset's state.
 */
export interface EngineSnapshot<S = unknown> {
  /** {@link SNAPSHOT_FORMAT_VERSION} when it was taken. */
  readonly format: number;
  /** The preset it was taken from (`engine.preset`): a snapshot restores into an engine of the same preset only. */
  readonly preset: string;
  /** The loop's counters, fixed-step time, pause and time scale (see {@link LoopState}). */
  readonly loop: LoopState;
  /** The random source's state (`engine.random.state`). */
  readonly random: number;
  /** The engine's input (held keys, pointer, unconsumed edges); null for an engine without one. */
  readonly input: InputState | null;
  /** The preset's own state. */
  readonly state: S;
}

/**
 * Checks a snapshot's outer shape against the engine restoring it.
 * @throws {OptionError} naming what is wrong.
 * @internal
 */
export function checkSnapshot(where: string, preset: string, snapshot: unknown): asserts snapshot is EngineSnapshot {
  if (snapshot === null || typeof snapshot !== 'object') throw new OptionError(where, 'snapshot', 'a snapshot taken with engine.save()', snapshot);
  const { format, preset: from } = snapshot as Partial<EngineSnapshot>;
  if (format !== SNAPSHOT_FORMAT_VERSION) throw new OptionError(where, 'snapshot.format', `${SNAPSHOT_FORMAT_VERSION} (the snapshot format this tickflow reads)`, format);
  if (from !== preset) throw new OptionError(where, 'snapshot.preset', `'${preset}' (a snapshot restores into an engine of the preset it was taken from)`, from);
  for (const key of ['loop', 'random', 'input', 'state'] as const) {
    if (!(key in snapshot)) throw new OptionError(where, `snapshot.${key}`, 'present (a snapshot taken with engine.save())', undefined);
  }
}

/**
 * A copy of a value that shares nothing mutable with it: numbers, strings,
 * booleans, null, arrays, plain objects, Maps, Sets and typed arrays
 * (`structuredClone`, in every browser and Node 17+). A class instance
 * comes back as a plain object of its fields. Arrays and plain objects are
 * walked here, so `see` can unwrap a view before it is copied. A value
 * named with {@link shareWhenCopied} (frozen all the way down) is not
 * copied: the copy holds it as it is; nor is one in `handOn`, which the
 * caller reads and never keeps (see `readOnlyParts` in the engine shell).
 *
 * @param where The method, for the error.
 * @param what What is copied (`'the state engine's state'`), for the error.
 * @param handOn Objects the copy holds as they are, uncopied.
 * @throws {Error} naming the path of the first part that cannot be copied (a function, a symbol, a DOM node).
 * @internal
 */
export function copyPlain<T>(
  value: T,
  where = 'save',
  what = 'the state',
  see: <O extends object>(object: O) => O = (object) => object,
  handOn: ReadonlySet<object> = NOTHING,
): T {
  try {
    return copy(value, see, handOn) as T;
  } catch (error) {
    const path = uncopyablePath(value, '', new Set());
    throw new Error(`${where}: ${what} holds ${path === undefined ? 'something structuredClone cannot copy' : `a ${path.kind} at ${path.path || '(the root)'}`}; a snapshot is plain data (numbers, strings, booleans, arrays, plain objects, Maps, Sets, typed arrays)`, { cause: error });
  }
}

const NOTHING: ReadonlySet<object> = new Set();

/** The values {@link shareWhenCopied} named: frozen all the way down. */
const immutable = new WeakSet<object>();

/**
 * Names a value that is frozen all the way down (the runtime's scene
 * documents): {@link copyPlain} then hands it on as it is, without walking
 * it, so a snapshot can hold the engine's own. Sharing it shares nothing
 * mutable: nothing in it can change. The caller vouches for the depth.
 *
 * @throws {TypeError} for a value that is not frozen.
 * @internal
 */
export function shareWhenCopied<T extends object>(value: T): T {
  if (!Object.isFrozen(value)) throw new TypeError('shareWhenCopied: the value is not frozen');
  immutable.add(value);
  return value;
}

/** structuredClone, seeing through what `see` unwraps (the state engine's read-only views, which structuredClone refuses). */
function copy(value: unknown, see: <O extends object>(object: O) => O, handOn: ReadonlySet<object>): unknown {
  if (value === null || typeof value !== 'object') return typeof value === 'function' || typeof value === 'symbol' ? structuredClone(value) : value;
  const object = see(value);
  if (immutable.has(object) || handOn.has(object)) return object;
  if (Array.isArray(object)) {
    const out = new Array<unknown>(object.length);
    for (let i = 0; i < object.length; i++) out[i] = copy(object[i], see, handOn);
    return out;
  }
  // A typed array by its own elements: structuredClone would copy the whole buffer it views, and takes longer to do it
  // (a runtime's Rapier bytes, 210 KB at 200 bodies, on every save and restore).
  if (ArrayBuffer.isView(object) && !(object instanceof DataView)) return (object as unknown as Uint8Array).slice();
  const prototype = Object.getPrototypeOf(object) as unknown;
  if (prototype !== Object.prototype && prototype !== null) return structuredClone(object);
  const out: Record<string, unknown> = {};
  // Own keys in Object.keys' order, with no key array made: a plain object (or one with no prototype) inherits none.
  for (const key in object) out[key] = copy((object as Record<string, unknown>)[key], see, handOn);
  return out;
}

function uncopyablePath(value: unknown, path: string, seen: Set<object>): { path: string; kind: string } | undefined {
  if (typeof value === 'function' || typeof value === 'symbol') return { path, kind: typeof value };
  if (value === null || typeof value !== 'object' || seen.has(value)) return undefined;
  seen.add(value);
  if (typeof (value as { nodeType?: unknown }).nodeType === 'number') return { path, kind: 'DOM node' };
  const entries: [string, unknown][] =
    value instanceof Map ? [...value].map(([k, v], i) => [`${path}.<map ${String(k) || i}>`, v]) :
    value instanceof Set ? [...value].map((v, i) => [`${path}.<set ${i}>`, v]) :
    Object.entries(value).map(([k, v]) => [Array.isArray(value) ? `${path}[${k}]` : `${path}.${k}`, v]);
  for (const [at, item] of entries) {
    const found = uncopyablePath(item, at, seen);
    if (found !== undefined) return found;
  }
  return undefined;
}
