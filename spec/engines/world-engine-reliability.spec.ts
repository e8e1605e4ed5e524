// The world engine under what a game, a level file or a host can hand it
// (issue 12, "World engine" and "Collision"; issue 13, "Pause eats timers" and
// the async transition's fit). Each case failed before its fix.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  box,
  circle,
  constantClock,
  fitViewport,
  InvalidColliderError,
  manualTicks,
  nullBackend,
  OptionError,
  type PhaseError,
  type Viewport,
} from '../../src/index.js';
import {
  Actor,
  Component,
  Controller,
  createWorldEngine,
  GameMode,
  type TickContext,
  type World,
  type WorldBackend,
  type WorldScene,
} from '../../src/engines/world/index.js';

/** Unhandled rejections during a test: each must stay empty. */
let unhandled: unknown[] = [];
const onUnhandled = (reason: unknown): void => void unhandled.push(reason);
beforeEach(() => {
  unhandled = [];
  process.on('unhandledRejection', onUnhandled);
});
afterEach(() => {
  process.off('unhandledRejection', onUnhandled);
});

/** Lets every settled promise's handlers run, and a macrotask more (where Node reports unhandled rejections). */
const settle = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

function engineWith(level: (world: World) => void | Promise<void>, extra: Record<string, unknown> = {}) {
  const errors: PhaseError[] = [];
  const engine = createWorldEngine({
    backend: nullBackend(),
    levels: { main: level },
    startLevel: 'main',
    clock: constantClock(16),
    onError: (e) => errors.push(e),
    ...extra,
  });
  return { engine, errors };
}

const causes = (errors: readonly PhaseError[]) => errors.map((e) => [e.phase, e.frame, (e.cause as Error).message]);

describe('collision callbacks: "each actor\'s callback is isolated and reported on its own"', () => {
  class Touchy extends Actor {
    readonly seen: string[] = [];
    constructor(
      name: string,
      readonly throws: boolean,
      response: 'overlap' | 'block' = 'overlap',
    ) {
      super();
      this.name = name;
      this.response = response;
      this.shape = box(10, 10);
    }
    override onOverlapBegin(other: Actor): void {
      this.seen.push(`begin ${other.name}`);
      if (this.throws) throw new Error(`${this.name} begin bug`);
    }
    override onOverlapEnd(other: Actor): void {
      this.seen.push(`end ${other.name}`);
      if (this.throws) throw new Error(`${this.name} end bug`);
    }
    override onHit(other: Actor): void {
      this.seen.push(`hit ${other.name}`);
      if (this.throws) throw new Error(`${this.name} hit bug`);
    }
  }

  it("A's throwing onOverlapBegin and onOverlapEnd do not hide the event from B, nor from collision$", () => {
    let a!: Touchy;
    let b!: Touchy;
    const { engine, errors } = engineWith((world) => {
      a = world.spawn(new Touchy('a', true), { x: 0, y: 0 });
      b = world.spawn(new Touchy('b', false), { x: 5, y: 0 });
    });
    const streamed: string[] = [];
    engine.collision$.subscribe((e) => streamed.push(e.kind));
    engine.advance();
    a.x = 100;
    engine.advance();
    expect(a.seen).toEqual(['begin b', 'end b']);
    expect(b.seen).toEqual(['begin a', 'end a']);
    expect(streamed).toEqual(['begin', 'end']);
    expect(causes(errors)).toEqual([
      ['collision', 1, 'a begin bug'],
      ['collision', 2, 'a end bug'],
    ]);
  });

  it('both throwing: each reported on its own; onHit likewise, every frame', () => {
    let a!: Touchy;
    let b!: Touchy;
    const { engine, errors } = engineWith((world) => {
      a = world.spawn(new Touchy('a', true, 'block'), { x: 0, y: 0 });
      b = world.spawn(new Touchy('b', true, 'block'), { x: 5, y: 0 });
    });
    engine.advance();
    engine.advance();
    expect(a.seen).toEqual(['hit b', 'hit b']);
    expect(b.seen).toEqual(['hit a', 'hit a']);
    expect(causes(errors)).toEqual([
      ['collision', 1, 'a hit bug'],
      ['collision', 1, 'b hit bug'],
      ['collision', 2, 'a hit bug'],
      ['collision', 2, 'b hit bug'],
    ]);
  });
});

