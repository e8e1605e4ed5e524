import { afterEach, describe, expect, it, vi } from 'vitest';
import { OptionError } from '../../operators/option-error.js';
import { watchApproximatedMath } from '../support/approximated-math.js';
import { createRapier2d } from 'tickflow/rapier2d';
import {
  createPoseBuffer,
  createRapier3d,
  DEFAULT_GRAVITY_MPS2,
  type BodyHandle,
  type CollisionEvent,
  type PhysicsAdapter,
  type PhysicsStructure,
} from 'tickflow/rapier3d';

// The physics-adapter contract (src/engines/runtime/physics-adapter.ts), on
// both Rapier adapters, with the real engine. Issue 10, "Physics: real, not a
// toy": "a small physics-adapter interface that the runtime declares (step
// with substeps, poses out, events out after the step, teleport, create and
// destroy applied only at the barrier)".

// Each test builds a real world; on the shared 2-core machine under load one
// took 8 s once (alone: well under one). No test here measures time.
vi.setConfig({ testTimeout: 30_000 });

const DT = 1 / 60;
/** Rapier computes in 32-bit floats: compare with this many decimal digits. */
const F32_DIGITS = 5;

const factories = [
  ['rapier3d', createRapier3d],
  ['rapier2d', createRapier2d],
] as const;

