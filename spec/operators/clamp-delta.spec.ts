import { describe, expect, it } from 'vitest';
import { clampDelta, clampDeltaMs, DEFAULT_MAX_DELTA_MS, OptionError } from '../../operators/index.js';
import { marbles } from '../marbles.js';
import { itPassesTheOperatorMatrix } from '../operator-matrix.js';

// Seed (frame-2d-actor-world, "Clamping"): "The wall clock bounds what a single
// frame can be worth, and floors it at zero."

describe('clampDeltaMs (the step function)', () => {
  it('bounds a delta to [min, max] and declines NaN', () => {
    expect(clampDeltaMs(16, 250, 0)).toBe(16);
    expect(clampDeltaMs(900, 250, 0)).toBe(250);
    expect(clampDeltaMs(-10, 250, 0)).toBe(0);
    expect(clampDeltaMs(3, 250, 5)).toBe(5);
    expect(clampDeltaMs(Infinity, 250, 0)).toBe(250);
    expect(clampDeltaMs(-Infinity, 250, 0)).toBe(0);
    expect(clampDeltaMs(NaN, 250, 0)).toBeUndefined();
  });
});

describe('clampDelta(maxMs, minMs = 0)', () => {
  it('defaults: DEFAULT_MAX_DELTA_MS is 250 ms', () => {
    expect(DEFAULT_MAX_DELTA_MS).toBe(250);
  });

  it(
    '"bounds what a single frame can be worth, and floors it at zero"',
    marbles((m) => {
      const source = m.hot(' --a---b---c---d---e--|', { a: 0, b: 16, c: 900, d: -10, e: 17 });
      const expected = '     --a---b---c---d---e--|';
      m.expect(source.pipe(clampDelta(DEFAULT_MAX_DELTA_MS))).toBeObservable(expected, {
        a: 0,
        b: 16,
        c: 250,
        d: 0,
        e: 17,
      });
    }),
  );

  it(
    'declines NaN rather than passing it on ("never propagated as NaN")',
    marbles((m) => {
      const source = m.hot(' --a---n---b--|', { a: 16, n: NaN, b: 17 });
      const expected = '     --a-------b--|';
      m.expect(source.pipe(clampDelta(250))).toBeObservable(expected, { a: 16, b: 17 });
    }),
  );

  it(
    'takes a floor above zero',
    marbles((m) => {
      const source = m.hot(' --a---b--|', { a: 1, b: 40 });
      m.expect(source.pipe(clampDelta(33, 4))).toBeObservable('--a---b--|', { a: 4, b: 33 });
    }),
  );

  it('rejects bad bounds with an error naming the option, the rule and the value', () => {
    expect(() => clampDelta(-1)).toThrow('clampDelta: maxMs must be a finite number >= minMs (0), got -1');
    expect(() => clampDelta(NaN)).toThrow(OptionError);
    expect(() => clampDelta(10, 20)).toThrow('clampDelta: maxMs must be a finite number >= minMs (20), got 10');
    expect(() => clampDelta(10, -1)).toThrow('clampDelta: minMs must be a finite number >= 0, got -1');
    expect(() => clampDelta('10' as never)).toThrow('clampDelta: maxMs must be a finite number >= minMs (0), got "10"');
  });

  itPassesTheOperatorMatrix(() => clampDelta(250), 16);
});
