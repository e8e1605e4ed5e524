// What the collision layer does with input it cannot trust: shape factories
// given the wrong arguments, colliders whose position or shape is not a finite
// number, and an `emit` that throws. Issue 12: "A non-finite position or shape
// is reported (actor, field, frame) and that actor is left out of the pass;
// everyone else collides as before."
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { box, circle, InvalidColliderError, OptionError, overlaps, type Collider, type Contact, type Shape } from '../../src/index.js';
import { CollisionPass } from '../../src/collision/collision-pass.js';

interface Body extends Collider {
  id: number;
  x: number;
  y: number;
  shape: Shape | undefined;
  response: 'overlap' | 'block';
  name?: string;
}

const body = (id: number, x: number, y: number, shape: Shape | undefined, response: 'overlap' | 'block' = 'overlap'): Body => ({
  id,
  x,
  y,
  shape,
  response,
});

/** A pass that records its events as strings and what it reports. */
function recordingPass() {
  const errors: unknown[] = [];
  const pass = new CollisionPass<Body>({ onError: (error) => errors.push(error) });
  const run = (bodies: Body[]): string[] => {
    const events: string[] = [];
    pass.run(bodies, (e) => events.push(`${e.kind} ${e.a.id}-${e.b.id}`));
    return events;
  };
  return { pass, errors, run };
}

describe('shape factories validate their arguments (issue 12: "circle(\'5\') reports overlaps 50 units apart")', () => {
  it('circle refuses a radius that is not a finite number >= 0, naming it', () => {
    for (const radius of ['5', -5, NaN, Infinity, -Infinity, null, undefined, {}, 5n]) {
      expect(() => circle(radius as never), String(radius)).toThrow(OptionError);
    }
    expect(() => circle('5' as never)).toThrow('circle: radius must be a finite number >= 0, got "5"');
    expect(() => circle(-5)).toThrow('circle: radius must be a finite number >= 0, got -5');
    expect(() => circle(NaN)).toThrow('circle: radius must be a finite number >= 0, got NaN');
  });

  it('box refuses a width or height that is not a finite number >= 0, naming which', () => {
    expect(() => box('10' as never, 4)).toThrow('box: width must be a finite number >= 0, got "10"');
    expect(() => box(10, -4)).toThrow('box: height must be a finite number >= 0, got -4');
    expect(() => box(NaN, 4)).toThrow('box: width must be a finite number >= 0, got NaN');
    expect(() => box(4, Infinity)).toThrow('box: height must be a finite number >= 0, got Infinity');
    expect(() => (box as (w: number) => Shape)(4)).toThrow('box: height must be a finite number >= 0, got undefined');
  });

  it('a shape is frozen, so a validated size cannot turn into NaN later', () => {
    const shape = circle(5);
    expect(Object.isFrozen(shape)).toBe(true);
    expect(Object.isFrozen(box(1, 2))).toBe(true);
    expect(circle(0)).toEqual({ kind: 'circle', radius: 0 }); // a point is a valid trigger
  });
});

