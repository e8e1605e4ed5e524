import { OptionError } from '../../../operators/option-error.js';
import { copyPlain, shareWhenCopied } from '../shell/engine-snapshot.js';
import type { Behavior, BehaviorFactory } from './behavior.js';
import type { EntityHandle } from './entity-handle.js';
import { slotsProblem, type HandleSlots } from './handle-table.js';
import type { PhysicsSnapshot } from './physics-adapter.js';
import type { PhysicsBridge } from './physics-bridge.js';
import type { Pose } from './pose.js';
import type { RuntimeInput, RuntimeInputState } from './runtime-input.js';
import { RuntimeObject } from './runtime-object.js';
import type { RuntimeObjects } from './runtime-objects.js';
import { SceneDocumentError, type ParsedScene, type SceneDocument, type SceneObjectDoc } from './scene-document.js';
import { parseRuntimeScene, parseSpawn } from './scene-loading.js';
import type { Command } from './structural-commands.js';

/** Numbers in a pose: position x, y, z (m), rotation x, y, z, w (a unit quaternion), scale x, y, z. */
const POSE_NUMBERS = 10;

/** An object's poses in `poses`, in this order. */
const POSES = ['current', 'previous', 'presented'] as const;

/** Numbers per live object in `poses`. */
const OBJECT_POSE_NUMBERS = 3 * POSE_NUMBERS;

/** A behavior in a snapshot: its registered name, and its own state. */
export interface BehaviorSnapshot {
  /** The name it is registered under (the `behaviors` option). */
  readonly name: string;
  /** What its `save()` returned, copied; undefined for a behavior without one. */
  readonly state: unknown;
}

/** A live object in a snapshot. */
export interface RuntimeObjectSnapshot {
  /** Its handle: it comes back under the same number. */
  readonly handle: EntityHandle;
  /** Its scene object: the index in `document.objects` of the one it was loaded from, or a spawn's own document. */
  readonly doc: number | SceneObjectDoc;
  /** Its physics body (the adapter's handle, in `physics`), 0 for none. */
  readonly body: number;
  /** Its behaviors, in order. */
  readonly behaviors: readonly BehaviorSnapshot[];
}

/** A structural command in a snapshot, queued for the next barrier. A spawn carries its object's handle and document. */
export interface RuntimeCommandSnapshot {
  /** Which command: a spawn, a destroy, or a behavior added to or removed from an object. */
  readonly kind: 'spawn' | 'destroy' | 'addComponent' | 'removeComponent';
  /** The object it is for (a spawn's: the handle it was given when queued). */
  readonly handle: EntityHandle;
  /** A spawn's object document. */
  readonly doc?: SceneObjectDoc;
  /** The behavior an `addComponent` or `removeComponent` names. */
  readonly behavior?: string;
}

/** What `input()` returned in the latest fixed tick and in the latest rendered frame. */
export interface RuntimeInputViews {
  /** The fixed tick's view. */
  readonly tick: RuntimeInputState;
  /** The rendered frame's view. */
  readonly frame: RuntimeInputState;
}

/**
 * The fixed-tick runtime's own state in a snapshot (`runtime.save().state`),
 * as plain data: everything a later frame depends on besides the loop, the
 * input device and the random source (which every snapshot holds).
 */
export interface RuntimeSnapshotState {
  /** The scene session (`runtime.session`). */
  readonly session: number;
  /** Fixed ticks run in the session (`stats().ticks`). */
  readonly ticks: number;
  /** The scene document in force, as written (`runtime.document`). */
  readonly document: SceneDocument;
  /** A scene replacement asked for (`replaceScene`) and not yet made: its document; null for none. */
  readonly replacement: SceneDocument | null;
  /** The object table's slots (each slot's generation, the free slots): the next spawn gets the handle it would have had. */
  readonly handles: HandleSlots;
  /** The live objects, in creation order. */
  readonly objects: readonly RuntimeObjectSnapshot[];
  /**
   * The live objects' poses, 30 numbers each, in the order of `objects`: its
   * current simulation pose, the one the current tick started from (the
   * blend's other end) and the one presented (drawn) last, each position x,
   * y, z (m), rotation x, y, z, w (a unit quaternion), scale x, y, z. One
   * typed array, so that saving and copying the poses of a thousand objects
   * is one copy.
   */
  readonly poses: Float64Array;
  /** The structural commands queued for the next barrier, in FIFO order. */
  readonly commands: readonly RuntimeCommandSnapshot[];
  /** What `input()` returned in the latest fixed tick and rendered frame (an onStart at the next barrier reads the tick's). */
  readonly input: RuntimeInputViews;
  /** The accumulator fraction the presented poses were blended with, in [0, 1] (what the renderer is handed). */
  readonly alpha: number;
  /** The physics world: the adapter's `takeSnapshot()` (Rapier's bytes and the adapter's tables); null without physics. */
  readonly physics: PhysicsSnapshot | null;
}

