import { describe, expect, it } from 'vitest';
import { createSystemsEngine, SceneSystem, type SceneSystemOptions } from '../../src/engines/systems/index.js';
import { forgetWarnedCallSites } from '../../src/engines/shell/nondeterminism-warnings.js';
import { syncTest } from '../../src/replay/sync-test.js';
import { captureConsole } from '../support/console-capture.js';

// Issue 26, item 2: "syncTest for every preset on that API, including ...
// the world and systems engines". The state engine, the runtime and the page
// engine have their own specs (sync-test.spec.ts, sync-test-runtime*.spec.ts,
// spec/engines/page/save-restore.spec.ts).

const warnings = captureConsole('warn', forgetWarnedCallSites);

/** A systems game: a spawner adds a spark entity every 5th fixed step (drawn from `jitter`), sparks fall and are removed below 0. */
function sparks(jitter: (options: SceneSystemOptions) => number, hook = true) {
  return async () => {
    class Sparks extends SceneSystem {
      private spawned = 0;
      private steps = 0;
      constructor(private readonly options: SceneSystemOptions) {
        super();
      }
      saveState() {
        return { spawned: this.spawned, steps: this.steps };
      }
      restoreState(state: { spawned: number; steps: number }) {
        this.spawned = state.spawned;
        this.steps = state.steps;
      }
      fixedUpdate(): void {
        const { scene, time } = this.options;
        if (this.steps++ % 5 === 0) {
          scene.createEntity({ id: `spark-${++this.spawned}`, transform: { x: jitter(this.options), y: 3 }, components: { vy: { v: 0 } } });
        }
        for (const entity of [...scene.entities]) {
          if (!entity.id.startsWith('spark')) continue;
          const vy = entity.components['vy'] as { v: number };
          vy.v -= 9.81 * time.fixedDeltaTime;
          entity.transform.y += vy.v * time.fixedDeltaTime;
          if (entity.transform.y < 0) scene.removeEntity(entity);
        }
      }
    }
    if (!hook) {
      // The same system without its save/restore pair: its counters are outside the snapshot.
      delete (Sparks.prototype as Partial<Sparks>).saveState;
      delete (Sparks.prototype as Partial<Sparks>).restoreState;
    }
    const engine = createSystemsEngine({
      scenes: [{ id: 'main', systems: [Sparks], entities: [{ id: 'ground' }] }],
      startSceneId: 'main',
      ticks: { subscribe: () => ({ unsubscribe() {} }) },
      globalOptions: { performance: { fixedUpdateRate: 50 } },
      onError: (error) => {
        throw error;
      },
    });
    await engine.play();
    return engine;
  };
}

describe('syncTest on the systems engine', () => {
  it('a game that spawns and removes entities inside the rolled-back ticks, drawing from engine.random, passes', async () => {
    const report = await syncTest(sparks((options) => options.engine.random.next()), { ticks: 90 });
    expect(report).toEqual({ ok: true, ticks: 90, rollback: 2 });
  });

  it('catches Math.random() in fixedUpdate: the tick and the entity field', async () => {
    const report = await syncTest(sparks(() => Math.random()), { ticks: 30 });
    expect(report.ok).toBe(false);
    expect(report.firstMismatch!.fields.some((f) => /^\.state\.entities\[\d+\]\.x$/.test(f.path))).toBe(true);
    expect(warnings.take()).toEqual([expect.stringContaining('tickflow: Math.random() was called in phase')]);
  });

  it('a system that keeps counters in its own fields without the saveState/restoreState hook is caught (a rollback does not put them back)', async () => {
    const report = await syncTest(sparks((options) => options.engine.random.next(), false), { ticks: 30 });
    expect(report.ok).toBe(false);
    warnings.take(); // the development warning about the unsaved fields, asserted in the systems engine's own spec
  });
});

describe('syncTest on the world engine', () => {
  it('a game that spawns and destroys actors inside the rolled-back ticks, drawing from engine.random, passes; the same with Math.random() is caught at its field', async () => {
    const { Actor, createWorldEngine } = await import('../../src/engines/world/index.js');
    const { nullBackend } = await import('../../src/index.js');
    const build = (draw: (engine: { random: { next(): number } }) => number) => async () => {
      class Drop extends Actor {
        vy = 0;
        override tick(dt: number): void {
          this.vy -= 9.81 * dt;
          this.y += this.vy * dt;
          if (this.y < 0) this.world!.destroy(this);
        }
      }
      class Cloud extends Actor {
        frames = 0; // a field: in the snapshot (a closure variable would not be)
        override tick(): void {
          if (this.frames++ % 4 === 0) this.world!.spawn(new Drop(), { x: draw(engine), y: 2 });
        }
      }
      const engine = createWorldEngine({
        backend: nullBackend(),
        ticks: { subscribe: () => ({ unsubscribe() {} }) },
        levels: { sky: (world) => void world.spawn(new Cloud(), { x: 0, y: 5 }) },
        startLevel: 'sky',
        classes: { Drop, Cloud },
      });
      await engine.ready;
      return engine;
    };
    expect(await syncTest(build((engine) => engine.random.next()), { ticks: 60 })).toEqual({ ok: true, ticks: 60, rollback: 2 });
    const report = await syncTest(build(() => Math.random()), { ticks: 60 });
    expect(report.ok).toBe(false);
    expect(report.firstMismatch!.fields.some((f) => /^\.state\.actors\[\d+\]\.x$/.test(f.path))).toBe(true);
    warnings.take();
  });
});
