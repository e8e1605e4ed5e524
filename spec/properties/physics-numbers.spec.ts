// Issue 22, the class behind defect 2: "every number that reaches physics is
// checked against what the physics engine can hold (Rapier's 32-bit floats),
// at the one place that hands numbers to it", and the scene document's checks
// "refuse what the bridge would refuse". For any number in any field of a
// scene document that reaches physics, and any teleport or velocity: it is
// refused by the same rule everywhere, or it is simulated and every pose the
// runtime presents stays finite.
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { OptionError } from '../../operators/option-error.js';
import { createRapier3d } from '../../src/backends/rapier/rapier3d.js';
import { createRuntime, MAX_PHYSICS_MAGNITUDE, sceneProblems, type Runtime } from '../../src/engines/runtime/index.js';

vi.setConfig({ testTimeout: 120_000 });

const never = { subscribe: () => ({ unsubscribe() {} }) };
const TICKS = 30;

/** Any number, the edges of a 32-bit float (just inside and just outside) often. */
const anyNumber = fc.oneof(
  { weight: 3, arbitrary: fc.double() },
  {
    weight: 2,
    arbitrary: fc.constantFrom(MAX_PHYSICS_MAGNITUDE, -MAX_PHYSICS_MAGNITUDE, 3.4028235677973366e38, 1e39, -1e39, 1e300, 1e38, 0.5, 0, -0, Number.NaN, Infinity),
  },
);

/** A field of a scene document that reaches physics, with the rule its number keeps besides the 32-bit range. */
const FIELDS = [
  { path: 'objects[1].position[0]', rule: () => true },
  { path: 'objects[1].body.linear_velocity[1]', rule: () => true },
  { path: 'objects[1].body.gravity_scale', rule: () => true },
  { path: 'objects[1].body.colliders[0].radius', rule: (n: number) => n > 0 },
  { path: 'objects[1].body.colliders[0].offset[2]', rule: () => true },
  { path: 'objects[1].body.colliders[0].density', rule: (n: number) => n > 0 },
  { path: 'objects[1].body.colliders[0].friction', rule: (n: number) => n >= 0 },
  { path: 'objects[0].body.colliders[0].half_extents[0]', rule: (n: number) => n > 0 },
  { path: 'simulation.gravity[1]', rule: () => true },
] as const;

/** A ground and a ball above it, with `value` written at `path`. */
function sceneWith(path: string, value: number): Record<string, unknown> {
  const scene = {
    simulation: { gravity: [0, -9.81, 0] },
    objects: [
      { name: 'ground', position: [0, -0.5, 0], body: { kind: 'fixed', colliders: [{ shape: 'box', half_extents: [5, 0.5, 5] }] } },
      { name: 'ball', position: [0, 2, 0], body: { linear_velocity: [0, 0, 0], gravity_scale: 1, colliders: [{ shape: 'ball', radius: 0.5, offset: [0, 0, 0], density: 1, friction: 0.5 }] } },
    ],
  };
  const keys = path.replace(/\[(\d+)\]/g, '.$1').split('.');
  let at: Record<string, unknown> = scene;
  for (const key of keys.slice(0, -1)) at = at[key] as Record<string, unknown>;
  at[keys.at(-1)!] = value;
  return scene;
}

/** Whether every pose the runtime presents is finite. */
function presentsFinite(runtime: Runtime): boolean {
  return runtime.handles().every((handle) => {
    const { position, rotation, scale } = runtime.presentation(handle);
    return [...position, ...rotation, ...scale].every(Number.isFinite);
  });
}

const withinRange = (n: number) => Number.isFinite(n) && Math.abs(n) <= MAX_PHYSICS_MAGNITUDE;

describe('property: a number physics cannot hold never reaches it; one that it can is simulated with finite poses', () => {
  it('any number in any field of a scene document that reaches physics: refused by the scene checks, by path, exactly when physics cannot hold it (or its own rule fails); otherwise it runs with finite poses', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...FIELDS), anyNumber, async ({ path, rule }, value) => {
        const scene = sceneWith(path, value);
        const problems = sceneProblems(scene);
        const valid = withinRange(value) && rule(value);
        expect(problems.map((p) => p.path)).toEqual(valid ? [] : [path]);
        if (!valid) return;
        const runtime = createRuntime({ scene, physics: await createRapier3d(), ticks: never, onError: (error) => { throw error; } });
        for (let i = 0; i <= TICKS; i++) runtime.advance((i * 1000) / 60);
        expect(presentsFinite(runtime)).toBe(true);
        runtime.destroy();
      }),
      { numRuns: 150 },
    );
  });

  it('any teleport or velocity: refused with an OptionError that changes nothing, or simulated with finite poses', async () => {
    const anyVector = fc.tuple(anyNumber, anyNumber, anyNumber);
    const operation = fc.oneof(
      anyVector.map((v) => ({ kind: 'teleport' as const, v })),
      anyVector.map((v) => ({ kind: 'setVelocity' as const, v })),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(operation, { minLength: 1, maxLength: 6 }), async (operations) => {
        const runtime = createRuntime({ scene: sceneWith('objects[1].position[0]', 0), physics: await createRapier3d(), ticks: never, onError: (error) => { throw error; } });
        const ball = runtime.find('ball')!;
        let frame = 0;
        runtime.advance(0);
        for (const { kind, v } of operations) {
          const before = [...runtime.transform(ball).position, ...runtime.velocity(ball, new Float64Array(3))];
          let refused: unknown;
          try {
            if (kind === 'teleport') runtime.teleport(ball, { position: v });
            else runtime.setVelocity(ball, ...v);
          } catch (error) {
            refused = error;
          }
          expect(refused === undefined).toBe(v.every(withinRange));
          if (refused !== undefined) {
            expect(refused).toBeInstanceOf(OptionError);
            expect([...runtime.transform(ball).position, ...runtime.velocity(ball, new Float64Array(3))]).toEqual(before);
          }
          for (let i = 0; i < 5; i++) runtime.advance((++frame * 1000) / 60);
          expect(presentsFinite(runtime)).toBe(true);
        }
        runtime.destroy();
      }),
      { numRuns: 100 },
    );
  });
});
