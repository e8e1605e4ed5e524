import { constantClock, seededClock, sequenceClock, type Clock } from '../../src/index.js';
import { type DeepReadonly } from '../../src/engines/state/index.js';
import { describe, expect, it } from 'vitest';
import { orbPosition } from '../../examples/orbit-catch/orbits.js';
import type { GameState } from '../../examples/orbit-catch/state.js';
import { ROUND_SECONDS, STARTING_LIVES } from '../../examples/orbit-catch/tuning.js';
import { FRAME_60HZ_MS, headlessGame } from './orbit-catch-setup.js';

// Delta-time independence, on a real game. The seed (frame-3d-state-engine,
// "Delta-time independence"): "Running one scenario under several clocks and
// comparing the outcomes is how a build is shown to integrate against the
// delta it is given rather than against a count of frames. A constant clock,
// a repeating sequence, and a seeded jitter cover the ground between them.
// Compare the elapsed simulated time and the outcomes that survive a change
// in step size: whether an event occurred, which side scored, and the state
// the result left behind. Numerical integration of a nonlinear system
// diverges across step sizes even when every step of it is correct, so exact
// positions and velocities differ legitimately between two correct runs."
//
// What is compared, and why:
//
// - simulated time: the engine's (the sum of the deltas it delivered) reaches
//   the target within one delta, and the game's own clock (round time plus
//   time since the end) equals it: the game spends exactly the time it is given;
// - whether the round ended, and why (the timer, or the core breached), and
//   when: exactly 60 s for the timer (a frame that overruns it is cut at the
//   end), within a frame for a breach (seen in the first frame at or past the
//   orb's arrival);
// - who scored what: the score, the lives left, how many orbs escaped, and
//   which orbs were caught, in order;
// - not positions: an orb's angle advances at its tangential speed over its
//   radius, a rate that grows as it falls in; an Euler step of that lands
//   somewhere slightly different for every step size, correctly. The table
//   shows how far the surviving orbs drifted from the 60 Hz run.
//
// The scenario is a scripted player clicking on the round's schedule (see
// examples/orbit-catch/autopilot.ts): its choices depend on round time and on
// each orb's exact spawn and arrival times, with a safety margin wider than
// the longest frame here, so no choice falls on a frame boundary.

/** The clocks, from steady to jittered; the longest frame any delivers is {@link LONGEST_FRAME_MS}. */
const CLOCKS: readonly { readonly name: string; readonly clock: () => Clock }[] = [
  { name: 'constant 60 Hz', clock: () => constantClock(FRAME_60HZ_MS) },
  { name: 'constant 20 Hz', clock: () => constantClock(50) },
  { name: 'sequence 8,16,33,50,12 ms', clock: () => sequenceClock([8, 16, 33, 50, 12]) },
  { name: 'seeded 4–50 ms', clock: () => seededClock({ seed: 2024, minMs: 4, maxMs: 50 }) },
];

/** The longest frame the clocks above deliver, in ms. */
const LONGEST_FRAME_MS = 50;

/** The scenarios: who plays, and for how long. */
const SCENARIOS = [
  {
    name: 'a steady player (a click every 0.9 s) holds out to the timer',
    clickIntervalSeconds: 0.9,
    untilMs: (ROUND_SECONDS + 1) * 1000,
    expected: { endReason: 'time' },
  },
  {
    name: 'nobody plays: the core is breached',
    clickIntervalSeconds: undefined,
    untilMs: 20_000,
    expected: { endReason: 'core-breached' },
  },
] as const;

/** One run's outcome: one row of the table. */
interface Outcome {
  readonly clock: string;
  readonly frames: number;
  readonly simulatedSeconds: number;
  readonly gameSeconds: number;
  readonly ended: boolean;
  readonly endReason: string | null;
  readonly endedAtSeconds: number | null;
  readonly score: number;
  readonly lives: number;
  readonly escaped: number;
  readonly caughtIds: readonly string[];
  readonly state: DeepReadonly<GameState>;
}

/** How long one scenario may take under all the clocks (some 10,000 frames with picking and render). */
const SCENARIO_TIMEOUT_MS = 60_000;

function play(clock: Clock, clickIntervalSeconds: number | undefined, untilMs: number, name: string): Outcome {
  // The read-only view check is off: it is a development aid costing a Proxy per read, and these runs
  // only compare outcomes (orbit-catch.spec.ts runs every scenario with it on).
  const game = headlessGame({ clock, readonlyView: false });
  const player = clickIntervalSeconds === undefined ? undefined : game.player({ clickIntervalSeconds });
  game.runUntilMs(untilMs, player);
  const state = game.engine.state;
  const frame = game.engine.frame();
  return {
    clock: name,
    frames: frame.count,
    simulatedSeconds: frame.timeMs / 1000,
    gameSeconds: state.elapsedSeconds + state.overSeconds,
    ended: state.phase === 'over',
    endReason: state.endReason,
    endedAtSeconds: state.endedAtSeconds,
    score: state.score,
    lives: state.lives,
    escaped: state.escaped,
    caughtIds: state.caughtIds,
    state,
  };
}

