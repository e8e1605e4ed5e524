// Marble tests of the game's loop: the ticks are a marble, each frame is worth
// exactly 1/60 s (constantClock), and what the game does shows as a marble too.
import { map } from 'rxjs';
import { constantClock } from 'tickflow';
import { describe, it } from 'vitest';
import { BALL_START, createGame, PLAYER_SPEED } from './game.js';
import { marbles } from './marbles.js';

const FRAME_MS = 1000 / 60;

describe('the game loop', () => {
  it(
    'moves the ball by its velocity every frame, with no key pressed',
    marbles((m) => {
      const ticks = m.hot('-t-t-t-', { t: 0 });
      const game = createGame({ ticks, clock: constantClock(FRAME_MS) });
      game.loop.start();
      // 180 px/s for 1/60 s is 3 px a frame.
      const ballX = game.loop.phase('render').pipe(map(() => Math.round(game.state.ball.x)));
      m.expect(ballX).toBeObservable('-a-b-c-', { a: BALL_START.x + 3, b: BALL_START.x + 6, c: BALL_START.x + 9 });
    }),
  );

  it(
    'moves the square right only while → is held',
    marbles((m) => {
      const ticks = m.hot('-t-t-t-t-', { t: 0 });
      const game = createGame({ ticks, clock: constantClock(FRAME_MS) });
      game.loop.start();
      const start = game.state.player.x;
      m.scheduler.schedule(() => game.input.press('ArrowRight'), 2); // held for the 2nd and 3rd frames
      m.scheduler.schedule(() => game.input.release('ArrowRight'), 6);
      const step = PLAYER_SPEED / 60; // 5 px a frame
      const playerX = game.loop.phase('render').pipe(map(() => Math.round(game.state.player.x - start)));
      m.expect(playerX).toBeObservable('-a-b-c-c-', { a: 0, b: step, c: 2 * step });
    }),
  );

  it(
    'heads for a finger held on the field, as fast as a key would, and stops under it',
    marbles((m) => {
      const ticks = m.hot('-t-t-t-t-', { t: 0 });
      const game = createGame({ ticks, clock: constantClock(FRAME_MS) });
      game.loop.start();
      const start = game.state.player.x;
      const step = PLAYER_SPEED / 60;
      m.scheduler.schedule(() => {
        game.input.movePointer(start + 1.5 * step, game.state.player.y); // a finger a frame and a half to the right
        game.input.press('Pointer0');
      }, 2);
      const playerX = game.loop.phase('render').pipe(map(() => game.state.player.x - start));
      m.expect(playerX).toBeObservable('-a-b-c-c-', { a: 0, b: step, c: 1.5 * step });
    }),
  );
});
