import type { CollisionEvent } from '../../collision/shapes.js';
import { phaseNames } from '../../loop/phase.js';
import { presetPhases } from '../shell/preset-declaration.js';
import type { Actor, TickContext, World } from './world.js';

/** The {@link TickContext} the engine hands every tick, its delta written once a frame. */
export interface FrameTickContext<A extends string = string> extends TickContext<A> {
  /** This frame's delta, in seconds: written at step 3, before any tick reads it. */
  dt: number;
}

/**
 * What the world engine's phase table runs on: the engine's frame, as the
 * rows reach it. The engine implements it; the table never names the engine.
 * Every member is a function, never a getter: V8 keeps an object literal
 * with getters in dictionary mode, where every read is a lookup (the state
 * engine's empty frame measured 310 ns that way, against 140 ns with
 * functions).
 */
export interface WorldPhaseHost<A extends string = string> {
  /** The open world. */
  readonly world: () => World<A>;
  /** Whether the world is paused (steps 4 to 8 skipped, but for `tickWhenPaused` actors). */
  readonly isPaused: () => boolean;
  /** Whether the engine was destroyed (by a callback of this frame): what is left of a step stops. */
  readonly isDestroyed: () => boolean;
  /** What every tick is handed; its `dt` is this frame's, set at step 3. */
  readonly context: () => FrameTickContext<A>;
  /** Step 7: the collision pass over the world's actors; each event goes to both actors' callbacks, then to `collision$`. */
  readonly runCollisions: () => void;
  /** Whether this frame waits for an asynchronous level load (steps 10 and 11 then run when it settles). */
  readonly isSuspended: () => boolean;
  /** Step 3: the backend syncs its canvas; the fit this frame renders through is recomputed. */
  readonly syncViewport: () => void;
  /** Step 9's level half: a requested level transition is performed. */
  readonly performTransition: () => void;
  /** Step 10: the camera updates, the backend renders, the overlay draws. */
  readonly render: () => void;
  /** Step 11: the input frame closes. */
  readonly closeInput: () => void;
  /** Reports an error a callback threw, in the phase running now; the step goes on. */
  readonly report: (error: unknown) => void;
}

/**
 * The world engine's frame, declared once: steps 3 to 11 of the seed's
 * eleven, in order, each with its flags and what it runs (steps 1 and 2, the
 * clock and the frame counter, are the loop's own). The engine's loop is
 * built from it, {@link WORLD_ENGINE_PHASES} lists its names, and
 * `createWorldEngine`'s documentation numbers its `does` (a spec holds them
 * to each other).
 *
 * `pausable` marks steps 4 to 8 except step 5: "Steps 4 through 8 are
 * skipped while the world is paused". Step 5 (`actors`) runs while paused,
 * because an actor whose `tickWhenPaused` is true ticks anyway: it filters
 * the paused actors itself.
 */
export const WORLD_ENGINE_PHASE_TABLE = presetPhases<WorldPhaseHost>()([
  {
    name: 'sync',
    does: 'the backend syncs its canvas and recomputes the viewport',
    run: (frame) => (dt) => {
      // Step 2's world time first: "Time moves first, so everything that runs in
      // the frame reads one clock reading". Active time (the timers') moves only
      // in a frame that begins unpaused.
      frame.context().dt = dt;
      frame.world().advanceTime(dt, !frame.isPaused());
      frame.syncViewport();
    },
  },
  {
    name: 'controllers',
    pausable: true,
    simulation: true,
    does: 'controllers tick, in the order added',
    run: (frame) => (dt) => {
      const controllers = frame.world().controllers;
      const context = frame.context();
      for (let i = 0; i < controllers.length && !frame.isDestroyed(); i++) {
        try {
          controllers[i]!.tick(dt, context);
        } catch (error) {
          frame.report(error);
        }
      }
    },
  },
  {
    name: 'actors',
    simulation: true,
    does: 'live actors tick in spawn order, each followed by its enabled components',
    run: (frame) => (dt) => frame.world().tickActors(frame.isPaused(), dt, frame.context(), frame.report),
  },
  {
    name: 'timers',
    pausable: true,
    simulation: true,
    does: 'timers due this frame fire, in scheduling order',
    run: (frame) => () => frame.world().timers.fireDue(frame.report),
  },
  {
    name: 'collision',
    pausable: true,
    simulation: true,
    does: 'the collision pass runs and emits its events',
    run: (frame) => () => frame.runCollisions(),
  },
  {
    name: 'gameMode',
    pausable: true,
    simulation: true,
    does: 'the game mode ticks',
    run: (frame) => (dt) => {
      try {
        frame.world().gameMode?.tick(dt, frame.context());
      } catch (error) {
        frame.report(error);
      }
    },
  },
  {
    name: 'flush',
    simulation: true,
    does: 'destroyed actors leave, then a requested level transition is performed',
    run: (frame) => () => {
      frame.world().flushDestroyed(frame.report);
      frame.performTransition();
    },
  },
  {
    name: 'render',
    does: 'the camera updates, the backend renders, the debug overlay draws',
    // Deferred while a level loads: the engine finishes the suspended frame when the load settles.
    run: (frame) => () => {
      if (!frame.isSuspended()) frame.render();
    },
  },
  {
    name: 'closeInput',
    does: 'the input frame closes',
    run: (frame) => () => {
      if (!frame.isSuspended()) frame.closeInput();
    },
  },
]);

/** A phase of the world engine. */
export type WorldPhase = (typeof WORLD_ENGINE_PHASE_TABLE)[number]['name'];


/** The world engine's phases, in order: steps 3 to 11 of the frame (the names of {@link WORLD_ENGINE_PHASE_TABLE}). */
export const WORLD_ENGINE_PHASES: readonly WorldPhase[] = phaseNames(WORLD_ENGINE_PHASE_TABLE);

/**
 * Hands a collision event to both actors' callbacks, each in a try of its
 * own: one actor's throwing callback must not hide the event from the other.
 *
 * @param stopped Whether the engine was destroyed (by the first callback): then the second does not run.
 */
export function dispatchCollision<A extends string>(event: CollisionEvent<Actor<A>>, report: (error: unknown) => void, stopped: () => boolean): void {
  const { kind, a, b } = event;
  try {
    if (kind === 'begin') a.onOverlapBegin(b, event);
    else if (kind === 'end') a.onOverlapEnd(b, event);
    else a.onHit(b, event.normalX, event.normalY, event.depth);
  } catch (error) {
    report(error);
  }
  if (stopped()) return;
  try {
    if (kind === 'begin') b.onOverlapBegin(a, event);
    else if (kind === 'end') b.onOverlapEnd(a, event);
    else b.onHit(a, -event.normalX, -event.normalY, event.depth);
  } catch (error) {
    report(error);
  }
}
