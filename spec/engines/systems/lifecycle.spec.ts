import { describe, expect, it } from 'vitest';
import { createSystemsEngine, OptionError, SceneSystem, type SystemError } from '../../../src/engines/systems/index.js';
import { headless, loggingSceneSystem, loggingWorldSystem, SEED_HOOK_TABLE } from './support.js';

/** The hooks in the order they first appear in a log, without the labels. */
function hookOrder(log: readonly string[]): string[] {
  const order: string[] = [];
  for (const line of log) {
    const hook = line.split(' ')[1]!;
    if (hook !== 'constructor' && order.at(-1) !== hook) order.push(hook);
  }
  return order;
}

function twoSceneGame(log: string[], extra: { world?: Parameters<typeof loggingWorldSystem>[2]; scene?: Parameters<typeof loggingSceneSystem>[2] } = {}) {
  return headless({
    systems: [loggingWorldSystem('W1', log, extra.world), loggingWorldSystem('W2', log)],
    scenes: [
      { id: 'first', systems: [loggingSceneSystem('S1', log, extra.scene), loggingSceneSystem('S2', log)] },
      { id: 'second', systems: [loggingSceneSystem('T1', log)] },
    ],
    startSceneId: 'first',
  });
}

describe('hook ordering: the seed\'s table', () => {
  it('"World hooks bracket the whole run and fire once. Everything inside the dashed frame repeats on every scene change." (a recorded run against the table)', async () => {
    const log: string[] = [];
    const engine = twoSceneGame(log);
    await engine.play();
    engine.advance(0);
    engine.advance(30); // one fixed step at 50 Hz
    await engine.loadScene('second');
    engine.advance(100);
    engine.advance(130);
    engine.destroyWorld();

    const withoutFrames = hookOrder(log).filter((hook) => hook !== 'fixedUpdate' && hook !== 'update');
    expect(withoutFrames).toEqual([
      'onWorldLoad', 'onWorldReady', 'onSceneLoad', 'onSceneEnter',  // 1-4: the start scene
      'onSceneExit', 'onSceneDestroy',                                // 7-8: the scene change
      'onSceneLoad', 'onSceneEnter',                                  // 3-4 again: the new scene
      'onSceneExit', 'onSceneDestroy', 'onWorldDestroy',              // 7-9: the seed's stop (destroyWorld)
    ]);
    // World hooks fire once each.
    for (const hook of ['onWorldLoad', 'onWorldReady', 'onWorldDestroy']) {
      expect(log.filter((line) => line.endsWith(` ${hook}`))).toEqual([`W1 ${hook}`, `W2 ${hook}`]);
    }
    // The whole run follows the table's order within each scene's life.
    const firstScene = hookOrder(log.slice(0, log.indexOf('S1 onSceneDestroy') + 1));
    const tableOrder = SEED_HOOK_TABLE.map(([, hook]) => hook as string);
    const positions = firstScene.map((hook) => tableOrder.indexOf(hook));
    // Steps 5 and 6 alternate (they repeat every frame); everything else climbs the table.
    const climbing = positions.filter((p, i) => !(p === 4 && positions[i - 1] === 5));
    expect(climbing).toEqual([...climbing].sort((a, b) => a - b));
  });

  it('scope: world hooks go to world systems only; hooks 3 to 8 to both ("Both"), world systems first, each in configuration order', async () => {
    const log: string[] = [];
    const engine = twoSceneGame(log);
    await engine.play();
    engine.advance(0);
    engine.advance(20);
    engine.destroyWorld();
    expect(log.filter((l) => l.includes('onWorld'))).toEqual([
      'W1 onWorldLoad', 'W2 onWorldLoad', 'W1 onWorldReady', 'W2 onWorldReady', 'W1 onWorldDestroy', 'W2 onWorldDestroy',
    ]);
    for (const hook of ['onSceneLoad', 'onSceneEnter', 'onSceneExit', 'onSceneDestroy']) {
      expect(log.filter((l) => l.endsWith(` ${hook}`))).toEqual([`W1 ${hook}`, `W2 ${hook}`, `S1 ${hook}`, `S2 ${hook}`]);
    }
    // "Within each of those phases, systems run in the order the configuration lists them."
    expect(log.filter((l) => l.endsWith(' fixedUpdate'))).toEqual(['W1 fixedUpdate', 'W2 fixedUpdate', 'S1 fixedUpdate', 'S2 fixedUpdate']);
    expect(log.filter((l) => l.endsWith(' update')).slice(0, 4)).toEqual(['W1 update', 'W2 update', 'S1 update', 'S2 update']);
    // The second scene's systems were never built.
    expect(log.some((l) => l.startsWith('T1'))).toBe(false);
  });

  it('a scene system that defines a world hook is refused (it is not in its scope)', () => {
    class Wrong extends SceneSystem {
      onWorldLoad(): void {}
    }
    expect(() => headless({ scenes: [{ id: 'a', systems: [Wrong as never] }] })).toThrowError(
      /scenes\[0\]\.systems\[0\] must be a scene system: onWorldLoad is a world hook/,
    );
  });

  it('"onWorldLoad: World systems, async" and "onSceneLoad: Both, async": each is awaited, system by system, before the next hook', async () => {
    const log: string[] = [];
    const later = (label: string) => () =>
      new Promise<void>((resolve) =>
        setTimeout(() => {
          log.push(label);
          resolve();
        }, 5),
      );
    const engine = twoSceneGame(log, {
      world: { onWorldLoad: later('W1 onWorldLoad settled') },
      scene: { onSceneLoad: later('S1 onSceneLoad settled') },
    });
    const playing = engine.play();
    expect(engine.state).toBe('loading');
    expect(engine.advance(0)).toBe(false); // no frame while loading
    await playing;
    expect(engine.state).toBe('playing');
    const loads = log.filter((l) => !l.includes('constructor'));
    expect(loads).toEqual([
      'W1 onWorldLoad', 'W1 onWorldLoad settled', 'W2 onWorldLoad',
      'W1 onWorldReady', 'W2 onWorldReady',
      'W1 onSceneLoad', 'W2 onSceneLoad', 'S1 onSceneLoad', 'S1 onSceneLoad settled', 'S2 onSceneLoad',
      'W1 onSceneEnter', 'W2 onSceneEnter', 'S1 onSceneEnter', 'S2 onSceneEnter',
    ]);
  });

  it('a world whose hooks return no promise is playing when play() returns (so marble tests can drive it)', () => {
    const engine = twoSceneGame([]);
    void engine.play();
    expect(engine.state).toBe('playing');
  });
});

