// Issue 22, the class behind defect 3: "an operation that is refused changes
// nothing (validate, then write)". For any pose, object, event or entity a
// game hands an engine: either the operation is refused with an OptionError
// (or a SceneDocumentError) and every pose, object and queue is as it was, or
// it is done and every pose stays finite.
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { OptionError } from '../../operators/option-error.js';
import { createRapier3d } from '../../src/backends/rapier/rapier3d.js';
import { createRuntime, SceneDocumentError, type Runtime } from '../../src/engines/runtime/index.js';
import { createSystemsEngine, type Scene } from '../../src/engines/systems/index.js';
import { thrownBy } from '../support/thrown.js';

vi.setConfig({ testTimeout: 120_000 });

const never = { subscribe: () => ({ unsubscribe() {} }) };

const anyNumber = fc.oneof(fc.double(), fc.constantFrom(0, 1, -1, 0.5, 1e39, Number.NaN, Infinity), fc.integer({ min: -10, max: 10 }));
/** A vector as a game might write one: an array or a Float64Array, of the right length or not, or anything at all. */
const anyVector = (length: number) =>
  fc.oneof(
    { weight: 4, arbitrary: fc.array(anyNumber, { minLength: length, maxLength: length }) },
    { weight: 2, arbitrary: fc.array(anyNumber, { minLength: length, maxLength: length }).map((v) => Float64Array.from(v)) },
    { weight: 1, arbitrary: fc.array(anyNumber, { maxLength: 5 }) },
    { weight: 1, arbitrary: fc.constantFrom([0, 0, 0, 1], [0, Math.SQRT1_2, 0, Math.SQRT1_2], [1, 1, 1]) },
    { weight: 1, arbitrary: fc.anything() },
  );
const anyPose = fc.oneof(
  { weight: 6, arbitrary: fc.record({ position: anyVector(3), rotation: anyVector(4), scale: anyVector(3) }, { requiredKeys: [] }) },
  { weight: 1, arbitrary: fc.anything() },
  { weight: 1, arbitrary: fc.record({ postion: anyVector(3) }) },
);

/** Everything a game can read of the runtime's objects. */
function snapshot(runtime: Runtime): unknown {
  return runtime.handles().map((handle) => {
    const { position, rotation, scale } = runtime.transform(handle);
    const shown = runtime.presentation(handle);
    return [runtime.nameOf(handle), [...position, ...rotation, ...scale], [...shown.position, ...shown.rotation, ...shown.scale]];
  });
}

const allFinite = (runtime: Runtime) =>
  runtime.handles().every((handle) => {
    const { position, rotation, scale } = runtime.presentation(handle);
    return [...position, ...rotation, ...scale].every(Number.isFinite);
  });

describe('property: an operation that is refused changes nothing', () => {
  it('the runtime: setTransform, teleport (with and without a body), setPresentation and spawn, with any pose or object', async () => {
    const operation = fc.oneof(
      fc.record({ kind: fc.constantFrom('setTransform', 'teleport', 'teleportBody', 'setPresentation'), pose: anyPose }),
      fc.record({ kind: fc.constant('spawn'), pose: fc.oneof(fc.anything(), fc.record({ name: fc.constantFrom('spawned', ''), position: anyVector(3) }, { requiredKeys: ['name'] })) }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(operation, { minLength: 1, maxLength: 8 }), async (operations) => {
        let pending: { kind: string; pose: unknown } | undefined;
        let outcome: unknown = 'not run';
        const runtime: Runtime = createRuntime({
          scene: {
            objects: [
              { name: 'marker', position: [1, 2, 3], behaviors: ['presenter'] },
              { name: 'ball', position: [0, 2, 0], body: { colliders: [{ shape: 'ball', radius: 0.5 }] } },
            ],
          },
          // setPresentation is allowed only during lateUpdate: the operation waits for it there.
          behaviors: {
            presenter: () => ({
              lateUpdate: (game, self) => {
                if (pending === undefined) return;
                outcome = thrownBy(() => game.setPresentation(self, pending!.pose as never));
                pending = undefined;
              },
            }),
          },
          physics: await createRapier3d(),
          ticks: never,
          onError: (error) => { throw error; },
        });
        const marker = runtime.find('marker')!;
        const ball = runtime.find('ball')!;
        let frame = 0;
        runtime.advance(0);
        for (const { kind, pose } of operations) {
          const before = snapshot(runtime);
          let refused: unknown;
          if (kind === 'setPresentation') {
            pending = { kind, pose };
            runtime.advance((++frame * 1000) / 60);
            refused = outcome; // (that frame blended its presentation first: a refused one shows in the poses staying finite)
          } else {
            refused = thrownBy(() => {
              if (kind === 'setTransform') runtime.setTransform(marker, pose as never);
              else if (kind === 'teleport') runtime.teleport(marker, pose as never);
              else if (kind === 'teleportBody') runtime.teleport(ball, pose as never);
              else runtime.spawn(pose as never);
            });
            if (refused !== undefined) expect(snapshot(runtime)).toEqual(before);
          }
          if (refused !== undefined) expect(refused instanceof OptionError || refused instanceof SceneDocumentError).toBe(true);
          const objects = runtime.handles().length;
          runtime.advance((++frame * 1000) / 60);
          // A refused spawn queued nothing: the barrier adds no object.
          if (kind === 'spawn' && refused !== undefined) expect(runtime.handles().length).toBe(objects);
          expect(allFinite(runtime)).toBe(true);
        }
        runtime.destroy();
      }),
      { numRuns: 150 },
    );
  });

  it('the systems engine: createEntity, dispatchEvent and addEventListener, with anything', async () => {
    const operation = fc.oneof(
      fc.record({ kind: fc.constant('createEntity'), value: fc.oneof(fc.anything(), fc.record({ id: fc.oneof(fc.string(), fc.anything()), transform: fc.oneof(fc.anything(), fc.record({ x: anyNumber, y: anyNumber, rotation: anyNumber }, { requiredKeys: [] })), interpolate: fc.anything() }, { requiredKeys: [] })) }),
      fc.record({ kind: fc.constant('dispatchEvent'), value: fc.oneof(fc.string(), fc.anything()) }),
      fc.record({ kind: fc.constant('addEventListener'), value: fc.oneof(fc.constant(() => {}), fc.anything()) }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(operation, { minLength: 1, maxLength: 10 }), async (operations) => {
        const engine = createSystemsEngine({ scenes: [{ id: 'main', entities: [{ id: 'rock' }] }], startSceneId: 'main', ticks: never, onError: (error) => { throw error; } });
        await engine.play();
        const scene: Scene = engine.scene!;
        for (const { kind, value } of operations) {
          const before = { entities: scene.entities.length, queued: engine.queuedEvents };
          const refused = thrownBy(() => {
            if (kind === 'createEntity') scene.createEntity(value as never);
            else if (kind === 'dispatchEvent') engine.dispatchEvent(value as never);
            else engine.addEventListener('ping', value as never);
          });
          if (refused !== undefined) {
            expect(refused).toBeInstanceOf(OptionError);
            expect({ entities: scene.entities.length, queued: engine.queuedEvents }).toEqual(before);
          }
          for (const entity of scene.entities) expect([entity.transform.x, entity.transform.y, entity.transform.rotation].every(Number.isFinite)).toBe(true);
        }
        engine.destroy();
      }),
      { numRuns: 200 },
    );
  });
});
