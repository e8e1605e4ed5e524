import { describe, expect, it } from 'vitest';
import { OptionError } from '../../operators/option-error.js';
import { createReplayPlayer, recordSession, type Session } from '../../src/replay/index.js';
import { play, playOn, stateGame, type Runner } from './games.js';

// Issue 26, item 4: "Playback in the browser. A replay view with pause,
// single step, speed (¼× to 8×) and a scrubber that seeks by restoring the
// nearest snapshot and re-simulating (snapshots every N frames while it
// plays)". This is the player under the view, in Node; the view itself is
// checked in Chromium.

/** A recorded state-engine session, and the state after every recorded frame. */
function recorded(frames: number): { session: Session; states: Runner[] } {
  const engine = stateGame();
  const states: Runner[] = [];
  const recording = recordSession(engine);
  engine.loop.frames$.subscribe(() => states.push({ ...engine.state }));
  playOn(engine, engine.input, play(frames, 3));
  const session = recording.stop();
  engine.destroy();
  return { session, states };
}

describe('createReplayPlayer', () => {
  it('starts paused at frame 0; advance() plays recorded frames as the viewer\'s time reaches them, at the recorded pace', async () => {
    const { session, states } = recorded(240);
    const player = await createReplayPlayer(session, (host) => stateGame(host), { snapshotEvery: 60 });
    expect(player.frames).toBe(240);
    expect(player.frame).toBe(0);
    expect(player.advance(1000)).toBe(0); // paused
    player.paused = false;
    let ran = 0;
    while (player.frame < 60) ran += player.advance(1000 / 60);
    expect(ran).toBe(60);
    expect(player.engine.state).toEqual(states[59]);
    player.destroy();
  });

  it('speed: 4x plays four times the recorded time per viewer millisecond, 1/4x a quarter; outside 1/4..8 is refused', async () => {
    const { session } = recorded(240);
    const recordedMs = (n: number) => session.deltasMs.slice(0, n).reduce((a, b) => a + b, 0);
    const player = await createReplayPlayer(session, (host) => stateGame(host));
    player.paused = false;
    player.speed = 4;
    for (let i = 0; i < 30; i++) player.advance(1000 / 60);
    expect(recordedMs(player.frame)).toBeLessThanOrEqual(4 * 500 + 1e-6);
    expect(recordedMs(player.frame + 1)).toBeGreaterThan(4 * 500 - 40); // within a frame or two of 2 s of recorded time
    await player.seek(0);
    player.speed = 0.25;
    for (let i = 0; i < 60; i++) player.advance(1000 / 60);
    expect(recordedMs(player.frame)).toBeLessThanOrEqual(250 + 1e-6);
    expect(player.frame).toBeGreaterThan(10);
    expect(() => (player.speed = 16)).toThrow(OptionError);
    expect(() => (player.speed = 0.1)).toThrow('player.speed: speed must be a number from 0.25 to 8, got 0.1');
    player.destroy();
  });

  it('step() runs exactly one recorded frame, paused or not', async () => {
    const { session, states } = recorded(30);
    const player = await createReplayPlayer(session, (host) => stateGame(host));
    expect(await player.step()).toBe(true);
    expect(player.frame).toBe(1);
    expect(player.engine.state).toEqual(states[0]);
    for (let i = 1; i < 30; i++) await player.step();
    expect(await player.step()).toBe(false); // the end
    expect(player.engine.state).toEqual(states[29]);
    player.destroy();
  });

  it('seek() lands on exactly the recorded state, backward (from a kept snapshot) and forward, every frame', async () => {
    const { session, states } = recorded(300);
    const player = await createReplayPlayer(session, (host) => stateGame(host), { snapshotEvery: 50 });
    await player.seek(300);
    expect(player.engine.state).toEqual(states[299]);
    for (const target of [1, 299, 120, 7, 250, 200, 201, 150, 0, 60]) {
      await player.seek(target);
      expect(player.frame).toBe(target);
      if (target > 0) expect(player.engine.state, `seek(${target})`).toEqual(states[target - 1]);
      else expect(player.engine.state.x).toBe(0);
    }
    await expect(player.seek(301)).rejects.toThrow('player.seek: frame must be an integer from 0 to 300, got 301');
    await expect(player.seek(1.5)).rejects.toThrow(OptionError);
    player.destroy();
  });

  it('a seek costs at most snapshotEvery frames of simulation once played through', async () => {
    const { session } = recorded(300);
    const player = await createReplayPlayer(session, (host) => stateGame(host), { snapshotEvery: 50 });
    await player.seek(300);
    const before = player.engine.frame().count;
    let frames = 0;
    const subscription = player.engine.loop.frames$.subscribe(() => frames++);
    await player.seek(149);
    expect(frames).toBeLessThanOrEqual(49); // restored frame 100, ran 101…149
    subscription.unsubscribe();
    expect(before).toBe(300);
    player.destroy();
  });
});
