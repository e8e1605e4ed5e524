import type { SaveHooks } from './save-hooks.js';
import { nameOf } from './system-name.js';

/** The options objects the engine handed to constructors: a field holding one is not the instance's own data. */
const HANDED = new WeakSet<object>();

/**
 * Marks the options object a system or behavior constructor is handed, so
 * that a field keeping it (`constructor(private readonly options)`) is not
 * taken for state. @internal
 */
export function handedOver<T extends object>(options: T): T {
  HANDED.add(options);
  return options;
}

/**
 * An instance's own enumerable fields that hold data a snapshot could
 * hold: numbers, strings, booleans, bigints, arrays, plain objects, Maps and
 * Sets. Not data: null and undefined, functions, class instances (the
 * shared `Time`, the engine, a scene, an entity, a sprite) and the options
 * object the engine handed over. @internal
 */
export function dataFields(instance: object): string[] {
  return Object.keys(instance).filter((key) => isData((instance as Record<string, unknown>)[key]));
}

function isData(value: unknown): boolean {
  if (value === null || value === undefined || typeof value === 'function' || typeof value === 'symbol') return false;
  if (typeof value !== 'object') return true;
  if (HANDED.has(value)) return false;
  if (Array.isArray(value) || value instanceof Map || value instanceof Set) return true;
  const prototype = Object.getPrototypeOf(value) as unknown;
  return prototype === Object.prototype || prototype === null;
}

/**
 * The development build's warning after a restore: a system or behavior with
 * fields holding data and no {@link SaveHooks} kept those fields as they
 * were, whatever the snapshot's moment had. Once per class, per engine: the
 * first restore that leaves one names it and its fields.
 * @internal
 */
export class UnsavedFieldWarnings {
  private readonly warned = new Set<unknown>();

  /** Warns (console.warn) about `instance` unless it has `saveState`, holds no data, or its class was named before. */
  check(instance: SaveHooks, kind: 'system' | 'behavior'): void {
    if (typeof instance.saveState === 'function' || this.warned.has(instance.constructor)) return;
    const fields = dataFields(instance);
    if (fields.length === 0) return;
    this.warned.add(instance.constructor);
    const name = nameOf(instance);
    const one = fields.length === 1;
    console.warn(
      `restore: the systems engine restored no state of ${kind} ${name}: ${one ? 'its field' : 'its fields'} ${fields.map((field) => `"${field}"`).join(', ')} ` +
        `kept what ${one ? 'it' : 'they'} held before the restore, as ${name} has no saveState/restoreState. ` +
        `If ${one ? 'it changes' : 'they change'} while the game plays, give ${name} saveState() and restoreState(state), or keep that data in components (which are saved)`,
    );
  }
}
