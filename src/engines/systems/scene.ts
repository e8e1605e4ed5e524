import { OptionError } from '../../../operators/option-error.js';
import { checkOptionKeys } from '../../../operators/validate.js';
import type { BehaviorHooks } from './behavior.js';
import { Entity, type Pose } from './entity.js';
import { EventScope, type EventQueue, type SystemsEvents } from './event-queue.js';
import { nameOf } from './system-name.js';
import type { SystemsEngineControls } from './systems-engine-controls.js';
import type { SavedEntity, SavedPart, SavedScene } from './systems-snapshot.js';
import { handedOver } from './unsaved-fields.js';
import type { Time } from './time.js';

/** An entity as a configuration (or `scene.createEntity`) describes it. */
export interface EntityConfig {
  /** Its name; defaults to `entity-<n>`. In a configuration, unique within its scene. */
  id?: string;
  /** Its starting pose, an object: x, y, rotation (radians), each a finite number defaulting to 0. */
  transform?: {
    /** The starting x, in the game's units; defaults to 0. */
    x?: number;
    /** The starting y, in the game's units; defaults to 0. */
    y?: number;
    /** The starting rotation, in radians; defaults to 0. */
    rotation?: number;
  };
  /**
   * Named components, plain data. A configuration's components are copied
   * (`structuredClone`) each time the scene is built, so a rebuilt game starts
   * from the configuration, not from the last run's values.
   */
  components?: Record<string, unknown>;
  /** Its behaviors, built in this order with the entity. */
  behaviors?: readonly BehaviorClass[];
  /** Whether it is drawn interpolated between fixed steps, true or false; defaults to true. */
  interpolate?: boolean;
}

/** What a behavior's constructor is handed. */
export interface BehaviorOptions {
  /** The entity it scripts. */
  readonly entity: Entity;
  /** The entity's scene. */
  readonly scene: Scene;
  /** The engine's one shared {@link Time}, the same instance the systems read. */
  readonly time: Time;
  /** The engine's event queue; listeners added here go when the entity does. */
  readonly events: SystemsEvents;
  /** The engine: scene changes, play / pause / stop, events, random, stats. */
  readonly engine: SystemsEngineControls;
}

/** A behavior class: one instance per entity that lists it, built with the entity; its instances may have any of {@link BehaviorHooks}. */
export type BehaviorClass = new (options: BehaviorOptions) => object;

/** What a scene needs of its engine. @internal */
export interface SceneContext {
  readonly time: Time;
  readonly queue: EventQueue;
  readonly engine: SystemsEngineControls;
  report(system: string, hook: string, error: unknown): void;
  /** Whether a frame is running (a removal then waits for the frame's end). */
  inFrame(): boolean;
}

const ENTITY_KEYS = ['id', 'transform', 'components', 'behaviors', 'interpolate'] as const;
const TRANSFORM_KEYS = ['x', 'y', 'rotation'] as const;

/**
 * Checks an entity description, naming the field that is wrong
 * (`createEntity: transform.x must be a finite number, got NaN`).
 *
 * @param prefix Where the entity sits in a configuration (`scenes[0].entities[2].`), or nothing.
 * @throws {OptionError}
 * @internal
 */
