import { OptionError } from '../../operators/option-error.js';
import { checkOptionKeys } from '../../operators/validate.js';
import { printError } from '../loop/print-error.js';
import { colliderFault, invalidCollider, MAX_COLLIDER_ID } from './invalid-collider-error.js';
import { overlaps, type Contact } from './narrowphase.js';
import type { Collider, CollisionEvent } from './shapes.js';

/** Options of {@link CollisionPass}. */
export interface CollisionPassOptions {
  /**
   * Receives what the pass cannot keep to itself: an
   * {@link InvalidColliderError} for each collider it leaves out (once, when
   * it turns bad), and whatever `emit` throws (the pass goes on with the next
   * event). Defaults to `console.error`. An engine passes its error router
   * (`loop.reportError`), which never throws: the pass does not wrap it again.
   */
  onError?: (error: unknown) => void;
}

const PASS_OPTIONS: readonly string[] = ['onError'] satisfies (keyof CollisionPassOptions)[];

interface Pair<T> {
  /** Its key in `pairs`. */
  readonly key: number;
  a: T;
  b: T;
  /** The frame the pair was last seen touching. */
  seen: number;
  /** The next pair with the same `a` in `pairsOf`. */
  next: Pair<T> | undefined;
}

/**
 * What a {@link CollisionPass} remembers between frames: part of a world
 * engine's snapshot. @internal
 */
export interface CollisionMemory<T> {
  /** The touching overlap pairs, in the order they began (the order their ends go out): [lower id, higher id]. */
  readonly pairs: readonly (readonly [T, T])[];
  /** The colliders in the sweep's order (left edge, ties as they stood): the order begins and hits go out in. */
  readonly order: readonly T[];
  /** The colliders left out and reported (not reported again until they turn sound and bad again). */
  readonly faulty: readonly T[];
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
 * then ends. An `emit` that throws is reported (`onError`) and the pass goes
 * on, so one game callback cannot hide the rest of the frame's events.
 *
 * A collider whose id, position or shape the pass cannot compute with (NaN,
 * ±Infinity, a string, a negative size, an unknown kind, a `response` other
 * than `'overlap'` or `'block'`) is reported once as
 * an {@link InvalidColliderError} and left out until it is sound again: it
 * touches nothing (its pairs end), and everyone else collides as before.
 * Finite values of any size are tested as they are.
 *
 * A frame over the same colliders as the last (moved or not) allocates only
 * its events and the records of pairs that begin (bench/collision.ts
 * measures it against detect-collisions and against the simpler version it
 * replaced).
 *
 * @example
 * ```ts
 * const pass = new CollisionPass<Actor>();
 * pass.run(actors, (event) => console.log(event.kind, event.a.id, event.b.id));
 * ```
 */
export class CollisionPass<T extends Collider> {
  /** Last frame's colliders with a shape, in input order: tells an unchanged input without hashing. */
  private readonly members: T[] = [];
  /** The same colliders, sorted by left edge (kept between frames: mostly sorted already). */
  private readonly order: T[] = [];
  private minX = new Float64Array(64);
  private maxX = new Float64Array(64);
  private minY = new Float64Array(64);
  private maxY = new Float64Array(64);
  /** The touching overlap pairs by packed key, in the order they began (the order their ends go out). */
  private readonly pairs = new Map<number, Pair<T>>();
  /**
   * The same pairs by the lower id: the latest to begin, the rest through
   * `next`. What the sweep looks a pair up by every frame: an id is a small
   * integer, where the packed key is a double that would cost a HeapNumber
   * per touching pair per frame.
   */
  private readonly pairsOf = new Map<number, Pair<T>>();
  private readonly contact: Contact = { normalX: 0, normalY: 0, depth: 0 };
  /** The colliders with a shape left out of this frame's pass (reported when they turned bad). */
  private faulty = new Set<T>();
  private readonly onError: (error: unknown) => void;
  private frame = 0;
  private tests = 0;
  /** The running pass's `emit`, for {@link endIfUnseen}. */
  private emitting: ((event: CollisionEvent<T>) => void) | undefined = undefined;

