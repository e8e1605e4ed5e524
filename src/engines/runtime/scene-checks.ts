/**
 * The scene document's checks: every rule a document must keep, and the
 * problems a broken one has, each named by path, value and rule. A document
 * is checked whole, and every problem is reported, not just the first.
 *
 * @module
 */
import { OptionError, describe as describeValue } from '../../../operators/option-error.js';
import { checkOptionKeys, closestName, optionsObject } from '../../../operators/validate.js';
import { isPhysicsNumber, MAX_PHYSICS_MAGNITUDE } from './physics-adapter.js';
import { MAX_FIXED_DELTA_SECONDS, MAX_PHYSICS_SUBSTEPS, UNIT_QUATERNION_TOLERANCE, type ColliderDoc } from './scene-format.js';


/** One thing wrong with a scene document. */
export interface SceneProblem {
  /** Where, as a path into the document: `"simulation.fixed_delta"`, `"objects[2].body.colliders[0].radius"`; `""` is the document itself. */
  readonly path: string;
  /** The value found there (`undefined` when a required field is missing). */
  readonly value: unknown;
  /** What the value must be, e.g. `"a finite number of seconds > 0 and <= 1"`. */
  readonly rule: string;
}


/** What {@link sceneProblems} and {@link parseSceneDocument} accept besides the document. */
export interface SceneDocumentOptions {
  /** The names of the registered behaviors; when given, a behavior name not among them is a problem (with the closest one suggested). */
  readonly knownBehaviors?: readonly string[];
}


/**
 * The error {@link parseSceneDocument} throws: every problem of the
 * document, as data in `problems` and one per line in the message,
 * `path: rule, got <value>` (the document itself shows as `(document)`):
 *
 * ```text
 * scene document: 2 problems
 * simulation.fixed_delta: a finite number of seconds > 0 and <= 1, got 0
 * objects[0].postion: not a field of a scene object (did you mean 'position'?), got [0, 2, 0]
 * ```
 */
export class SceneDocumentError extends Error {
  /** Always `'SceneDocumentError'`. */
  override readonly name = 'SceneDocumentError';

  /** @param problems Every problem, in document order (at least one). */
  constructor(readonly problems: readonly SceneProblem[]) {
    super(
      [`scene document: ${problems.length} problem${problems.length === 1 ? '' : 's'}`, ...problems.map(problemLine)].join('\n'),
    );
  }
}

/** One problem as one line of a {@link SceneDocumentError}'s message. */
function problemLine(problem: SceneProblem): string {
  return `${problem.path === '' ? '(document)' : problem.path}: ${problem.rule}, got ${show(problem.value)}`;
}

/** Renders a value for a problem line: short arrays of plain values in full, long strings cut. */
function show(value: unknown): string {
  if (value === undefined) return 'nothing';
  if (typeof value === 'string') return JSON.stringify(value.length > 60 ? `${value.slice(0, 60)}…` : value);
  if (Array.isArray(value) && value.length <= 4 && value.every((v) => v === null || typeof v !== 'object')) {
    return `[${value.map(show).join(', ')}]`;
  }
  return describeValue(value);
}

/**
 * Every problem of a scene document, in document order; `[]` when it is
 * valid. `doc` is a parsed object or JSON text (a syntax error is one problem
 * at path `""`). Unknown keys anywhere are problems, with the closest known
 * name suggested; with `knownBehaviors`, so is a behavior name not among them.
 *
 * @param doc The document: an object, or its JSON text.
 * @param options `knownBehaviors`: the registered behavior names.
 * @return The problems, each with its path, value and rule.
 */
export function sceneProblems(doc: unknown, options?: SceneDocumentOptions): SceneProblem[] {
  const known = knownBehaviorsOf('sceneProblems', options);
  const parsed = typeof doc === 'string' ? parseJson(doc) : { data: doc };
  if ('problem' in parsed) return [parsed.problem];
  const problems: SceneProblem[] = [];
  checkDocument(parsed.data, { problems, knownBehaviors: known });
  return problems;
}

