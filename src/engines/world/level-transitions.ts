import { OptionError } from '../../../operators/option-error.js';
import type { World } from './world.js';

/** Builds a level into a fresh world: spawn its actors, add its controllers, set its game mode. May be async. */
export type LevelLoader<A extends string> = (world: World<A>) => void | PromiseLike<void>;

/** What level transitions need from their engine. @internal */
export interface LevelTransitionHost<A extends string> {
  /** A fresh, empty world for level `name`. */
  createWorld(name: string): World<A>;
  /** `world` becomes the open world: the old one closes, collision pairs are forgotten. */
  open(world: World<A>): void;
  /** Finishes the frame an async transition suspended at step 9 (render, input close) on whatever world is open now. */
  finishSuspendedFrame(): void;
  /**
   * Holds the engine's loop while a load is in flight: no tick reaches the
   * clock ("the loop runs no frame while one is in flight"). The release
   * restarts the clock fresh, so the load's time is not charged to the next
   * frame.
   */
  hold(): () => void;
  /** Reports an error (to `errors$` and `onError`) as phase `phase`'s. */
  report(phase: string, cause: unknown): void;
}

/** A load in flight: the world it fills, and its settlement (which never rejects). */
interface Load<A extends string> {
  readonly world: World<A>;
  readonly settled: Promise<void>;
  /** Releases the loop's hold. */
  readonly release: () => void;
  /** Settles it now (the engine was destroyed: nothing waits for the loader any more). */
  readonly settle: () => void;
}

/**
 * The world engine's levels and the transitions between them: step 9's
 * second half ("then a requested level transition is performed") and the
 * start level.
 *
 * - Level names are the own keys of the `levels` object given to the engine,
 *   read once: a name inherited from `Object.prototype` (`'toString'`,
 *   `'constructor'`, `'__proto__'`) is not a level.
 * - A loader that returns synchronously is performed at once, and the frame
 *   that performed it renders the world it opened.
 * - An async loader suspends the frame at step 9: "the loop runs no frame
 *   while one is in flight". When it resolves, the new world replaces the old
 *   and the suspended frame finishes (render, input close) on it, through the
 *   fit it took at step 3; when it fails, the failure is reported once, the
 *   current level stays, and the frame finishes on it.
 * - A start level that fails to load (async) is reported once; the engine
 *   then runs no frame at all (there is no world to run), and `ready` rejects
 *   with the failure for whoever awaits it. Nothing rejects unawaited.
 * - After `destroy()` nothing of a load runs: the world it was filling is
 *   closed at once (its actors end play, later spawns into it throw), and its
 *   settlement is ignored.
 *
 * @internal
 */
export class LevelTransitions<A extends string> {
  private readonly loaders: ReadonlyMap<string, LevelLoader<A>>;
  private requested: string | undefined;
  private load: Load<A> | undefined;
  /** The frame that performed an async transition waits for it (render and input close deferred). */
  private frameSuspended = false;
  private startFailure: Error | undefined;
  private destroyed = false;

  /**
   * @throws {OptionError} for `levels` that are not an object of functions, or a `startLevel` that is not one of its own keys.
   */
  constructor(
    where: string,
    levels: unknown,
    private readonly host: LevelTransitionHost<A>,
  ) {
    if (levels === null || typeof levels !== 'object' || Array.isArray(levels)) {
      throw new OptionError(where, 'levels', 'an object of level loaders by name', levels);
    }
    const loaders = new Map<string, LevelLoader<A>>();
    for (const name of Object.keys(levels)) {
      const loader = (levels as Record<string, unknown>)[name];
      if (typeof loader !== 'function') throw new OptionError(where, `levels.${name}`, 'a function (world) => void', loader);
      loaders.set(name, loader as LevelLoader<A>);
    }
    if (loaders.size === 0) throw new OptionError(where, 'levels', 'an object with at least one level loader', levels);
    this.loaders = loaders;
  }

  /** The level names, in the order given. */
  get names(): readonly string[] {
    return [...this.loaders.keys()];
  }

  /** Whether a level load is in flight (no frame runs meanwhile). */
  get inFlight(): boolean {
    return this.load !== undefined;
  }

  /** Whether frames may run: no load in flight, and the start level did not fail. */
  get open(): boolean {
    return this.load === undefined && this.startFailure === undefined && !this.destroyed;
  }

  /** The level whose load is in flight, if one is. */
  get loadingLevel(): string | undefined {
    return this.load?.world.level;
  }

  /** The level asked for with `openLevel` and not opened yet (step 9 opens it), if any: part of a snapshot. */
  get requestedLevel(): string | undefined {
    return this.requested;
  }

