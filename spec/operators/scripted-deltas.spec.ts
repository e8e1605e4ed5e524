import { range } from 'rxjs';
import { describe, expect, it } from 'vitest';
import {
  constantDeltas,
  createSeededRandom,
  nextRandom,
  OptionError,
  seededDeltas,
  sequenceDeltas,
} from '../../operators/index.js';
import { marbles } from '../marbles.js';
import { itPassesTheOperatorMatrix } from '../operator-matrix.js';

// Seeds (frame-2d-actor-world / frame-3d-state-engine, "The clock"): "The three
// scripted clocks supply deltas from a constant, a repeating list, or a seeded
// draw, and ignore the timestamp entirely."

describe('constantDeltas(ms)', () => {
  it(
    'delivers the same delta for every tick, ignoring the timestamp',
    marbles((m) => {
      const ticks = m.hot('  -a-b--c---d-|', { a: 0, b: 900, c: -5, d: 16 });
      m.expect(ticks.pipe(constantDeltas(16))).toBeObservable('-x-x--x---x-|', { x: 16 });
    }),
  );

  it('rejects a negative or non-finite delta', () => {
    expect(() => constantDeltas(-1)).toThrow('constantDeltas: ms must be a finite number >= 0, got -1');
    expect(() => constantDeltas(Infinity)).toThrow(OptionError);
  });

  itPassesTheOperatorMatrix(() => constantDeltas(16), 0);
});

describe('sequenceDeltas(list)', () => {
  it(
    'delivers the list in turn and repeats it',
    marbles((m) => {
      const ticks = m.hot('  -a-a-a-a-a-|', { a: 0 });
      m.expect(ticks.pipe(sequenceDeltas([10, 20, 30]))).toBeObservable('-x-y-z-x-y-|', { x: 10, y: 20, z: 30 });
    }),
  );

  it(
    'starts every subscription at the head of the list, and copies the list',
    marbles((m) => {
      const list = [10, 20];
      const op = sequenceDeltas(list);
      list[0] = 999;
      m.expect(m.hot('-a-a-|', { a: 0 }).pipe(op)).toBeObservable('-x-y-|', { x: 10, y: 20 });
      m.expect(m.hot('---a-|', { a: 0 }).pipe(op)).toBeObservable('---x-|', { x: 10 });
    }),
  );

  it('rejects an empty list or a bad entry, naming the index', () => {
    expect(() => sequenceDeltas([])).toThrow('sequenceDeltas: list must be a non-empty array of deltas, got an array of 0');
    expect(() => sequenceDeltas([16, NaN])).toThrow('sequenceDeltas: list[1] must be a finite number >= 0, got NaN');
  });

  itPassesTheOperatorMatrix(() => sequenceDeltas([16]), 0);
});

describe('seededDeltas({ seed, minMs, maxMs })', () => {
  it('nextRandom: mulberry32 draws in [0, 1), the same for the same seed', () => {
    const a = createSeededRandom(42);
    const b = createSeededRandom(42);
    const draws = Array.from({ length: 1000 }, () => nextRandom(a));
    expect(draws).toEqual(Array.from({ length: 1000 }, () => nextRandom(b)));
    expect(draws.every((u) => u >= 0 && u < 1)).toBe(true);
    expect(new Set(draws).size).toBeGreaterThan(990);
  });

  it(
    '"the same seed yields the same deltas": every subscription starts from the seed',
    marbles((m) => {
      const op = seededDeltas({ seed: 7, minMs: 8, maxMs: 33 });
      const random = createSeededRandom(7);
      const [x, y, z] = [0, 1, 2].map(() => 8 + 25 * nextRandom(random)) as [number, number, number];
      m.expect(m.hot('-a-a-a-|', { a: 0 }).pipe(op)).toBeObservable('-x-y-z-|', { x, y, z });
      m.expect(m.hot('---a-a-|', { a: 0 }).pipe(op)).toBeObservable('---x-y-|', { x, y });
    }),
  );

  it('draws within [minMs, maxMs), and exactly minMs when the range is empty', () => {
    const seen: number[] = [];
    const op = seededDeltas({ seed: 1, minMs: 10, maxMs: 20 });
    range(0, 500).pipe(op).subscribe((d) => seen.push(d));
    expect(seen).toHaveLength(500);
    expect(seen.every((d) => d >= 10 && d < 20)).toBe(true);
    const flat: number[] = [];
    range(0, 3).pipe(seededDeltas({ seed: 1, minMs: 5, maxMs: 5 })).subscribe((d) => flat.push(d));
    expect(flat).toEqual([5, 5, 5]);
  });

  it('rejects a bad seed or range, naming the option', () => {
    expect(() => seededDeltas({ seed: -1, minMs: 0, maxMs: 1 })).toThrow(
      'seededDeltas: seed must be a whole number from 0 to 4294967295, got -1',
    );
    expect(() => seededDeltas({ seed: 1.5, minMs: 0, maxMs: 1 })).toThrow('got 1.5');
    expect(() => seededDeltas({ seed: 1, minMs: -1, maxMs: 1 })).toThrow('seededDeltas: minMs must be a finite number >= 0, got -1');
    expect(() => seededDeltas({ seed: 1, minMs: 5, maxMs: 4 })).toThrow('seededDeltas: maxMs must be a finite number >= minMs (5), got 4');
  });

  itPassesTheOperatorMatrix(() => seededDeltas({ seed: 3, minMs: 1, maxMs: 2 }), 0);
});