/** The largest distance between an orb of `a` and the same orb in `b`, in world units. */
function positionDrift(a: DeepReadonly<GameState>, b: DeepReadonly<GameState>): number {
  let drift = 0;
  for (const orb of a.orbs) {
    const other = b.orbs.find((o) => o.id === orb.id);
    if (other === undefined) continue;
    const p = orbPosition(orb);
    const q = orbPosition(other);
    drift = Math.max(drift, Math.hypot(p.x - q.x, p.y - q.y, p.z - q.z));
  }
  return drift;
}

function table(outcomes: readonly Outcome[], reference: Outcome): string {
  const rows = outcomes.map((o) => [
    o.clock,
    String(o.frames),
    o.simulatedSeconds.toFixed(3),
    o.ended ? 'yes' : 'no',
    o.endReason ?? '-',
    o.endedAtSeconds?.toFixed(3) ?? '-',
    String(o.score),
    String(o.lives),
    String(o.escaped),
    `${o.caughtIds.length}${o === reference ? '' : o.caughtIds.join() === reference.caughtIds.join() ? ' (same)' : ' (DIFFERENT)'}`,
    positionDrift(o.state, reference.state).toExponential(1),
  ]);
  const header = ['clock', 'frames', 'sim s', 'ended', 'why', 'ended at s', 'score', 'lives', 'escaped', 'caught', 'drift units'];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: readonly string[]) => cells.map((c, i) => c.padEnd(widths[i]!)).join(' | ');
  return [line(header), widths.map((w) => '-'.repeat(w)).join('-|-'), ...rows.map(line)].join('\n');
}

describe('Orbit Catch integrates against the delta it is given', () => {
  for (const scenario of SCENARIOS) {
    it(`${scenario.name}: the same outcome under ${CLOCKS.length} clocks`, () => {
      const outcomes = CLOCKS.map(({ name, clock }) => play(clock(), scenario.clickIntervalSeconds, scenario.untilMs, name));
      const reference = outcomes[0]!;
      console.log(`\n${scenario.name}\n${table(outcomes, reference)}\n`);

      for (const outcome of outcomes) {
        const where = `${scenario.name}, ${outcome.clock}`;
        // Elapsed simulated time: the target, reached within one frame; the game spent exactly what it was given.
        expect(outcome.simulatedSeconds, where).toBeGreaterThanOrEqual(scenario.untilMs / 1000);
        expect(outcome.simulatedSeconds, where).toBeLessThan(scenario.untilMs / 1000 + LONGEST_FRAME_MS / 1000);
        expect(outcome.gameSeconds, where).toBeCloseTo(outcome.simulatedSeconds, 6);
        // Whether the event occurred, and why.
        expect({ ended: outcome.ended, endReason: outcome.endReason }, where).toEqual({ ended: true, ...scenario.expected });
        if (outcome.endReason === 'time') expect(outcome.endedAtSeconds, where).toBe(ROUND_SECONDS);
        else expect(Math.abs(outcome.endedAtSeconds! - reference.endedAtSeconds!), where).toBeLessThan(LONGEST_FRAME_MS / 1000);
        // Who scored what, and the state the result left behind.
        expect(
          { score: outcome.score, lives: outcome.lives, escaped: outcome.escaped, caughtIds: outcome.caughtIds },
          where,
        ).toEqual({ score: reference.score, lives: reference.lives, escaped: reference.escaped, caughtIds: reference.caughtIds });
        expect(outcome.state.orbs.map((o) => o.id), where).toEqual(reference.state.orbs.map((o) => o.id));
        // Positions are near, not equal: not compared beyond a sanity bound.
        expect(positionDrift(outcome.state, reference.state), where).toBeLessThan(0.5);
      }
      // A scenario worth running: something was caught, or something escaped.
      expect(reference.score + reference.escaped).toBeGreaterThan(0);
      if (scenario.expected.endReason === 'time') {
        expect(reference.escaped, 'the steady player loses some orbs, but not the round').toBeGreaterThan(0);
        expect(reference.lives).toBeGreaterThan(0);
      } else {
        expect(reference.lives).toBe(0);
        expect(reference.escaped).toBe(STARTING_LIVES);
      }
    }, SCENARIO_TIMEOUT_MS);
  }
});