  constructor(options?: CollisionPassOptions) {
    checkOptionKeys('CollisionPass', options, PASS_OPTIONS);
    const { onError = printError } = options ?? {};
    if (typeof onError !== 'function') throw new OptionError('CollisionPass', 'onError', 'a function', onError);
    this.onError = onError;
  }

  /** Narrowphase tests the last pass made (a broadphase's quality: lower is better). */
  get narrowphaseTests(): number {
    return this.tests;
  }

  /** Overlap pairs touching after the last pass. */
  get touchingPairs(): number {
    return this.pairs.size;
  }

  /**
   * Runs one pass over `colliders` (colliders without a shape are skipped,
   * invalid ones reported and left out) and hands each event to `emit`.
   */
  run(colliders: readonly T[], emit: (event: CollisionEvent<T>) => void): void {
    const frame = ++this.frame;
    this.tests = 0;
    this.syncMembers(colliders);
    const order = this.order;
    this.sortByLeftEdge();
    const n = order.length;
    const { minX, maxX, minY, maxY, contact, pairs } = this;

    for (let i = 0; i < n; i++) {
      const a = order[i]!;
      const aMaxX = maxX[i]!;
      const aMinY = minY[i]!;
      const aMaxY = maxY[i]!;
      for (let j = i + 1; j < n && minX[j]! <= aMaxX; j++) {
        if (aMaxY < minY[j]! || maxY[j]! < aMinY) continue;
        const b = order[j]!;
        this.tests++;
        if (!overlaps(a.x, a.y, a.shape!, b.x, b.y, b.shape!, contact)) continue;
        // Report with the lower id first, whatever the sweep order.
        const aFirst = a.id < b.id;
        const first = aFirst ? a : b;
        const second = aFirst ? b : a;
        if (first.response === 'block' && second.response === 'block') {
          this.send(emit, touchEvent('hit', first, second, contact, aFirst ? 1 : -1));
          continue;
        }
        const pair = this.findPair(first, second);
        if (pair === undefined) {
          this.addPair(first, second, frame);
          this.send(emit, touchEvent('begin', first, second, contact, aFirst ? 1 : -1));
        } else {
          pair.seen = frame;
        }
      }
    }

    // forEach with a method made once, not for...of: a Map iterator is an object a pass, and its results one a pair
    // (issue 29: "no steady allocation by tickflow itself"). Ending a pair deletes it, which forEach allows.
    this.emitting = emit;
    pairs.forEach(this.endIfUnseen);
    this.emitting = undefined;
  }

  /** Ends a pair the pass did not see touching this frame: it is forgotten and `'end'` goes out. */
  private readonly endIfUnseen = (pair: Pair<T>): void => {
    if (pair.seen === this.frame) return;
    this.removePair(pair);
    this.send(this.emitting!, { kind: 'end', a: pair.a, b: pair.b, normalX: 0, normalY: 0, depth: 0 });
  };

  /** Hands one event to `emit`; what it throws is reported and the pass goes on (its pairs are already up to date). */
  private send(emit: (event: CollisionEvent<T>) => void, event: CollisionEvent<T>): void {
    try {
      emit(event);
    } catch (error) {
      this.report(error);
    }
  }

  private report(error: unknown): void {
    this.onError(error);
  }

  /** The tracked pair of `a` (the lower id) and `b`, if any. */
  private findPair(a: T, b: T): Pair<T> | undefined {
    let pair = this.pairsOf.get(a.id);
    while (pair !== undefined && pair.b !== b) pair = pair.next;
    return pair;
  }

  private addPair(a: T, b: T, frame: number): void {
    const key = a.id * MAX_COLLIDER_ID + b.id;
    const pair: Pair<T> = { key, a, b, seen: frame, next: this.pairsOf.get(a.id) };
    this.pairs.set(key, pair);
    this.pairsOf.set(a.id, pair);
  }

  private removePair(pair: Pair<T>): void {
    this.pairs.delete(pair.key);
    const id = pair.a.id;
    let head = this.pairsOf.get(id)!;
    if (head === pair) {
      if (pair.next === undefined) this.pairsOf.delete(id);
      else this.pairsOf.set(id, pair.next);
      return;
    }
    while (head.next !== pair) head = head.next!;
    head.next = pair.next;
  }

