import { NEVER } from 'rxjs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { constantClock, nullBackend, PhaseError, type NullSurface } from '../../../src/index.js';
import { createEngine, EngineError as PageEngineError, type PageEngine } from '../../../src/engines/page/index.js';
import { createRuntime, EngineError, type Runtime } from '../../../src/engines/runtime/index.js';
import { createStateEngine, type StateEngine } from '../../../src/engines/state/index.js';
import { createSystemsEngine, SceneSystem, type SceneSystemOptions, type SystemsEngine } from '../../../src/engines/systems/index.js';
import { Actor, createWorldEngine, type WorldEngine } from '../../../src/engines/world/index.js';

// Issue 19: "A user who learned one preset finds the same names and meanings
// in the next: start/stop/destroy, errors$, stats(), frame(), advance() (a
// spec asserts the same shape for all five)."

afterEach(() => vi.restoreAllMocks());

/** One preset built headless, with a hook that throws once (`boom`) and a way to make it run a frame. */
interface Preset {
  readonly name: string;
  readonly engine: WorldEngine | StateEngine<number, NullSurface> | SystemsEngine | Runtime | PageEngine;
  /** Runs one frame by hand (the page engine's `advance` takes seconds, the others a timestamp in ms). */
  readonly frame: () => void;
}

/** Every preset, each told to throw `boom` in a game hook of its first frame, and to report to `onError`. */
async function presets(boom: Error, onError: (error: EngineError) => void): Promise<Preset[]> {
  let thrown = false;
  const throwOnce = (): void => {
    if (thrown) return;
    thrown = true;
    throw boom;
  };
  class Thrower extends Actor {
    override tick(): void {
      throwOnce();
    }
  }
  const world = createWorldEngine({
    backend: nullBackend(),
    levels: { only: (w) => void w.spawn(new Thrower()) },
    startLevel: 'only',
    ticks: NEVER,
    clock: constantClock(1000 / 60),
    onError,
  });
  let stateThrown = false;
  const state = createStateEngine({
    backend: nullBackend(),
    initial: 0,
    update: (s) => {
      if (!stateThrown) {
        stateThrown = true;
        throw boom;
      }
      return s + 1;
    },
    ticks: NEVER,
    clock: constantClock(1000 / 60),
    onError,
  });
  let systemThrown = false;
  class Broken extends SceneSystem {
    constructor(readonly options: SceneSystemOptions) {
      super();
    }
    update(): void {
      if (systemThrown) return;
      systemThrown = true;
      throw boom;
    }
  }
  const systems = createSystemsEngine({ scenes: [{ id: 'main', systems: [Broken] }], startSceneId: 'main', ticks: NEVER, clock: constantClock(20), onError });
  await systems.play();
  let behaviorThrown = false;
  const runtime = createRuntime({
    scene: { objects: [{ name: 'thrower', behaviors: ['throws'] }] },
    behaviors: {
      throws: () => ({
        update() {
          if (behaviorThrown) return;
          behaviorThrown = true;
          throw boom;
        },
      }),
    },
    ticks: NEVER,
    clock: constantClock(1000 / 60),
    onError,
  });
  const page = createEngine({ pause: false, name: 'hero', onError: (error) => onError(error) });
  page.add({ name: 'thrower', step: () => throwOnce2() });
  let pageThrown = false;
  function throwOnce2(): void {
    if (pageThrown) return;
    pageThrown = true;
    throw boom;
  }
  return [
    { name: 'world', engine: world, frame: () => void world.advance() },
    { name: 'state', engine: state, frame: () => void state.advance() },
    { name: 'systems', engine: systems, frame: () => void systems.advance() },
    { name: 'runtime', engine: runtime, frame: () => void runtime.advance() },
    { name: 'page', engine: page, frame: () => page.advance(1 / 60) },
  ];
}

