// The game's rules, apart from the page's markup: a ball that bounces in the
// stage, kicked up by a tap, Space or ↑. The page engine runs each frame in
// three phases, page-wide: read (measure the stage), step (simulate, plain
// numbers, no DOM), render (write what changed). main.ts gives it the page's
// elements; game.spec.ts steps it headless with advance().
import { createEngine } from 'tickflow/page';

/** The stage's size headless, in CSS pixels (on the page, read measures it), and the ball's. */
export const STAGE = { width: 320, height: 180 };
export const BALL_SIZE = 28;
/** Gravity, pixels per second squared, and the upward speed a kick gives, pixels per second. */
export const GRAVITY = 900;
export const KICK_SPEED = 520;
/** Where the ball starts, and its velocity in pixels per second. */
export const BALL_START = { x: 20, y: 20, vx: 110, vy: 0 };
/**
 * A tap (or a click) on the stage, pressed as a key: a tap can begin and end
 * between two frames, too quick for the pointer's `down`, but a key press is
 * kept until a step reads it (main.ts presses it on each pointerdown).
 */
export const TAP = 'Tap';

/** Everything that changes: the ball's top-left corner, its velocity, the kicks so far. */
export interface Ball {
  x: number;
  y: number;
  vx: number;
  vy: number;
  kicks: number;
}

/** The page's elements the game writes to; leave them out to run headless. */
export interface GameElements {
  stage: HTMLElement;
  ball: HTMLElement;
  kicks: HTMLElement;
}

/** Builds the game: one engine, one system. `engine.start()` runs it on the page's frames. */
export function createGame(elements?: GameElements) {
  const engine = createEngine({ root: elements?.stage }); // no root: headless
  const ball: Ball = { ...BALL_START, kicks: 0 };
  const stage = { ...STAGE }; // the stage's size as the latest read measured it
  engine.add({
    name: 'ball',
    read() {
      if (elements === undefined) return;
      stage.width = elements.stage.clientWidth; // the page's layout decides: the stage fills its column
      stage.height = elements.stage.clientHeight;
    },
    step(e, dt) {
      if (e.input.pressed(TAP) || e.input.pressed('Space') || e.input.pressed('ArrowUp')) {
        ball.vy = -KICK_SPEED;
        ball.kicks++;
      }
      ball.vy += GRAVITY * dt;
      ball.x += ball.vx * dt;
      ball.y += ball.vy * dt;
      const right = stage.width - BALL_SIZE;
      const floor = stage.height - BALL_SIZE;
      if (ball.x < 0 || ball.x > right) ball.vx = -ball.vx; // the side walls
      if (ball.y > floor) ball.vy = -Math.abs(ball.vy); // the floor gives it all back: it bounces for ever
      if (ball.y < 0) ball.vy = Math.abs(ball.vy);
      ball.x = Math.min(right, Math.max(0, ball.x));
      ball.y = Math.min(floor, Math.max(0, ball.y));
      e.busy(); // something moved: stay awake
    },
    render(e) {
      if (elements === undefined) return;
      e.ledger.style(elements.ball, 'transform', `translate(${ball.x.toFixed(1)}px, ${ball.y.toFixed(1)}px)`);
      e.ledger.text(elements.kicks, `${ball.kicks} ${ball.kicks === 1 ? 'kick' : 'kicks'}`); // written only when it changes
    },
  });
  return { engine, ball };
}