describe.each(factories)('%s adapter', (name, create) => {
  let physics: PhysicsAdapter;
  afterEach(() => physics?.destroy());

  /** A world with a fixed ground whose top face is y = 0. */
  async function withGround(gravity = DEFAULT_GRAVITY_MPS2): Promise<{ ground: BodyHandle }> {
    physics = await create({ gravity });
    let ground = 0;
    physics.barrier((s) => {
      ground = s.createBody({ kind: 'fixed' });
      s.createCollider(ground, { shape: { type: 'box', halfExtents: [20, 0.5, 20] }, offset: [0, -0.5, 0] });
    });
    return { ground };
  }

  function spawn(desc: Parameters<PhysicsStructure['createBody']>[0], radius = 0.5): BodyHandle {
    let body = 0;
    physics.barrier((s) => {
      body = s.createBody(desc);
      s.createCollider(body, { shape: { type: 'ball', radius } });
    });
    return body;
  }

  function pose(body: BodyHandle) {
    const out = createPoseBuffer(1);
    physics.readPoses([body], 1, out);
    return { position: [...out.positions], rotation: [...out.rotations], scale: [...out.scales!] };
  }

  function events(): CollisionEvent[] {
    const list: CollisionEvent[] = [];
    for (let i = 0; i < physics.collisionCount; i++) {
      const e = physics.collisionAt(i);
      list.push({ ...e, point: Float64Array.from(e.point), normal: Float64Array.from(e.normal) });
    }
    return list;
  }

  describe('"create and destroy applied only at the barrier"', () => {
    it('hands out the structural operations only inside barrier(); outside it each throws', async () => {
      physics = await create();
      let kept: PhysicsStructure | undefined;
      physics.barrier((s) => (kept = s));
      expect(() => kept!.createBody()).toThrow(`create${name === 'rapier3d' ? 'Rapier3d' : 'Rapier2d'}: createBody is allowed only inside barrier(), the fixed-tick barrier`);
      expect(() => kept!.destroyBody(1)).toThrow(/destroyBody is allowed only inside barrier/);
      expect(() => kept!.createCollider(1, { shape: { type: 'ball', radius: 1 } })).toThrow(/createCollider is allowed only inside barrier/);
      expect(() => kept!.destroyCollider(1)).toThrow(/destroyCollider is allowed only inside barrier/);
      expect(physics.bodyCount).toBe(0);
    });

    it('refuses to step or open a second barrier inside a barrier', async () => {
      physics = await create();
      expect(() => physics.barrier(() => physics.step(DT, 1))).toThrow(/step\(\) cannot run inside barrier/);
      expect(() => physics.barrier(() => physics.barrier(() => {}))).toThrow(/barrier\(\) cannot be nested/);
      // A throw inside apply still closes the barrier.
      physics.barrier((s) => s.createBody());
      expect(physics.bodyCount).toBe(1);
    });

    it('a body created at the barrier has its pose at once and moves from the next step', async () => {
      physics = await create({ gravity: [0, 0, 0] });
      const body = spawn({ position: [1, 2, 0], scale: [2, 3, 4], linearVelocity: [6, 0, 0] });
      expect(physics.isBody(body)).toBe(true);
      expect(pose(body).position).toEqual([1, 2, 0]);
      expect(pose(body).rotation).toEqual([0, 0, 0, 1]);
      expect(pose(body).scale).toEqual([2, 3, 4]);
      physics.step(DT, 1);
      expect(pose(body).position[0]).toBeCloseTo(1 + 6 * DT, F32_DIGITS);
    });

    it('destroy is idempotent, and a destroyed handle never validates again, even when its slot is reused', async () => {
      physics = await create();
      const first = spawn({});
      physics.barrier((s) => {
        expect(s.destroyBody(first)).toBe(true);
        expect(s.destroyBody(first)).toBe(false);
      });
      const second = spawn({});
      expect(second).not.toBe(first);
      expect(physics.isBody(first)).toBe(false);
      expect(physics.isBody(second)).toBe(true);
      expect(() => physics.teleport(first, { position: [0, 0, 0] })).toThrow(/body \d+ is not live/);
      expect(() => physics.readPoses([first], 1, createPoseBuffer(1))).toThrow(/readPoses: body \d+ is not live/);
    });

    it('destroying a body destroys its colliders', async () => {
      physics = await create();
      let body = 0;
      let collider = 0;
      physics.barrier((s) => {
        body = s.createBody();
        collider = s.createCollider(body, { shape: { type: 'box', halfExtents: [1, 1, 1] } });
      });
      expect(physics.isCollider(collider)).toBe(true);
      physics.barrier((s) => s.destroyBody(body));
      expect(physics.isCollider(collider)).toBe(false);
      physics.barrier((s) => expect(s.destroyCollider(collider)).toBe(false));
    });
  });

  describe('"step with substeps": substeps are "solver subdivisions inside one fixed tick"', () => {
    it('one step advances the world by dt whatever the substeps: the velocity gained is g·dt', async () => {
      for (const substeps of [1, 4, 8]) {
        physics = await create();
        const body = spawn({ position: [0, 10, 0] });
        physics.step(DT, substeps);
        const velocity = new Float64Array(3);
        physics.readLinearVelocity(body, velocity);
        expect(velocity[1]).toBeCloseTo(-9.81 * DT, F32_DIGITS);
        // Inside the tick, positions integrate over dt/substeps: the drop is g·h²·n(n+1)/2 with h = dt/n.
        const h = DT / substeps;
        expect(pose(body).position[1]).toBeCloseTo(10 - 9.81 * h * h * (substeps * (substeps + 1)) / 2, F32_DIGITS);
        physics.destroy();
      }
    });

    it('refuses a bad dt or substep count, naming the argument', async () => {
      physics = await create();
      expect(() => physics.step(0, 4)).toThrow(OptionError);
      expect(() => physics.step(Number.NaN, 4)).toThrow(/step dtSeconds must be a finite number > 0, got NaN/);
      expect(() => physics.step(DT, 0)).toThrow(/step substeps must be a whole number >= 1, got 0/);
      expect(() => physics.step(DT, 1.5)).toThrow(/step substeps must be a whole number >= 1, got 1.5/);
    });
  });

  describe('"poses out" after the step, into caller-owned storage', () => {
    it('writes body i of the call at positions[3i], rotations[4i], scales[3i]', async () => {
      physics = await create({ gravity: [0, 0, 0] });
      const a = spawn({ position: [1, 1, 0] });
      const b = spawn({ position: [-3, 4, 0], rotation: [0, 0, Math.sin(0.5), Math.cos(0.5)] });
      const out = createPoseBuffer(2);
      physics.step(DT, 4);
      physics.readPoses([b, a], 2, out);
      expect([...out.positions]).toEqual([-3, 4, 0, 1, 1, 0]);
      expect(out.rotations[6]).toBeCloseTo(0, F32_DIGITS);
      expect(out.rotations[2]).toBeCloseTo(Math.sin(0.5), F32_DIGITS);
      expect(out.rotations[3]).toBeCloseTo(Math.cos(0.5), F32_DIGITS);
      expect([...out.scales!]).toEqual([1, 1, 1, 1, 1, 1]);
      expect(() => physics.readPoses([a, b], 2, createPoseBuffer(1))).toThrow(/exceeds/);
    });

    // A body at rest (asleep, or fixed) has its pose read out of Rapier once and copied until it moves again
    // (src/backends/rapier/rapier-adapter.ts); what readPoses reports must still be Rapier's pose, bit for bit.
    it('a body at rest reports the pose Rapier has, bit for bit: asleep, teleported, woken by a blow, fixed and moved, restored', async () => {
      const { ground } = await withGround();
      const resting = spawn({ position: [0, 0.5, 0] });
      const bodies = [ground, resting];
      const out = createPoseBuffer(bodies.length);
      /** The poses as a world restored from a snapshot of this moment reads them: straight out of Rapier, nothing kept. */
      const rapierPoses = async (): Promise<number[]> => {
        const fresh = await create({ gravity: DEFAULT_GRAVITY_MPS2 });
        try {
          fresh.restoreSnapshot!(physics.takeSnapshot!());
          const read = createPoseBuffer(bodies.length);
          fresh.readPoses(bodies, bodies.length, read);
          return [...read.positions, ...read.rotations];
        } finally {
          fresh.destroy();
        }
      };
      const reported = (): number[] => {
        physics.readPoses(bodies, bodies.length, out);
        return [...out.positions, ...out.rotations];
      };
      const steps = async (count: number): Promise<void> => {
        for (let i = 0; i < count; i++) {
          physics.step(DT, 4);
          expect(reported()).toEqual(await rapierPoses());
        }
      };
      await steps(240); // Rapier puts a body that keeps still for 2 s to sleep
      const asleepAt = reported();
      const asleep = physics.takeSnapshot!();

      // Teleported while asleep: at once, before any step.
      physics.teleport(resting, { position: [2, 0.75, 0] });
      expect(reported()[3]).toBe(2);
      expect(reported()).toEqual(await rapierPoses());
      await steps(240);

      // The fixed ground, which never sleeps and never moves by itself, moved by a teleport.
      physics.teleport(ground, { position: [0, -0.25, 0] });
      expect(reported()[1]).toBe(-0.25);
      expect(reported()).toEqual(await rapierPoses());
      await steps(240);

      // Woken by a ball dropped on it: it moves, and each step's pose is Rapier's.
      spawn({ position: [2.2, 3, 0] });
      const before = reported();
      await steps(60);
      expect(reported()).not.toEqual(before);

      // Restored to where it slept the first time: the pose of that world, not the one kept before.
      physics.restoreSnapshot!(asleep);
      expect(reported()).toEqual(asleepAt);
      await steps(10);
      expect(reported()).toEqual(asleepAt);
    });

    // docs/determinism.md: "`tickflow/rapier2d` turns a 2D body's angle into the pose's quaternion (and a
    // teleport's quaternion back) with the portable functions, so the poses it reports are the same in every engine."
    it('reads poses and teleports without an engine-approximated Math function (the poses are state a replay in another engine must reproduce)', async () => {
      physics = await create({ gravity: [0, -9.81, 0] });
      const body = spawn({ position: [0, 2, 0], rotation: [0, 0, Math.sin(0.4), Math.cos(0.4)], angularVelocity: [0, 0, 3] });
      const called = watchApproximatedMath();
      physics.teleport(body, { position: [1, 2, 0], rotation: [0, 0, Math.SQRT1_2, Math.SQRT1_2] });
      for (let i = 0; i < 10; i++) physics.step(DT, 4);
      const turned = pose(body).rotation;
      const calls = called();
      vi.restoreAllMocks();
      expect(calls).toEqual({});
      // A real turn was read: a unit quaternion about z, no longer the teleport's quarter turn.
      expect(turned[2]! ** 2 + turned[3]! ** 2).toBeCloseTo(1, F32_DIGITS);
      expect(turned[2]).not.toBeCloseTo(Math.SQRT1_2, 2);
    });
  });

  describe('"events out after the step": begin/end, both handles, contact point and normal', () => {
    it('a ball landing reports one begin in the step it touches, with the contact at its foot and the normal from A to B', async () => {
      const { ground } = await withGround();
      const ball = spawn({ position: [1.5, 0.9, 0] }, 0.5);
      const perStep: CollisionEvent[][] = [];
      for (let i = 0; i < 60; i++) {
        physics.step(DT, 4);
        perStep.push(events());
      }
      const landing = perStep.findIndex((list) => list.length > 0);
      expect(landing).toBeGreaterThan(0);
      expect(perStep[landing]).toHaveLength(1);
      const begin = perStep[landing]![0]!;
      expect(begin.kind).toBe('begin');
      expect(new Set([begin.bodyA, begin.bodyB])).toEqual(new Set([ground, ball]));
      expect(begin.hasContact).toBe(true);
      expect(begin.sensor).toBe(false);
      expect(begin.point[0]).toBeCloseTo(1.5, 2);
      expect(begin.point[1]).toBeCloseTo(0, 2);
      // From A towards B: up when A is the ground, down when A is the ball.
      expect(begin.normal[1]).toBeCloseTo(begin.bodyA === ground ? 1 : -1, 4);
      expect(Math.hypot(...begin.normal)).toBeCloseTo(1, 5);
      // "Drain collision events after every tick, not once per frame": each step reports only its own.
      expect(perStep.slice(landing + 1).every((list) => list.length === 0)).toBe(true);
    });

    it('a ball bouncing off reports end in the step it leaves the ground, with no contact point', async () => {
      const { ground } = await withGround();
      let ball = 0;
      physics.barrier((s) => {
        ball = s.createBody({ position: [0, 0.6, 0], linearVelocity: [0, -3, 0] });
        s.createCollider(ball, { shape: { type: 'ball', radius: 0.5 }, restitution: 1 });
      });
      const kinds: string[] = [];
      for (let i = 0; i < 30; i++) {
        physics.step(DT, 4);
        for (const e of events()) {
          kinds.push(e.kind);
          expect(new Set([e.bodyA, e.bodyB])).toEqual(new Set([ground, ball]));
          if (e.kind === 'end') {
            expect(e.hasContact).toBe(false);
            expect([...e.point, ...e.normal]).toEqual([0, 0, 0, 0, 0, 0]);
          }
        }
      }
      expect(kinds.slice(0, 2)).toEqual(['begin', 'end']);
    });

    it('destroying a touching body ends its contact in the next step, naming the destroyed handles', async () => {
      const { ground } = await withGround();
      const ball = spawn({ position: [0, 0.5, 0] }, 0.5);
      physics.step(DT, 4);
      expect(events().map((e) => e.kind)).toEqual(['begin']);
      physics.barrier((s) => s.destroyBody(ball));
      physics.step(DT, 4);
      const [end, ...rest] = events();
      expect(rest).toEqual([]);
      expect(end!.kind).toBe('end');
      expect(new Set([end!.bodyA, end!.bodyB])).toEqual(new Set([ground, ball]));
      expect(physics.isBody(ball)).toBe(false);
      physics.step(DT, 4);
      expect(physics.collisionCount).toBe(0);
    });

    it('a sensor reports begin and end of the overlap, without a contact point, and pushes nothing', async () => {
      physics = await create({ gravity: [0, 0, 0] });
      let zone = 0;
      physics.barrier((s) => {
        zone = s.createBody({ kind: 'fixed' });
        s.createCollider(zone, { shape: { type: 'box', halfExtents: [1, 1, 1] }, sensor: true });
      });
      const mover = spawn({ position: [-2, 0, 0], linearVelocity: [6, 0, 0] }, 0.25);
      const seen: string[] = [];
      for (let i = 0; i < 60; i++) {
        physics.step(DT, 4);
        for (const e of events()) {
          expect(e.sensor).toBe(true);
          expect(e.hasContact).toBe(false);
          seen.push(e.kind);
        }
      }
      expect(seen).toEqual(['begin', 'end']);
      expect(pose(mover).position[0]).toBeCloseTo(-2 + 6 * 60 * DT, 3);
      expect(() => physics.collisionAt(0)).toThrow(RangeError);
    });
  });

  describe('"teleport" and "a velocity is metres per second: assign it directly"', () => {
    it('teleport moves a body at once, turns it, and keeps its velocity', async () => {
      physics = await create({ gravity: [0, 0, 0] });
      const body = spawn({ position: [0, 0, 0], linearVelocity: [1, 0, 0] });
      physics.teleport(body, { position: [5, 6, 0], rotation: [0, 0, Math.SQRT1_2, Math.SQRT1_2] });
      const p = pose(body);
      expect(p.position).toEqual([5, 6, 0]);
      expect(p.rotation[2]).toBeCloseTo(Math.SQRT1_2, F32_DIGITS);
      physics.step(DT, 4);
      expect(pose(body).position[0]).toBeCloseTo(5 + DT, F32_DIGITS);
    });

    it.each(['dynamic', 'kinematic'] as const)('a %s body given v m/s moves v·dt in one step of dt', async (kind) => {
      physics = await create({ gravity: [0, 0, 0] });
      const body = spawn({ kind, position: [0, 1, 0] });
      physics.setLinearVelocity(body, 3, -2, 0);
      physics.step(DT, 4);
      const p = pose(body).position;
      expect(p[0]).toBeCloseTo(3 * DT, F32_DIGITS);
      expect(p[1]).toBeCloseTo(1 - 2 * DT, F32_DIGITS);
      const v = new Float64Array(3);
      physics.readLinearVelocity(body, v);
      expect(v[0]).toBeCloseTo(3, F32_DIGITS);
      expect(v[1]).toBeCloseTo(-2, F32_DIGITS);
      expect(() => physics.setLinearVelocity(body, Number.NaN, 0)).toThrow(/setLinearVelocity needs finite numbers/);
    });
  });

  describe('"gravity is metres per second squared"', () => {
    it('defaults to the seed\'s [0, -9.81, 0]; setGravity changes what one step adds to the velocity', async () => {
      physics = await create();
      expect(physics.gravity).toEqual([0, -9.81, 0]);
      const body = spawn({ position: [0, 50, 0] });
      physics.setGravity(2, -20, 0);
      expect(physics.gravity).toEqual([2, -20, 0]);
      physics.step(DT, 4);
      const v = new Float64Array(3);
      physics.readLinearVelocity(body, v);
      expect(v[0]).toBeCloseTo(2 * DT, F32_DIGITS);
      expect(v[1]).toBeCloseTo(-20 * DT, F32_DIGITS);
    });
  });

  describe('bad input is refused before Rapier sees it', () => {
    const where = name === 'rapier3d' ? 'createRapier3d' : 'createRapier2d';

    it('an unknown option key names the closest known one', async () => {
      await expect(create({ gravty: [0, -1, 0] } as never)).rejects.toThrow(`${where}: unknown option 'gravty'; did you mean 'gravity'?`);
      await expect(create({ gravity: [0, -1] } as never)).rejects.toThrow(`${where}: gravity must be 3 finite numbers, got an array of 2`);
    });

    it('a bad body or collider description names the option, the rule and the value', async () => {
      physics = await create();
      physics.barrier((s) => {
        expect(() => s.createBody({ postion: [0, 0, 0] } as never)).toThrow(`${where} createBody: unknown option 'postion'; did you mean 'position'?`);
        expect(() => s.createBody({ kind: 'static' as never })).toThrow(`${where}: createBody.kind must be one of dynamic, fixed, kinematic, got "static"`);
        expect(() => s.createBody({ position: [0, Number.NaN, 0] })).toThrow(`${where}: createBody.position must be 3 finite numbers`);
        expect(() => s.createBody({ rotation: [0, 0, 0, 2] })).toThrow(/createBody.rotation must be a unit quaternion/);
        const body = s.createBody();
        expect(() => s.createCollider(body, { shape: { type: 'ball', radius: -1 } })).toThrow(`${where}: createCollider.shape.radius must be a finite number > 0, got -1`);
        expect(() => s.createCollider(body, { shape: { type: 'cone' } as never })).toThrow(/createCollider.shape.type must be one of box, ball, capsule/);
        expect(() => s.createCollider(body, { shape: { type: 'ball', radius: 1 }, restitution: 2 })).toThrow(/createCollider.restitution must be a number in \[0, 1\], got 2/);
        expect(() => s.createCollider(12345, { shape: { type: 'ball', radius: 1 } })).toThrow(/createCollider: body 12345 is not live/);
      });
    });

    it('after destroy() every call throws, and a second destroy does nothing', async () => {
      physics = await create();
      physics.destroy();
      physics.destroy();
      expect(() => physics.step(DT, 4)).toThrow(`${where}: step after destroy()`);
      expect(() => physics.barrier(() => {})).toThrow(/barrier after destroy/);
    });
  });
});