/** What a save reads of a runtime, and a restore checks against: the runtime hands it over; this file never names the runtime. @internal */
export interface SnapshotParts {
  readonly session: number;
  readonly ticks: number;
  readonly scene: ParsedScene;
  readonly replacement: ParsedScene | undefined;
  readonly objects: RuntimeObjects;
  readonly queue: readonly Command[];
  readonly input: RuntimeInput;
  readonly alpha: number;
  readonly bridge: PhysicsBridge | undefined;
  readonly factories: { readonly [name: string]: BehaviorFactory };
}

/** A snapshot's state, checked and made into the runtime's parts: what a restore puts in place. Nothing of the runtime has changed yet. @internal */
export interface RestoredRuntime {
  readonly session: number;
  readonly ticks: number;
  readonly scene: ParsedScene;
  readonly replacement: ParsedScene | undefined;
  readonly slots: HandleSlots;
  /**
   * The live objects: those the runtime holds now under the same handle and
   * document, untouched until {@link placeObjects}, and new ones for the
   * rest. Their behaviors are made by the restore (`behaviors[i]` for `live[i]`).
   */
  readonly live: RuntimeObject[];
  /** Their bodies (`bodies[i]` for `live[i]`), 0 for none. */
  readonly bodies: readonly number[];
  /** Their poses, as the snapshot's `poses`. */
  readonly poses: Float64Array;
  readonly behaviors: readonly (readonly BehaviorSnapshot[])[];
  /** The spawns still queued: pending objects under their handles. */
  readonly pending: RuntimeObject[];
  readonly commands: Command[];
  readonly input: { readonly tick: RuntimeInputState; readonly frame: RuntimeInputState };
  readonly alpha: number;
  readonly physics: PhysicsSnapshot | undefined;
}

/**
 * The runtime's state now, between frames, as fresh plain data (see
 * {@link RuntimeSnapshotState}). Each behavior's `save()` is called here.
 * @throws {Error} when a behavior's `save()` throws or returns what is not plain data, naming the behavior and its object.
 * @internal
 */
export function saveRuntimeState(parts: SnapshotParts): RuntimeSnapshotState {
  const { scene, replacement, objects, bridge } = parts;
  const sceneIndex = indexOf(scene.document);
  return {
    session: parts.session,
    ticks: parts.ticks,
    document: shareWhenCopied(scene.document),
    replacement: replacement === undefined ? null : shareWhenCopied(replacement.document),
    handles: objects.slots(),
    objects: objects.live.map((object) => ({
      handle: object.handle,
      doc: sceneIndex.get(object.doc) ?? shareWhenCopied(object.doc),
      body: object.body,
      behaviors: object.behaviors.map(({ name, behavior }) => ({ name, state: saveBehavior(object, name, behavior) })),
    })),
    poses: savePoses(objects.live),
    commands: parts.queue.map(saveCommand),
    input: parts.input.saveViews(),
    alpha: parts.alpha,
    physics: bridge === undefined ? null : bridge.takeSnapshot(),
  };
}

/**
 * Checks a snapshot's state whole against the runtime restoring it, and
 * makes it into the runtime's parts ({@link RestoredRuntime}), changing
 * nothing of the runtime. Documents are parsed as the runtime parses them,
 * unless one is the runtime's own as written (a rollback's usual case: its
 * frozen copy is taken again).
 *
 * @throws {OptionError} naming the field under `snapshot.state`, the rule and the value.
 * @internal
 */
