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
 * so it is a tree of hashable values.
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
  const updated = update(base, next, '', changes);
  return { changes, base: updated };
}

type Kind = 'leaf' | 'list' | 'map' | 'set' | 'object';

function kindOf(value: unknown): Kind {
  if (value === null || typeof value !== 'object') return 'leaf';
  if (Array.isArray(value) || ArrayBuffer.isView(value)) return 'list';
  if (value instanceof Map) return 'map';
  if (value instanceof Set) return 'set';
  return 'object';
}

/** Pushes what changed from `previous` to `next` at `path`, and returns `previous` made equal to `next` (itself, updated, when it can be). */
function update(previous: unknown, next: unknown, path: string, out: FieldChange[]): unknown {
  const kind = kindOf(next);
  if (kind !== kindOf(previous)) {
    removed(previous, path, out);
    added(next, path, out);
    return copyState(next);
  }
  switch (kind) {
    case 'leaf':
      if (!sameLeaf(previous as StateLeaf, next as StateLeaf)) out.push({ path, value: next as StateLeaf, removed: false });
      return next;
    case 'list':
      return updateList(previous as unknown[], next as ArrayLike<unknown>, path, out);
    case 'set': {
      // Sets by position, as their fields are: rare in a checkpoint, so diffed as arrays and copied.
      const before = [...(previous as Set<unknown>)];
      const after = [...(next as Set<unknown>)];
      if (before.length !== after.length) out.push({ path: `${path}.size`, value: after.length, removed: false });
      for (let i = 0; i < Math.min(before.length, after.length); i++) update(before[i], after[i], `${path}{${i}}`, out);
      for (let i = before.length; i < after.length; i++) added(after[i], `${path}{${i}}`, out);
      for (let i = after.length; i < before.length; i++) removed(before[i], `${path}{${i}}`, out);
      return copyState(next);
    }
    case 'map': {
      const before = previous as Map<unknown, unknown>;
      const after = next as Map<unknown, unknown>;
      if (before.size !== after.size) out.push({ path: `${path}.size`, value: after.size, removed: false });
      for (const [key, item] of after) {
        const at = `${path}<${JSON.stringify(String(key))}>`;
        if (before.has(key)) before.set(key, update(before.get(key), item, at, out));
        else {
          added(item, at, out);
          before.set(key, copyState(item));
        }
      }
      for (const [key, item] of before) {
        if (after.has(key)) continue;
        removed(item, `${path}<${JSON.stringify(String(key))}>`, out);
        before.delete(key);
      }
      return before;
    }
    case 'object': {
      const before = previous as Record<string, unknown>;
      const after = next as Record<string, unknown>;
      for (const key in after) {
        if (!Object.hasOwn(after, key)) continue;
        if (Object.hasOwn(before, key)) before[key] = update(before[key], after[key], `${path}.${key}`, out);
        else {
          added(after[key], `${path}.${key}`, out);
          before[key] = copyState(after[key]);
        }
      }
      for (const key in before) {
        if (!Object.hasOwn(before, key) || Object.hasOwn(after, key)) continue;
        removed(before[key], `${path}.${key}`, out);
        delete before[key];
      }
      return before;
    }
  }
}

/** An array or typed array brought up to `after`: elements updated in place, the tail added or dropped; a typed array of another kind or length is copied anew. */
function updateList(before: unknown[], after: ArrayLike<unknown>, path: string, out: FieldChange[]): unknown {
  if (before.length !== after.length) out.push({ path: `${path}.length`, value: after.length, removed: false });
  const common = Math.min(before.length, after.length);
  const typed = ArrayBuffer.isView(before);
  for (let i = 0; i < common; i++) {
    const item = update(before[i], after[i], `${path}[${i}]`, out);
    if (!typed) before[i] = item;
  }
  for (let i = common; i < after.length; i++) added(after[i], `${path}[${i}]`, out);
  for (let i = common; i < before.length; i++) removed(before[i], `${path}[${i}]`, out);
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
