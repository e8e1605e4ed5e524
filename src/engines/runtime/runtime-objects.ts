import type { BehaviorFactory } from './behavior.js';
import { CallbackList, type Callback, type CallbackHost } from './callback-list.js';
import { HandleTable, type HandleSlots } from './handle-table.js';
import type { PhysicsStructure } from './physics-adapter.js';
import type { PhysicsBridge } from './physics-bridge.js';
import type { EntityHandle } from './entity-handle.js';
import { RuntimeObject } from './runtime-object.js';
import type { SceneObjectDoc } from './scene-document.js';
import type { Command } from './structural-commands.js';
import type { UnsavedFields } from './unsaved-fields.js';

/** What the objects need of their runtime besides calling callbacks: where a diagnostic goes. @internal */
export interface ObjectsHost extends CallbackHost {
  /** Reports a structural command aimed at a dead object (the game's `onDiagnostic`). */
  diagnose(message: string): void;
}

/**
 * A runtime's objects and their lives: the handle table, the live objects
 * in creation order, every object's behaviors, the onStart queue, and the
 * lists each frame callback walks. Every structural change happens here, at
 * a barrier (or a scene load or clear), and ends with {@link index}. @internal
 *
 * The seed's lifetime rules, where they are kept:
 * - "onStart runs once after an object and its components exist": creation
 *   queues it ({@link create}) and {@link runStarts} runs the queue after the
 *   batch, so every object of a batch exists before any onStart;
 * - "onDestroy runs while that object's handle and allowed component data
 *   are still valid": {@link remove} calls it before the body and the handle go;
 * - "After removal, valid(oldHandle) returns false": the handle table is
 *   generational.
 */
export class RuntimeObjects {
  /** The live objects, in creation order: every callback pass walks this. */
  live: RuntimeObject[] = [];
  readonly fixedUpdates = new CallbackList('fixedUpdate');
  readonly updates = new CallbackList('update');
  readonly lateUpdates = new CallbackList('lateUpdate');
  private readonly table = new HandleTable<RuntimeObject>();
  private readonly startObjects: RuntimeObject[] = [];
  /** Per queued start: the one component to start, or undefined for all of a new object's. */
  private readonly startComponents: (RuntimeObject['behaviors'][number]['behavior'] | undefined)[] = [];

  constructor(
    private readonly host: ObjectsHost,
    private readonly factories: { readonly [name: string]: BehaviorFactory },
    private readonly bridge: PhysicsBridge | undefined,
    /** The development build's watch on behaviors' fields; undefined in production. */
    private readonly unsavedFields?: UnsavedFields,
  ) {}

  /** A new object for `doc`, with its handle, not yet live (a spawn waits for the barrier). */
  reserve(doc: SceneObjectDoc): RuntimeObject {
    const object = new RuntimeObject(doc);
    object.handle = this.table.add(object);
    return object;
  }

  /** The object `handle` names, live or pending; undefined for a dead or unknown handle. */
  get(handle: EntityHandle): RuntimeObject | undefined {
    return this.table.get(handle);
  }

  /** Makes an object live: its body, then its behaviors; its onStart is queued. */
  create(object: RuntimeObject, structure: PhysicsStructure | undefined): void {
    object.state = 'live';
    if (structure !== undefined) this.bridge?.createBody(object, structure);
    object.resetHistory();
    this.live.push(object);
    for (const name of object.doc.behaviors ?? []) {
      const behavior = this.make(object, name);
      if (behavior !== undefined) object.behaviors.push({ name, behavior });
    }
    this.queueStart(object, undefined);
  }

  /**
   * Removes an object: onDestroy while its handle is valid, then its body,
   * then the handle. Its onDestroys run once: a runtime torn down from inside
   * one of them removes the object there and then, and the rest of them do
   * not run (nothing runs after `destroy()`).
   */
  remove(object: RuntimeObject, structure: PhysicsStructure | undefined): void {
    if (object.started) {
      object.started = false;
      const components = object.behaviors;
      for (let i = 0; i < components.length && object.state === 'live'; i++) this.call(object, components[i]!.name, components[i]!.behavior, 'onDestroy');
      if (object.state !== 'live') return; // removed meanwhile, by a teardown from inside one of them
    }
    if (structure !== undefined) this.bridge?.destroyBody(object, structure);
    object.state = 'dead';
    this.table.remove(object.handle);
  }

  /** Applies one structural command (at a barrier). A command aimed at a dead object is a no-op and a diagnostic. */
  apply(command: Command, structure: PhysicsStructure | undefined): void {
    switch (command.kind) {
      case 'spawn':
        if (command.object.state === 'pending') this.create(command.object, structure);
        return;
      case 'destroy': {
        const object = this.table.get(command.handle);
        if (object !== undefined && object.state === 'live') this.remove(object, structure); // else: idempotent
        return;
      }
      case 'addComponent': {
        const object = this.table.get(command.handle);
        if (object === undefined || object.state !== 'live') {
          this.host.diagnose(`addComponent: object ${command.handle} is not live (destroyed, or never spawned); "${command.behavior}" was not added`);
          return;
        }
        const behavior = this.make(object, command.behavior);
        if (behavior === undefined) return;
        object.behaviors.push({ name: command.behavior, behavior });
        if (object.started) this.queueStart(object, behavior);
        return;
      }
      case 'removeComponent': {
        const object = this.table.get(command.handle);
        if (object === undefined || object.state !== 'live') {
          this.host.diagnose(`removeComponent: object ${command.handle} is not live (destroyed, or never spawned); nothing removed`);
          return;
        }
        const index = object.behaviors.findIndex((component) => component.name === command.behavior);
        if (index < 0) {
          this.host.diagnose(`removeComponent: "${object.name}" has no behavior "${command.behavior}"`);
          return;
        }
        const [component] = object.behaviors.splice(index, 1);
        if (object.started) this.call(object, component!.name, component!.behavior, 'onDestroy');
        return;
      }
    }
  }

