/**
 * The Rapier adapter's snapshot, as plain data: its shape, how its collider
 * table is written and read, and the check of one handed back. Internal to
 * the Rapier backend.
 */
import { OptionError } from '../../../operators/option-error.js';
import { slotsProblem, type HandleSlots } from '../../engines/runtime/handle-table.js';
import type { BodyHandle, ColliderHandle, PhysicsSnapshot, Vec3 } from '../../engines/runtime/physics-adapter.js';
import { checkGravity } from './check-desc.js';

/** What a collision event reports of a collider: its handle, its body's, and whether it is a sensor. */
export interface ColliderName {
  /** Set right after the table gives it out. */
  handle: ColliderHandle;
  body: BodyHandle;
  sensor: boolean;
}

/**
 * What the Rapier adapter's `takeSnapshot()` returns, as plain data: Rapier's
 * bytes and the adapter's own tables at that moment (Rapier keeps its own
 * handles in the bytes; the adapter's handles, their generations and what
 * its poses and events report beside Rapier's state are here). The tables
 * are numbers, in typed arrays: a snapshot is copied at every restore.
 */
export interface RapierSnapshot extends PhysicsSnapshot {
  /** The body table's slots: the handles of the bodies made after a restore follow from them. */
  readonly bodySlots: HandleSlots;
  /** Per body of `bodies`, in order, {@link BODY_NUMBERS} numbers: Rapier's handle, the scale its poses report (x, y, z), its 2D depth. */
  readonly bodyEntries: Float64Array;
  /** The collider table's slots. */
  readonly colliderSlots: HandleSlots;
  /**
   * The live colliders, {@link COLLIDER_NUMBERS} numbers each: Rapier's
   * handle, the adapter's, its body's, 1 for a sensor else 0. In the order
   * of `bodies`, each body's in the order it keeps them.
   */
  readonly colliders: Float64Array;
  /** The colliders destroyed since the last step (its 'end' events name them), as `colliders`. */
  readonly retired: Float64Array;
  /** The world's gravity, m/s². */
  readonly gravity: Vec3;
}

/** Numbers per body in {@link RapierSnapshot.bodyEntries}. */
export const BODY_NUMBERS = 5;

/** Numbers per collider in {@link RapierSnapshot.colliders}. */
export const COLLIDER_NUMBERS = 4;

/** Writes collider `index` of a snapshot's table (see {@link RapierSnapshot.colliders}). */
export function saveCollider(table: Float64Array, index: number, rapier: number, { handle, body, sensor }: ColliderName): void {
  const at = index * COLLIDER_NUMBERS;
  table[at] = rapier;
  table[at + 1] = handle;
  table[at + 2] = body;
  table[at + 3] = sensor ? 1 : 0;
}

/** A snapshot's collider table, one record per collider. */
export function readColliders(table: Float64Array): (ColliderName & { readonly rapier: number })[] {
  const out: (ColliderName & { readonly rapier: number })[] = [];
  for (let at = 0; at + COLLIDER_NUMBERS <= table.length; at += COLLIDER_NUMBERS) {
    out.push({ rapier: table[at]!, handle: table[at + 1]!, body: table[at + 2]!, sensor: table[at + 3] === 1 });
  }
  return out;
}

/**
 * Checks a value handed to `restoreSnapshot` against what `takeSnapshot`
 * returns, whole, before anything changes.
 * @throws {OptionError} naming the field.
 */
export function checkRapierSnapshot(where: string, snapshot: unknown, dimensions: 2 | 3): RapierSnapshot {
  const option = 'restoreSnapshot snapshot';
  const rule = "a snapshot from this adapter's takeSnapshot()";
  if (snapshot === null || typeof snapshot !== 'object') throw new OptionError(where, option, rule, snapshot);
  const saved = snapshot as Partial<RapierSnapshot>;
  const { world, bodies, bodyEntries, colliders, retired } = saved;
  const refuse = (field: string, value: unknown, what = rule): never => {
    throw new OptionError(where, `${option}.${field}`, what, value);
  };
  if (!(world instanceof Uint8Array)) refuse('world', world, "Rapier's snapshot bytes, a Uint8Array");
  if (!Array.isArray(bodies) || !(bodyEntries instanceof Float64Array) || bodyEntries.length !== bodies.length * BODY_NUMBERS) {
    refuse('bodyEntries', bodyEntries, `a Float64Array of ${BODY_NUMBERS} numbers per body of snapshot.bodies (Rapier's handle, scale x, y, z, 2D depth)`);
  }
  for (let at = 0; at < bodyEntries!.length; at += BODY_NUMBERS) {
    for (let k = 1; k < BODY_NUMBERS; k++) {
      if (!Number.isFinite(bodyEntries![at + k])) refuse(`bodyEntries[${at + k}]`, bodyEntries![at + k], "a body's scale x, y, z or 2D depth: a finite number");
    }
  }
  const owners = new Set(bodies);
  const colliderHandles: number[] = [];
  for (const [field, list] of [['colliders', colliders], ['retired', retired]] as const) {
    if (!(list instanceof Float64Array) || list.length % COLLIDER_NUMBERS !== 0) refuse(field, list, `a Float64Array of ${COLLIDER_NUMBERS} numbers per collider (Rapier's handle, the adapter's, its body's, 1 for a sensor else 0)`);
    for (let at = 0; at < list!.length; at += COLLIDER_NUMBERS) {
      const handle = list![at + 1]!, body = list![at + 2]!, sensor = list![at + 3]!;
      // A retired collider's body may be gone: destroying a body retires its colliders.
      if (!Number.isInteger(handle) || !Number.isInteger(body) || (field === 'colliders' && !owners.has(body)) || (sensor !== 0 && sensor !== 1)) {
        refuse(`${field}[${at}]`, [...list!.subarray(at, at + COLLIDER_NUMBERS)], `a collider, ${COLLIDER_NUMBERS} numbers: Rapier's handle, the adapter's, its body's (one of snapshot.bodies), 1 for a sensor else 0`);
      }
      if (field === 'colliders') colliderHandles.push(handle);
    }
  }
  const bodyProblem = slotsProblem(saved.bodySlots, bodies!);
  if (bodyProblem !== undefined) refuse('bodySlots', saved.bodySlots, `the body table's slots (${bodyProblem})`);
  const colliderProblem = slotsProblem(saved.colliderSlots, colliderHandles);
  if (colliderProblem !== undefined) refuse('colliderSlots', saved.colliderSlots, `the collider table's slots (${colliderProblem})`);
  checkGravity(where, `${option}.gravity`, saved.gravity, dimensions);
  return saved as RapierSnapshot;
}
