import { OptionError } from '../../../operators/option-error.js';
import { checkOptionKeys } from '../../../operators/validate.js';
import { resolvePerformance, type PerformanceSettings, type ResolvedPerformance } from './performance-settings.js';
import { checkEntityConfig, type BehaviorClass, type EntityConfig } from './scene.js';
import { ENGINE_OPTION_KEYS, type PresetOptions, type ShellOptions } from '../shell/shell-options.js';
import { WORLD_ONLY_HOOKS, type SceneSystemClass, type WorldSystemClass } from './system.js';
import type { SystemsBackend } from './systems-backend.js';

/** One scene of a game's configuration. */
export interface SceneConfig {
  /** The scene's id, unique in the configuration (`startSceneId` and `loadScene` name it). */
  id: string;
  /** Its scene systems, in the order they run within each phase. */
  systems?: readonly SceneSystemClass[];
  /** The entities it starts with, built before its `onSceneLoad`. */
  entities?: readonly EntityConfig[];
}

/**
 * A game, as a configuration: world systems, scenes each with their scene
 * systems in order, the scene to start at, and the performance settings.
 * The engine builds and runs it; `stop()` then `play()` builds it again from
 * here. It takes the shell's `ticks`, `clock` and `onError` too: headless,
 * pass `ticks: NEVER` and step with `engine.advance()`; the clock defaults
 * to the wall clock clamped to `maxFrameDelta`, behind the `maxFPS` cap.
 */
export interface SystemsConfig extends ShellOptions {
  /** World systems, built once per world before `onWorldLoad`, in the order they run within each phase. */
  systems?: readonly WorldSystemClass[];
  /** The scenes (at least one). */
  scenes: readonly SceneConfig[];
  /** The scene `play()` starts at. */
  startSceneId: string;
  /** Settings; `performance` holds the loop's (see {@link PerformanceSettings}). */
  globalOptions?: {
    /** The loop's performance settings; each one left out takes its default. */
    performance?: PerformanceSettings;
  };
  /** Where frames are drawn: `pixiSystemsBackend(...)` in a browser; defaults to drawing nothing. */
  backend?: SystemsBackend;
  /** Whether the built-in interpolation system runs; defaults to true. */
  interpolation?: boolean;
  /**
   * The behavior classes the game creates entities with at run time
   * (`scene.createEntity`), besides those the scenes' entities list. A
   * snapshot names an entity's behaviors by class name, and a restore that
   * brings back an entity destroyed after the save builds its behaviors from
   * the classes the configuration lists; `save()` refuses a behavior of a
   * class it does not list. Defaults to none.
   */
  behaviors?: readonly BehaviorClass[];
}

/** A checked configuration. @internal */
export interface CheckedConfig {
  readonly worldSystems: readonly WorldSystemClass[];
  readonly scenes: ReadonlyMap<string, SceneConfig>;
  readonly startSceneId: string;
  readonly performance: ResolvedPerformance;
  /** Every behavior class the configuration lists (`behaviors`, then the scenes' entities'), by class name; null for a name two classes share. */
  readonly behaviorClasses: ReadonlyMap<string, BehaviorClass | null>;
}

/** The systems engine's options, for the shell's intake: its own names, the shell's it takes, its backend's rule. @internal */
export const SYSTEMS_OPTIONS: PresetOptions = {
  own: ['systems', 'scenes', 'startSceneId', 'globalOptions', 'backend', 'interpolation', 'behaviors'] satisfies (keyof SystemsConfig)[],
  shell: ENGINE_OPTION_KEYS,
  name: 'config',
  rule: 'an object { systems, scenes, startSceneId, globalOptions }',
  backend: { rule: 'a systems backend { render, destroy } (pixiSystemsBackend, nullSystemsBackend)', methods: ['render', 'destroy'], optional: true },
};
const SCENE_KEYS = ['id', 'systems', 'entities'] as const;

/**
 * Checks a whole configuration before anything is built or started, naming
 * what is wrong: `createSystemsEngine: scenes[1].id must be a name no earlier
 * scene has, got "menu"`. The shell's intake (with {@link SYSTEMS_OPTIONS})
 * checked first that it is an object of known keys, the shell's options and
 * the backend.
 *
 * @throws {OptionError}
 * @internal
 */
