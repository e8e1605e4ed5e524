import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { constantClock } from '../../src/index.js';
import { PAGE_CLICK_INTERVAL_SECONDS } from '../../examples/orbit-catch/autopilot.js';
import { canonicalJson, PARITY_FRAME_MS, ParityTrace, stateHash, type ParityTraceReport } from '../../examples/orbit-catch/parity.js';
import type { GameState } from '../../examples/orbit-catch/state.js';
import { headlessGame, SCENARIO_SEED } from '../examples/orbit-catch-setup.js';
import { hostFramesPass, startHarness, waitUntil, type BrowserHarness, type OpenedPage } from './harness.js';

// Headless parity for the state engine, on Orbit Catch (examples/orbit-catch/).
// Issue 4, Tests: "headless/browser parity under a constant clock".
//
// One scenario: the round dealt from SCENARIO_SEED, the page's scripted
// player (?autoplay=1, one click every PAGE_CLICK_INTERVAL_SECONDS of round
// time) acting just before each frame, every frame worth 1/60 s. It runs
//   1. here, in Node: engine.advance() FRAMES times on the headless three.js
//      backend (a real scene, camera and Raycaster; render runs every frame,
//      and the player's clicks pick through it), and
//   2. in Chromium, on the real page (?parity=FRAMES): the page's
//      requestAnimationFrame ticks through constantClock(1000 / 60), the
//      engine stopped at the end of frame FRAMES;
// and both sides fingerprint the states with the same helper
// (examples/orbit-catch/parity.ts): the last state, and every frame's state
// chained into a trail (the final state alone is a weak witness here: the
// scripted player catches every orb, and an empty arena at frame 600 looks
// the same whatever the timing of its clicks was).

/** Ten seconds of play at 60 Hz: several catches, misses and escapes. About 10 s of page time. */
const FRAMES = 600;

interface Outcome {
  hash: string;
  trace: ParityTraceReport;
  state: GameState;
  frame: { count: number; timeMs: number; lastDeltaMs: number };
  cues: Record<string, number>;
}

/** The scenario stepped synchronously in Node. */
function runInNode(): Outcome {
  const game = headlessGame({ seed: SCENARIO_SEED, clock: constantClock(PARITY_FRAME_MS) });
  // As the page does: the scripted player acts between frames, before each tick (main.ts: tap on the ticks).
  const player = game.player({ clickIntervalSeconds: PAGE_CLICK_INTERVAL_SECONDS });
  const trace = new ParityTrace();
  for (let i = 0; i < FRAMES; i++) {
    player.beforeFrame(game.engine.state);
    game.engine.advance();
    trace.record(game.engine.frame().count, game.engine.state);
  }
  const cues: Record<string, number> = {};
  for (const cue of game.cues.cues) cues[cue.name] = (cues[cue.name] ?? 0) + 1;
  return {
    hash: stateHash(game.engine.state),
    trace: trace.report(),
    state: JSON.parse(JSON.stringify(game.engine.state)) as GameState,
    frame: game.engine.frame(),
    cues,
  };
}

let harness: BrowserHarness;

beforeAll(async () => {
  harness = await startHarness();
});

afterAll(async () => {
  await harness?.close();
});

describe('Orbit Catch: headless/browser parity under a constant clock', () => {
  let node: Outcome;
  let browser: Outcome;
  let game: OpenedPage;

  beforeAll(async () => {
    node = runInNode();
    game = await harness.open(`orbit-catch/?autoplay=1&seed=${SCENARIO_SEED}&parity=${FRAMES}`, {
      // A small window: SwiftShader draws every frame in software; fewer pixels, faster frames (measured on a loaded
      // 2-CPU machine: about 44 fps here, 26 fps at 1280 wide).
      // (The stage, about 470 × 264 CSS pixels, is not the headless 960 × 540 either: picks are size-independent.)
      viewport: { width: 520, height: 500 },
      readyWhen: () => window.__game !== undefined,
    });
    const { page } = game;
    // FRAMES frames of requestAnimationFrame: about FRAMES / 60 s, with room for a busy machine.
    await waitUntil(page, (frames) => window.__game!.frame().count >= frames && !window.__game!.engine.running, FRAMES, 45_000);
    browser = await page.evaluate(() => ({
      hash: window.__game!.stateHash(),
      trace: window.__game!.parityTrace()!,
      state: window.__game!.state(),
      frame: window.__game!.frame(),
      cues: window.__game!.cueCounts(),
    }));
    console.log(
      `parity after ${FRAMES} frames: node ${node.hash} trail ${node.trace.trail} (frame ${node.frame.count}, ${node.frame.timeMs} ms, score ${node.state.score}), ` +
        `browser ${browser.hash} trail ${browser.trace.trail} (frame ${browser.frame.count}, ${browser.frame.timeMs} ms, score ${browser.state.score})`,
    );
  });

  afterAll(async () => {
    await game?.close();
  });

  it('the scenario is worth comparing: in Node orbs spawn from the seed and the scripted player catches them through picks', () => {
    expect(node.frame.count).toBe(FRAMES);
    expect(node.state.phase).toBe('playing');
    expect(node.state.nextOrbNumber - 1, 'orbs dealt from the seeded generator').toBeGreaterThanOrEqual(5);
    expect(node.state.caughtIds.length, 'catches, each a pick through the camera of the last frame').toBeGreaterThanOrEqual(5);
    expect(node.state.score).toBeGreaterThan(0);
  });

  it('Headless parity: one scenario under one scripted clock reaches the same states stepped synchronously in Node as it does running in a browser.', () => {
    // The page's frames stopped at exactly FRAMES, with the same simulated time.
    expect(browser.frame).toEqual(node.frame);
    // The whole state, compared field by field (a legible diff if they part), then the fingerprints.
    expect(JSON.parse(canonicalJson(browser.state))).toEqual(JSON.parse(canonicalJson(node.state)));
    expect(browser.state.score).toBe(node.state.score);
    expect(browser.state.elapsedSeconds).toBe(node.state.elapsedSeconds);
    expect(browser.hash).toBe(node.hash);
    // Every frame's state on the way: the fingerprint every 60 frames (where they part, if they do), then the whole trail.
    expect(browser.trace.frames).toBe(FRAMES);
    expect(browser.trace.checkpoints).toEqual(node.trace.checkpoints);
    expect(browser.trace.trail).toBe(node.trace.trail);
    // The page's hash is the helper's over the state the page reports (the same function on both sides).
    expect(stateHash(browser.state)).toBe(browser.hash);
    // The same events on the way: every cue the updates played, counted by name.
    expect(browser.cues).toEqual(node.cues);
  });

  it('the page stays stopped after frame N: no frame beyond the scenario', async () => {
    await hostFramesPass(game.page, 10); // ten of the browser's frames, however slowly they come
    expect(await game.page.evaluate(() => window.__game!.frame().count)).toBe(FRAMES);
  });

  it('reports no page error and no console error', () => {
    expect(game.errors).toEqual([]);
  });
});
