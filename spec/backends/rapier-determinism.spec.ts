import { describe, expect, it } from 'vitest';
import { createRapier2d } from 'tickflow/rapier2d';
import { createRapier3d } from 'tickflow/rapier3d';
import { runScriptedScene } from './rapier-scene.js';

// Issue 10: "Determinism: one scene under a scripted clock reaches the same
// poses (bit-for-bit hash) in Node and in Chromium." Here: the same scripted
// scene (spawns and destroys at the barrier, an assigned velocity, a
// teleport, contacts) run twice in one Node process, on fresh adapters,
// hashes every pose after every step identically. spec/browser/rapier3d.spec.ts
// compares the 3D hash with Chromium's.

describe.each([
  ['rapier3d', createRapier3d],
  ['rapier2d', createRapier2d],
] as const)('%s determinism', (_name, create) => {
  it('the same scene stepped the same way twice hashes bit-identical poses', async () => {
    const first = await create();
    const a = runScriptedScene(first);
    first.destroy();
    const second = await create();
    const b = runScriptedScene(second);
    second.destroy();
    expect(b).toEqual(a);
    expect(a.events).toBeGreaterThan(20); // the heap really collided
    // The hash is a hash of the poses: a run one tick shorter differs.
    const third = await create();
    expect(runScriptedScene(third, a.steps - 1).hash).not.toBe(a.hash);
    third.destroy();
  }, 60_000);
});
