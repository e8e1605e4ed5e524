import { createInput, type Clock } from 'tickflow';
import { createStateEngine, type StateEngine } from 'tickflow/state';
import type { DeltaTimeScenario, Outcomes } from 'tickflow/testing';
import { threeBackend, type ThreeSurface } from 'tickflow/three';
import { PAGE_CLICK_INTERVAL_SECONDS, ScriptedPlayer } from './autopilot.js';
import { initialState, ORBIT_CATCH_BINDINGS, update as orbitCatchUpdate, type OrbitCatchAction } from './game.js';
import { createOrbitCatchRenderer } from './render.js';
import type { GameState } from './state.js';
import { LOGICAL_HEIGHT, LOGICAL_WIDTH } from './tuning.js';

/**
 * Orbit Catch's delta-time scenarios: whole rounds, headless, that the
 * validator runs under a constant clock, a repeating sequence and a seeded
 * jitter to show the game integrates against the delta it is given and
 * counts no frames.
 *
 * ```sh
 * npx tickflow validate examples/orbit-catch/scenarios.ts
 * ```
 *
 * Each run is the real game: the state engine, the game's update and render,
 * and the three.js backend in its headless mode (a real scene, camera and
 * picking; no renderer). A scripted player clicks through the same input a
 * person uses, and its clicks are picked through the camera of the last
 * frame, as on the page. It decides on the round's schedule (see
 * autopilot.ts), with a margin wider than the longest frame any clock
 * delivers, so it makes the same choices under every clock.
 *
 * What is compared is what the state engine's seed names: "whether an event
 * occurred, which side scored, and the state the result left behind": how
 * the round ended (and, for the timer, when), the score, the lives, the orbs
 * caught (which, in order), escaped and still in flight, the spawn schedule,
 * and the game's own clock. Not positions: an orb's spiral is nonlinear, so
 * every step size lands it somewhere slightly different, correctly.
 *
 * @module
 */

/** The engine a scenario builds: Orbit Catch on the headless three.js backend. */
export type OrbitCatchEngine = StateEngine<GameState, ThreeSurface, OrbitCatchAction>;

/** The round's seed every scenario is dealt from. */
export const SCENARIO_SEED = 7;

/** Options of {@link orbitCatchScenario}. */
export interface OrbitCatchScenarioOptions {
  readonly name: string;
  readonly description: string;
  readonly simulatedSeconds: number;
  /** Round time between the scripted player's clicks; omitted, nobody plays. */
  readonly clickIntervalSeconds?: number;
  /** The game's update; defaults to Orbit Catch's own (a test passes a broken one to see it fail). */
  readonly update?: typeof orbitCatchUpdate;
}

/** The scripted player behind each engine a scenario built (none when nobody plays). */
const players = new WeakMap<OrbitCatchEngine, ScriptedPlayer>();

/** A delta-time scenario of one Orbit Catch round. */
export function orbitCatchScenario(options: OrbitCatchScenarioOptions): DeltaTimeScenario<OrbitCatchEngine> {
  const { name, description, simulatedSeconds, clickIntervalSeconds, update = orbitCatchUpdate } = options;
  return {
    name,
    description,
    simulatedSeconds,
    create: (clock) => headlessRound(clock, update, clickIntervalSeconds),
    // Between frames, as a person's clicks are.
    script: (engine) => players.get(engine)?.beforeFrame(engine.state),
    outcome: roundOutcome,
  };
}

function headlessRound(clock: Clock, update: typeof orbitCatchUpdate, clickIntervalSeconds: number | undefined): OrbitCatchEngine {
  const backend = threeBackend({ headless: true, logicalWidth: LOGICAL_WIDTH, logicalHeight: LOGICAL_HEIGHT });
  const renderer = createOrbitCatchRenderer();
  const input = createInput({ bindings: ORBIT_CATCH_BINDINGS });
  const engine = createStateEngine({ initial: initialState(SCENARIO_SEED), update, render: renderer.render, backend, clock, input });
  if (clickIntervalSeconds !== undefined) {
    players.set(
      engine,
      new ScriptedPlayer(input, { clickIntervalSeconds, locate: renderer.locate, confirm: (x, y) => backend.view.pick(x, y)?.name }),
    );
  }
  return engine;
}

/** What the round ended with: only what survives a change in step size. */
function roundOutcome(engine: OrbitCatchEngine): Outcomes {
  const s = engine.state;
  return {
    round: s.phase === 'playing' ? 'playing' : `over (${s.endReason})`,
    // The timer ends the round at exactly its length; a breach, in the first frame at or past the orb's arrival (not compared).
    'timer ran out at': s.endReason === 'time' ? s.endedAtSeconds : null,
    score: s.score,
    lives: s.lives,
    caught: s.caughtIds,
    escaped: s.escaped,
    misses: s.misses,
    'in flight': s.orbs.map((orb) => orb.id),
    'next orb due at': round6(s.nextSpawnAtSeconds),
    // The game spent exactly the time it was given: its round clock plus the time since the end.
    'game clock': round6(s.elapsedSeconds + s.overSeconds),
  };
}

/** To a microsecond: sums of different deltas to the same total differ in the last bits, never by that much. */
function round6(seconds: number): number {
  return Math.round(seconds * 1e6) / 1e6;
}

/** A steady player, a click every 0.9 s of round time: some orbs escape, the round lasts to the timer. */
export const steadyPlayer = orbitCatchScenario({
  name: 'Orbit Catch: a steady player holds out to the timer',
  description: 'A click every 0.9 s at the orb due at the core soonest; the round ends on the timer at 60 s, and 1 s of the game-over screen follows.',
  simulatedSeconds: 61,
  clickIntervalSeconds: 0.9,
});

/** The page's autoplayer (`?autoplay=1`) for half a round: every orb caught so far, the round still on. */
export const autoplayer = orbitCatchScenario({
  name: "Orbit Catch: the page's autoplayer, 30 s",
  description: `A click every ${PAGE_CLICK_INTERVAL_SECONDS} s, as the page plays with ?autoplay=1: mid-round, every orb so far caught.`,
  simulatedSeconds: 30,
  clickIntervalSeconds: PAGE_CLICK_INTERVAL_SECONDS,
});

/** Nobody plays: every orb reaches the core, and the round is lost. */
export const nobodyPlays = orbitCatchScenario({
  name: 'Orbit Catch: nobody plays, the core is breached',
  description: 'No clicks: five orbs reach the core and the round ends on the breach, about 12.3 s in.',
  simulatedSeconds: 20,
});

/** Every scenario, in the order the command runs them. */
export const scenarios: readonly DeltaTimeScenario<OrbitCatchEngine>[] = [steadyPlayer, autoplayer, nobodyPlays];
