/**
 * The gallery's games, built headless for the replay bench (bench/replay.ts),
 * each with a scripted person playing it for as long as the bench asks.
 *
 * Every game is built the way its own tests and scenarios build it (the null
 * backend, or three.js's headless mode for Orbit Catch), with the host's
 * `ticks`, `clock` and `seed` when a replay builds it. The person presses
 * keys at a human rate, between frames, through the input the page's
 * keyboard and pointer reach, so a recorder sees what it would see on the
 * page:
 *
 * - **Paddle Duel** (world engine): the left paddle played by
 *   `ScriptedPerson` (the game's own scripted person, W/S held to meet the
 *   ball), the right by the AI; both courts, built at once
 *   (`loadCourtsAtOnce`, the game's setting for Node).
 * - **Physics Playground** (runtime, Rapier 3D): `arena.json` with the
 *   game's own behaviors (player, spawner, patrol, despawn, camera); the
 *   person runs with the arrows and jumps with Space ({@link HumanKeys}).
 * - **Fixed-step Platformer** (systems engine): the game's systems; the
 *   person's keys go in as the page sends them,
 *   `engine.dispatchEvent('key', { code, down })`.
 * - **Orbit Catch** (state engine, three.js headless): the game's own
 *   `ScriptedPlayer`, a click at an orb every 0.9 s (pointer move, press,
 *   release), the scenarios' steady player.
 *
 * The page engine's games (Page heroes, DOM Breakout, Three engines one
 * frame) build their DOM when they mount (`document.createElement`, the
 * engine's root element, IntersectionObserver) and have no headless build;
 * they are measured by a stand-in of DOM Breakout's shape (bench/replay-page-game.ts).
 * The timing lab runs a bare loop, not an engine: nothing records it (it
 * loads sessions and draws them).
 */
import { readFileSync } from 'node:fs';
import { NEVER } from 'rxjs';
import { createInput, nullBackend } from '../src/index.js';
import { createRapier3d } from '../src/backends/rapier/rapier3d.js';
import { threeBackend } from '../src/backends/three/index.js';
import { createRuntime, type Runtime } from '../src/engines/runtime/index.js';
import { createStateEngine } from '../src/engines/state/index.js';
import { createSystemsEngine } from '../src/engines/systems/index.js';
import type { ReplayHost } from '../src/replay/index.js';
import { platformerConfig } from '../examples/fixed-step-platformer/game.js';
import { createGameState } from '../examples/fixed-step-platformer/game-state.js';
import { ScriptedPlayer } from '../examples/orbit-catch/autopilot.js';
import { ORBIT_CATCH_BINDINGS, update as orbitCatchUpdate, initialState } from '../examples/orbit-catch/game.js';
import { createOrbitCatchRenderer } from '../examples/orbit-catch/render.js';
import { SCENARIO_SEED } from '../examples/orbit-catch/scenarios.js';
import { LOGICAL_HEIGHT as ORBIT_HEIGHT, LOGICAL_WIDTH as ORBIT_WIDTH } from '../examples/orbit-catch/tuning.js';
import { createPaddleDuel } from '../examples/paddle-duel/paddle-duel.js';
import { ScriptedPerson } from '../examples/paddle-duel/scripted-person.js';
import { LOGICAL_HEIGHT as DUEL_HEIGHT, LOGICAL_WIDTH as DUEL_WIDTH } from '../examples/paddle-duel/tuning.js';
import { cameraBehavior, despawn, patrol, player, spawner } from '../examples/physics-playground/behaviors.js';
import { HumanKeys, type GalleryGame } from './gallery-game.js';
import { pageGame } from './replay-page-game.js';

/** The host's ticks and clock for a build: a replay's, or none (advance() steps it on the default clock). */
const shellOptions = (host: ReplayHost | undefined) => (host === undefined ? { ticks: NEVER } : { ticks: host.ticks, clock: host.clock, seed: host.seed });

