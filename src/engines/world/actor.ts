import type { CollisionEvent, CollisionResponse, Shape } from '../../collision/shapes.js';
import type { TickContext } from './tick-context.js';
import type { Visual } from './visual.js';
import type { World } from './world.js';

/**
 * Something in the world: a position, an optional collision shape and visual,
 * components that follow it, and a tick. Games extend it.
 *
 * Lifecycle: `spawn` adds it and calls `beginPlay`; it ticks from the next
 * frame on, in spawn order; `world.destroy(actor)` marks it (it stops
 * ticking) and it ends play and leaves the world when the frame's deferred
 * work flushes, after every tick is finished.
 *
 * @example
 * ```ts
 * class Ball extends Actor {
 *   vx = 120; // world units per second
 *   override shape = circle(8);
 *   override visual = { kind: 'circle', radius: 8, color: 0xffcc00 } as const;
 *   override tick(dt: number) { this.x += this.vx * dt; }
 * }
 * ```
 */
export class Actor<A extends string = string> {
  /** Unique in the engine, in spawn order. Set by `spawn`; 0 before. */
  id = 0;
  /** The world it lives in; set by `spawn`. */
  world: World<A> | undefined;
  /** A name for debugging and lookups. */
  name = '';
  /** Its x, in world units; starts at 0. */
  x = 0;
  /** Its y, in world units; starts at 0. */
  y = 0;
  /** Radians. */
  rotation = 0;
  /** Collision shape, centred on the position; none means no collisions. */
  shape: Shape | undefined;
  /** How collisions are reported; defaults to `'overlap'`. */
  response: CollisionResponse = 'overlap';
  /** What the backend draws; none draws nothing. */
  visual: Visual | undefined;
  /** Ticks (with its components) while the world is paused: how a pause menu drives itself. */
  tickWhenPaused = false;
  /**
   * What a possessing controller asks of this pawn this frame, written by
   * the controller (step 4) and read by the pawn's tick (step 5).
   */
  readonly drive = {
    /** The movement asked for along x, what the pawn makes of it (typically -1 to 1, as `input.axis` gives); starts at 0. */
    x: 0,
    /** The movement asked for along y, like `x`; starts at 0. */
    y: 0,
    /** Whether the pawn's action is asked for (a jump, a shot); starts false. */
    action: false,
  };

  private readonly attached: Component<A>[] = [];
  private destroyed = false;

  /** Whether it is in the world and not destroyed. */
  get alive(): boolean {
    // `=== false`, not `!`: the same on this boolean, and one comparison in the engine's per-actor step.
    return this.world !== undefined && this.destroyed === false;
  }

  /** The components, in attachment order. Change them with `attach` and `detach`: the world keeps the order it ticks them in from those. */
  get components(): readonly Component<A>[] {
    return this.attached;
  }

  /** Attaches a component (it ticks after this actor, after earlier components). */
  attach<C extends Component<A>>(component: C): C {
    component.actor = this;
    this.attached.push(component);
    this.world?.componentsChanged(this);
    return component;
  }

  /** Detaches a component. */
  detach(component: Component<A>): void {
    const i = this.attached.indexOf(component);
    if (i < 0) return;
    this.attached.splice(i, 1);
    this.world?.componentsChanged(this);
  }

  /** Called when spawned. */
  beginPlay(): void {}
  /** Called once per frame (step 5) with the delta in seconds. */
  tick(_dt: number, _context: TickContext<A>): void {}
  /** Called when it leaves the world (at the flush after `destroy`, or when its level closes). */
  endPlay(): void {}
  /** An overlap with `other` began this frame. */
  onOverlapBegin(_other: Actor<A>, _event: CollisionEvent<Actor<A>>): void {}
  /** An overlap with `other` ended this frame. */
  onOverlapEnd(_other: Actor<A>, _event: CollisionEvent<Actor<A>>): void {}
  /** This blocking actor touches blocking `other` this frame; the normal points from this actor to `other`. */
  onHit(_other: Actor<A>, _normalX: number, _normalY: number, _depth: number): void {}

  /** @internal Marks it destroyed (it stops ticking; it leaves at the flush). */
  markDestroyed(): boolean {
    if (this.destroyed) return false;
    this.destroyed = true;
    return true;
  }
}

/**
 * A reusable piece of behaviour attached to an actor; it ticks right after
 * its actor, in attachment order, while `enabled`.
 */
export class Component<A extends string = string> {
  /** The actor it is attached to; set by `attach`. */
  actor!: Actor<A>;
  /** Disabled components do not tick. */
  enabled = true;
  /** Called once per frame after its actor's tick. */
  tick(_dt: number, _context: TickContext<A>): void {}
}
