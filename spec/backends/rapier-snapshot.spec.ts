import { createPoseBuffer, createRapier2d } from 'tickflow/rapier2d';
import { createRapier3d, type PhysicsAdapter } from 'tickflow/rapier3d';
import { describe, expect, it } from 'vitest';

// Issue 20, item 4: the fixed-tick runtime is rolled back "through Rapier's
// snapshot and the object table". The adapter's half: takeSnapshot() and
// restoreSnapshot() put the world back so the same steps give the same bits.

/** A floor and a pile of boxes and balls that collide as they fall (contacts, sleeping, events: the state a snapshot must carry). */
function pile(physics: PhysicsAdapter): number[] {
  const bodies: number[] = [];
  physics.barrier((structure) => {
    const floor = structure.createBody({ kind: 'fixed' });
    structure.createCollider(floor, { shape: { type: 'box', halfExtents: [20, 0.5, 20] } });
    for (let i = 0; i < 12; i++) {
      const body = structure.createBody({ position: [(i % 4) * 0.7 - 1, 1 + i * 0.8, 0], linearVelocity: [i % 3 === 0 ? 1 : -0.5, 0, 0] });
      structure.createCollider(body, { shape: i % 2 === 0 ? { type: 'ball', radius: 0.4 } : { type: 'box', halfExtents: [0.35, 0.35, 0.35] } });
      bodies.push(body);
    }
  });
  return bodies;
}

/** Steps `n` times and returns every pose and velocity as exact bits, and the collision events, step by step. */
function run(physics: PhysicsAdapter, bodies: number[], n: number): string[] {
  const poses = createPoseBuffer(bodies.length);
  const velocity = new Float64Array(3);
  const out: string[] = [];
  for (let i = 0; i < n; i++) {
    physics.step(1 / 60, 4);
    physics.readPoses(bodies, bodies.length, poses);
    const velocities = bodies.map((body) => (physics.readLinearVelocity(body, velocity), [...velocity]));
    const events = Array.from({ length: physics.collisionCount }, (_, k) => {
      const e = physics.collisionAt(k);
      return `${e.kind}:${e.bodyA}-${e.bodyB}`;
    });
    out.push(JSON.stringify([[...poses.positions].map(bits), [...poses.rotations].map(bits), velocities.flat().map(bits), events]));
  }
  return out;
}

function bits(x: number): string {
  const view = new DataView(new ArrayBuffer(8));
  view.setFloat64(0, x);
  return view.getBigUint64(0).toString(16);
}

