import { OptionError } from '../../../operators/option-error.js';
import type { WorldClass, WorldClasses, WorldObjectKind } from './world-classes.js';
import type { SavedFields, WorldRef, WorldSnapshot } from './world-snapshot.js';

/** What a restore needs to check a snapshot against its engine. */
export interface SnapshotCheckHost {
  readonly classes: WorldClasses;
  /** @throws {OptionError} naming `option` for a name that is not one of the engine's levels. */
  checkLevel(option: string, name: unknown): void;
}

/** A snapshot's world state that passed {@link checkWorldSnapshot}, with the class of each of its objects. */
export interface CheckedWorld {
  readonly state: WorldSnapshot;
  /** Each actor's class, in the snapshot's order. */
  readonly actorClasses: readonly WorldClass[];
  /** Each actor's components' classes. */
  readonly componentClasses: readonly (readonly WorldClass[])[];
  /** Each departed actor's class, in the snapshot's order. */
  readonly departedClasses: readonly WorldClass[];
  /** Each departed actor's components' classes. */
  readonly departedComponentClasses: readonly (readonly WorldClass[])[];
  /** Each controller's class. */
  readonly controllerClasses: readonly WorldClass[];
  /** The game mode's class; undefined for none. */
  readonly modeClass: WorldClass | undefined;
}

/** A reference met while checking, with where it was, checked once every object is known. */
interface Met {
  readonly ref: unknown;
  readonly path: string;
  /** The timer's method, for a timer's target (the class must have it). */
  readonly method?: string;
}

/** What the check knows of an actor of the snapshot. */
interface KnownActor {
  /** In the world (`actors`), or departed. */
  readonly inWorld: boolean;
  readonly destroyed: boolean;
  readonly components: readonly WorldClass[];
  readonly type: WorldClass;
}

const KIND_NAMES: Readonly<Record<WorldObjectKind, string>> = { actor: 'an actor', component: 'a component', controller: 'a controller', gameMode: 'a game mode' };

/**
 * Checks a world engine snapshot's state fully, changing nothing: every
 * field's type and range, every class known to the engine, every level one
 * of its levels, every reference and id pointing into the snapshot.
 *
 * @throws {OptionError} naming the field (`snapshot.state.actors[2].class`), the rule and the value.
 */
