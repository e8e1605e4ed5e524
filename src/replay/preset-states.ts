import type { Runtime } from '../engines/runtime/runtime.js';
import type { StateEngine } from '../engines/state/state-engine.js';
import { Input } from '../input/input.js';
import type { SystemsEngine } from '../engines/systems/systems-engine.js';
import type { WorldEngine } from '../engines/world/world-engine.js';

/**
 * The state engine's checkpoint state: its state value, as update left it.
 * (A state holding Maps or Sets reads through the engine's read-only view,
 * which a Map's own methods refuse: give such a game its own `stateOf`.)
 */
export function stateEngineState<T, S extends object, A extends string>(engine: StateEngine<T, S, A>): unknown {
  return engine.state;
}

/** What {@link systemsEngineState} reads of one entity. */
export interface EntityState {
  /** The entity's id. */
  readonly id: string;
  /** Its transform: position and rotation. */
  readonly x: number;
  /** Its transform's y. */
  readonly y: number;
  /** Its transform's rotation, in radians. */
  readonly rotation: number;
  /** Its components, as they are (plain data hashes; a function in one is refused with its path). */
  readonly components: Readonly<Record<string, unknown>>;
}

/** What {@link systemsEngineState} returns. */
export interface SystemsState {
  /** The active scene's id (null between scenes). */
  readonly scene: string | null;
  /** The live entities, in creation order. */
  readonly entities: readonly EntityState[];
}

/** The systems engine's checkpoint state: the active scene and its live entities' transforms and components. */
export function systemsEngineState(engine: SystemsEngine): SystemsState {
  const scene = engine.scene;
  const entities: EntityState[] = [];
  for (const entity of scene?.entities ?? []) {
    if (!entity.alive) continue;
    const { x, y, rotation } = entity.transform;
    entities.push({ id: entity.id, x, y, rotation, components: entity.components });
  }
  return { scene: scene?.id ?? null, entities };
}

/** What {@link worldEngineState} returns. */
export interface WorldState {
  /** The open level's name (null while the first one loads). */
  readonly level: string | null;
  /** Seconds of simulated time in this level. */
  readonly time: number;
  /** The game mode's phase, or null without one. */
  readonly phase: string | null;
  /** The game mode's scores, in their own order. */
  readonly scores: Readonly<Record<string, number>>;
  /**
   * The live actors, in the world's order: each one's own fields that are
   * numbers, strings or booleans: `id`, `name`, `x`, `y`, `rotation`, and a
   * game's own (`vx`, `vy`, a health...), by their float bits; and its drive.
   */
  readonly actors: readonly Readonly<Record<string, unknown>>[];
  /** For each controller, in order, the id of the pawn it possesses (null for none). */
  readonly possession: readonly (number | null)[];
}

/**
 * The world engine's checkpoint state: the level, the live actors'
 * transforms, velocities and other scalar fields, the game mode's phase and
 * scores, and who possesses whom.
 */
export function worldEngineState<A extends string>(engine: WorldEngine<A>): WorldState {
  return readWorldState(engine as unknown as WorldEngine<string>, undefined);
}

/** One actor's checkpoint record, as a recorder keeps it: its scalar fields' names in order, and the record they are written into. */
interface ActorRecord {
  readonly keys: string[];
  readonly fields: Record<string, unknown>;
  readonly drive: { x: number; y: number; action: unknown };
}

/** Whether a value is one of an actor's scalar fields (a number, a string, a boolean). */
function isScalar(value: unknown): boolean {
  return typeof value === 'number' || typeof value === 'string' || typeof value === 'boolean';
}

/** Whether the actor's own scalar fields are, in order, `keys` (so its record can be rewritten as it is). */
function sameScalarKeys(actor: Record<string, unknown>, keys: readonly string[]): boolean {
  let n = 0;
  for (const key in actor) {
    if (!Object.hasOwn(actor, key) || !isScalar(actor[key])) continue;
    if (keys[n++] !== key) return false;
  }
  return n === keys.length;
}

