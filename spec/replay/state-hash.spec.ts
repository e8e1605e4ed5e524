import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fnv1a64 } from '../../src/replay/path-hash.js';
import { diffStates, flattenState, hashState, MAX_STATE_DEPTH, sameLeaf } from '../../src/replay/state-hash.js';

// Issue 20, item 3: "a canonical state hash ... actors' transforms and
// velocities by their float bits"; "on a mismatch, reports ... which fields
// differ (which actor, which value, recorded vs replayed)".

describe('hashState', () => {
  it('is FNV-1a 64 underneath: the published vectors for "", "a" and "foobar"', () => {
    const bytes = (s: string) => [...s].map((c) => c.charCodeAt(0));
    expect(fnv1a64(bytes(''))).toBe('cbf29ce484222325');
    expect(fnv1a64(bytes('a'))).toBe('af63dc4c8601ec8c');
    expect(fnv1a64(bytes('foobar'))).toBe('85944171f73967e8');
  });

  it('is 64 bits as 16 hex digits, the same for equal states built apart', () => {
    const a = { level: 2, actors: [{ x: 1.5, y: -3 }], scores: new Map([['left', 3]]) };
    const b = { level: 2, actors: [{ x: 1.5, y: -3 }], scores: new Map([['left', 3]]) };
    expect(hashState(a)).toMatch(/^[0-9a-f]{16}$/);
    expect(hashState(a)).toBe(hashState(b));
  });

  it('takes numbers by their float64 bits: -0 is not 0, and 0.1 + 0.2 is not 0.3', () => {
    expect(hashState({ x: -0 })).not.toBe(hashState({ x: 0 }));
    expect(hashState({ x: 0.1 + 0.2 })).not.toBe(hashState({ x: 0.3 }));
    expect(hashState({ x: NaN })).toBe(hashState({ x: Number('nope') }));
  });

  it('tells types, paths and orders apart: "1" is not 1, {a:1,b:2} is not {b:2,a:1}, a Map filled in another order differs', () => {
    expect(hashState({ x: '1' })).not.toBe(hashState({ x: 1 }));
    expect(hashState({ x: null })).not.toBe(hashState({ x: undefined }));
    expect(hashState({ a: 1, b: 2 })).not.toBe(hashState({ b: 2, a: 1 }));
    expect(hashState(new Map([['a', 1], ['b', 2]]))).not.toBe(hashState(new Map([['b', 2], ['a', 1]])));
    expect(hashState({ ab: 1 })).not.toBe(hashState({ a: { b: 1 } }));
  });

  it('property: a state and its structured clone hash equal; changing any one number changes the hash', () => {
    const state = fc.record({
      level: fc.integer(),
      actors: fc.array(fc.record({ x: fc.double(), y: fc.double(), vx: fc.double() }), { minLength: 1, maxLength: 8 }),
      name: fc.string(),
    });
    fc.assert(
      fc.property(state, fc.nat(), fc.double(), (s, pick, value) => {
        expect(hashState(structuredClone(s))).toBe(hashState(s));
        const changed = structuredClone(s);
        const actor = changed.actors[pick % changed.actors.length]!;
        if (Object.is(actor.x, value)) return;
        actor.x = value;
        expect(hashState(changed)).not.toBe(hashState(s));
      }),
    );
  });
});

/** States of every kind a checkpoint holds: numbers of every sort, strings, booleans, null, undefined, bigints, arrays, Float64Arrays, objects, Maps and Sets. */
const anyState = fc.letrec((tie) => ({
  leaf: fc.oneof(fc.double(), fc.integer(), fc.constantFrom(0, -0, NaN, 1, 2 ** 31, -(2 ** 31) - 1), fc.string(), fc.boolean(), fc.constant(null), fc.constant(undefined), fc.bigInt()),
  node: fc.oneof({ depthSize: 'small', withCrossShrink: true }, tie('leaf'), tie('array'), tie('object'), tie('floats'), tie('map'), tie('set')),
  array: fc.array(tie('node'), { maxLength: 4 }),
  floats: fc.array(fc.double(), { maxLength: 4 }).map((xs) => Float64Array.from(xs)),
  object: fc.dictionary(fc.string({ maxLength: 3 }), tie('node'), { maxKeys: 4 }),
  map: fc.array(fc.tuple(fc.string({ maxLength: 2 }), tie('node')), { maxLength: 3 }).map((entries) => new Map(entries)),
  set: fc.array(fc.oneof(fc.integer(), fc.string()), { maxLength: 3 }).map((items) => new Set(items)),
})).node;