export function checkWorldSnapshot(state: unknown, host: SnapshotCheckHost): CheckedWorld {
  if (state === null || typeof state !== 'object' || Array.isArray(state)) throw new OptionError('restore', 'snapshot.state', "the world engine's state (engine.save().state)", state);
  const s = state as Record<string, unknown>;
  const met: Met[] = [];
  host.checkLevel('snapshot.state.level', s['level']);
  if (s['requestedLevel'] !== null) host.checkLevel('snapshot.state.requestedLevel', s['requestedLevel']);
  for (const key of ['time', 'activeTime']) for (const part of ['sum', 'compensation']) finite(record(s[key], key)[part], `${key}.${part}`);
  const lastActorId = whole(s['lastActorId'], 'lastActorId', 0);

  const ids = new Map<number, KnownActor>();
  const componentClasses: WorldClass[][] = [];
  const checkActors = (key: 'actors' | 'departed'): WorldClass[] =>
    list(s[key], key).map((value, i) => {
      const path = `${key}[${i}]`;
      const actor = record(value, path);
      const id = whole(actor['id'], `${path}.id`, 1);
      const previous = i === 0 ? 0 : (s[key] as { id: number }[])[i - 1]!.id;
      if (id <= previous || id > lastActorId || ids.has(id)) fail(`${path}.id`, `an id of its own, above the previous one (${previous}) and at most lastActorId (${lastActorId}): ids rise in spawn order`, id);
      if (typeof actor['destroyed'] !== 'boolean') fail(`${path}.destroyed`, 'a boolean', actor['destroyed']);
      const type = checkObject(actor, path, 'actor', `actor ${id}`, host.classes, met);
      const components = list(actor['components'], `${path}.components`);
      const types = components.map((c, j) => checkObject(record(c, `${path}.components[${j}]`), `${path}.components[${j}]`, 'component', `actor ${id}'s component ${j}`, host.classes, met));
      if (key === 'actors') componentClasses.push(types);
      ids.set(id, { inWorld: key === 'actors', destroyed: actor['destroyed'], components: types, type });
      return type;
    });
  const actorClasses = checkActors('actors');
  const departedClasses = checkActors('departed');
  const departedComponentClasses = (s['departed'] as { id: number }[]).map(({ id }) => ids.get(id)!.components);
  /** The id of an actor of the snapshot (in the world, unless `departed` may be). */
  const actorId = (value: unknown, path: string, departed = false, rule = `the id of an actor${departed ? '' : ' in the world'} of the snapshot`): number => {
    if (typeof value !== 'number' || ids.get(value)?.inWorld !== true && !(departed && ids.has(value))) fail(path, rule, value);
    return value;
  };

  const pending = new Set<number>();
  list(s['pendingDestroy'], 'pendingDestroy').forEach((value, i) => {
    const id = actorId(value, `pendingDestroy[${i}]`, false, 'the id of a destroyed actor in the world of the snapshot, once');
    if (!ids.get(id)!.destroyed || pending.has(id)) fail(`pendingDestroy[${i}]`, 'the id of a destroyed actor in the world of the snapshot, once', id);
    pending.add(id);
  });
  const controllerClasses = list(s['controllers'], 'controllers').map((value, i) => {
    const controller = record(value, `controllers[${i}]`);
    if (controller['pawn'] !== null) actorId(controller['pawn'], `controllers[${i}].pawn`);
    return checkObject(controller, `controllers[${i}]`, 'controller', `controller ${i}`, host.classes, met);
  });
  const modeClass = s['gameMode'] === null ? undefined : checkObject(record(s['gameMode'], 'gameMode'), 'gameMode', 'gameMode', 'the game mode', host.classes, met);

  const timers = record(s['timers'], 'timers');
  const lastTimerId = whole(timers['lastId'], 'timers.lastId', 0);
  const timerIds = new Set<number>();
  list(timers['scheduled'], 'timers.scheduled').forEach((value, i) => {
    const path = `timers.scheduled[${i}]`;
    const timer = record(value, path);
    const id = whole(timer['id'], `${path}.id`, 1);
    if (id > lastTimerId || timerIds.has(id)) fail(`${path}.id`, `a timer id of its own, at most timers.lastId (${lastTimerId})`, id);
    timerIds.add(id);
    for (const key of ['originSeconds', 'dueSeconds', 'periodSeconds']) finite(timer[key], `${path}.${key}`);
    whole(timer['steps'], `${path}.steps`, 0);
    if (typeof timer['repeats'] !== 'boolean') fail(`${path}.repeats`, 'a boolean', timer['repeats']);
    if (!((timer['periodSeconds'] as number) > 0 || (!timer['repeats'] && timer['periodSeconds'] === 0))) fail(`${path}.periodSeconds`, 'a number > 0 (>= 0 for a one-shot)', timer['periodSeconds']);
    if (typeof timer['method'] !== 'string') fail(`${path}.method`, "a method's name", timer['method']);
    met.push({ ref: timer['target'], path: `${path}.target`, method: timer['method'] as string });
    checkFields(record(timer['args'], `${path}.args`), `${path}.args`, met);
  });

  const camera = record(s['camera'], 'camera');
  finite(camera['x'], 'camera.x');
  finite(camera['y'], 'camera.y');
  if (finite(camera['zoom'], 'camera.zoom') <= 0) fail('camera.zoom', 'a finite number > 0', camera['zoom']);
  if (camera['bounds'] !== null) {
    const bounds = record(camera['bounds'], 'camera.bounds');
    for (const key of ['minX', 'minY', 'maxX', 'maxY']) finite(bounds[key], `camera.bounds.${key}`);
    if ((bounds['minX'] as number) > (bounds['maxX'] as number) || (bounds['minY'] as number) > (bounds['maxY'] as number)) fail('camera.bounds', 'bounds with min <= max', bounds);
  }
  if (camera['target'] !== null) actorId(camera['target'], 'camera.target');

  const collision = record(s['collision'], 'collision');
  list(collision['pairs'], 'collision.pairs').forEach((pair, i) => {
    if (!Array.isArray(pair) || pair.length !== 2) fail(`collision.pairs[${i}]`, 'a pair [actor id, actor id]', pair);
    actorId(pair[0], `collision.pairs[${i}][0]`, true);
    actorId(pair[1], `collision.pairs[${i}][1]`, true);
  });
  for (const key of ['order', 'faulty']) list(collision[key], `collision.${key}`).forEach((id, i) => actorId(id, `collision.${key}[${i}]`));

  // Every reference, now that every object is known.
  for (const { ref, path, method } of met) {
    const type = refTarget(ref, path, { ids, controllers: controllerClasses, modeClass, lastTimerId }, method !== undefined);
    if (method !== undefined && typeof (type!.prototype as Record<string, unknown>)[method] !== 'function') fail(path.replace(/target$/, 'method'), `a method of ${type!.name}`, method);
  }
  return { state: state as WorldSnapshot, actorClasses, componentClasses, departedClasses, departedComponentClasses, controllerClasses, modeClass };
}

