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

/** FNV-1a over bytes, 64 bits kept as two 32-bit halves (JavaScript's bitwise operators are 32-bit). */
class Fnv64 {
  private hi = 0xcbf29ce4;
  private lo = 0x84222325;

  byte(b: number): void {
    // x ^= b; x *= 0x100000001b3 (mod 2^64), with 0x100000001b3 = 2^40 + 0x1b3
    let lo = (this.lo ^ (b & 0xff)) >>> 0;
    const hi = this.hi;
    const loMul = lo * 0x1b3; // < 2^41: exact in a double
    const carry = Math.floor(loMul / 0x100000000);
    const newHi = (Math.imul(hi, 0x1b3) + carry + (lo << 8)) >>> 0; // 2^40 * lo lands in hi shifted by 8
    lo = loMul >>> 0;
    this.lo = lo;
    this.hi = newHi;
  }

  string(s: string): void {
    for (let i = 0; i < s.length; i++) {
      const c = s.charCodeAt(i);
      this.byte(c);
      this.byte(c >>> 8);
    }
    this.byte(0xff); // a terminator, so "ab"+"c" and "a"+"bc" differ
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
    return this.hi.toString(16).padStart(8, '0') + this.lo.toString(16).padStart(8, '0');
  }
}
