/**
 * A pose in three dimensions and the blend the runtime presents: position
 * and scale linear, rotation along the shortest quaternion path.
 *
 * Each object owns three poses (previous and current completed simulation
 * poses, and the presented one) as small typed arrays written in place, so
 * preparing the presentation of N objects is a plain loop that allocates
 * nothing.
 *
 * @module
 */
import { portableAtan2, portableSin } from '../../math/portable-trig.js';

/** Metres, a unit quaternion (x, y, z, w) and a scale: one object's transform. */
export interface Pose {
  /** x, y, z in metres. */
  readonly position: Float64Array;
  /** A unit quaternion x, y, z, w. */
  readonly rotation: Float64Array;
  /** x, y, z scale factors. */
  readonly scale: Float64Array;
}

/** A pose to write: any part left out is kept. */
export interface PoseUpdate {
  /** x, y, z in metres. */
  readonly position?: ArrayLike<number>;
  /** A unit quaternion x, y, z, w. */
  readonly rotation?: ArrayLike<number>;
  /** x, y, z scale factors. */
  readonly scale?: ArrayLike<number>;
}

/** A pose at the origin, unturned, at scale 1. */
export function createPose(): Pose {
  const pose = { position: new Float64Array(3), rotation: new Float64Array(4), scale: new Float64Array(3) };
  pose.rotation[3] = 1;
  pose.scale.fill(1);
  return pose;
}

/** Copies `from` into `to`. */
export function copyPose(to: Pose, from: Pose): void {
  // Element by element: a TypedArray.set call is a slow path for three or four numbers, and the
  // runtime copies every object's pose every tick.
  const p = to.position, p0 = from.position, r = to.rotation, r0 = from.rotation, s = to.scale, s0 = from.scale;
  p[0] = p0[0]!;
  p[1] = p0[1]!;
  p[2] = p0[2]!;
  r[0] = r0[0]!;
  r[1] = r0[1]!;
  r[2] = r0[2]!;
  r[3] = r0[3]!;
  s[0] = s0[0]!;
  s[1] = s0[1]!;
  s[2] = s0[2]!;
}

/** Writes the parts `update` gives into `pose`. */
export function writePose(pose: Pose, update: PoseUpdate): void {
  // Element by element, as copyPose: a game writes a pose every tick, and TypedArray.set is a call V8 does not
  // inline (a tenth of the runtime bench's tick at 2,000 objects).
  const { position, rotation, scale } = update;
  if (position !== undefined) {
    const p = pose.position;
    p[0] = position[0]!;
    p[1] = position[1]!;
    p[2] = position[2]!;
  }
  if (rotation !== undefined) {
    const r = pose.rotation;
    r[0] = rotation[0]!;
    r[1] = rotation[1]!;
    r[2] = rotation[2]!;
    r[3] = rotation[3]!;
  }
  if (scale !== undefined) {
    const s = pose.scale;
    s[0] = scale[0]!;
    s[1] = scale[1]!;
    s[2] = scale[2]!;
  }
}

/** Below this angle between two rotations (cos > 0.9995) slerp is a plain normalised lerp: the two agree to 1e-7 and sin θ would lose precision. */
const NEARLY_PARALLEL_COS = 0.9995;

/**
 * `out = from + t·(to − from)`: position and scale linear, rotation a
 * spherical interpolation along the shorter of the two arcs (a quaternion and
 * its negation are the same rotation; the blend takes the one within 180°).
 *
 * ```text
 * from.rotation  0°  ----- t = 0.5 ---->  to.rotation 350°
 * blended        355° (the short way), never 175°
 * ```
 */
export function blendPose(out: Pose, from: Pose, to: Pose, t: number): void {
  const p = out.position, p0 = from.position, p1 = to.position;
  p[0] = p0[0]! + (p1[0]! - p0[0]!) * t;
  p[1] = p0[1]! + (p1[1]! - p0[1]!) * t;
  p[2] = p0[2]! + (p1[2]! - p0[2]!) * t;
  const s = out.scale, s0 = from.scale, s1 = to.scale;
  s[0] = s0[0]! + (s1[0]! - s0[0]!) * t;
  s[1] = s0[1]! + (s1[1]! - s0[1]!) * t;
  s[2] = s0[2]! + (s1[2]! - s0[2]!) * t;
  slerpShortest(out.rotation, from.rotation, to.rotation, t);
}

/** Spherical interpolation of two unit quaternions along the shortest path, written into `out`. */
export function slerpShortest(out: Float64Array, a: Float64Array, b: Float64Array, t: number): void {
  const ax = a[0]!, ay = a[1]!, az = a[2]!, aw = a[3]!;
  let bx = b[0]!, by = b[1]!, bz = b[2]!, bw = b[3]!;
  let cos = ax * bx + ay * by + az * bz + aw * bw;
  if (cos < 0) {
    // The same rotation the other way round: take the short arc.
    cos = -cos;
    bx = -bx;
    by = -by;
    bz = -bz;
    bw = -bw;
  }
  let wa: number;
  let wb: number;
  if (cos > NEARLY_PARALLEL_COS) {
    wa = 1 - t;
    wb = t;
  } else {
    // Portable trigonometry, and sin θ as the square root it is: the presented pose is runtime state a
    // replay on another engine compares bit for bit, and Math.acos and Math.sin differ between engines.
    const sin = Math.sqrt(1 - cos * cos);
    const theta = portableAtan2(sin, cos);
    wa = portableSin((1 - t) * theta) / sin;
    wb = portableSin(t * theta) / sin;
  }
  let x = ax * wa + bx * wb, y = ay * wa + by * wb, z = az * wa + bz * wb, w = aw * wa + bw * wb;
  // Math.sqrt of the sum, not Math.hypot: V8 does not inline hypot, and at thousands of objects a frame
  // it was most of the blend's cost (a unit quaternion's components cannot overflow the sum).
  const length = Math.sqrt(x * x + y * y + z * z + w * w);
  if (length > 0) {
    x /= length;
    y /= length;
    z /= length;
    w /= length;
  }
  out[0] = x;
  out[1] = y;
  out[2] = z;
  out[3] = w;
}
