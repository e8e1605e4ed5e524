import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRapier3d } from 'tickflow/rapier3d';
import { readFileSync } from 'node:fs';
import { validateScene } from 'tickflow/runtime';
import { behaviors } from '../runtime/fixtures/arena-behaviors.js';
import { runScriptedScene } from '../backends/rapier-scene.js';
import { startHarness, type BrowserHarness, type OpenedPage } from './harness.js';

// The Rapier 3D adapter in real Chromium, served by Vite (BROWSER.md), against
// the same adapter in Node. Issue 10: "Determinism: one scene under a
// scripted clock reaches the same poses (bit-for-bit hash) in Node and in
// Chromium."

const STEPS = 240;

describe('tickflow/rapier3d in Chromium', () => {
  let harness: BrowserHarness;
  let opened: OpenedPage;

  beforeAll(async () => {
    harness = await startHarness();
    opened = await harness.open(harness.fixture('rapier3d.html'), { readyWhen: () => window.__rapier3d !== undefined });
  });
  afterAll(async () => {
    await harness?.close();
  });

  it('loads Rapier\'s WASM in the page and steps the scripted scene to the pose hash Node reaches', async () => {
    const node = await createRapier3d();
    const expected = runScriptedScene(node, STEPS);
    node.destroy();

    const inPage = await opened.page.evaluate((steps) => window.__rapier3d!.run(steps), STEPS);
    expect(inPage).toEqual(expected);
    expect(inPage.events).toBeGreaterThan(20);
    expect(opened.errors).toEqual([]);
  });

  it('stepped one tick per animation frame, it reaches the same hash', async () => {
    const node = await createRapier3d();
    const expected = runScriptedScene(node, 120);
    node.destroy();

    const { frames, ...inPage } = await opened.page.evaluate((steps) => window.__rapier3d!.runOnFrames(steps), 120);
    expect(frames).toBe(120);
    expect(inPage).toEqual(expected);
    expect(await opened.page.textContent('#status')).toBe('tick 120 of 120');
    expect(opened.errors).toEqual([]);
  });

  it('the fixed-tick runtime: the arena scene, with spawns at the barrier, reaches the same pose hash in Chromium as in Node', async () => {
    const scene = readFileSync('examples/physics-playground/scenes/arena.json', 'utf8');
    const node = validateScene({ scene, behaviors, physics: await createRapier3d(), ticks: 180 });
    const inPage = await opened.page.evaluate((ticks) => window.__rapier3d!.runtime(ticks), 180);
    expect(inPage).toEqual(node);
    expect(node.objects).toBeGreaterThan(21); // balls spawned at the barrier are part of it
    expect(opened.errors).toEqual([]);
  });
});