/**
 * Checks a pose a game writes into an object (`setTransform`, `teleport`,
 * `setPresentation`) by the rules a scene object's `position`, `rotation` and
 * `scale` keep, so that a value `spawn` refuses is refused there too and a
 * refused write changes nothing. Each part is optional and may be any
 * array-like of numbers (a Float64Array, as poses are read). Allocates
 * nothing for a valid pose: a game may write one every tick.
 *
 * @throws {OptionError} naming `where`, the part (`pose.position[0]`), the rule and the value.
 * @internal
 */
export function checkPoseUpdate(where: string, pose: unknown): void {
  const problem = poseUpdateProblem(pose);
  if (problem !== undefined) throw new OptionError(where, problem.path === '' ? 'pose' : `pose.${problem.path}`, problem.rule, problem.value);
}

const POSE_FIELDS: readonly string[] = ['position', 'rotation', 'scale'];

function poseUpdateProblem(pose: unknown): SceneProblem | undefined {
  if (pose === null || typeof pose !== 'object') return { path: '', value: pose, rule: 'a pose { position, rotation, scale }, each part optional' };
  const parts = pose as Record<string, unknown>;
  for (const key in parts) {
    // Three comparisons, not POSE_FIELDS.includes: this runs for every pose a game writes, every tick.
    if (key !== 'position' && key !== 'rotation' && key !== 'scale') {
      const closest = closestName(key, POSE_FIELDS);
      return { path: key, value: parts[key], rule: `not a part of a pose (${closest === undefined ? `its parts are ${POSE_FIELDS.join(', ')}` : `did you mean '${closest}'?`})` };
    }
  }
  const { position, rotation, scale } = parts;
  const problem =
    arrayLikeProblem(position, 'position', VECTORS.position) ??
    arrayLikeProblem(rotation, 'rotation', VECTORS.rotation) ??
    arrayLikeProblem(scale, 'scale', VECTORS.scale);
  if (problem !== undefined || rotation === undefined) return problem;
  const r = rotation as ArrayLike<number>;
  // Math.sqrt of the sum, not Math.hypot (which V8 does not inline): a game may write a rotation every tick.
  const length = Math.sqrt(r[0]! * r[0]! + r[1]! * r[1]! + r[2]! * r[2]! + r[3]! * r[3]!);
  if (!(Math.abs(length - 1) <= UNIT_QUATERNION_TOLERANCE)) return { path: 'rotation', value: rotation, rule: UNIT_QUATERNION_RULE };
  return undefined;
}

/** The first problem of an optional vector given as any array-like (an array, a Float64Array). */
function arrayLikeProblem(value: unknown, path: string, rule: VectorRule): SceneProblem | undefined {
  if (value === undefined) return undefined;
  const vector = value as Partial<ArrayLike<unknown>> | null;
  if (vector === null || typeof vector !== 'object' || vector.length !== rule.length) return { path, value, rule: rule.whole };
  for (let i = 0; i < rule.length; i++) {
    if (!elementOk(vector[i], rule)) return { path: `${path}[${i}]`, value: vector[i], rule: rule.element };
  }
  return undefined;
}

// ---------------------------------------------------------------------------
// The checks. Each walks one level of the document, pushes a problem for
// every rule broken there, and descends into what it knows. Keys are visited
// in the order they are written (so problems come out in document order);
// a missing required field is reported after the fields that are present.

/** What a check needs besides the value: where problems go, and the registered behaviors, if known. */
interface Context {
  readonly problems: SceneProblem[];
  readonly knownBehaviors: readonly string[] | undefined;
}

// Every number that reaches physics is held to what physics stores (a 32-bit float): the same
// predicate as the runtime's physics bridge, so a document these checks pass never fails there.
const WITHIN = `within ±${MAX_PHYSICS_MAGNITUDE}`;
const AT_MOST = `<= ${MAX_PHYSICS_MAGNITUDE}`;

