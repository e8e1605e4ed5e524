import { OptionError } from '../../../operators/option-error.js';
import type { BehaviorFactory } from './behavior.js';
import type { PhysicsStructure } from './physics-adapter.js';
import type { PhysicsBridge } from './physics-bridge.js';
import type { RuntimeObjects } from './runtime-objects.js';
import { parseSceneDocument, SceneDocumentError, type ParsedScene, type SceneObjectDoc } from './scene-document.js';
import type { CommandQueue } from './structural-commands.js';

/**
 * Validates a scene document for a runtime: the document's own rules, its
 * behavior names against the registered factories, and a physics adapter
 * for any object with a body.
 *
 * @throws {SceneDocumentError} listing every problem of the document.
 * @throws {OptionError} naming `physics` when an object has a body and there is no adapter.
 * @internal
 */
export function parseRuntimeScene(
  scene: unknown,
  behaviors: { readonly [name: string]: BehaviorFactory },
  hasPhysics: boolean,
  where: string,
): ParsedScene {
  const parsed = parseSceneDocument(scene, { knownBehaviors: Object.keys(behaviors) });
  const objects = parsed.document.objects;
  const index = objects.findIndex((object) => object.body !== undefined);
  if (index >= 0) requirePhysics(where, hasPhysics, `objects[${index}] ("${objects[index]!.name}")`);
  return parsed;
}

/**
 * Validates one object for `spawn`, its problems named from `spawn` rather
 * than `objects[0]`, as the same object in a scene document would be: one
 * with a body needs a physics adapter.
 *
 * @throws {SceneDocumentError} listing every problem.
 * @throws {OptionError} naming `physics` when it has a body and there is no adapter.
 * @internal
 */
export function parseSpawn(object: SceneObjectDoc, behaviors: { readonly [name: string]: BehaviorFactory }, hasPhysics: boolean): SceneObjectDoc {
  let parsed: SceneObjectDoc;
  try {
    parsed = parseSceneDocument({ objects: [object] }, { knownBehaviors: Object.keys(behaviors) }).document.objects[0]!;
  } catch (error) {
    if (error instanceof SceneDocumentError) {
      throw new SceneDocumentError(error.problems.map((problem) => ({ ...problem, path: problem.path.replace(/^objects\[0\]/, 'spawn') })));
    }
    throw error;
  }
  if (parsed.body !== undefined) requirePhysics('spawn', hasPhysics, `"${parsed.name}"`);
  return parsed;
}

/** A body needs a physics world: without one, the object `who` (which has a body) is refused, naming `physics`. */
function requirePhysics(where: string, hasPhysics: boolean, who: string): void {
  if (!hasPhysics) throw new OptionError(where, 'physics', `a physics adapter given to createRuntime, because ${who} has a body`, undefined);
}

/**
 * Creates every object of a document, then runs every onStart: "All objects
 * in the initial scene are created before their initial callbacks run."
 * @internal
 */
export function loadObjects(objects: RuntimeObjects, bridge: PhysicsBridge | undefined, docs: readonly SceneObjectDoc[]): void {
  const create = (structure: PhysicsStructure | undefined): void => {
    for (const doc of docs) objects.create(objects.reserve(doc), structure);
  };
  if (bridge !== undefined) bridge.barrier(create);
  else create(undefined);
  objects.runStarts();
  objects.index();
}

/**
 * A fixed tick's barrier: applies the structural commands queued before
 * this tick, in FIFO order, then runs the onStart of what they created and
 * lists the frame callbacks again; a tick with none queued does nothing. "A
 * command queued while this barrier or a callback runs waits until the next
 * tick." A runtime torn down by one of them (`destroyed()`) applies no more.
 * @internal
 */
export function applyBarrier(objects: RuntimeObjects, bridge: PhysicsBridge | undefined, queue: CommandQueue, destroyed: () => boolean): void {
  // No command queued, nothing changes: the live list and the callback lists stay as the last change left them.
  // (Indexed again at every tick, they cost a walk over every object's behaviors per tick: issue 29's runtime
  // bench, 2,000 objects, up to 4 ticks a frame.)
  if (queue.length === 0) return;
  applyQueued(objects, bridge, queue, destroyed);
}

/**
 * {@link applyBarrier}'s work when something is queued. A function of its
 * own because its closures capture the arguments: V8 makes the scope that
 * holds them on entry, before any early return, so in one function every
 * tick made one, a command queued or not.
 */
function applyQueued(objects: RuntimeObjects, bridge: PhysicsBridge | undefined, queue: CommandQueue, destroyed: () => boolean): void {
  queue.applyBatch((batch) => {
    const apply = (structure: PhysicsStructure | undefined): void => {
      for (let i = 0; i < batch.length && !destroyed(); i++) objects.apply(batch[i]!, structure);
    };
    if (bridge !== undefined) bridge.barrier(apply);
    else apply(undefined);
  });
  objects.prune();
  objects.runStarts();
  objects.index();
}

/**
 * Clears the scene: "Clearing or replacing a scene runs destruction
 * callbacks": every live object's onDestroy, then its body; structural
 * commands still queued are dropped (those the onDestroys queue included),
 * and spawns that never reached a barrier are forgotten. @internal
 */
export function clearObjects(objects: RuntimeObjects, bridge: PhysicsBridge | undefined, queue: CommandQueue): void {
  const live = objects.live;
  const clearAll = (structure: PhysicsStructure | undefined): void => {
    for (let i = 0; i < live.length; i++) if (live[i]!.state === 'live') objects.remove(live[i]!, structure);
  };
  if (bridge !== undefined && live.length > 0) bridge.barrier(clearAll);
  else clearAll(undefined);
  // Drained after the onDestroys ran, so the commands they queued go too: the next document loads as written.
  for (const command of queue.drain()) if (command.kind === 'spawn') objects.discard(command.object);
  objects.clearStarts();
  objects.index();
}
