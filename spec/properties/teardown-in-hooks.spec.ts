// Issue 22, the class behind defect 16: "teardown from inside any hook ends
// the frame quietly". DESIGN.md, the engine shell: the lifecycle is
// "idempotent, safe from inside a hook"; engine-shell.ts: "after destroy()
// returns nothing of the engine runs, not even the rest of the frame it was
// called from". For every hook of the systems engine, the runtime and the page
// engine, at any frame: a teardown from inside it reports no error, no hook
// runs twice, and nothing of that engine runs afterwards, but for the rest of
// a teardown already under way (the systems engine's destroy hooks, which run
// once each and in the seed's order).
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { createRapier3d } from '../../src/backends/rapier/rapier3d.js';
import { createEngine } from '../../src/engines/page/index.js';
import { createRuntime, type Behavior, type Runtime } from '../../src/engines/runtime/index.js';
import { createSystemsEngine, WorldSystem, type BehaviorOptions, type SystemsEngine, type WorldSystemOptions } from '../../src/engines/systems/index.js';
import { testFrames } from '../engines/page/frames.js';

vi.setConfig({ testTimeout: 120_000 });

const never = { subscribe: () => ({ unsubscribe() {} }) };

/** Records every hook call, and every one made after the teardown returned. */
class Witness {
  readonly errors: string[] = [];
  readonly after: string[] = [];
  readonly counts = new Map<string, number>();
  calls = 0;
  quitting = false;
  torn = false;

  /** A hook ran: `quit` tears the engine down when it is the chosen hook and the chosen call has come. */
  ran(hook: string, chosen: string, atCall: number, quit: () => void): void {
    this.counts.set(hook, this.count(hook) + 1);
    if (this.torn) this.after.push(hook);
    if (hook !== chosen || this.torn || this.quitting || this.calls++ < atCall) return;
    this.quitting = true; // the teardown's own hooks run inside quit(): they are not "after"
    quit();
    this.torn = true;
  }

  count(hook: string): number {
    return this.counts.get(hook) ?? 0;
  }
}

