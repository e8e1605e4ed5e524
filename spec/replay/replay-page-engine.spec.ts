import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createEngine, type PageEngine } from '../../src/engines/page/index.js';
import { decodeSession, encodeSession, recordSession, replay } from '../../src/replay/index.js';
import { testFrames, vsyncFrames } from '../engines/page/frames.js';

// Issue 26, item 3: "Replay, finished. The page engine recorded". The page
// engine's clock is the page's frames and its fps cap, so a replay cannot
// hand it a clock: it runs each recorded frame by hand with the recorded
// delta (a tick the cap declined runs nothing), and the same checkpoints
// come out.

interface Mover {
  x: number;
  jumps: number;
}

/** Where each engine's game keeps its state, so a checkpoint can read it (a page engine's systems are the game's own). */
const games = new WeakMap<PageEngine, Mover>();

function build(seed?: number, fps?: number, frames: ReturnType<typeof testFrames> = testFrames()) {
  const engine = createEngine({ frames, pause: false, ...(seed === undefined ? {} : { seed }), ...(fps === undefined ? {} : { fps }) });
  const mover: Mover = { x: 0, jumps: 0 };
  games.set(engine, mover);
  engine.add({
    step: (e, dt) => {
      if (e.input.held('ArrowRight')) mover.x += 60 * dt * (1 + e.random.next());
      if (e.input.pressed('Space')) mover.jumps++;
    },
  });
  return { engine, frames };
}

const stateOf = (engine: PageEngine) => ({ ...games.get(engine)! });

/** The pointer-following movers of the test that builds them, by engine. */
const movers = new WeakMap<PageEngine, { x: number; px: number; steps: number }>();

// The cap leaves the page's clock between its slots and comes back on a timer: a 60 Hz host and its timers, faked.
beforeEach(() => void vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] }));
afterEach(() => void vi.useRealTimers());

describe('replay: the page engine', () => {
  it('a session played on the page\'s frames, with a 40 fps cap and keys, replays with every checkpoint equal', async () => {
    const { engine } = build(9, 40, vsyncFrames(60));
    const recording = recordSession(engine, { checkpointEvery: 10, stateOf });
    engine.start();
    for (let i = 0; i < 180; i++) {
      if (i % 25 === 3) engine.input.press('ArrowRight');
      if (i % 25 === 15) engine.input.release('ArrowRight');
      if (i % 40 === 7) engine.input.press('Space');
      if (i % 40 === 9) engine.input.release('Space');
      if (i === 100) engine.pause(); // the game's pause menu: recorded by name, made again
      if (i === 120) engine.resume();
      vi.advanceTimersByTime(1000 / 60);
    }
    const session = decodeSession(encodeSession(recording.stop()));
    expect(session.preset).toBe('page engine');
    expect(session.deltasMs.length).toBeGreaterThan(80); // 40 of the page's 60 frames a second, less the pause
    expect(session.deltasMs.length).toBeLessThan(120);
    expect(session.events.length).toBeGreaterThan(0);
    expect(session.events.flatMap((e) => (e.kind === 'control' && e.control === 'call' ? [e.value] : []))).toEqual([['pause'], ['resume']]);
    expect(games.get(engine)!.x).toBeGreaterThan(0);
    expect(games.get(engine)!.jumps).toBeGreaterThan(0);
    const report = await replay(session, (host) => build(host.seed, 40).engine, { stateOf });
    expect(report).toMatchObject({ same: true, frames: session.deltasMs.length });
    expect(report.checkpoints).toBe(session.checkpoints.length);
    // The replay can fail: another seed draws other numbers, and the first checkpoint after a move says so.
    const other = await replay({ ...session, seed: 10, randomState: 10 }, (host) => build(host.seed, 40).engine, { stateOf });
    expect(other.same).toBe(false);
    expect(other.firstDivergence?.fields.map((f) => f.path)).toContain('.x');
    engine.destroy();
  });

  it('the pointer the engine measures in its read phase is the player\'s: recorded, and placed before its frame; a settled engine woken drops its accumulated time on replay too', async () => {
    // A mover that follows the pointer's x while it moves, settles when it has not moved for a while (it rests 20
    // steps in every 40), and is woken by the next pointer move: the wake releases the settle hold, which drops the time
    // the fixed step had accumulated.
    const game = (frames = testFrames()) => {
      const engine = createEngine({ frames, pause: false, settle: 0.05, step: 1 / 50 });
      const mover = { x: 0, px: 0, steps: 0 };
      movers.set(engine, mover);
      engine.add({
        read: (e) => void (mover.px = e.input.pointer.x),
        step: (e, dt) => {
          mover.steps++;
          mover.x += mover.px * dt;
          if (mover.steps % 40 < 20) e.busy();
        },
      });
      return { engine, mover, frames };
    };
    const { engine, mover, frames } = game();
    engine.start();
    frames.tick(0);
    const stateOf = (of: PageEngine) => ({ ...movers.get(of)! });
    const recording = recordSession(engine, { checkpointEvery: 5, stateOf });
    let t = 0;
    for (let i = 0; i < 300; i++) {
      if (i % 45 === 0) engine.input.movePointer(10 + i, 5); // wakes the engine when settled; measured at the next read
      frames.tick((t += 17.3));
    }
    const session = decodeSession(encodeSession(recording.stop()));
    expect(session.events.filter((e) => e.kind === 'input' && e.call[0] === 'move').length).toBeGreaterThanOrEqual(6);
    expect(session.events.filter((e) => e.kind === 'control' && e.control === 'release' && e.value === 0).length).toBeGreaterThanOrEqual(2);
    expect(mover.x).toBeGreaterThan(0);
    const report = await replay(session, () => game().engine, { stateOf });
    expect(report.firstDivergence).toBeUndefined();
    expect(report).toMatchObject({ same: true, frames: session.deltasMs.length });
    engine.destroy();
  });
});
