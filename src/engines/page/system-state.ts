import { OptionError } from '../../../operators/option-error.js';
import { copyPlain } from '../shell/engine-snapshot.js';

/**
 * The page engine's own part of a snapshot (`engine.save().state`): the
 * game's state the engine holds for it. The rest of the snapshot is every
 * preset's (the loop, `engine.random`, `engine.input`).
 *
 * The engine cannot see into its systems (their state is the game's:
 * variables in closures, fields of the system objects), so each system
 * that keeps state gives it through its own `save()` / `restore(data)`
 * pair; what `save()` returned, copied, is its entry in `systems`.
 *
 * Not in it, on purpose: the pauses the host decides (`'hidden'`,
 * `'pagehide'`, `'offscreen'`, `'typing'`, `'reducedMotion'`), whether the
 * engine is started (`'stopped'`) and whether it has settled. They say
 * where the page is now, not where the game was: a snapshot restored in
 * another tab, or after the visitor came back, must not hide the game or
 * stop it. The fps cap's grid and settle's quiet time are host time too: they
 * start fresh on restore, as they do on every resume.
 */
export interface PageEngineSnapshot {
  /** The game's own pause, `engine.pause()` (the `'manual'` reason): on until `engine.resume()`. */
  readonly manualPause: boolean;
  /** One entry for each system with `save`/`restore`, in the order the systems were added. */
  readonly systems: readonly SystemSnapshot[];
}

/** One system's entry in a {@link PageEngineSnapshot}. */
export interface SystemSnapshot {
  /** The system's name: the entry is handed back to the system of that name. */
  readonly name: string;
  /** What its `save()` returned, copied: plain data. */
  readonly data: unknown;
}

/** What this file needs of an added system: its name and its save/restore pair. @internal */
export interface SavingEntry {
  readonly name: string;
  readonly system: { readonly name?: string; save?(): unknown; restore?(data: unknown): void };
}

/**
 * Checks a system's `save`/`restore` pair as `engine.add` takes it: both or
 * neither, each a function, and a name no other saving system of the engine
 * has (the snapshot finds a system's state by its name, so it must be given and
 * be unique). Does nothing for a system without either.
 *
 * @throws {OptionError} naming `save`, `restore` or `name`.
 * @internal
 */
export function checkSaveHooks(system: SavingEntry['system'], added: readonly SavingEntry[]): void {
  const where = 'engine.add';
  if (system.save === undefined && system.restore === undefined) return;
  for (const hook of ['save', 'restore'] as const) {
    if (typeof system[hook] !== 'function') throw new OptionError(where, hook, 'a function (a system with save has restore, and the other way round)', system[hook]);
  }
  const { name } = system;
  if (typeof name !== 'string' || name === '') throw new OptionError(where, 'name', 'a non-empty string for a system with save/restore (a snapshot finds its state by name)', name);
  if (added.some((entry) => entry.system.save !== undefined && entry.name === name)) {
    throw new OptionError(where, 'name', 'a name no other system with save/restore in this engine has (a snapshot finds its state by name)', name);
  }
}

/**
 * Each saving system's state, as fresh plain data, in the order added.
 * @throws {Error} when a system's `save()` throws, or returns what a snapshot cannot hold (naming the system and the path).
 * @internal
 */
export function saveSystems(entries: readonly SavingEntry[]): SystemSnapshot[] {
  const saved: SystemSnapshot[] = [];
  for (const { name, system } of entries) {
    if (system.save === undefined) continue;
    let data: unknown;
    try {
      data = system.save();
    } catch (error) {
      throw new Error(`save: system '${name}': its save() threw, so nothing was saved`, { cause: error });
    }
    saved.push({ name, data: copyPlain(data, 'save', `system '${name}''s save()`) });
  }
  return saved;
}

/**
 * Checks the shell's copy of a snapshot's `state` against the engine's
 * systems now, changing nothing: the shape, and one entry for each system with
 * `save`/`restore`, by name, neither more nor fewer (the engine cannot make
 * or remove a system: the game adds the same systems before restoring).
 *
 * @return The state, and each entry's data by system name.
 * @throws {OptionError} naming the field (`snapshot.state.systems[1].name`) and the rule.
 * @internal
 */
export function checkPageEngineState(state: unknown, entries: readonly SavingEntry[]): { manualPause: boolean; dataByName: Map<string, unknown> } {
  const where = 'restore';
  if (state === null || typeof state !== 'object') throw new OptionError(where, 'snapshot.state', "the page engine's state ({ manualPause, systems }, from engine.save())", state);
  const { manualPause, systems } = state as Partial<PageEngineSnapshot>;
  if (typeof manualPause !== 'boolean') throw new OptionError(where, 'snapshot.state.manualPause', 'true or false (whether engine.pause() held)', manualPause);
  if (!Array.isArray(systems)) throw new OptionError(where, 'snapshot.state.systems', 'an array of { name, data }, one for each system with save/restore', systems);
  const saving = entries.filter((entry) => entry.system.save !== undefined).map((entry) => entry.name);
  const dataByName = new Map<string, unknown>();
  systems.forEach((entry: unknown, i) => {
    if (entry === null || typeof entry !== 'object') throw new OptionError(where, `snapshot.state.systems[${i}]`, 'an object { name, data }', entry);
    const { name, data } = entry as Partial<SystemSnapshot>;
    if (typeof name !== 'string' || !saving.includes(name) || dataByName.has(name)) {
      const rule = `the name of a system with save/restore in this engine, once (${saving.map((n) => `'${n}'`).join(', ') || 'it has none'}): add the same systems before restoring`;
      throw new OptionError(where, `snapshot.state.systems[${i}].name`, rule, name);
    }
    dataByName.set(name, data);
  });
  const missing = saving.filter((name) => !dataByName.has(name));
  if (missing.length > 0) {
    const rule = `an entry for every system with save/restore in this engine; none for ${missing.map((n) => `'${n}'`).join(', ')} (added after the save? remove it before restoring)`;
    throw new OptionError(where, 'snapshot.state.systems', rule, systems);
  }
  return { manualPause, dataByName };
}
