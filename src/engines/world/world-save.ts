import type { CollisionMemory } from '../../collision/collision-pass.js';
import { copyPlain } from '../shell/engine-snapshot.js';
import { saveFields } from './object-fields.js';
import { ScheduledTimer } from './timers.js';
import { Actor, Component, Controller, GameMode, type World } from './world.js';
import type { WorldClass, WorldClasses, WorldObjectKind } from './world-classes.js';
import type { ActorSnapshot, CollisionSnapshot, ObjectSnapshot, SavedFields, TimersSnapshot, TimerSnapshot, WorldRef, WorldSnapshot } from './world-snapshot.js';

/**
 * The fields of each kind of world object the engine keeps itself, and
 * saves its own way (an actor's id and place, a component's actor, a
 * controller's pawn): never among a snapshot's `fields`. The names of
 * private fields of world.ts: spec/engines/world/save-restore.spec.ts holds
 * them to a fresh object's.
 */
export const ENGINE_FIELDS: Readonly<Record<WorldObjectKind, ReadonlySet<string>>> = {
  actor: new Set(['id', 'world', 'attached', 'destroyed']),
  component: new Set(['actor']),
  controller: new Set(['possessed']),
  gameMode: new Set(),
};

const NO_FIELDS: ReadonlySet<string> = new Set();

/** What a world's snapshot needs from its engine besides the world. */
export interface WorldSaveParts<A extends string> {
  readonly classes: WorldClasses;
  readonly lastActorId: number;
  readonly requestedLevel: string | undefined;
  readonly collision: CollisionMemory<Actor<A>>;
}

/**
 * The open world as a snapshot's state (see {@link WorldSnapshot}): fresh
 * plain data that shares nothing with the world.
 *
 * @throws {Error} for what a snapshot cannot hold, saying what to do: a timer that calls a function, a class without a name (or two under one), an object with only one of `save()` and `restore(data)`, a `save()` that returns something that is not plain data.
 */
export function saveWorld<A extends string>(world: World<A>, engine: WorldSaveParts<A>): WorldSnapshot {
  const { elapsed, stepped, present, pendingDestroy, controllers } = world.parts;
  const seen = new Map<string, WorldClass>();
  const references = new References(world);
  const refOf = (value: unknown): WorldRef | undefined => references.refTo(value);
  const saveObject = (object: object, kind: WorldObjectKind, what: string): ObjectSnapshot => {
    const name = engine.classes.nameOf(object, what, seen);
    const fields = saveFields(object, ENGINE_FIELDS[kind], refOf);
    const data = hookData(object as Hooked, what, name);
    return data === NO_HOOK ? { class: name, ...fields } : { class: name, ...fields, data };
  };
  const saveActor = (actor: Actor<A>): ActorSnapshot => ({
    id: actor.id,
    ...saveObject(actor, 'actor', `actor ${actor.id}`),
    destroyed: !actor.alive,
    components: actor.components.map((component, i) => saveObject(component, 'component', `actor ${actor.id}'s component ${i}`)),
  });
  const actors = present.map(saveActor);
  const mode = world.gameMode;
  const { x, y, zoom, bounds, target } = world.camera;
  const state: Omit<WorldSnapshot, 'departed'> = {
    level: world.level,
    requestedLevel: engine.requestedLevel ?? null,
    time: elapsed.state,
    activeTime: stepped.state,
    lastActorId: engine.lastActorId,
    actors,
    pendingDestroy: pendingDestroy.map((actor) => actor.id),
    controllers: controllers.map((controller, i) => ({ ...saveObject(controller, 'controller', `controller ${i}`), pawn: controller.pawn?.id ?? null })),
    gameMode: mode === undefined ? null : saveObject(mode, 'gameMode', 'the game mode'),
    timers: saveTimers(world, refOf),
    camera: { x, y, zoom, bounds: bounds === undefined ? null : { ...bounds }, target: target?.world === world ? target.id : null },
    collision: saveCollision(world, engine.collision, refOf),
  };
  // The departed actors referred to, and those they refer to, until none is new.
  const departed: ActorSnapshot[] = [];
  for (let actor = references.nextDeparted(); actor !== undefined; actor = references.nextDeparted()) departed.push(saveActor(actor));
  return { ...state, departed: departed.sort((a, b) => a.id - b.id) };
}

/**
 * Where a value is in the world, if it is a world object (see
 * {@link WorldRef}); an actor that left the world (destroyed, or of a level
 * left since) is referred to by id and listed as departed, to be saved too.
 */
class References<A extends string> {
  private readonly departed = new Map<number, Actor<A>>();
  private readonly queue: Actor<A>[] = [];
  private worldIds: Set<number> | undefined;

  constructor(private readonly world: World<A>) {}

