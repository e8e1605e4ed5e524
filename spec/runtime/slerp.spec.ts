import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { slerpShortest } from '../../src/engines/runtime/index.js';
import { watchApproximatedMath } from '../support/approximated-math.js';

// The fixed-tick runtime seed: "interpolated presentation" (rotation along the
// shortest quaternion path). The presented pose is part of the runtime's
// checkpoint state (runtimeState), so a session recorded in a browser and
// replayed in Node compares it bit for bit; docs/determinism.md: "`Math.sin`,
// `cos`, `tan`, `atan2` ... differ in the last bit ... In a simulation, use
// portableSin, portableCos and portableAtan2". The blend uses only those.

/** A turn of `radians` about z, as a unit quaternion. */
const aboutZ = (radians: number): Float64Array => Float64Array.of(0, 0, Math.sin(radians / 2), Math.cos(radians / 2));

afterEach(() => {
  vi.restoreAllMocks();
});

describe('slerpShortest', () => {
  // 0.1 rad apart at least: closer, the blend is a normalised lerp (NEARLY_PARALLEL_COS), good to 1e-7 only.
  it('blends two turns about z to the turn t of the way between them, along the shorter way', () => {
    fc.assert(
      fc.property(fc.double({ min: -Math.PI, max: Math.PI, noNaN: true }), fc.double({ min: 0.1, max: 3, noNaN: true }), fc.constantFrom(1, -1), fc.double({ min: 0, max: 1, noNaN: true }), (from, apart, direction, t) => {
        const out = new Float64Array(4);
        slerpShortest(out, aboutZ(from), aboutZ(from + direction * apart), t);
        const expected = aboutZ(from + direction * apart * t);
        // q and −q are the same rotation: compare up to sign.
        const sign = Math.sign(out[3]! * expected[3]! + out[2]! * expected[2]!) || 1;
        for (let i = 0; i < 4; i++) expect(sign * out[i]!).toBeCloseTo(expected[i]!, 12);
      }),
      { numRuns: 2000 },
    );
  });

  it('calls no engine-approximated Math function (its result is state a replay on another engine compares)', () => {
    const called = watchApproximatedMath();
    const a = Float64Array.of(0, 0, 0.25881904510252074, 0.9659258262890683); // 30° about z
    const b = Float64Array.of(0.5, 0.5, -0.5, 0.5);
    const out = new Float64Array(4);
    for (const t of [0, 0.25, 0.5, 0.9, 1]) slerpShortest(out, a, b, t);
    expect(called()).toEqual({});
    expect(out[0]! ** 2 + out[1]! ** 2 + out[2]! ** 2 + out[3]! ** 2).toBeCloseTo(1, 14);
    for (let i = 0; i < 4; i++) expect(out[i]).toBeCloseTo(b[i]!, 14);
  });
});
