import fc from 'fast-check';
import stdlibAtan2 from '@stdlib/math-base-special-atan2';
import stdlibCos from '@stdlib/math-base-special-cos';
import stdlibSin from '@stdlib/math-base-special-sin';
import { describe, expect, it } from 'vitest';
import { PORTABLE_TRIG_LIMIT, portableAtan2, portableCos, portableSin } from '../../src/index.js';

// docs/determinism.md: "In a simulation, use portableSin, portableCos and
// portableAtan2 from tickflow: written with + - * / and exact bit reads
// only, they give the same bits in every engine on every CPU (ports of
// FreeBSD's msun and of Go's math package, as stdlib has them, and bit for
// bit stdlib's; within one unit in the last place of the true sine and
// cosine, two of the arctangent ...). Sine and cosine take |x| below
// PORTABLE_TRIG_LIMIT (1,647,099 radians) and throw a RangeError from there
// on." stdlib (@stdlib/math-base-special-*, a dev dependency) is the
// reference here; Chromium's side is spec/browser/portable-math.spec.ts.

/** The gap from |x| to the next double up: one unit in the last place. */
function ulp(x: number): number {
  const value = new Float64Array([Math.abs(x)]);
  const bits = new BigUint64Array(value.buffer);
  bits[0] = bits[0]! + 1n;
  return value[0]! - Math.abs(x);
}

/** Angles a game turns by, arguments each reduction path takes, and the edge of the limit. */
const angle = fc.oneof(
  fc.double({ min: -4 * Math.PI, max: 4 * Math.PI, noNaN: true }),
  fc.double({ min: -1000, max: 1000, noNaN: true }),
  fc.double({ min: -(PORTABLE_TRIG_LIMIT - 1), max: PORTABLE_TRIG_LIMIT - 1, noNaN: true }),
  fc.double({ min: -1e-6, max: 1e-6, noNaN: true }),
  // Near the multiples of π/2 where msun's reduction takes its slow, three-part path.
  fc.tuple(fc.integer({ min: -1_000_000, max: 1_000_000 }), fc.double({ min: -1e-9, max: 1e-9, noNaN: true })).map(([k, e]) => (k * Math.PI) / 2 + e),
);
const coordinate = fc.oneof(fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e6, max: 1e6 }), fc.double({ min: -1e-3, max: 1e-3, noNaN: true }));

describe('portableSin, portableCos, portableAtan2', () => {
  it('give stdlib\'s bits for every argument (they are its algorithms, written again), but where stdlib\'s atan2 has the wrong sign', () => {
    fc.assert(
      fc.property(angle, coordinate, coordinate, (x, a, b) => {
        expect(portableSin(x)).toBe(stdlibSin(x));
        expect(portableCos(x)).toBe(stdlibCos(x));
        // One edge where stdlib (after Go) has the wrong sign: y / x underflowing to 0 left of the origin, where it says +π whatever y's sign.
        if (!(b < 0 && a / b === 0)) expect(portableAtan2(a, b)).toBe(stdlibAtan2(a, b));
        else expect(portableAtan2(a, b)).toBe(Math.atan2(a, b));
      }),
      { numRuns: 20_000 },
    );
  });

  it('stay within one unit in the last place of Math.sin and Math.cos, and two of Math.atan2', () => {
    fc.assert(
      fc.property(angle, coordinate, coordinate, (x, a, b) => {
        // Each side is within a unit of the true value, so two apart at most; msun's own bound is 1 ulp, and Node's V8 is msun.
        expect(Math.abs(portableSin(x) - Math.sin(x))).toBeLessThanOrEqual(ulp(Math.sin(x)));
        expect(Math.abs(portableCos(x) - Math.cos(x))).toBeLessThanOrEqual(ulp(Math.cos(x)));
        expect(Math.abs(portableAtan2(a, b) - Math.atan2(a, b))).toBeLessThanOrEqual(2 * ulp(Math.atan2(a, b)));
      }),
      { numRuns: 20_000 },
    );
  });

  it('keep the built-ins\' special cases: zeros, infinities, NaN', () => {
    for (const x of [0, -0, NaN, Infinity, -Infinity, Number.MIN_VALUE, -Number.MIN_VALUE, 1e-300]) {
      expect(portableSin(x), `sin(${Object.is(x, -0) ? '-0' : x})`).toBe(Math.sin(x));
      expect(portableCos(x), `cos(${Object.is(x, -0) ? '-0' : x})`).toBe(Math.cos(x));
    }
    expect(portableAtan2(-5e-324, -2), 'y / x underflows to -0: just below the negative x axis').toBe(-Math.PI);
    expect(portableAtan2(5e-324, -2), 'and just above it').toBe(Math.PI);
    const special = [0, -0, 1, -1, Infinity, -Infinity, NaN];
    for (const y of special) {
      for (const x of special) expect(portableAtan2(y, x), `atan2(${Object.is(y, -0) ? '-0' : y}, ${Object.is(x, -0) ? '-0' : x})`).toBe(Math.atan2(y, x));
    }
  });

  it('are exact where the answer is: sin(π/2) = 1, cos(0) = 1, atan2(1, 1) = π/4, atan2(0, -1) = π', () => {
    expect(portableSin(Math.PI / 2)).toBe(1);
    expect(portableCos(0)).toBe(1);
    expect(portableAtan2(1, 1)).toBe(Math.PI / 4);
    expect(portableAtan2(0, -1)).toBe(Math.PI);
  });

  it('sine and cosine take |x| up to the limit and refuse from it on, naming the value and the rule', () => {
    const below = PORTABLE_TRIG_LIMIT - 1e-6;
    expect(portableSin(below)).toBe(stdlibSin(below));
    expect(portableCos(-below)).toBe(stdlibCos(-below));
    expect(() => portableSin(PORTABLE_TRIG_LIMIT)).toThrow(new RangeError('portableSin: x must be a number of radians between -1647099 and 1647099 (exclusive), got 1647099; keep a growing angle wrapped (x % (2 * Math.PI) is exact)'));
    expect(() => portableCos(-1e9)).toThrow(/^portableCos: x must be a number of radians between -1647099 and 1647099 \(exclusive\), got -1000000000;/);
  });
});
