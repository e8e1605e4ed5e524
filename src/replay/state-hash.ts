/**
 * A state's canonical form and its hash: what a replay checkpoint and a sync
 * test compare.
 *
 * Why a form of its own rather than `JSON.stringify`: JSON rounds nothing but
 * writes `-0` as `0`, `NaN` as `null` and drops `undefined`, so two states a
 * game tells apart could print the same. Here every number is taken by its
 * float64 bits (`-0` and `0` differ, each NaN payload is one NaN), and every
 * leaf keeps its path, so a mismatch can say *which* field differs and what
 * each side held.
 *
 * Containers are walked in their own iteration order (an object's keys, a
 * Map's or a Set's insertion order): two states filled in a different order
 * hash differently. That is on purpose: a game that iterates a collection
 * filled in another order is the non-determinism a replay exists to catch.
 */

/** One leaf of a state: its value as the hash saw it. */
export type StateLeaf = number | string | boolean | bigint | null | undefined;

/** A state flattened to its leaves: path (`actors[3].x`, `scores.left`, `map<"k">`) to value, in walk order. */
export type StateFields = ReadonlyMap<string, StateLeaf>;

/** One field two states disagree on. */
export interface FieldDifference {
  /** The field's path, as {@link flattenState} writes it. */
  readonly path: string;
  /** What the first state (the recorded one) holds there; `undefined` when it has no such field. */
  readonly expected: StateLeaf;
  /** What the second state (the replayed one) holds there; `undefined` when it has no such field. */
  readonly actual: StateLeaf;
}

/** The deepest a state is walked; deeper, or a cycle, is refused with the path. */
export const MAX_STATE_DEPTH = 64;

/**
 * Flattens a state into its leaves: numbers, strings, booleans, bigints,
 * `null` and `undefined`, each at its path. Arrays and typed arrays by index,
 * plain objects by their own enumerable keys, Maps by key (`map<"key">`),
 * Sets by position.
 *
 * @throws {TypeError} for a function, a symbol, a cycle, or a state deeper than {@link MAX_STATE_DEPTH}, naming the path.
 */
export function flattenState(state: unknown): StateFields {
  const fields = new Map<string, StateLeaf>();
  walk(state, '', fields, [], 0);
  return fields;
}

/** The leaves of a part of a state, at their paths under `path` (the part's own path), added to `out`. @internal */
export function flattenUnder(value: unknown, path: string, out: Map<string, StateLeaf>): void {
  walk(value, path, out, [], 0);
}

/**
 * The state's hash: 64 bits over the state's tree, every leaf's exact value
 * (numbers by their float64 bits) and every key, as 16 hex digits. Equal
 * states hash equal; a different number, key, order or type hashes
 * differently (but for the one collision in 2^64 any 64-bit hash has).
 * Two states with the same {@link flattenState} fields hash equal, except
 * that the hash also tells an empty object or Map from none.
 *
 * The tree is walked once and fed to the hash as 32-bit words (a tag for
 * each kind of value, then its words), building no path and no string: at
 * 1,000 runtime bodies it takes a fraction of a millisecond, where hashing
 * the flattened paths (session formats 1 and 2) took tens.
 *
 * @throws {TypeError} as {@link flattenState} does (the refusal is found
 * again by flattening, which names the path).
 */
export function hashState(state: unknown): string {
  const hasher = new TreeHasher();
  try {
    hasher.value(state, 0);
  } catch (error) {
    if (!(error instanceof Unhashable)) throw error;
    flattenState(state); // throws the refusal, with its path
    throw new TypeError(`state: ${error.message}`);
  }
  return hasher.hex();
}

/**
 * The fields two states disagree on, in the first state's walk order then the
 * second's extra fields, at most `limit` of them.
 *
 * @param limit Defaults to 20.
 */
export function diffStates(expected: unknown, actual: unknown, limit = 20): FieldDifference[] {
  return diffFields(flattenState(expected), flattenState(actual), limit);
}

/**
 * As {@link diffStates}, on states already flattened (a replay keeps a
 * recorded checkpoint's fields, not its state).
 *
 * @param limit Defaults to 20.
 */
