import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { box, circle, overlaps, type Collider, type CollisionEvent, type Contact, type Shape } from '../../src/index.js';
import { CollisionPass } from '../../src/collision/collision-pass.js';

const contact = (): Contact => ({ normalX: 0, normalY: 0, depth: 0 });

describe('overlaps (narrowphase): normal from a to b, depth along it', () => {
  it('circles', () => {
    const c = contact();
    expect(overlaps(0, 0, circle(5), 8, 0, circle(5), c)).toBe(true);
    expect(c).toEqual({ normalX: 1, normalY: 0, depth: 2 });
    expect(overlaps(0, 0, circle(5), 10, 0, circle(5), contact())).toBe(false); // touching edges do not count
    expect(overlaps(0, 0, circle(5), 0, 0, circle(5), c)).toBe(true); // concentric
    expect(c).toEqual({ normalX: 1, normalY: 0, depth: 10 });
  });

  it('boxes separate along the axis of least overlap', () => {
    const c = contact();
    expect(overlaps(0, 0, box(10, 10), 8, 1, box(10, 10), c)).toBe(true);
    expect(c).toEqual({ normalX: 1, normalY: 0, depth: 2 });
    expect(overlaps(0, 0, box(10, 10), 1, -9, box(10, 10), c)).toBe(true);
    expect(c).toEqual({ normalX: 0, normalY: -1, depth: 1 });
    expect(overlaps(0, 0, box(10, 10), 10, 0, box(10, 10), contact())).toBe(false);
  });

  it('a circle and a box, either way round, edge and corner and centre inside', () => {
    const c = contact();
    expect(overlaps(0, 0, circle(3), 6, 0, box(8, 8), c)).toBe(true); // box face at x = 2
    expect(c).toEqual({ normalX: 1, normalY: 0, depth: 1 });
    expect(overlaps(6, 0, box(8, 8), 0, 0, circle(3), c)).toBe(true); // the same pair, turned round
    expect(c).toEqual({ normalX: -1, normalY: 0, depth: 1 });
    expect(overlaps(0, 0, circle(3), 6, 6, box(8, 8), c)).toBe(true); // corner at (2, 2): distance 2.83
    expect(c.normalX).toBeCloseTo(Math.SQRT1_2, 12);
    expect(c.normalY).toBeCloseTo(Math.SQRT1_2, 12);
    expect(c.depth).toBeCloseTo(3 - Math.hypot(2, 2), 12);
    expect(overlaps(0, 0, circle(1), 3, 3, box(8, 8), c)).toBe(true); // centre inside: out through the nearest face
    expect(c.depth).toBe(2); // 1 to the face, plus the radius
    expect(overlaps(0, 0, circle(1), 5, 5, box(2, 2), contact())).toBe(false);
  });
});

interface Body extends Collider {
  id: number;
  x: number;
  y: number;
  shape: Shape | undefined;
  response: 'overlap' | 'block';
}

const body = (id: number, x: number, y: number, shape: Shape, response: 'overlap' | 'block' = 'overlap'): Body => ({
  id,
  x,
  y,
  shape,
  response,
});

function run(pass: CollisionPass<Body>, bodies: Body[]): string[] {
  const events: string[] = [];
  pass.run(bodies, (e: CollisionEvent<Body>) => events.push(`${e.kind} ${e.a.id}-${e.b.id}`));
  return events;
}

describe('CollisionPass', () => {
  it('reports an overlap pair\'s begin once, nothing while it stays, and its end', () => {
    const pass = new CollisionPass<Body>();
    const a = body(1, 0, 0, circle(5));
    const b = body(2, 20, 0, circle(5));
    expect(run(pass, [a, b])).toEqual([]);
    b.x = 8;
    expect(run(pass, [a, b])).toEqual(['begin 1-2']);
    b.x = 9;
    expect(run(pass, [a, b])).toEqual([]);
    b.x = 30;
    expect(run(pass, [a, b])).toEqual(['end 1-2']);
  });

  it('ends a pair when one of it is gone, and reports the lower id first whatever the order', () => {
    const pass = new CollisionPass<Body>();
    const a = body(7, 0, 0, box(4, 4));
    const b = body(3, 1, 0, box(4, 4));
    expect(run(pass, [a, b])).toEqual(['begin 3-7']);
    expect(run(pass, [a])).toEqual(['end 3-7']);
  });

  it('reports a hit every frame two blocking colliders touch; an overlap collider makes it an overlap pair', () => {
    const pass = new CollisionPass<Body>();
    const wall = body(1, 0, 0, box(10, 10), 'block');
    const ball = body(2, 6, 0, circle(2), 'block');
    const trigger = body(3, 0, 0, circle(1));
    expect(run(pass, [wall, ball, trigger]).sort()).toEqual(['begin 1-3', 'hit 1-2']); // in sweep order; the set matters
    expect(run(pass, [wall, ball, trigger])).toEqual(['hit 1-2']);
  });

  it('skips colliders without a shape; reset() forgets every pair without end events', () => {
    const pass = new CollisionPass<Body>();
    const a = body(1, 0, 0, circle(5));
    const b = { ...body(2, 0, 0, circle(5)), shape: undefined };
    expect(run(pass, [a, b])).toEqual([]);
    const c = body(3, 1, 0, circle(5));
    expect(run(pass, [a, c])).toEqual(['begin 1-3']);
    pass.reset();
    expect(run(pass, [])).toEqual([]);
  });

  it('finds exactly the pairs an all-pairs test finds, for any scene (a broadphase loses nothing)', () => {
    const shape = fc.oneof(
      fc.record({ kind: fc.constant('circle' as const), radius: fc.double({ min: 0.5, max: 20, noNaN: true }) }),
      fc.record({
        kind: fc.constant('box' as const),
        width: fc.double({ min: 1, max: 40, noNaN: true }),
        height: fc.double({ min: 1, max: 40, noNaN: true }),
      }),
    );
    const scene = fc.array(fc.tuple(fc.double({ min: -100, max: 100, noNaN: true }), fc.double({ min: -100, max: 100, noNaN: true }), shape), {
      maxLength: 40,
    });
    fc.assert(
      fc.property(scene, scene, (first, second) => {
        const pass = new CollisionPass<Body>();
        const touching = new Set<string>(); // replayed from begin/end events
        for (const frame of [first, second]) {
          const bodies = frame.map(([x, y, s], i) => body(i + 1, x, y, s as Shape));
          pass.run(bodies, (e) => {
            const key = `${e.a.id}-${e.b.id}`;
            if (e.kind === 'begin') touching.add(key);
            if (e.kind === 'end') touching.delete(key);
          });
          const expected = new Set<string>();
          const c = contact();
          for (let i = 0; i < bodies.length; i++) {
            for (let j = i + 1; j < bodies.length; j++) {
              const [p, q] = [bodies[i]!, bodies[j]!];
              if (overlaps(p.x, p.y, p.shape!, q.x, q.y, q.shape!, c)) expected.add(`${p.id}-${q.id}`);
            }
          }
          expect([...touching].sort()).toEqual([...expected].sort());
          expect(pass.touchingPairs).toBe(expected.size);
        }
      }),
      { numRuns: 200 },
    );
  });
});