describe('construction: "Construction comes before all of this."', () => {
  it('"The engine builds every world system before onWorldLoad, and it builds a scene\'s systems before that scene\'s onSceneLoad."', async () => {
    const log: string[] = [];
    const engine = twoSceneGame(log);
    await engine.play();
    expect(log.slice(0, 3)).toEqual(['W1 constructor', 'W2 constructor', 'W1 onWorldLoad']);
    const sceneBuilt = log.indexOf('S1 constructor');
    expect(log.slice(sceneBuilt, sceneBuilt + 3)).toEqual(['S1 constructor', 'S2 constructor', 'W1 onSceneLoad']);
    expect(log.indexOf('W2 onWorldReady')).toBeLessThan(sceneBuilt);
    await engine.loadScene('second');
    const secondBuilt = log.indexOf('T1 constructor');
    expect(log.indexOf('S2 onSceneDestroy')).toBeLessThan(secondBuilt);
    expect(log[secondBuilt + 1]).toBe('W1 onSceneLoad');
  });

  it('"So a constructor cannot rely on anything a hook does": a constructor sees none of the hooks\' work', async () => {
    const seen: unknown[] = [];
    const shared = { loaded: false };
    const Loader = loggingWorldSystem('Loader', [], {
      onWorldLoad: () => {
        shared.loaded = true;
      },
    });
    class Reader extends SceneSystem {
      constructor() {
        super();
        seen.push(shared.loaded);
      }
    }
    const engine = headless({ systems: [Loader], scenes: [{ id: 'a', systems: [Reader] }] });
    await engine.play();
    // The scene system is built after onWorldLoad (scene systems come with their scene), so it sees it;
    // a world system built beside Loader does not:
    class EarlyReader {
      constructor() {
        seen.push(shared.loaded);
      }
    }
    engine.destroyWorld();
    shared.loaded = false;
    const again = headless({ systems: [Loader, EarlyReader], scenes: [{ id: 'a' }] });
    await again.play();
    expect(seen).toEqual([true, false]);
  });
});

