// The systems engine under what a game's configuration, its systems and a host
// can hand it (issue 22). Each case failed before its fix; the words
// are quoted in each name.
import { runInNewContext } from 'node:vm';
import { setFlagsFromString } from 'node:v8';
import { describe, expect, it } from 'vitest';
import { OptionError } from '../../../operators/option-error.js';
import { createSystemsEngine, SceneSystem, type SceneSystemOptions, type SystemsEvents } from '../../../src/engines/systems/index.js';
import { thrownBy } from '../../support/thrown.js';
import { headless } from './support.js';

/** Node's garbage collector, for a test that asserts what can be collected. */
function collector(): () => void {
  setFlagsFromString('--expose-gc');
  return runInNewContext('gc') as () => void;
}

describe('issue 22: the systems engine', () => {
  // "Dropped-time counters overflow to `Infinity`: ... the systems engine (with `maxFrameDelta: 1e308`)
  // ... Every other running sum saturates; this one does not."
  it('#1: with maxFrameDelta: 1e308, stats().droppedMs and time.elapsedTime stay finite ("every running sum saturates")', async () => {
    let elapsed: number[] = [];
    class Reader extends SceneSystem {
      constructor(private readonly options: SceneSystemOptions) {
        super();
      }
      update(): void {
        elapsed.push(this.options.time.elapsedTime);
      }
    }
    const engine = headless({ scenes: [{ id: 'main', systems: [Reader] }], globalOptions: { performance: { maxFrameDelta: 1e308 } } });
    await engine.play();
    // Timestamps 0, 1e308, 0, 1e308...: every other frame is worth 1e308 ms (the wall clock floors a step
    // back at 0). Two such frames overflow a float64 sum of ms; 1,800 one of seconds.
    let t = 0;
    engine.advance(t);
    for (let i = 0; i < 4000; i++) engine.advance((t = t === 0 ? 1e308 : 0));
    expect(Number.isFinite(engine.stats().droppedMs)).toBe(true);
    expect(engine.stats().droppedMs).toBeGreaterThan(1e307);
    expect(elapsed.every(Number.isFinite)).toBe(true);
    expect(engine.time.elapsedTime).toBeGreaterThan(1e307);
    expect(Number.isFinite(engine.frame().timeMs)).toBe(true);
    elapsed = [];
    engine.destroy();
  });

  // "The systems engine's event scope keeps a remover for every `addEventListener`, even after the
  // listener is removed: a system that adds and removes a listener each frame retains about 220 B a
  // frame (22 MB per 100,000 frames) until its scene or world is destroyed."
  it('#10: a listener a system adds and removes every frame can be collected at once, not kept until its scene goes', async () => {
    const gc = collector();
    const removed: WeakRef<object>[] = [];
    class Blinker extends SceneSystem {
      private readonly events: SystemsEvents;
      constructor(options: SceneSystemOptions) {
        super();
        this.events = options.events;
      }
      update(): void {
        const listener = (): void => {};
        const remove = this.events.addEventListener('blink', listener);
        remove();
        removed.push(new WeakRef(listener));
      }
    }
    const engine = headless({ scenes: [{ id: 'main', systems: [Blinker] }] });
    await engine.play();
    for (let i = 0; i < 1000; i++) engine.advance(i * 20);
    expect(removed).toHaveLength(1000);
    gc();
    await new Promise((resolve) => setTimeout(resolve, 0)); // WeakRefs clear only after the turn that made them
    gc();
    const alive = removed.filter((ref) => ref.deref() !== undefined).length;
    expect(alive).toBe(0); // the scene is still running: before the fix all 1,000 were kept
    engine.destroy();
  });

  // "Systems `fixedUpdateRate: 1e-320`, `maxFPS: 1e-320` ... pass the factory and fail only at
  // `play()`/`start()`, naming `createLoop: stepMs`, `capFps`"
  it('#12: fixedUpdateRate: 1e-320 and maxFPS: 1e-320 are refused by createSystemsEngine, naming the setting', () => {
    const build = (performance: object) => () =>
      createSystemsEngine({ scenes: [{ id: 'main' }], startSceneId: 'main', ticks: { subscribe: () => ({ unsubscribe() {} }) }, globalOptions: { performance } });
    const rate = thrownBy(build({ fixedUpdateRate: 1e-320 }));
    expect(rate).toBeInstanceOf(OptionError);
    expect((rate as Error).message).toBe(
      'createSystemsEngine: globalOptions.performance.fixedUpdateRate must be a rate whose interval 1000 / fixedUpdateRate is finite, got 1e-320',
    );
    const fps = thrownBy(build({ maxFPS: 1e-320 }));
    expect(fps).toBeInstanceOf(OptionError);
    expect((fps as Error).message).toBe(
      'createSystemsEngine: globalOptions.performance.maxFPS must be a rate whose interval 1000 / maxFPS is finite, got 1e-320',
    );
  });

  // "`createSystemsEngine` accepts an entity `transform: 5`, `"origin"` or `[1, 2]`; `interpolate: "no"`,
  // `0` or `null`; duplicate entity ids (the docs say ids are unique); `scenes[0].systems: null`"
  it('#15: createSystemsEngine refuses a transform that is not an object, an interpolate that is not a boolean, duplicate ids and systems: null', () => {
    const cases: [object, string][] = [
      [{ entities: [{ transform: 5 }] }, 'createSystemsEngine: scenes[0].entities[0].transform must be an object { x, y, rotation }, got 5'],
      [{ entities: [{ transform: 'origin' }] }, 'createSystemsEngine: scenes[0].entities[0].transform must be an object { x, y, rotation }, got "origin"'],
      [{ entities: [{ transform: [1, 2] }] }, 'createSystemsEngine: scenes[0].entities[0].transform must be an object { x, y, rotation }, got an array of 2'],
      [{ entities: [{ interpolate: 'no' }] }, 'createSystemsEngine: scenes[0].entities[0].interpolate must be true or false, got "no"'],
      [{ entities: [{ interpolate: 0 }] }, 'createSystemsEngine: scenes[0].entities[0].interpolate must be true or false, got 0'],
      [{ entities: [{ interpolate: null }] }, 'createSystemsEngine: scenes[0].entities[0].interpolate must be true or false, got null'],
      [
        { entities: [{ id: 'rock' }, { id: 'tree' }, { id: 'rock' }] },
        'createSystemsEngine: scenes[0].entities[2].id must be an id unique in its scene (entities[0] has it already), got "rock"',
      ],
      [{ systems: null }, 'createSystemsEngine: scenes[0].systems must be an array of system classes, got null'],
    ];
    for (const [scene, message] of cases) {
      const error = thrownBy(() => createSystemsEngine({ scenes: [{ id: 'main', ...scene }], startSceneId: 'main' } as never));
      expect(error, message).toBeInstanceOf(OptionError);
      expect((error as Error).message).toBe(message);
    }
  });

  // "and in game code `options.events.dispatchEvent(42)` and `addEventListener('x', 42)`, which the
  // engine's own methods refuse."
  it("#15: a system's options.events refuses dispatchEvent(42) and addEventListener('x', 42) as the engine's own methods do", async () => {
    let events!: SystemsEvents;
    class Grabber extends SceneSystem {
      constructor(options: SceneSystemOptions) {
        super();
        events = options.events;
      }
    }
    const engine = headless({ scenes: [{ id: 'main', systems: [Grabber] }] });
    await engine.play();
    for (const call of [() => events.dispatchEvent(42 as never), () => engine.dispatchEvent(42 as never)]) {
      expect(call).toThrow(OptionError);
      expect(call).toThrow('dispatchEvent: type must be a string, got 42');
    }
    for (const call of [() => events.addEventListener('x', 42 as never), () => engine.addEventListener('x', 42 as never)]) {
      expect(call).toThrow(OptionError);
      expect(call).toThrow('addEventListener: listener must be a function, got 42');
    }
    expect(engine.queuedEvents).toBe(0);
    engine.destroy();
  });

  // "Teardown from inside a hook reports errors that are not errors: systems `destroy()` in `update`
  // reports "Cannot read properties of undefined (reading 'runUpdates')""
  it('#16: destroy() inside a system\'s update ends the frame quietly: no error reported', async () => {
    const messages: string[] = [];
    const ran: string[] = [];
    let engine!: ReturnType<typeof createSystemsEngine>;
    class Quitter extends SceneSystem {
      update(): void {
        ran.push('Quitter update');
        engine.destroy();
      }
    }
    class After extends SceneSystem {
      update(): void {
        ran.push('After update');
      }
    }
    engine = createSystemsEngine({
      scenes: [{ id: 'main', systems: [Quitter, After] }],
      startSceneId: 'main',
      ticks: { subscribe: () => ({ unsubscribe() {} }) },
      onError: (error) => messages.push(error.message),
    });
    await engine.play();
    engine.advance(0);
    expect(messages).toEqual([]);
    expect(ran).toEqual(['Quitter update']);
    expect(engine.destroyed).toBe(true);
    expect(engine.state, 'no world').toBe('unloaded');
  });

  // The class: "teardown from inside any hook ends the frame quietly". A destroy() from inside
  // onSceneExit ran the scene's exit hooks a second time, and the world's before the scene's.
  it('#16 (the class): destroy() inside onSceneExit lets the exit finish, each hook once, in the seed\'s order', async () => {
    const log: string[] = [];
    let engine!: ReturnType<typeof createSystemsEngine>;
    class First extends SceneSystem {
      onSceneExit(): void {
        log.push('First onSceneExit');
        engine.destroy();
      }
      onSceneDestroy(): void {
        log.push('First onSceneDestroy');
      }
    }
    class Second extends SceneSystem {
      onSceneExit(): void {
        log.push('Second onSceneExit');
      }
      onSceneDestroy(): void {
        log.push('Second onSceneDestroy');
      }
    }
    const messages: string[] = [];
    engine = headless({ scenes: [{ id: 'a', systems: [First, Second] }, { id: 'b' }] }, messages as never);
    await engine.play();
    await engine.loadScene('b');
    expect(log).toEqual(['First onSceneExit', 'Second onSceneExit', 'First onSceneDestroy', 'Second onSceneDestroy']);
    expect(messages).toEqual([]);
    expect(engine.destroyed).toBe(true);
    expect(engine.state, 'no world').toBe('unloaded');
  });
});
