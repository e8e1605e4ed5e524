// The code of docs/physics.md, run as a test, and a check that the guide's
// block stands here verbatim (between "// --- guide: <name>" and "// --- end").
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { expect, it, vi } from 'vitest';

const logged = vi.spyOn(console, 'log').mockImplementation(() => {});
// --- guide: physics-start
import { createPoseBuffer, createRapier3d, DEFAULT_PHYSICS_SUBSTEPS } from 'tickflow/rapier3d';

const physics = await createRapier3d({ gravity: [0, -9.81, 0] }); // m/s², the default

let ball = 0;
physics.barrier((structure) => {
  const ground = structure.createBody({ kind: 'fixed' });
  structure.createCollider(ground, { shape: { type: 'box', halfExtents: [10, 0.5, 10] }, offset: [0, -0.5, 0] });
  ball = structure.createBody({ position: [0, 2, 0] });
  structure.createCollider(ball, { shape: { type: 'ball', radius: 0.5 }, restitution: 0.6 });
});

const poses = createPoseBuffer(1); // allocated once; the runtime keeps a previous and a current one
for (let tick = 0; tick < 120; tick++) {
  if (tick === 60) physics.setLinearVelocity(ball, 2, 5, 0); // m/s, assigned directly
  physics.step(1 / 60, DEFAULT_PHYSICS_SUBSTEPS);
  physics.readPoses([ball], 1, poses); // poses.positions[0..2], poses.rotations[0..3] (x, y, z, w)
  for (let i = 0; i < physics.collisionCount; i++) {
    const hit = physics.collisionAt(i); // kind 'begin' | 'end', bodyA/bodyB, colliderA/colliderB, point, normal (A -> B)
    if (hit.kind === 'begin') console.log('bounce at', hit.point[0], hit.point[1], hit.point[2]);
  }
}
physics.destroy();
// --- end
const calls = [...logged.mock.calls];
logged.mockRestore();

it('the guide\'s ball bounces: a begin event with its contact point on the ground', () => {
  const bounces = calls.filter((call) => call[0] === 'bounce at');
  expect(bounces.length).toBeGreaterThan(0);
  expect(bounces[0]![2]).toBeCloseTo(0, 2); // the contact's y: the ground's top face
});

it('every code block of docs/physics.md marked "runs" is code this spec runs', () => {
  const repo = resolve(import.meta.dirname, '../..');
  const guide = readFileSync(resolve(repo, 'docs/physics.md'), 'utf8');
  const spec = readFileSync(resolve(repo, 'spec/docs/physics-guide.spec.ts'), 'utf8');
  const regions = new Map([...spec.matchAll(/\/\/ --- guide: (\S+)\n([\s\S]*?)\/\/ --- end/g)].map((r) => [r[1]!, r[2]!.trimEnd()]));
  const blocks = [...guide.matchAll(/<!-- runs: (\S+) -->\n```ts\n([\s\S]*?)```/g)].map((b) => [b[1]!, b[2]!.trimEnd()]);
  expect(blocks.length).toBe(regions.size);
  for (const [name, code] of blocks) expect(regions.get(name!), `block "${name}"`).toBe(code);
});