const RULES = {
  document: 'a scene document: an object with "objects" (and optionally "name" and "simulation")',
  name: 'a non-empty string',
  simulation: 'an object of simulation settings',
  fixedDelta: `a finite number of seconds > 0 and <= ${MAX_FIXED_DELTA_SECONDS}`,
  maxCatchUpTicks: 'a whole number of ticks >= 1',
  physicsSubsteps: `a whole number from 1 to ${MAX_PHYSICS_SUBSTEPS}`,
  objects: 'an array of scene objects',
  object: 'a scene object: an object with a "name"',
  body: 'a body: an object with "colliders"',
  kind: "one of 'dynamic', 'fixed', 'kinematic'",
  gravityScale: `a finite number ${WITHIN}`,
  boolean: 'true or false',
  colliders: 'a non-empty array of colliders',
  collider: 'a collider: an object with a "shape"',
  colliderShape: "one of 'box', 'ball', 'capsule'",
  metresPositive: `a finite number of metres > 0 and ${AT_MOST}`,
  density: `a finite number of kg/m³ > 0 and ${AT_MOST}`,
  friction: `a finite number >= 0 and ${AT_MOST}`,
  restitution: 'a finite number from 0 to 1',
  behaviors: 'an array of behavior names',
  behavior: 'a behavior name: a non-empty string',
  tags: 'an array of tags',
  tag: 'a tag: a non-empty string',
  visual: 'a visual: an object with a "shape"',
  visualShape: "one of 'box', 'ball', 'capsule', 'plane'",
  color: "a colour '#rrggbb'",
} as const;

/**
 * A vector rule: how long, what the whole must be, and what each element
 * must be: a number from `min` to `max`, both included. Bounds rather than a
 * predicate: a game checks a pose every tick (setTransform), and a predicate
 * V8 does not inline boxes each element it is handed (83 B per pose).
 */
interface VectorRule {
  readonly length: number;
  readonly whole: string;
  readonly element: string;
  readonly min: number;
  readonly max: number;
}

const physicalPositive = (n: number): boolean => n > 0 && isPhysicsNumber(n);
/** The bounds of each kind of element: any finite number, one > 0 (Number.MIN_VALUE is the least), one physics can hold (isPhysicsNumber's). */
const ANY = { min: -Number.MAX_VALUE, max: Number.MAX_VALUE } as const;
const POSITIVE = { min: Number.MIN_VALUE, max: Number.MAX_VALUE } as const;
const PHYSICAL = { min: -MAX_PHYSICS_MAGNITUDE, max: MAX_PHYSICS_MAGNITUDE } as const;
const PHYSICAL_POSITIVE = { min: Number.MIN_VALUE, max: MAX_PHYSICS_MAGNITUDE } as const;

const VECTORS = {
  position: { length: 3, whole: `three finite numbers, x, y, z in metres, each ${WITHIN}`, element: `a finite number of metres ${WITHIN}`, ...PHYSICAL },
  offset: { length: 3, whole: `three finite numbers, x, y, z in metres, each ${WITHIN}`, element: `a finite number of metres ${WITHIN}`, ...PHYSICAL },
  gravity: { length: 3, whole: `three finite numbers, x, y, z in m/s², each ${WITHIN}`, element: `a finite number of m/s² ${WITHIN}`, ...PHYSICAL },
  velocity: { length: 3, whole: `three finite numbers, x, y, z in m/s, each ${WITHIN}`, element: `a finite number of m/s ${WITHIN}`, ...PHYSICAL },
  rotation: { length: 4, whole: 'a unit quaternion: four finite numbers x, y, z, w', element: 'a finite number', ...ANY },
  scale: { length: 3, whole: 'three finite numbers > 0', element: 'a finite number > 0', ...POSITIVE },
  halfExtents: {
    length: 3,
    whole: `three finite numbers of metres > 0 and ${AT_MOST}`,
    element: `a finite number of metres > 0 and ${AT_MOST}`,
    ...PHYSICAL_POSITIVE,
  },
  size: { length: 3, whole: 'three finite numbers of metres > 0', element: 'a finite number of metres > 0', ...POSITIVE },
} as const satisfies Record<string, VectorRule>;

