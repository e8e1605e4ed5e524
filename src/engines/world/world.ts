import type { FrameInfo } from '../../../operators/frame-info.js';
import type { Actor } from './actor.js';
import { Camera } from './camera.js';
import type { Controller } from './controller.js';
import type { GameMode } from './game-mode.js';
import type { TickContext } from './tick-context.js';
import { TickOrder } from './tick-order.js';
import { Timers } from './timers.js';

/** What a world needs from its engine. @internal */
export interface WorldHost {
  nextActorId(): number;
  frame(): FrameInfo;
  requestLevel(name: string): void;
  paused: boolean;
}

/**
 * One open level: its actors, controllers, game mode, timers and camera, and
 * `time`, the seconds it has been stepped by (it starts at zero with every
 * level). The frame counter and simulated time belong to the engine and
 * survive level changes: `world.frame()` reads them.
 */
export class World<A extends string = string> {
  /** Seconds of simulated time since this level opened. */
  time = 0;
  /** The camera the picture is drawn through. */
  readonly camera = new Camera();
  /** Timers on this world's time. */
  readonly timers = new Timers(() => this.time);
  /** The rules of the match, if the level has one. */
  gameMode: GameMode<A> | undefined;

  private readonly present: Actor<A>[] = [];
  private readonly pendingDestroy: Actor<A>[] = [];
  /** The order step 5 ticks `present` and their components in, kept up to date as they change. */
  private readonly tickOrder = new TickOrder<A>();
  private readonly attachedControllers: Controller<A>[] = [];

  /** @internal Worlds are made by the engine, one per level. */
  constructor(
    /** The level's name. */
    readonly level: string,
    private readonly host: WorldHost,
  ) {}

  /** The engine's frames so far (they survive level changes). */
  frame(): FrameInfo {
    return this.host.frame();
  }

  /** Whether the world is paused (steps 4 to 8 skipped, but for `tickWhenPaused` actors). */
  get paused(): boolean {
    return this.host.paused;
  }

  set paused(value: boolean) {
    this.host.paused = value;
  }

  /**
   * The actors in the world, in spawn order, including any destroyed this
   * frame (not `alive`; they leave at the flush). Do not modify.
   */
  get actors(): readonly Actor<A>[] {
    return this.present;
  }

  /** The controllers, in the order they were added. */
  get controllers(): readonly Controller<A>[] {
    return this.attachedControllers;
  }

  /**
   * Adds an actor: it gets its id, joins the world (visible to queries at
   * once), begins play, and ticks from the next frame on.
   */
  spawn<T extends Actor<A>>(actor: T, at?: { x: number; y: number }): T {
    if (actor.world !== undefined) throw new Error(`spawn: actor ${actor.id} "${actor.name}" is already in a world`);
    actor.id = this.host.nextActorId();
    actor.world = this;
    if (at !== undefined) {
      actor.x = at.x;
      actor.y = at.y;
    }
    this.present.push(actor);
    actor.beginPlay();
    return actor;
  }

  /**
   * Destroys an actor: it stops ticking now and leaves the world when the
   * frame's deferred work flushes (step 9), after every tick is finished.
   */
  destroy(actor: Actor<A>): void {
    if (actor.world !== this) return;
    if (actor.markDestroyed()) this.pendingDestroy.push(actor);
  }

  /** Adds a controller; controllers tick first in each frame, in the order added. */
  addController<C extends Controller<A>>(controller: C): C {
    this.attachedControllers.push(controller);
    return controller;
  }

  /** Removes a controller. */
  removeController(controller: Controller<A>): void {
    const i = this.attachedControllers.indexOf(controller);
    if (i >= 0) this.attachedControllers.splice(i, 1);
  }

  /** The first live actor with this name. */
  find(name: string): Actor<A> | undefined {
    return this.present.find((a) => a.alive && a.name === name);
  }

  /** The live actors of a class. */
  ofType<T extends Actor<A>>(type: abstract new (...args: never[]) => T): T[] {
    return this.present.filter((a): a is T => a.alive && a instanceof type);
  }

  /** Asks for a level transition; it is performed when this frame's deferred work flushes. */
  openLevel(name: string): void {
    this.host.requestLevel(name);
  }

  /**
   * @internal Step 9, first half: destroyed actors end play and leave.
   * @param onError Receives what an `endPlay` throws; the rest still leave.
   */
  flushDestroyed(onError: (error: unknown) => void): void {
    if (this.pendingDestroy.length === 0) return;
    const leaving = new Set(this.pendingDestroy.splice(0));
    for (const actor of leaving) {
      try {
        actor.endPlay();
      } catch (error) {
        onError(error);
      }
      actor.world = undefined;
    }
    this.tickOrder.removeLeaving(this.present, leaving);
  }

  /**
   * @internal Step 5: each live actor ticks in spawn order, and after each
   * its enabled components in attachment order (see `TickOrder`).
   * @param paused While true, only actors with `tickWhenPaused` tick.
   * @param onError Receives what a tick throws; the next tick still runs.
   */
  tickActors(paused: boolean, dt: number, context: TickContext<A>, onError: (error: unknown) => void): void {
    this.tickOrder.tick(this.present, paused, dt, context, onError);
  }

  /** @internal One of this world's actors had a component attached or detached. */
  componentsChanged(actor: Actor<A>): void {
    this.tickOrder.componentsChanged(actor);
  }

  /** @internal The level closes: every actor ends play; timers are cancelled. */
  close(onError: (error: unknown) => void): void {
    this.timers.clear();
    for (const actor of this.present) {
      try {
        actor.endPlay();
      } catch (error) {
        onError(error);
      }
      actor.world = undefined;
    }
    this.present.length = 0;
    this.pendingDestroy.length = 0;
    this.tickOrder.clear();
  }
}
