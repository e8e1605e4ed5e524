/**
 * The scene document: the JSON a fixed-tick runtime scene is loaded from, its
 * types, and its validation.
 *
 * The seed: "The Player reads this optional object from the scene document.
 * The settings are used by ordinary Play and --validate ... fixed_delta is
 * seconds, gravity is metres per second squared, and substeps are solver
 * subdivisions inside one fixed tick. These do not create additional
 * gameplay callbacks. Invalid configuration is rejected before the Player
 * starts."
 *
 * A document is checked whole before anything starts, and every problem is
 * reported, not just the first: a scene written by hand usually has several,
 * and fixing them one run at a time is the slow way. Each problem names the
 * path of the offending value (`objects[2].body.colliders[0].radius`), the
 * value, and the rule it breaks. Unknown keys are problems too (a typo such as
 * `fixed_detla` would otherwise silently run the default), with the closest
 * known name suggested.
 *
 * ```text
 * JSON text or a parsed object
 *   │ sceneProblems          every problem, in document order ([] when valid)
 *   │ parseSceneDocument     throws SceneDocumentError listing them all, or returns
 *   ▼                        { document: a deep-frozen copy, simulation: defaults applied }
 * bodyDescOf(object), colliderDescOf(collider)   the physics adapter's BodyDesc and ColliderDesc
 * ```
 *
 * The returned document is a deep-frozen copy: structural commands at run
 * time never modify it, so replacing the scene "starts again from the
 * document as written", however the caller's own object changed meanwhile.
 *
 * @example
 * ```ts
 * const { document, simulation } = parseSceneDocument(`{
 *   "simulation": { "fixed_delta": 0.02 },
 *   "objects": [{ "name": "ball", "position": [0, 2, 0], "body": { "colliders": [{ "shape": "ball", "radius": 0.5 }] } }]
 * }`);
 * console.log(simulation.fixedDeltaSeconds, simulation.maxCatchUpTicks, document.objects.length); // 0.02 4 1
 *
 * try {
 *   parseSceneDocument({ simulation: { fixed_delta: 0 }, objects: [{ name: 'ball', postion: [0, 2, 0] }] });
 * } catch (error) {
 *   console.log((error as SceneDocumentError).problems.map((p) => p.path).join(' ')); // simulation.fixed_delta objects[0].postion
 * }
 * ```
 *
 * @module
 */
import type { BodyDesc, ColliderDesc, ShapeDesc, Vec3 } from './physics-adapter.js';
import { OptionError } from '../../../operators/option-error.js';
import { checkCollider, checkDocument, checkObject, isRecord, knownBehaviorsOf, parseJson, SceneDocumentError, type SceneDocumentOptions, type SceneProblem } from './scene-checks.js';
import { resolveSimulation, type ColliderDoc, type ResolvedSimulation, type SceneDocument, type SceneObjectDoc } from './scene-format.js';

export * from './scene-format.js';
export { SceneDocumentError, sceneProblems, type SceneDocumentOptions, type SceneProblem } from './scene-checks.js';


/** What {@link parseSceneDocument} returns. */
export interface ParsedScene {
  /** The document, validated: a deep-frozen copy of what was given. */
  readonly document: SceneDocument;
  /** Its `simulation` settings with the defaults applied. */
  readonly simulation: ResolvedSimulation;
}

/**
 * Validates a scene document and returns it typed, with its simulation
 * settings resolved (defaults applied). Throws a {@link SceneDocumentError}
 * listing every problem before anything starts.
 *
 * It never mutates or keeps `doc`: the document returned is a deep-frozen
 * copy, so the runtime can start a scene again "from the document as
 * written" whatever happens to the caller's object afterwards.
 *
 * @param doc The document: an object, or its JSON text (a syntax error is one problem at path `""`).
 * @param options `knownBehaviors`: the registered behavior names.
 * @return `document`, the frozen copy, and `simulation`, the resolved settings.
 */
export function parseSceneDocument(
  doc: unknown,
  options?: SceneDocumentOptions,
): ParsedScene {
  const known = knownBehaviorsOf('parseSceneDocument', options);
  const parsed = typeof doc === 'string' ? parseJson(doc) : { data: doc };
  if ('problem' in parsed) throw new SceneDocumentError([parsed.problem]);
  const problems: SceneProblem[] = [];
  checkDocument(parsed.data, { problems, knownBehaviors: known });
  if (problems.length > 0) throw new SceneDocumentError(problems);
  const document = frozenCopy(parsed.data) as SceneDocument;
  return Object.freeze({ document, simulation: resolveSimulation(document.simulation) });
}


