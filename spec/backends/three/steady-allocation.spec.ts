import { setFlagsFromString } from 'node:v8';
import { describe, expect, it } from 'vitest';
import { threeBackend } from 'tickflow/three';
import { leastBytesPerFrame } from '../../support/bytes-per-frame.js';

// Issue 29, item 3: "no steady allocation by tickflow itself". The three.js
// backend's step 3 (`sync`) keeps the camera at the logical aspect. It
// divided the logical width by the height every frame: in V8's baseline
// tiers (the interpreter, Sparkplug), where the whole-games bench found
// Chromium running it, a fractional result is a new heap number (the bench's
// `sync` in Orbit Catch, about 24 B a frame, two numbers of 12 B). Optimized
// code allocates nothing either way, so this file reads the frame with V8's
// tiers capped at Sparkplug, for the rest of its process (a steady-allocation
// spec runs in a process of its own: vitest.config.ts, `unit-fresh`).
//
// What is left is three.js' own field: reading `camera.aspect` in a baseline
// tier copies the number out of its field (16 B in Node). The bound is one
// such number: before the aspect was kept, a frame read 32 B.
setFlagsFromString('--max-opt=1');

const FRAMES = 20_000;
const HEAP_NUMBER_BYTES = 16; // a heap number in Node (64-bit, no pointer compression); 12 B in Chromium
const BOUND_BYTES_PER_FRAME = HEAP_NUMBER_BYTES + 4; // one number, and the reading's noise

describe('the three.js backend keeps the camera at the logical aspect without allocating (issue 29: "no steady allocation by tickflow itself")', () => {
  it(`sync at 1280 × 720 in a baseline tier: at most camera.aspect's read, under ${BOUND_BYTES_PER_FRAME} B a frame`, async () => {
    const backend = threeBackend({ logicalWidth: 1280, logicalHeight: 720, headless: true });
    const bytes = await leastBytesPerFrame((frames) => {
      for (let i = 0; i < frames; i++) backend.sync();
    }, FRAMES, BOUND_BYTES_PER_FRAME);
    backend.destroy();
    expect(bytes).toBeLessThan(BOUND_BYTES_PER_FRAME);
  });
});