describe('hashState over the tree (session format 3): the same verdicts as the fields', () => {
  it('property: two states with different fields hash differently, and a state and its copy hash equal', () => {
    // What a checkpoint needs: whenever a replay's fields would differ, its hash does (64 bits: a collision is never seen here).
    fc.assert(
      fc.property(anyState, anyState, (a, b) => {
        expect(hashState(structuredClone(a))).toBe(hashState(a));
        const fieldsA = [...flattenState(a)];
        const fieldsB = [...flattenState(b)];
        const sameFields = fieldsA.length === fieldsB.length && fieldsA.every(([path, leaf], i) => path === fieldsB[i]![0] && sameLeaf(leaf, fieldsB[i]![1]));
        if (!sameFields) expect(hashState(a)).not.toBe(hashState(b));
      }),
      { numRuns: 500 },
    );
  });

  it('a Float64Array hashes as the array of its numbers (as its fields read), an integer as the same number written as a float', () => {
    expect(hashState({ p: new Float64Array([1, 2.5, -0]) })).toBe(hashState({ p: [1, 2.5, -0] }));
    expect(hashState(new Int32Array([3, 4]))).toBe(hashState([3, 4]));
    expect(hashState(2)).toBe(hashState(2.0));
    expect(hashState(2 ** 31)).not.toBe(hashState(-(2 ** 31)));
  });

  it('tells an empty object, an empty Map or an empty array from none, which the fields cannot', () => {
    expect(hashState({ a: {} })).not.toBe(hashState({}));
    expect(hashState({ a: new Map() })).not.toBe(hashState({ a: {} }));
    expect(hashState([[]])).not.toBe(hashState([{}]));
  });

  it('refuses what flattenState refuses, naming the path', () => {
    expect(() => hashState({ a: [1, { f: () => 1 }] })).toThrow('state.a[1].f: a function cannot be hashed');
    const cyclic: Record<string, unknown> = {};
    cyclic['self'] = cyclic;
    expect(() => hashState(cyclic)).toThrow('state.self: a cycle');
  });
});

describe('diffStates', () => {
  it('names each field that differs, with the recorded and the replayed value', () => {
    const recorded = { actors: [{ id: 1, x: 10 }, { id: 2, x: 20 }], scores: { left: 1 } };
    const replayed = { actors: [{ id: 1, x: 10 }, { id: 2, x: 20.000000000000004 }], scores: { left: 1, right: 0 } };
    expect(diffStates(recorded, replayed)).toEqual([
      { path: '.actors[1].x', expected: 20, actual: 20.000000000000004 },
      { path: '.scores.right', expected: undefined, actual: 0 },
    ]);
    expect(diffStates(recorded, structuredClone(recorded))).toEqual([]);
  });

  it('stops at the limit', () => {
    expect(diffStates([1, 2, 3, 4], [5, 6, 7, 8], 2)).toHaveLength(2);
  });
});

describe('flattenState', () => {
  it('writes each leaf at its path, arrays and typed arrays with their length', () => {
    expect([...flattenState({ p: new Float64Array([1, 2]), s: new Set(['a']) })]).toEqual([
      ['.p.length', 2],
      ['.p[0]', 1],
      ['.p[1]', 2],
      ['.s.size', 1],
      ['.s{0}', 'a'],
    ]);
  });

  it('refuses a function, a cycle and a state too deep, naming the path', () => {
    expect(() => flattenState({ f: () => 1 })).toThrow('state.f: a function cannot be hashed');
    const cyclic: Record<string, unknown> = {};
    cyclic['self'] = cyclic;
    expect(() => flattenState(cyclic)).toThrow('state.self: a cycle');
    let deep: unknown = 1;
    for (let i = 0; i <= MAX_STATE_DEPTH; i++) deep = [deep];
    expect(() => flattenState(deep)).toThrow(`deeper than ${MAX_STATE_DEPTH} levels`);
  });

  it('sameLeaf compares numbers by bits', () => {
    expect(sameLeaf(-0, 0)).toBe(false);
    expect(sameLeaf(NaN, NaN)).toBe(true);
    expect(sameLeaf('a', 'a')).toBe(true);
  });
});
