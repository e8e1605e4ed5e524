// The game's rules, apart from the page: a loop that moves a square you steer
// and a ball that bounces, and scores a catch when they touch. main.ts draws
// it; game.spec.ts tests it with marbles.
import type { Observable } from 'rxjs';
import { box, circle, createInput, createLoop, overlaps, wallClock, type Clock, type Contact } from 'tickflow';

/** The playfield, in canvas pixels. */
export const WIDTH = 640;
export const HEIGHT = 360;
/** How fast the square moves while a key is held, in pixels per second. */
export const PLAYER_SPEED = 240;
/** Where the ball starts (and starts again after a catch), and its velocity in pixels per second. */
export const BALL_START = { x: 60, y: 60, vx: 180, vy: 120 };

const PLAYER = box(40, 40); // shapes are centred on the position they are tested at
const BALL = circle(10);

/** Everything that changes. main.ts draws it; tests read it. */
export interface GameState {
  player: { x: number; y: number };
  ball: { x: number; y: number; vx: number; vy: number };
  score: number;
}

export interface GameOptions {
  /** Host ticks: `animationFrames()` in the page, a marble in a test. */
  ticks: Observable<number>;
  /** What each tick is worth: the wall clock by default; tests use `constantClock(1000 / 60)`. */
  clock?: Clock;
  /** Where keys are read: `window` in the page. Tests leave it out and call `input.press('ArrowRight')`. */
  keyboardTarget?: EventTarget;
}

/** Builds the game: a loop of two phases, `update` (moves things, dt in seconds) then `render` (main.ts draws). */
export function createGame({ ticks, clock = wallClock(), keyboardTarget }: GameOptions) {
  const input = createInput({
    bindings: { left: ['ArrowLeft', 'KeyA'], right: ['ArrowRight', 'KeyD'], up: ['ArrowUp', 'KeyW'], down: ['ArrowDown', 'KeyS'] },
    keyboardTarget,
  });
  const state: GameState = { player: { x: WIDTH / 2, y: HEIGHT / 2 }, ball: { ...BALL_START }, score: 0 };
  const contact: Contact = { normalX: 0, normalY: 0, depth: 0 };
  const loop = createLoop({ ticks, clock, phases: ['update', 'render'] });

  loop.on('update', (dt) => {
    const { player, ball } = state;
    player.x = clamp(player.x + input.frame.axis('left', 'right') * PLAYER_SPEED * dt, 20, WIDTH - 20);
    player.y = clamp(player.y + input.frame.axis('up', 'down') * PLAYER_SPEED * dt, 20, HEIGHT - 20);
    ball.x += ball.vx * dt;
    ball.y += ball.vy * dt;
    if (ball.x < 10 || ball.x > WIDTH - 10) ball.vx = -ball.vx; // bounce off the side walls
    if (ball.y < 10 || ball.y > HEIGHT - 10) ball.vy = -ball.vy; // and the top and bottom
    ball.x = clamp(ball.x, 10, WIDTH - 10);
    ball.y = clamp(ball.y, 10, HEIGHT - 10);
    if (overlaps(player.x, player.y, PLAYER, ball.x, ball.y, BALL, contact)) {
      state.score++;
      Object.assign(ball, BALL_START);
    }
  });
  return { loop, input, state };
}

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));
