import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { referenceHashes, startMatch } from './match.js';

// Issue 27, item 6: "a property test in one process: for any seeded link
// (latency 0 to 200 ms, jitter, up to 20 % loss, reordering, duplicates)
// and any input schedule for 2 to 4 players, every peer's state at every
// confirmed tick equals a lockstep reference's."
//
// Each machine is a real state engine driven by createP2PSession over a
// simulatedLink; the session's own protocol (inputs repeated until
// acknowledged) makes up for the loss. The machines' hosts run at slightly
// different rates and start at different times, so time sync and stalls are
// in play. After the schedule ends (its inputs stop), every machine runs
// until every tick of the schedule is confirmed everywhere; then the state
// after each of those ticks (its last run: a tick run again after a rollback
// counts with its corrected state) must equal that of one engine that ran the
// confirmed inputs with no network.

const input = fc.tuple(fc.constantFrom(0, 1, 2, 200), fc.constantFrom(0, 0, 128, 255));

const scenario = fc
  .record({
    players: fc.integer({ min: 2, max: 4 }),
    ticks: fc.integer({ min: 1, max: 60 }),
    delay: fc.integer({ min: 0, max: 3 }),
    window: fc.integer({ min: 0, max: 8 }),
    sparseSaving: fc.boolean(), // GGRS's sparse saving: the same states, fewer saves
    latencyMs: fc.double({ min: 0, max: 200, noNaN: true }),
    jitterMs: fc.double({ min: 0, max: 60, noNaN: true }),
    loss: fc.double({ min: 0, max: 0.2, noNaN: true }),
    duplicate: fc.double({ min: 0, max: 0.3, noNaN: true }),
    reorder: fc.double({ min: 0, max: 0.3, noNaN: true }),
    seed: fc.integer({ min: 0, max: 0xffffffff }),
  })
  .chain((s) =>
    fc.record({
      s: fc.constant(s),
      schedule: fc.array(fc.array(input, { minLength: s.ticks, maxLength: s.ticks }), { minLength: s.players, maxLength: s.players }),
      frameMs: fc.array(fc.constantFrom(1000 / 60, 16, 17, 1000 / 59), { minLength: s.players, maxLength: s.players }),
      startMs: fc.array(fc.integer({ min: 0, max: 300 }), { minLength: s.players, maxLength: s.players }),
    }),
  );

describe('createP2PSession over a simulatedLink: every peer\'s state at every confirmed tick equals a lockstep reference\'s', () => {
  it('for any 2 to 4 peers, delay, window, latency 0-200 ms, jitter, up to 20 % loss, reordering, duplicates, host rates and start times, and any schedule', () => {
    fc.assert(
      fc.property(scenario, ({ s, schedule, frameMs, startMs }) => {
        const read = (player: number, tick: number) => (tick < s.ticks ? schedule[player]![tick]! : [0, 0]);
        const match = startMatch({
          players: s.players,
          link: { latencyMs: s.latencyMs, jitterMs: s.jitterMs, loss: s.loss, duplicate: s.duplicate, reorder: s.reorder, seed: s.seed },
          input: read,
          frameMs,
          startMs,
          session: { delay: s.delay, window: s.window, checksumEvery: 8, sparseSaving: s.sparseSaving },
        });
        const checked = s.ticks + s.delay; // the schedule's last input runs at tick ticks - 1 + delay
        const settled = match.runWhile(() => match.machines.every(({ session }) => session.confirmedTick >= checked - 1 && session.currentTick >= checked), 30_000);
        expect(settled, 'every tick of the schedule confirmed on every machine within 30 s of link time').toBe(true);
        const expected = referenceHashes(s.players, read, checked, s.delay);
        for (const machine of match.machines) {
          expect(Array.from({ length: checked }, (_, tick) => machine.hashes.get(tick))).toEqual(expected);
          expect(machine.desyncs).toEqual([]);
          const stats = machine.session.stats();
          if (s.window === 0) expect(stats.rollbacks).toBe(0); // lockstep never predicts, so never rolls back
          expect(stats.stretch).toBeLessThanOrEqual(0.1);
        }
        match.destroy();
      }),
      { numRuns: 40 },
    );
  });
});