/**
 * The physics adapter's {@link ColliderDesc} for a collider of a scene
 * document. Throws a {@link SceneDocumentError} (paths relative to the
 * collider) when `doc` breaks a rule, so a collider built by game code at
 * run time is held to the document's rules.
 *
 * @param doc The collider.
 */
export function colliderDescOf(doc: ColliderDoc): ColliderDesc {
  const problems: SceneProblem[] = [];
  checkCollider(doc, '', problems);
  if (problems.length > 0) throw new SceneDocumentError(problems);
  const shape: ShapeDesc =
    doc.shape === 'box'
      ? { type: 'box', halfExtents: doc.half_extents! }
      : doc.shape === 'ball'
        ? { type: 'ball', radius: doc.radius! }
        : { type: 'capsule', halfHeight: doc.half_height!, radius: doc.radius! };
  return {
    shape,
    ...(doc.offset !== undefined && { offset: doc.offset }),
    ...(doc.density !== undefined && { density: doc.density }),
    ...(doc.friction !== undefined && { friction: doc.friction }),
    ...(doc.restitution !== undefined && { restitution: doc.restitution }),
    ...(doc.sensor !== undefined && { sensor: doc.sensor }),
  };
}

/**
 * The physics adapter's {@link BodyDesc} for an object of a scene document:
 * its pose (position, rotation, scale) and its body's fields. Fields the
 * document leaves out are left out, so the adapter's defaults (the same as
 * the document's) apply. Throws an {@link OptionError} for an object with no
 * body, and a {@link SceneDocumentError} (paths relative to the object) when
 * `object` breaks a rule.
 *
 * @param object The object; it must have a `body`.
 */
export function bodyDescOf(object: SceneObjectDoc): BodyDesc {
  const problems: SceneProblem[] = [];
  checkObject(object, '', { problems, knownBehaviors: undefined });
  if (problems.length > 0) throw new SceneDocumentError(problems);
  const { body } = object;
  if (body === undefined) {
    throw new OptionError('bodyDescOf', 'object.body', 'a body (an object without one has no physics)', undefined);
  }
  return {
    ...(body.kind !== undefined && { kind: body.kind }),
    ...(object.position !== undefined && { position: object.position }),
    ...(object.rotation !== undefined && { rotation: object.rotation }),
    ...(object.scale !== undefined && { scale: object.scale }),
    ...(body.linear_velocity !== undefined && { linearVelocity: body.linear_velocity }),
    ...(body.gravity_scale !== undefined && { gravityScale: body.gravity_scale }),
    ...(body.lock_rotations !== undefined && { lockRotations: body.lock_rotations }),
    ...(body.ccd !== undefined && { ccd: body.ccd }),
  };
}

/**
 * An object's visual size, in metres (full extents along x, y, z): its
 * `visual.size` when given, else the size of its body's first collider (a
 * box `2 × half_extents`, a ball `2r` each way, a capsule `2r` wide and
 * `2 × (half_height + r)` tall), else `[1, 1, 1]`.
 *
 * @param object A valid scene object.
 */
export function visualSizeOf(object: SceneObjectDoc): Vec3 {
  if (object.visual?.size !== undefined) return object.visual.size;
  const collider = object.body?.colliders[0];
  if (collider?.shape === 'box' && collider.half_extents !== undefined) {
    const [x, y, z] = collider.half_extents;
    return [2 * x, 2 * y, 2 * z];
  }
  if (collider?.shape === 'ball' && collider.radius !== undefined) {
    const d = 2 * collider.radius;
    return [d, d, d];
  }
  if (collider?.shape === 'capsule' && collider.radius !== undefined && collider.half_height !== undefined) {
    const d = 2 * collider.radius;
    return [d, 2 * (collider.half_height + collider.radius), d];
  }
  return [1, 1, 1];
}

/** A deep copy of validated JSON-like data, every array and object frozen. */
function frozenCopy(value: unknown): unknown {
  if (Array.isArray(value)) return Object.freeze(value.map(frozenCopy));
  if (isRecord(value)) return Object.freeze(Object.fromEntries(Object.entries(value).map(([key, field]) => [key, frozenCopy(field)])));
  return value;
}