export function readRuntimeState(state: unknown, parts: SnapshotParts): RestoredRuntime {
  const saved = record('', state, 'the runtime\'s state, as runtime.save() returns it') as Partial<Record<keyof RuntimeSnapshotState, unknown>>;
  const { objects, factories, bridge } = parts;
  const hasPhysics = bridge !== undefined;
  const session = wholeNumber('session', saved.session, 1);
  const ticks = wholeNumber('ticks', saved.ticks, 0);
  const known = [parts.scene, parts.replacement];
  const scene = sceneOf('document', saved.document, known, factories, hasPhysics);
  const replacement = saved.replacement === null ? undefined : sceneOf('replacement', saved.replacement, known, factories, hasPhysics);
  const spawnDoc = (field: string, value: unknown, handle: unknown): SceneObjectDoc => {
    const now = typeof handle === 'number' ? objects.get(handle)?.doc : undefined;
    return now !== undefined && (value === now || samePlain(value, now)) ? now : parsed(field, value, () => parseSpawn(value as SceneObjectDoc, factories, hasPhysics), 'spawn');
  };
  const behaviors: (readonly BehaviorSnapshot[])[] = [];
  const bodies: number[] = [];
  const live = list('objects', saved.objects).map((value, i) => {
    const field = `objects[${i}]`;
    const { handle, doc, body, behaviors: components } = record(field, value, 'a live object') as Partial<Record<keyof RuntimeObjectSnapshot, unknown>>;
    const docs = scene.document.objects;
    const index = typeof doc === 'number' ? doc : undefined;
    if (index !== undefined && !(Number.isInteger(index) && index >= 0 && index < docs.length)) refuse(`${field}.doc`, `an index into document.objects (below ${docs.length}) or a spawn's document`, doc);
    const objectDoc = index === undefined ? spawnDoc(`${field}.doc`, doc, handle) : docs[index]!;
    bodies.push(wholeNumber(`${field}.body`, body, 0));
    if ((objectDoc.body === undefined) !== (body === 0)) refuse(`${field}.body`, 'a body handle for an object whose document has a body, 0 for one without', body);
    behaviors.push(
      list(`${field}.behaviors`, components).map((component, j) => {
        const { name, state: own } = record(`${field}.behaviors[${j}]`, component, 'a behavior { name, state }') as Partial<BehaviorSnapshot>;
        if (typeof name !== 'string' || !Object.hasOwn(factories, name)) refuse(`${field}.behaviors[${j}].name`, registered(factories), name);
        return { name: name!, state: own };
      }),
    );
    // The object the runtime holds under this handle, if it was made from the same document: it is the
    // same object, and placeObjects writes all of it; else a new one. The handle is checked with the slots below.
    const now = typeof handle === 'number' ? objects.get(handle) : undefined;
    return now !== undefined && now.doc === objectDoc ? now : withHandle(new RuntimeObject(objectDoc), handle as number);
  });
  const poses = posesOf(saved.poses, live.length);
  const pending: RuntimeObject[] = [];
  const commands = list('commands', saved.commands).map((value, i): Command => {
    const field = `commands[${i}]`;
    const { kind, handle, doc, behavior } = record(field, value, 'a structural command') as Partial<{ kind: unknown; handle: unknown; doc: unknown; behavior: unknown }>;
    if (typeof handle !== 'number') refuse(`${field}.handle`, 'an entity handle (a number)', handle);
    switch (kind) {
      case 'spawn': {
        const object = withHandle(new RuntimeObject(spawnDoc(`${field}.doc`, doc, handle)), handle as number);
        pending.push(object);
        return { kind, object };
      }
      case 'destroy':
        return { kind, handle: handle as number };
      case 'addComponent':
      case 'removeComponent':
        if (typeof behavior !== 'string' || (kind === 'addComponent' && !Object.hasOwn(factories, behavior))) refuse(`${field}.behavior`, kind === 'addComponent' ? registered(factories) : 'a behavior name', behavior);
        return { kind, handle: handle as number, behavior: behavior as string };
      default:
        return refuse(`${field}.kind`, "'spawn', 'destroy', 'addComponent' or 'removeComponent'", kind);
    }
  });
  const handles = [...live, ...pending].map((object) => object.handle);
  const slotProblem = slotsProblem(saved.handles, handles);
  if (slotProblem !== undefined) refuse('handles', `the object table's slots, holding every live object and queued spawn (${slotProblem})`, saved.handles);
  const input = record('input', saved.input, 'the tick\'s and the frame\'s input { tick, frame }') as { tick?: unknown; frame?: unknown };
  const alpha = saved.alpha;
  if (typeof alpha !== 'number' || !(alpha >= 0 && alpha <= 1)) refuse('alpha', 'a number in [0, 1]', alpha);
  return {
    session,
    ticks,
    scene,
    replacement,
    slots: saved.handles as HandleSlots,
    live,
    bodies,
    poses,
    behaviors,
    pending,
    commands,
    input: { tick: inputState('input.tick', input.tick), frame: inputState('input.frame', input.frame) },
    alpha: alpha as number,
    physics: physicsOf(saved.physics, bodies, hasPhysics),
  };
}

/**
 * The parts of a snapshot's state a restore reads and never keeps, so need
 * not copy first: the poses (read into the objects) and the physics
 * snapshot (the adapter's contract: "nothing of the snapshot is kept"),
 * Rapier's bytes being most of a snapshot (210 KB at 200 bodies). What is
 * not the expected kind is left to the copy, and to {@link readRuntimeState} to refuse.
 * @internal
 */