describe('"A non-finite position or shape is reported (actor, field, frame) and that actor is left out of the pass; everyone else collides as before"', () => {
  it('an actor at NaN is reported once, with the actor, the field and the frame; two healthy actors still begin', () => {
    const began: string[] = [];
    class Probe extends Actor {
      override onOverlapBegin(other: Actor): void {
        began.push(`${this.name}/${other.name}`);
      }
    }
    let broken!: Actor;
    const { engine, errors } = engineWith((world) => {
      broken = world.spawn(Object.assign(new Probe(), { name: 'broken', shape: circle(50) }), { x: 0, y: 0 });
      world.spawn(Object.assign(new Probe(), { name: 'left', shape: circle(5) }), { x: 0, y: 0 });
      world.spawn(Object.assign(new Probe(), { name: 'right', shape: circle(5) }), { x: 4, y: 0 });
    });
    broken.x = NaN; // a division by zero in a game's tick
    engine.advance();
    engine.advance();
    expect(began).toEqual(['left/right', 'right/left']);
    expect(errors).toHaveLength(1);
    const [error] = errors;
    expect([error!.phase, error!.frame]).toEqual(['collision', 1]);
    const cause = error!.cause as InvalidColliderError<Actor>;
    expect(cause).toBeInstanceOf(InvalidColliderError);
    expect(cause.collider).toBe(broken);
    expect(cause.field).toBe('x');
    expect(cause.message).toBe(
      `collision: x of collider ${broken.id} "broken" must be a finite number, got NaN; the collider is left out of the pass until it is`,
    );
    broken.x = 0;
    engine.advance(); // sound again: it collides with both
    expect(began.slice(2).sort()).toEqual(['broken/left', 'broken/right', 'left/broken', 'right/broken']);
  });
});

describe('the start level: "Report the failure once, clearly, with no unhandled rejection"', () => {
  it('an async loader that rejects: one report, no unhandled rejection, no frame and no per-frame errors after', async () => {
    const host = manualTicks();
    const { engine, errors } = engineWith(() => Promise.reject(new Error('404 level.json')), { ticks: host.ticks$ });
    engine.start();
    await settle();
    for (let i = 0; i < 5; i++) host.advance();
    expect(engine.advance()).toBe(false);
    await settle();
    expect(unhandled).toEqual([]);
    expect(errors.map((e) => [e.phase, (e.cause as Error).message])).toEqual([
      ['startLevel', 'createWorldEngine: the start level "main" failed to load; the engine runs no frame'],
    ]);
    expect(((errors[0]!.cause as Error).cause as Error).message).toBe('404 level.json');
    expect(engine.frame().count).toBe(0);
    expect(() => engine.world).toThrow('world: there is none: createWorldEngine: the start level "main" failed to load; the engine runs no frame');
    // Whoever awaits ready learns of it; nobody else gets a rejection.
    await expect(engine.ready).rejects.toThrow('the start level "main" failed to load');
    engine.destroy();
  });

  it('a loader that resolves: ready resolves and the first frame runs', async () => {
    const { engine } = engineWith(async (world) => {
      await Promise.resolve();
      world.spawn(new Actor());
    });
    expect(engine.advance()).toBe(false);
    await engine.ready;
    expect(engine.advance()).toBe(true);
    expect(engine.world.actors).toHaveLength(1);
  });
});

