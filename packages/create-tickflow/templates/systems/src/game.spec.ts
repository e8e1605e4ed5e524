// Marble tests of the game's loop, headless. The ticks are 20 ms apart, one
// fixed step of the default 50 Hz each, so every frame after the first runs
// exactly one fixedUpdate (the first frame has no time behind it).
import { map } from 'rxjs';
import { describe, it } from 'vitest';
import { BALL_START, createGame, PADDLE_SPEED, STEER, type Rally } from './game.js';
import { marbles } from './marbles.js';

const TICKS = { a: 0, b: 20, c: 40, d: 60 }; // ms

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
      const step = PADDLE_SPEED / 50; // 10 px a fixed step
      const moved = engine.loop!.phase('render').pipe(map(() => Math.round(paddle.transform.x - start)));
      m.expect(moved).toBeObservable('-a-b-c-c-', { a: 0, b: step, c: 2 * step });
    }),
  );

  it(
    'starts the ball again from the top when it gets past the paddle, and counts a miss',
    marbles((m) => {
      const engine = createGame({ ticks: m.hot('-a-b-c-', TICKS) });
      void engine.play();
      const ball = engine.scene!.find('ball')!;
      m.scheduler.schedule(() => ball.teleport(200, 600), 2); // below the paddle, falling
      const seen = engine.loop!.phase('render').pipe(map(() => `${ball.get<Rally>('rally')!.misses} ${Math.round(ball.transform.y)}`));
      // After the miss, one 20 ms step at 200 px/s moves it 4 px down.
      m.expect(seen).toBeObservable('-a-b-c-', { a: `0 ${BALL_START.y}`, b: `1 ${BALL_START.y}`, c: `1 ${BALL_START.y + 4}` });
    }),
  );
});
