/**
 * `a + b`, held at `Number.MAX_VALUE` instead of overflowing to `Infinity`:
 * the one way every running sum in tickflow grows (simulated time, active
 * time, dropped time), so a clock or a host that hands out absurd numbers
 * (a delta of 1e308) leaves a sum that is huge but still finite, and nothing
 * non-finite ever reaches game code. Both arguments are finite and >= 0
 * wherever it is used.
 *
 * @example
 * ```ts
 * saturatingAdd(1, 2); // 3
 * saturatingAdd(Number.MAX_VALUE, Number.MAX_VALUE); // Number.MAX_VALUE
 * ```
 */
export function saturatingAdd(a: number, b: number): number {
  const sum = a + b;
  return sum < Number.MAX_VALUE ? sum : Number.MAX_VALUE;
}