describe.each([
  ['3D', createRapier3d],
  ['2D', createRapier2d],
] as const)('Rapier %s adapter: takeSnapshot / restoreSnapshot', { timeout: 60_000 }, (_name, create) => {
  it('restoring a snapshot and stepping again gives the same poses, velocities and events, bit for bit', async () => {
    const physics = await create();
    const bodies = pile(physics);
    run(physics, bodies, 20); // into contact
    const snapshot = physics.takeSnapshot!();
    const first = run(physics, bodies, 40);
    physics.restoreSnapshot!(snapshot);
    const again = run(physics, bodies, 40);
    expect(again).toEqual(first);
    // The states differ from step to step (the test could fail): the pile moved.
    expect(new Set(first).size).toBeGreaterThan(30);
    // And a second restore from the same snapshot too.
    physics.restoreSnapshot!(snapshot);
    expect(run(physics, bodies, 40)).toEqual(first);
    physics.destroy();
  });

  it('handles stay valid across a restore: teleport and velocity reach the restored world\'s bodies', async () => {
    const physics = await create();
    const bodies = pile(physics);
    const snapshot = physics.takeSnapshot!();
    run(physics, bodies, 5);
    physics.restoreSnapshot!(snapshot);
    physics.teleport(bodies[0]!, { position: [5, 5, 0] });
    physics.setLinearVelocity(bodies[0]!, 0, 0, 0);
    const poses = createPoseBuffer(1);
    physics.readPoses([bodies[0]!], 1, poses);
    expect([...poses.positions]).toEqual([5, 5, 0]);
    physics.destroy();
  });

  it('puts back which bodies exist: one destroyed since comes back under its handle, one created since goes, and the next body gets the handle it would have had', async () => {
    // Issue 26: "Ids and handles come back as the same numbers; objects destroyed after the save come back."
    const physics = await create();
    const bodies = pile(physics);
    run(physics, bodies, 20);
    const snapshot = physics.takeSnapshot!();
    const first = run(physics, bodies, 20);
    let extra = 0;
    physics.barrier((structure) => {
      structure.destroyBody(bodies[3]!);
      extra = structure.createBody({});
      structure.createCollider(extra, { shape: { type: 'ball', radius: 0.2 } });
    });
    physics.restoreSnapshot!(snapshot);
    expect(physics.isBody(bodies[3]!)).toBe(true);
    expect(physics.isBody(extra)).toBe(false);
    expect(physics.bodyCount).toBe(13);
    expect(run(physics, bodies, 20)).toEqual(first);
    // The next body gets the handle it would have had: the one an adapter that never moved on gives.
    const twin = await create();
    pile(twin);
    let expected = 0;
    twin.barrier((structure) => void (expected = structure.createBody({})));
    physics.restoreSnapshot!(snapshot);
    let again = 0;
    physics.barrier((structure) => void (again = structure.createBody({})));
    expect(again).toBe(expected);
    expect(again).not.toBe(extra); // extra took the destroyed body's slot, which is live again
    twin.destroy();
    physics.destroy();
  });

  it("a collider destroyed just before the snapshot still reports its 'end' event after a restore", async () => {
    const physics = await create();
    const bodies = pile(physics);
    run(physics, bodies, 40); // resting: the balls and boxes touch the floor
    physics.barrier((structure) => void structure.destroyBody(bodies[0]!));
    const snapshot = physics.takeSnapshot!();
    const ends = (): string[] => {
      physics.step(1 / 60, 4);
      return Array.from({ length: physics.collisionCount }, (_, k) => physics.collisionAt(k)).filter((e) => e.kind === 'end').map((e) => `${e.bodyA}-${e.bodyB}`);
    };
    const first = ends();
    expect(first.some((pair) => pair.includes(String(bodies[0])))).toBe(true);
    physics.restoreSnapshot!(snapshot);
    expect(ends()).toEqual(first);
    physics.destroy();
  });

  it('refuses what is not a snapshot of this adapter, naming the field, and the world is unchanged', async () => {
    const physics = await create();
    const bodies = pile(physics);
    const good = physics.takeSnapshot!() as unknown as Record<string, unknown>;
    const bad: [unknown, string][] = [
      [3, 'restoreSnapshot snapshot must be'],
      [{ ...good, world: 3 }, 'restoreSnapshot snapshot.world must be'],
      [{ ...good, world: new Uint8Array([1, 2, 3]) }, 'restoreSnapshot snapshot.world must be'],
      [{ ...good, bodyEntries: [] }, 'restoreSnapshot snapshot.bodyEntries must be'],
      [{ ...good, bodySlots: { generations: [1], free: [] } }, 'restoreSnapshot snapshot.bodySlots must be'],
      [{ ...good, colliders: [{ rapier: 0, handle: 'x', body: 1, sensor: false }] }, 'restoreSnapshot snapshot.colliders must be a Float64Array'],
      [{ ...good, colliders: (good.colliders as Float64Array).map((n, i) => (i === 1 ? 0.5 : n)) }, 'restoreSnapshot snapshot.colliders[0] must be a collider'],
      [{ ...good, gravity: [0, Number.NaN, 0] }, 'restoreSnapshot snapshot.gravity must be'],
    ];
    const before = run(physics, bodies, 1);
    const snapshot = physics.takeSnapshot!();
    for (const [value, message] of bad) expect(() => physics.restoreSnapshot!(value as never), message).toThrow(message);
    const after = run(physics, bodies, 1);
    physics.restoreSnapshot!(snapshot);
    expect(run(physics, bodies, 1)).toEqual(after); // the refusals changed nothing
    expect(before).not.toEqual(after);
    physics.destroy();
  });
});
