import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyChanges } from '../../src/replay/record-session.js';
import { allChanges, changesSince, copyState } from '../../src/replay/state-changes.js';
import { flattenState, sameLeaf, type StateFields } from '../../src/replay/state-hash.js';

// Issue 26, item 6: a checkpoint that keeps fields keeps "the fields that changed since the previous checkpoint"
// that kept them, and must cost little when little changed: the changes are found by walking the state beside a
// copy of the previous one, and must be exactly the ones the two states' flattened fields give.

const anyState = fc.letrec((tie) => ({
  leaf: fc.oneof(fc.double(), fc.integer({ min: -3, max: 3 }), fc.constantFrom(0, -0, NaN), fc.string({ maxLength: 2 }), fc.boolean(), fc.constant(null), fc.constant(undefined)),
  node: fc.oneof({ depthSize: 'small', withCrossShrink: true }, tie('leaf'), tie('array'), tie('object'), tie('floats'), tie('map'), tie('set')),
  array: fc.array(tie('node'), { maxLength: 4 }),
  floats: fc.array(fc.double(), { maxLength: 3 }).map((xs) => Float64Array.from(xs)),
  object: fc.dictionary(fc.constantFrom('a', 'b', 'c', 'x', 'constructor', 'toString'), tie('node'), { maxKeys: 3 }),
  map: fc.array(fc.tuple(fc.constantFrom('k', 'l', 'm'), tie('node')), { maxLength: 3 }).map((entries) => new Map(entries)),
  set: fc.array(fc.constantFrom(1, 2, 'a'), { maxLength: 3 }).map((items) => new Set(items)),
})).node;

/** Two field maps hold the same fields (order aside), numbers by their bits. */
function sameFields(a: StateFields, b: StateFields): boolean {
  if (a.size !== b.size) return false;
  for (const [path, leaf] of a) if (!b.has(path) || !sameLeaf(leaf, b.get(path))) return false;
  return true;
}

describe('changesSince: what changed, from a copy of the previous state', () => {
  it('property: the fields before, with the changes applied, are the fields after', () => {
    fc.assert(
      fc.property(anyState, anyState, (before, after) => {
        const { changes, base } = changesSince(copyState(before), after);
        expect(sameFields(applyChanges(flattenState(before), changes), flattenState(after))).toBe(true);
        // The base is brought up to the new state, so the next checkpoint diffs against it: its fields are the new state's.
        expect(sameFields(flattenState(base), flattenState(after))).toBe(true);
      }),
      { numRuns: 1000 },
    );
  });

  it('a field that goes from -0 to 0 is changed in the base too (found by the property: seed -1324014458)', () => {
    const { changes, base } = changesSince(copyState({ constructor: -0, a: -0 }), { constructor: 0, a: 0 });
    expect(changes.map((change) => change.path)).toEqual(['.constructor', '.a']);
    expect(Object.is((base as { a: number }).a, 0)).toBe(true);
    expect(Object.is((base as { constructor: number }).constructor, 0)).toBe(true);
  });

  it('property: a state that did not change has no changes', () => {
    fc.assert(
      fc.property(anyState, (state) => {
        expect(changesSince(copyState(state), state).changes).toEqual([]);
      }),
    );
  });

  it('names each change at the path flattenState writes, and builds no path for what did not change', () => {
    const before = { objects: [{ id: 1, p: new Float64Array([0, 0]) }, { id: 2, p: new Float64Array([5, 5]) }], tags: new Map([['a', 1]]) };
    const after = { objects: [{ id: 1, p: new Float64Array([0, 0.5]) }], tags: new Map([['a', 1], ['b', 2]]) };
    expect(changesSince(copyState(before), after).changes).toEqual([
      { path: '.objects.length', value: 1, removed: false },
      { path: '.objects[0].p[1]', value: 0.5, removed: false },
      { path: '.objects[1].id', value: undefined, removed: true },
      { path: '.objects[1].p.length', value: undefined, removed: true },
      { path: '.objects[1].p[0]', value: undefined, removed: true },
      { path: '.objects[1].p[1]', value: undefined, removed: true },
      { path: '.tags.size', value: 2, removed: false },
      { path: '.tags<"b">', value: 2, removed: false },
    ]);
  });

  it('allChanges is every field, as new', () => {
    expect(allChanges({ a: [1, -0] })).toEqual([
      { path: '.a.length', value: 2, removed: false },
      { path: '.a[0]', value: 1, removed: false },
      { path: '.a[1]', value: -0, removed: false },
    ]);
  });
});

describe('changesSince over a run of states: the base it keeps is always the latest', () => {
  it('property: diffing each state against the base the previous diff left gives each step\'s changes', () => {
    fc.assert(
      fc.property(fc.array(anyState, { minLength: 2, maxLength: 5 }), (states) => {
        let base = copyState(states[0]);
        for (let i = 1; i < states.length; i++) {
          const result = changesSince(base, states[i]);
          expect(sameFields(applyChanges(flattenState(states[i - 1]), result.changes), flattenState(states[i]))).toBe(true);
          base = result.base;
        }
      }),
      { numRuns: 500 },
    );
  });

  it('writes a typed array of the same kind and length in place (no new copy at a steady checkpoint)', () => {
    const base = copyState({ p: new Float64Array([1, 2]) }) as { p: Float64Array };
    const p = base.p;
    const result = changesSince(base, { p: new Float64Array([1, 3]) });
    expect(result.base).toBe(base);
    expect((result.base as typeof base).p).toBe(p);
    expect([...p]).toEqual([1, 3]);
  });
});

describe('copyState', () => {
  it('copies every container, so the state changing later leaves the copy as it was', () => {
    const state = { p: new Float64Array([1, 2]), list: [{ x: 1 }], m: new Map([['k', { y: 2 }]]), s: new Set([1]) };
    const copy = copyState(state) as typeof state;
    state.p[0] = 9;
    state.list[0]!.x = 9;
    state.m.get('k')!.y = 9;
    state.s.add(2);
    expect(copy.p).toBeInstanceOf(Float64Array);
    expect([...copy.p]).toEqual([1, 2]);
    expect(copy.list[0]!.x).toBe(1);
    expect(copy.m.get('k')!.y).toBe(2);
    expect([...copy.s]).toEqual([1]);
  });
});