  /** Puts back a snapshot's requested level (checked by the caller with {@link check}). */
  restoreRequest(name: string | undefined): void {
    this.requested = name;
  }

  /** Whether this frame's render and input close wait for a load (they run when it settles). */
  get suspended(): boolean {
    return this.frameSuspended;
  }

  /** Why there is no world: the start level's failure, if it failed. */
  get failure(): Error | undefined {
    return this.startFailure;
  }

  /**
   * Resolves when no load is in flight (at once when none is); rejects with
   * the start level's failure when that failed. Made afresh on each read, so
   * a failure rejects only a promise someone holds.
   */
  get ready(): Promise<void> {
    const settled = this.load?.settled ?? Promise.resolve();
    return settled.then(() => {
      if (this.startFailure !== undefined) throw this.startFailure;
    });
  }

  /** Throws the refusal for a name that is not a level. */
  check(where: string, option: string, name: unknown): string {
    if (typeof name !== 'string' || !this.loaders.has(name)) {
      throw new OptionError(where, option, `one of the levels (${this.names.join(', ')})`, name);
    }
    return name;
  }

  /** Asks for a transition to `name`, performed at this frame's step 9. */
  request(name: string): void {
    this.requested = this.check('openLevel', 'name', name);
  }

  /** Opens the start level: at once when its loader returns synchronously (what that throws, the caller gets). */
  openFirst(name: string): void {
    const world = this.host.createWorld(name);
    const loading = this.loaders.get(name)!(world);
    if (!isPromiseLike(loading)) {
      this.host.open(world);
      return;
    }
    this.track(world, loading, {
      resolved: () => this.host.open(world),
      rejected: (error) => {
        world.close(() => {});
        this.startFailure = new Error(`createWorldEngine: the start level "${name}" failed to load; the engine runs no frame`, { cause: error });
        this.host.report('startLevel', this.startFailure);
      },
    });
  }

  /** Step 9, second half: performs the transition requested this frame, if any. */
  performRequested(): void {
    const name = this.requested;
    this.requested = undefined;
    if (name !== undefined && !this.destroyed) this.perform(name);
  }

  /**
   * Opens `name`, at once or when its loader settles. Apart from
   * {@link performRequested} because its callbacks capture `name` and the
   * new world, so V8 makes a context for them on entry: every frame, if
   * this ran in the check that almost always finds nothing requested (issue 29).
   */
  private perform(name: string): void {
    const next = this.host.createWorld(name);
    let loading: void | PromiseLike<void>;
    try {
      loading = this.loaders.get(name)!(next);
    } catch (error) {
      next.close(() => {});
      this.reportFailed(name, error);
      return;
    }
    if (!isPromiseLike(loading)) {
      this.host.open(next);
      return;
    }
    this.frameSuspended = true;
    this.track(next, loading, {
      resolved: () => {
        this.host.open(next);
        this.finishFrame();
      },
      rejected: (error) => {
        next.close(() => {});
        this.reportFailed(name, error);
        this.finishFrame();
      },
    });
  }

  /** The engine is destroyed: a world still loading closes now, and nothing of its load runs later. */
  destroy(onError: (error: unknown) => void): void {
    if (this.destroyed) return;
    this.destroyed = true;
    this.requested = undefined;
    const load = this.load;
    this.load = undefined;
    this.frameSuspended = false;
    if (load === undefined) return;
    load.world.close(onError);
    load.settle();
  }

  private track(world: World<A>, loading: PromiseLike<void>, on: { resolved: () => void; rejected: (error: unknown) => void }): void {
    let settle!: () => void;
    const settled = new Promise<void>((resolve) => (settle = resolve));
    const load: Load<A> = { world, settled, settle, release: this.host.hold() };
    this.load = load;
    const finish = (outcome: () => void): void => {
      // A load the engine no longer waits for (destroyed meanwhile) changes nothing.
      if (this.load !== load) return;
      this.load = undefined;
      try {
        outcome();
      } catch (error) {
        // Nothing escapes into the promise chain: it would be an unhandled rejection.
        this.host.report('flush', error);
      } finally {
        // A start level that failed leaves the loop held: there is no world to run.
        if (this.startFailure === undefined) load.release();
        settle();
      }
    };
    Promise.resolve(loading).then(
      () => finish(on.resolved),
      (error: unknown) => finish(() => on.rejected(error)),
    );
  }

  private finishFrame(): void {
    this.frameSuspended = false;
    this.host.finishSuspendedFrame();
  }

  private reportFailed(name: string, error: unknown): void {
    this.host.report('flush', new Error(`level "${name}" failed to load; the current level stays`, { cause: error }));
  }
}

function isPromiseLike(value: unknown): value is PromiseLike<void> {
  return typeof (value as PromiseLike<void> | undefined)?.then === 'function';
}
