// The game's rules, apart from the page: a loop that moves a square you steer
// and a ball that bounces, and scores a catch when they touch. main.ts draws
// it; game.spec.ts tests it with marbles.
import type { Observable } from 'rxjs';
import { box, circle, createInput, createLoop, overlaps, wallClock, type Clock, type Contact } from 'tickflow';

/** The playfield's size, in field pixels. */
export interface Field {
  readonly width: number;
  readonly height: number;
}
/** The field on a wide screen, and on a tall one (a phone held upright). */
export const LANDSCAPE: Field = { width: 640, height: 360 };
export const PORTRAIT: Field = { width: 360, height: 640 };
/** How fast the square moves, with a key or towards a finger, in pixels per second. */
export const PLAYER_SPEED = 300;
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
  /** The playfield; {@link LANDSCAPE} by default. */
  field?: Field;
  /** Where keys are read: `window` in the page. Tests leave it out and call `input.press('ArrowRight')`. */
  keyboardTarget?: EventTarget;
  /** Where a finger (or the mouse) is read: the canvas in the page. Tests call `input.movePointer(x, y)` and `input.press('Pointer0')`. */
  pointerTarget?: EventTarget;
  /** Where a pointer position (CSS pixels of the pointer target) is on the field; as is by default. */
  toField?: (x: number, y: number) => { x: number; y: number };
}

/** Builds the game: a loop of two phases, `update` (moves things, dt in seconds) then `render` (main.ts draws). */
export function createGame({ ticks, clock = wallClock(), field = LANDSCAPE, keyboardTarget, pointerTarget, toField = (x, y) => ({ x, y }) }: GameOptions) {
  const input = createInput({
    bindings: { left: ['ArrowLeft', 'KeyA'], right: ['ArrowRight', 'KeyD'], up: ['ArrowUp', 'KeyW'], down: ['ArrowDown', 'KeyS'], drag: ['Pointer0'] },
    keyboardTarget,
    pointerTarget,
  });
  const { width, height } = field;
  const state: GameState = { player: { x: width / 2, y: height / 2 }, ball: { ...BALL_START }, score: 0 };
  const contact: Contact = { normalX: 0, normalY: 0, depth: 0 };
  const loop = createLoop({ ticks, clock, phases: ['update', 'render'] });

  loop.on('update', (dt) => {
    const { player, ball } = state;
    const keyX = input.frame.axis('left', 'right');
    const keyY = input.frame.axis('up', 'down');
    if (keyX === 0 && keyY === 0 && input.frame.held('drag')) {
      // A finger (or the mouse button) held on the field: head for it as fast as the keys would, never past it.
      const target = toField(input.frame.pointer.x, input.frame.pointer.y);
      const gapX = target.x - player.x;
      const gapY = target.y - player.y;
      const share = Math.min(1, (PLAYER_SPEED * dt) / (Math.hypot(gapX, gapY) || 1));
      player.x += gapX * share;
      player.y += gapY * share;
    } else {
      player.x += keyX * PLAYER_SPEED * dt;
      player.y += keyY * PLAYER_SPEED * dt;
    }
    player.x = clamp(player.x, 20, width - 20);
    player.y = clamp(player.y, 20, height - 20);
    ball.x += ball.vx * dt;
    ball.y += ball.vy * dt;
    if (ball.x < 10 || ball.x > width - 10) ball.vx = -ball.vx; // bounce off the side walls
    if (ball.y < 10 || ball.y > height - 10) ball.vy = -ball.vy; // and the top and bottom
    ball.x = clamp(ball.x, 10, width - 10);
    ball.y = clamp(ball.y, 10, height - 10);
    if (overlaps(player.x, player.y, PLAYER, ball.x, ball.y, BALL, contact)) {
      state.score++;
      Object.assign(ball, BALL_START);
    }
  });
  return { loop, input, state, field };
}

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));
