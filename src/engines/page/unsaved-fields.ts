import type { SavingEntry } from './system-state.js';

/**
 * The development build's warning for state a restore leaves behind: a
 * system without `save`/`restore` whose own fields changed since it was
 * added (hooks are called with the system as `this`, so `this.x += ...`
 * is state the snapshot does not hold). Warned once per system, with
 * `console.warn`, when the engine is restored.
 *
 * Only what is certain is warned about: a field that changed is state, where
 * a field that never changed may be a setting. State kept in variables the
 * hooks close over is the game's own and invisible to the engine (nothing is
 * warned about it), and so is an array or object changed in place (its field
 * still holds the same one). A production build makes none of this. @internal
 */
export class UnsavedFields {
  /** Each system's own fields as they were when it was added. */
  private readonly fieldsAtAdd = new WeakMap<object, ReadonlyMap<string, unknown>>();
  private readonly warned = new WeakSet<object>();

  constructor(private readonly engineName: string) {}

  /** A system was added: its fields now are the ones it started with. */
  added(system: SavingEntry['system']): void {
    if (system.save === undefined) this.fieldsAtAdd.set(system, fieldsOf(system));
  }

  /** The engine is being restored: warns about each system (not yet warned about) whose fields changed since it was added. */
  restoring(entries: readonly SavingEntry[]): void {
    const found: string[] = [];
    for (const { name, system } of entries) {
      const before = this.fieldsAtAdd.get(system);
      if (before === undefined || this.warned.has(system)) continue;
      const changed = [...fieldsOf(system)].filter(([key, value]) => !before.has(key) || !Object.is(before.get(key), value)).map(([key]) => key);
      if (changed.length === 0) continue;
      this.warned.add(system);
      found.push(`system '${name}' (${changed.join(', ')})`);
    }
    if (found.length === 0) return;
    console.warn(
      `restore: page engine '${this.engineName}': ${found.join(', ')} changed fields since it was added that no snapshot holds, so they keep their values now; ` +
        'give the system save() and restore(data) to have them restored (docs/save-restore.md). Warned once per system, in development builds.',
    );
  }
}

/** A system's own enumerable fields and their values now. */
function fieldsOf(system: object): Map<string, unknown> {
  return new Map(Object.entries(system));
}
