import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { map, NEVER } from 'rxjs';
import {
  constantClock,
  createLoop,
  pacedClock,
  seededClock,
  sequenceClock,
  wallClock,
  type Clock,
} from '../../src/index.js';
import { clampDelta, fixedStep, frameInfo } from '../../operators/index.js';
import { emissionsPerInput, hostileTimestampSequence } from './arbitraries.js';

// DESIGN.md, bad input: "Timestamps, deltas and events from the host are
// never trusted: non-finite or backwards values are handled by the rules
// above, never propagated as NaN."
// DESIGN.md, clock rules: "A timestamp that is not a finite number is
// declined and leaves the baseline unchanged."

/** Every clock the library ships, each with options a property draws. */
const anyClock: fc.Arbitrary<{ name: string; make: () => Clock }> = fc.oneof(
  fc.double({ min: 0, max: 1000, noNaN: true }).map((maxDeltaMs) => ({
    name: `wallClock({ maxDeltaMs: ${maxDeltaMs} })`,
    make: () => wallClock({ maxDeltaMs }),
  })),
  fc.double({ min: 1, max: 500, noNaN: true }).map((fps) => ({
    name: `pacedClock({ fps: ${fps} })`,
    make: () => pacedClock({ fps }),
  })),
  fc.double({ min: 0, max: 1000, noNaN: true }).map((ms) => ({ name: `constantClock(${ms})`, make: () => constantClock(ms) })),
  fc.array(fc.double({ min: 0, max: 1000, noNaN: true }), { minLength: 1, maxLength: 5 }).map((list) => ({
    name: `sequenceClock([${list.join(', ')}])`,
    make: () => sequenceClock(list),
  })),
  fc
    .tuple(fc.integer({ min: 0, max: 0xffffffff }), fc.double({ min: 0, max: 100, noNaN: true }), fc.double({ min: 0, max: 100, noNaN: true }))
    .map(([seed, a, b]) => ({
      name: `seededClock({ seed: ${seed}, minMs: ${Math.min(a, b)}, maxMs: ${Math.max(a, b)} })`,
      make: () => seededClock({ seed, minMs: Math.min(a, b), maxMs: Math.max(a, b) }),
    })),
);

/**
 * A user's clock that passes non-finite values straight through as deltas
 * (and makes finite ones a bounded delta, negative ones included). Loop.ts: "A
 * custom clock is user code: its deltas are checked like host input."
 */
const careless: { name: string; make: () => Clock } = {
  name: 'a careless user clock',
  make: () => map((t: number) => (Number.isFinite(t) ? (t % 200) - 50 : t)),
};