export function readOnlyRuntimeParts(state: unknown): readonly object[] {
  if (state === null || typeof state !== 'object') return [];
  const { poses, physics } = state as Partial<Record<keyof RuntimeSnapshotState, unknown>>;
  const parts: object[] = [];
  if (poses instanceof Float64Array) parts.push(poses);
  if (physics !== null && typeof physics === 'object' && !Array.isArray(physics)) parts.push(physics);
  return parts;
}

/**
 * Puts the restored live objects' lives, bodies and poses in place, and
 * takes their behaviors off (the restore makes them again). Called once the
 * physics world is back: nothing can be refused after it.
 * @internal
 */
export function placeObjects({ live, bodies, poses }: RestoredRuntime): void {
  for (let i = 0; i < live.length; i++) {
    const object = live[i]!;
    object.state = 'live';
    object.body = bodies[i]!;
    if (object.behaviors.length > 0) object.behaviors.length = 0;
    const at = i * OBJECT_POSE_NUMBERS;
    readPose(poses, at, object.current);
    readPose(poses, at + POSE_NUMBERS, object.previous);
    readPose(poses, at + 2 * POSE_NUMBERS, object.presented);
  }
}

/** Each scene document's objects, by where they are in it: a save names an object loaded from the document by its index. */
const documentIndexes = new WeakMap<SceneDocument, ReadonlyMap<SceneObjectDoc, number>>();

function indexOf(document: SceneDocument): ReadonlyMap<SceneObjectDoc, number> {
  let index = documentIndexes.get(document);
  if (index === undefined) documentIndexes.set(document, (index = new Map(document.objects.map((doc, i) => [doc, i]))));
  return index;
}

function withHandle(object: RuntimeObject, handle: EntityHandle): RuntimeObject {
  object.handle = handle;
  return object;
}

/** The live objects' poses, in one array (see {@link RuntimeSnapshotState.poses}). */
function savePoses(live: readonly RuntimeObject[]): Float64Array {
  const poses = new Float64Array(live.length * OBJECT_POSE_NUMBERS);
  for (let i = 0; i < live.length; i++) {
    const object = live[i]!;
    const at = i * OBJECT_POSE_NUMBERS;
    writePose(poses, at, object.current);
    writePose(poses, at + POSE_NUMBERS, object.previous);
    writePose(poses, at + 2 * POSE_NUMBERS, object.presented);
  }
  return poses;
}

function writePose(out: Float64Array, at: number, { position: p, rotation: r, scale: s }: Pose): void {
  out[at] = p[0]!;
  out[at + 1] = p[1]!;
  out[at + 2] = p[2]!;
  out[at + 3] = r[0]!;
  out[at + 4] = r[1]!;
  out[at + 5] = r[2]!;
  out[at + 6] = r[3]!;
  out[at + 7] = s[0]!;
  out[at + 8] = s[1]!;
  out[at + 9] = s[2]!;
}

function readPose(saved: Float64Array, at: number, { position: p, rotation: r, scale: s }: Pose): void {
  p[0] = saved[at]!;
  p[1] = saved[at + 1]!;
  p[2] = saved[at + 2]!;
  r[0] = saved[at + 3]!;
  r[1] = saved[at + 4]!;
  r[2] = saved[at + 5]!;
  r[3] = saved[at + 6]!;
  s[0] = saved[at + 7]!;
  s[1] = saved[at + 8]!;
  s[2] = saved[at + 9]!;
}

/** The snapshot's `poses`: a Float64Array of finite numbers, 30 for each of the `count` live objects. */
function posesOf(value: unknown, count: number): Float64Array {
  const length = count * OBJECT_POSE_NUMBERS;
  if (!(value instanceof Float64Array) || value.length !== length) {
    refuse('poses', `a Float64Array of ${OBJECT_POSE_NUMBERS} numbers per live object (${length}): its ${POSES.join(', ')} poses, each position x, y, z, rotation x, y, z, w, scale x, y, z`, value);
  }
  for (let i = 0; i < length; i++) {
    if (Number.isFinite(value[i])) continue;
    const pose = POSES[Math.floor(i / POSE_NUMBERS) % POSES.length]!;
    refuse(`poses[${i}]`, `a finite number (objects[${Math.floor(i / OBJECT_POSE_NUMBERS)}].${pose}[${i % POSE_NUMBERS}])`, value[i]);
  }
  return value;
}