  /** What the pass remembers between frames (see {@link CollisionMemory}), in fresh arrays. @internal */
  memory(): CollisionMemory<T> {
    return { pairs: [...this.pairs.values()].map((pair) => [pair.a, pair.b] as const), order: [...this.order], faulty: [...this.faulty] };
  }

  /**
   * Puts back what {@link memory} read. The next pass takes the colliders it
   * is handed as changed, and keeps this order for those still there; a pair
   * with a collider no longer handed to it ends then, as it would have.
   * @internal
   */
  restoreMemory(memory: CollisionMemory<T>): void {
    this.reset();
    for (const [a, b] of memory.pairs) this.addPair(a, b, this.frame);
    this.order.push(...memory.order);
    for (const collider of memory.faulty) this.faulty.add(collider);
  }

  /** Forgets every tracked pair (a level change): no `'end'` events follow. */
  reset(): void {
    this.pairs.clear();
    this.pairsOf.clear();
    this.members.length = 0;
    this.order.length = 0;
    this.faulty.clear();
  }

  /**
   * Brings `order` up to date with this frame's colliders (those with a
   * sound shape, position and id): the previous frame's order minus the
   * gone, plus the new at the end. The common frame, the same colliders as
   * the last one and the same ones at fault, is told by comparing the input
   * with last frame's (`members`, `faulty`) element by element, and costs no
   * allocation; only a changed input builds a Set (and reports the colliders
   * that turned bad).
   */
  private syncMembers(colliders: readonly T[]): void {
    const members = this.members;
    const faulty = this.faulty;
    const count = members.length;
    let k = 0;
    let faultySeen = 0;
    let i = 0;
    for (; i < colliders.length; i++) {
      const c = colliders[i]!;
      if (c.shape === undefined) continue;
      if (colliderFault(c) !== undefined) {
        if (!faulty.has(c)) break; // turned bad: report it
        faultySeen++;
        continue;
      }
      if (k === count || members[k] !== c) break;
      k++;
    }
    if (i === colliders.length && k === count && faultySeen === faulty.size) return;

    const present = new Set<T>();
    const faultyNow = new Set<T>();
    members.length = 0;
    for (const c of colliders) {
      if (c.shape === undefined) continue;
      const fault = colliderFault(c);
      if (fault !== undefined) {
        if (!faulty.has(c)) this.report(invalidCollider(c, fault));
        faultyNow.add(c);
        continue;
      }
      members.push(c);
      present.add(c);
    }
    this.faulty = faultyNow;
    const order = this.order;
    let kept = 0;
    for (let j = 0; j < order.length; j++) {
      const c = order[j]!;
      if (present.delete(c)) order[kept++] = c;
    }
    order.length = kept;
    for (const c of present) order.push(c);
    this.ensureCapacity(order.length);
  }

  /** Computes the bounds of `order` and insertion-sorts it by left edge, carrying the bounds along. */
  private sortByLeftEdge(): void {
    const { order, minX, maxX, minY, maxY } = this;
    const n = order.length;
    for (let i = 0; i < n; i++) {
      const c = order[i]!;
      const shape = c.shape!;
      // halfExtents(shape), without its object
      const hx = shape.kind === 'circle' ? shape.radius : shape.width / 2;
      const hy = shape.kind === 'circle' ? shape.radius : shape.height / 2;
      minX[i] = c.x - hx;
      maxX[i] = c.x + hx;
      minY[i] = c.y - hy;
      maxY[i] = c.y + hy;
    }
    for (let i = 1; i < n; i++) {
      const x0 = minX[i]!;
      if (minX[i - 1]! <= x0) continue; // in place already: the common case
      const c = order[i]!;
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

/** A begin or hit event, with the normal turned round (`flip` -1) when the sweep met the pair the other way round. */
function touchEvent<T extends Collider>(kind: 'begin' | 'hit', a: T, b: T, contact: Contact, flip: 1 | -1): CollisionEvent<T> {
  return { kind, a, b, normalX: contact.normalX * flip, normalY: contact.normalY * flip, depth: contact.depth };
}