  /** The handle table's slots, as fresh plain data (a save). */
  slots(): HandleSlots {
    return this.table.slots();
  }

  /**
   * Puts the objects back (a restore): the handle table as `slots` has it,
   * holding `live` (in creation order, their behaviors made next with
   * {@link remake}) and `pending` (spawns queued and not yet at a barrier).
   * Checked by the restore before.
   */
  restore(slots: HandleSlots, live: RuntimeObject[], pending: readonly RuntimeObject[]): void {
    const objects = [...live, ...pending];
    this.table.restore(slots, objects.map((object) => object.handle), objects);
    this.live = live;
    this.clearStarts();
  }

  /**
   * Makes the restored objects' behaviors again (`components[i]` for
   * `live[i]`), in order: each from its factory, as the barrier that created
   * it did, then handed what its `save()` returned through its
   * `restore(data)`; then {@link index}. Their onStart does not run again: the
   * objects had started. Both run as the `restore` callback; one that throws
   * is reported as at a barrier, and the others are made.
   */
  remake(components: readonly (readonly { readonly name: string; readonly state: unknown }[])[]): void {
    this.live.forEach((object, i) => {
      object.started = true;
      for (const { name, state } of components[i]!) {
        const behavior = this.make(object, name, 'restore');
        if (behavior === undefined) continue;
        object.behaviors.push({ name, behavior });
        if (typeof behavior.restore === 'function') this.isolate(object, name, 'restore', () => behavior.restore!(state));
      }
    });
    this.index();
  }

  /** A spawn that never reached a barrier is forgotten: its handle never validates. */
  discard(object: RuntimeObject): void {
    if (object.state !== 'pending') return;
    object.state = 'dead';
    this.table.remove(object.handle);
  }

  /** Runs the onStart callbacks queued by the batch, in order; an object destroyed in the same batch never starts. */
  runStarts(): void {
    const objects = this.startObjects;
    const components = this.startComponents;
    for (let i = 0; i < objects.length; i++) {
      const object = objects[i]!;
      if (object.state !== 'live') continue;
      const only = components[i];
      object.started = true;
      const behaviors = object.behaviors;
      for (let j = 0; j < behaviors.length && object.state === 'live'; j++) {
        const { name, behavior } = behaviors[j]!;
        if (only === undefined || behavior === only) this.call(object, name, behavior, 'onStart');
      }
    }
    objects.length = 0;
    components.length = 0;
  }

  /** Forgets the onStart queue (a scene clear). */
  clearStarts(): void {
    this.startObjects.length = 0;
    this.startComponents.length = 0;
  }

  /**
   * After every structural change, once the onStarts ran: the live list
   * without the dead, the three frame callbacks' lists (a behavior's
   * `fixedUpdate`, `update` and `lateUpdate` are read here, once it has
   * started, not every frame: one it gives itself in onStart counts), and the
   * bodies whose poses each step reads back.
   */
  index(): void {
    this.prune();
    this.fixedUpdates.index(this.live);
    this.updates.index(this.live);
    this.lateUpdates.index(this.live);
    this.bridge?.index(this.live);
  }

  /** Drops the objects a batch removed from the live list (before onStart runs, so a lookup in it finds only the living). */
  prune(): void {
    if (this.live.some((object) => object.state !== 'live')) this.live = this.live.filter((object) => object.state === 'live');
  }

  /** A behavior from its factory, the factory called as `callback` (`create` at a barrier, `restore` at a restore). */
  private make(object: RuntimeObject, name: string, callback: 'create' | 'restore' = 'create'): RuntimeObject['behaviors'][number]['behavior'] | undefined {
    const factory = this.factories[name]!;
    const host = this.host;
    host.callback = callback;
    try {
      const behavior = factory(host.game, object.handle);
      if (behavior === null || typeof behavior !== 'object') throw new TypeError(`the factory returned ${String(behavior)}, not a behavior object`);
      this.unsavedFields?.made(behavior);
      return behavior;
    } catch (error) {
      host.reportCallback(object, name, callback, error);
      return undefined;
    } finally {
      host.callback = undefined;
    }
  }

  private queueStart(object: RuntimeObject, component: RuntimeObject['behaviors'][number]['behavior'] | undefined): void {
    this.startObjects.push(object);
    this.startComponents.push(component);
  }

  /** One onStart or onDestroy (delta 0); frame callbacks run from their lists. */
  private call(object: RuntimeObject, name: string, behavior: RuntimeObject['behaviors'][number]['behavior'], callback: 'onStart' | 'onDestroy'): void {
    this.isolate(object, name, callback, () => behavior[callback]?.(this.host.game, object.handle, 0));
  }

  /** Runs one of a behavior's callbacks as `callback`: what it throws is reported with the object and the behavior. */
  private isolate(object: RuntimeObject, name: string, callback: Callback, run: () => void): void {
    const host = this.host;
    const outer = host.callback;
    host.callback = callback;
    try {
      run();
    } catch (error) {
      host.reportCallback(object, name, callback, error);
    } finally {
      host.callback = outer;
    }
  }
}
