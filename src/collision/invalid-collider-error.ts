import { describe } from '../../operators/option-error.js';
import type { Collider } from './shapes.js';

/** The largest collider id a pair key can hold (ids are packed two to a number). */
export const MAX_COLLIDER_ID = 2 ** 26;

/**
 * A collider the collision pass cannot test: its id, position or shape is not
 * what the pass can compute with (a NaN position from a division by zero, a
 * string from a level file, a negative radius, a shape of a kind it does not
 * know, a `response` misspelt `'Block'`). The pass reports it, leaves that collider out and tests everyone
 * else as before: one bad value must not switch collisions off for the rest
 * of the world (a NaN in a sorted sweep stops the sweep).
 *
 * It is reported once when the collider turns bad, and again only after it
 * was sound in between.
 */
export class InvalidColliderError<T extends Collider = Collider> extends Error {
  /** Always `'InvalidColliderError'`. */
  override readonly name = 'InvalidColliderError';

  constructor(
    /** The collider left out of the pass. */
    readonly collider: T,
    /** The field at fault. */
    readonly field: ColliderField,
    /** The value it had. */
    readonly value: unknown,
    /** What the field must be, e.g. `a finite number`. */
    readonly rule: string,
  ) {
    const named = (collider as { name?: unknown }).name;
    const who = `collider ${String(collider.id)}${typeof named === 'string' && named !== '' ? ` "${named}"` : ''}`;
    super(`collision: ${field} of ${who} must be ${rule}, got ${describe(value)}; the collider is left out of the pass until it is`);
  }
}

/** A finite number: `x - x` is 0 for every finite number and NaN for NaN and ±Infinity. */
function isFiniteNumber(value: unknown): value is number {
  return typeof value === 'number' && value - value === 0;
}

/** A size: a finite number >= 0. */
function isSize(value: unknown): value is number {
  return typeof value === 'number' && value >= 0 && value !== Infinity;
}

/** What each field a collider can be faulted for must be. */
const RULES: Readonly<Record<ColliderField, string>> = {
  id: `a whole number in [0, ${MAX_COLLIDER_ID})`,
  x: 'a finite number',
  y: 'a finite number',
  response: "'overlap' or 'block'",
  'shape.kind': "'circle' or 'box'",
  'shape.radius': 'a finite number >= 0',
  'shape.width': 'a finite number >= 0',
  'shape.height': 'a finite number >= 0',
};

/** A field of a collider the pass checks. */
export type ColliderField = 'id' | 'x' | 'y' | 'response' | 'shape.kind' | 'shape.radius' | 'shape.width' | 'shape.height';

/**
 * The first field of a collider (one with a shape) that the pass cannot
 * compute with, or undefined when it can test it. Runs for every collider
 * every frame and allocates nothing.
 *
 * @internal
 */
export function colliderFault(collider: Collider): ColliderField | undefined {
  const { id, x, y } = collider;
  const shape = collider.shape!;
  if (!(typeof id === 'number' && id >= 0 && id < MAX_COLLIDER_ID && Math.floor(id) === id)) return 'id';
  if (!isFiniteNumber(x)) return 'x';
  if (!isFiniteNumber(y)) return 'y';
  const response = collider.response;
  if (response !== 'overlap' && response !== 'block') return 'response';
  const kind = shape.kind;
  if (kind === 'circle') return isSize(shape.radius) ? undefined : 'shape.radius';
  if (kind !== 'box') return 'shape.kind';
  if (!isSize(shape.width)) return 'shape.width';
  return isSize(shape.height) ? undefined : 'shape.height';
}

/** The error for a collider `colliderFault` found `field` of at fault. @internal */
export function invalidCollider<T extends Collider>(collider: T, field: ColliderField): InvalidColliderError<T> {
  const value = field.startsWith('shape.') ? (collider.shape as unknown as Record<string, unknown>)[field.slice(6)] : collider[field as 'id' | 'x' | 'y' | 'response'];
  return new InvalidColliderError(collider, field, value, RULES[field]);
}