describe('a collider whose position or shape is not a finite number is reported and left out; the rest collide as before', () => {
  it('a NaN position first in sweep order no longer stops the sweep: the healthy pair is still found', () => {
    const { errors, run } = recordingPass();
    const broken = body(1, NaN, 0, circle(5));
    const a = body(2, 0, 0, circle(5));
    const b = body(3, 4, 0, circle(5));
    expect(run([broken, a, b])).toEqual(['begin 2-3']);
    expect(errors).toHaveLength(1);
    const error = errors[0] as InvalidColliderError<Body>;
    expect(error).toBeInstanceOf(InvalidColliderError);
    expect(error.collider).toBe(broken);
    expect(error.field).toBe('x');
    expect(Number.isNaN(error.value)).toBe(true);
    expect(error.message).toBe('collision: x of collider 1 must be a finite number, got NaN; the collider is left out of the pass until it is');
  });

  it('reports once while the collider stays bad, again after it recovered and broke again; its pairs end while it is out', () => {
    const { errors, run } = recordingPass();
    const a = Object.assign(body(1, 0, 0, circle(5)), { name: 'ball' });
    const b = body(2, 4, 0, circle(5));
    expect(run([a, b])).toEqual(['begin 1-2']);
    a.y = Infinity;
    expect(run([a, b])).toEqual(['end 1-2']); // out of the pass: it touches nothing
    expect(run([a, b])).toEqual([]);
    expect(errors.map((e) => (e as InvalidColliderError<Body>).field)).toEqual(['y']);
    expect((errors[0] as Error).message).toBe('collision: y of collider 1 "ball" must be a finite number, got Infinity; the collider is left out of the pass until it is');
    a.y = 0;
    expect(run([a, b])).toEqual(['begin 1-2']); // back in
    expect(errors).toHaveLength(1);
    a.x = -Infinity;
    run([a, b]);
    expect(errors).toHaveLength(2);
  });

  it('names the bad field of a hand-made shape: radius, width, height, or a kind it does not know', () => {
    const cases: [Shape, string][] = [
      [{ kind: 'circle', radius: NaN }, 'shape.radius'],
      [{ kind: 'circle', radius: -5 }, 'shape.radius'],
      [{ kind: 'circle', radius: '5' as never }, 'shape.radius'],
      [{ kind: 'box', width: Infinity, height: 1 }, 'shape.width'],
      [{ kind: 'box', width: 1, height: -1 }, 'shape.height'],
      [{ kind: 'polygon' } as never, 'shape.kind'],
    ];
    for (const [shape, field] of cases) {
      const { errors, run } = recordingPass();
      expect(run([body(1, 0, 0, shape), body(2, 0, 0, circle(5)), body(3, 1, 0, circle(5))])).toEqual(['begin 2-3']);
      expect((errors[0] as InvalidColliderError<Body>).field, field).toBe(field);
    }
  });

  it('a position that is not a number at all (a string from a level file) is refused, not coerced', () => {
    const { errors, run } = recordingPass();
    expect(run([body(1, '0' as never, 0, circle(5)), body(2, 1, 0, circle(5))])).toEqual([]);
    expect((errors[0] as InvalidColliderError<Body>).field).toBe('x');
  });

  it("a response that is neither 'overlap' nor 'block' (a typo would silently run as an overlap) is refused", () => {
    const { errors, run } = recordingPass();
    expect(run([body(1, 0, 0, circle(5), 'Block' as never), body(2, 1, 0, circle(5)), body(3, 2, 0, circle(5))])).toEqual(['begin 2-3']);
    expect((errors[0] as Error).message).toBe('collision: response of collider 1 must be \'overlap\' or \'block\', got "Block"; the collider is left out of the pass until it is');
  });

  it('an id the pair keys cannot hold (not a whole number in [0, MAX_COLLIDER_ID)) is refused', () => {
    const { errors, run } = recordingPass();
    expect(run([body(2 ** 26, 0, 0, circle(5)), body(1.5, 1, 0, circle(5)), body(2, 2, 0, circle(5)), body(3, 3, 0, circle(5))])).toEqual([
      'begin 2-3',
    ]);
    expect(errors.map((e) => (e as InvalidColliderError<Body>).field)).toEqual(['id', 'id']);
  });

  it('without an onError, a bad collider goes to console.error (never silently)', () => {
    const logged: unknown[] = [];
    const original = console.error;
    console.error = (...args: unknown[]) => logged.push(args[0]);
    try {
      new CollisionPass<Body>().run([body(1, NaN, 0, circle(1))], () => {});
    } finally {
      console.error = original;
    }
    expect(logged[0]).toBeInstanceOf(InvalidColliderError);
  });

  it('refuses options it does not know, and an onError that is not a function', () => {
    expect(() => new CollisionPass({ onerror: () => {} } as never)).toThrow("CollisionPass: unknown option 'onerror'; did you mean 'onError'?");
    expect(() => new CollisionPass({ onError: 42 } as never)).toThrow('CollisionPass: onError must be a function, got 42');
  });
});

describe('an emit that throws is reported and the pass goes on: every event still goes out', () => {
  it('the next events of the frame are emitted, and the pairs stay tracked', () => {
    const { pass, errors } = recordingPass();
    const bodies = [body(1, 0, 0, circle(5)), body(2, 1, 0, circle(5)), body(3, 2, 0, circle(5))];
    const seen: string[] = [];
    pass.run(bodies, (e) => {
      seen.push(`${e.kind} ${e.a.id}-${e.b.id}`);
      throw new Error('game bug');
    });
    expect(seen.sort()).toEqual(['begin 1-2', 'begin 1-3', 'begin 2-3']);
    expect(errors).toHaveLength(3);
    expect(pass.touchingPairs).toBe(3);
    const again: string[] = [];
    pass.run(bodies, (e) => again.push(e.kind));
    expect(again).toEqual([]); // begun once: no second begin
  });
});

