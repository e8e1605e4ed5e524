import type { SystemsEvents } from './event-queue.js';
import type { SaveHooks } from './save-hooks.js';
import type { Scene } from './scene.js';
import type { SystemsEngineControls } from './systems-engine-controls.js';
import type { Time } from './time.js';

/**
 * The hooks a world system may have, in the order the engine calls them
 * (the seed's table):
 *
 * | order | hook             | scope                                  |
 * |-------|------------------|----------------------------------------|
 * | 1     | `onWorldLoad`    | world systems, may be async            |
 * | 2     | `onWorldReady`   | world systems                          |
 * | 3     | `onSceneLoad`    | both, may be async                     |
 * | 4     | `onSceneEnter`   | both                                   |
 * | 5     | `fixedUpdate`    | both, zero or more times per frame     |
 * | 6     | `update`         | both, once per frame                   |
 * | 7     | `onSceneExit`    | both                                   |
 * | 8     | `onSceneDestroy` | both                                   |
 * | 9     | `onWorldDestroy` | world systems                          |
 *
 * World hooks bracket the whole run and fire once; 3 to 8 repeat on every
 * scene change; 5 and 6 repeat every frame while the scene is active.
 * Within each, systems run in the order the configuration lists them, world
 * systems before the scene's. Beside them, a system with state in its own
 * fields gives it to `engine.save()` through {@link SaveHooks}.
 */
export interface WorldSystemHooks extends SaveHooks {
  /** Hook 1: once, when the world loads (load assets here); the engine waits for a returned promise. */
  onWorldLoad?(): void | PromiseLike<void>;
  /** Hook 2: once, after every world system's `onWorldLoad` finished. */
  onWorldReady?(): void;
  /** Hook 3: when a scene loads, before it is entered; the engine waits for a returned promise. */
  onSceneLoad?(scene: Scene): void | PromiseLike<void>;
  /** Hook 4: when a loaded scene becomes the active one. */
  onSceneEnter?(scene: Scene): void;
  /** Hook 5: each fixed step, zero or more times per frame, at the configured fixed rate. */
  fixedUpdate?(): void;
  /** Hook 6: once per frame, after that frame's fixed steps. */
  update?(): void;
  /** Hook 7: when the active scene is left (a scene change or the world's end). */
  onSceneExit?(scene: Scene): void;
  /** Hook 8: when a left scene is torn down, after `onSceneExit`. */
  onSceneDestroy?(scene: Scene): void;
  /** Hook 9: once, when the world is destroyed. */
  onWorldDestroy?(): void;
}

/** The hooks a scene system may have: hooks 3 to 8 of {@link WorldSystemHooks}; the world hooks are not in its scope. */
export type SceneSystemHooks = Omit<WorldSystemHooks, 'onWorldLoad' | 'onWorldReady' | 'onWorldDestroy'>;

/** The hooks only a world system has: the engine refuses a scene system that defines one. */
export const WORLD_ONLY_HOOKS = ['onWorldLoad', 'onWorldReady', 'onWorldDestroy'] as const;

/** What a world system's constructor is handed. */
export interface WorldSystemOptions {
  /** The engine's one shared {@link Time}. */
  readonly time: Time;
  /** The engine's event queue; listeners added here are removed when the world is destroyed. */
  readonly events: SystemsEvents;
  /** The engine: scene changes, play / pause / destroyWorld, events, random, stats. */
  readonly engine: SystemsEngineControls;
}

/** What a scene system's constructor is handed. */
export interface SceneSystemOptions extends WorldSystemOptions {
  /** The scene it belongs to (built, not yet loaded). Listeners added through `events` go with the scene. */
  readonly scene: Scene;
}

/**
 * A world system class: built once per world, before `onWorldLoad`. Its
 * instances may have any of {@link WorldSystemHooks} (or none: a system that
 * only listens to events). The instance type is `object` rather than the
 * hooks, because TypeScript refuses a class that shares no member with an
 * all-optional type.
 */
export type WorldSystemClass = new (options: WorldSystemOptions) => object;

/** A scene system class: built with its scene, before that scene's `onSceneLoad`; its instances may have any of {@link SceneSystemHooks}. */
export type SceneSystemClass = new (options: SceneSystemOptions) => object;

/**
 * A base for world systems. It has no members: any class with the hooks it
 * wants is a system; extending this one says which kind it is.
 *
 * @example
 * ```ts
 * import { WorldSystem, type WorldSystemOptions } from 'tickflow/systems';
 *
 * class Score extends WorldSystem {
 *   points = 0;
 *   constructor(options: WorldSystemOptions) {
 *     super();
 *     options.events.addEventListener('coin', () => this.points++);
 *   }
 * }
 * ```
 */
export abstract class WorldSystem {}

/**
 * A base for scene systems, like the seed's `MovementSystem`.
 *
 * @example
 * ```ts
 * import { SceneSystem, type SceneSystemOptions, type Time } from 'tickflow/systems';
 *
 * class MovementSystem extends SceneSystem {
 *   private readonly time: Time;
 *   constructor(options: SceneSystemOptions) {
 *     super();
 *     this.time = options.time;
 *   }
 *   fixedUpdate(): void {
 *     const step = this.time.fixedDeltaTime; // position += velocity * step
 *   }
 * }
 * ```
 */
export abstract class SceneSystem {}
