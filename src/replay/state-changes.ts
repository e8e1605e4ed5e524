/**
 * What changed in a state between two checkpoints that keep fields, found by
 * walking the state beside a copy of the previous one: a path is built only
 * for a leaf that changed, so a checkpoint of a thousand bodies at rest
 * costs a walk, not a thousand bodies' worth of paths. The changes are the
 * ones {@link flattenState}'s fields would give (same paths, same values).
 *
 * @internal
 */
import type { FieldChange } from './session.js';
import { flattenUnder, sameLeaf, type StateLeaf } from './state-hash.js';

/**
 * A copy of a state that later changes cannot reach: arrays, typed arrays
 * (as their own kind), Maps, Sets and objects (their own enumerable keys, as
 * flattening reads them) copied, leaves kept. The state was hashed first,
 * so it is a tree of hashable values. Not the snapshots' `copyPlain`: that
 * one hands on values named frozen as they are, and this copy is written in
 * place by {@link changesSince}.
 */
export function copyState(value: unknown): unknown {
  if (value === null || typeof value !== 'object') return value;
  if (ArrayBuffer.isView(value)) return (value as unknown as { slice(): unknown }).slice();
  if (Array.isArray(value)) {
    const out = new Array<unknown>(value.length);
    for (let i = 0; i < value.length; i++) out[i] = copyState(value[i]);
    return out;
  }
  if (value instanceof Map) {
    const out = new Map<unknown, unknown>();
    for (const [key, item] of value) out.set(key, copyState(item));
    return out;
  }
  if (value instanceof Set) return new Set([...value].map(copyState));
  const out: Record<string, unknown> = {};
  for (const key in value) if (Object.hasOwn(value, key)) out[key] = copyState((value as Record<string, unknown>)[key]);
  return out;
}

/** Every field of a state, as changes from nothing: the first checkpoint that keeps fields. */
export function allChanges(state: unknown): FieldChange[] {
  const fields = new Map<string, StateLeaf>();
  flattenUnder(state, '', fields);
  const changes: FieldChange[] = [];
  for (const [path, value] of fields) changes.push({ path, value, removed: false });
  return changes;
}

/**
 * The fields of `next` that `base` (a {@link copyState} of an earlier
 * state) did not have or held otherwise, and the ones it had that `next` has
 * not; and `base` brought up to `next` on the way, in place (a leaf written,
 * a part added or dropped), so the next checkpoint diffs against it with no
 * new copy. Returns the changes and the base to keep (a new one only where
 * a part changed kind: the root then).
 */
export function changesSince(base: unknown, next: unknown): { changes: FieldChange[]; base: unknown } {
  const changes: FieldChange[] = [];
  const updated = update(base, next, new Path(), changes);
  return { changes, base: updated };
}

/**
 * Where the walk is: the segments down to the part it is at, kept as they
 * are (a key, an index) and written as text only for a field that changed,
 * so walking what did not change builds no string.
 */
class Path {
  private readonly kinds: number[] = [];
  private readonly steps: unknown[] = [];

  /** Goes down by an object key (`.key`), a list index (`[i]`), a Set position (`{i}`) or a Map key (`<"key">`). */
  down(kind: typeof KEY | typeof INDEX | typeof POSITION | typeof MAP_KEY, step: unknown): void {
    this.kinds.push(kind);
    this.steps.push(step);
  }

  up(): void {
    this.kinds.pop();
    this.steps.pop();
  }

  /** The path as flattenState writes it, and `suffix` (`.length`, `.size`) after it. */
  text(suffix = ''): string {
    let text = '';
    for (let i = 0; i < this.kinds.length; i++) {
      const step = this.steps[i];
      switch (this.kinds[i]) {
        case KEY:
          text += `.${step as string}`;
          break;
        case INDEX:
          text += `[${step as number}]`;
          break;
        case POSITION:
          text += `{${step as number}}`;
          break;
        default:
          text += `<${JSON.stringify(String(step))}>`;
      }
    }
    return text + suffix;
  }
}

const KEY = 0;
const INDEX = 1;
const POSITION = 2;
const MAP_KEY = 3;

type Kind = 'leaf' | 'list' | 'map' | 'set' | 'object';

function kindOf(value: unknown): Kind {
  if (value === null || typeof value !== 'object') return 'leaf';
  if (Array.isArray(value) || ArrayBuffer.isView(value)) return 'list';
  if (value instanceof Map) return 'map';
  if (value instanceof Set) return 'set';
  return 'object';
}

