import type { Clock } from '../clocks/clock.js';
import type { WorldEngine } from '../engines/world/world-engine.js';
import type { DeltaTimeScenario, Outcomes } from './validate-delta-time.js';

/**
 * What a world run ended with, as the validator compares it: the outcomes
 * the world engine's seed names ("the match phase, which side scored, which
 * actors are alive, which controller holds which pawn, and the level the run
 * ended in"), and the scenario's own ({@link WorldScenario.observe}) beside
 * them, one row each.
 */
export interface WorldRunOutcome {
  /** The level the run ended in. */
  readonly level: string;
  /** The game mode's phase, or `null` with no game mode. */
  readonly phase: string | null;
  /** The game mode's score per side (which side scored, and how often). */
  readonly scores: Readonly<Record<string, number>>;
  /** The names of the live actors, sorted (an unnamed actor by its class). */
  readonly alive: readonly string[];
  /** Which controller holds which pawn: controller name to pawn name, `null` for none. */
  readonly possession: Readonly<Record<string, string | null>>;
  /** The scenario's own outcomes, by name. */
  readonly [observed: string]: unknown;
}

/** What {@link readOutcome} reads: a world run's outcomes and the engine's simulated time. */
export interface WorldOutcome extends WorldRunOutcome {
  /** The engine's simulated time, in seconds (it survives level transitions). */
  readonly elapsedSeconds: number;
}

/** A world-engine run for the validator: {@link worldScenario} turns it into a {@link DeltaTimeScenario}. */
export interface WorldScenario<A extends string = string> {
  /** Its name in the table. */
  readonly name: string;
  /** A sentence on what it plays, printed under the name. */
  readonly description?: string;
  /** How long to run it, in simulated seconds; every clock stops at exactly this time. */
  readonly simulatedSeconds: number;
  /**
   * Builds the engine, on `clock`. Headless (`nullBackend()`), and with no
   * host ticks of its own: the validator steps it with `advance()`.
   */
  create(clock: Clock): WorldEngine<A>;
  /**
   * Called before every frame: scripted input, by world time (for example
   * `if (engine.world.time >= 5) engine.input.press('Escape')`). Decide by
   * time or by the world's state, never by counting calls.
   */
  script?(engine: WorldEngine<A>): void;
  /**
   * Game-specific outcomes to compare as well (rounds won, a winner), as
   * JSON-able values. Each key becomes a row of the table, after the
   * world's own.
   */
  observe?(engine: WorldEngine<A>): Outcomes;
}

/** The keys {@link readOutcome} fills; an observation may not reuse one. */
const WORLD_OUTCOME_KEYS = ['elapsedSeconds', 'level', 'phase', 'scores', 'alive', 'possession'];

/**
 * A delta-time scenario for a world engine: it waits for the first level
 * before the first frame and for every async level load after (the engine
 * runs no frame while one is in flight), and reads the world's outcomes
 * ({@link readOutcome}) with the scenario's own observations.
 *
 * @example
 * ```ts
 * import { nullBackend } from 'tickflow';
 * import { createWorldEngine } from 'tickflow/world';
 * import { validateDeltaTime, worldScenario } from 'tickflow/testing';
 *
 * const aiVsAi = worldScenario({
 *   name: 'AI vs AI',
 *   simulatedSeconds: 20,
 *   create: (clock) => createWorldEngine({ backend: nullBackend(), levels, startLevel: 'court', clock }),
 * });
 * const report = await validateDeltaTime(aiVsAi);
 * ```
 */
export function worldScenario<A extends string>(scenario: WorldScenario<A>): DeltaTimeScenario<WorldEngine<A>, WorldRunOutcome> {
  const { name, description, simulatedSeconds, create, script, observe } = scenario;
  return {
    name,
    ...(description !== undefined && { description }),
    simulatedSeconds,
    create,
    ready: (engine) => engine.ready,
    ...(script !== undefined && { script: (engine: WorldEngine<A>) => script(engine) }),
    step: (engine) => (!engine.advance() && engine.transitioning ? engine.ready : undefined),
    outcome: (engine) => {
      const { elapsedSeconds: _elapsed, ...outcome } = readOutcome(engine);
      const observed = observe?.(engine) ?? {};
      for (const key of Object.keys(observed)) {
        if (WORLD_OUTCOME_KEYS.includes(key)) {
          throw new Error(`worldScenario: "${name}" observes "${key}", which the world's own outcomes already name; give it another name`);
        }
      }
      return { ...outcome, ...observed };
    },
  };
}

/**
 * Reads the outcomes that survive a change in step size from a world
 * engine: elapsed simulated time, level, the game mode's phase and scores,
 * the live actors' names and which controller possesses which pawn.
 *
 * @example
 * ```ts
 * readOutcome(engine); // { elapsedSeconds: 20, level: 'round-1', phase: 'playing', scores: { left: 0, right: 1 }, alive: [...], possession: {...} }
 * ```
 */
export function readOutcome<A extends string>(engine: WorldEngine<A>): WorldOutcome {
  const world = engine.world;
  const mode = world.gameMode;
  const scores: Record<string, number> = {};
  if (mode !== undefined) for (const side of Object.keys(mode.scores).sort()) scores[side] = mode.scores[side]!;
  const alive = world.actors.filter((a) => a.alive).map((a) => a.name || `(${a.constructor.name})`).sort();
  const possession: Record<string, string | null> = {};
  world.controllers.forEach((controller, i) => {
    const pawn = controller.pawn;
    possession[controller.name || `controller ${i + 1}`] = pawn === undefined ? null : pawn.name || `(${pawn.constructor.name} ${pawn.id})`;
  });
  return {
    elapsedSeconds: engine.frame().timeMs / 1000,
    level: world.level,
    phase: mode === undefined ? null : mode.phase,
    scores,
    alive,
    possession,
  };
}
