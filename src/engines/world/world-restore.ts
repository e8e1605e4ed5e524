import { writeFields } from './object-fields.js';
import { ScheduledTimer } from './timers.js';
import { Actor, Component, Controller, GameMode, type World } from './world.js';
import type { WorldClass } from './world-classes.js';
import { ENGINE_FIELDS } from './world-save.js';
import type { CheckedWorld } from './world-snapshot-check.js';
import type { ActorSnapshot, ObjectSnapshot, SavedFields, WorldRef } from './world-snapshot.js';

/** What a restore needs from its engine besides the checked snapshot. */
export interface WorldRestoreHost<A extends string> {
  /** The open world. */
  readonly current: World<A>;
  /** A fresh, empty world for level `name` (its loader does not run). */
  createWorld(name: string): World<A>;
  /** Warns once for `key` (a development build; nothing in production). */
  warnOnce(key: string, message: string): void;
  /** Reports what a `restore(data)` hook threw (the restore goes on). */
  report(error: unknown, hook: string): void;
}

/** A restored world, before its hooks ran. */
export interface RestoredWorld<A extends string> {
  /** The world, now holding the snapshot's state (the open one when the level is the same, else a fresh world of the snapshot's level). */
  readonly world: World<A>;
  /** The restored actor with this id (one of the snapshot's, in the world or departed). */
  actor(id: number): Actor<A>;
  /**
   * Calls each restored object's `restore(data)`, in the world's order
   * (actors with their components, controllers, the game mode), then warns
   * (once each) about fields the snapshot did not hold and nothing put back.
   */
  finish(): void;
}

/** One object of the snapshot and the object that takes its state. */
interface Placed {
  readonly saved: ObjectSnapshot;
  readonly object: object;
  /** How a warning names it: `actor 3 (Ball)`. */
  readonly what: string;
}

/**
 * Writes a checked snapshot into the engine's world: the one open now when
 * it is of the snapshot's level, else a fresh world of that level (the open
 * one closes without a game hook). Objects are matched, not made anew, where
 * they can be: an actor of the open world with the snapshot's id and class
 * takes its state (so references the game holds to it stay good), as do a
 * component at its place on such an actor, a controller at its place and the
 * game mode, when their class is the snapshot's; every other object of the
 * snapshot (destroyed, detached or removed since) is re-created from its
 * class without its constructor running (its base class's does, so its
 * engine parts are whole), and takes every field from the snapshot. Actors
 * of the open world the snapshot does not hold leave it, without `endPlay`.
 * No `beginPlay` or `endPlay` runs: the snapshot is the state after them.
 */
export function restoreWorld<A extends string>(checked: CheckedWorld, host: WorldRestoreHost<A>): RestoredWorld<A> {
  const { state } = checked;
  const current = host.current;
  const world = current.level === state.level ? current : host.createWorld(state.level);
  const parts = world.parts;
  const pool = new Map<number, Actor<A>>(current.parts.present.map((actor) => [actor.id, actor]));
  const placed: Placed[] = [];
  const place = (saved: ObjectSnapshot, object: object, what: string): void => void placed.push({ saved, object, what: `${what} (${saved.class})` });

  // The objects, matched or re-created; nothing written yet. A departed actor is always re-created (it is in no world to match).
  const actorsOf = (list: readonly ActorSnapshot[], classes: readonly WorldClass[], componentClasses: readonly (readonly WorldClass[])[], inWorld: boolean) =>
    list.map((saved, i) => {
      const open = inWorld ? pool.get(saved.id) : undefined;
      const actor = reuseOrCreate(open, classes[i]!, Actor) as Actor<A>;
      place(saved, actor, `actor ${saved.id}`);
      const components = saved.components.map((c, j) => {
        const component = reuseOrCreate(actor === open ? actor.components[j] : undefined, componentClasses[i]![j]!, Component) as Component<A>;
        place(c, component, `actor ${saved.id}'s component ${j}`);
        return component;
      });
      return { saved, actor, components, inWorld };
    });
  const actors = actorsOf(state.actors, checked.actorClasses, checked.componentClasses, true);
  const departed = actorsOf(state.departed, checked.departedClasses, checked.departedComponentClasses, false);
  const byId = new Map([...actors, ...departed].map(({ saved, actor }) => [saved.id, actor]));
  const controllers = state.controllers.map((saved, i) => {
    const controller = reuseOrCreate(current.controllers[i], checked.controllerClasses[i]!, Controller) as Controller<A>;
    place(saved, controller, `controller ${i}`);
    return controller;
  });
  const mode = state.gameMode === null ? undefined : (reuseOrCreate(current.gameMode, checked.modeClass!, GameMode) as GameMode<A>);
  if (mode !== undefined) place(state.gameMode!, mode, 'the game mode');

  // The world's old contents leave it (those matched come back below).
  if (world !== current) current.closeForRestore();
  for (const actor of parts.present) if (actor.world === world) actor.world = undefined;

  const timers = restoreTimers(world, checked);
  const resolve = (ref: WorldRef): unknown => {
    switch (ref.ref) {
      case 'actor':
        return byId.get(ref.id);
      case 'component':
        return byId.get(ref.actor)!.components[ref.index];
      case 'controller':
        return controllers[ref.index];
      case 'gameMode':
        return mode;
      case 'world':
        return world;
      case 'timer':
        return timers.handle(ref.id);
    }
  };

  for (const { saved, actor, components, inWorld } of [...actors, ...departed]) {
    actor.placeForRestore(inWorld ? world : undefined, components, saved.destroyed);
    actor.id = saved.id;
    for (const component of components) component.actor = actor;
  }
  for (const { saved, object } of placed) writeFields(object, saved, engineFieldsOf(object), resolve);
  timers.call(resolve);
  state.controllers.forEach(({ pawn }, i) => (pawn === null ? controllers[i]!.unpossess() : controllers[i]!.possess(byId.get(pawn)!)));
  world.gameMode = mode;
  replace(parts.present, actors.map(({ actor }) => actor));
  replace(parts.pendingDestroy, state.pendingDestroy.map((id) => byId.get(id)!));
  replace(parts.controllers, controllers);
  parts.elapsed.restore(state.time);
  parts.stepped.restore(state.activeTime);
  parts.tickOrder.reset();
  const { camera } = world;
  camera.x = state.camera.x;
  camera.y = state.camera.y;
  camera.zoom = state.camera.zoom;
  camera.bounds = state.camera.bounds ?? undefined;
  camera.target = state.camera.target === null ? undefined : byId.get(state.camera.target);

  return {
    world,
    actor: (id) => byId.get(id)!,
    finish: () => {
      for (const { saved, object, what } of placed) runHook(object as Hooked, saved, what, host);
      for (const { saved, object, what } of placed) warnUncovered(object as Hooked, saved, what, host);
    },
  };
}

