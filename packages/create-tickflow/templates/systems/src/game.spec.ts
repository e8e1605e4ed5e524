// Tests of the game's loop, headless. The ticks are 20 ms apart, one fixed
// step of the default 50 Hz each, so every frame after the first runs
// exactly one fixedUpdate (the first frame has no time behind it). The marble
// tests read the game frame by frame; the others step it with advance().
import { NEVER, map } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { AIM, createGame, LANDSCAPE, PADDLE, PADDLE_SPEED, SERVE, SERVE_BALL, STEER, type Rally } from './game.js';
import { marbles } from './marbles.js';

const TICKS = { a: 0, b: 20, c: 40, d: 60 }; // ms
const STEP = PADDLE_SPEED / 50; // how far the paddle moves in one 20 ms step: 12 px

/** A headless game stepped by hand: `run(seconds)` advances it by that many 20 ms steps. */
async function steppedGame() {
  const engine = createGame({ ticks: NEVER });
  await engine.play();
  let t = 0;
  engine.advance(t); // the first frame is worth 0
  const run = (seconds: number) => {
    for (let i = 0; i < seconds * 50; i++) engine.advance((t += 20));
  };
  const ball = engine.scene!.find('ball')!;
  return { engine, run, ball, rally: ball.get<Rally>('rally')!, paddle: engine.scene!.find('paddle')! };
}

describe('the game loop', () => {
  it(
    'moves the paddle only while a steer event says so',
    marbles((m) => {
      const engine = createGame({ ticks: m.hot('-a-b-c-d-', TICKS) });
      void engine.play(); // nothing to load: it is playing when play() returns
      const paddle = engine.scene!.find('paddle')!;
      const start = paddle.transform.x;
      m.scheduler.schedule(() => engine.dispatchEvent(STEER, 1), 2); // delivered at the start of the next frame
      m.scheduler.schedule(() => engine.dispatchEvent(STEER, 0), 6);
      const moved = engine.loop!.phase('render').pipe(map(() => Math.round(paddle.transform.x - start)));
      m.expect(moved).toBeObservable('-a-b-c-c-', { a: 0, b: STEP, c: 2 * STEP });
    }),
  );

  it(
    'moves the paddle towards a finger as fast as a key would, and stops under it',
    marbles((m) => {
      const engine = createGame({ ticks: m.hot('-a-b-c-d-', TICKS) });
      void engine.play();
      const paddle = engine.scene!.find('paddle')!;
      const start = paddle.transform.x;
      m.scheduler.schedule(() => engine.dispatchEvent(AIM, start - 1.5 * STEP), 2); // a step and a half to the left
      const moved = engine.loop!.phase('render').pipe(map(() => Math.round(paddle.transform.x - start)));
      m.expect(moved).toBeObservable('-a-b-c-c-', { a: 0, b: -STEP, c: -1.5 * STEP });
    }),
  );

  it('waits for a serve: however long nobody plays, the ball hangs above the paddle and nothing is counted', async () => {
    const { run, ball, rally, paddle } = await steppedGame();
    run(10);
    expect(rally).toMatchObject({ hits: 0, misses: 0, inPlay: false });
    expect(ball.transform.y).toBe(SERVE.y);
    expect(ball.transform.x).toBe(paddle.transform.x);
  });

  it('a served ball falls onto the paddle it hung above and bounces off it: a hit', async () => {
    const { engine, run, ball, rally } = await steppedGame();
    engine.dispatchEvent(SERVE_BALL);
    const fallSeconds = (LANDSCAPE.height - PADDLE.lift - SERVE.y) / SERVE.speed;
    run(fallSeconds + 0.1);
    expect(rally).toMatchObject({ hits: 1, misses: 0, inPlay: true });
    expect(ball.get<{ y: number }>('velocity')!.y).toBeLessThan(0); // going up
  });

  it('a ball that gets past the paddle is a miss, and waits above the paddle for the next serve', async () => {
    const { engine, run, ball, rally, paddle } = await steppedGame();
    engine.dispatchEvent(SERVE_BALL);
    engine.dispatchEvent(STEER, -1); // the paddle runs away to the left
    run(3);
    expect(rally).toMatchObject({ hits: 0, misses: 1, inPlay: false });
    run(3); // and waits
    expect(rally.misses).toBe(1);
    expect(ball.transform.y).toBe(SERVE.y);
    expect(ball.transform.x).toBe(paddle.transform.x);
  });
});
