import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  constantClock,
  createLoop,
  manualTicks,
  pacedClock,
  seededClock,
  sequenceClock,
  wallClock,
  type Clock,
} from '../../src/index.js';

// The loop runs a built-in clock through its step function (no RxJS
// subscriber per tick); any other clock is piped as an operator. The two must
// give the same frames for any ticks. Wrapping a clock in an arrow hides its
// step function, so the loop pipes it.
const asOperator = (clock: Clock): Clock => (source) => clock(source);

function frames(clock: Clock, timestamps: readonly number[]): number[] {
  const loop = createLoop({ ticks: manualTicks().ticks$, clock, phases: ['update'] });
  const seen: number[] = [];
  loop.on('update', (dt) => seen.push(dt));
  for (const t of timestamps) loop.advance(t);
  return seen;
}

const hostile = fc.array(
  fc.oneof(
    { weight: 8, arbitrary: fc.double({ min: 0, max: 1e6, noNaN: true }) },
    { weight: 1, arbitrary: fc.constantFrom(NaN, Infinity, -Infinity, -5, 1e12) },
  ),
  { maxLength: 200 },
);
const steady = fc
  .tuple(fc.integer({ min: 30, max: 240 }), fc.integer({ min: 10, max: 300 }))
  .map(([hz, n]) => Array.from({ length: n }, (_, i) => (i * 1000) / hz + ((i * 7919) % 3) - 1));

describe('a built-in clock gives the same frames through its step function as through its operator', () => {
  const clocks: Array<[string, () => Clock]> = [
    ['wallClock()', () => wallClock()],
    ['wallClock({ maxDeltaMs: 40 })', () => wallClock({ maxDeltaMs: 40 })],
    ['pacedClock({ fps: 30 })', () => pacedClock({ fps: 30 })],
    ['pacedClock({ intervalMs: 7 })', () => pacedClock({ intervalMs: 7 })],
    ['constantClock(16)', () => constantClock(16)],
    ['sequenceClock([8, 16, 33])', () => sequenceClock([8, 16, 33])],
    ['seededClock({ seed: 5, minMs: 4, maxMs: 40 })', () => seededClock({ seed: 5, minMs: 4, maxMs: 40 })],
  ];
  for (const [name, make] of clocks) {
    it(name, () => {
      fc.assert(
        fc.property(fc.oneof(hostile, steady), (timestamps) => {
          expect(frames(make(), timestamps)).toEqual(frames(asOperator(make()), timestamps));
        }),
        { numRuns: 60 },
      );
    });
  }
});