export function diffFields(a: StateFields, b: StateFields, limit = 20): FieldDifference[] {
  const differences: FieldDifference[] = [];
  for (const [path, value] of a) {
    if (differences.length >= limit) return differences;
    if (!b.has(path) || !sameLeaf(value, b.get(path))) differences.push({ path, expected: value, actual: b.get(path) });
  }
  for (const [path, value] of b) {
    if (differences.length >= limit) return differences;
    if (!a.has(path)) differences.push({ path, expected: undefined, actual: value });
  }
  return differences;
}

/** Whether two leaves are the same: numbers by their float64 bits (so `-0` is not `0`, and NaN is NaN). */
export function sameLeaf(a: StateLeaf, b: StateLeaf): boolean {
  if (typeof a === 'number' && typeof b === 'number') return Object.is(a, b);
  return a === b;
}

function walk(value: unknown, path: string, out: Map<string, StateLeaf>, seen: object[], depth: number): void {
  if (value === null || value === undefined || typeof value === 'number' || typeof value === 'string' || typeof value === 'boolean' || typeof value === 'bigint') {
    out.set(path, value);
    return;
  }
  if (typeof value !== 'object') {
    throw new TypeError(`state${path}: a ${typeof value} cannot be hashed (a state holds numbers, strings, booleans, null, arrays, plain objects, Maps and Sets)`);
  }
  if (seen.includes(value)) throw new TypeError(`state${path}: a cycle (this object holds itself); a state must be a tree`);
  if (depth >= MAX_STATE_DEPTH) throw new TypeError(`state${path}: deeper than ${MAX_STATE_DEPTH} levels`);
  seen.push(value);
  if (Array.isArray(value) || ArrayBuffer.isView(value)) {
    const items = value as ArrayLike<unknown>;
    out.set(`${path}.length`, items.length);
    for (let i = 0; i < items.length; i++) walk(items[i], `${path}[${i}]`, out, seen, depth + 1);
  } else if (value instanceof Map) {
    out.set(`${path}.size`, value.size);
    for (const [key, item] of value) walk(item, `${path}<${JSON.stringify(String(key))}>`, out, seen, depth + 1);
  } else if (value instanceof Set) {
    out.set(`${path}.size`, value.size);
    let i = 0;
    for (const item of value) walk(item, `${path}{${i++}}`, out, seen, depth + 1);
  } else {
    for (const key of Object.keys(value)) walk((value as Record<string, unknown>)[key], `${path}.${key}`, out, seen, depth + 1);
  }
  seen.pop();
}


/** A refusal met by {@link hashState}'s walk, which keeps no path: flattening names it. */
class Unhashable extends Error {}

// The tags that say what the next words are: every value starts with one, so two trees hash alike only when they have the same shape.
const NUMBER = 1;
const INTEGER = 2;
const STRING = 3;
const TRUE = 4;
const FALSE = 5;
const NULL = 6;
const UNDEFINED = 7;
const BIGINT = 8;
const ARRAY = 9;
const OBJECT = 10;
const MAP = 11;
const SET = 12;
const KEY = 13;
const END = 14;

// A float64's two 32-bit words (little-endian, as every engine that runs tickflow stores them).
const bits = new Float64Array(1);
const words = new Uint32Array(bits.buffer);

/**
 * Walks a state and hashes it as 32-bit words in two independent lanes
 * (32 bits each, so 64 in all): one a MurmurHash3 round, the other an
 * xxHash32 round, each a multiply and a rotate on integers that never leave
 * 32 bits. A lane mixes every word into all its bits before the next
 * arrives, so one changed bit anywhere changes the result.
 */
class TreeHasher {
  private a = 0x2f6d_c2a5;
  private b = 0x165667b1;
  private count = 0;

  word(w: number): void {
    let k = Math.imul(w, 0xcc9e2d51);
    k = Math.imul((k << 15) | (k >>> 17), 0x1b873593);
    const a = this.a ^ k;
    this.a = (Math.imul((a << 13) | (a >>> 19), 5) + 0xe6546b64) | 0;
    const b = (this.b + Math.imul(w, 0x85ebca77)) | 0;
    this.b = Math.imul((b << 13) | (b >>> 19), 0x9e3779b1);
    this.count++;
  }

  number(n: number): void {
    bits[0] = n;
    this.bitsNumber();
  }