/** An object that may have the hook. */
interface Hooked {
  restore?: (data: unknown) => void;
}

/** `open` when it is of class `type`; else a new object of `type` made by `base`'s constructor alone (the game's may need arguments only the game has). */
function reuseOrCreate(open: object | undefined, type: WorldClass, base: new () => object): object {
  if (open !== undefined && open.constructor === type) return open;
  return Reflect.construct(base, [], type) as object;
}

function engineFieldsOf(object: object): ReadonlySet<string> {
  if (object instanceof Actor) return ENGINE_FIELDS.actor;
  if (object instanceof Component) return ENGINE_FIELDS.component;
  return object instanceof Controller ? ENGINE_FIELDS.controller : ENGINE_FIELDS.gameMode;
}

/**
 * Puts the snapshot's timers in the world's, in order (a timer still in the
 * list keeps its handle object). `handle(id)` is timer `id`'s handle: one of
 * them, or for a timer no longer scheduled at the save, an inactive handle
 * with its id; `call(resolve)` gives each the method of its restored object
 * (once every object is in place).
 */
function restoreTimers<A extends string>(world: World<A>, { state }: CheckedWorld): { handle: (id: number) => ScheduledTimer; call: (resolve: (ref: WorldRef) => unknown) => void } {
  const timers = world.timers;
  const handles = new Map<number, ScheduledTimer>();
  const noop = (): void => {};
  const records = state.timers.scheduled.map(({ id }) => {
    const record = timers.record(id) ?? new ScheduledTimer(timers, id, 0, 0, 0, 0, false, { callback: noop });
    handles.set(id, record);
    return record;
  });
  const handle = (id: number): ScheduledTimer => {
    let found = handles.get(id);
    if (found === undefined) handles.set(id, (found = new ScheduledTimer(timers, id, 0, 0, 0, 0, false, { callback: noop }, false)));
    return found;
  };
  state.timers.scheduled.forEach(({ originSeconds, dueSeconds, steps, periodSeconds, repeats }, i) => {
    Object.assign(records[i]!, { originSeconds, dueSeconds, steps, periodSeconds, repeats, active: true });
  });
  timers.replace(records, state.timers.lastId);
  const call = (resolve: (ref: WorldRef) => unknown): void => {
    state.timers.scheduled.forEach(({ target, method, args }, i) => {
      records[i]!.call = { target: resolve(target) as object, method, args: argsOf(args, resolve) };
    });
  };
  return { handle, call };
}

function argsOf(saved: SavedFields, resolve: (ref: WorldRef) => unknown): unknown[] {
  const args: unknown[] = [];
  writeFields(args, saved, new Set(), resolve);
  return args;
}

function runHook<A extends string>(object: Hooked, saved: ObjectSnapshot, what: string, host: WorldRestoreHost<A>): void {
  if (typeof object.restore !== 'function') return;
  try {
    object.restore(saved.data);
  } catch (error) {
    host.report(error, `restore of ${what}`);
  }
}

/**
 * The development warning: a field the snapshot did not hold, left as it
 * was (no `restore(data)`), or left undefined by `restore(data)`.
 */
function warnUncovered<A extends string>(object: Hooked, saved: ObjectSnapshot, what: string, host: WorldRestoreHost<A>): void {
  const hooked = typeof object.restore === 'function';
  for (const [key, held] of Object.entries(saved.unsaved)) {
    if (hooked && (object as Record<string, unknown>)[key] !== undefined) continue;
    const fix = hooked
      ? `and ${saved.class}'s restore(data) left it undefined`
      : `and ${saved.class} has no save()/restore(data) to keep it, so it holds what it held before the restore (undefined in an object re-created from its class); give ${saved.class} the pair, or keep plain data or world objects in the field`;
    host.warnOnce(`${saved.class}.${key}`, `restore: ${what}: field "${key}" is not in the snapshot (it held ${held} at the save) ${fix}`);
  }
}

function replace<T>(array: T[], items: readonly T[]): void {
  array.length = 0;
  array.push(...items);
}
