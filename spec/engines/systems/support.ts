// Helpers shared by the systems engine's specs: systems that log their hooks,
// and an engine stepped by hand.
import { NEVER } from 'rxjs';
import {
  createSystemsEngine,
  SceneSystem,
  WorldSystem,
  type SceneSystemClass,
  type SceneSystemOptions,
  type SystemError,
  type SystemsConfig,
  type WorldSystemClass,
  type WorldSystemOptions,
} from '../../../src/engines/systems/index.js';

/** The seed's hook table: order, hook, scope. */
export const SEED_HOOK_TABLE = [
  [1, 'onWorldLoad', 'World systems, async'],
  [2, 'onWorldReady', 'World systems'],
  [3, 'onSceneLoad', 'Both, async'],
  [4, 'onSceneEnter', 'Both'],
  [5, 'fixedUpdate', 'Both, zero or more times per frame'],
  [6, 'update', 'Both, once per frame'],
  [7, 'onSceneExit', 'Both'],
  [8, 'onSceneDestroy', 'Both'],
  [9, 'onWorldDestroy', 'World systems'],
] as const;

export const WORLD_HOOKS = SEED_HOOK_TABLE.map(([, hook]) => hook);
export const SCENE_HOOKS = SEED_HOOK_TABLE.filter(([, , scope]) => scope.startsWith('Both')).map(([, hook]) => hook);

type Extra = Record<string, (...args: never[]) => unknown>;

/** A world system class named `label` that logs `label hook` for every hook (and its construction). */
export function loggingWorldSystem(label: string, log: string[], extra: Extra = {}): WorldSystemClass {
  class Logged extends WorldSystem {
    constructor(readonly options: WorldSystemOptions) {
      super();
      log.push(`${label} constructor`);
    }
  }
  for (const hook of WORLD_HOOKS) {
    (Logged.prototype as unknown as Record<string, unknown>)[hook] = function (this: Logged, ...args: never[]) {
      log.push(`${label} ${hook}`);
      return extra[hook]?.call(this, ...args);
    };
  }
  Object.defineProperty(Logged, 'name', { value: label });
  return Logged;
}

/** A scene system class named `label` that logs `label hook` for every hook in its scope. */
export function loggingSceneSystem(label: string, log: string[], extra: Extra = {}): SceneSystemClass {
  class Logged extends SceneSystem {
    constructor(readonly options: SceneSystemOptions) {
      super();
      log.push(`${label} constructor`);
    }
  }
  for (const hook of SCENE_HOOKS) {
    (Logged.prototype as unknown as Record<string, unknown>)[hook] = function (this: Logged, ...args: never[]) {
      log.push(`${label} ${hook}`);
      return extra[hook]?.call(this, ...args);
    };
  }
  Object.defineProperty(Logged, 'name', { value: label });
  return Logged;
}

/** An engine with no host ticks (step it with advance) whose errors are collected instead of printed. */
export function headless(config: Partial<SystemsConfig> & Pick<SystemsConfig, 'scenes'>, errors: SystemError[] = []) {
  return createSystemsEngine({
    startSceneId: config.scenes[0]!.id,
    ticks: NEVER,
    onError: (error) => errors.push(error),
    ...config,
  });
}

/** Advances `engine` through timestamps `from`, `from + stepMs`, ... while `< to`. */
export function runTicks(engine: { advance(t: number): boolean }, fromMs: number, toMs: number, stepMs: number): void {
  for (let i = 0; fromMs + i * stepMs < toMs; i++) engine.advance(fromMs + i * stepMs);
}
