import { createRapier3d } from 'tickflow/rapier3d';
import { createRuntime, type Behavior, type BehaviorGame, type Runtime } from 'tickflow/runtime';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { OptionError } from '../../operators/option-error.js';
import { forgetWarnedCallSites } from '../../src/engines/shell/nondeterminism-warnings.js';
import { syncTest } from '../../src/replay/sync-test.js';
import { captureConsole } from '../support/console-capture.js';

// Issue 20, item 4, for "the fixed-tick runtime, through Rapier's snapshot
// and the object table": every tick save, run; roll back k ticks,
// re-simulate, compare; "It catches a behavior that calls Math.random(),
// Date.now() or iterates an insertion-ordered collection filled in a
// different order".

// The development warnings for Math.random() and Date.now() in a step: captured, and asserted where provoked.
const warnings = captureConsole('warn', forgetWarnedCallSites);

type Kick = (game: BehaviorGame, tick: number) => number;

/** Three balls falling onto a floor and into each other; every 10th tick each gets a sideways kick worth `kick(game, tick)`. */
function balls(kick: Kick) {
  return async (): Promise<Runtime> =>
    createRuntime({
      physics: await createRapier3d(),
      scene: {
        objects: [
          { name: 'floor', body: { kind: 'fixed', colliders: [{ shape: 'box', half_extents: [10, 0.5, 10] }] }, position: [0, -0.5, 0] },
          { name: 'a', position: [-0.6, 1, 0], body: { colliders: [{ shape: 'ball', radius: 0.5 }] }, behaviors: ['kicked'] },
          { name: 'b', position: [0.3, 2.2, 0], body: { colliders: [{ shape: 'ball', radius: 0.5 }] }, behaviors: ['kicked'] },
          { name: 'c', position: [0, 3.4, 0.2], body: { colliders: [{ shape: 'box', half_extents: [0.4, 0.4, 0.4] }] }, behaviors: ['kicked'] },
        ],
      },
      behaviors: {
        kicked: (): Behavior => ({
          fixedUpdate(game, self) {
            const tick = game.stats().ticks;
            if (tick % 10 !== 0) return;
            const v = new Float64Array(3);
            game.velocity(self, v);
            game.setVelocity(self, v[0]! + kick(game, tick), v[1]!, v[2]!);
          },
        }),
      },
      ticks: { subscribe: () => ({ unsubscribe: () => {} }) },
      onError: (error) => {
        throw error;
      },
    });
}