/** The fields of each kind of object, for "unknown field" and "did you mean". */
const FIELDS = {
  document: ['name', 'simulation', 'objects'],
  simulation: ['fixed_delta', 'max_catch_up_ticks', 'physics_substeps', 'gravity'],
  object: ['name', 'position', 'rotation', 'scale', 'body', 'behaviors', 'visual', 'tags'],
  body: ['kind', 'linear_velocity', 'gravity_scale', 'lock_rotations', 'ccd', 'colliders'],
  collider: ['shape', 'half_extents', 'radius', 'half_height', 'offset', 'density', 'friction', 'restitution', 'sensor'],
  visual: ['shape', 'color', 'size'],
} as const satisfies Record<string, readonly string[]>;

/** What each collider shape needs, beyond the fields every collider may have. */
const SHAPE_FIELDS = {
  box: ['half_extents'],
  ball: ['radius'],
  capsule: ['radius', 'half_height'],
} as const satisfies Record<ColliderDoc['shape'], readonly string[]>;

const SHAPE_SPECIFIC: readonly string[] = ['half_extents', 'radius', 'half_height'];

/** @internal */
export function checkDocument(doc: unknown, context: Context): void {
  const { problems } = context;
  if (!isRecord(doc)) {
    problems.push({ path: '', value: doc, rule: RULES.document });
    return;
  }
  for (const key of Object.keys(doc)) {
    const value = doc[key];
    if (key === 'name') checkName(value, 'name', problems);
    else if (key === 'simulation') checkSimulation(value, 'simulation', problems);
    else if (key === 'objects') checkObjects(value, context);
    else unknownField(key, value, key, 'a scene document', FIELDS.document, problems);
  }
  if (!Object.hasOwn(doc, 'objects')) problems.push({ path: 'objects', value: undefined, rule: RULES.objects });
}

function checkSimulation(value: unknown, path: string, problems: SceneProblem[]): void {
  if (!isRecord(value)) {
    problems.push({ path, value, rule: RULES.simulation });
    return;
  }
  for (const key of Object.keys(value)) {
    const field = value[key];
    const at = `${path}.${key}`;
    if (key === 'fixed_delta') checkNumber(field, at, RULES.fixedDelta, (n) => n > 0 && n <= MAX_FIXED_DELTA_SECONDS, problems);
    else if (key === 'max_catch_up_ticks') checkNumber(field, at, RULES.maxCatchUpTicks, (n) => Number.isInteger(n) && n >= 1, problems);
    else if (key === 'physics_substeps') {
      checkNumber(field, at, RULES.physicsSubsteps, (n) => Number.isInteger(n) && n >= 1 && n <= MAX_PHYSICS_SUBSTEPS, problems);
    } else if (key === 'gravity') checkVector(field, at, VECTORS.gravity, problems);
    else unknownField(key, field, at, 'the simulation settings', FIELDS.simulation, problems);
  }
}

function checkObjects(value: unknown, context: Context): void {
  if (!Array.isArray(value)) {
    context.problems.push({ path: 'objects', value, rule: RULES.objects });
    return;
  }
  // Where each name first appears, so that a duplicate's problem names the first.
  const firstWithName = new Map<string, number>();
  value.forEach((object: unknown, i) => {
    const path = `objects[${i}]`;
    checkObject(object, path, context, (name) => {
      const first = firstWithName.get(name);
      if (first === undefined) {
        firstWithName.set(name, i);
        return undefined;
      }
      return `a name unique within the scene (objects[${first}] has it already)`;
    });
  });
}

/**
 * Checks one object at `path` (`''` for an object on its own, so its fields'
 * paths read `body.colliders[0]`). `duplicate`, given a valid name, returns
 * the rule it breaks when another object already has it.
 */