  refTo(value: unknown): WorldRef | undefined {
    const world = this.world;
    if (value === null || typeof value !== 'object') return undefined;
    if (value === world) return { ref: 'world' };
    if (value instanceof Actor) return this.actorRef(value);
    if (value instanceof Component) {
      const actor = value.actor as Actor<A> | undefined;
      const index = actor === undefined ? -1 : actor.components.indexOf(value);
      const owner = index >= 0 ? this.actorRef(actor!) : undefined;
      return owner === undefined ? undefined : { ref: 'component', actor: owner.id, index };
    }
    if (value instanceof Controller) {
      const index = world.controllers.indexOf(value);
      return index >= 0 ? { ref: 'controller', index } : undefined;
    }
    if (value instanceof GameMode) return value === world.gameMode ? { ref: 'gameMode' } : undefined;
    if (value instanceof ScheduledTimer) return value.owner === world.timers ? { ref: 'timer', id: value.id } : undefined;
    return undefined;
  }

  /** The next departed actor referred to and not saved yet. */
  nextDeparted(): Actor<A> | undefined {
    return this.queue.shift();
  }

  /** An actor in the world, or one that left it (spawned once, in no world now, its id no other's): by id. */
  private actorRef(actor: Actor<A>): { ref: 'actor'; id: number } | undefined {
    const { id } = actor;
    if (actor.world === this.world) return { ref: 'actor', id };
    this.worldIds ??= new Set(this.world.actors.map((a) => a.id));
    const known = this.departed.get(id);
    if (actor.world !== undefined || id === 0 || this.worldIds.has(id) || (known !== undefined && known !== actor)) return undefined;
    if (known === undefined) {
      this.departed.set(id, actor);
      this.queue.push(actor);
    }
    return { ref: 'actor', id };
  }
}

/** The collision pass's memory by id: its pairs (with departed actors, whose pairs end next frame), its order and left-out colliders in the world. */
function saveCollision<A extends string>(world: World<A>, memory: CollisionMemory<Actor<A>>, refOf: (value: unknown) => WorldRef | undefined): CollisionSnapshot {
  const inWorld = (actor: Actor<A>): boolean => actor.world === world;
  for (const pair of memory.pairs) for (const actor of pair) refOf(actor);
  return {
    pairs: memory.pairs.map(([a, b]) => [a.id, b.id] as const),
    order: memory.order.filter(inWorld).map((actor) => actor.id),
    faulty: memory.faulty.filter(inWorld).map((actor) => actor.id),
  };
}

/** An object that may have the hook. */
interface Hooked {
  save?: () => unknown;
  restore?: (data: unknown) => void;
}

const NO_HOOK: unique symbol = Symbol('no save() hook');

/** What `object.save()` returns, copied; {@link NO_HOOK} without the hook. @throws {Error} for one of the pair without the other, or a `save()` that returns what is not plain data. */
function hookData(object: Hooked, what: string, name: string): unknown {
  const saves = typeof object.save === 'function';
  if (saves !== (typeof object.restore === 'function')) {
    throw new Error(`save: ${what} (${name}) has ${saves ? 'save() but no restore(data)' : 'restore(data) but no save()'}; the hook is the pair: save() returns plain data, restore(data) puts it back`);
  }
  return saves ? copyPlain(object.save!(), 'save', `${what}'s save()`) : NO_HOOK;
}

/** The world's timers that will still fire. @throws {Error} for a timer a snapshot cannot hold (a function, an object not in the world, an argument that is neither data nor a world object). */
function saveTimers<A extends string>(world: World<A>, refOf: (value: unknown) => WorldRef | undefined): TimersSnapshot {
  const { timers, lastId } = world.timers.saved();
  const scheduled = timers.map((timer): TimerSnapshot => {
    const { id, originSeconds, dueSeconds, steps, periodSeconds, repeats, call } = timer;
    const fix = "schedule it with a method of a world object (an actor, component, controller or the game mode): world.timers.after(delaySeconds, object, 'method', ...args)";
    if ('callback' in call) {
      const name = call.callback.name === '' ? '' : ` (${call.callback.name})`;
      throw new Error(`save: timer ${id} calls a function${name}, which a snapshot cannot hold (a function is code, not data); ${fix}`);
    }
    const { target, method } = call;
    const type = target.constructor.name;
    const ref = refOf(target);
    if (ref === undefined || ref.ref === 'world' || ref.ref === 'timer') throw new Error(`save: timer ${id} calls ${method}() of a ${type} that is not in the world; ${fix}`);
    if (typeof (Object.getPrototypeOf(target) as Record<string, unknown>)[method] !== 'function') {
      throw new Error(`save: timer ${id} calls ${method} of ${type}, which is a function in a field, not a method of the class (a restore finds a method by its class); make it a method`);
    }
    const args: SavedFields = saveFields(call.args, NO_FIELDS, refOf);
    for (const [index, held] of Object.entries(args.unsaved)) {
      throw new Error(`save: timer ${id}'s argument ${index} is ${held}, which a snapshot cannot hold; pass plain data or world objects`);
    }
    return { id, originSeconds, dueSeconds, steps, periodSeconds, repeats, target: ref, method, args };
  });
  return { lastId, scheduled };
}