describe('syncTest on the fixed-tick runtime (Rapier snapshot + object table)', { timeout: 120_000 }, () => {
  it('a deterministic game (physics contacts, kicks drawn from game.random) passes every rollback', async () => {
    const report = await syncTest(balls((game) => game.random.next() - 0.5), { ticks: 60 });
    expect(report).toEqual({ ok: true, ticks: 60, rollback: 2 });
  });

  it('catches Math.random() in fixedUpdate: the tick, and the velocity it changed', async () => {
    const report = await syncTest(balls((_game, tick) => (tick >= 20 ? Math.random() - 0.5 : 0.1)), { ticks: 60 });
    expect(report.ok).toBe(false);
    expect(report.firstMismatch!.tick).toBe(20); // the tick after which stats().ticks reads 20: the first with tick >= 20
    const paths = report.firstMismatch!.fields.map((f) => f.path);
    expect(paths).toContain('.state.objects.a.velocity[0]');
    expect(paths.every((p) => /^\.state\.objects\.[abc]\./.test(p))).toBe(true);
    expect(warnings.take()).toEqual([expect.stringContaining('tickflow: Math.random() was called in phase "tick" of the runtime, at ')]);
  });

  it('catches Date.now() in fixedUpdate', async () => {
    // Whole seconds of the clock, which the sync test's shift of an hour moves (Date.now() % 1000 would not see it).
    const report = await syncTest(balls(() => (Math.floor(Date.now() / 1000) % 1000) / 1000), { ticks: 30 });
    expect(report.ok).toBe(false);
    expect(report.firstMismatch!.tick).toBe(10);
    expect(report.firstMismatch!.fields.some((f) => f.path === '.state.objects.b.velocity[0]')).toBe(true);
    expect(warnings.take()).toEqual([expect.stringContaining('tickflow: Date.now() was called in phase "tick" of the runtime, at ')]);
  });

  it('catches iteration over an insertion-ordered collection kept outside the state', async () => {
    // A director seats three markers in the order of a Set it keeps beside
    // the runtime; whoever moved last goes to the back. A rollback puts the
    // poses back, not the Set, so a re-simulated tick seats them in another order.
    const names = ['ann', 'bob', 'cyd'];
    const queue = new Set(names);
    const report = await syncTest(
      async () =>
        createRuntime({
          scene: { objects: [{ name: 'director', behaviors: ['seat'] }, ...names.map((name) => ({ name }))] },
          behaviors: {
            seat: (): Behavior => ({
              fixedUpdate(game) {
                const mover = names[game.stats().ticks % names.length]!;
                queue.delete(mover);
                queue.add(mover);
                let seat = 0;
                for (const name of queue) game.setTransform(game.find(name)!, { position: [seat++, 0, 0] });
              },
            }),
          },
          ticks: { subscribe: () => ({ unsubscribe: () => {} }) },
        }),
      { ticks: 20 },
    );
    expect(report.ok).toBe(false);
    expect(report.firstMismatch!.tick).toBeLessThan(4);
    expect(report.firstMismatch!.fields.every((f) => /^\.state\.objects\.(ann|bob|cyd)\.position\[0\]$/.test(f.path))).toBe(true);
  });

  it('state a behavior keeps in its closure is outside the runtime: flagged, until the save and restore options carry it', async () => {
    const spins = new Map<string, { angle: number }>();
    const build = async (): Promise<Runtime> =>
      createRuntime({
        scene: { objects: [{ name: 'spinner', behaviors: ['spin'] }] },
        behaviors: {
          spin: (game, self): Behavior => {
            const state = { angle: 0 };
            spins.set(game.nameOf(self), state);
            return {
              fixedUpdate(g, me, delta) {
                state.angle += (1 + state.angle) * delta;
                g.setTransform(me, { position: [state.angle, 0, 0] });
              },
            };
          },
        },
        ticks: { subscribe: () => ({ unsubscribe: () => {} }) },
      });
    const without = await syncTest(build, { ticks: 10 });
    expect(without.ok).toBe(false);
    expect(without.firstMismatch!.fields.map((f) => f.path)).toEqual(['.state.objects.spinner.position[0]']);
    const withSave = await syncTest(build, {
      ticks: 10,
      save: () => spins.get('spinner')!.angle,
      restore: (_engine, angle) => void (spins.get('spinner')!.angle = angle as number),
    });
    expect(withSave).toEqual({ ok: true, ticks: 10, rollback: 2 });
  });

  it('structural commands are rolled back with the rest: a behavior that spawns a spark every frame passes', async () => {
    // Issue 26, item 2: "syncTest for every preset on that API, including the runtime with spawns, ... inside the rolled-back ticks (today refused)".
    const build = async (): Promise<Runtime> =>
      createRuntime({
        scene: { objects: [{ name: 'spawner', behaviors: ['spawns'] }] },
        behaviors: { spawns: (): Behavior => ({ update: (game) => void game.spawn({ name: 'spark' }) }) },
        ticks: { subscribe: () => ({ unsubscribe: () => {} }) },
      });
    expect(await syncTest(build, { ticks: 5 })).toEqual({ ok: true, ticks: 5, rollback: 2 });
  });

  it('deltaMs and input are taken for a runtime too: the input (latches included) is saved and restored with the rest', async () => {
    expect(await syncTest(balls(() => 0), { ticks: 20, deltaMs: 10 })).toEqual({ ok: true, ticks: 20, rollback: 2 });
    // Kicked on the tick after a jump press (a latched edge, consumed once); the press comes on every 5th tick.
    const report = await syncTest(balls((game) => (game.input().jump ? 1 : 0)), {
      ticks: 30,
      input: (engine, tick) => {
        if (tick % 5 === 0) engine.press('Space');
        if (tick % 5 === 2) engine.release('Space');
      },
    });
    expect(report).toEqual({ ok: true, ticks: 30, rollback: 2 });
  });
});