describe('engine.destroy(): "After destroy nothing of the engine runs"', () => {
  it('while the start level loads: no beginPlay, no render, no report, no unhandled rejection, whether the load resolves or rejects', async () => {
    for (const outcome of ['resolve', 'reject'] as const) {
      const log: string[] = [];
      let finish!: () => void;
      class Late extends Actor {
        override beginPlay(): void {
          log.push('beginPlay');
        }
      }
      const backend = nullBackend();
      const { engine, errors } = engineWith(
        async (world) => {
          world.spawn(Object.assign(new Late(), { endPlay: () => log.push('endPlay early') }));
          await new Promise<void>((resolve, reject) => (finish = outcome === 'resolve' ? resolve : () => reject(new Error('late failure'))));
          world.spawn(new Late()); // after destroy: refused, the loader's promise rejects, the engine ignores it
        },
        { backend },
      );
      engine.phase('render').subscribe(() => log.push('render'));
      expect(log).toEqual(['beginPlay']);
      engine.destroy();
      expect(log).toEqual(['beginPlay', 'endPlay early']); // the loading world closed with the engine
      finish();
      await settle();
      expect(log).toEqual(['beginPlay', 'endPlay early']);
      expect(backend.renderCount).toBe(0);
      expect(errors).toEqual([]);
      expect(unhandled).toEqual([]);
      await engine.ready; // settled by destroy
    }
  });

  it('while a transition loads: the suspended frame never finishes, the new level never opens', async () => {
    const log: string[] = [];
    let finish!: () => void;
    const backend = nullBackend();
    const errors: PhaseError[] = [];
    const engine = createWorldEngine({
      backend,
      clock: constantClock(16),
      onError: (e) => errors.push(e),
      levels: {
        one: (world) => void world.timers.after(0, () => world.openLevel('two')),
        two: async (world) => {
          await new Promise<void>((resolve) => (finish = resolve));
          world.spawn(Object.assign(new Actor(), { beginPlay: () => log.push('beginPlay in two') }));
        },
      },
      startLevel: 'one',
    });
    const render = backend.render.bind(backend);
    backend.render = (scene) => {
      log.push(`render ${engine.world.level}`); // the suspended frame's picture
      render(scene);
    };
    engine.advance(); // requests two; the frame is suspended at step 9
    expect(engine.transitioning).toBe(true);
    engine.destroy();
    finish();
    await settle();
    expect(log).toEqual([]);
    expect(backend.renderCount).toBe(0);
    expect(engine.world.level).toBe('one');
    expect(errors).toEqual([]);
    expect(unhandled).toEqual([]);
  });

  it('from inside any callback of a frame: no spurious error, and nothing after it in the frame runs', () => {
    const where = [
      'controller',
      'actor',
      'component',
      'timer',
      'overlap',
      'hit',
      'gameMode',
      "phase('actors')",
      "phase('render')",
      'endPlay at flush',
    ] as const;
    for (const at of where) {
      const log: string[] = [];
      let destroyed = false;
      const seen = (what: string) => {
        if (destroyed) log.push(`${what} ran after destroy`);
      };
      let engineRef!: ReturnType<typeof createWorldEngine>;
      const kill = (what: (typeof where)[number]) => {
        if (what !== at || destroyed) return;
        destroyed = true;
        engineRef.destroy();
      };
      const endPlays = new Map<Actor, number>();
      class Probe extends Actor {
        override tick(): void {
          seen(`tick ${this.name}`);
          kill('actor');
        }
        override onOverlapBegin(): void {
          seen(`overlap ${this.name}`);
          kill('overlap');
        }
        override onHit(): void {
          seen(`hit ${this.name}`);
          kill('hit');
        }
        override endPlay(): void {
          endPlays.set(this, (endPlays.get(this) ?? 0) + 1);
          if (!destroyed) kill('endPlay at flush');
        }
      }
      class ProbeComponent extends Component {
        override tick(): void {
          seen('component');
          kill('component');
        }
      }
      class ProbeController extends Controller {
        override tick(): void {
          seen('controller');
          kill('controller');
        }
      }
      class ProbeMode extends GameMode {
        override tick(): void {
          seen('gameMode');
          kill('gameMode');
        }
      }
      const backend = nullBackend();
      const { engine, errors } = engineWith(
        (world) => {
          world.addController(new ProbeController());
          world.addController(new ProbeController());
          for (const name of ['a', 'b']) world.spawn(Object.assign(new Probe(), { name, shape: circle(5) })).attach(new ProbeComponent());
          for (const name of ['c', 'd']) world.spawn(Object.assign(new Probe(), { name, shape: box(4, 4), response: 'block' as const }), { x: 500, y: 0 });
          world.timers.after(0, () => {
            seen('timer 1');
            kill('timer');
          });
          world.timers.after(0, () => seen('timer 2'));
          world.gameMode = new ProbeMode();
          const doomed = world.spawn(new Probe(), { x: -500, y: 0 });
          world.timers.after(0, () => world.destroy(doomed));
        },
        { backend },
      );
      engineRef = engine;
      engine.phase('actors').subscribe(() => {
        seen("phase('actors')");
        kill("phase('actors')");
      });
      engine.phase('render').subscribe(() => {
        seen("phase('render')");
        kill("phase('render')");
      });
      expect(() => engine.advance(), at).not.toThrow();
      expect(destroyed, at).toBe(true);
      expect(log, at).toEqual([]);
      expect(errors, at).toEqual([]);
      expect(backend.renderCount, at).toBeLessThanOrEqual(1);
      // "the world closes": every actor ended play, exactly once.
      expect([...endPlays.values()], at).toEqual([1, 1, 1, 1, 1]);
      expect(() => engine.advance(), at).toThrow('advance: the world engine was destroyed');
    }
  });
});

describe('levels: own keys only', () => {
  it('names inherited from Object.prototype are not levels, for startLevel nor openLevel', () => {
    const backend = nullBackend();
    for (const name of ['toString', 'constructor', '__proto__', 'hasOwnProperty', 'valueOf']) {
      expect(() => createWorldEngine({ backend, levels: { a: () => {} }, startLevel: name }), name).toThrow(
        `createWorldEngine: startLevel must be one of the levels (a), got "${name}"`,
      );
    }
    const engine = createWorldEngine({ backend, levels: { a: () => {} }, startLevel: 'a' });
    for (const name of ['toString', 'constructor', '__proto__']) {
      expect(() => engine.world.openLevel(name)).toThrow(`openLevel: name must be one of the levels (a), got "${name}"`);
    }
  });

  it('an own key named like a prototype member is a level like any other', () => {
    const levels: Record<string, (world: World) => void> = { ['constructor']: (world: World) => void world.spawn(new Actor()) };
    const engine = createWorldEngine({ backend: nullBackend(), levels, startLevel: 'constructor', clock: constantClock(16) });
    expect(engine.world.level).toBe('constructor');
    expect(engine.world.actors).toHaveLength(1);
  });

  it('the levels are read once: changing the object later changes nothing', () => {
    const levels: Record<string, (world: World) => void> = { a: () => {} };
    const engine = createWorldEngine({ backend: nullBackend(), levels, startLevel: 'a' });
    levels['b'] = () => {};
    expect(() => engine.world.openLevel('b')).toThrow('openLevel: name must be one of the levels (a), got "b"');
  });
});

