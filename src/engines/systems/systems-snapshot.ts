import { OptionError } from '../../../operators/option-error.js';
import type { Pose } from './entity.js';
import type { SystemsEvent } from './event-queue.js';

/**
 * The systems engine's own state in a snapshot (`engine.save().state`): the
 * world's and the scene's systems' own state (through `SaveHooks`),
 * the scene with its entities, the shared `Time` and the events waiting for
 * the next frame. The loop's counters, fixed-step time and time scale, and
 * the random source, are the snapshot's other parts (see `EngineSnapshot`).
 *
 * A restore puts back the world and the scene the engine stands in: the
 * snapshot's scene must be the engine's (or both have no world).
 */
export interface SystemsSnapshotState {
  /** Where the game was in its life (`engine.state`): never `'loading'`, since nothing is saved while a world or a scene loads. */
  readonly life: 'unloaded' | 'playing' | 'paused';
  /** The shared `Time`, every field (seconds). */
  readonly time: SavedTime;
  /** The events waiting for the next frame, in dispatch order (payloads copied). */
  readonly events: readonly SystemsEvent[];
  /** The world systems, in order: each one's class name and, when it has `SaveHooks`, its state. Empty while unloaded. */
  readonly worldSystems: readonly SavedPart[];
  /** The active scene; null while unloaded. */
  readonly scene: SavedScene | null;
}

/** `Time`'s fields in a snapshot, in seconds. */
export interface SavedTime {
  /** Time since the previous rendered frame. */
  readonly deltaTime: number;
  /** The sum of the frame deltas since the loop last started. */
  readonly elapsedTime: number;
  /** How far the latest frame sat between the last two fixed steps, in [0, 1). */
  readonly alpha: number;
  /** The fixed step: a restore refuses a snapshot of an engine with another `fixedUpdateRate`. */
  readonly fixedDeltaTime: number;
}

/** A system or a behavior in a snapshot: its class name, and what its `saveState()` returned (absent without `SaveHooks`). */
export interface SavedPart {
  /** Its class's name. */
  readonly name: string;
  /** What its `saveState()` returned; absent when it has none. */
  readonly state?: unknown;
}

/** The active scene in a snapshot. */
export interface SavedScene {
  /** The scene's id. */
  readonly id: string;
  /** Its scene systems, in order (see {@link SavedPart}). */
  readonly systems: readonly SavedPart[];
  /** The counter behind default ids: the next entity created without an id is `entity-<nextId>`. */
  readonly nextId: number;
  /** The serial the next entity created gets. */
  readonly nextSerial: number;
  /** The live entities, in creation order. */
  readonly entities: readonly SavedEntity[];
}

/** An entity in a snapshot. */
export interface SavedEntity {
  /**
   * Its number in its scene, in creation order, never reused: how a restore
   * knows an entity the engine still has (it keeps that object, so
   * references to it stay good) from one to build again.
   */
  readonly serial: number;
  /** Its id. */
  readonly id: string;
  /** Its current pose. */
  readonly transform: Readonly<Pose>;
  /** The pose at the start of the latest fixed step (what interpolation draws from). */
  readonly previous: Readonly<Pose>;
  /** The pose the latest frame drew. */
  readonly drawn: Readonly<Pose>;
  /** Whether it is drawn interpolated. */
  readonly interpolate: boolean;
  /** Its components, copied. */
  readonly components: Readonly<Record<string, unknown>>;
  /** Its behaviors, in order (see {@link SavedPart}). */
  readonly behaviors: readonly SavedPart[];
}

/** What a snapshot's state must agree with: the engine restoring it. @internal */
export interface RestoreTarget {
  /** The engine's fixed step, in seconds. */
  readonly fixedDeltaTime: number;
  /** The engine's active scene (null while unloaded). */
  readonly sceneId: string | null;
  /** The names of the engine's world systems, in order. */
  readonly worldSystems: readonly string[];
  /** The names of the engine's scene systems, in order. */
  readonly sceneSystems: readonly string[];
  /** Whether a restore can build a behavior of this class name (the configuration lists one class by that name). */
  knowsBehavior(name: string): boolean;
}

const WHERE = 'restore';
const AT = 'snapshot.state';

/**
 * Checks a snapshot's state whole, against the engine restoring it, before
 * anything changes.
 *
 * @throws {OptionError} naming the first field that is wrong (`snapshot.state.scene.entities[2].transform.x`), the rule and the value.
 * @internal
 */
export function checkSystemsState(state: unknown, target: RestoreTarget): asserts state is SystemsSnapshotState {
  const { life, time, events, worldSystems, scene } = objectAt(state, AT, "the systems engine's state, read by save()");
  if (life !== 'unloaded' && life !== 'playing' && life !== 'paused') throw new OptionError(WHERE, `${AT}.life`, "'unloaded', 'playing' or 'paused'", life);
  checkTime(time, target.fixedDeltaTime);
  if (!Array.isArray(events)) throw new OptionError(WHERE, `${AT}.events`, 'an array of events { type, payload }', events);
  events.forEach((event: unknown, i) => {
    if (typeof objectAt(event, `${AT}.events[${i}]`, 'an event { type, payload }')['type'] !== 'string') {
      throw new OptionError(WHERE, `${AT}.events[${i}].type`, 'a string', (event as SystemsEvent).type);
    }
  });
  if (target.sceneId === null && scene !== null) {
    throw new OptionError(WHERE, `${AT}.scene`, 'null, as the engine has no world (a restore builds none: await engine.play() first, then restore)', scene);
  }
  if (target.sceneId !== null && scene === null) {
    throw new OptionError(WHERE, `${AT}.scene`, `the engine's scene "${target.sceneId}" (a restore ends no world: call engine.destroyWorld() first)`, scene);
  }
  checkSystems(worldSystems, `${AT}.worldSystems`, target.worldSystems, 'world');
  if (scene !== null) checkScene(scene, target);
  if ((life === 'unloaded') !== (scene === null)) throw new OptionError(WHERE, `${AT}.life`, scene === null ? "'unloaded', as the snapshot has no scene" : "'playing' or 'paused', as the snapshot has a scene", life);
}

