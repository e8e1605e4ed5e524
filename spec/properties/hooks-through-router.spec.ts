// Issue 22, the class behind defect 6: "every user-supplied hook is called
// through the shell's error router". DESIGN.md, the engine shell: "every
// error caught at a boundary is counted, handed to onError, emitted on one
// errors$ ... a throwing user hook, onError included, is contained". So a
// hook that throws changes nothing but the error count: a twin engine whose
// hooks do not throw ends in the same state, and each throw is reported once.
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { createRuntime, type Runtime } from '../../src/engines/runtime/index.js';
import { createSystemsEngine, SceneSystem, type BehaviorOptions, type SceneSystemOptions } from '../../src/engines/systems/index.js';

const never = { subscribe: () => ({ unsubscribe() {} }) };

// A throwing onError is printed by the router (it cannot be handed to itself): captured here, not logged.
let printed: MockInstance<typeof console.error>;
beforeEach(() => {
  printed = vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  printed.mockRestore();
});

describe('property: a user hook that throws changes nothing but the errors reported', () => {
  it('the runtime: any structural commands over any frames, with onDiagnostic (and onError) throwing or not, end the same', () => {
    const command = fc.oneof(
      fc.record({ kind: fc.constant('spawn' as const), name: fc.constantFrom('a', 'b', 'c') }),
      fc.record({ kind: fc.constantFrom('destroyObject' as const, 'addComponent' as const, 'removeComponent' as const), target: fc.nat(8), behavior: fc.constantFrom('tag', 'spawner') }),
      fc.constant({ kind: 'frame' as const }),
    );
    fc.assert(
      fc.property(fc.array(command, { minLength: 1, maxLength: 40 }), (commands) => {
        const twin = (throwing: boolean) => {
          const errors: string[] = [];
          const runtime: Runtime = createRuntime({
            scene: { objects: [{ name: 'first' }, { name: 'second', behaviors: ['spawner'] }] },
            behaviors: { tag: () => ({}), spawner: (game) => ({ onDestroy: () => void game.spawn({ name: 'child' }) }) },
            ticks: never,
            onDiagnostic: () => {
              if (throwing) throw new Error('onDiagnostic bug');
            },
            onError: (error) => {
              errors.push(error.message);
              if (throwing) throw new Error('onError bug');
            },
          });
          const handles: number[] = [runtime.find('first')!, runtime.find('second')!];
          let frame = 0;
          const states: unknown[] = [];
          runtime.advance(0);
          for (const c of commands) {
            if (c.kind === 'frame') {
              runtime.advance((++frame * 1000) / 60);
              states.push(runtime.handles().map((h) => runtime.nameOf(h)));
            } else if (c.kind === 'spawn') handles.push(runtime.spawn({ name: c.name }));
            else {
              const target = handles[c.target % handles.length]!; // live, dead or not yet spawned
              runtime[c.kind](target, c.behavior);
            }
          }
          runtime.advance((++frame * 1000) / 60);
          states.push(runtime.handles().map((h) => runtime.nameOf(h)));
          const { diagnostics, errors: counted } = runtime.stats();
          runtime.destroy();
          return { states, diagnostics, counted, errors };
        };
        const calm = twin(false);
        const throwing = twin(true);
        expect(throwing.states).toEqual(calm.states);
        expect(throwing.diagnostics).toBe(calm.diagnostics);
        expect(calm.errors.join("\n")).toBe("");
        // Each diagnostic's throw reported once, to onError (whose own throw is contained), and counted.
        expect(throwing.errors).toHaveLength(calm.diagnostics);
        expect(throwing.errors.every((message) => message.includes('onDiagnostic threw') && message.includes('onDiagnostic bug'))).toBe(true);
        expect(throwing.counted).toBe(calm.diagnostics);
      }),
      { numRuns: 200 },
    );
  });

  it('the systems engine: a listener, a behavior, a system hook and the backend throwing change nothing a twin sees', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.record({ listener: fc.boolean(), behavior: fc.boolean(), update: fc.boolean(), render: fc.boolean(), onError: fc.boolean() }),
        fc.array(fc.double({ min: 0, max: 200, noNaN: true }), { minLength: 1, maxLength: 30 }),
        async (throws, gapsMs) => {
          const twin = async (throwing: boolean) => {
            const thrown = (where: keyof typeof throws) => {
              if (throwing && throws[where]) throw new Error(`${where} bug`);
            };
            let heard = 0;
            class Mover extends SceneSystem {
              constructor(private readonly options: SceneSystemOptions) {
                super();
                options.events.addEventListener('ping', () => {
                  heard++;
                  thrown('listener');
                });
              }
              fixedUpdate(): void {
                for (const entity of this.options.scene.entities) entity.transform.x += this.options.time.fixedDeltaTime;
                this.options.events.dispatchEvent('ping');
              }
              update(): void {
                thrown('update');
              }
            }
            class Spinner {
              constructor(readonly options: BehaviorOptions) {}
              fixedUpdate(): void {
                this.options.entity.transform.rotation += 0.1;
                thrown('behavior');
              }
            }
            let errors = 0;
            const engine = createSystemsEngine({
              scenes: [{ id: 'main', systems: [Mover], entities: [{ id: 'a', behaviors: [Spinner] }, { id: 'b', behaviors: [Spinner] }] }],
              startSceneId: 'main',
              ticks: never,
              backend: { render: () => thrown('render'), destroy() {} },
              onError: () => {
                errors++;
                thrown('onError');
              },
            });
            await engine.play();
            let t = 0;
            for (const gap of gapsMs) engine.advance((t += gap));
            const state = {
              poses: engine.scene!.entities.map((e) => [e.id, e.transform.x, e.transform.rotation, e.drawn.x]),
              heard,
              frames: engine.stats().frames,
              fixedUpdates: engine.stats().fixedUpdates,
              time: { ...engine.time },
            };
            const counted = engine.stats().errors;
            engine.destroy();
            return { state, errors, counted };
          };
          const calm = await twin(false);
          const throwing = await twin(true);
          expect(throwing.state).toEqual(calm.state);
          expect(calm.errors).toBe(0);
          expect(throwing.counted).toBe(throwing.errors);
        },
      ),
      { numRuns: 150 },
    );
  });
});