describe('no NaN ever, for any timestamp sequence (NaN, ±Infinity, backwards, ±1e12 jumps)', () => {
  it('no clock emits a non-finite delta, and "a timestamp that is not a finite number is declined"', () => {
    fc.assert(
      fc.property(anyClock, hostileTimestampSequence, (clock, timestamps) => {
        const perTick = emissionsPerInput(clock.make(), timestamps);
        const wrong = perTick.flatMap((emitted, i) =>
          emitted.length > 1 ||
          (emitted.length > 0 && !Number.isFinite(timestamps[i])) ||
          emitted.some((deltaMs) => !(Number.isFinite(deltaMs) && deltaMs >= 0))
            ? [`tick ${i} (${timestamps[i]}) gave [${emitted.join(', ')}]`]
            : [],
        );
        expect(wrong, clock.name).toEqual([]);
      }),
      { numRuns: 400 },
    );
  });

  it('a non-finite timestamp "leaves the baseline unchanged": removing them changes no delta', () => {
    fc.assert(
      fc.property(anyClock, hostileTimestampSequence, (clock, timestamps) => {
        const withBad = emissionsPerInput(clock.make(), timestamps).flat();
        const without = emissionsPerInput(clock.make(), timestamps.filter(Number.isFinite)).flat();
        expect(withBad).toEqual(without);
      }),
      { numRuns: 200 },
    );
  });

  it('no loop hands a non-finite dt, FrameInfo and the plan stay finite, and a non-finite tick makes no frame', () => {
    fc.assert(
      fc.property(
        fc.oneof(anyClock, fc.constant(careless)),
        hostileTimestampSequence,
        fc.constantFrom('keep-fraction' as const, 'drop-backlog' as const),
        (clock, timestamps, overflow) => {
          const loop = createLoop({
            ticks: NEVER,
            clock: clock.make(),
            fixedStep: { stepMs: 1000 / 60, maxSteps: 4, overflow },
            phases: [{ name: 'physics', fixed: true }, 'update', 'render'],
          });
          const handed: number[] = [];
          loop.on('physics', (dtSeconds) => handed.push(dtSeconds));
          loop.on('update', (dtSeconds) => handed.push(dtSeconds));
          loop.start();
          const wrong: string[] = [];
          timestamps.forEach((timestampMs, i) => {
            const before = loop.frame().count;
            const delivered = loop.advance(timestampMs);
            const info = loop.frame();
            const plan = loop.plan();
            const finite = [info.timeMs, info.lastDeltaMs, plan.steps, plan.stepMs, plan.alpha, plan.droppedMs, loop.alpha, loop.stats().droppedMs];
            if (
              info.count !== before + (delivered ? 1 : 0) ||
              (delivered && !Number.isFinite(timestampMs)) ||
              !finite.every(Number.isFinite) ||
              info.lastDeltaMs < 0
            ) {
              wrong.push(`tick ${i} (${timestampMs}): delivered ${delivered}, ${JSON.stringify({ info, plan })}`);
            }
          });
          expect(wrong, clock.name).toEqual([]);
          expect(handed.filter((dtSeconds) => !(Number.isFinite(dtSeconds) && dtSeconds >= 0))).toEqual([]);
          loop.destroy();
        },
      ),
      { numRuns: 300 },
    );
  });
});

// Beyond the clocks: the delta operators are public (`tickflow/operators`) and
// a user may feed them deltas from anywhere, so "deltas ... from the host are
// never trusted: non-finite ... values are ... never propagated as NaN" is
// checked on them too. The loop itself drops non-finite deltas before its
// frame info and accumulator see them, which is why the loop property above
// holds even where these fail.
const hostileDeltas = fc.array(
  fc.oneof(
    { weight: 4, arbitrary: fc.double({ min: 0, max: 100, noNaN: true }) },
    { weight: 1, arbitrary: fc.constantFrom(NaN, Infinity, -Infinity, -16, 1e12, -1e12) },
  ),
  { maxLength: 50 },
);

describe('no NaN ever, for any delta sequence fed to the delta operators', () => {
  it('clampDelta() emits only finite deltas within its bounds', () => {
    fc.assert(
      fc.property(hostileDeltas, fc.double({ min: 0, max: 1000, noNaN: true }), (deltasMs, maxMs) => {
        const out = emissionsPerInput(clampDelta(maxMs), deltasMs).flat();
        expect(out.filter((ms) => !(Number.isFinite(ms) && ms >= 0 && ms <= maxMs))).toEqual([]);
      }),
      { numRuns: 200 },
    );
  });

  it('frameInfo() never reports a NaN count, time or delta', () => {
    fc.assert(
      fc.property(hostileDeltas, (deltasMs) => {
        const infos = emissionsPerInput(frameInfo(), deltasMs).flat();
        expect(infos.filter((i) => [i.count, i.timeMs, i.lastDeltaMs].some(Number.isNaN))).toEqual([]);
      }),
      { numRuns: 200 },
    );
  });

  it('fixedStep() never plans NaN steps, alpha or dropped time, under either overflow policy', () => {
    fc.assert(
      fc.property(hostileDeltas, fc.constantFrom('keep-fraction' as const, 'drop-backlog' as const), (deltasMs, overflow) => {
        const plans = emissionsPerInput(fixedStep({ overflow }), deltasMs).flat();
        expect(plans.filter((p) => [p.steps, p.stepMs, p.alpha, p.droppedMs].some(Number.isNaN))).toEqual([]);
      }),
      { numRuns: 200 },
    );
  });
});