describe('the engine shell: one shape for all five presets', () => {
  // The lifecycle's behaviour, preset by preset, is lifecycle.spec.ts's.
  it('every preset reports a game hook\'s throw on errors$ and to onError, counts it, and gives frame() and stats() the same shape', async () => {
    const boom = new Error('boom');
    const reported: EngineError[] = [];
    const all = await presets(boom, (error) => reported.push(error));
    for (const { name, engine, frame } of all) {
      const streamed: EngineError[] = [];
      engine.errors$.subscribe((error) => streamed.push(error));
      const before = reported.length;
      // The state engine's advance() throws the frame's first error to the caller (its rule); the others report and go on.
      try {
        frame();
      } catch (error) {
        expect(name, 'only the state engine throws from advance()').toBe('state');
        expect(error).toBe(boom);
      }
      frame();
      // errors$: one type, naming the engine, the phase and the frame; counted; handed to onError.
      expect(reported.length - before, `${name}: one error reported`).toBe(1);
      const error = reported.at(-1)!;
      expect(error, name).toBeInstanceOf(EngineError);
      expect(error, name).toBeInstanceOf(PhaseError);
      expect(error.cause, name).toBe(boom);
      expect(typeof error.engine, name).toBe('string');
      expect(error.message, name).toContain(error.engine);
      expect(error.frame, `${name}: the frame it happened in`).toBeGreaterThan(0);
      expect(error.phase, name).not.toBe('outside a frame');
      expect(streamed, `${name}: errors$ sees what onError saw`).toEqual([error]);
      // frame(): FrameInfo in ms; stats(): the shell's counters.
      const info = engine.frame();
      expect(Object.keys(info).sort(), name).toEqual(['activeMs', 'count', 'lastDeltaMs', 'timeMs']);
      expect(info.count, name).toBeGreaterThanOrEqual(1);
      const stats = engine.stats();
      for (const field of ['frames', 'declined', 'droppedMs', 'errors', 'fps'] as const) {
        expect(typeof stats[field], `${name}.stats().${field}`).toBe('number');
      }
      expect(stats.frames, name).toBe(info.count);
      expect(stats.errors, name).toBe(1);
      // destroy(): idempotent; afterwards advance() refuses, naming the engine.
      engine.destroy();
      engine.destroy();
      expect(() => frame(), name).toThrow(/was destroyed/);
    }
    expect(PageEngineError).toBe(EngineError);
  });

  it('an onError that throws is contained: printed, never let through, and errors$ still sees the error', async () => {
    const print = vi.spyOn(console, 'error').mockImplementation(() => {});
    const all = await presets(new Error('boom'), () => {
      throw new Error('bad handler');
    });
    for (const { name, engine, frame } of all) {
      const streamed: EngineError[] = [];
      engine.errors$.subscribe((error) => streamed.push(error));
      try {
        frame();
      } catch {
        // the state engine's rule, above
      }
      expect(streamed, name).toHaveLength(1);
      engine.destroy();
    }
    expect(print).toHaveBeenCalledTimes(5);
    for (const [printed] of print.mock.calls) expect((printed as Error).message).toMatch(/^onError threw while handling: /);
  });

  it('"teardown from inside any hook ends the frame quietly": destroy() in a game hook reports nothing and runs nothing after it', async () => {
    const reported: EngineError[] = [];
    const after: string[] = [];
    let target: { destroy(): void } | undefined;
    const kill = (): void => target!.destroy();
    class Killer extends Actor {
      override tick(): void {
        kill();
      }
    }
    class After extends Actor {
      override tick(): void {
        after.push('world');
      }
    }
    const world = createWorldEngine({
      backend: nullBackend(),
      levels: { only: (w) => { w.spawn(new Killer()); w.spawn(new After()); } },
      startLevel: 'only',
      ticks: NEVER,
      clock: constantClock(1000 / 60),
      onError: (e) => reported.push(e),
    });
    class KillSystem extends SceneSystem {
      constructor(readonly options: SceneSystemOptions) {
        super();
      }
      update(): void {
        kill();
      }
    }
    class AfterSystem extends SceneSystem {
      constructor(readonly options: SceneSystemOptions) {
        super();
      }
      update(): void {
        after.push('systems');
      }
    }
    const systems = createSystemsEngine({ scenes: [{ id: 'main', systems: [KillSystem, AfterSystem] }], startSceneId: 'main', ticks: NEVER, clock: constantClock(20), onError: (e) => reported.push(e) });
    await systems.play();
    const runtime = createRuntime({
      scene: { objects: [{ name: 'killer', behaviors: ['kill'] }, { name: 'after', behaviors: ['after'] }] },
      behaviors: { kill: () => ({ fixedUpdate: kill }), after: () => ({ fixedUpdate: () => void after.push('runtime'), update: () => void after.push('runtime') }) },
      ticks: NEVER,
      clock: constantClock(1000 / 60),
      onError: (e) => reported.push(e),
    });
    const state = createStateEngine({ backend: nullBackend(), initial: 0, update: (s) => (kill(), s), render: () => void after.push('state'), ticks: NEVER, clock: constantClock(16), onError: (e) => reported.push(e) });
    for (const engine of [world, systems, runtime, state]) {
      target = engine;
      engine.advance();
      expect(engine.destroyed).toBe(true);
      expect(() => engine.advance()).toThrow(/was destroyed/);
    }
    expect(after, 'nothing ran after destroy() in the frame it was called from').toEqual([]);
    expect(reported, 'no spurious error').toEqual([]);
  });
});
