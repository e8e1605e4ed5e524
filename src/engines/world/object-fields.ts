import { Actor } from './world.js';
import type { SavedFields, WorldRef } from './world-snapshot.js';

/** What {@link plainCopy} returns for a value that is not plain data. */
const NOT_PLAIN: unique symbol = Symbol('not plain data');

/** Deeper than this, a value is taken for a cycle and not copied (a snapshot's own depth stays far below). */
const MAX_PLAIN_DEPTH = 48;

/**
 * Reads an object's own fields into a snapshot (see {@link SavedFields}):
 * plain data as a copy, a world object as a reference (`refOf`), anything
 * else named in `unsaved` with what it held.
 *
 * @param skip The fields the engine keeps itself (an actor's `id`, `world`...).
 */
export function saveFields(object: object, skip: ReadonlySet<string>, refOf: (value: unknown) => WorldRef | undefined): SavedFields {
  const fields: Record<string, unknown> = {};
  const refs: Record<string, WorldRef> = {};
  const unsaved: Record<string, string> = {};
  for (const key of Object.keys(object)) {
    if (skip.has(key)) continue;
    const value = (object as Record<string, unknown>)[key];
    const copy = plainCopy(value, 0);
    if (copy !== NOT_PLAIN) {
      fields[key] = copy;
      continue;
    }
    fields[key] = null;
    const ref = refOf(value);
    if (ref !== undefined) refs[key] = ref;
    else unsaved[key] = describeUnsaved(value);
  }
  return { fields, refs, unsaved };
}

/**
 * Writes saved fields back into `object` (a copy the caller may keep), each
 * reference through `resolve`. A field the snapshot could not hold keeps
 * what the object holds now (undefined in a re-created one): its
 * `restore(data)` puts it back.
 *
 * The order of the fields is part of the state (a state hash walks them in
 * order), so an object whose own fields are not the snapshot's in order, or
 * the first of them (a re-created object has its base class's), has them
 * taken off and put back in the snapshot's order.
 */
export function writeFields(object: object, saved: SavedFields, skip: ReadonlySet<string>, resolve: (ref: WorldRef) => unknown): void {
  const target = object as Record<string, unknown>;
  const keys = Object.keys(saved.fields);
  const kept: Record<string, unknown> = {};
  for (const key of Object.keys(saved.unsaved)) kept[key] = target[key];
  if (!startsWithOwnKeys(target, keys, skip)) {
    for (const key of Object.keys(target)) if (!skip.has(key)) delete target[key];
  }
  for (const key of keys) {
    if (Object.hasOwn(saved.refs, key)) target[key] = resolve(saved.refs[key]!);
    else if (Object.hasOwn(saved.unsaved, key)) target[key] = kept[key];
    else target[key] = saved.fields[key];
  }
}

/** Whether `object`'s own fields (but `skip`) are the first of `keys`, in order. */
function startsWithOwnKeys(object: object, keys: readonly string[], skip: ReadonlySet<string>): boolean {
  let i = 0;
  for (const key of Object.keys(object)) {
    if (skip.has(key)) continue;
    if (keys[i] !== key) return false;
    i++;
  }
  return true;
}

/**
 * A copy of `value` if it is plain data: numbers, strings, booleans, null,
 * undefined, bigints, and arrays, plain objects, Maps and Sets of plain
 * data, typed arrays; {@link NOT_PLAIN} for anything else (a function, a
 * class instance, a cycle). Primitives come back as they are.
 */
function plainCopy(value: unknown, depth: number): unknown {
  if (value === null || typeof value !== 'object') return typeof value === 'function' || typeof value === 'symbol' ? NOT_PLAIN : value;
  if (depth > MAX_PLAIN_DEPTH) return NOT_PLAIN;
  if (Array.isArray(value)) {
    const out: unknown[] = new Array(value.length);
    for (let i = 0; i < value.length; i++) {
      const item = plainCopy(value[i], depth + 1);
      if (item === NOT_PLAIN) return NOT_PLAIN;
      out[i] = item;
    }
    return out;
  }
  const prototype = Object.getPrototypeOf(value) as unknown;
  if (prototype === Object.prototype || prototype === null) {
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(value)) {
      const item = plainCopy((value as Record<string, unknown>)[key], depth + 1);
      if (item === NOT_PLAIN) return NOT_PLAIN;
      out[key] = item;
    }
    return out;
  }
  if (value instanceof Map) {
    const out = new Map<unknown, unknown>();
    for (const [k, v] of value) {
      const key = plainCopy(k, depth + 1);
      const item = plainCopy(v, depth + 1);
      if (key === NOT_PLAIN || item === NOT_PLAIN) return NOT_PLAIN;
      out.set(key, item);
    }
    return out;
  }
  if (value instanceof Set) {
    const out = new Set<unknown>();
    for (const v of value) {
      const item = plainCopy(v, depth + 1);
      if (item === NOT_PLAIN) return NOT_PLAIN;
      out.add(item);
    }
    return out;
  }
  return ArrayBuffer.isView(value) ? structuredClone(value) : NOT_PLAIN;
}

/** What a field held that a snapshot cannot: for `unsaved`, and the warning a restore gives. */
function describeUnsaved(value: unknown): string {
  if (typeof value === 'function') return 'a function';
  if (typeof value === 'symbol') return 'a symbol';
  if (value instanceof Actor) return value.id === 0 ? `an actor never spawned (${value.constructor.name})` : `actor ${value.id} (${value.constructor.name}) of another world`;
  const prototype = Object.getPrototypeOf(value) as unknown;
  if (Array.isArray(value) || prototype === Object.prototype || prototype === null || value instanceof Map || value instanceof Set) {
    return 'data holding something that is not plain data (a function, a class instance, an object in the world)';
  }
  return `a ${(value as object).constructor?.name || 'class instance'}`;
}
