import { phaseNames } from '../../loop/phase.js';
import { presetPhases } from '../shell/preset-declaration.js';

/** A frame hook every system and behavior may have. */
export type FrameHook = 'fixedUpdate' | 'update';

/**
 * What the systems engine's phase table runs on: the engine's frame, as the
 * rows reach it (a frame runs only while a scene is entered, so there is
 * always one). The engine implements it; the table never names the engine.
 */
export interface SystemsPhaseHost {
  /** The one shared `Time` is refreshed: `deltaTime` to `seconds`, `elapsedTime` by it, `alpha` to the loop's. */
  refreshTime(seconds: number): void;
  /** Delivers the queued events, in dispatch order, and counts them. */
  deliverEvents(): void;
  /** Before a fixed step: each entity's pose is kept as the one the step starts from (for interpolation). */
  beginStep(): void;
  /**
   * Every system's `hook`, in configuration order, world systems first, each
   * caught on its own.
   *
   * @return Whether the world still stands (a `destroy()` from inside a hook ends it, and the walk).
   */
  runSystems(hook: FrameHook): boolean;
  /** Every live entity's behaviors' `hook`, in entity order. */
  runBehaviors(hook: FrameHook): void;
  /** Each entity's drawn pose: interpolated by `time.alpha`, or its transform as it is. */
  drawPoses(): void;
  /** The backend draws the scene. */
  render(): void;
  /** Removed entities leave the scene. */
  flushRemoved(): void;
  /** Counts the frame when it hit `maxFixedUpdatesPerFrame` (its backlog dropped). */
  countCeiling(): void;
  /** A stop or a scene change asked for during the frame happens. */
  settle(): void;
}

/**
 * The systems engine's frame, declared once: each phase with its flags and
 * what it runs. The engine's loop is built from it,
 * {@link SYSTEMS_ENGINE_PHASES} lists its names, and `createSystemsEngine`'s
 * documentation numbers its `does` (a spec holds them to each other). None is
 * pausable: the seed's `pause()` "halts the loop", so a paused engine runs no
 * frame at all.
 *
 * The seed: "Within one frame the order is fixed: the engine delivers queued
 * events first, then runs every accumulated fixedUpdate, then update."
 */
export const SYSTEMS_ENGINE_PHASE_TABLE = presetPhases<SystemsPhaseHost>()([
  {
    name: 'events',
    simulation: true,
    does: 'the queued events are delivered, in dispatch order',
    run: (frame) => () => frame.deliverEvents(),
  },
  {
    name: 'fixedUpdate',
    fixed: true,
    simulation: true,
    does: "once per accumulated fixed step, zero or more times: the interpolation snapshot, every system's `fixedUpdate` in configuration order (world systems first), then every entity's behaviors",
    run: (frame) => () => {
      frame.beginStep();
      if (frame.runSystems('fixedUpdate')) frame.runBehaviors('fixedUpdate');
    },
  },
  {
    name: 'time',
    does: '`Time` is refreshed (`deltaTime`, `elapsedTime`, `alpha`): after the fixed steps, before update',
    run: (frame) => (dt) => frame.refreshTime(dt),
  },
  {
    name: 'update',
    simulation: true,
    does: "every system's `update`, then every entity's behaviors",
    run: (frame) => () => {
      if (frame.runSystems('update')) frame.runBehaviors('update');
    },
  },
  {
    name: 'interpolate',
    does: "each entity's drawn pose, `alpha` between its last two steps",
    run: (frame) => () => frame.drawPoses(),
  },
  {
    name: 'render',
    does: 'the backend draws',
    run: (frame) => () => frame.render(),
  },
  {
    name: 'endFrame',
    does: 'removed entities leave the scene; a `stop()` or `loadScene()` asked for during the frame happens',
    run: (frame) => () => {
      frame.flushRemoved();
      frame.countCeiling();
      frame.settle();
    },
  },
]);

/** A phase of the systems engine's frame. */
export type SystemsPhase = (typeof SYSTEMS_ENGINE_PHASE_TABLE)[number]['name'];


/** The phases of one frame, in order: the names of {@link SYSTEMS_ENGINE_PHASE_TABLE}. */
export const SYSTEMS_ENGINE_PHASES: readonly SystemsPhase[] = phaseNames(SYSTEMS_ENGINE_PHASE_TABLE);
