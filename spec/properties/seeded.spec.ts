import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { createSeededRandom, nextRandom, seededDeltas } from '../../operators/index.js';
import { seededClock } from '../../src/index.js';
import { emissionsPerInput } from './arbitraries.js';

// DESIGN.md, clock rules: "seeded (a deterministic draw in [min, max] from a
// seed; the same seed yields the same deltas on every platform)".
// Issue 2: "the seeded draw is identical on every platform for a seed".
// The operator documents the range as [minMs, maxMs) (a draw in [0, 1)
// scaled), which is what is checked here.

const seed = fc.integer({ min: 0, max: 0xffffffff });

/** Any range the operator accepts: 0 <= minMs <= maxMs, both finite doubles. */
const anyRange = fc
  .tuple(fc.double({ min: 0, max: Number.MAX_VALUE, noNaN: true }), fc.double({ min: 0, max: Number.MAX_VALUE, noNaN: true }))
  .map(([a, b]) => ({ minMs: Math.min(a, b), maxMs: Math.max(a, b) }));

/**
 * A range as a game gives one: 0 to 1000 ms, at least a microsecond wide.
 * (A draw in [0, 1) scaled onto a span of a few ulps rounds onto maxMs: with
 * `{ minMs: 0, maxMs: 5e-324 }` about half the draws equal maxMs. Half-open
 * holds once the span is above ~2^-21 of maxMs; see the report.)
 */
const range = fc
  .tuple(fc.double({ min: 0, max: 1000, noNaN: true }), fc.double({ min: 0.001, max: 1000, noNaN: true }))
  .map(([minMs, spanMs]) => ({ minMs, maxMs: minMs + spanMs }));

/**
 * mulberry32 written again with BigInt, modulo 2^32 at every step: no
 * floating point and no Math.imul anywhere. If the library's 32-bit integer
 * math is exact (as JavaScript defines it to be), the two agree on every seed.
 */
function referenceMulberry32(seedValue: number): () => bigint {
  const M = 0x1_0000_0000n;
  let state = BigInt(seedValue);
  return () => {
    state = (state + 0x6d2b79f5n) % M;
    let t = state;
    t = ((t ^ (t >> 15n)) * (t | 1n)) % M;
    t = (t ^ ((t + ((t ^ (t >> 7n)) * (t | 61n))) % M)) % M;
    return (t ^ (t >> 14n)) % M;
  };
}

describe('seeded draws', () => {
  it('"the same seed yields the same deltas": two clocks from one seed agree, tick for tick', () => {
    fc.assert(
      fc.property(seed, range, fc.array(fc.double(), { minLength: 1, maxLength: 100 }), (s, r, timestamps) => {
        const finite = timestamps.filter(Number.isFinite);
        const a = emissionsPerInput(seededClock({ seed: s, ...r }), finite).flat();
        const b = emissionsPerInput(seededClock({ seed: s, ...r }), finite.map((_, i) => 1e6 - 7 * i)).flat();
        // ... and they ignore the timestamps: "Scripted clocks ignore the timestamp".
        expect(b).toEqual(a);
        // One operator value, two subscriptions: each starts from the seed.
        const op = seededDeltas({ seed: s, ...r });
        expect(emissionsPerInput(op, finite).flat()).toEqual(emissionsPerInput(op, finite).flat());
      }),
      { numRuns: 200 },
    );
  });

  it('every draw is in [minMs, maxMs) (the operator\'s doc), for ranges a game gives', () => {
    fc.assert(
      fc.property(seed, range, fc.integer({ min: 1, max: 500 }), (s, { minMs, maxMs }, n) => {
        const drawsMs = emissionsPerInput(seededDeltas({ seed: s, minMs, maxMs }), new Array<number>(n).fill(0)).flat();
        expect(drawsMs).toHaveLength(n);
        expect(drawsMs.filter((ms) => !(ms >= minMs && ms < maxMs))).toEqual([]);
      }),
      { numRuns: 200 },
    );
  });

  it('"a deterministic draw in [min, max]": for any range the operator accepts, extremes included', () => {
    fc.assert(
      fc.property(seed, anyRange, fc.integer({ min: 1, max: 100 }), (s, { minMs, maxMs }, n) => {
        const drawsMs = emissionsPerInput(seededDeltas({ seed: s, minMs, maxMs }), new Array<number>(n).fill(0)).flat();
        expect(drawsMs.filter((ms) => !(ms >= minMs && ms <= maxMs))).toEqual([]);
      }),
      { numRuns: 200 },
    );
  });

  it('nextRandom is mulberry32 in exact 32-bit integer math: it matches a BigInt reference for any seed', () => {
    fc.assert(
      fc.property(seed, (s) => {
        const random = createSeededRandom(s);
        const reference = referenceMulberry32(s);
        const draws = Array.from({ length: 50 }, () => nextRandom(random));
        expect(draws).toEqual(Array.from({ length: 50 }, () => Number(reference()) / 4294967296));
        expect(draws.filter((draw) => !(draw >= 0 && draw < 1))).toEqual([]);
      }),
      { numRuns: 200 },
    );
  });

  // Pins platform independence: these are mulberry32's outputs in integer
  // math, computed once and written down. Any engine, OS or CPU must produce
  // them exactly; a change here changes every seeded run ever recorded.
  it('seed 42 draws the pinned vector, on every platform', () => {
    const random = createSeededRandom(42);
    const draws = Array.from({ length: 8 }, () => nextRandom(random) * 4294967296);
    expect(draws).toEqual([
      2581720956, 1925393290, 3661312704, 2876485805, 750819978, 2261697747, 1173505300, 2683257857,
    ]);
  });

  it('seededClock({ seed: 7, minMs: 8, maxMs: 33 }) delivers the pinned deltas, on every platform', () => {
    const deltasMs = emissionsPerInput(seededClock({ seed: 7, minMs: 8, maxMs: 33 }), [0, 16, 33, 50, 66]).flat();
    expect(deltasMs).toEqual([8.292618828825653, 9.548956439364702, 32.42269081948325, 25.475717642810196, 21.03613171330653]);
  });
});
