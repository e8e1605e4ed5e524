import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { inputQueue, type TickInput } from '../../src/netplay/index.js';

// Issue 27, item 1: "input delay (default 2 ticks) changeable while
// playing; a prediction window (default 8 ticks; 0 is lockstep) past which
// the session stalls [...]; remote inputs predicted as the last confirmed
// one unless the game predicts; on a late input that differs, restore the
// snapshot of the first wrong tick and re-simulate to the present". Item 4:
// the transport is "unordered and unreliable", so confirmations come in any
// order, twice, or late.

describe('inputQueue delay changes, for any schedule', () => {
  /** One local add: the delay set just before it (or none), and the input. */
  const step = fc.record({ delay: fc.option(fc.integer({ min: 0, max: 6 }), { nil: undefined }), input: fc.integer({ min: 1, max: 255 }) });

  it('"changeable while playing": every tick from the first gets exactly one input, the added one or the last repeated', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 6 }), fc.integer({ min: 0, max: 20 }), fc.array(step, { maxLength: 60 }), (delay, startTick, steps) => {
        const queue = inputQueue({ inputSize: 1, delay, startTick });
        const stored = new Map<number, number>();
        const targeted = new Map<number, number[]>();
        let through = startTick - 1;
        steps.forEach((s, i) => {
          if (s.delay !== undefined) queue.setDelay(s.delay);
          const tick = startTick + i;
          targeted.set(tick + queue.delay, [...(targeted.get(tick + queue.delay) ?? []), s.input]);
          through = Math.max(through, tick + queue.delay);
          for (const { tick: at, input, status } of queue.addLocal(tick, new Uint8Array([s.input]))) {
            expect(stored.has(at), `tick ${at} got a second input`).toBe(false);
            expect(status).toBe('confirmed');
            stored.set(at, input[0]!);
          }
        });
        // Contiguous from the first tick, up to the furthest any add reached.
        expect(queue.confirmedThrough).toBe(through);
        expect([...stored.keys()].sort((a, b) => a - b)).toEqual(Array.from({ length: through - startTick + 1 }, (_, k) => startTick + k));
        for (const [tick, input] of stored) {
          const previous = tick === startTick ? 0 : stored.get(tick - 1);
          expect([...(targeted.get(tick) ?? []), previous], `tick ${tick}`).toContain(input);
          expect(queue.confirmedAt(tick)![0]).toBe(input);
        }
      }),
    );
  });
});

/** A remote player's session, step by step: an input arrives, the session hands a tick out, or lets old inputs go. */
type Op = { kind: 'arrive'; index: number } | { kind: 'hand'; tick: number } | { kind: 'discard'; tick: number };

const op: fc.Arbitrary<Op> = fc.oneof(
  { arbitrary: fc.record({ kind: fc.constant('arrive' as const), index: fc.nat() }), weight: 3 },
  { arbitrary: fc.record({ kind: fc.constant('hand' as const), tick: fc.nat({ max: 24 }) }), weight: 4 },
  { arbitrary: fc.record({ kind: fc.constant('discard' as const), tick: fc.nat({ max: 24 }) }), weight: 1 },
);

/** The remote's true inputs (few values, so predictions are often right), and what its packets carry, in arrival order, duplicated. */
const match = fc
  .array(fc.integer({ min: 0, max: 2 }), { minLength: 1, maxLength: 24 })
  .chain((truth) =>
    fc.record({
      truth: fc.constant(truth),
      arrivals: fc.shuffledSubarray([...truth.keys(), ...truth.keys()], { minLength: 0 }),
      ops: fc.array(op, { maxLength: 120 }),
      window: fc.integer({ min: 0, max: 10 }),
    }),
  );

/** Runs a match against a brute-force model; `check` sees every step. */
function play(
  { truth, arrivals, ops, window }: { truth: number[]; arrivals: number[]; ops: Op[]; window: number },
  check: (report: { op: Op; firstWrong: number | undefined; expectedWrong: number | undefined; handed?: TickInput }) => void,
): void {
  const queue = inputQueue({ inputSize: 1, window });
  const confirmed = new Map<number, number>();
  const handedOut = new Map<number, number>();
  let next = 0;
  let lastHanded = -1;
  const bruteWrong = (): number | undefined => {
    const wrong = [...handedOut].filter(([tick, input]) => confirmed.has(tick) && confirmed.get(tick) !== input).map(([tick]) => tick);
    return wrong.length === 0 ? undefined : Math.min(...wrong);
  };
  for (const step of ops) {
    if (step.kind === 'arrive') {
      if (next >= arrivals.length) continue;
      const tick = arrivals[next++]!;
      if (tick >= queue.oldestKept && !confirmed.has(tick)) confirmed.set(tick, truth[tick]!);
      const firstWrong = queue.addRemote(tick, new Uint8Array([truth[tick]!]));
      check({ op: step, firstWrong, expectedWrong: bruteWrong() });
    } else if (step.kind === 'hand') {
      if (step.tick < queue.oldestKept) continue;
      if (!queue.canAdvanceTo(step.tick)) {
        expect(() => queue.inputFor(step.tick)).toThrow(/window/);
        continue;
      }
      const handed = queue.inputFor(step.tick);
      // The brute-force prediction: the latest confirmed input before the tick, zero before any.
      const before = [...confirmed.keys()].filter((tick) => tick < step.tick);
      const predicted = before.length === 0 ? 0 : confirmed.get(Math.max(...before))!;
      expect(handed.input[0]).toBe(confirmed.get(step.tick) ?? predicted);
      expect(handed.status).toBe(confirmed.has(step.tick) ? 'confirmed' : 'predicted');
      handedOut.set(step.tick, handed.input[0]!);
      lastHanded = Math.max(lastHanded, step.tick);
      check({ op: step, firstWrong: queue.firstWrongTick, expectedWrong: bruteWrong(), handed });
    } else {
      const kept = queue.discardBefore(step.tick);
      // Never a tick still needed: unconfirmed, not yet handed out, or wrong.
      expect(kept).toBeLessThanOrEqual(queue.confirmedThrough + 1);
      expect(kept).toBeLessThanOrEqual(lastHanded + 1);
      expect(kept).toBeLessThanOrEqual(bruteWrong() ?? Infinity);
      for (let tick = kept; tick <= queue.confirmedThrough; tick++) expect(queue.confirmedAt(tick)![0]).toBe(truth[tick]);
      for (const tick of [...handedOut.keys()]) if (tick < kept) handedOut.delete(tick);
      check({ op: step, firstWrong: queue.firstWrongTick, expectedWrong: bruteWrong() });
    }
  }
}

describe('inputQueue predictions, for any order of confirmations', () => {
  it('"the first wrong tick" equals the brute force: the earliest tick handed out whose input differs from the confirmed one', () => {
    fc.assert(
      fc.property(match, (scenario) => {
        play({ ...scenario, window: Math.max(scenario.window, 1) }, ({ firstWrong, expectedWrong }) => expect(firstWrong).toBe(expectedWrong));
      }),
      { numRuns: 300 },
    );
  });

  it('"0 is lockstep": with window 0 nothing is ever predicted', () => {
    fc.assert(
      fc.property(match, (scenario) => {
        play({ ...scenario, window: 0 }, ({ handed, firstWrong }) => {
          if (handed !== undefined) expect(handed.status).toBe('confirmed');
          expect(firstWrong).toBeUndefined();
        });
      }),
    );
  });
});