function checkTime(time: unknown, fixedDeltaTime: number): void {
  const fields = objectAt(time, `${AT}.time`, 'Time { deltaTime, elapsedTime, alpha, fixedDeltaTime }');
  if (fields['fixedDeltaTime'] !== fixedDeltaTime) {
    throw new OptionError(WHERE, `${AT}.time.fixedDeltaTime`, `the engine's fixed step, ${fixedDeltaTime} s (a snapshot restores into an engine with the same fixedUpdateRate)`, fields['fixedDeltaTime']);
  }
  for (const key of ['deltaTime', 'elapsedTime'] as const) finiteAt(fields[key], `${AT}.time.${key}`);
  const { alpha } = fields;
  if (typeof alpha !== 'number' || !(alpha >= 0 && alpha < 1)) throw new OptionError(WHERE, `${AT}.time.alpha`, 'a number in [0, 1)', alpha);
}

function checkScene(scene: unknown, target: RestoreTarget): void {
  const at = `${AT}.scene`;
  const { id, systems, nextId, nextSerial, entities } = objectAt(scene, at, 'a scene { id, systems, nextId, nextSerial, entities }');
  if (id !== target.sceneId) {
    throw new OptionError(WHERE, `${at}.id`, `the engine's scene "${target.sceneId}" (a restore builds no scene: await engine.loadScene(${JSON.stringify(id)}) first, then restore)`, id);
  }
  checkSystems(systems, `${at}.systems`, target.sceneSystems, 'scene');
  wholeAt(nextId, `${at}.nextId`);
  wholeAt(nextSerial, `${at}.nextSerial`);
  if (!Array.isArray(entities)) throw new OptionError(WHERE, `${at}.entities`, 'an array of entities', entities);
  const serials = new Set<number>();
  entities.forEach((entity: unknown, i) => {
    const path = `${at}.entities[${i}]`;
    const fields = objectAt(entity, path, 'an entity { serial, id, transform, previous, drawn, interpolate, components, behaviors }');
    const serial = wholeAt(fields['serial'], `${path}.serial`);
    if (serial >= (nextSerial as number) || serials.has(serial)) throw new OptionError(WHERE, `${path}.serial`, `a serial below nextSerial (${String(nextSerial)}) that no other entity has`, serial);
    serials.add(serial);
    if (typeof fields['id'] !== 'string' || fields['id'] === '') throw new OptionError(WHERE, `${path}.id`, 'a non-empty string', fields['id']);
    for (const pose of ['transform', 'previous', 'drawn'] as const) {
      const pair = objectAt(fields[pose], `${path}.${pose}`, 'a pose { x, y, rotation }');
      for (const key of ['x', 'y', 'rotation'] as const) finiteAt(pair[key], `${path}.${pose}.${key}`, -Infinity);
    }
    if (typeof fields['interpolate'] !== 'boolean') throw new OptionError(WHERE, `${path}.interpolate`, 'true or false', fields['interpolate']);
    if (Array.isArray(fields['components'])) throw new OptionError(WHERE, `${path}.components`, 'an object of named components', fields['components']);
    objectAt(fields['components'], `${path}.components`, 'an object of named components');
    const behaviors = fields['behaviors'];
    if (!Array.isArray(behaviors)) throw new OptionError(WHERE, `${path}.behaviors`, 'an array of behaviors { name, state }', behaviors);
    behaviors.forEach((part: unknown, j) => {
      const name = nameAt(part, `${path}.behaviors[${j}]`);
      if (!target.knowsBehavior(name)) {
        throw new OptionError(WHERE, `${path}.behaviors[${j}].name`, "the name of one behavior class the configuration lists (its scenes' entities' behaviors, or behaviors)", name);
      }
    });
  });
}

/** The saved systems must be the engine's, one for one, in order: a restore keeps the systems it has and builds none. */
function checkSystems(parts: unknown, path: string, names: readonly string[], kind: string): void {
  const rule = `the engine's ${kind} systems, in order (${names.length === 0 ? 'none' : names.join(', ')})`;
  if (!Array.isArray(parts) || parts.length !== names.length) throw new OptionError(WHERE, path, rule, parts);
  parts.forEach((part: unknown, i) => {
    const name = nameAt(part, `${path}[${i}]`);
    if (name !== names[i]) throw new OptionError(WHERE, `${path}[${i}].name`, `"${names[i]}": ${rule}`, name);
  });
}

function nameAt(part: unknown, path: string): string {
  const { name } = objectAt(part, path, 'a system or behavior { name, state }');
  if (typeof name !== 'string') throw new OptionError(WHERE, `${path}.name`, 'a class name (a string)', name);
  return name;
}

function objectAt(value: unknown, path: string, rule: string): Record<string, unknown> {
  if (value === null || typeof value !== 'object') throw new OptionError(WHERE, path, rule, value);
  return value as Record<string, unknown>;
}

function finiteAt(value: unknown, path: string, min = 0): number {
  if (typeof value !== 'number' || !Number.isFinite(value) || value < min) throw new OptionError(WHERE, path, min === 0 ? 'a finite number >= 0' : 'a finite number', value);
  return value;
}

function wholeAt(value: unknown, path: string): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0) throw new OptionError(WHERE, path, 'a whole number >= 0', value);
  return value;
}
