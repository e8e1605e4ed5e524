import { copyPlain } from '../shell/engine-snapshot.js';
import type { EventQueue } from './event-queue.js';
import type { SaveHooks } from './save-hooks.js';
import type { BehaviorClass, EntityRestorer } from './scene.js';
import { checkSystemsState, type SavedPart, type SystemsSnapshotState } from './systems-snapshot.js';
import type { EngineTime } from './time.js';
import type { UnsavedFieldWarnings } from './unsaved-fields.js';
import type { WorldRun } from './world-run.js';

/** What saving and restoring read and write of a systems engine, between frames and not loading (the engine checks). @internal */
export interface SaveParts {
  /** Where the game is in its life. */
  readonly life: SystemsSnapshotState['life'];
  readonly time: EngineTime;
  readonly queue: EventQueue;
  /** The world (undefined while unloaded); between frames and not loading, it has a scene. */
  readonly run: WorldRun | undefined;
  /** The behavior classes the configuration lists, by name (null for a name two share). */
  readonly behaviorClasses: ReadonlyMap<string, BehaviorClass | null>;
  /** The development build's warning about fields a restore left (absent in production). */
  readonly warnings: UnsavedFieldWarnings | undefined;
  /** Where a throwing `restoreState` is reported. */
  report(owner: string, hook: string, error: unknown): void;
}

/**
 * The systems engine's state, as fresh plain data (see
 * {@link SystemsSnapshotState}): read from the engine, then copied once.
 *
 * @throws {Error} when a system's or behavior's `saveState` throws, when it has one of the pair without the other, when a behavior's class is not one the configuration lists, and (naming the path) when a component, payload or saved state is not plain data.
 * @internal
 */
export function saveSystems({ life, time, queue, run, behaviorClasses }: SaveParts): SystemsSnapshotState {
  const scene = run?.scene;
  const state: SystemsSnapshotState = {
    life,
    time: { deltaTime: time.deltaTime, elapsedTime: time.elapsedTime, alpha: time.alpha, fixedDeltaTime: time.fixedDeltaTime },
    events: queue.pending(),
    worldSystems: (run?.worldSystems ?? []).map(({ hooks, name }) => savePart(hooks, `system ${name}`)),
    scene:
      scene === undefined
        ? null
        : {
            id: scene.id,
            systems: run!.sceneSystems.map(({ hooks, name }) => savePart(hooks, `system ${name}`)),
            ...scene.saveEntities((behavior, owner) => saveBehavior(behavior, owner, behaviorClasses)),
          },
  };
  return copyPlain(state, 'save', "the systems engine's state");
}

/**
 * Puts a snapshot's state back, after checking it whole against the engine
 * (which is then unchanged if it is refused): `Time`, the scene's entities
 * (see `Scene.restoreEntities`), the behaviors' and then the systems' own
 * state, and the queued events, in that order, so the hooks a restore runs
 * (a removed entity's `onDestroy`, a rebuilt one's constructors) cannot
 * leave a trace in what is written after them. The engine applies the
 * returned life (playing or paused), and the shell the loop and the random
 * source, after this.
 *
 * @param state The shell's copy: its parts are kept.
 * @return Where the game was in its life.
 * @throws {OptionError} naming the first field of `state` that is wrong.
 * @internal
 */
export function restoreSystems({ time, queue, run, behaviorClasses, warnings, report }: SaveParts, state: unknown): SystemsSnapshotState['life'] {
  checkSystemsState(state, {
    fixedDeltaTime: time.fixedDeltaTime,
    sceneId: run?.scene?.id ?? null,
    worldSystems: (run?.worldSystems ?? []).map(({ hooks }) => hooks.constructor.name),
    sceneSystems: (run?.sceneSystems ?? []).map(({ hooks }) => hooks.constructor.name),
    knowsBehavior: (name) => (behaviorClasses.get(name) ?? null) !== null,
  });
  ({ deltaTime: time.deltaTime, elapsedTime: time.elapsedTime, alpha: time.alpha } = state.time);
  const restorer: EntityRestorer = {
    behaviorClass: (name) => behaviorClasses.get(name)!,
    restorePart: (instance, part, owner) => restorePart(instance, part, owner, report),
  };
  if (run !== undefined && state.scene !== null) {
    run.scene!.restoreEntities(state.scene, restorer);
    run.worldSystems.forEach(({ hooks, name }, i) => restorePart(hooks, state.worldSystems[i]!, `system ${name}`, report));
    run.sceneSystems.forEach(({ hooks, name }, i) => restorePart(hooks, state.scene!.systems[i]!, `system ${name}`, report));
    if (warnings !== undefined) warnUnsaved(run, warnings);
  }
  queue.replace(state.events);
  return state.life;
}

/** A behavior in a snapshot (see {@link savePart}), once its class is known to be one a restore can find by its name. */
function saveBehavior(behavior: SaveHooks, owner: string, behaviorClasses: ReadonlyMap<string, BehaviorClass | null>): SavedPart {
  const name = behavior.constructor.name;
  const known = behaviorClasses.get(name);
  if (known === behavior.constructor) return savePart(behavior, owner);
  throw new Error(
    known === null
      ? `save: ${owner}: two behavior classes the configuration lists are named ${name}, and a snapshot names a behavior by its class's name; give them different names`
      : `save: ${owner}: its class ${name} is not one the configuration lists; list it in the configuration's behaviors (a restore builds an entity's behaviors again from the classes listed)`,
  );
}

/** A system or behavior in a snapshot: its class name, and its `saveState()` when it has the pair. */
function savePart(instance: SaveHooks, owner: string): SavedPart {
  const name = instance.constructor.name;
  const { saveState, restoreState } = instance;
  const saves = typeof saveState === 'function';
  if (saves !== (typeof restoreState === 'function')) {
    throw new Error(`save: ${owner} has ${saves ? 'saveState but no restoreState' : 'restoreState but no saveState'}; give it both (restoreState takes back what saveState returns)`);
  }
  if (!saves) return { name };
  try {
    return { name, state: saveState.call(instance) };
  } catch (error) {
    throw new Error(`save: ${owner}'s saveState threw: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  }
}

/** Hands a part's saved state to its `restoreState`; a throw is reported, and the restore goes on. */
function restorePart(instance: SaveHooks, part: SavedPart, owner: string, report: SaveParts['report']): void {
  if (!('state' in part)) return;
  try {
    if (typeof instance.restoreState !== 'function') throw new Error(`${owner} has no restoreState, and the snapshot holds its state (saved by its saveState)`);
    instance.restoreState(part.state);
  } catch (error) {
    report(owner, 'restoreState', error);
  }
}

/** The development build's warning (see {@link UnsavedFieldWarnings}), for every system and behavior of the restored world. */
function warnUnsaved(run: WorldRun, warnings: UnsavedFieldWarnings): void {
  for (const { hooks } of [...run.worldSystems, ...run.sceneSystems]) warnings.check(hooks, 'system');
  for (const entity of run.scene?.entities ?? []) for (const behavior of entity.behaviors) warnings.check(behavior, 'behavior');
}
