import { describe, expect, it } from 'vitest';
import { formatOutcomeTable, validateDeltaTime, type DeltaTimeReport } from 'tickflow/testing';
import { update } from '../../examples/orbit-catch/game.js';
import { autoplayer, nobodyPlays, orbitCatchScenario, scenarios, steadyPlayer } from '../../examples/orbit-catch/scenarios.js';
import { ROUND_SECONDS, STARTING_LIVES } from '../../examples/orbit-catch/tuning.js';

// Orbit Catch's shipped delta-time scenarios (examples/orbit-catch/scenarios.ts),
// the ones `tickflow validate examples/orbit-catch/scenarios.ts` prints. The
// state engine's seed: "Running one scenario under several clocks and
// comparing the outcomes is how a build is shown to integrate against the
// delta it is given rather than against a count of frames ... Compare the
// elapsed simulated time and the outcomes that survive a change in step size:
// whether an event occurred, which side scored, and the state the result left
// behind." Issue 13: "ship Orbit Catch scenarios that pass, and show a
// frame-counting update failing".

/** A whole round under three clocks, the real game (update, render, headless three.js picking): some seconds under load. */
const ROUND_TIMEOUT_MS = 60_000;

/** Each shipped scenario is validated once; the tests below read the same report. */
const reports = new Map<(typeof scenarios)[number], Promise<DeltaTimeReport>>();
function reportOf(scenario: (typeof scenarios)[number]): Promise<DeltaTimeReport> {
  let report = reports.get(scenario);
  if (report === undefined) reports.set(scenario, (report = validateDeltaTime(scenario)));
  return report;
}

describe("Orbit Catch's delta-time scenarios pass under a constant clock, a repeating sequence and a seeded jitter", () => {
  it('ships three, in order', () => {
    expect(scenarios).toEqual([steadyPlayer, autoplayer, nobodyPlays]);
  });

  it.each(scenarios.map((s) => [s.name, s] as const))(
    '%s',
    async (_name, scenario) => {
      const report = await reportOf(scenario);
      expect(report.mismatches, formatOutcomeTable(report)).toEqual([]);
      expect(report.ok).toBe(true);
      expect(new Set(report.runs.map((r) => r.frames)).size, 'frame counts differ by design').toBe(3);
    },
    ROUND_TIMEOUT_MS,
  );

  it(
    'each reaches what it says: the timer ends the steady round, the breach ends the unplayed one, the autoplayer is mid-round',
    async () => {
      const [steady, idle, auto] = await Promise.all([reportOf(steadyPlayer), reportOf(nobodyPlays), reportOf(autoplayer)]);
      const steadyEnd = steady.runs[0]!.outcome;
      expect(steadyEnd).toMatchObject({ round: 'over (time)', 'timer ran out at': ROUND_SECONDS, 'game clock': 61, misses: 0 });
      expect(steadyEnd.escaped as number, 'the steady player loses some orbs, but not the round').toBeGreaterThan(0);
      expect(steadyEnd.lives as number).toBeGreaterThan(0);
      expect(idle.runs[0]!.outcome).toMatchObject({ round: 'over (core-breached)', score: 0, lives: 0, escaped: STARTING_LIVES, 'game clock': 20 });
      expect(auto.runs[0]!.outcome).toMatchObject({ round: 'playing', lives: STARTING_LIVES, 'game clock': 30 });
      expect(auto.runs[0]!.outcome.score as number).toBeGreaterThan(0);
    },
    ROUND_TIMEOUT_MS,
  );

  it(
    'FAILS the same round when the update counts frames (every frame taken as 1/60 s, whatever the clock delivered)',
    async () => {
      const frameCounting = orbitCatchScenario({
        name: 'Orbit Catch, frame-counting',
        description: 'The steady player, with an update that ignores the delta it is given.',
        simulatedSeconds: steadyPlayer.simulatedSeconds,
        clickIntervalSeconds: 0.9,
        update: (view, ctx) => update(view, { ...ctx, dt: 1 / 60 }),
      });
      const report = await validateDeltaTime(frameCounting);
      expect(report.ok).toBe(false);
      const differ = report.mismatches.map((row) => row.field);
      // Under the other clocks fewer frames fit in 61 s, so the round has not reached its timer.
      expect(differ).toEqual(expect.arrayContaining(['round', 'timer ran out at', 'game clock']));
      expect(report.table.find((row) => row.field === 'round')!.values[0]).toBe('over (time)');
      expect(report.table.find((row) => row.field === 'elapsed')!.agree, 'the clocks are not at fault').toBe(true);
    },
    ROUND_TIMEOUT_MS,
  );
});
