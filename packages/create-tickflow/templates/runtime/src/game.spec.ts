// Tests of the game's loop, headless, with real physics (Rapier, in Node).
// The ticks are a marble, each frame worth exactly one fixed tick (1/60 s).
import { map } from 'rxjs';
import { constantClock } from 'tickflow';
import { createRapier3d } from 'tickflow/rapier3d';
import type { PhysicsAdapter } from 'tickflow/runtime';
import { beforeEach, describe, expect, it } from 'vitest';
import { createGame, DROP_EVERY, PLAYER_START, RUN_SPEED } from './game.js';
import { marbles } from './marbles.js';

const FRAME_MS = 1000 / 60;

let physics: PhysicsAdapter;
beforeEach(async () => {
  physics = await createRapier3d(); // a fresh world for each test
});

describe('the game loop', () => {
  it(
    'runs the player right only while → is held: one fixed tick a frame, velocity assigned in m/s',
    marbles((m) => {
      const { runtime } = createGame({ physics, ticks: m.hot('-t-t-t-t-t-', { t: 0 }), clock: constantClock(FRAME_MS) });
      runtime.start();
      const player = runtime.find('player')!;
      m.scheduler.schedule(() => runtime.press('ArrowRight'), 4); // held for the 3rd and 4th frames
      m.scheduler.schedule(() => runtime.release('ArrowRight'), 8);
      let lastX = runtime.transform(player).position[0]!;
      const moves = runtime.loop.phase('render').pipe(
        map(() => {
          const x = runtime.transform(player).position[0]!;
          const step = x - lastX;
          lastX = x;
          return step > (RUN_SPEED / 60) * 0.5 ? 'r' : Math.abs(step) < 1e-3 ? 's' : `moved ${step}`;
        }),
      );
      m.expect(moves).toBeObservable('-s-s-r-r-s-');
    }),
  );

  it('drops a ball at once, then one every second: each spawned at a tick barrier, then falling under gravity', () => {
    const { runtime } = createGame({ physics, clock: constantClock(FRAME_MS) });
    const balls = () => runtime.handles().filter((handle) => runtime.hasTag(handle, 'ball'));
    const run = (seconds: number) => {
      for (let frame = 0; frame < seconds * 60; frame++) runtime.advance();
    };
    run(0.5);
    expect(balls()).toHaveLength(1);
    const first = balls()[0]!;
    const y = runtime.transform(first).position[1]!;
    run(0.5);
    expect(runtime.transform(first).position[1]!).toBeLessThan(y - 1); // dropped from 4 m, it reaches the ground in about 0.9 s
    run(DROP_EVERY);
    expect(balls()).toHaveLength(2);
  });

  it('catches a ball the player touches: counted once, and the ball is gone at the next barrier', () => {
    const { runtime, score } = createGame({ physics, clock: constantClock(FRAME_MS) });
    runtime.advance(); // the first tick: the first ball is spawned above (0, 0)
    runtime.teleport(runtime.find('player')!, { position: [0, 1, 0] }); // stand under it
    for (let frame = 0; frame < 50; frame++) runtime.advance();
    expect(score.caught).toBe(1);
    expect(runtime.find('ball-1')).toBeUndefined();
  });

  it('puts a player who falls off the ground back where it started', () => {
    const { runtime } = createGame({ physics, clock: constantClock(FRAME_MS) });
    runtime.advance();
    const player = runtime.find('player')!;
    runtime.teleport(player, { position: [9, 1, 0] }); // beside the ground: nothing under it
    let lowest = Infinity;
    for (let frame = 0; frame < 120; frame++) {
      runtime.advance();
      lowest = Math.min(lowest, runtime.transform(player).position[1]!);
    }
    expect(lowest).toBeLessThan(-4); // it fell
    const [x, y, z] = runtime.transform(player).position;
    expect([x, z]).toEqual([PLAYER_START[0], PLAYER_START[2]]); // back at the start, standing on the ground
    expect(y).toBeCloseTo(PLAYER_START[1], 0);
  });
});
