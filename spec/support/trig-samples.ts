import { portableAtan2, portableCos, portableSin } from 'tickflow';
import { createSeededRandom, nextRandom } from 'tickflow/operators';

/**
 * Arguments for comparing trigonometry across JavaScript engines (Node here,
 * Chromium in spec/browser/portable-math.spec.ts): the same on both sides,
 * drawn from a seeded generator. Half of the `xs` are angles a game turns a
 * velocity by (−π to π), half reach further (−1000 to 1000), where the
 * argument reduction takes more parts of π/2; the `ys` pair with them as
 * atan2's `y`.
 */
export function trigSamples(count: number, seed = 20261207): { xs: number[]; ys: number[] } {
  const random = createSeededRandom(seed);
  const xs: number[] = [];
  const ys: number[] = [];
  for (let i = 0; i < count; i++) {
    const u = nextRandom(random);
    xs.push(i % 2 === 0 ? (u - 0.5) * 2 * Math.PI : (u - 0.5) * 2000);
    ys.push((nextRandom(random) - 0.5) * 2000);
  }
  return { xs, ys };
}

/** sin(x), cos(x) and atan2(y, x) of each sample, by tickflow's portable functions and by the built-ins. */
export interface TrigResults {
  readonly portable: { readonly sin: number[]; readonly cos: number[]; readonly atan2: number[] };
  readonly builtIn: { readonly sin: number[]; readonly cos: number[]; readonly atan2: number[] };
}

/** Evaluates every sample in the engine this runs in. */
export function evaluateTrig(xs: readonly number[], ys: readonly number[]): TrigResults {
  return {
    portable: { sin: xs.map((x) => portableSin(x)), cos: xs.map((x) => portableCos(x)), atan2: xs.map((x, i) => portableAtan2(ys[i]!, x)) },
    builtIn: { sin: xs.map((x) => Math.sin(x)), cos: xs.map((x) => Math.cos(x)), atan2: xs.map((x, i) => Math.atan2(ys[i]!, x)) },
  };
}

/** How many of `a` and `b` differ in any bit (`Object.is`: -0 and NaN count). */
export function differing(a: readonly number[], b: readonly number[]): number {
  let count = 0;
  for (let i = 0; i < a.length; i++) if (!Object.is(a[i], b[i])) count++;
  return count;
}