export function checkEntityConfig(config: EntityConfig, where: string, prefix = ''): void {
  if (config === null || typeof config !== 'object' || Array.isArray(config)) {
    throw new OptionError(where, prefix === '' ? 'entity' : prefix.slice(0, -1), 'an object { id, transform, components, behaviors, interpolate }', config);
  }
  checkOptionKeys(prefix === '' ? where : `${where}: ${prefix.slice(0, -1)}`, config, ENTITY_KEYS);
  const { id, transform = {}, components = {}, behaviors = [], interpolate } = config;
  if (id !== undefined && (typeof id !== 'string' || id === '')) throw new OptionError(where, `${prefix}id`, 'a non-empty string', id);
  if (transform === null || typeof transform !== 'object' || Array.isArray(transform)) {
    throw new OptionError(where, `${prefix}transform`, 'an object { x, y, rotation }', transform);
  }
  checkOptionKeys(`${where}: ${prefix}transform`, transform, TRANSFORM_KEYS);
  const { x = 0, y = 0, rotation = 0 } = transform;
  for (const [name, value] of [['x', x], ['y', y], ['rotation', rotation]] as const) {
    if (typeof value !== 'number' || !Number.isFinite(value)) {
      throw new OptionError(where, `${prefix}transform.${name}`, 'a finite number', value);
    }
  }
  if (components === null || typeof components !== 'object') {
    throw new OptionError(where, `${prefix}components`, 'an object of named components', components);
  }
  if (!Array.isArray(behaviors) || behaviors.some((b) => typeof b !== 'function')) {
    throw new OptionError(where, `${prefix}behaviors`, 'an array of behavior classes', behaviors);
  }
  if (interpolate !== undefined && typeof interpolate !== 'boolean') {
    throw new OptionError(where, `${prefix}interpolate`, 'true or false', interpolate);
  }
}

interface BehaviorRecord {
  readonly behavior: BehaviorHooks;
  readonly events: EventScope;
}

/** What a scene keeps of each entity it made: its serial (see {@link SavedEntity.serial}) and its behaviors. */
interface EntityRecord {
  readonly serial: number;
  readonly behaviors: readonly BehaviorRecord[];
}

/** A scene's entities and counters, as a snapshot holds them. @internal */
export type SavedEntities = Pick<SavedScene, 'nextId' | 'nextSerial' | 'entities'>;

/** What a scene's restore asks of its engine: a behavior class by name, and a behavior's own state put back. @internal */
export interface EntityRestorer {
  behaviorClass(name: string): BehaviorClass;
  restorePart(instance: object, part: SavedPart, owner: string): void;
}

/**
 * One scene of a game: its entities, in creation order, and (once built)
 * its scene systems, in configuration order. The engine builds a scene's
 * systems and configured entities before that scene's `onSceneLoad`, and
 * throws it all away after its `onSceneDestroy`.
 */
export class Scene {
  /** The live entities, in creation order (read it; change it with createEntity and removeEntity). */
  readonly entities: readonly Entity[] = [];
  /** The scene's systems, in configuration order. */
  systems: readonly object[] = [];

  private readonly records = new Map<Entity, EntityRecord>();
  private readonly removals: Entity[] = [];
  private nextId = 0;
  private nextSerial = 0;

  /** @internal The engine builds scenes. */
  constructor(
    /** The scene's id, as the configuration names it. */
    readonly id: string,
    private readonly context: SceneContext,
  ) {}

  /** The first live entity named `id`. */
  find(id: string): Entity | undefined {
    // A loop, not `entities.find(callback)`: a closure a call, and games look entities up every frame (issue 29).
    const entities = this.entities;
    for (let i = 0; i < entities.length; i++) {
      const entity = entities[i]!;
      if (entity.id === id && entity.alive) return entity;
    }
    return undefined;
  }

  /**
   * Adds an entity and builds its behaviors, in order. Called inside a
   * frame, the entity takes part from the next phase that reaches it.
   *
   * @throws {OptionError} for a bad entity description.
   */
  createEntity(config: EntityConfig = {}, where = 'createEntity'): Entity {
    checkEntityConfig(config, where);
    return this.build(config, this.nextSerial++);
  }

  /** What createEntity does once the description is checked, with the serial given (a restore gives the saved one). */
  private build(config: EntityConfig, serial: number): Entity {
    const { id = `entity-${this.nextId++}`, transform = {}, components = {}, behaviors = [], interpolate = true } = config;
    const { x = 0, y = 0, rotation = 0 } = transform;
    const entity = new Entity(id, x, y, rotation, components, interpolate);
    const records: BehaviorRecord[] = [];
    for (const Class of behaviors) {
      const events = new EventScope(this.context.queue, `behavior ${Class.name} of entity ${id}`);
      try {
        const behavior: BehaviorHooks = new Class(handedOver({ entity, scene: this, time: this.context.time, events, engine: this.context.engine }));
        entity.behaviors.push(behavior);
        records.push({ behavior, events });
      } catch (error) {
        events.dispose();
        this.context.report(`behavior ${Class.name} of entity ${id}`, 'constructor', error);
      }
    }
    this.records.set(entity, { serial, behaviors: records });
    (this.entities as Entity[]).push(entity);
    return entity;
  }

