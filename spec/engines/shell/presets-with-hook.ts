import { NEVER } from 'rxjs';
import { constantClock, nullBackend } from '../../../src/index.js';
import type { EngineRandom } from '../../../src/engines/shell/engine-random.js';
import type { ShellOptions } from '../../../src/engines/shell/shell-options.js';
import { createEngine } from '../../../src/engines/page/index.js';
import { createRuntime } from '../../../src/engines/runtime/index.js';
import { createStateEngine } from '../../../src/engines/state/index.js';
import { createSystemsEngine, SceneSystem, type SceneSystemOptions } from '../../../src/engines/systems/index.js';
import { Actor, createWorldEngine, type TickContext } from '../../../src/engines/world/index.js';

/** A game hook: called inside a phase that moves the game, handed what game code reaches there. */
export type SimulationHook = (random: EngineRandom) => void;

/** One preset built headless around a hook, and a way to run a frame of it. */
export interface HookedPreset {
  readonly name: 'world' | 'state' | 'systems' | 'runtime' | 'page';
  /** The engine's own random source. */
  readonly random: EngineRandom;
  /** Runs one frame (each preset's clock makes every frame run the hook once). */
  readonly frame: () => void;
  readonly destroy: () => void;
}

/** The five presets on the engine shell's random source: names of their factories, for option errors. */
export const PRESET_FACTORIES = {
  world: 'createWorldEngine',
  state: 'createStateEngine',
  systems: 'createSystemsEngine',
  runtime: 'createRuntime',
  page: 'createEngine',
} as const;

/**
 * Builds one preset whose game code calls `hook` once a frame, from where a
 * game would (an actor's tick, the state update, a system's update, a
 * behavior's fixedUpdate), reaching the random source the way a game does.
 */
export async function buildWithHook(name: HookedPreset['name'], options: Pick<ShellOptions, 'seed' | 'determinismWarnings'>, hook: SimulationHook): Promise<HookedPreset> {
  const common = { ticks: NEVER, onError: (error: unknown) => { throw error; }, ...options };
  switch (name) {
    case 'world': {
      class Drawer extends Actor {
        override tick(_dt: number, context: TickContext): void {
          hook(context.random);
        }
      }
      const engine = createWorldEngine({ backend: nullBackend(), levels: { only: (w) => void w.spawn(new Drawer()) }, startLevel: 'only', clock: constantClock(1000 / 60), ...common });
      await engine.ready;
      return { name, random: engine.random, frame: () => void engine.advance(), destroy: () => engine.destroy() };
    }
    case 'state': {
      const engine = createStateEngine({
        backend: nullBackend(),
        initial: 0,
        update: (n, { random }) => {
          hook(random);
          return n + 1;
        },
        clock: constantClock(1000 / 60),
        ...common,
      });
      return { name, random: engine.random, frame: () => void engine.advance(), destroy: () => engine.destroy() };
    }
    case 'systems': {
      class Drawer extends SceneSystem {
        constructor(readonly options: SceneSystemOptions) {
          super();
        }
        update(): void {
          hook(this.options.engine.random);
        }
      }
      const engine = createSystemsEngine({ scenes: [{ id: 'main', systems: [Drawer] }], startSceneId: 'main', clock: constantClock(20), ...common });
      await engine.play();
      return { name, random: engine.random, frame: () => void engine.advance(), destroy: () => engine.destroy() };
    }
    case 'runtime': {
      const engine = createRuntime({
        scene: { objects: [{ name: 'drawer', behaviors: ['draws'] }] },
        behaviors: { draws: () => ({ fixedUpdate: (game) => hook(game.random) }) },
        clock: constantClock(1000 / 60),
        ...common,
      });
      return { name, random: engine.random, frame: () => void engine.advance(), destroy: () => engine.destroy() };
    }
    case 'page': {
      // A page engine's frames come from the page's clock (none in Node): advance(1/60) is one frame of one fixed step.
      const { ticks: _ticks, ...pageOptions } = common;
      const engine = createEngine({ ...pageOptions, pause: false, name: 'drawer' });
      engine.add({ name: 'drawer', step: (e) => hook(e.random) });
      return { name, random: engine.random, frame: () => void engine.advance(1 / 60), destroy: () => engine.destroy() };
    }
  }
}