export const paddleDuel: GalleryGame = {
  name: 'Paddle Duel',
  preset: 'world engine',
  how: "the left paddle played by the game's ScriptedPerson (W/S held to meet the ball), the right by the AI; both courts, built at once (loadCourtsAtOnce, the game's setting for Node: with the page's asynchronous court load the replay does not wait for the load it starts and diverges at the court change)",
  async build(host) {
    const { engine, input } = createPaddleDuel({
      backend: nullBackend({ logicalWidth: DUEL_WIDTH, logicalHeight: DUEL_HEIGHT }),
      loadCourtsAtOnce: true,
      seats: { left: 'demo', right: 'ai' },
      ...(host === undefined ? { ticks: NEVER } : { ticks: host.ticks, clock: host.clock, randomSeed: host.seed }),
    });
    const person = new ScriptedPerson(input, 'left');
    return {
      engine,
      beforeTick: () => person.beforeFrame(engine.world),
      tick: (t) => engine.advance(t),
      settle: () => engine.ready.catch(() => {}),
    };
  },
};

const arena = readFileSync(new URL('../examples/physics-playground/scenes/arena.json', import.meta.url), 'utf8');

/** The Physics Playground's arena with its own behaviors and a fresh Rapier world. */
export async function playgroundRuntime(host?: ReplayHost): Promise<Runtime> {
  return createRuntime({
    scene: arena,
    physics: await createRapier3d(),
    behaviors: { player, patrol, spawner, despawn, camera: cameraBehavior({ follow: 'presentation' }) },
    ...shellOptions(host),
  });
}

export const physicsPlayground: GalleryGame = {
  name: 'Physics Playground',
  preset: 'runtime',
  how: 'arena.json with its own behaviors (a ball spawned every second, despawned after 3.5 s); the person holds the arrows and taps Space (about 5 key events a second)',
  async build(host) {
    const runtime = await playgroundRuntime(host);
    const keys = new HumanKeys(['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown'], 'Space', (c) => runtime.press(c), (c) => runtime.release(c));
    return { engine: runtime, beforeTick: (_i, seconds) => keys.at(seconds), tick: (t) => runtime.advance(t) };
  },
};

export const platformer: GalleryGame = {
  name: 'Fixed-step Platformer',
  preset: 'systems engine',
  how: "the game's systems at a 50 Hz fixed step; the person's keys sent as the page sends them, dispatchEvent('key', { code, down }), arrows held and Space tapped (about 5 a second)",
  async build(host) {
    const state = createGameState();
    const engine = createSystemsEngine({ ...platformerConfig({ state }), ...shellOptions(host) });
    await engine.play();
    const keys = new HumanKeys(
      ['ArrowRight', 'ArrowRight', 'ArrowLeft'],
      'Space',
      (code) => engine.dispatchEvent('key', { code, down: true }),
      (code) => engine.dispatchEvent('key', { code, down: false }),
    );
    return { engine, beforeTick: (_i, seconds) => keys.at(seconds), tick: (t) => engine.advance(t) };
  },
};

export const orbitCatch: GalleryGame = {
  name: 'Orbit Catch',
  preset: 'state engine',
  how: "the game's ScriptedPlayer, a click at an orb every 0.9 s of round time (pointer move, press, release), on three.js's headless backend; the round ends on its timer at 60 s",
  async build(host) {
    const backend = threeBackend({ headless: true, logicalWidth: ORBIT_WIDTH, logicalHeight: ORBIT_HEIGHT });
    const renderer = createOrbitCatchRenderer();
    const input = createInput({ bindings: ORBIT_CATCH_BINDINGS });
    const engine = createStateEngine({ initial: initialState(SCENARIO_SEED), update: orbitCatchUpdate, render: renderer.render, backend, input, ...shellOptions(host) });
    const person = new ScriptedPlayer(input, { clickIntervalSeconds: 0.9, locate: renderer.locate, confirm: (x, y) => backend.view.pick(x, y)?.name });
    return { engine, beforeTick: () => person.beforeFrame(engine.state), tick: (t) => engine.advance(t) };
  },
};

/** Every gallery game the bench records, in the gallery's order. */
export const GALLERY_GAMES: readonly GalleryGame[] = [orbitCatch, paddleDuel, platformer, physicsPlayground, pageGame];

/** The gallery's entries that are not recorded as themselves, and why. */
export const NOT_RECORDED: readonly { readonly name: string; readonly why: string }[] = [
  { name: 'The timing lab', why: 'a bare loop (createLoop), not an engine: nothing records it; it loads sessions and draws them' },
  {
    name: 'Page heroes, DOM Breakout, Three engines one frame',
    why: 'page-engine games that build their DOM when they mount (document.createElement, the root element, IntersectionObserver): no headless build in Node; measured by the stand-in row',
  },
];
