import type { BehaviorGame } from './behavior.js';
import type { EntityHandle } from './entity-handle.js';
import type { BehaviorComponent, RuntimeObject } from './runtime-object.js';

/** The three callbacks a frame calls on every behavior that has one. */
export type FrameCallback = 'fixedUpdate' | 'update' | 'lateUpdate';

/** Every callback the runtime calls, `create` (a behavior's factory at a barrier) and `restore` (a factory and a restore hook at a restore). */
export type Callback = FrameCallback | 'onStart' | 'onDestroy' | 'onCollision' | 'create' | 'restore';

/**
 * What calls behavior callbacks: the game handed to them, the callback
 * running now (what `input()` and `setPresentation` depend on), and where a
 * callback's error goes. The runtime is the one host. @internal
 */
export interface CallbackHost {
  /** What every callback is handed as `game`. */
  readonly game: BehaviorGame;
  /** The callback running now; undefined between callbacks. */
  callback: Callback | undefined;
  /** Reports what a behavior's callback threw: the object, the component, the callback. */
  reportCallback(object: RuntimeObject, behavior: string, callback: Callback, cause: unknown): void;
}

/**
 * Who has one frame callback, in creation order then component order: the
 * object, its component, and the function, found once when the scene's
 * structure changes (at a barrier, a scene load or clear), so a frame calls
 * exactly the callbacks there are and looks nothing up. @internal
 */
export class CallbackList {
  private readonly objects: RuntimeObject[] = [];
  private readonly components: BehaviorComponent[] = [];
  private readonly functions: ((game: BehaviorGame, self: EntityHandle, delta: number) => void)[] = [];

  constructor(readonly callback: FrameCallback) {}

  /** Lists every live object's behaviors that have this callback. */
  index(objects: readonly RuntimeObject[]): void {
    // Written over in place, the lengths set once at the end: emptied and pushed again, the three arrays were made
    // anew at every barrier (every tick), 125 KB a frame at 1,000 objects.
    let n = 0;
    for (let i = 0; i < objects.length; i++) {
      const object = objects[i]!;
      const behaviors = object.behaviors;
      for (let j = 0; j < behaviors.length; j++) {
        const component = behaviors[j]!;
        const callback = component.behavior[this.callback];
        if (typeof callback !== 'function') continue;
        this.objects[n] = object;
        this.components[n] = component;
        this.functions[n] = callback;
        n++;
      }
    }
    this.objects.length = this.components.length = this.functions.length = n;
  }

  /**
   * Calls the callback of every behavior listed, each call isolated: a throw
   * is reported and the next one runs. A clear from inside one (a scene
   * replaced, the runtime destroyed) empties the list, which ends the walk.
   */
  run(host: CallbackHost, delta: number): void {
    const { objects, components, functions } = this;
    const outer = host.callback;
    host.callback = this.callback;
    for (let i = 0; i < functions.length; i++) {
      try {
        functions[i]!.call(components[i]!.behavior, host.game, objects[i]!.handle, delta);
      } catch (error) {
        host.reportCallback(objects[i]!, components[i]!.name, this.callback, error);
      }
    }
    host.callback = outer;
  }
}
