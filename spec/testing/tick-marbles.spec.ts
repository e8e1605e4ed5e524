// tickflow/testing's hz(): timestamps a test hands a loop as a host's.
// DESIGN.md, bad input: "Options are validated when an engine or operator is
// built: a wrong value throws an error that names the option, the value and
// the rule."
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { OptionError } from '../../operators/option-error.js';
import { hz } from '../../src/testing/index.js';

describe('hz(rateHz, count, startMs)', () => {
  it('hz(60, 4) is a 60 Hz host from 0', () => {
    expect(hz(60, 4)).toEqual([0, 1000 / 60, 2000 / 60, 50]);
  });

  // Issue 22, defect 4: "`hz(60, 3, NaN)` in `tickflow/testing` returns NaN timestamps."
  it('issue 22 #4: hz(60, 3, NaN) is refused, naming startMs, instead of returning NaN timestamps', () => {
    expect(() => hz(60, 3, NaN)).toThrow(OptionError);
    expect(() => hz(60, 3, NaN)).toThrow('hz: startMs must be a finite number, got NaN');
    expect(() => hz(60, 3, Infinity)).toThrow('hz: startMs must be a finite number, got Infinity');
  });

  it('a count no array can hold is refused naming count, not thrown as a RangeError', () => {
    expect(() => hz(60, 2 ** 40)).toThrow("hz: count must be a whole number from 0 to 4294967295 (an array's length), got 1099511627776");
  });

  it('a rate whose interval overflows (1e-320 Hz) is refused naming rateHz, not turned into Infinity timestamps', () => {
    expect(() => hz(1e-320, 2)).toThrow('hz: rateHz must be a rate whose interval 1000 / rateHz is finite, got 1e-320');
  });

  it('property: for any arguments, hz returns finite timestamps or throws an OptionError naming one of them', () => {
    const anyNumber = fc.oneof(fc.double(), fc.integer({ min: -5, max: 200 }), fc.constantFrom(0, 1e-320, 1e308, -0));
    // (A whole count from 301 to 2³² − 1 is left out: it is valid, and would allocate that many timestamps.)
    const anyCount = fc.oneof(fc.integer({ min: -2, max: 300 }), fc.double().filter((n) => !(Number.isInteger(n) && n > 300 && n < 2 ** 32)));
    fc.assert(
      fc.property(anyNumber, anyCount, anyNumber, (rate, count, start) => {
        let timestamps: number[];
        try {
          timestamps = hz(rate, count, start);
        } catch (error) {
          expect(error).toBeInstanceOf(OptionError);
          expect(['rateHz', 'count', 'startMs']).toContain((error as OptionError).option);
          return;
        }
        expect(timestamps).toHaveLength(count);
        expect(timestamps.every(Number.isFinite)).toBe(true);
      }),
    );
  });
});
