/**
 * Checks of what users hand the Rapier adapters: factory options, body and
 * collider descriptions, step arguments. Each bad value throws an
 * {@link OptionError} naming where, the option, the rule and the value
 * (`createRapier3d: createBody.position must be 3 finite numbers, got an array of 2`),
 * before Rapier sees it: WASM would otherwise panic, or store a NaN that
 * spreads through the whole world.
 *
 * Internal to the Rapier backend.
 */
import { OptionError } from '../../../operators/option-error.js';
import { checkOptionKeys } from '../../../operators/validate.js';
import type { BodyDesc, ColliderDesc, PoseInput, ShapeDesc, Vec3 } from '../../engines/runtime/physics-adapter.js';

const BODY_KEYS = [
  'kind', 'position', 'rotation', 'scale', 'linearVelocity', 'angularVelocity', 'gravityScale',
  'linearDamping', 'angularDamping', 'lockRotations', 'ccd', 'canSleep',
] as const;
const COLLIDER_KEYS = ['shape', 'offset', 'density', 'friction', 'restitution', 'sensor'] as const;
const BODY_KINDS = ['dynamic', 'fixed', 'kinematic'];
const SHAPE_KEYS: Record<string, readonly string[]> = {
  box: ['type', 'halfExtents'],
  ball: ['type', 'radius'],
  capsule: ['type', 'halfHeight', 'radius'],
};

/** How far from 1 a rotation's length may be. */
const UNIT_TOLERANCE = 1e-4;

/** `value` must be an array of `length` finite numbers. */
export function checkNumbers(where: string, option: string, value: unknown, length: number): void {
  if (!Array.isArray(value) || value.length !== length || !value.every((n) => typeof n === 'number' && Number.isFinite(n))) {
    throw new OptionError(where, option, `${length} finite numbers`, value);
  }
}

function checkFinite(where: string, option: string, value: unknown, min = -Infinity): void {
  if (typeof value !== 'number' || !Number.isFinite(value) || value < min) {
    throw new OptionError(where, option, min === -Infinity ? 'a finite number' : `a finite number >= ${min}`, value);
  }
}

function checkPositive(where: string, option: string, value: unknown): void {
  if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0) {
    throw new OptionError(where, option, 'a finite number > 0', value);
  }
}

function checkBoolean(where: string, option: string, value: unknown): void {
  if (typeof value !== 'boolean') throw new OptionError(where, option, 'true or false', value);
}

/** A rotation must be a unit quaternion; in 2D, a turn about z only. */
export function checkRotation(where: string, option: string, value: unknown, dimensions: 2 | 3): void {
  checkNumbers(where, option, value, 4);
  const [x, y, z, w] = value as number[];
  // A square root of the squares, not Math.hypot: exact in every engine, so a check at the tolerance's edge decides alike in a replay.
  const length = Math.sqrt(x! * x! + y! * y! + z! * z! + w! * w!);
  if (Math.abs(length - 1) > UNIT_TOLERANCE) {
    throw new OptionError(where, option, 'a unit quaternion [x, y, z, w]', value, `${where}: ${option} must be a unit quaternion [x, y, z, w], got length ${length}`);
  }
  if (dimensions === 2 && (x !== 0 || y !== 0)) {
    throw new OptionError(where, option, 'a turn about the z axis in 2D ([0, 0, z, w])', value, `${where}: ${option} must be a turn about the z axis in 2D ([0, 0, z, w]), got [${String(value)}]`);
  }
}