describe('"Pause eats timers": timers run on the time the world was stepped unpaused (world.activeTime); world.time runs on', () => {
  it('a 1 s timer paused for 2.5 s still waits its remaining time after resume', () => {
    let firedAtFrame = 0;
    const { engine } = engineWith((world) => void world.timers.after(1, () => (firedAtFrame = world.frame().count)), {
      clock: constantClock(100),
    });
    for (let i = 0; i < 4; i++) engine.advance(); // 0.4 s of the timer's second
    engine.paused = true;
    for (let i = 0; i < 25; i++) engine.advance(); // 2.5 s paused
    expect(firedAtFrame).toBe(0);
    // "world.time is the seconds the open world has been stepped by": step 2 runs in every frame, paused or not.
    expect(engine.world.time).toBeCloseTo(2.9, 12);
    expect(engine.world.activeTime).toBeCloseTo(0.4, 12);
    engine.paused = false;
    for (let i = 0; i < 5; i++) engine.advance();
    expect(firedAtFrame).toBe(0); // 0.9 s stepped
    engine.advance();
    expect(firedAtFrame).toBe(35); // 1.0 s stepped: 4 + 25 paused + 6
  });

  it('a pause menu that resumes from its own tick: the frame it resumes in fires what was due before the pause, nothing more', () => {
    const fired: number[] = [];
    const { engine } = engineWith(
      (world) => {
        world.timers.every(0.5, () => fired.push(world.frame().count));
        const menu = world.spawn(
          Object.assign(new Actor(), {
            tickWhenPaused: true,
            tick: (_dt: number, { world: w }: TickContext) => {
              if (w.frame().count === 13) w.paused = false; // a frame that began paused
            },
          }),
        );
        void menu;
      },
      { clock: constantClock(100) },
    );
    for (let i = 0; i < 3; i++) engine.advance(); // 0.3 s
    engine.paused = true;
    for (let i = 0; i < 10; i++) engine.advance(); // frames 4..13; frame 13 resumes in step 5
    expect(engine.world.activeTime).toBeCloseTo(0.3, 12); // frame 13 began paused: not stepped
    for (let i = 0; i < 2; i++) engine.advance(); // frames 14, 15: 0.5 s stepped
    expect(fired).toEqual([15]);
  });
});

describe('"a tick that converts a point uses the fit this frame renders through", also in the frame that performs an async transition', () => {
  /** A backend whose canvas grows by 10 CSS pixels at every sync (a window being resized). */
  class GrowingBackend implements WorldBackend {
    syncs = 0;
    readonly rendered: Viewport[] = [];
    sync(): Viewport {
      this.syncs++;
      return fitViewport(800 + 10 * this.syncs, 600, 1, 800, 600);
    }
    render(scene: WorldScene): void {
      this.rendered.push(scene.viewport);
    }
    drawOverlay(): void {}
    destroy(): void {}
  }

  it('one sync per frame, and the render draws through the fit the ticks converted through', async () => {
    const backend = new GrowingBackend();
    const seenInTick: Viewport[] = [];
    let finish!: () => void;
    const engine = createWorldEngine({
      backend,
      clock: constantClock(16),
      levels: {
        one: (world) => {
          world.spawn(Object.assign(new Actor(), { tick: () => void seenInTick.push(engine.viewport) }));
          world.timers.after(0.02, () => world.openLevel('two'));
        },
        two: (world) =>
          new Promise<void>((resolve) => {
            world.spawn(Object.assign(new Actor(), { tick: () => void seenInTick.push(engine.viewport) }));
            finish = resolve;
          }),
      },
      startLevel: 'one',
    });
    const syncsAtStart = backend.syncs; // the engine's first fit, taken when it is built
    engine.advance();
    engine.advance(); // the transition frame: suspended at step 9
    expect(engine.transitioning).toBe(true);
    finish();
    await engine.ready;
    engine.advance();
    expect(backend.syncs - syncsAtStart).toBe(3); // one per frame, none more when the load resolved
    expect(backend.rendered).toHaveLength(3);
    expect(backend.rendered).toEqual(seenInTick);
  });
});
