import { readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkpointHashFor, createReplayPlayer, decodeSession, presetStateOf, replay, type ShellEngine } from '../../src/replay/index.js';
import { SessionTrack } from '../../examples/timing-lab/session-track.js';
import { GALLERY_GAMES } from './gallery-builds.js';

// Issue 26, item 5: "Chromium tests play Paddle Duel, Physics Playground and
// the Platformer with real key presses and a pause, save each session as a
// fixture; Node tests replay every fixture with every checkpoint equal. One
// page-engine session the same way." The fixtures are written by
// spec/browser/replay-*.spec.ts (TICKFLOW_UPDATE_FIXTURES=1 to record them
// again); this replays each on the game's own build, headless.

const FIXTURES = resolve(import.meta.dirname, 'fixtures');
const sessions = readdirSync(FIXTURES)
  .filter((file) => file.endsWith('.session.json'))
  .map((file) => ({ name: file.replace(/\.session\.json$/, ''), session: decodeSession(readFileSync(resolve(FIXTURES, file), 'utf8')) }));

describe('sessions recorded in Chromium, replayed in Node', () => {
  it('there is a fixture for every gallery game with a build, and a build for every fixture', () => {
    expect(sessions.map((s) => s.name).sort()).toEqual(Object.keys(GALLERY_GAMES).sort());
  });

  for (const { name, session } of sessions) {
    const game = GALLERY_GAMES[name];
    it(`${name}: every checkpoint equal (${session.preset}, ${session.deltasMs.length} frames, ${session.checkpoints.length} checkpoints)`, async () => {
      expect(game, `a build for ${name} in gallery-builds.ts`).toBeDefined();
      const report = await replay(session, game!.build(session), game!.stateOf === undefined ? {} : { stateOf: game!.stateOf });
      expect(report.firstDivergence).toBeUndefined();
      expect(report).toMatchObject({ same: true, frames: session.deltasMs.length, checkpoints: session.checkpoints.length, errors: 0 });
      expect(session.checkpoints.length).toBeGreaterThanOrEqual(4);
    });

    it(`${name}: the timing lab draws its ticks, and fixed steps that give every tick count it recorded`, () => {
      const track = new SessionTrack(session);
      const declined = session.declined.reduce((sum, run) => sum + run.count, 0);
      expect(track.allTicks.length).toBe(session.deltasMs.length + declined);
      expect(track.allTicks.filter((tick) => tick.delivered).map((tick) => tick.deltaMs)).toEqual(session.deltasMs);
      expect(track.agreement.first).toBeUndefined();
      const steps = track.allTicks.reduce((sum, tick) => sum + tick.steps, 0);
      if (session.fixedStep) {
        expect(track.agreement.compared).toBeGreaterThanOrEqual(session.checkpoints.length);
        expect(steps).toBe(session.checkpoints.at(-1)!.tick);
      } else {
        expect(steps).toBe(0);
      }
    });

    it(`${name}: the replay player seeks to every checkpoint, forward and back, and lands on its state`, async () => {
      const player = await createReplayPlayer(session, game!.build(session), { snapshotEvery: 90 });
      const stateOf = (game!.stateOf ?? presetStateOf(session.preset)!) as (engine: ShellEngine) => unknown;
      const targets = session.checkpoints.map((c) => c.frame);
      // Each fixture is checked with the hash its format was written with (the Platformer's is a format 2 session, recorded before format 3's tree hash).
      const hashState = checkpointHashFor(session);
      try {
        for (const frame of [...targets, ...[...targets].reverse()]) {
          await player.seek(frame);
          expect(hashState(stateOf(player.engine)), `seek(${frame})`).toBe(session.checkpoints.find((c) => c.frame === frame)!.hash);
        }
      } finally {
        player.destroy();
      }
    });
  }
});