describe('rapier2d specifics', () => {
  it('reports a 2D body\'s angle as a quaternion about z and its z as created; refuses 3D turns and z gravity', async () => {
    const physics = await createRapier2d({ gravity: [0, 0, 0] });
    let body = 0;
    physics.barrier((s) => {
      body = s.createBody({ position: [1, 2, 7], angularVelocity: [0, 0, 6] });
      s.createCollider(body, { shape: { type: 'box', halfExtents: [0.5, 0.5, 0] } });
      expect(() => s.createBody({ rotation: [1, 0, 0, 0] })).toThrow(/rotation must be a turn about the z axis in 2D/);
    });
    physics.step(DT, 4);
    const out = createPoseBuffer(1);
    physics.readPoses([body], 1, out);
    expect(out.positions[2]).toBe(7);
    // Spun at 6 rad/s for one tick: about 0.1 rad (Rapier linearizes the rotation's integration).
    expect(out.rotations[0]).toBe(0);
    expect(out.rotations[1]).toBe(0);
    expect(2 * Math.atan2(out.rotations[2]!, out.rotations[3]!)).toBeCloseTo(6 * DT, 3);
    // Turned by teleport: read back as the same quaternion about z.
    physics.teleport(body, { position: [0, 0, 3], rotation: [0, 0, Math.sin(0.6), Math.cos(0.6)] });
    physics.readPoses([body], 1, out);
    expect(out.positions[2]).toBe(3);
    expect(out.rotations[2]).toBeCloseTo(Math.sin(0.6), F32_DIGITS);
    expect(out.rotations[3]).toBeCloseTo(Math.cos(0.6), F32_DIGITS);
    expect(() => physics.setGravity(0, -9.81, 1)).toThrow(/setGravity must be a 2D gravity \[x, y, 0\]/);
    await expect(createRapier2d({ gravity: [0, -9.81, 3] })).rejects.toThrow(/gravity must be a 2D gravity/);
    physics.destroy();
  });
});
