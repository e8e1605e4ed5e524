import { describe, expect, it } from 'vitest';
import { constantClock, nullBackend } from 'tickflow';
import { formatOutcomeTable, validateDeltaTime, type DeltaTimeReport, type WorldRunOutcome } from 'tickflow/testing';
import { aiVsAi, personVsAi, restartFromMenu, scenarios, wholeMatch } from '../../examples/paddle-duel/scenarios.js';
import { createPaddleDuel } from '../../examples/paddle-duel/paddle-duel.js';
import { duelStateHash } from '../../examples/paddle-duel/state-hash.js';
import { LOGICAL_HEIGHT, LOGICAL_WIDTH } from '../../examples/paddle-duel/tuning.js';

// Paddle Duel's shipped delta-time scenarios (examples/paddle-duel/scenarios.ts),
// the ones `npm run validate` prints. Issue 3: "The example game ships
// scenarios that pass."

/** Each shipped scenario is validated once; the tests below read the same report (as orbit-catch-scenarios.spec.ts does). */
const reports = new Map<(typeof scenarios)[number], Promise<DeltaTimeReport<WorldRunOutcome>>>();
function reportOf(scenario: (typeof scenarios)[number]): Promise<DeltaTimeReport<WorldRunOutcome>> {
  let report = reports.get(scenario);
  if (report === undefined) reports.set(scenario, (report = validateDeltaTime(scenario)));
  return report;
}

describe('Paddle Duel\'s delta-time scenarios pass under a constant clock, a repeating sequence and a seeded jitter', () => {
  it('ships four, in order', () => {
    expect(scenarios).toEqual([aiVsAi, wholeMatch, personVsAi, restartFromMenu]);
  });

  it.each(scenarios.map((s) => [s.name, s] as const))('%s', async (_name, scenario) => {
    const report = await reportOf(scenario);
    expect(report.mismatches, formatOutcomeTable(report)).toEqual([]);
    expect(report.ok).toBe(true);
  });

  it('the whole match: both rounds, the transition, and the final phase under every clock', async () => {
    const report = await reportOf(wholeMatch);
    for (const { outcome } of report.runs) {
      expect(outcome).toMatchObject({ level: 'round-2', phase: 'over', scores: { left: 5, right: 3 } });
      // The match's own record, observed beside the world's outcomes (one row each).
      expect(outcome).toMatchObject({ 'rounds won': ['round 1: right 2–3', 'round 2: left 3–0'], winner: 'left' });
    }
  });

  it('the person\'s scenario: the left paddle changed hands, and the person scored', async () => {
    const report = await reportOf(personVsAi);
    expect(report.runs[0]!.outcome.possession).toEqual({ 'left-player': 'left-paddle', 'left-ai': null, 'right-ai': 'right-paddle' });
    expect(report.runs[0]!.outcome.scores.left).toBeGreaterThan(0);
  });

  it(
    'agrees not only at the end time chosen: the whole match compared every 5 simulated seconds',
    async () => {
      for (let seconds = 5; seconds <= wholeMatch.simulatedSeconds; seconds += 5) {
        // The last stop is the scenario's own end time: its report is the one above.
        const report = await (seconds === wholeMatch.simulatedSeconds ? reportOf(wholeMatch) : validateDeltaTime({ ...wholeMatch, simulatedSeconds: seconds }));
        expect(report.mismatches, formatOutcomeTable(report)).toEqual([]);
      }
    },
    60_000,
  );
});

describe('the parity hash (compared with Chromium in spec/browser/paddle-duel.spec.ts)', () => {
  const hashAfter = async (frames: number, seed?: number) => {
    const { engine, match } = createPaddleDuel({
      backend: nullBackend({ logicalWidth: LOGICAL_WIDTH, logicalHeight: LOGICAL_HEIGHT }),
      clock: constantClock(1000 / 60),
      courtLoadMs: 0,
      ...(seed !== undefined && { seed }),
    });
    while (engine.frame().count < frames) if (!engine.advance()) await engine.ready;
    return duelStateHash(engine, match);
  };

  it('is the same for two runs of the same frames, and changes with a frame more or another seed', async () => {
    const hash = await hashAfter(300);
    expect(hash).toMatch(/^[0-9a-f]{8}$/);
    expect(await hashAfter(300)).toBe(hash);
    expect(await hashAfter(301)).not.toBe(hash);
    expect(await hashAfter(300, 3)).not.toBe(hash);
  });
});
