import { OptionError } from '../../../operators/option-error.js';
import { checkOptionKeys, positiveFinite } from '../../../operators/validate.js';

/** A rectangle in world units. */
export interface Bounds {
  /** The left edge, in world units. */
  readonly minX: number;
  /** The top edge (the smaller y), in world units. */
  readonly minY: number;
  /** The right edge, in world units; >= `minX`. */
  readonly maxX: number;
  /** The bottom edge (the larger y), in world units; >= `minY`. */
  readonly maxY: number;
}

const BOUNDS_KEYS: readonly string[] = ['minX', 'minY', 'maxX', 'maxY'] satisfies (keyof Bounds)[];

/**
 * What a camera can follow: something with a position that is in the world
 * while `alive` (an `Actor`; the world's camera follows its actors). Declared
 * here so the camera does not depend on the world that holds it.
 */
export interface CameraTarget {
  /** Whether it is in the world: a camera follows only a live target. */
  readonly alive: boolean;
  /** Its x, in world units. */
  readonly x: number;
  /** Its y, in world units. */
  readonly y: number;
}

/** Zoom unless set: one logical screen unit per world unit. */
export const DEFAULT_CAMERA_ZOOM = 1;

/**
 * Where the world is seen from: the world point at the centre of the view,
 * and a zoom (screen units per world unit). It can follow an actor and be
 * kept inside bounds. The engine updates it in step 10, after the world
 * settled and just before the picture is drawn.
 *
 * What it refuses, with an `OptionError`: a `zoom` that is not a finite
 * number > 0, `bounds` that are not `{ minX, minY, maxX, maxY }` of finite
 * numbers with min <= max (or undefined), and following anything but an
 * actor (a {@link CameraTarget}) or undefined. A followed actor whose position is not finite is
 * not followed that frame: the view stays where it was instead of turning
 * NaN.
 */
export class Camera<T extends CameraTarget = CameraTarget> {
  /** The world point at the centre of the view. */
  x = 0;
  /** The y of the world point at the centre of the view, in world units; starts at 0. */
  y = 0;
  /** The actor to centre on, if any. */
  target: T | undefined;

  private zoomFactor = DEFAULT_CAMERA_ZOOM;
  private limits: Bounds | undefined;

  /** Screen (logical) units per world unit; defaults to {@link DEFAULT_CAMERA_ZOOM}. A finite number > 0. */
  get zoom(): number {
    return this.zoomFactor;
  }

  /** Sets the zoom; throws an `OptionError` unless `value` is a finite number > 0. */
  set zoom(value: number) {
    this.zoomFactor = positiveFinite('camera', 'zoom', value);
  }

  /** Keep the view inside these world bounds, if set. */
  get bounds(): Bounds | undefined {
    return this.limits;
  }

  /** Sets the bounds (a copy is frozen), or clears them with undefined; throws an `OptionError` for malformed bounds or min > max. */
  set bounds(value: Bounds | undefined) {
    if (value === undefined) {
      this.limits = undefined;
      return;
    }
    if (value === null || typeof value !== 'object') throw new OptionError('camera', 'bounds', 'an object { minX, minY, maxX, maxY } or undefined', value);
    checkOptionKeys('camera.bounds', value, BOUNDS_KEYS);
    for (const key of BOUNDS_KEYS as (keyof Bounds)[]) {
      if (!Number.isFinite(value[key])) throw new OptionError('camera', `bounds.${key}`, 'a finite number', value[key]);
    }
    if (value.minX > value.maxX) throw new OptionError('camera', 'bounds.maxX', `a number >= minX (${value.minX})`, value.maxX);
    if (value.minY > value.maxY) throw new OptionError('camera', 'bounds.maxY', `a number >= minY (${value.minY})`, value.maxY);
    this.limits = Object.freeze({ minX: value.minX, minY: value.minY, maxX: value.maxX, maxY: value.maxY });
  }

  /** Centres on `actor` from now on (`undefined` stops following). */
  follow(actor: T | undefined): void {
    if (actor !== undefined && !isCameraTarget(actor)) throw new OptionError('camera.follow', 'actor', 'an Actor or undefined', actor);
    this.target = actor;
  }

  /**
   * Centres on the target (if alive and at a finite position), then clamps
   * to the bounds for a view of `viewWidth` × `viewHeight` logical units. A
   * view larger than the bounds is centred on them.
   */
  update(viewWidth: number, viewHeight: number): void {
    const target = this.target;
    if (target?.alive && Number.isFinite(target.x) && Number.isFinite(target.y)) {
      this.x = target.x;
      this.y = target.y;
    }
    const b = this.limits;
    if (b === undefined) return;
    const halfW = viewWidth / this.zoomFactor / 2;
    const halfH = viewHeight / this.zoomFactor / 2;
    this.x = b.maxX - b.minX <= 2 * halfW ? (b.minX + b.maxX) / 2 : Math.min(Math.max(this.x, b.minX + halfW), b.maxX - halfW);
    this.y = b.maxY - b.minY <= 2 * halfH ? (b.minY + b.maxY) / 2 : Math.min(Math.max(this.y, b.minY + halfH), b.maxY - halfH);
  }

  /** A world point to logical screen units, for a view of `viewWidth` × `viewHeight`. */
  worldToScreen(
    worldX: number,
    worldY: number,
    viewWidth: number,
    viewHeight: number,
  ): {
    /** The x, in logical screen units. */
    x: number;
    /** The y, in logical screen units. */
    y: number;
  } {
    return { x: (worldX - this.x) * this.zoomFactor + viewWidth / 2, y: (worldY - this.y) * this.zoomFactor + viewHeight / 2 };
  }

  /** A logical screen point to world units, for a view of `viewWidth` × `viewHeight`. */
  screenToWorld(
    screenX: number,
    screenY: number,
    viewWidth: number,
    viewHeight: number,
  ): {
    /** The x, in world units. */
    x: number;
    /** The y, in world units. */
    y: number;
  } {
    return { x: (screenX - viewWidth / 2) / this.zoomFactor + this.x, y: (screenY - viewHeight / 2) / this.zoomFactor + this.y };
  }
}

/** Whether `value` can be followed: an object with a boolean `alive` and numbers `x` and `y` (as every `Actor` has). */
function isCameraTarget(value: unknown): value is CameraTarget {
  if (value === null || typeof value !== 'object') return false;
  const { alive, x, y } = value as Partial<CameraTarget>;
  return typeof alive === 'boolean' && typeof x === 'number' && typeof y === 'number';
}
