import type { Bounds } from './camera.js';
import type { SumState } from './compensated-sum.js';

/**
 * A world object a field (or a timer) holds, saved as where it is in the
 * world, never as the object: an actor by id, a component by its actor and
 * place, a controller by its place, the game mode, the world itself, a timer
 * handle by id. A restore puts the restored object there.
 */
export type WorldRef =
  | {
      /** An actor (in the world, or departed). */
      readonly ref: 'actor';
      /** Its id. */
      readonly id: number;
    }
  | {
      /** A component. */
      readonly ref: 'component';
      /** The id of its actor. */
      readonly actor: number;
      /** Its place among the actor's components. */
      readonly index: number;
    }
  | {
      /** A controller. */
      readonly ref: 'controller';
      /** Its place among the world's controllers. */
      readonly index: number;
    }
  | {
      /** The world's game mode. */
      readonly ref: 'gameMode';
    }
  | {
      /** The world itself. */
      readonly ref: 'world';
    }
  | {
      /** A timer handle of the world's timers. */
      readonly ref: 'timer';
      /** The timer's id (`handle.id`). */
      readonly id: number;
    };

/**
 * An object's own fields in a snapshot (every own enumerable field, in the
 * object's order, but those the engine keeps itself: an actor's `id`,
 * `world`, components and destroyed flag, a component's `actor`, a
 * controller's pawn).
 */
export interface SavedFields {
  /**
   * Every field, in order: plain data (numbers, strings, booleans, null,
   * undefined, arrays, plain objects, Maps, Sets, typed arrays) as a copy; a
   * field listed in `refs` or `unsaved` holds null here.
   */
  readonly fields: Readonly<Record<string, unknown>>;
  /** The fields that held a world object, as a reference to it. */
  readonly refs: Readonly<Record<string, WorldRef>>;
  /**
   * The fields the engine could not save, with what each held (`'a
   * function'`, `'a Court'`): the object's `save()` and `restore(data)` keep
   * what they need.
   */
  readonly unsaved: Readonly<Record<string, string>>;
}

/** An actor, component, controller or game mode in a snapshot. */
export interface ObjectSnapshot extends SavedFields {
  /** Its class's name: how a restore finds the class to re-create it by (see the `classes` option). */
  readonly class: string;
  /** What its `save()` returned, when it has the hook. */
  readonly data?: unknown;
}

/** An actor in a snapshot. */
export interface ActorSnapshot extends ObjectSnapshot {
  /** Its id: the same number after a restore. */
  readonly id: number;
  /** Destroyed (in the world: this frame, and it leaves at the next frame's step 9; a departed actor: always). */
  readonly destroyed: boolean;
  /** Its components, in attachment order. */
  readonly components: readonly ObjectSnapshot[];
}

/** A controller in a snapshot. */
export interface ControllerSnapshot extends ObjectSnapshot {
  /** The id of the pawn it possesses; null for none. */
  readonly pawn: number | null;
}

/** A timer in a snapshot: one that calls a method of a world object (a function cannot be saved). */
export interface TimerSnapshot {
  /** Its id in the world's timers (`handle.id`). */
  readonly id: number;
  /** Where its schedule starts, on `world.activeTime`, in seconds. */
  readonly originSeconds: number;
  /** When it is next due, on `world.activeTime`, in seconds. */
  readonly dueSeconds: number;
  /** How many periods after the origin it is due. */
  readonly steps: number;
  /** The one-shot's delay, or the repeating timer's interval, in seconds. */
  readonly periodSeconds: number;
  /** Whether it repeats (`every`) or fires once (`after`). */
  readonly repeats: boolean;
  /** The object whose method it calls. */
  readonly target: WorldRef;
  /** The method's name. */
  readonly method: string;
  /** The arguments it calls the method with (as fields '0', '1', ...). */
  readonly args: SavedFields;
}

/** The world's timers in a snapshot. */
export interface TimersSnapshot {
  /** The latest timer id handed out: the next timer scheduled gets the one after it. */
  readonly lastId: number;
  /** The timers that will still fire, in scheduling order. */
  readonly scheduled: readonly TimerSnapshot[];
}

/** The world's camera in a snapshot. */
export interface CameraSnapshot {
  /** The world point at the centre of the view. */
  readonly x: number;
  /** The y of that point. */
  readonly y: number;
  /** Screen units per world unit. */
  readonly zoom: number;
  /** The bounds the view keeps inside; null for none. */
  readonly bounds: Bounds | null;
  /** The id of the actor it follows; null for none. */
  readonly target: number | null;
}

/** What the collision pass remembers between frames, by actor id. */
export interface CollisionSnapshot {
  /**
   * The touching overlap pairs, in the order they began, [lower id, higher
   * id]: the next pass reports no `'begin'` for a pair still touching, and
   * an `'end'` for one that stopped (or whose actor departed).
   */
  readonly pairs: readonly (readonly [number, number])[];
  /** The actors with a shape in the sweep's order (left edge, ties as they stood): the order begins and hits go out in. */
  readonly order: readonly number[];
  /** The actors left out as invalid colliders, reported already. */
  readonly faulty: readonly number[];
}

/**
 * The world engine's state in a snapshot (`engine.save().state`): the open
 * level and everything in it a later frame reads, as plain data.
 */
export interface WorldSnapshot {
  /** The open level's name (`world.level`). */
  readonly level: string;
  /** A level asked for with `openLevel` and not opened yet (the next frame's step 9 opens it); null for none. */
  readonly requestedLevel: string | null;
  /** `world.time`, as its compensated sum. */
  readonly time: SumState;
  /** `world.activeTime` (the timers' time), as its compensated sum. */
  readonly activeTime: SumState;
  /** The latest actor id handed out: the next spawn gets the one after it. */
  readonly lastActorId: number;
  /** The actors in the world, in spawn order (those destroyed this frame and not yet gone included). */
  readonly actors: readonly ActorSnapshot[];
  /**
   * Actors no longer in the world that something in it still refers to: a
   * field (`target`, `lastHitBy`), a timer, or the collision pass, whose next
   * frame ends their pairs and hands them to the callbacks. A restore
   * re-creates them outside the world (not `alive`), so what reads them reads
   * what it read. In id order.
   */
  readonly departed: readonly ActorSnapshot[];
  /** The ids of the destroyed actors waiting for step 9, in the order they were destroyed. */
  readonly pendingDestroy: readonly number[];
  /** The controllers, in the order they tick. */
  readonly controllers: readonly ControllerSnapshot[];
  /** The game mode; null for none. */
  readonly gameMode: ObjectSnapshot | null;
  /** The timers that will still fire, in scheduling order, and the latest timer id handed out. */
  readonly timers: TimersSnapshot;
  /** The camera. */
  readonly camera: CameraSnapshot;
  /** What the collision pass remembers (the touching overlap pairs, its sweep order), by actor id. */
  readonly collision: CollisionSnapshot;
}