/**
 * {@link worldEngineState}, fresh (`kept` undefined) or with each actor's
 * record kept by a recorder from one checkpoint to the next and rewritten
 * while the actor's scalar fields stay the same names in the same order.
 */
function readWorldState(engine: WorldEngine<string>, kept: { readonly records: WeakMap<object, ActorRecord>; readonly actors: Record<string, unknown>[] } | undefined): WorldState {
  if (engine.transitioning && !hasWorld(engine)) return { level: null, time: 0, phase: null, scores: {}, actors: [], possession: [] };
  const world = engine.world;
  const mode = world.gameMode;
  const actors = kept?.actors ?? [];
  let count = 0;
  // Index loops: a checkpoint runs once a second, too rarely to be optimised, and an unoptimised for...of allocates a step result per actor.
  const present = world.actors;
  for (let i = 0; i < present.length; i++) {
    const actor = present[i]!;
    if (!actor.alive) continue;
    const own = actor as unknown as Record<string, unknown>;
    let record = kept?.records.get(actor);
    if (record === undefined || !sameScalarKeys(own, record.keys)) {
      const keys: string[] = [];
      for (const key of Object.keys(own)) if (isScalar(own[key])) keys.push(key);
      const fields: Record<string, unknown> = {};
      for (const key of keys) fields[key] = own[key];
      const drive = { x: actor.drive.x, y: actor.drive.y, action: actor.drive.action };
      fields['drive'] = drive;
      record = { keys, fields, drive };
      kept?.records.set(actor, record);
    } else {
      const { keys, fields } = record;
      for (let k = 0; k < keys.length; k++) fields[keys[k]!] = own[keys[k]!];
      record.drive.x = actor.drive.x;
      record.drive.y = actor.drive.y;
      record.drive.action = actor.drive.action;
    }
    actors[count++] = record.fields;
  }
  actors.length = count;
  return {
    level: world.level,
    time: world.time,
    phase: mode?.phase ?? null,
    scores: { ...(mode?.scores ?? {}) },
    actors,
    possession: world.controllers.map((controller) => controller.pawn?.id ?? null),
  };
}

function hasWorld(engine: WorldEngine<string>): boolean {
  try {
    void engine.world;
    return true;
  } catch {
    return false;
  }
}

/** What {@link runtimeState} reads of one object. */
export interface RuntimeObjectState {
  /** Its handle. */
  readonly handle: number;
  /** Its name. */
  readonly name: string;
  /** Its current simulation pose (position, rotation quaternion, scale). */
  readonly transform: unknown;
  /** Its presented pose this frame (what was drawn). */
  readonly presented: unknown;
  /** A physical body's velocity (m/s, x y z), as the physics engine holds it; absent for an object without a body. */
  readonly velocity?: Float64Array;
}

/** What {@link runtimeState} returns. */
export interface RuntimeState {
  /** The scene session (a new number for every scene loaded). */
  readonly session: number;
  /** The live objects, in creation order. */
  readonly objects: readonly RuntimeObjectState[];
}

/**
 * The runtime's checkpoint state: the object table (handles and names, in
 * order) with each live object's simulation pose and presented pose, and a
 * physical body's velocity as the physics engine holds it (Rapier's state
 * that the next tick's poses come from).
 */
export function runtimeState(runtime: Runtime): RuntimeState {
  return readRuntimeState(runtime, undefined);
}

/** What a recorder keeps from one checkpoint to the next to read the runtime's state into. */
interface RuntimeStateKept {
  readonly handles: number[];
  readonly objects: RuntimeObjectState[];
  readonly byHandle: Map<number, { handle: number; name: string; transform: unknown; presented: unknown; velocity?: Float64Array }>;
  readonly state: { session: number; objects: RuntimeObjectState[] };
}

/**
 * {@link runtimeState}, fresh (`kept` undefined) or read into the objects a
 * recorder keeps from one checkpoint to the next: an object's entry is made
 * once and rewritten after, so a checkpoint of a steady scene allocates
 * nothing per body.
 */
