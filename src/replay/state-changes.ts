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

/** The fields of `next` that `previous` (a {@link copyState}) did not have or held otherwise, and the ones it had that `next` has not. */
export function changesSince(previous: unknown, next: unknown): FieldChange[] {
  const changes: FieldChange[] = [];
  diff(previous, next, '', changes);
  return changes;
}

type Kind = 'leaf' | 'list' | 'map' | 'set' | 'object';

function kindOf(value: unknown): Kind {
  if (value === null || typeof value !== 'object') return 'leaf';
  if (Array.isArray(value) || ArrayBuffer.isView(value)) return 'list';
  if (value instanceof Map) return 'map';
  if (value instanceof Set) return 'set';
  return 'object';
}

function diff(previous: unknown, next: unknown, path: string, out: FieldChange[]): void {
  const kind = kindOf(next);
  if (kind !== kindOf(previous)) {
    removed(previous, path, out);
    added(next, path, out);
    return;
  }
  switch (kind) {
    case 'leaf':
      if (!sameLeaf(previous as StateLeaf, next as StateLeaf)) out.push({ path, value: next as StateLeaf, removed: false });
      return;
    case 'list':
      return diffLists(previous as ArrayLike<unknown>, next as ArrayLike<unknown>, path, '.length', (i) => `${path}[${i}]`, out);
    case 'set':
      return diffLists([...(previous as Set<unknown>)], [...(next as Set<unknown>)], path, '.size', (i) => `${path}{${i}}`, out);
    case 'map': {
      const before = previous as Map<unknown, unknown>;
      const after = next as Map<unknown, unknown>;
      if (before.size !== after.size) out.push({ path: `${path}.size`, value: after.size, removed: false });
      for (const [key, item] of after) {
        const at = `${path}<${JSON.stringify(String(key))}>`;
        if (before.has(key)) diff(before.get(key), item, at, out);
        else added(item, at, out);
      }
      for (const [key, item] of before) if (!after.has(key)) removed(item, `${path}<${JSON.stringify(String(key))}>`, out);
      return;
    }
    case 'object': {
      const before = previous as Record<string, unknown>;
      const after = next as Record<string, unknown>;
      for (const key in after) {
        if (!Object.hasOwn(after, key)) continue;
        if (Object.hasOwn(before, key)) diff(before[key], after[key], `${path}.${key}`, out);
        else added(after[key], `${path}.${key}`, out);
      }
      for (const key in before) if (Object.hasOwn(before, key) && !Object.hasOwn(after, key)) removed(before[key], `${path}.${key}`, out);
    }
  }
}

function diffLists(before: ArrayLike<unknown>, after: ArrayLike<unknown>, path: string, count: string, itemPath: (i: number) => string, out: FieldChange[]): void {
  if (before.length !== after.length) out.push({ path: path + count, value: after.length, removed: false });
  const common = Math.min(before.length, after.length);
  for (let i = 0; i < common; i++) diff(before[i], after[i], itemPath(i), out);
  for (let i = common; i < after.length; i++) added(after[i], itemPath(i), out);
  for (let i = common; i < before.length; i++) removed(before[i], itemPath(i), out);
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
