import type { Shape } from './shapes.js';

/** The result of a narrowphase test, written into a reused object. */
export interface Contact {
  /** Unit normal from the first shape towards the second. */
  normalX: number;
  /** The y component of the unit normal from the first shape towards the second. */
  normalY: number;
  /** Overlap along the normal; > 0 when touching. */
  depth: number;
}

/**
 * Tests two shapes at two positions. Touching edges (depth exactly 0) do not
 * count: `true` means the shapes overlap by some positive amount. Normal and
 * depth are always finite (a depth beyond `Number.MAX_VALUE` is reported as
 * `Number.MAX_VALUE`).
 *
 * @param contact Receives the normal (from a to b) and depth when they overlap.
 */
export function overlaps(
  ax: number,
  ay: number,
  a: Shape,
  bx: number,
  by: number,
  b: Shape,
  contact: Contact,
): boolean {
  if (a.kind === 'circle' && b.kind === 'circle') return circleCircle(ax, ay, a.radius, bx, by, b.radius, contact);
  if (a.kind === 'box' && b.kind === 'box') return boxBox(ax, ay, a.width / 2, a.height / 2, bx, by, b.width / 2, b.height / 2, contact);
  if (a.kind === 'circle' && b.kind === 'box') return circleBox(ax, ay, a.radius, bx, by, b.width / 2, b.height / 2, contact, 1);
  // box against circle: test circle against box, then turn the normal round
  const circleShape = b as Extract<Shape, { kind: 'circle' }>;
  const boxShape = a as Extract<Shape, { kind: 'box' }>;
  return circleBox(bx, by, circleShape.radius, ax, ay, boxShape.width / 2, boxShape.height / 2, contact, -1);
}

/**
 * A depth as a finite number: two sizes near `Number.MAX_VALUE` overlap by
 * more than a double holds, and what the pass hands out stays finite.
 */
function finiteDepth(depth: number): number {
  return depth < Number.MAX_VALUE ? depth : Number.MAX_VALUE;
}

function circleCircle(ax: number, ay: number, ar: number, bx: number, by: number, br: number, contact: Contact): boolean {
  const dx = bx - ax;
  const dy = by - ay;
  const reach = ar + br;
  const distanceSquared = dx * dx + dy * dy;
  if (distanceSquared >= reach * reach) return false;
  const distance = Math.sqrt(distanceSquared);
  if (distance > 0) {
    contact.normalX = dx / distance;
    contact.normalY = dy / distance;
  } else {
    contact.normalX = 1; // concentric: any direction separates them; pick +x
    contact.normalY = 0;
  }
  contact.depth = finiteDepth(reach - distance);
  return true;
}

function boxBox(
  ax: number,
  ay: number,
  ahx: number,
  ahy: number,
  bx: number,
  by: number,
  bhx: number,
  bhy: number,
  contact: Contact,
): boolean {
  const dx = bx - ax;
  const dy = by - ay;
  const overlapX = ahx + bhx - Math.abs(dx);
  if (overlapX <= 0) return false;
  const overlapY = ahy + bhy - Math.abs(dy);
  if (overlapY <= 0) return false;
  // Separate along the axis of least overlap.
  if (overlapX < overlapY) {
    contact.normalX = dx < 0 ? -1 : 1;
    contact.normalY = 0;
    contact.depth = overlapX;
  } else {
    contact.normalX = 0;
    contact.normalY = dy < 0 ? -1 : 1;
    contact.depth = overlapY;
  }
  return true;
}

function circleBox(
  cx: number,
  cy: number,
  r: number,
  bx: number,
  by: number,
  hx: number,
  hy: number,
  contact: Contact,
  sign: 1 | -1,
): boolean {
  const dx = cx - bx;
  const dy = cy - by;
  const closestX = Math.max(-hx, Math.min(hx, dx));
  const closestY = Math.max(-hy, Math.min(hy, dy));
  const inside = closestX === dx && closestY === dy;
  let nx: number;
  let ny: number;
  let depth: number;
  if (inside) {
    // The centre is inside the box: push out through the nearest face.
    const toFaceX = hx - Math.abs(dx);
    const toFaceY = hy - Math.abs(dy);
    if (toFaceX < toFaceY) {
      nx = dx < 0 ? 1 : -1;
      ny = 0;
      depth = toFaceX + r;
    } else {
      nx = 0;
      ny = dy < 0 ? 1 : -1;
      depth = toFaceY + r;
    }
  } else {
    const ox = dx - closestX;
    const oy = dy - closestY;
    const distanceSquared = ox * ox + oy * oy;
    if (distanceSquared >= r * r) return false;
    const distance = Math.sqrt(distanceSquared);
    // normal from the circle towards the box
    if (distance > 0) {
      nx = -ox / distance;
      ny = -oy / distance;
    } else {
      // The offset is so small its square underflows to 0 (a centre within
      // 1e-162 of an edge): out along the axis it is off by, not 0/0.
      nx = Math.abs(ox) >= Math.abs(oy) ? -Math.sign(ox) : 0;
      ny = Math.abs(ox) >= Math.abs(oy) ? 0 : -Math.sign(oy);
    }
    depth = r - distance;
  }
  // `+ 0` turns a -0 (from negating a zero component) into 0.
  contact.normalX = nx * sign + 0;
  contact.normalY = ny * sign + 0;
  contact.depth = finiteDepth(depth);
  return true;
}
