import { describe, expect, it } from 'vitest';
import {
  createSystemsEngine,
  DEFAULT_FIXED_UPDATE_RATE_HZ,
  DEFAULT_MAX_FIXED_UPDATES_PER_FRAME,
  DEFAULT_MAX_FPS,
  DEFAULT_MAX_FRAME_DELTA_MS,
  OptionError,
  type SystemsConfig,
} from '../../../src/engines/systems/index.js';

const base: SystemsConfig = { scenes: [{ id: 'main' }], startSceneId: 'main', ticks: { subscribe: () => ({ unsubscribe() {} }) } };

function withPerformance(performance: unknown): SystemsConfig {
  return { ...base, globalOptions: { performance: performance as never } };
}

describe('settings: "These live under the performance entry in globalOptions."', () => {
  it('the seed\'s defaults, as named constants: fixedUpdateRate 50 Hz, maxFPS uncapped, maxFrameDelta 250 ms, maxFixedUpdatesPerFrame 5', () => {
    expect([DEFAULT_FIXED_UPDATE_RATE_HZ, DEFAULT_MAX_FPS, DEFAULT_MAX_FRAME_DELTA_MS, DEFAULT_MAX_FIXED_UPDATES_PER_FRAME]).toEqual([50, 0, 250, 5]);
    const engine = createSystemsEngine(base);
    expect(engine.performance).toEqual({ fixedUpdateRateHz: 50, fixedStepMs: 20, maxFps: 0, maxFrameDeltaMs: 250, maxFixedUpdatesPerFrame: 5 });
    expect(engine.time.fixedDeltaTime).toBe(0.02);
  });

  it.each([
    [{ fixedUpdateRate: 0 }, 'createSystemsEngine: globalOptions.performance.fixedUpdateRate must be a finite number > 0, got 0'],
    [{ fixedUpdateRate: Infinity }, 'createSystemsEngine: globalOptions.performance.fixedUpdateRate must be a finite number > 0, got Infinity'],
    [{ fixedUpdateRate: '60' }, 'createSystemsEngine: globalOptions.performance.fixedUpdateRate must be a finite number > 0, got "60"'],
    [{ maxFPS: -1 }, 'createSystemsEngine: globalOptions.performance.maxFPS must be a number > 0, or 0 (or Infinity) for uncapped, got -1'],
    [{ maxFPS: NaN }, 'createSystemsEngine: globalOptions.performance.maxFPS must be a number > 0, or 0 (or Infinity) for uncapped, got NaN'],
    [{ maxFrameDelta: 0 }, 'createSystemsEngine: globalOptions.performance.maxFrameDelta must be a finite number > 0, got 0'],
    [{ maxFixedUpdatesPerFrame: 0 }, 'createSystemsEngine: globalOptions.performance.maxFixedUpdatesPerFrame must be a whole number >= 1, got 0'],
    [{ maxFixedUpdatesPerFrame: 2.5 }, 'createSystemsEngine: globalOptions.performance.maxFixedUpdatesPerFrame must be a whole number >= 1, got 2.5'],
    [{ maxFps: 30 }, "createSystemsEngine: globalOptions.performance: unknown option 'maxFps'; did you mean 'maxFPS'?"],
    [{ fixedUpdateHz: 30 }, "createSystemsEngine: globalOptions.performance: unknown option 'fixedUpdateHz'; did you mean 'fixedUpdateRate'?"],
  ])('invalid settings are refused by name before anything starts: %o', (performance, message) => {
    expect(() => createSystemsEngine(withPerformance(performance))).toThrowError(OptionError);
    expect(() => createSystemsEngine(withPerformance(performance))).toThrowError(message);
  });

  it.each([
    [{ ...base, startScene: 'main' }, "createSystemsEngine: unknown option 'startScene'; did you mean 'startSceneId'?"],
    [{ ...base, globalOptions: { perfomance: {} } }, "createSystemsEngine: globalOptions: unknown option 'perfomance'; did you mean 'performance'?"],
    [{ ...base, scenes: [{ id: 'main', sytems: [] }] }, "createSystemsEngine: scenes[0]: unknown option 'sytems'; did you mean 'systems'?"],
    [{ ...base, scenes: [] }, 'createSystemsEngine: scenes must be a non-empty array of scenes { id, systems, entities }, got an array of 0'],
    [{ ...base, scenes: [{ id: 'main' }, { id: 'main' }] }, 'createSystemsEngine: scenes[1].id must be a name no earlier scene has, got "main"'],
    [{ ...base, startSceneId: 'menu' }, 'createSystemsEngine: startSceneId must be the id of one of the scenes (main), got "menu"'],
    [{ ...base, systems: [{}] }, 'createSystemsEngine: systems[0] must be a system class (built with new, given its options), got an object'],
    [{ ...base, backend: {} }, 'createSystemsEngine: backend must be a systems backend { render, destroy } (pixiSystemsBackend, nullSystemsBackend), got an object'],
  ])('a bad configuration is refused by name: %s', (config, message) => {
    expect(() => createSystemsEngine(config as SystemsConfig)).toThrowError(message);
  });

  it('nothing is built before the configuration is checked: a bad setting throws before any constructor runs', () => {
    let built = 0;
    class Counted {
      constructor() {
        built++;
      }
    }
    expect(() => createSystemsEngine({ ...withPerformance({ maxFrameDelta: -5 }), systems: [Counted] })).toThrowError(OptionError);
    expect(built).toBe(0);
    const engine = createSystemsEngine({ ...base, systems: [Counted] });
    expect(built).toBe(0); // a valid engine builds nothing until play()
    void engine.play();
    expect(built).toBe(1);
  });

  it('a bad entity in a scene is refused before anything starts, naming where it is', () => {
    expect(() => createSystemsEngine({ ...base, scenes: [{ id: 'main', entities: [{ id: 'rock', transform: { x: NaN } }] }] })).toThrowError(
      'createSystemsEngine: scenes[0].entities[0].transform.x must be a finite number, got NaN',
    );
    expect(() => createSystemsEngine({ ...base, scenes: [{ id: 'main', entities: [{ id: 'rock', behaviour: [] } as never] }] })).toThrowError(
      "createSystemsEngine: scenes[0].entities[0]: unknown option 'behaviour'; did you mean 'behaviors'?",
    );
  });
});
