import { nullBackend, type Clock } from 'tickflow';
import { type WorldEngine } from 'tickflow/world';
import { worldScenario, type DeltaTimeScenario, type WorldRunOutcome } from 'tickflow/testing';
import type { DuelAction } from './bindings.js';
import { createPaddleDuel, type PaddleDuel, type PaddleDuelOptions } from './paddle-duel.js';
import { ScriptedPerson } from './scripted-person.js';
import { LOGICAL_HEIGHT, LOGICAL_WIDTH } from './tuning.js';

/**
 * Paddle Duel's delta-time scenarios: headless matches the validator runs
 * under a constant clock, a repeating sequence and a seeded jitter, to show
 * the game integrates against the delta it is given and counts no frames.
 *
 * ```sh
 * npm run validate                                       # in this repository
 * npx tickflow validate examples/paddle-duel/scenarios.ts  # the command
 * ```
 *
 * Every scenario decides its scripted input by simulated time or by the
 * state of the world, never by counting frames, and compares the match's
 * own record (rounds, winner) along with the engine's outcomes.
 *
 * @module
 */

type DuelScenario = DeltaTimeScenario<WorldEngine<DuelAction>, WorldRunOutcome>;

/** The duel behind each engine a scenario built, for its script and its observations. */
const duels = new WeakMap<WorldEngine<DuelAction>, PaddleDuel & { person?: ScriptedPerson; script: ScriptState }>();

/** What a scripted run remembers between frames: which of its timed presses it made. */
interface ScriptState {
  readonly done: Set<string>;
}

/** A match with no picture: the null backend, scripted input, the court loading at once. */
function headless(clock: Clock, options: Partial<PaddleDuelOptions> = {}): WorldEngine<DuelAction> {
  const duel = createPaddleDuel({ backend: nullBackend({ logicalWidth: LOGICAL_WIDTH, logicalHeight: LOGICAL_HEIGHT }), clock, courtLoadMs: 0, ...options });
  duels.set(duel.engine, { ...duel, script: { done: new Set() } });
  return duel.engine;
}

/** The match's record, compared across clocks with the engine's outcomes. */
function observeMatch(engine: WorldEngine<DuelAction>): Record<string, unknown> {
  const { match } = duels.get(engine)!;
  return {
    'rounds won': match.rounds.map((r) => `round ${r.round}: ${r.winner} ${r.points.left}–${r.points.right}`),
    winner: match.winner ?? null,
  };
}

/**
 * Taps `code` once, the first frame the engine's simulated time reaches
 * `atSeconds` (a press, and its release on the next frame).
 */
function tapAt(engine: WorldEngine<DuelAction>, atSeconds: number, code: string): void {
  const { script, input } = duels.get(engine)!;
  const key = `${code}@${atSeconds}`;
  const seconds = engine.frame().timeMs / 1000;
  if (seconds >= atSeconds && !script.done.has(key)) {
    script.done.add(key);
    input.press(code);
  } else if (script.done.has(key) && !script.done.has(`${key} released`)) {
    script.done.add(`${key} released`);
    input.release(code);
  }
}

/** AI against AI for 20 seconds: the warm-up, the first points of round 1. */
export const aiVsAi: DuelScenario = worldScenario({
  name: 'Paddle Duel: AI vs AI, 20 s',
  description: 'Both sides played by the AI: countdown timers, serves, paddle hits, wall bounces, goals.',
  simulatedSeconds: 20,
  create: (clock) => headless(clock),
  observe: observeMatch,
});

/** AI against AI to the end of the match: both courts, the async level load between them, the final phase. */
export const wholeMatch: DuelScenario = worldScenario({
  name: 'Paddle Duel: AI vs AI, the whole match',
  description: 'Round 1 on the open court, the transition to the narrows (an async load), round 2, and the match over.',
  simulatedSeconds: 75,
  create: (clock) => headless(clock),
  observe: observeMatch,
});

/**
 * A person on the left (scripted key presses) against the AI: they join a
 * demo seat by pressing W (the paddle changes hands), play, pause at 8 s,
 * move the menu's cursor down and up, and resume with Enter.
 */
export const personVsAi: DuelScenario = worldScenario({
  name: 'Paddle Duel: a person (scripted keys) vs AI, with a pause',
  description: 'W/S held by a script that tracks the ball; it takes the left paddle from the AI, pauses at 8 s and resumes from the menu.',
  simulatedSeconds: 30,
  create: (clock) => {
    const engine = headless(clock, { seats: { left: 'demo', right: 'ai' } });
    const duel = duels.get(engine)!;
    duel.person = new ScriptedPerson(duel.input, 'left');
    return engine;
  },
  script: (engine) => {
    tapAt(engine, 8, 'Escape');
    tapAt(engine, 8.5, 'ArrowDown');
    tapAt(engine, 9, 'ArrowUp');
    tapAt(engine, 9.5, 'Enter');
    duels.get(engine)!.person!.beforeFrame(engine.world);
  },
  observe: observeMatch,
});

/** AI against AI, restarted from the pause menu at 14 s: Escape, ArrowDown to Restart, Enter. */
export const restartFromMenu: DuelScenario = worldScenario({
  name: 'Paddle Duel: restart from the pause menu',
  description: 'At 14 s the match is paused and restarted from the menu: round 1 opens again and the record is cleared.',
  simulatedSeconds: 24,
  create: (clock) => headless(clock),
  script: (engine) => {
    tapAt(engine, 14, 'Escape');
    tapAt(engine, 14.5, 'ArrowDown');
    tapAt(engine, 15, 'Enter');
  },
  observe: observeMatch,
});

/** Every scenario, in the order the command runs them. */
export const scenarios: readonly DuelScenario[] = [aiVsAi, wholeMatch, personVsAi, restartFromMenu];
