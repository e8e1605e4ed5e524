/**
 * The error every tickflow builder throws for a bad option, before anything
 * starts. Its message names the function, the option, the rule and the value
 * it got, e.g. `pace: intervalMs must be a finite number > 0, got -16`.
 *
 * The parts are also fields, so a tool can show them without parsing text.
 */
export class OptionError extends RangeError {
  /** Always `'OptionError'`. */
  override readonly name = 'OptionError';

  /**
   * @param where The function or engine whose option it is, e.g. `pace`.
   * @param option The option's name, e.g. `intervalMs`.
   * @param rule What the value must be, e.g. `a finite number > 0`.
   * @param value The value that broke the rule.
   * @param message The message, when the usual `where: option must be rule, got value` does not fit.
   */
  constructor(
    readonly where: string,
    readonly option: string,
    readonly rule: string,
    readonly value: unknown,
    message = `${where}: ${option} must be ${rule}, got ${describe(value)}`,
  ) {
    super(message);
  }
}

/** Renders a value for an error message: numbers as written, strings quoted. */
export function describe(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'number' || typeof value === 'boolean' || value == null) return String(value);
  if (Array.isArray(value)) return `an array of ${value.length}`;
  if (typeof value === 'function') return 'a function';
  return typeof value === 'object' ? 'an object' : String(value);
}
