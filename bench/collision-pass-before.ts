// A frozen copy of src/collision/collision-pass.ts as of commit 72fd37f, before
// its rewrite (no Set, array or bounds object per frame, no boxed pair key per
// touching pair): bench/collision.ts runs it beside the current pass, so the
// before/after ratio is measured again in every run (STYLE.md: no cleverness
// without a benchmark). Only the imports, the class name and the unexported
// constant differ from that commit. Not part of the library.
import { overlaps, type Contact } from '../src/collision/narrowphase.js';
import { halfExtents, type Collider, type CollisionEvent } from '../src/collision/shapes.js';

/** The largest collider id a pair key can hold (ids are packed two to a number). */
const MAX_COLLIDER_ID = 2 ** 26;

interface Pair<T> {
  a: T;
  b: T;
  /** The frame the pair was last seen touching. */
  seen: number;
}

/**
 * One collision pass per frame: finds every touching pair among the
 * colliders and reports what changed.
 *
 * - A broadphase sorts the colliders' bounding boxes by their left edge and
 *   sweeps along x (sort-and-sweep), so only boxes that overlap on x are
 *   compared: near-linear for game worlds, where things are spread out and
 *   move a little each frame (the order is kept between frames, so the
 *   insertion sort mostly finds it sorted already).
 * - The narrowphase tests circles and axis-aligned boxes exactly
 *   ({@link overlaps}), with the normal and depth.
 * - Pairs are tracked by id across frames: an overlap pair (at least one
 *   `'overlap'` collider) reports `'begin'` on its first touching frame and
 *   `'end'` on the first frame it no longer touches (or one of it is gone);
 *   a pair of `'block'` colliders reports `'hit'` every frame it touches.
 *
 * Events go out in a stable order: begins and hits as the sweep finds them,
 * then ends.
 *
 * @example
 * ```ts
 * const pass = new CollisionPass<Actor>();
 * pass.run(actors, (event) => console.log(event.kind, event.a.id, event.b.id));
 * ```
 */
export class CollisionPassBefore<T extends Collider> {
  private order: T[] = [];
  private minX = new Float64Array(64);
  private maxX = new Float64Array(64);
  private minY = new Float64Array(64);
  private maxY = new Float64Array(64);
  private readonly pairs = new Map<number, Pair<T>>();
  private readonly contact: Contact = { normalX: 0, normalY: 0, depth: 0 };
  private frame = 0;
  private tests = 0;

  /** Narrowphase tests the last pass made (a broadphase's quality: lower is better). */
  get narrowphaseTests(): number {
    return this.tests;
  }

  /** Overlap pairs touching after the last pass. */
  get touchingPairs(): number {
    return this.pairs.size;
  }

  /**
   * Runs one pass over `colliders` (colliders without a shape are skipped)
   * and hands each event to `emit`.
   */
  run(colliders: readonly T[], emit: (event: CollisionEvent<T>) => void): void {
    const frame = ++this.frame;
    this.tests = 0;
    const order = this.sortedByLeftEdge(colliders);
    const n = order.length;
    const { minX, maxX, minY, maxY, contact } = this;

    for (let i = 0; i < n; i++) {
      const a = order[i]!;
      const aMaxX = maxX[i]!;
      for (let j = i + 1; j < n && minX[j]! <= aMaxX; j++) {
        if (maxY[i]! < minY[j]! || maxY[j]! < minY[i]!) continue;
        const b = order[j]!;
        this.tests++;
        if (!overlaps(a.x, a.y, a.shape!, b.x, b.y, b.shape!, contact)) continue;
        // Report with the lower id first, whatever the sweep order.
        const [first, second, flip] = a.id < b.id ? [a, b, 1] : [b, a, -1];
        const event = {
          a: first,
          b: second,
          normalX: contact.normalX * flip,
          normalY: contact.normalY * flip,
          depth: contact.depth,
        };
        if (first.response === 'block' && second.response === 'block') {
          emit({ kind: 'hit', ...event });
          continue;
        }
        const key = first.id * MAX_COLLIDER_ID + second.id;
        const pair = this.pairs.get(key);
        if (pair === undefined) {
          this.pairs.set(key, { a: first, b: second, seen: frame });
          emit({ kind: 'begin', ...event });
        } else {
          pair.seen = frame;
        }
      }
    }

    for (const [key, pair] of this.pairs) {
      if (pair.seen === frame) continue;
      this.pairs.delete(key);
      emit({ kind: 'end', a: pair.a, b: pair.b, normalX: 0, normalY: 0, depth: 0 });
    }
  }

  /** Forgets every tracked pair (a level change): no `'end'` events follow. */
  reset(): void {
    this.pairs.clear();
    this.order = [];
  }

  /**
   * Keeps the previous frame's order (minus the gone, plus the new at the
   * end) and insertion-sorts it by left edge, carrying the bounds along.
   */
  private sortedByLeftEdge(colliders: readonly T[]): T[] {
    const present = new Set<T>();
    for (const c of colliders) if (c.shape !== undefined) present.add(c);
    const order: T[] = [];
    for (const c of this.order) if (present.delete(c)) order.push(c);
    for (const c of present) order.push(c);
    this.order = order;

    const n = order.length;
    this.ensureCapacity(n);
    const { minX, maxX, minY, maxY } = this;
    for (let i = 0; i < n; i++) {
      const c = order[i]!;
      const { hx, hy } = halfExtents(c.shape!);
      minX[i] = c.x - hx;
      maxX[i] = c.x + hx;
      minY[i] = c.y - hy;
      maxY[i] = c.y + hy;
    }
    for (let i = 1; i < n; i++) {
      const c = order[i]!;
      const x0 = minX[i]!;
      const x1 = maxX[i]!;
      const y0 = minY[i]!;
      const y1 = maxY[i]!;
      let j = i - 1;
      while (j >= 0 && minX[j]! > x0) {
        order[j + 1] = order[j]!;
        minX[j + 1] = minX[j]!;
        maxX[j + 1] = maxX[j]!;
        minY[j + 1] = minY[j]!;
        maxY[j + 1] = maxY[j]!;
        j--;
      }
      order[j + 1] = c;
      minX[j + 1] = x0;
      maxX[j + 1] = x1;
      minY[j + 1] = y0;
      maxY[j + 1] = y1;
    }
    return order;
  }

  private ensureCapacity(n: number): void {
    if (this.minX.length >= n) return;
    const size = Math.max(n, this.minX.length * 2);
    this.minX = new Float64Array(size);
    this.maxX = new Float64Array(size);
    this.minY = new Float64Array(size);
    this.maxY = new Float64Array(size);
  }
}