function readRuntimeState(runtime: Runtime, kept: RuntimeStateKept | undefined): RuntimeState {
  const handles = kept === undefined ? runtime.handles() : runtime.handlesInto(kept.handles);
  const objects: RuntimeObjectState[] = kept?.objects ?? new Array(handles.length);
  objects.length = handles.length;
  for (let i = 0; i < handles.length; i++) {
    const handle = handles[i]!;
    const physical = runtime.hasBody(handle);
    let entry = kept?.byHandle.get(handle);
    if (entry === undefined || (entry.velocity !== undefined) !== physical) {
      // Two literal shapes, not a spread: the objects stay fast to walk (a spread object can fall back to a dictionary).
      entry = physical ? { handle, name: '', transform: null, presented: null, velocity: new Float64Array(3) } : { handle, name: '', transform: null, presented: null };
      kept?.byHandle.set(handle, entry);
    }
    entry.name = runtime.nameOf(handle);
    entry.transform = runtime.transform(handle);
    entry.presented = runtime.presentation(handle);
    if (entry.velocity !== undefined) runtime.velocity(handle, entry.velocity);
    objects[i] = entry;
  }
  if (kept === undefined) return { session: runtime.session, objects };
  if (kept.byHandle.size > 2 * handles.length + 64) for (const handle of kept.byHandle.keys()) if (!runtime.valid(handle)) kept.byHandle.delete(handle); // the destroyed, now and then
  kept.state.session = runtime.session;
  return kept.state;
}

/**
 * The checkpoint state a recorder hashes: {@link presetStateOf}'s, but the
 * runtime's bodies and the world engine's actors read into records the
 * returned function keeps from one call to the next (the recorder hashes
 * each state at once and keeps only copies), so a checkpoint of a steady
 * game allocates nothing per body or actor. A state it returns is rewritten
 * by its next call. @internal
 */
export function recorderStateOf(preset: string): ((engine: never) => unknown) | undefined {
  if (preset === 'world engine') {
    const kept = { records: new WeakMap<object, ActorRecord>(), actors: [] };
    return ((engine: WorldEngine<string>) => readWorldState(engine, kept)) as (engine: never) => unknown;
  }
  if (preset !== 'runtime') return presetStateOf(preset);
  const objects: RuntimeObjectState[] = [];
  const kept: RuntimeStateKept = { handles: [], objects, byHandle: new Map(), state: { session: 0, objects } };
  return ((runtime: Runtime) => readRuntimeState(runtime, kept)) as (engine: never) => unknown;
}

/**
 * The Input an engine reads, when it has one: `engine.input` (world, state),
 * `engine.inputDevice` (the runtime) or `engine.input.device` (the page
 * engine, whose `input` reads keys by code through it). @internal
 */
export function inputOf(engine: object): Input<string> | undefined {
  const { input, inputDevice } = engine as { input?: unknown; inputDevice?: unknown };
  for (const candidate of [input, inputDevice, (input as { device?: unknown } | undefined)?.device]) {
    if (candidate instanceof Input) return candidate as Input<string>;
  }
  return undefined;
}

/**
 * The checkpoint state a preset provides, by the preset's name
 * (`engine.preset`): {@link stateEngineState} for `'state engine'`,
 * {@link systemsEngineState} for `'systems engine'`, {@link worldEngineState}
 * for `'world engine'`, {@link runtimeState} for `'runtime'`; `undefined` for
 * the others (give `stateOf` yourself).
 */
export function presetStateOf(preset: string): ((engine: never) => unknown) | undefined {
  switch (preset) {
    case 'state engine':
      return stateEngineState as (engine: never) => unknown;
    case 'systems engine':
      return systemsEngineState as (engine: never) => unknown;
    case 'world engine':
      return worldEngineState as (engine: never) => unknown;
    case 'runtime':
      return runtimeState as (engine: never) => unknown;
    default:
      return undefined;
  }
}
