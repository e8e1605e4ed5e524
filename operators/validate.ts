import { OptionError } from './option-error.js';

// Internal: the option checks shared by every operator. Each throws an
// OptionError naming the option, the rule and the value.

/** `value` must be a finite number greater than 0. */
export function positiveFinite(where: string, option: string, value: unknown): number {
  if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0) {
    throw new OptionError(where, option, 'a finite number > 0', value);
  }
  return value;
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