  /**
   * Removes an entity: it stops at once (`alive` is false, its behaviors no
   * longer run), its behaviors' `onDestroy` runs, and it leaves `entities`
   * at the end of the frame (at once outside a frame).
   */
  removeEntity(entity: Entity): void {
    if (!entity.alive || !this.records.has(entity)) return;
    entity.alive = false;
    this.destroyBehaviors(entity);
    this.removals.push(entity);
    if (!this.context.inFrame()) this.flush();
  }

  /**
   * Runs every live entity's behaviors' `fixedUpdate`, entity by entity, each
   * caught on its own. (Two methods rather than one taking the hook's name:
   * `behavior.fixedUpdate` is a named load V8 keeps monomorphic, where
   * `behavior[hook]` is a keyed one; measured in bench/systems-engine.ts.)
   * @internal
   */
  runFixedUpdates(): void {
    const entities = this.entities;
    for (let i = 0; i < entities.length; i++) {
      const entity = entities[i]!;
      const behaviors = entity.behaviors;
      for (let j = 0; j < behaviors.length && entity.alive; j++) {
        const behavior = behaviors[j]!;
        if (behavior.fixedUpdate === undefined) continue;
        try {
          behavior.fixedUpdate();
        } catch (error) {
          this.context.report(`behavior ${nameOf(behavior)} of entity ${entity.id}`, 'fixedUpdate', error);
        }
      }
    }
  }

  /** Runs every live entity's behaviors' `update`, as {@link runFixedUpdates} does `fixedUpdate`. @internal */
  runUpdates(): void {
    const entities = this.entities;
    for (let i = 0; i < entities.length; i++) {
      const entity = entities[i]!;
      const behaviors = entity.behaviors;
      for (let j = 0; j < behaviors.length && entity.alive; j++) {
        const behavior = behaviors[j]!;
        if (behavior.update === undefined) continue;
        try {
          behavior.update();
        } catch (error) {
          this.context.report(`behavior ${nameOf(behavior)} of entity ${entity.id}`, 'update', error);
        }
      }
    }
  }

  /** Takes the removed entities out of `entities`, keeping the order of the rest. @internal */
  flush(): void {
    if (this.removals.length === 0) return;
    const list = this.entities as Entity[];
    let kept = 0;
    for (let i = 0; i < list.length; i++) if (list[i]!.alive) list[kept++] = list[i]!;
    list.length = kept;
    for (const entity of this.removals) this.records.delete(entity);
    this.removals.length = 0;
  }

  /** The scene is destroyed: every behavior's onDestroy runs and every entity goes. @internal */
  destroy(): void {
    for (const entity of this.entities) {
      if (!entity.alive) continue;
      entity.alive = false;
      this.destroyBehaviors(entity);
    }
    (this.entities as Entity[]).length = 0;
    this.records.clear();
    this.removals.length = 0;
  }

  /**
   * The scene's counters and live entities as a snapshot holds them, each
   * behavior through `savePart`. Components are the entities' own objects:
   * the engine copies the whole state once.
   * @internal
   */
  saveEntities(savePart: (behavior: BehaviorHooks, owner: string) => SavedPart): SavedEntities {
    const entities: SavedEntity[] = [];
    for (const entity of this.entities) {
      if (!entity.alive) continue;
      const { id, transform, previous, drawn, interpolate, components } = entity;
      const behaviors = entity.behaviors.map((behavior) => savePart(behavior, `behavior ${nameOf(behavior)} of entity ${id}`));
      entities.push({ serial: this.records.get(entity)!.serial, id, transform: poseOf(transform), previous: poseOf(previous), drawn: poseOf(drawn), interpolate, components, behaviors });
    }
    return { nextId: this.nextId, nextSerial: this.nextSerial, entities };
  }