describe('property: arbitrary positions and shapes, NaN, Infinity and huge values mixed with healthy colliders', () => {
  const healthyNumber = fc.double({ min: -100, max: 100, noNaN: true });
  const hostileNumber = fc.oneof(
    fc.constant(NaN),
    fc.constant(Infinity),
    fc.constant(-Infinity),
    fc.constant(Number.MAX_VALUE),
    fc.constant(-Number.MAX_VALUE),
    fc.double({ min: 1e15, max: 1e308, noNaN: true }),
    fc.double({ min: -1e308, max: -1e15, noNaN: true }),
    fc.double({ noNaN: false }),
  );
  const anyNumber = fc.oneof({ weight: 4, arbitrary: healthyNumber }, { weight: 1, arbitrary: hostileNumber });
  const size = fc.oneof({ weight: 4, arbitrary: fc.double({ min: 0, max: 40, noNaN: true }) }, { weight: 1, arbitrary: hostileNumber });
  const shape: fc.Arbitrary<Shape | undefined> = fc.oneof(
    fc.record({ kind: fc.constant('circle' as const), radius: size }),
    fc.record({ kind: fc.constant('box' as const), width: size, height: size }),
    fc.constant(undefined),
  );
  const scene = fc.array(fc.record({ x: anyNumber, y: anyNumber, shape, block: fc.boolean() }), { maxLength: 30 });

  const sound = (b: Body): boolean => {
    const ok = (v: unknown, size: boolean) => typeof v === 'number' && Number.isFinite(v) && (!size || v >= 0);
    if (b.shape === undefined || !ok(b.x, false) || !ok(b.y, false)) return false;
    return b.shape.kind === 'circle' ? ok(b.shape.radius, true) : ok(b.shape.width, true) && ok(b.shape.height, true);
  };

  it('the healthy colliders touch exactly as an all-pairs test over the healthy ones says; each bad one is reported, by its field', () => {
    fc.assert(
      fc.property(fc.array(scene, { minLength: 1, maxLength: 3 }), (frames) => {
        const { errors, pass } = recordingPass();
        const touching = new Set<string>();
        const hits = new Set<string>();
        let previouslyBad = new Set<number>();
        const nonFinite: string[] = [];
        const pool: Body[] = []; // the same collider objects from frame to frame, as a world keeps its actors
        for (const frame of frames) {
          errors.length = 0;
          hits.clear();
          const bodies = frame.map((f, i) => {
            const b = (pool[i] ??= body(i + 1, 0, 0, undefined));
            return Object.assign(b, { x: f.x, y: f.y, shape: f.shape, response: f.block ? 'block' : 'overlap' });
          });
          pass.run(bodies, (e) => {
            const key = `${e.a.id}-${e.b.id}`;
            if (e.kind === 'begin') touching.add(key);
            if (e.kind === 'end') touching.delete(key);
            if (e.kind === 'hit') hits.add(key);
            for (const n of [e.normalX, e.normalY, e.depth]) if (!Number.isFinite(n)) nonFinite.push(`${e.kind} ${key}: ${n}`);
          });
          expect(nonFinite).toEqual([]); // what goes out is finite (asserted here: emit's own throws are caught by the pass)
          const healthy = bodies.filter(sound);
          const expectedTouching = new Set<string>();
          const expectedHits = new Set<string>();
          const c: Contact = { normalX: 0, normalY: 0, depth: 0 };
          for (let i = 0; i < healthy.length; i++) {
            for (let j = i + 1; j < healthy.length; j++) {
              const [p, q] = [healthy[i]!, healthy[j]!];
              if (!overlaps(p.x, p.y, p.shape!, q.x, q.y, q.shape!, c)) continue;
              const both = p.response === 'block' && q.response === 'block';
              (both ? expectedHits : expectedTouching).add(`${p.id}-${q.id}`);
            }
          }
          expect([...touching].sort()).toEqual([...expectedTouching].sort());
          expect([...hits].sort()).toEqual([...expectedHits].sort());
          // Reported: each collider that turned bad this frame, once.
          const bad = new Set(bodies.filter((b) => b.shape !== undefined && !sound(b)).map((b) => b.id));
          const newlyBad = [...bad].filter((id) => !previouslyBad.has(id)).sort();
          expect(errors.map((e) => (e as InvalidColliderError<Body>).collider.id).sort()).toEqual(newlyBad);
          previouslyBad = bad;
        }
      }),
      { numRuns: 400 },
    );
  });
});