describe('property: a teardown from inside any hook ends the frame quietly, and nothing of the engine runs after it', () => {
  it('the systems engine: every lifecycle and frame hook, an event listener, a behavior, the backend', async () => {
    const hooks = [
      'constructor', 'onWorldLoad', 'onWorldReady', 'onSceneLoad', 'onSceneEnter', 'fixedUpdate', 'update',
      'onSceneExit', 'onSceneDestroy', 'onWorldDestroy', 'listener', 'behavior.fixedUpdate', 'behavior.update', 'behavior.onDestroy', 'backend.render',
    ] as const;
    const tornFrom = new Set<string>();
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...hooks), fc.integer({ min: 0, max: 3 }), fc.constantFrom('destroy', 'destroyWorld'), async (chosen, atCall, verb) => {
        const witness = new Witness();
        let engine: SystemsEngine | undefined;
        const quit = () => (verb === 'destroy' ? engine!.destroy() : engine!.destroyWorld());
        const ran = (hook: string) => engine !== undefined && witness.ran(hook, chosen, atCall, quit);
        class Game extends WorldSystem {
          constructor(options: WorldSystemOptions) {
            super();
            ran('constructor');
            options.events.addEventListener('ping', () => ran('listener'));
          }
        }
        for (const hook of ['onWorldLoad', 'onWorldReady', 'onSceneLoad', 'onSceneEnter', 'fixedUpdate', 'update', 'onSceneExit', 'onSceneDestroy', 'onWorldDestroy']) {
          (Game.prototype as unknown as Record<string, () => void>)[hook] = () => ran(hook);
        }
        class Script {
          constructor(readonly options: BehaviorOptions) {
            ran('behavior.constructor');
          }
          fixedUpdate = () => ran('behavior.fixedUpdate');
          update = () => ran('behavior.update');
          onDestroy = () => ran('behavior.onDestroy');
        }
        engine = createSystemsEngine({
          systems: [Game],
          scenes: [{ id: 'a', entities: [{ id: 'x', behaviors: [Script] }, { id: 'y', behaviors: [Script] }] }, { id: 'b', entities: [{ id: 'z', behaviors: [Script] }] }],
          startSceneId: 'a',
          ticks: never,
          backend: { render: () => ran('backend.render'), destroy() {} },
          onError: (error) => witness.errors.push(error.message),
        });
        // Several worlds and scenes, so that every hook runs more than once.
        for (let round = 0; round < 3 && !engine.destroyed; round++) {
          await engine.play();
          for (let frame = 0; frame < 4 && engine.state === 'playing'; frame++) {
            engine.dispatchEvent('ping');
            engine.advance(round * 1000 + frame * 30);
          }
          if (engine.state === 'playing') await engine.loadScene(round % 2 === 0 ? 'b' : 'a');
          if (!engine.destroyed) engine.destroyWorld();
        }
        engine.destroy();
        expect(witness.errors).toEqual([]);
        // Nothing after the teardown but the rest of one already under way (when it was asked for from its hooks).
        const ending = ['onSceneExit', 'onSceneDestroy', 'onWorldDestroy', 'behavior.onDestroy'];
        if (verb === 'destroy') expect(witness.after.filter((hook) => !ending.includes(chosen) || !ending.includes(hook))).toEqual([]);
        // Every hook once: each scene entered exits, each scene loaded is destroyed, each world and behavior made is destroyed.
        const count = (hook: string) => witness.count(hook);
        expect(count('onSceneExit')).toBe(count('onSceneEnter'));
        expect(count('onSceneDestroy')).toBe(count('onSceneLoad'));
        expect(count('onWorldDestroy')).toBe(count('onWorldLoad')); // (a world torn down from its constructors never loads)
        expect(count('behavior.onDestroy')).toBe(count('behavior.constructor'));
        if (witness.torn) tornFrom.add(chosen);
      }),
      { numRuns: 120, examples: hooks.map((hook) => [hook, 0, 'destroy'] as [(typeof hooks)[number], number, 'destroy']) },
    );
    expect([...tornFrom].sort()).toEqual([...hooks].sort()); // every hook was torn down from at least once
  });

  it('the runtime: a behavior factory, every behavior callback, onDiagnostic and the backend, with physics', async () => {
    const hooks = ['create', 'onStart', 'fixedUpdate', 'update', 'lateUpdate', 'onCollision', 'onDestroy', 'onDiagnostic', 'backend.render'] as const;
    const tornFrom = new Set<string>();
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...hooks), fc.integer({ min: 0, max: 3 }), async (chosen, atCall) => {
        const witness = new Witness();
        let runtime: Runtime | undefined;
        const quit = () => runtime!.destroy();
        const ran = (hook: string) => runtime !== undefined && witness.ran(hook, chosen, atCall, quit);
        const script = (): Behavior => {
          ran('create');
          return {
            onStart: () => ran('onStart'),
            fixedUpdate: () => ran('fixedUpdate'),
            update: () => ran('update'),
            lateUpdate: () => ran('lateUpdate'),
            onCollision: () => ran('onCollision'),
            onDestroy: () => ran('onDestroy'),
          };
        };
        const ball = (name: string, y: number) => ({ name, position: [0, y, 0], behaviors: ['script'], body: { colliders: [{ shape: 'ball', radius: 0.5 }] } }) as const;
        runtime = createRuntime({
          scene: {
            objects: [{ name: 'ground', position: [0, -0.5, 0], body: { kind: 'fixed', colliders: [{ shape: 'box', half_extents: [5, 0.5, 5] }] } }, ball('a', 0.55), ball('b', 2)],
          },
          behaviors: { script },
          physics: await createRapier3d(),
          ticks: never,
          backend: { render: () => ran('backend.render'), destroy() {} },
          onDiagnostic: () => ran('onDiagnostic'),
          onError: (error) => witness.errors.push(error.message),
        });
        for (let frame = 0; frame < 40 && !runtime.destroyed; frame++) {
          runtime.advance((frame * 1000) / 60);
          if (runtime.destroyed) break;
          // Each frame, structural work for the next barrier: spawns, destroys, a component, a dead handle.
          const spawned = runtime.spawn(ball(`s${frame}`, 4));
          if (frame % 3 === 2) runtime.destroyObject(runtime.find(`s${frame - 2}`) ?? spawned);
          runtime.addComponent(runtime.find('a') ?? spawned, 'script');
          runtime.removeComponent(runtime.find('b') ?? spawned, 'script');
          if (frame === 5) runtime.replaceScene(runtime.document);
        }
        expect(witness.errors).toEqual([]);
        expect({ chosen, atCall, after: witness.after }).toEqual({ chosen, atCall, after: [] });
        runtime.destroy();
        if (witness.torn) tornFrom.add(chosen);
      }),
      { numRuns: 80, examples: hooks.map((hook) => [hook, 0] as [(typeof hooks)[number], number]) },
    );
    expect([...tornFrom].sort()).toEqual([...hooks].sort());
  });

  it('the page engine: read, step, render and a pause listener, with another engine on the same page running on', () => {
    const hooks = ['read', 'step', 'render', "on('pause')"] as const;
    const tornFrom = new Set<string>();
    fc.assert(
      fc.property(fc.constantFrom(...hooks), fc.integer({ min: 0, max: 5 }), fc.boolean(), (chosen, atCall, byHand) => {
        const witness = new Witness();
        const frames = testFrames();
        const engine = createEngine({ frames, pause: false, onError: (error) => witness.errors.push(error.message) });
        const other = createEngine({ frames, pause: false, onError: (error) => witness.errors.push(`other: ${error.message}`) });
        let otherFrames = 0;
        other.add({ render: () => void otherFrames++ });
        const quit = () => engine.destroy();
        for (const name of ['first', 'second']) {
          engine.add({
            name,
            read: () => witness.ran('read', chosen, atCall, quit),
            step: () => witness.ran('step', chosen, atCall, quit),
            render: () => witness.ran('render', chosen, atCall, quit),
          });
        }
        engine.on('pause', () => witness.ran("on('pause')", chosen, atCall, quit));
        engine.start();
        other.start();
        for (let frame = 0; frame < 12 && !witness.torn; frame++) {
          if (byHand) engine.advance(1 / 30);
          else frames.tick(frame * 20);
          if (frame % 4 === 3 && !witness.torn) {
            engine.pause();
            engine.resume();
          }
        }
        const before = otherFrames;
        frames.tick(1000);
        frames.tick(1020);
        expect(witness.errors).toEqual([]);
        expect(witness.after).toEqual([]);
        expect(otherFrames).toBe(before + 2); // the shared clock and the other engine keep running
        engine.destroy();
        other.destroy();
        if (witness.torn) tornFrom.add(chosen);
      }),
      { numRuns: 150, examples: hooks.map((hook) => [hook, 0, false] as [(typeof hooks)[number], number, boolean]) },
    );
    expect([...tornFrom].sort()).toEqual([...hooks].sort());
  });
});
