import { vi } from 'vitest';

/**
 * The `Math` functions ECMAScript lets each engine approximate its own way
 * (docs/determinism.md, "Not guaranteed"): a simulation that must replay or
 * roll back on another engine calls none of them.
 */
export const APPROXIMATED_MATH = ['sin', 'cos', 'tan', 'asin', 'acos', 'atan', 'atan2', 'sinh', 'cosh', 'tanh', 'asinh', 'acosh', 'atanh', 'exp', 'expm1', 'log', 'log1p', 'log2', 'log10', 'pow', 'hypot', 'cbrt'] as const;

/**
 * Spies on every {@link APPROXIMATED_MATH} function (they still compute);
 * returns a reading of those called since, with their call counts (`{}` when
 * none was). The spies go with `vi.restoreAllMocks()`.
 */
export function watchApproximatedMath(): () => Record<string, number> {
  const spies = APPROXIMATED_MATH.map((name) => [name, vi.spyOn(Math, name)] as const);
  return () => Object.fromEntries(spies.flatMap(([name, spy]) => (spy.mock.calls.length > 0 ? [[name, spy.mock.calls.length]] : [])));
}