/** @internal */
export function checkObject(
  object: unknown,
  path: string,
  context: Context,
  duplicate: (name: string) => string | undefined = () => undefined,
): void {
  const { problems } = context;
  if (!isRecord(object)) {
    problems.push({ path, value: object, rule: RULES.object });
    return;
  }
  for (const key of Object.keys(object)) {
    const value = object[key];
    const at = join(path, key);
    if (key === 'name') {
      if (checkName(value, at, problems)) {
        const rule = duplicate(value as string);
        if (rule !== undefined) problems.push({ path: at, value, rule });
      }
    } else if (key === 'position') checkVector(value, at, VECTORS.position, problems);
    else if (key === 'rotation') checkRotation(value, at, problems);
    else if (key === 'scale') checkVector(value, at, VECTORS.scale, problems);
    else if (key === 'body') checkBody(value, at, problems);
    else if (key === 'behaviors') checkBehaviors(value, at, context);
    else if (key === 'visual') checkVisual(value, at, problems);
    else if (key === 'tags') checkStrings(value, at, RULES.tags, RULES.tag, problems);
    else unknownField(key, value, at, 'a scene object', FIELDS.object, problems);
  }
  if (!Object.hasOwn(object, 'name')) problems.push({ path: join(path, 'name'), value: undefined, rule: RULES.name });
}

function checkBody(body: unknown, path: string, problems: SceneProblem[]): void {
  if (!isRecord(body)) {
    problems.push({ path, value: body, rule: RULES.body });
    return;
  }
  for (const key of Object.keys(body)) {
    const value = body[key];
    const at = `${path}.${key}`;
    if (key === 'kind') checkChoice(value, at, ['dynamic', 'fixed', 'kinematic'], RULES.kind, problems);
    else if (key === 'linear_velocity') checkVector(value, at, VECTORS.velocity, problems);
    else if (key === 'gravity_scale') checkNumber(value, at, RULES.gravityScale, isPhysicsNumber, problems);
    else if (key === 'lock_rotations' || key === 'ccd') checkBoolean(value, at, problems);
    else if (key === 'colliders') {
      if (!Array.isArray(value) || value.length === 0) problems.push({ path: at, value, rule: RULES.colliders });
      else value.forEach((collider: unknown, i) => checkCollider(collider, `${at}[${i}]`, problems));
    } else unknownField(key, value, at, 'a body', FIELDS.body, problems);
  }
  if (!Object.hasOwn(body, 'colliders')) problems.push({ path: `${path}.colliders`, value: undefined, rule: RULES.colliders });
}

/** @internal */
export function checkCollider(collider: unknown, path: string, problems: SceneProblem[]): void {
  if (!isRecord(collider)) {
    problems.push({ path, value: collider, rule: RULES.collider });
    return;
  }
  // The shape decides which shape fields belong; with no valid shape, those
  // present are checked for their values only (one mistake, one problem).
  const shape = typeof collider.shape === 'string' && Object.hasOwn(SHAPE_FIELDS, collider.shape) ? (collider.shape as ColliderDoc['shape']) : undefined;
  const needs: readonly string[] | undefined = shape === undefined ? undefined : SHAPE_FIELDS[shape];
  for (const key of Object.keys(collider)) {
    const value = collider[key];
    const at = join(path, key);
    if (needs !== undefined && SHAPE_SPECIFIC.includes(key) && !needs.includes(key)) {
      problems.push({ path: at, value, rule: `not a field of a ${shape} collider (a ${shape} has ${needs.join(' and ')})` });
    } else if (key === 'shape') checkChoice(value, at, ['box', 'ball', 'capsule'], RULES.colliderShape, problems);
    else if (key === 'half_extents') checkVector(value, at, VECTORS.halfExtents, problems);
    else if (key === 'radius' || key === 'half_height') checkNumber(value, at, RULES.metresPositive, physicalPositive, problems);
    else if (key === 'offset') checkVector(value, at, VECTORS.offset, problems);
    else if (key === 'density') checkNumber(value, at, RULES.density, physicalPositive, problems);
    else if (key === 'friction') checkNumber(value, at, RULES.friction, (n) => n >= 0 && isPhysicsNumber(n), problems);
    else if (key === 'restitution') checkNumber(value, at, RULES.restitution, (n) => n >= 0 && n <= 1, problems);
    else if (key === 'sensor') checkBoolean(value, at, problems);
    else unknownField(key, value, at, 'a collider', FIELDS.collider, problems);
  }
  if (!Object.hasOwn(collider, 'shape')) problems.push({ path: join(path, 'shape'), value: undefined, rule: RULES.colliderShape });
  for (const key of needs ?? []) {
    if (!Object.hasOwn(collider, key)) {
      const what = key === 'half_extents' ? VECTORS.halfExtents.whole : RULES.metresPositive;
      problems.push({ path: join(path, key), value: undefined, rule: `${what} (a ${shape} collider needs it)` });
    }
  }
}

