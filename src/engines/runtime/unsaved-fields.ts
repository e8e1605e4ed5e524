import type { Behavior } from './behavior.js';
import type { RuntimeObject } from './runtime-object.js';

/**
 * The development build's warning for behavior state a restore does not
 * bring back: a behavior without a `restore(data)` hook whose own fields
 * changed since its factory made it. A restore makes every behavior again
 * from its factory, so such fields start over from the factory's values.
 * Warned once per behavior name, with `console.warn`, when the runtime is
 * restored.
 *
 * Only what is certain is warned about, as the page engine does: a field
 * that changed is state, where a field that never changed may be a setting
 * (and the factory gives it again). State kept in variables the callbacks
 * close over is invisible to the runtime (nothing is warned about it; the
 * sync test finds it), and so is an array or object changed in place (its
 * field still holds the same one). A production build makes none of this.
 * @internal
 */
export class UnsavedFields {
  /** Each behavior's own fields as its factory made them. */
  private readonly fieldsAtMake = new WeakMap<Behavior, ReadonlyMap<string, unknown>>();
  private readonly warned = new Set<string>();

  /** A factory made `behavior`: its fields now are the ones it starts with. */
  made(behavior: Behavior): void {
    if (typeof behavior.restore !== 'function') this.fieldsAtMake.set(behavior, fieldsOf(behavior));
  }

  /** The runtime is being restored: warns about each behavior of `live` (its name not yet warned about) whose fields changed since it was made. */
  restoring(live: readonly RuntimeObject[]): void {
    const found: string[] = [];
    for (const object of live) {
      for (const { name, behavior } of object.behaviors) {
        const before = this.fieldsAtMake.get(behavior);
        if (before === undefined || this.warned.has(name)) continue;
        const changed = [...fieldsOf(behavior)].filter(([key, value]) => !before.has(key) || !Object.is(before.get(key), value)).map(([key]) => key);
        if (changed.length === 0) continue;
        this.warned.add(name);
        found.push(`behavior "${name}" (on "${object.name}": ${changed.join(', ')})`);
      }
    }
    if (found.length === 0) return;
    console.warn(
      `restore: runtime: ${found.join(', ')} changed fields since its factory made it that no snapshot holds, so they start over from the factory's values; ` +
        'give the behavior save() and restore(data) to have them restored (docs/save-restore.md). Warned once per behavior, in development builds.',
    );
  }
}

/** A behavior's own enumerable fields that are not functions, and their values now. */
function fieldsOf(behavior: Behavior): Map<string, unknown> {
  return new Map(Object.entries(behavior).filter(([, value]) => typeof value !== 'function'));
}
