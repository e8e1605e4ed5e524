import type { EventScope } from './event-queue.js';
import type { Scene } from './scene.js';
import type { WorldSystemHooks } from './system.js';

/** A system the engine built: its hooks, its name in errors, and the event scope its listeners go with. @internal */
export interface SystemRecord {
  readonly hooks: WorldSystemHooks;
  readonly name: string;
  readonly events: EventScope;
}

/**
 * One world, from `play()` on an unloaded engine to `destroyWorld()` (the
 * seed's stop) or `destroy()`: its systems, its scene, and where it stands in
 * the seed's hook order. @internal
 */
export class WorldRun {
  readonly worldSystems: SystemRecord[] = [];
  sceneSystems: SystemRecord[] = [];
  /** World systems then the scene's, the order every frame phase walks. */
  frameSystems: SystemRecord[] = [];
  scene: Scene | undefined;
  sceneEntered = false;
  cancelled = false;
  /** A scene's exit hooks are running: a destroyWorld() or destroy() from inside one ends the world once they are done. */
  exiting = false;
  /** The world's end was asked for while its scene was exiting. */
  endAfterExit = false;
  /** The world's destroy hooks are running (or ran): it ends once. */
  ended = false;
}
