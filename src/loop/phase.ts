import { OptionError } from '../../operators/option-error.js';
import { booleanOption, checkOptionKeys } from '../../operators/validate.js';

/** One named step of a frame, as a loop is given it. A bare name is `{ name }`. */
export interface PhaseSpec<P extends string = string> {
  /** The phase's name, unique in its loop. */
  readonly name: P;
  /** Skipped while the loop is paused. Defaults to false: a phase runs unless marked. */
  readonly pausable?: boolean;
  /**
   * Runs once per fixed step instead of once per frame, handed the step in
   * seconds. Consecutive fixed phases form one group that runs, in order, once
   * for every step. Defaults to false.
   */
  readonly fixed?: boolean;
}

/** A phase as the loop runs it. @internal */
export interface Phase<P extends string = string> {
  readonly name: P;
  readonly pausable: boolean;
  readonly fixed: boolean;
}

/**
 * Validates and normalizes a loop's phases: at least one, unique non-empty
 * names, and the fixed ones side by side (they run as one group per step).
 *
 * @internal
 */
export function normalizePhases<P extends string>(
  phases: readonly (P | PhaseSpec<P>)[],
  where: string,
): readonly Phase<P>[] {
  if (!Array.isArray(phases) || phases.length === 0) {
    throw new OptionError(where, 'phases', 'a non-empty array of phase names or specs', phases);
  }
  const seen = new Set<string>();
  const normalized = phases.map((spec, i): Phase<P> => {
    if (typeof spec !== 'string' && (spec === null || typeof spec !== 'object')) {
      throw new OptionError(where, `phases[${i}]`, 'a phase name or { name, pausable?, fixed? }', spec);
    }
    if (typeof spec === 'object') checkOptionKeys(where, spec, ['name', 'pausable', 'fixed']);
    const { name, pausable = false, fixed = false } = typeof spec === 'string' ? { name: spec } : spec;
    if (typeof name !== 'string' || name === '') {
      throw new OptionError(where, `phases[${i}].name`, 'a non-empty string', name);
    }
    if (seen.has(name)) {
      throw new OptionError(where, `phases[${i}].name`, 'a name no earlier phase has', name);
    }
    booleanOption(where, `phases[${i}].pausable`, pausable);
    booleanOption(where, `phases[${i}].fixed`, fixed);
    seen.add(name);
    return { name: name as P, pausable, fixed };
  });
  const first = normalized.findIndex((p) => p.fixed);
  const last = normalized.findLastIndex((p) => p.fixed);
  for (let i = first; first >= 0 && i <= last; i++) {
    if (!normalized[i]!.fixed) {
      throw new OptionError(
        where,
        `phases[${i}].fixed`,
        'true: fixed phases run as one group per step, so they must stand side by side',
        false,
      );
    }
  }
  return normalized;
}

/**
 * The names of a phase table, in order: how a preset exports its phase names
 * from the one table its loop is built from, so the two cannot disagree.
 *
 * @example
 * ```ts
 * const TABLE = [{ name: 'update' }, { name: 'render' }] as const;
 * const PHASES = phaseNames(TABLE); // ['update', 'render']
 * ```
 */
export function phaseNames<const T extends readonly PhaseSpec[]>(table: T): readonly T[number]['name'][] {
  return Object.freeze(table.map((phase) => phase.name));
}
