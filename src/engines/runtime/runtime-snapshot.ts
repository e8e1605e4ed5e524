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

/**
 * A pose in a snapshot, as 10 numbers: position x, y, z (m), rotation x, y,
 * z, w (a unit quaternion), scale x, y, z. Flat, so that saving and copying
 * a thousand objects' three poses makes three arrays each, not twelve.
 */
export type PoseSnapshot = readonly number[];

/** Numbers in a {@link PoseSnapshot}. */
const POSE_NUMBERS = 10;

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
  /** Its current simulation pose. */
  readonly current: PoseSnapshot;
  /** The simulation pose the current tick started from (the blend's other end). */
  readonly previous: PoseSnapshot;
  /** What was presented (drawn) last. */
  readonly presented: PoseSnapshot;
  /** Its behaviors, in order. */
  readonly behaviors: readonly BehaviorSnapshot[];
}

/** A structural command in a snapshot, queued for the next barrier. A spawn carries its object's handle and document. */
export type RuntimeCommandSnapshot =
  | { readonly kind: 'spawn'; readonly handle: EntityHandle; readonly doc: SceneObjectDoc }
  | { readonly kind: 'destroy'; readonly handle: EntityHandle }
  | { readonly kind: 'addComponent'; readonly handle: EntityHandle; readonly behavior: string }
  | { readonly kind: 'removeComponent'; readonly handle: EntityHandle; readonly behavior: string };

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
  /** The structural commands queued for the next barrier, in FIFO order. */
  readonly commands: readonly RuntimeCommandSnapshot[];
  /** What `input()` returned in the latest fixed tick and rendered frame (an onStart at the next barrier reads the tick's). */
  readonly input: { readonly tick: RuntimeInputState; readonly frame: RuntimeInputState };
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
  /** The live objects, poses and bodies in place; their behaviors are made by the restore (`behaviors[i]` for `live[i]`). */
  readonly live: RuntimeObject[];
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
  const sceneIndex = new Map(scene.document.objects.map((doc, i) => [doc, i]));
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
      current: savePose(object.current),
      previous: savePose(object.previous),
      presented: savePose(object.presented),
      behaviors: object.behaviors.map(({ name, behavior }) => ({ name, state: saveBehavior(object, name, behavior) })),
    })),
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
  const live = list('objects', saved.objects).map((value, i) => {
    const field = `objects[${i}]`;
    const { handle, doc, body, current, previous, presented, behaviors: components } = record(field, value, 'a live object') as Partial<Record<keyof RuntimeObjectSnapshot, unknown>>;
    const docs = scene.document.objects;
    const index = typeof doc === 'number' ? doc : undefined;
    if (index !== undefined && !(Number.isInteger(index) && index >= 0 && index < docs.length)) refuse(`${field}.doc`, `an index into document.objects (below ${docs.length}) or a spawn's document`, doc);
    const object = new RuntimeObject(index === undefined ? spawnDoc(`${field}.doc`, doc, handle) : docs[index]!);
    object.handle = handle as number; // checked with the table's slots below
    object.state = 'live';
    object.body = wholeNumber(`${field}.body`, body, 0);
    if ((object.doc.body === undefined) !== (object.body === 0)) refuse(`${field}.body`, 'a body handle for an object whose document has a body, 0 for one without', body);
    readPose(`${field}.current`, current, object.current);
    readPose(`${field}.previous`, previous, object.previous);
    readPose(`${field}.presented`, presented, object.presented);
    behaviors.push(
      list(`${field}.behaviors`, components).map((component, j) => {
        const { name, state: own } = record(`${field}.behaviors[${j}]`, component, 'a behavior { name, state }') as Partial<BehaviorSnapshot>;
        if (typeof name !== 'string' || !Object.hasOwn(factories, name)) refuse(`${field}.behaviors[${j}].name`, registered(factories), name);
        return { name: name!, state: own };
      }),
    );
    return object;
  });
  const pending: RuntimeObject[] = [];
  const commands = list('commands', saved.commands).map((value, i): Command => {
    const field = `commands[${i}]`;
    const { kind, handle, doc, behavior } = record(field, value, 'a structural command') as Partial<{ kind: unknown; handle: unknown; doc: unknown; behavior: unknown }>;
    if (typeof handle !== 'number') refuse(`${field}.handle`, 'an entity handle (a number)', handle);
    switch (kind) {
      case 'spawn': {
        const object = new RuntimeObject(spawnDoc(`${field}.doc`, doc, handle));
        object.handle = handle as number;
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
    behaviors,
    pending,
    commands,
    input: { tick: inputState('input.tick', input.tick), frame: inputState('input.frame', input.frame) },
    alpha: alpha as number,
    physics: physicsOf(saved.physics, live, hasPhysics),
  };
}

function savePose({ position: p, rotation: r, scale: s }: Pose): PoseSnapshot {
  return [p[0]!, p[1]!, p[2]!, r[0]!, r[1]!, r[2]!, r[3]!, s[0]!, s[1]!, s[2]!];
}

function readPose(field: string, value: unknown, { position, rotation, scale }: Pose): void {
  const saved = value as number[];
  if (!Array.isArray(saved) || saved.length !== POSE_NUMBERS) refuse(field, `a pose: ${POSE_NUMBERS} finite numbers (position x, y, z, rotation x, y, z, w, scale x, y, z)`, value);
  for (let i = 0; i < POSE_NUMBERS; i++) {
    if (typeof saved[i] !== 'number' || !Number.isFinite(saved[i])) refuse(`${field}[${i}]`, 'a finite number', saved[i]);
  }
  for (let i = 0; i < 3; i++) position[i] = saved[i]!;
  for (let i = 0; i < 4; i++) rotation[i] = saved[3 + i]!;
  for (let i = 0; i < 3; i++) scale[i] = saved[7 + i]!;
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

/** The physics part: present exactly when the runtime has physics, its bodies those of the live objects. */
function physicsOf(value: unknown, live: readonly RuntimeObject[], hasPhysics: boolean): PhysicsSnapshot | undefined {
  if (!hasPhysics) {
    if (value !== null) refuse('physics', 'null: this runtime has no physics adapter', value);
    return undefined;
  }
  const { bodies } = record('physics', value, "a physics snapshot (the adapter's takeSnapshot())") as Partial<PhysicsSnapshot>;
  const owned = new Set(live.filter((object) => object.physical).map((object) => object.body));
  if (!Array.isArray(bodies) || bodies.length !== owned.size || !bodies.every((body) => owned.has(body))) {
    refuse('physics.bodies', 'the bodies of the live objects (objects[i].body), each once', bodies);
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
