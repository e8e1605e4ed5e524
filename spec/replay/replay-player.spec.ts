import { describe, expect, it } from 'vitest';
import { OptionError } from '../../operators/option-error.js';
import { NEVER } from 'rxjs';
import { createSystemsEngine, SceneSystem, type SceneSystemOptions } from '../../src/engines/systems/index.js';
import { nullBackend } from '../../src/index.js';
import { Actor, createWorldEngine, type TickContext } from '../../src/engines/world/index.js';
import { createReplayPlayer, hashState, recordSession, replay, systemsEngineState, worldEngineState, type ReplayHost, type Session } from '../../src/replay/index.js';
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

  it('a seek back across a scene change the session made loads the snapshot\'s scene first (a systems engine restores into its own scene only)', async () => {
    // Two levels; a system moves the runner each fixed step, and at x >= 3 the game loads the next level itself.
    const build = async (host: Partial<ReplayHost> = {}) => {
      class Run extends SceneSystem {
        constructor(private readonly options: SceneSystemOptions) {
          super();
        }
        fixedUpdate(): void {
          const runner = this.options.scene.find('runner')!;
          runner.transform.x += 4 * this.options.time.fixedDeltaTime;
          if (runner.transform.x >= 3 && this.options.scene.id === 'one') void this.options.engine.loadScene('two');
        }
      }
      const scene = (id: string) => ({ id, systems: [Run], entities: [{ id: 'runner' }] });
      const engine = createSystemsEngine({
        scenes: [scene('one'), scene('two')],
        startSceneId: 'one',
        ticks: host.ticks ?? NEVER,
        ...(host.clock === undefined ? {} : { clock: host.clock }),
        ...(host.seed === undefined ? {} : { seed: host.seed }),
        globalOptions: { performance: { fixedUpdateRate: 50 } },
      });
      await engine.play();
      return engine;
    };
    const engine = await build();
    const recording = recordSession(engine, { checkpointEvery: 10 });
    for (let i = 0; i < 120; i++) engine.advance(i * (1000 / 60));
    const session = recording.stop();
    expect(engine.scene?.id).toBe('two');
    engine.destroy();
    const hashes = new Map(session.checkpoints.map((c) => [c.frame, c.hash]));
    const player = await createReplayPlayer(session, build, { snapshotEvery: 20 });
    await player.seek(120);
    expect(player.engine.scene?.id).toBe('two');
    for (const target of [20, 110, 40, 0, 120]) {
      await player.seek(target);
      if (target > 0) expect(hashState(systemsEngineState(player.engine)), `seek(${target})`).toBe(hashes.get(target));
    }
    await player.seek(20);
    expect(player.engine.scene?.id).toBe('one');
    player.destroy();
  });

  it('a level the game opens inside a frame, loading asynchronously: replay and the player wait for it as the recording did (no frame ran meanwhile)', async () => {
    // The 'far' level's loader takes a real timer.
    const build = runnerGame(() => new Promise((resolve) => setTimeout(resolve, 5)));
    const engine = build();
    await engine.ready;
    for (let i = 0; i < 10; i++) engine.advance(i * (1000 / 60));
    const recording = recordSession(engine, { checkpointEvery: 10 }); // mid-game
    for (let i = 10; i < 130; i++) {
      engine.advance(i * (1000 / 60));
      await engine.ready; // the page's frames wait out a load: no frame runs meanwhile
    }
    const session = recording.stop();
    expect(engine.world.level).toBe('far');
    engine.destroy();
    expect(await replay(session, build)).toMatchObject({ same: true, frames: session.deltasMs.length });
    const hashes = new Map(session.checkpoints.map((c) => [c.frame, c.hash]));
    const player = await createReplayPlayer(session, build, { snapshotEvery: 20 });
    player.paused = false;
    while (player.frame < player.frames) {
      player.advance(1000); // frames run back to back: a load started in one is waited for before the next
      await player.engine.ready;
    }
    expect(hashState(worldEngineState(player.engine))).toBe(hashes.get(player.frames));
    for (const target of [20, 110, 40, 0, 120]) {
      await player.seek(target);
      if (target > 0) expect(hashState(worldEngineState(player.engine)), `seek(${target})`).toBe(hashes.get(target));
    }
    player.destroy();
  });

  it('a recording stopped while a level loads replays the same: the replay ends with the load under way, as the recording did', async () => {
    let loaded = (): void => {};
    const build = runnerGame(() => new Promise<void>((resolve) => (loaded = resolve))); // 'far' loads until the test says so
    const engine = build();
    await engine.ready;
    const recording = recordSession(engine, { checkpointEvery: 10 });
    for (let i = 0; i < 60; i++) engine.advance(i * (1000 / 60)); // the runner reaches x 60 at frame 36: 'far' loads from there
    const session = recording.stop();
    expect(engine.transitioning).toBe(true); // stopped mid-load
    loaded();
    await engine.ready;
    engine.destroy();
    // The replay's own load is released by the same resolver: the replay must not wait for it after the last frame.
    const replayed = replay(session, build);
    setTimeout(() => loaded(), 50); // were the replay waiting, this would end its wait and change its last state
    expect(await replayed).toMatchObject({ same: true, frames: session.deltasMs.length });
  });
});

/** A runner that opens the 'far' level from its own tick at x >= 60; 'far' spawns another once `farLoads()` settles. */
class LevelRunner extends Actor {
  vx = 100;
  override tick(dt: number, { world }: TickContext<string>): void {
    this.x += this.vx * dt;
    if (this.x >= 60 && world.level === 'near') world.openLevel('far');
  }
}

/** The runner's world engine as a replay build, its 'far' level loading asynchronously with `farLoads`. */
function runnerGame(farLoads: () => Promise<unknown>) {
  return (host: Partial<ReplayHost> = {}) =>
    createWorldEngine({
      backend: nullBackend(),
      ticks: host.ticks ?? NEVER,
      ...(host.clock === undefined ? {} : { clock: host.clock }),
      ...(host.seed === undefined ? {} : { seed: host.seed }),
      levels: {
        near: (world) => void world.spawn(new LevelRunner(), { x: 0, y: 0 }),
        far: async (world) => {
          await farLoads();
          world.spawn(new LevelRunner(), { x: 0, y: 50 });
        },
      },
      startLevel: 'near',
    });
}