/** Pushes what changed from `previous` to `next` at `at`, and returns `previous` made equal to `next` (itself, updated, when it can be). */
function update(previous: unknown, next: unknown, at: Path, out: FieldChange[]): unknown {
  const kind = kindOf(next);
  if (kind !== kindOf(previous)) {
    removed(previous, at.text(), out);
    added(next, at.text(), out);
    return copyState(next);
  }
  switch (kind) {
    case 'leaf':
      if (!sameLeaf(previous as StateLeaf, next as StateLeaf)) out.push({ path: at.text(), value: next as StateLeaf, removed: false });
      return next;
    case 'list':
      return updateList(previous as unknown[], next as ArrayLike<unknown>, at, out);
    case 'set': {
      // Sets by position, as their fields are: rare in a checkpoint, so diffed as arrays and copied.
      const before = [...(previous as Set<unknown>)];
      const after = [...(next as Set<unknown>)];
      if (before.length !== after.length) out.push({ path: at.text('.size'), value: after.length, removed: false });
      for (let i = 0; i < Math.max(before.length, after.length); i++) {
        at.down(POSITION, i);
        if (i >= before.length) added(after[i], at.text(), out);
        else if (i >= after.length) removed(before[i], at.text(), out);
        else update(before[i], after[i], at, out);
        at.up();
      }
      return copyState(next);
    }
    case 'map': {
      const before = previous as Map<unknown, unknown>;
      const after = next as Map<unknown, unknown>;
      if (before.size !== after.size) out.push({ path: at.text('.size'), value: after.size, removed: false });
      for (const [key, item] of after) {
        at.down(MAP_KEY, key);
        if (before.has(key)) before.set(key, update(before.get(key), item, at, out));
        else {
          added(item, at.text(), out);
          before.set(key, copyState(item));
        }
        at.up();
      }
      for (const [key, item] of before) {
        if (after.has(key)) continue;
        at.down(MAP_KEY, key);
        removed(item, at.text(), out);
        at.up();
        before.delete(key);
      }
      return before;
    }
    case 'object': {
      const before = previous as Record<string, unknown>;
      const after = next as Record<string, unknown>;
      // A plain object inherits no enumerable key: only another kind is asked key by key (as the hash does).
      const plain = Object.getPrototypeOf(after) === Object.prototype;
      for (const key in after) {
        if (!plain && !Object.hasOwn(after, key)) continue;
        const item = after[key];
        const was = before[key];
        // Whether the base has the key: a primitive read from it is its own (Object.prototype holds no primitive); otherwise asked.
        const had = was === undefined || typeof was === 'object' || typeof was === 'function' ? Object.hasOwn(before, key) : true;
        if (had && was === item && typeof item !== 'object' && (item !== 0 || 1 / (was as number) === 1 / item)) continue; // the same leaf (-0 is not 0)
        at.down(KEY, key);
        if (had) {
          const updated = update(was, item, at, out);
          if (!Object.is(updated, was)) before[key] = updated; // -0 replaced by 0 (=== calls them equal)
        } else {
          added(after[key], at.text(), out);
          before[key] = copyState(after[key]);
        }
        at.up();
      }
      for (const key in before) {
        if (!Object.hasOwn(before, key) || Object.hasOwn(after, key)) continue;
        at.down(KEY, key);
        removed(before[key], at.text(), out);
        at.up();
        delete before[key];
      }
      return before;
    }
  }
}

/** An array or typed array brought up to `after`: elements updated in place, the tail added or dropped; a typed array of another kind or length is copied anew. */
function updateList(before: unknown[], after: ArrayLike<unknown>, at: Path, out: FieldChange[]): unknown {
  if (before.length !== after.length) out.push({ path: at.text('.length'), value: after.length, removed: false });
  const common = Math.min(before.length, after.length);
  const typed = ArrayBuffer.isView(before);
  if (typed && ArrayBuffer.isView(after)) return updateNumbers(before as unknown as Float64Array, after as unknown as Float64Array, at, out);
  for (let i = 0; i < Math.max(before.length, after.length); i++) {
    at.down(INDEX, i);
    if (i >= before.length) added(after[i], at.text(), out);
    else if (i >= after.length) removed(before[i], at.text(), out);
    else {
      const item = update(before[i], after[i], at, out);
      if (!typed) before[i] = item;
    }
    at.up();
  }
  if (typed) {
    // A typed array holds leaves of its own kind: written in place when it can hold `after` as it is.
    if (before.length !== after.length || (before as object).constructor !== (after as object).constructor) return copyState(after);
    for (let i = 0; i < common; i++) before[i] = after[i];
    return before;
  }
  for (let i = common; i < after.length; i++) before.push(copyState(after[i]));
  before.length = after.length;
  return before;
}

/** Two typed arrays, number by number, compared here rather than handed to a call (which would box each one). */
function updateNumbers(before: Float64Array, after: Float64Array, at: Path, out: FieldChange[]): unknown {
  const common = Math.min(before.length, after.length);
  for (let i = 0; i < common; i++) {
    const a = before[i]!;
    const b = after[i]!;
    // sameLeaf on numbers (Object.is): -0 is not 0, NaN is NaN
    if (a === b ? a !== 0 || 1 / a === 1 / b : a !== a && b !== b) continue;
    at.down(INDEX, i);
    out.push({ path: at.text(), value: b, removed: false });
    at.up();
  }
  for (let i = common; i < Math.max(before.length, after.length); i++) {
    at.down(INDEX, i);
    if (i < after.length) out.push({ path: at.text(), value: after[i]!, removed: false });
    else out.push({ path: at.text(), value: undefined, removed: true });
    at.up();
  }
  if (before.length !== after.length || before.constructor !== after.constructor) return copyState(after);
  before.set(after);
  return before;
}

function added(value: unknown, path: string, out: FieldChange[]): void {
  const fields = new Map<string, StateLeaf>();
  flattenUnder(value, path, fields);
  for (const [at, leaf] of fields) out.push({ path: at, value: leaf, removed: false });
}

function removed(value: unknown, path: string, out: FieldChange[]): void {
  const fields = new Map<string, StateLeaf>();
  flattenUnder(value, path, fields);
  for (const at of fields.keys()) out.push({ path: at, value: undefined, removed: true });
}
