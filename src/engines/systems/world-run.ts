import { EventScope, type EventQueue } from './event-queue.js';
import type { Scene } from './scene.js';
import type { WorldSystemHooks } from './system.js';
import { nameOf } from './system-name.js';

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
  worldSystems: SystemRecord[] = [];
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

/**
 * Builds systems in order, each with an event scope of its own, renamed for
 * the system once it is built (its constructor may already listen). A
 * constructor that throws is reported, its scope disposed, and its system
 * left out. @internal
 */
export function buildSystems<C extends { readonly name: string }>(
  classes: readonly C[],
  queue: EventQueue,
  build: (Class: C, events: EventScope) => object,
  report: (system: string, hook: string, error: unknown) => void,
): SystemRecord[] {
  const records: SystemRecord[] = [];
  for (const Class of classes) {
    const events = new EventScope(queue, Class.name);
    let hooks: object;
    try {
      hooks = build(Class, events);
    } catch (error) {
      report(Class.name, 'constructor', error);
      events.dispose();
      continue;
    }
    events.name = nameOf(hooks);
    records.push({ hooks: hooks as WorldSystemHooks, name: events.name, events });
  }
  return records;
}