/** Checks an object's class and fields; returns its class. */
function checkObject(object: Record<string, unknown>, path: string, kind: WorldObjectKind, what: string, classes: WorldClasses, met: Met[]): WorldClass {
  const name = object['class'];
  const type = classes.find(name, kind);
  if (type === undefined) {
    const option = `snapshot.state.${path}.class`;
    const known = classes.names(kind).join(', ');
    const rule = `the name of ${KIND_NAMES[kind]} class this engine knows (${known})`;
    if (typeof name !== 'string') throw new OptionError('restore', option, rule, name);
    throw new OptionError(
      'restore',
      option,
      rule,
      name,
      `restore: ${what}'s class "${name}" is not ${KIND_NAMES[kind]} class this engine knows (${option}): list it in createWorldEngine's classes option ({ classes: { ${name} } }); the ${KIND_NAMES[kind].replace(/^an? /, '')} classes it knows: ${known}`,
    );
  }
  checkFields(object, path, met);
  return type;
}

/** Checks {@link SavedFields}: its three records, and that `refs` and `unsaved` name fields of `fields`. */
function checkFields(saved: Record<string, unknown>, path: string, met: Met[]): void {
  const fields = record(saved['fields'], `${path}.fields`);
  const refs = record(saved['refs'], `${path}.refs`);
  const unsaved = record(saved['unsaved'], `${path}.unsaved`);
  for (const [key, value] of Object.entries(unsaved)) {
    if (typeof value !== 'string' || !Object.hasOwn(fields, key)) fail(`${path}.unsaved.${key}`, 'what a field of `fields` held (a string)', value);
  }
  for (const [key, ref] of Object.entries(refs)) {
    if (!Object.hasOwn(fields, key)) fail(`${path}.refs.${key}`, 'a reference for a field of `fields`', ref);
    met.push({ ref, path: `${path}.refs.${key}` });
  }
}

/** Checks a reference against the snapshot's objects; returns the class it points to (undefined for the world or a timer). */
function refTarget(
  value: unknown,
  path: string,
  known: { ids: ReadonlyMap<number, KnownActor>; controllers: readonly WorldClass[]; modeClass: WorldClass | undefined; lastTimerId: number },
  objectOnly: boolean,
): WorldClass | undefined {
  const ref = (value ?? {}) as Partial<Record<string, unknown>> & { ref?: WorldRef['ref'] };
  const rule = objectOnly
    ? "a reference to an actor, component, controller or the game mode of the snapshot ({ ref: 'actor', id })"
    : "a reference to an object of the snapshot ({ ref: 'actor', id }, { ref: 'component', actor, index }, { ref: 'controller', index }, { ref: 'gameMode' }, { ref: 'world' }, { ref: 'timer', id })";
  const actor = typeof ref['id'] === 'number' ? known.ids.get(ref['id']) : undefined;
  switch (ref.ref) {
    case 'actor':
      if (actor !== undefined) return actor.type;
      break;
    case 'component': {
      const owner = typeof ref['actor'] === 'number' ? known.ids.get(ref['actor']) : undefined;
      const type = owner !== undefined && Number.isInteger(ref['index']) ? owner.components[ref['index'] as number] : undefined;
      if (type !== undefined) return type;
      break;
    }
    case 'controller': {
      const type = Number.isInteger(ref['index']) ? known.controllers[ref['index'] as number] : undefined;
      if (type !== undefined) return type;
      break;
    }
    case 'gameMode':
      if (known.modeClass !== undefined) return known.modeClass;
      break;
    case 'world':
      if (!objectOnly) return undefined;
      break;
    case 'timer':
      if (!objectOnly && Number.isInteger(ref['id']) && (ref['id'] as number) >= 1 && (ref['id'] as number) <= known.lastTimerId) return undefined;
      break;
  }
  return fail(path, rule, value);
}

function fail(path: string, rule: string, value: unknown): never {
  throw new OptionError('restore', `snapshot.state.${path}`, rule, value);
}

function record(value: unknown, path: string): Record<string, unknown> {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) fail(path, 'an object', value);
  return value as Record<string, unknown>;
}

function list(value: unknown, path: string): unknown[] {
  if (!Array.isArray(value)) fail(path, 'an array', value);
  return value;
}

function finite(value: unknown, path: string): number {
  if (typeof value !== 'number' || !Number.isFinite(value)) fail(path, 'a finite number', value);
  return value;
}

function whole(value: unknown, path: string, min: number): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min) fail(path, `a whole number >= ${min}`, value);
  return value;
}