/** Checks a body description. */
export function checkBodyDesc(where: string, desc: unknown, dimensions: 2 | 3): asserts desc is BodyDesc {
  if (desc === null || typeof desc !== 'object' || Array.isArray(desc)) throw new OptionError(where, 'createBody', 'a body description object', desc);
  checkOptionKeys(`${where} createBody`, desc, BODY_KEYS);
  const at = 'createBody.';
  const d = desc as Record<string, unknown>;
  if (d.kind !== undefined && !BODY_KINDS.includes(d.kind as string)) throw new OptionError(where, at + 'kind', `one of ${BODY_KINDS.join(', ')}`, d.kind);
  for (const key of ['position', 'scale', 'linearVelocity', 'angularVelocity'] as const) {
    if (d[key] !== undefined) checkNumbers(where, at + key, d[key], 3);
  }
  if (d.rotation !== undefined) checkRotation(where, at + 'rotation', d.rotation, dimensions);
  if (d.gravityScale !== undefined) checkFinite(where, at + 'gravityScale', d.gravityScale);
  if (d.linearDamping !== undefined) checkFinite(where, at + 'linearDamping', d.linearDamping, 0);
  if (d.angularDamping !== undefined) checkFinite(where, at + 'angularDamping', d.angularDamping, 0);
  for (const key of ['lockRotations', 'ccd', 'canSleep'] as const) {
    if (d[key] !== undefined) checkBoolean(where, at + key, d[key]);
  }
}

function checkShape(where: string, shape: unknown, dimensions: 2 | 3): asserts shape is ShapeDesc {
  const at = 'createCollider.';
  const type = (shape as { type?: unknown } | null)?.type;
  const keys = typeof type === 'string' ? SHAPE_KEYS[type] : undefined;
  if (keys === undefined) throw new OptionError(where, at + 'shape.type', `one of ${Object.keys(SHAPE_KEYS).join(', ')}`, type);
  checkOptionKeys(`${where} createCollider shape`, shape, keys);
  const s = shape as Record<string, unknown>;
  if (type === 'box') {
    checkNumbers(where, at + 'shape.halfExtents', s.halfExtents, 3);
    // A 2D box has no depth: its z half-extent is not read.
    for (let i = 0; i < dimensions; i++) checkPositive(where, at + `shape.halfExtents[${i}]`, (s.halfExtents as number[])[i]);
  } else {
    checkPositive(where, at + 'shape.radius', s.radius);
    if (type === 'capsule') checkPositive(where, at + 'shape.halfHeight', s.halfHeight);
  }
}

/** Checks a collider description. */
export function checkColliderDesc(where: string, desc: unknown, dimensions: 2 | 3): asserts desc is ColliderDesc {
  if (desc === null || typeof desc !== 'object' || Array.isArray(desc)) throw new OptionError(where, 'createCollider', 'a collider description object', desc);
  checkOptionKeys(`${where} createCollider`, desc, COLLIDER_KEYS);
  const at = 'createCollider.';
  const d = desc as Record<string, unknown>;
  checkShape(where, d.shape, dimensions);
  if (d.offset !== undefined) checkNumbers(where, at + 'offset', d.offset, 3);
  if (d.density !== undefined) checkFinite(where, at + 'density', d.density, 0);
  if (d.friction !== undefined) checkFinite(where, at + 'friction', d.friction, 0);
  if (d.restitution !== undefined) {
    checkFinite(where, at + 'restitution', d.restitution, 0);
    if ((d.restitution as number) > 1) throw new OptionError(where, at + 'restitution', 'a number in [0, 1]', d.restitution);
  }
  if (d.sensor !== undefined) checkBoolean(where, at + 'sensor', d.sensor);
}

/** Checks a teleport pose. */
export function checkPose(where: string, pose: unknown, dimensions: 2 | 3): asserts pose is PoseInput {
  if (pose === null || typeof pose !== 'object') throw new OptionError(where, 'teleport', 'a pose { position, rotation? }', pose);
  checkOptionKeys(`${where} teleport`, pose, ['position', 'rotation']);
  const at = 'teleport.';
  const p = pose as Record<string, unknown>;
  checkNumbers(where, at + 'position', p.position, 3);
  if (p.rotation !== undefined) checkRotation(where, at + 'rotation', p.rotation, dimensions);
}

/** Checks a gravity vector, m/s²; a 2D world has none along z. */
export function checkGravity(where: string, option: string, gravity: unknown, dimensions: 2 | 3): asserts gravity is Vec3 {
  checkNumbers(where, option, gravity, 3);
  if (dimensions === 2 && (gravity as Vec3)[2] !== 0) {
    throw new OptionError(where, option, 'a 2D gravity [x, y, 0]', gravity, `${where}: ${option} must be a 2D gravity [x, y, 0] (m/s²), got z = ${(gravity as Vec3)[2]}`);
  }
}