  /**
   * Makes the entities those of a snapshot (checked, and copied: its parts
   * are kept), between frames:
   *
   * 1. An entity the scene still has (the same serial, id and behavior
   *    classes) is kept, object and behaviors, so references to it stay good.
   * 2. Every other entity is removed as `removeEntity` removes one (its
   *    behaviors' `onDestroy` runs).
   * 3. An entity the scene no longer has is built again, as `createEntity`
   *    builds one (its behaviors' constructors run); an entity a hook of
   *    these steps created is removed.
   * 4. The entities are put in the snapshot's order, and every saved value is
   *    written over them: poses, `interpolate`, components (each replaced by
   *    the snapshot's), the counters.
   * 5. Each behavior's own state is put back (`restorePart`), every entity
   *    being back.
   *
   * Written last, the values win over anything a hook of steps 2 and 3 did.
   * @internal
   */
  restoreEntities(saved: SavedEntities, restorer: EntityRestorer): void {
    const bySerial = new Map<number, Entity>();
    for (const [entity, { serial }] of this.records) bySerial.set(serial, entity);
    const kept = saved.entities.map((s) => {
      const entity = bySerial.get(s.serial);
      return entity !== undefined && entity.alive && sameEntity(entity, s) ? entity : undefined;
    });
    this.removeAllBut(new Set(kept));
    const list = saved.entities.map((s, i) => {
      const entity = kept[i];
      if (entity?.alive === true) return entity;
      return this.build({ id: s.id, behaviors: s.behaviors.map((part) => restorer.behaviorClass(part.name)), interpolate: s.interpolate }, s.serial);
    });
    this.removeAllBut(new Set(list)); // what the hooks of steps 2 and 3 created
    const entities = this.entities as Entity[];
    entities.length = 0;
    list.forEach((entity, i) => {
      const s = saved.entities[i]!;
      entities.push(entity);
      setPose(entity.transform, s.transform);
      setPose(entity.previous, s.previous);
      setPose(entity.drawn, s.drawn);
      entity.interpolate = s.interpolate;
      const components = entity.components;
      for (const key of Object.keys(components)) delete components[key];
      Object.assign(components, s.components);
    });
    this.nextId = saved.nextId;
    this.nextSerial = saved.nextSerial;
    list.forEach((entity, i) => {
      entity.behaviors.forEach((behavior, j) => {
        const part = saved.entities[i]!.behaviors[j];
        if (part !== undefined) restorer.restorePart(behavior, part, `behavior ${nameOf(behavior)} of entity ${entity.id}`);
      });
    });
  }

  private removeAllBut(keep: ReadonlySet<Entity | undefined>): void {
    for (const entity of [...this.entities]) if (!keep.has(entity)) this.removeEntity(entity);
  }

  private destroyBehaviors(entity: Entity): void {
    for (const { behavior, events } of this.records.get(entity)?.behaviors ?? []) {
      events.dispose();
      if (behavior.onDestroy === undefined) continue;
      try {
        behavior.onDestroy();
      } catch (error) {
        this.context.report(`behavior ${nameOf(behavior)} of entity ${entity.id}`, 'onDestroy', error);
      }
    }
  }
}

/** Whether a live entity is the one a snapshot saved (its serial matched): the same id and behavior classes. */
function sameEntity(entity: Entity, saved: SavedEntity): boolean {
  const { behaviors } = entity;
  return entity.id === saved.id && behaviors.length === saved.behaviors.length && behaviors.every((behavior, j) => behavior.constructor.name === saved.behaviors[j]!.name);
}

function poseOf({ x, y, rotation }: Pose): Pose {
  return { x, y, rotation };
}

function setPose(target: Pose, { x, y, rotation }: Pose): void {
  target.x = x;
  target.y = y;
  target.rotation = rotation;
}