function saveBehavior(object: RuntimeObject, name: string, behavior: Behavior): unknown {
  if (typeof behavior.save !== 'function') return undefined;
  let state: unknown;
  try {
    state = behavior.save();
  } catch (error) {
    throw new Error(`save: behavior "${name}" of "${object.name}" (handle ${object.handle}) threw in save()`, { cause: error });
  }
  return copyPlain(state, 'save', `behavior "${name}" of "${object.name}": what its save() returned`);
}

function saveCommand(command: Command): RuntimeCommandSnapshot {
  return command.kind === 'spawn' ? { kind: 'spawn', handle: command.object.handle, doc: shareWhenCopied(command.object.doc) } : { ...command };
}

/** A scene document of the snapshot: one the runtime holds now if it is the same as written, else parsed as the runtime parses one. */
function sceneOf(field: string, value: unknown, known: readonly (ParsedScene | undefined)[], factories: SnapshotParts['factories'], hasPhysics: boolean): ParsedScene {
  return known.find((scene) => scene !== undefined && (value === scene.document || samePlain(value, scene.document))) ?? parsed(field, value, () => parseRuntimeScene(value, factories, hasPhysics, 'restore'), '');
}

/** Parses `value`, and names its first problem under `snapshot.state.<field>` (the problem's path with `prefix` taken off). */
function parsed<T>(field: string, value: unknown, parse: () => T, prefix: string): T {
  try {
    return parse();
  } catch (error) {
    if (error instanceof SceneDocumentError) {
      const problem = error.problems[0]!;
      const rest = problem.path.slice(prefix.length).replace(/^\./, '');
      return refuse(rest === '' ? field : rest.startsWith('[') ? `${field}${rest}` : `${field}.${rest}`, problem.rule, problem.value);
    }
    if (error instanceof OptionError) return refuse(field, `a scene document this runtime can load (${error.message})`, value);
    throw error;
  }
}

/** The physics part: present exactly when the runtime has physics, its bodies those of the live objects (`bodies`, 0 for none). */
function physicsOf(value: unknown, bodies: readonly number[], hasPhysics: boolean): PhysicsSnapshot | undefined {
  if (!hasPhysics) {
    if (value !== null) refuse('physics', 'null: this runtime has no physics adapter', value);
    return undefined;
  }
  const { bodies: saved } = record('physics', value, "a physics snapshot (the adapter's takeSnapshot())") as Partial<PhysicsSnapshot>;
  const owned = new Set(bodies.filter((body) => body !== 0));
  if (!Array.isArray(saved) || saved.length !== owned.size || !saved.every((body) => owned.has(body))) {
    refuse('physics.bodies', 'the bodies of the live objects (objects[i].body), each once', saved);
  }
  return value as PhysicsSnapshot;
}

function inputState(field: string, value: unknown): RuntimeInputState {
  const { horizontal, vertical, jump, interact } = record(field, value, 'an input { horizontal, vertical, jump, interact }') as Partial<Record<keyof RuntimeInputState, unknown>>;
  for (const [key, axis] of [['horizontal', horizontal], ['vertical', vertical]] as const) {
    if (axis !== -1 && axis !== 0 && axis !== 1) refuse(`${field}.${key}`, '-1, 0 or 1', axis);
  }
  for (const [key, edge] of [['jump', jump], ['interact', interact]] as const) {
    if (typeof edge !== 'boolean') refuse(`${field}.${key}`, 'a boolean', edge);
  }
  return { horizontal: horizontal as number, vertical: vertical as number, jump: jump as boolean, interact: interact as boolean };
}

function registered(factories: SnapshotParts['factories']): string {
  return `a registered behavior (${Object.keys(factories).join(', ') || 'none registered'})`;
}

function record(field: string, value: unknown, rule: string): object {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) refuse(field, rule, value);
  return value as object;
}

function list(field: string, value: unknown): readonly unknown[] {
  if (!Array.isArray(value)) refuse(field, 'an array', value);
  return value as unknown[];
}

function wholeNumber(field: string, value: unknown, least: number): number {
  if (!Number.isInteger(value) || (value as number) < least) refuse(field, `a whole number >= ${least}`, value);
  return value as number;
}

/** @throws {OptionError} `restore: snapshot.state.<field> must be <rule>, got <value>`. */
function refuse(field: string, rule: string, value: unknown): never {
  throw new OptionError('restore', field === '' ? 'snapshot.state' : `snapshot.state.${field}`, rule, value);
}

/** Whether two plain values are the same, leaf for leaf (numbers by `Object.is`). */
function samePlain(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object' || Array.isArray(a) !== Array.isArray(b)) return false;
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  return keys.every((key) => Object.hasOwn(b, key) && samePlain((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]));
}