export function checkConfig(config: SystemsConfig, where: string): CheckedConfig {
  const { systems = [], scenes, startSceneId, globalOptions, interpolation, behaviors = [] } = config;
  checkClasses(where, 'systems', systems);
  if (!Array.isArray(behaviors) || behaviors.some((b) => typeof b !== 'function')) {
    throw new OptionError(where, 'behaviors', 'an array of behavior classes', behaviors);
  }
  if (!Array.isArray(scenes) || scenes.length === 0) {
    throw new OptionError(where, 'scenes', 'a non-empty array of scenes { id, systems, entities }', scenes);
  }
  const byId = new Map<string, SceneConfig>();
  scenes.forEach((scene: SceneConfig, i: number) => {
    const at = `scenes[${i}]`;
    if (scene === null || typeof scene !== 'object') throw new OptionError(where, at, 'a scene { id, systems, entities }', scene);
    checkOptionKeys(`${where}: ${at}`, scene, SCENE_KEYS);
    if (typeof scene.id !== 'string' || scene.id === '') throw new OptionError(where, `${at}.id`, 'a non-empty string', scene.id);
    if (byId.has(scene.id)) throw new OptionError(where, `${at}.id`, 'a name no earlier scene has', scene.id);
    const sceneSystems = scene.systems === undefined ? [] : scene.systems;
    checkClasses(where, `${at}.systems`, sceneSystems);
    sceneSystems.forEach((Class, j) => {
      const worldHook = WORLD_ONLY_HOOKS.find((hook) => typeof (Class.prototype as Record<string, unknown>)[hook] === 'function');
      if (worldHook !== undefined) {
        throw new OptionError(
          where,
          `${at}.systems[${j}]`,
          `a scene system: ${worldHook} is a world hook, which only world systems have (list ${Class.name} under systems)`,
          Class,
        );
      }
    });
    if (scene.entities !== undefined && !Array.isArray(scene.entities)) {
      throw new OptionError(where, `${at}.entities`, 'an array of entities', scene.entities);
    }
    const entityIds = new Map<string, number>();
    (scene.entities ?? []).forEach((entity, j) => {
      checkEntityConfig(entity, where, `${at}.entities[${j}].`);
      if (entity.id === undefined) return;
      const first = entityIds.get(entity.id);
      if (first !== undefined) throw new OptionError(where, `${at}.entities[${j}].id`, `an id unique in its scene (entities[${first}] has it already)`, entity.id);
      entityIds.set(entity.id, j);
    });
    byId.set(scene.id, scene);
  });
  if (typeof startSceneId !== 'string' || !byId.has(startSceneId)) {
    throw new OptionError(where, 'startSceneId', `the id of one of the scenes (${[...byId.keys()].join(', ')})`, startSceneId);
  }
  if (globalOptions !== undefined && (globalOptions === null || typeof globalOptions !== 'object')) {
    throw new OptionError(where, 'globalOptions', 'an object { performance }', globalOptions);
  }
  checkOptionKeys(`${where}: globalOptions`, globalOptions, ['performance']);
  const performance = resolvePerformance(globalOptions?.performance, where);
  if (interpolation !== undefined && typeof interpolation !== 'boolean') {
    throw new OptionError(where, 'interpolation', 'true or false', interpolation);
  }
  const listed = [...behaviors, ...[...byId.values()].flatMap((scene) => (scene.entities ?? []).flatMap((entity) => entity.behaviors ?? []))];
  return { worldSystems: systems, scenes: byId, startSceneId, performance, behaviorClasses: byName(listed) };
}

/** Classes by name; a name two different classes share maps to null (a snapshot could not tell them apart). */
function byName(classes: readonly BehaviorClass[]): Map<string, BehaviorClass | null> {
  const map = new Map<string, BehaviorClass | null>();
  for (const Class of classes) {
    const known = map.get(Class.name);
    map.set(Class.name, known === undefined || known === Class ? Class : null);
  }
  return map;
}

function checkClasses(where: string, option: string, list: unknown): void {
  if (!Array.isArray(list)) throw new OptionError(where, option, 'an array of system classes', list);
  list.forEach((Class, i) => {
    if (typeof Class !== 'function' || Class.prototype === undefined) {
      throw new OptionError(where, `${option}[${i}]`, 'a system class (built with new, given its options)', Class);
    }
  });
}
