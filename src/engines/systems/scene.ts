import { OptionError } from '../../../operators/option-error.js';
import { checkOptionKeys } from '../../../operators/validate.js';
import type { BehaviorHooks } from './behavior.js';
import { Entity } from './entity.js';
import { EventScope, type EventQueue, type SystemsEvents } from './event-queue.js';
import { nameOf } from './system-name.js';
import type { SystemsEngineControls } from './systems-engine-controls.js';
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

  private readonly behaviorRecords = new Map<Entity, BehaviorRecord[]>();
  private readonly removals: Entity[] = [];
  private nextId = 0;

  /** @internal The engine builds scenes. */
  constructor(
    /** The scene's id, as the configuration names it. */
    readonly id: string,
    private readonly context: SceneContext,
  ) {}

  /** The first live entity named `id`. */
  find(id: string): Entity | undefined {
    return this.entities.find((entity) => entity.id === id && entity.alive);
  }

  /**
   * Adds an entity and builds its behaviors, in order. Called inside a
   * frame, the entity takes part from the next phase that reaches it.
   *
   * @throws {OptionError} for a bad entity description.
   */
  createEntity(config: EntityConfig = {}, where = 'createEntity'): Entity {
    checkEntityConfig(config, where);
    const { id = `entity-${this.nextId++}`, transform = {}, components = {}, behaviors = [], interpolate = true } = config;
    const { x = 0, y = 0, rotation = 0 } = transform;
    const entity = new Entity(id, x, y, rotation, components, interpolate);
    const records: BehaviorRecord[] = [];
    for (const Class of behaviors) {
      const events = new EventScope(this.context.queue, `behavior ${Class.name} of entity ${id}`);
      try {
        const behavior: BehaviorHooks = new Class({ entity, scene: this, time: this.context.time, events, engine: this.context.engine });
        entity.behaviors.push(behavior);
        records.push({ behavior, events });
      } catch (error) {
        events.dispose();
        this.context.report(`behavior ${Class.name} of entity ${id}`, 'constructor', error);
      }
    }
    this.behaviorRecords.set(entity, records);
    (this.entities as Entity[]).push(entity);
    return entity;
  }

  /**
   * Removes an entity: it stops at once (`alive` is false, its behaviors no
   * longer run), its behaviors' `onDestroy` runs, and it leaves `entities`
   * at the end of the frame (at once outside a frame).
   */
  removeEntity(entity: Entity): void {
    if (!entity.alive || !this.behaviorRecords.has(entity)) return;
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
    for (const entity of this.removals) this.behaviorRecords.delete(entity);
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
    this.behaviorRecords.clear();
    this.removals.length = 0;
  }

  private destroyBehaviors(entity: Entity): void {
    for (const { behavior, events } of this.behaviorRecords.get(entity) ?? []) {
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
