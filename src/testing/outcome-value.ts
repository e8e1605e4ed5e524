/**
 * One outcome value, as the delta-time validator shows it
 * ({@link describeOutcome}, a table cell) and compares it
 * ({@link canonicalJson}). The validator and its table both read values
 * through this file, so neither imports the other for it.
 */

/**
 * How an outcome reads in the table: a string as it is, a number or boolean
 * as written, nothing (`null`, `undefined`, empty) as `—`; a list as its
 * items joined by `, ` (a run of equal items once, with its count: `orb ×3`);
 * a plain object as `key: value` pairs. Anything nested deeper as JSON.
 *
 * @example
 * ```ts
 * describeOutcome({ left: 2, right: 0 });       // 'left: 2, right: 0'
 * describeOutcome(['ball', 'wall', 'wall']);    // 'ball, wall ×2'
 * describeOutcome(null);                        // '—'
 * ```
 */
export function describeOutcome(value: unknown): string {
  if (Array.isArray(value)) {
    if (value.length === 0) return '—';
    const parts: string[] = [];
    let previous: string | undefined;
    let count = 0;
    const flush = () => previous !== undefined && parts.push(count === 1 ? previous : `${previous} ×${count}`);
    for (const item of value) {
      const shown = describeLeaf(item);
      if (shown === previous) count++;
      else {
        flush();
        previous = shown;
        count = 1;
      }
    }
    flush();
    return parts.join(', ');
  }
  if (isPlainObject(value)) {
    const keys = Object.keys(value);
    return keys.length === 0 ? '—' : keys.map((key) => `${key}: ${describeLeaf(value[key])}`).join(', ');
  }
  return describeLeaf(value);
}

/** A value inside a list or an object: plain when it is a primitive, JSON when nested. */
function describeLeaf(value: unknown): string {
  if (value === null || value === undefined) return '—';
  if (typeof value === 'string') return value === '' ? '""' : value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return canonicalJson(value);
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object') return false;
  const prototype = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

/** JSON with sorted keys, so two equal values render the same; how the validator compares outcomes. */
export function canonicalJson(value: unknown): string {
  return (
    JSON.stringify(value, (_key, v: unknown) =>
      isPlainObject(v) ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) : v,
    ) ?? 'undefined'
  );
}
