import { OptionError } from '../../../operators/option-error.js';
import type { BehaviorFactory } from './behavior.js';
import type { PhysicsAdapter, PhysicsStructure } from './physics-adapter.js';
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
  physics: PhysicsAdapter | undefined,
  where: string,
): ParsedScene {
  const parsed = parseSceneDocument(scene, { knownBehaviors: Object.keys(behaviors) });
  if (physics === undefined) {
    const index = parsed.document.objects.findIndex((object) => object.body !== undefined);
    if (index >= 0) {
      throw new OptionError(where, 'physics', `a physics adapter, because objects[${index}] ("${parsed.document.objects[index]!.name}") has a body`, physics);
    }
  }
  return parsed;
}

/**
 * Validates one object for `spawn`, its problems named from `spawn` rather
 * than `objects[0]`.
 *
 * @throws {SceneDocumentError} listing every problem.
 * @internal
 */
export function parseSpawn(object: SceneObjectDoc, behaviors: { readonly [name: string]: BehaviorFactory }): SceneObjectDoc {
  try {
    return parseSceneDocument({ objects: [object] }, { knownBehaviors: Object.keys(behaviors) }).document.objects[0]!;
  } catch (error) {
    if (error instanceof SceneDocumentError) {
      throw new SceneDocumentError(error.problems.map((problem) => ({ ...problem, path: problem.path.replace(/^objects\[0\]/, 'spawn') })));
    }
    throw error;
  }
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
 * Clears the scene: "Clearing or replacing a scene runs destruction
 * callbacks": every live object's onDestroy, then its body; structural
 * commands still queued are dropped, and spawns that never reached a barrier
 * are forgotten. @internal
 */
export function clearObjects(objects: RuntimeObjects, bridge: PhysicsBridge | undefined, queue: CommandQueue): void {
  const batch = queue.drain();
  const live = objects.live;
  const clearAll = (structure: PhysicsStructure | undefined): void => {
    for (let i = 0; i < live.length; i++) if (live[i]!.state === 'live') objects.remove(live[i]!, structure);
  };
  if (bridge !== undefined && live.length > 0) bridge.barrier(clearAll);
  else clearAll(undefined);
  for (const command of batch) if (command.kind === 'spawn') objects.discard(command.object);
  objects.clearStarts();
  objects.index();
}