describe('the seed\'s stop, destroyWorld(), and play(): "stop() destroys the world."', () => {
  it('the seed\'s stop is destroyWorld(); stop() is the shell\'s, as in every preset: no more host ticks, the world stays, start() (or play()) resumes it', async () => {
    const log: string[] = [];
    const engine = twoSceneGame(log);
    await engine.play();
    const scene = engine.scene;
    log.length = 0;
    engine.stop();
    expect(engine.running).toBe(false);
    expect(engine.state).toBe('playing');
    expect(log, 'no hook ran').toEqual([]);
    engine.start();
    expect(engine.running).toBe(true);
    engine.stop();
    await engine.play();
    expect(engine.running).toBe(true);
    expect(engine.scene).toBe(scene);
    engine.destroyWorld();
    expect(engine.state).toBe('unloaded');
    expect(engine.running, 'no world: the loop is held').toBe(false);
  });

  it('"Every scene and world destroy hook runs, and a later play() builds the whole game again from the configuration, starting at startSceneId."', async () => {
    const log: string[] = [];
    const engine = twoSceneGame(log);
    await engine.play();
    await engine.loadScene('second');
    log.length = 0;
    engine.destroyWorld();
    expect(engine.state).toBe('unloaded');
    expect(log).toEqual([
      'W1 onSceneExit', 'W2 onSceneExit', 'T1 onSceneExit',
      'W1 onSceneDestroy', 'W2 onSceneDestroy', 'T1 onSceneDestroy',
      'W1 onWorldDestroy', 'W2 onWorldDestroy',
    ]);
    log.length = 0;
    await engine.play();
    expect(engine.scene?.id).toBe('first'); // startSceneId, not the scene it stopped in
    expect(log.filter((l) => l.endsWith('constructor'))).toEqual(['W1 constructor', 'W2 constructor', 'S1 constructor', 'S2 constructor']);
  });

  it('a rebuilt game starts from the configuration: entities and their components as configured, not as the last run left them', async () => {
    const engine = headless({
      scenes: [{ id: 'a', entities: [{ id: 'hero', transform: { x: 5 }, components: { health: { points: 3 } } }] }],
    });
    await engine.play();
    const hero = engine.scene!.find('hero')!;
    hero.transform.x = 99;
    hero.get<{ points: number }>('health')!.points = 0;
    engine.destroyWorld();
    await engine.play();
    const reborn = engine.scene!.find('hero')!;
    expect(reborn).not.toBe(hero);
    expect(reborn.transform.x).toBe(5);
    expect(reborn.get<{ points: number }>('health')!.points).toBe(3);
  });

  it('destroyWorld() inside a frame lets the frame finish, then destroys the world', async () => {
    const log: string[] = [];
    let engine!: ReturnType<typeof headless>;
    const Stopper = loggingSceneSystem('Stopper', log, { update: () => engine.destroyWorld() });
    const After = loggingSceneSystem('After', log);
    engine = headless({ scenes: [{ id: 'a', systems: [Stopper, After] }] });
    await engine.play();
    log.length = 0;
    engine.advance(0);
    expect(log).toEqual(['Stopper update', 'After update', 'Stopper onSceneExit', 'After onSceneExit', 'Stopper onSceneDestroy', 'After onSceneDestroy']);
    expect(engine.state).toBe('unloaded');
  });

  it('a scene change asked for inside a frame starts as the frame ends: "A scene change runs the old scene\'s exit and destroy hooks, then builds the new one"', async () => {
    const log: string[] = [];
    let engine!: ReturnType<typeof headless>;
    const Door = loggingSceneSystem('Door', log, { update: () => void engine.loadScene('b') });
    engine = headless({ scenes: [{ id: 'a', systems: [Door] }, { id: 'b', systems: [loggingSceneSystem('Room', log)] }] });
    await engine.play();
    log.length = 0;
    engine.advance(0);
    expect(log).toEqual(['Door update', 'Door onSceneExit', 'Door onSceneDestroy', 'Room constructor', 'Room onSceneLoad', 'Room onSceneEnter']);
    expect(engine.scene?.id).toBe('b');
    expect(engine.state).toBe('playing');
  });

  it('loadScene refuses a scene the configuration does not have, naming the choices', async () => {
    const engine = headless({ scenes: [{ id: 'a' }, { id: 'b' }] });
    await engine.play();
    expect(() => engine.loadScene('c')).toThrowError(OptionError);
    expect(() => engine.loadScene('c')).toThrowError('loadScene: sceneId must be the id of one of the scenes (a, b), got "c"');
  });

  it('a failing hook is reported with system, hook and frame, and loading goes on (async rejections too)', async () => {
    const errors: SystemError[] = [];
    const log: string[] = [];
    const engine = createSystemsEngine({
      systems: [
        loggingWorldSystem('Broken', log, { onWorldLoad: () => Promise.reject(new Error('no save file')) }),
        loggingWorldSystem('Fine', log),
      ],
      scenes: [{ id: 'a' }],
      startSceneId: 'a',
      ticks: { subscribe: () => ({ unsubscribe() {} }) },
      onError: (error) => errors.push(error),
    });
    await engine.play();
    expect(engine.state).toBe('playing');
    expect(log).toContain('Fine onWorldLoad');
    expect(errors.map((e) => [e.system, e.hook, e.frame, (e.cause as Error).message])).toEqual([['Broken', 'onWorldLoad', 0, 'no save file']]);
  });

  it('destroyWorld() while loading tears down what was built; the load does not carry on afterwards', async () => {
    const log: string[] = [];
    let release!: () => void;
    const engine = twoSceneGame(log, { world: { onWorldLoad: () => new Promise<void>((r) => (release = r)) } });
    const playing = engine.play();
    engine.destroyWorld();
    expect(engine.state).toBe('unloaded');
    release();
    await playing;
    expect(engine.state).toBe('unloaded');
    expect(log).toEqual(['W1 constructor', 'W2 constructor', 'W1 onWorldLoad', 'W1 onWorldDestroy', 'W2 onWorldDestroy']);
  });
});
