// The gallery games a session recorded in Chromium (spec/browser/replay-*.spec.ts)
// replays on in Node: each one the game's own build, handed the replay's host,
// with no picture (a null backend, or no DOM) and the checkpoint state its page
// records.
import { readFileSync } from 'node:fs';
import { NEVER } from 'rxjs';
import { nullBackend } from '../../src/index.js';
import type { ReplayBuild, ReplayHost, Session, ShellEngine } from '../../src/replay/index.js';
import { playPlatformer } from '../../examples/fixed-step-platformer/game.js';
import { createPaddleDuel } from '../../examples/paddle-duel/paddle-duel.js';
import { duelCheckpointState } from '../../examples/paddle-duel/state-hash.js';
import { LOGICAL_HEIGHT, LOGICAL_WIDTH } from '../../examples/paddle-duel/tuning.js';
import { createPlayground, playgroundCheckpointState } from '../../examples/physics-playground/playground.js';
import { breakoutGame, breakoutState } from '../../examples/page-parts/breakout.js';

const sceneText = (name: string) => readFileSync(new URL(`../../examples/physics-playground/scenes/${name}.json`, import.meta.url), 'utf8');
/** The Physics Playground's scene documents, as the page fetches them. */
export const PLAYGROUND_SCENES = { arena: sceneText('arena'), towers: sceneText('towers') };

/** A game's Node build for a session, and the checkpoint state its page records (the preset's own when absent). */
export interface GalleryGame {
  readonly build: (session: Session) => ReplayBuild<ShellEngine>;
  readonly stateOf?: (engine: ShellEngine) => unknown;
}

/** The level a systems-engine session began in (a mid-game recording's snapshot restores into that scene only). */
function startSceneOf(session: Session): string | undefined {
  const scene = (session.start?.state as { scene?: { id?: unknown } | null } | undefined)?.scene;
  return typeof scene?.id === 'string' ? scene.id : undefined;
}

/** By fixture name: `spec/replay/fixtures/<name>.session.json`. */
export const GALLERY_GAMES: Readonly<Record<string, GalleryGame>> = {
  'fixed-step-platformer': {
    build: (session) => async (host: ReplayHost) => (await playPlatformer({ ...host, ticks: NEVER, sceneId: startSceneOf(session) })).engine,
  },
  'paddle-duel': {
    // The page's seats (a demo seat on the left, the AI on the right); the recording's snapshot holds them too.
    build: () => (host: ReplayHost) =>
      createPaddleDuel({
        backend: nullBackend({ logicalWidth: LOGICAL_WIDTH, logicalHeight: LOGICAL_HEIGHT }),
        ticks: NEVER,
        clock: host.clock,
        randomSeed: host.seed,
        seats: { left: 'demo', right: 'ai' },
        courtLoadMs: 0,
      }).engine,
    stateOf: duelCheckpointState as (engine: ShellEngine) => unknown,
  },
  'physics-playground': {
    build: () => (host: ReplayHost) => createPlayground({ scenes: PLAYGROUND_SCENES, controls: { follow: 'presentation' }, ticks: NEVER, clock: host.clock, seed: host.seed }),
    stateOf: playgroundCheckpointState as (engine: ShellEngine) => unknown,
  },
  // The page engine: DOM Breakout's game without its picture (no page to pause it, no frames: the replay runs them).
  'page-breakout': {
    build: () => (host: ReplayHost) => breakoutGame({ seed: host.seed, pause: false }).engine,
    stateOf: breakoutState as (engine: ShellEngine) => unknown,
  },
};