  /**
   * The number in `bits[0]`: an int32 (but -0) as one word, NaN as one NaN
   * (every payload), any other as its two float64 words. Read from `bits`,
   * not taken as an argument, so a caller holding an unboxed double
   * allocates nothing to hand it over.
   */
  bitsNumber(): void {
    const x = bits[0]!;
    if ((x | 0) === x && (x !== 0 || words[1] === 0)) {
      this.word(INTEGER);
      this.word(x | 0);
    } else if (x !== x) {
      this.word(NUMBER);
      this.word(0);
      this.word(0x7ff80000);
    } else {
      this.word(NUMBER);
      // | 0: a word above 2^31 read from the Uint32Array would be a heap number; as an int32 it allocates nothing
      this.word(words[0]! | 0);
      this.word(words[1]! | 0);
    }
  }

  /** A Float64Array's numbers, as an array's, read in this loop so no element is boxed on its way. */
  floats(array: Float64Array): void {
    const n = array.length;
    this.word(ARRAY);
    this.word(n);
    for (let i = 0; i < n; i++) {
      bits[0] = array[i]!;
      this.bitsNumber();
    }
  }

  string(tag: number, s: string): void {
    this.word(tag);
    this.word(s.length);
    const n = s.length;
    let i = 0;
    for (; i + 1 < n; i += 2) this.word(s.charCodeAt(i) | (s.charCodeAt(i + 1) << 16));
    if (i < n) this.word(s.charCodeAt(i));
  }

  value(value: unknown, depth: number): void {
    switch (typeof value) {
      case 'number':
        return this.number(value);
      case 'string':
        return this.string(STRING, value);
      case 'boolean':
        return this.word(value ? TRUE : FALSE);
      case 'undefined':
        return this.word(UNDEFINED);
      case 'bigint':
        return this.string(BIGINT, value.toString());
      case 'object':
        if (value === null) return this.word(NULL);
        return this.container(value, depth);
      default:
        throw new Unhashable(`a ${typeof value} cannot be hashed`);
    }
  }

  private container(value: object, depth: number): void {
    // A cycle, too, ends here (64 levels down, where flattening then names it as a cycle): no list of the objects on the way is kept.
    if (depth >= MAX_STATE_DEPTH) throw new Unhashable('too deep, or a cycle');
    if (Array.isArray(value)) {
      const n = value.length;
      this.word(ARRAY);
      this.word(n);
      for (let i = 0; i < n; i++) {
        const item: unknown = value[i];
        if (typeof item !== 'number') this.value(item, depth + 1);
        else {
          // A number of an array of doubles is read unboxed; handed to a call, it would be boxed (16 bytes) first.
          bits[0] = item;
          this.bitsNumber();
        }
      }
    } else if (value instanceof Float64Array) {
      this.floats(value);
    } else if (ArrayBuffer.isView(value)) {
      const items = value as unknown as ArrayLike<number | bigint>;
      const n = items.length;
      this.word(ARRAY);
      this.word(n);
      for (let i = 0; i < n; i++) this.value(items[i], depth + 1);
    } else if (value instanceof Map) {
      this.word(MAP);
      this.word(value.size);
      for (const [key, item] of value) {
        this.string(KEY, String(key));
        this.value(item, depth + 1);
      }
    } else if (value instanceof Set) {
      this.word(SET);
      this.word(value.size);
      for (const item of value) this.value(item, depth + 1);
    } else {
      this.word(OBJECT);
      // for...in allocates no key array (Object.keys would, for every object of every checkpoint); own keys only, as
      // flattenState takes them: a plain object inherits no enumerable key, so only another kind is asked key by key.
      const plain = Object.getPrototypeOf(value) === Object.prototype;
      for (const key in value) {
        if (!plain && !Object.hasOwn(value, key)) continue;
        this.string(KEY, key);
        this.value((value as Record<string, unknown>)[key], depth + 1);
      }
      this.word(END);
    }
  }

  hex(): string {
    // MurmurHash3's finaliser on each lane, the word count in both, then each lane folded into the other.
    let a = this.a ^ this.count;
    let b = this.b ^ Math.imul(this.count, 0x27d4eb2f);
    a = fmix32(a);
    b = fmix32(b ^ a);
    a = fmix32(a ^ b);
    return (a >>> 0).toString(16).padStart(8, '0') + (b >>> 0).toString(16).padStart(8, '0');
  }
}

function fmix32(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  return h ^ (h >>> 16);
}