function checkBehaviors(value: unknown, path: string, context: Context): void {
  const { problems, knownBehaviors } = context;
  if (!checkStrings(value, path, RULES.behaviors, RULES.behavior, problems)) return;
  const names = value as readonly unknown[];
  names.forEach((name, i) => {
    if (typeof name !== 'string' || name === '') return; // reported above
    const at = `${path}[${i}]`;
    const first = names.indexOf(name);
    if (first < i) {
      problems.push({ path: at, value: name, rule: `a behavior listed once per object (${path}[${first}] is it already)` });
    } else if (knownBehaviors !== undefined && !knownBehaviors.includes(name)) {
      const closest = closestName(name, knownBehaviors);
      const hint = closest === undefined ? `the registered ones are ${knownBehaviors.join(', ') || 'none'}` : `did you mean '${closest}'?`;
      problems.push({ path: at, value: name, rule: `a registered behavior (${hint})` });
    }
  });
}

function checkVisual(visual: unknown, path: string, problems: SceneProblem[]): void {
  if (!isRecord(visual)) {
    problems.push({ path, value: visual, rule: RULES.visual });
    return;
  }
  for (const key of Object.keys(visual)) {
    const value = visual[key];
    const at = `${path}.${key}`;
    if (key === 'shape') checkChoice(value, at, ['box', 'ball', 'capsule', 'plane'], RULES.visualShape, problems);
    else if (key === 'color') {
      if (typeof value !== 'string' || !/^#[0-9a-fA-F]{6}$/.test(value)) problems.push({ path: at, value, rule: RULES.color });
    } else if (key === 'size') checkVector(value, at, VECTORS.size, problems);
    else unknownField(key, value, at, 'a visual', FIELDS.visual, problems);
  }
  if (!Object.hasOwn(visual, 'shape')) problems.push({ path: `${path}.shape`, value: undefined, rule: RULES.visualShape });
}

// --- the leaves -------------------------------------------------------------

/** A non-empty string; returns whether it was one. */
function checkName(value: unknown, path: string, problems: SceneProblem[]): boolean {
  if (typeof value === 'string' && value !== '') return true;
  problems.push({ path, value, rule: RULES.name });
  return false;
}

function checkNumber(value: unknown, path: string, rule: string, ok: (n: number) => boolean, problems: SceneProblem[]): void {
  if (typeof value !== 'number' || !Number.isFinite(value) || !ok(value)) problems.push({ path, value, rule });
}

function checkBoolean(value: unknown, path: string, problems: SceneProblem[]): void {
  if (typeof value !== 'boolean') problems.push({ path, value, rule: RULES.boolean });
}

/** One of `choices`, suggesting the closest for a misspelt one. */
function checkChoice(value: unknown, path: string, choices: readonly string[], rule: string, problems: SceneProblem[]): void {
  if (typeof value === 'string' && choices.includes(value)) return;
  const closest = typeof value === 'string' ? closestName(value, choices) : undefined;
  problems.push({ path, value, rule: closest === undefined ? rule : `${rule} (did you mean '${closest}'?)` });
}

/**
 * A vector: the wrong type or length is one problem at the vector's path;
 * otherwise each element that breaks the rule is a problem at its own path
 * (`scale[1]`). Returns whether it was valid.
 */
function checkVector(value: unknown, path: string, rule: VectorRule, problems: SceneProblem[]): boolean {
  if (!Array.isArray(value) || value.length !== rule.length) {
    problems.push({ path, value, rule: rule.whole });
    return false;
  }
  let valid = true;
  for (let i = 0; i < rule.length; i++) {
    const element: unknown = value[i];
    if (!elementOk(element, rule)) {
      problems.push({ path: `${path}[${i}]`, value: element, rule: rule.element });
      valid = false;
    }
  }
  return valid;
}

function elementOk(element: unknown, rule: VectorRule): boolean {
  // NaN fails both comparisons, and ±Infinity is beyond every bound.
  return typeof element === 'number' && element >= rule.min && element <= rule.max;
}

const UNIT_QUATERNION_RULE = 'a unit quaternion x, y, z, w (its length within 1e-6 of 1)';

/** Four finite numbers whose length is within {@link UNIT_QUATERNION_TOLERANCE} of 1. */
function checkRotation(value: unknown, path: string, problems: SceneProblem[]): void {
  if (!checkVector(value, path, VECTORS.rotation, problems)) return;
  const [x, y, z, w] = value as readonly [number, number, number, number];
  // A square root of the squares, not Math.hypot: exact in every engine, so a scene loads or fails alike everywhere.
  if (Math.abs(Math.sqrt(x * x + y * y + z * z + w * w) - 1) > UNIT_QUATERNION_TOLERANCE) {
    problems.push({ path, value, rule: UNIT_QUATERNION_RULE });
  }
}

/** An array of non-empty strings; returns whether `value` was an array (its elements are reported one by one). */
function checkStrings(value: unknown, path: string, whole: string, element: string, problems: SceneProblem[]): boolean {
  if (!Array.isArray(value)) {
    problems.push({ path, value, rule: whole });
    return false;
  }
  for (let i = 0; i < value.length; i++) {
    const item: unknown = value[i];
    if (typeof item !== 'string' || item === '') problems.push({ path: `${path}[${i}]`, value: item, rule: element });
  }
  return true;
}

/** A key no rule knows: a problem naming the closest known field, or listing them. */
function unknownField(key: string, value: unknown, path: string, what: string, known: readonly string[], problems: SceneProblem[]): void {
  const closest = closestName(key, known);
  const hint = closest === undefined ? `its fields are ${known.join(', ')}` : `did you mean '${closest}'?`;
  problems.push({ path, value, rule: `not a field of ${what} (${hint})` });
}

// --- plumbing -----------------------------------------------------------------

/** A plain object (not an array, null, or an instance of some class). */
/** @internal */
export function isRecord(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

/** `base.key`, or `key` alone when `base` is the root of the check. */
function join(base: string, key: string): string {
  return base === '' ? key : `${base}.${key}`;
}

/** JSON text parsed, or its syntax error as the one problem at path `""`. */
/** @internal */
export function parseJson(text: string): { readonly data: unknown } | { readonly problem: SceneProblem } {
  try {
    return { data: JSON.parse(text) as unknown };
  } catch (error) {
    return { problem: { path: '', value: text, rule: `JSON text (${(error as Error).message})` } };
  }
}

/** Checks the options and returns `knownBehaviors`. */
/** @internal */
export function knownBehaviorsOf(where: string, options: SceneDocumentOptions | undefined): readonly string[] | undefined {
  optionsObject(where, options, true);
  checkOptionKeys(where, options, ['knownBehaviors'] satisfies (keyof SceneDocumentOptions)[]);
  const known = options?.knownBehaviors;
  if (known !== undefined && (!Array.isArray(known) || !known.every((name) => typeof name === 'string'))) {
    throw new OptionError(where, 'knownBehaviors', 'an array of behavior names', known);
  }
  return known;
}
