import { OptionError } from './option-error.js';

// Internal: the option checks shared by every operator. Each throws an
// OptionError naming the option, the rule and the value.

/**
 * `options` must be an object, or absent when `optional`: a bare number where
 * an options object belongs (`wallClock(100)`, `fixedStep(16)`) would
 * otherwise silently run every default.
 */
export function optionsObject(where: string, options: unknown, optional = false): void {
  if (options === undefined && optional) return;
  if (options === null || typeof options !== 'object' || Array.isArray(options)) {
    throw new OptionError(where, 'options', optional ? 'an options object, or nothing' : 'an options object', options);
  }
}

/** `value` must be `true` or `false` (or absent, for the default). */
export function booleanOption(where: string, option: string, value: unknown): boolean | undefined {
  if (value !== undefined && typeof value !== 'boolean') throw new OptionError(where, option, 'true or false', value);
  return value;
}

/** `value` must be a finite number greater than 0. */
export function positiveFinite(where: string, option: string, value: unknown): number {
  if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0) {
    throw new OptionError(where, option, 'a finite number > 0', value);
  }
  return value;
}

/**
 * `value` must be a rate in Hz: a finite number > 0 whose interval,
 * `1000 / value` ms, is finite too (1e-320 is > 0, but its interval is
 * Infinity, which no grid, step or timestamp can use). The rule names the
 * option by its last name: `a rate whose interval 1000 / fps is finite`.
 */
export function rateOption(where: string, option: string, value: unknown): number {
  positiveFinite(where, option, value);
  if (!Number.isFinite(1000 / (value as number))) {
    throw new OptionError(where, option, `a rate whose interval 1000 / ${option.slice(option.lastIndexOf('.') + 1)} is finite`, value);
  }
  return value as number;
}

/** `value` must be a finite number greater than or equal to 0. */
export function nonNegativeFinite(where: string, option: string, value: unknown): number {
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) {
    throw new OptionError(where, option, 'a finite number >= 0', value);
  }
  return value;
}

/** `value` must be a whole number of at least `min`. */
export function integerAtLeast(where: string, option: string, value: unknown, min: number): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min) {
    throw new OptionError(where, option, `a whole number >= ${min}`, value);
  }
  return value;
}

/**
 * Refuses option keys the factory does not know, naming the closest known
 * one: a typo (`fixedstep`, `maxDeltaMS`) would otherwise silently run the
 * default. `options` that is not a plain object is left to the caller's own
 * check. Throws an {@link OptionError} whose message reads
 * `createLoop: unknown option 'fixedstep'; did you mean 'fixedStep'?`.
 */
export function checkOptionKeys(where: string, options: unknown, known: readonly string[]): void {
  if (options === null || typeof options !== 'object' || Array.isArray(options)) return;
  for (const key of Object.keys(options)) {
    if (known.includes(key)) continue;
    const closest = closestName(key, known);
    const hint = closest === undefined ? `the options are ${known.join(', ')}` : `did you mean '${closest}'?`;
    throw new OptionError(where, key, 'a known option', (options as Record<string, unknown>)[key], `${where}: unknown option '${key}'; ${hint}`);
  }
}

/** The known name nearest to `name` (case-insensitive edit distance of at most a third of its length, or 2), if any. */
export function closestName(name: string, known: readonly string[]): string | undefined {
  let best: string | undefined;
  let bestDistance = Math.max(2, Math.ceil(name.length / 3)) + 1;
  for (const candidate of known) {
    const distance = editDistance(name.toLowerCase(), candidate.toLowerCase());
    if (distance < bestDistance) {
      best = candidate;
      bestDistance = distance;
    }
  }
  return best;
}

function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) {
      row[j] = Math.min(previous[j]! + 1, row[j - 1]! + 1, previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    previous = row;
  }
  return previous[b.length]!;
}

/** `value` must be a function (a handler, a callback, a hook). */
export function functionOption(where: string, option: string, value: unknown, rule = 'a function'): void {
  if (typeof value !== 'function') throw new OptionError(where, option, rule, value);
}
