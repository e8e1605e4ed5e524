import { portableCos, portableSin } from 'tickflow';
import { createEngine, type PageEngine } from 'tickflow/page';

/** The board, in CSS px (the board element is this size). */
export const BOARD_WIDTH = 560;
export const BOARD_HEIGHT = 380;

const COLUMNS = 10;
const ROWS = 5;
const BRICK_GAP = 4;
const BRICK_TOP = 36;
const BRICK_HEIGHT = 16;
const BRICK_WIDTH = (BOARD_WIDTH - BRICK_GAP * (COLUMNS + 1)) / COLUMNS;
const PADDLE_WIDTH = 84;
const PADDLE_HEIGHT = 10;
const PADDLE_Y = BOARD_HEIGHT - 28;
const PADDLE_SPEED = 520; // px/s with the keys
const BALL_SIZE = 10;
const BALL_SPEED = 300; // px/s
const LIVES = 3;
const HUD_LINES = 4;

/** The DOM a breakout game writes to. */
export interface BreakoutView {
  /** The board: {@link BOARD_WIDTH} × {@link BOARD_HEIGHT} CSS px of game, and the engine's root. */
  readonly board: HTMLElement;
  /**
   * The box the board sits in. Where it is narrower than the board (a
   * phone), the board is scaled down to its width; without it, the board is
   * never scaled.
   */
  readonly fit?: HTMLElement;
  readonly score: HTMLElement;
  readonly lives: HTMLElement;
  /** The HUD's event log: lines from the event ring. */
  readonly log: HTMLElement;
}

/**
 * The breakout's game state, as plain numbers: what the simulation steps,
 * what the page draws and what a snapshot (`engine.save()`) holds.
 */
export interface BreakoutState {
  ballX: number;
  ballY: number;
  ballVX: number;
  ballVY: number;
  paddleX: number;
  score: number;
  lives: number;
  left: number;
  /** Where the pointer holds the paddle (board px), NaN when it does not. */
  pointerX: number;
  /** Whether the paddle still follows the ball by itself (until the visitor plays). */
  autopilot: boolean;
  /** 1 for a brick still standing, 0 for a broken one, row by row. */
  alive: number[];
}

/** Options of {@link breakoutGame}. */
export interface BreakoutGameOptions {
  /** The board (the engine's root); none in Node. */
  readonly root?: HTMLElement;
  /** The scale the board is drawn at, read when the pointer is measured; 1 when left out. */
  readonly fit?: BoardFit;
  /** The engine's name. */
  readonly name?: string;
  /** The engine's random seed (a replay passes the recorded one). */
  readonly seed?: number;
  /** Whether the page pauses the engine by itself (off screen, hidden, typing); defaults to the engine's. Node has no page: `false`. */
  readonly pause?: false;
}

/** Each breakout engine's state, for {@link breakoutState}. */
const states = new WeakMap<PageEngine, BreakoutState>();

/**
 * The breakout's state now (a copy): what a recorded session's checkpoints
 * hash (`recordSession(engine, { stateOf: breakoutState })`, the page engine
 * has no state of its own to hash) and a replay compares.
 */
export function breakoutState(engine: PageEngine): BreakoutState {
  const state = states.get(engine);
  if (state === undefined) throw new Error('breakoutState: not a breakout engine (built by breakoutGame)');
  return { ...state, alive: [...state.alive] };
}

/**
 * The breakout's game without its picture: the page engine, the input read
 * and the simulation. The page ({@link mountBreakout}) adds the drawing; a
 * replay in Node builds this alone.
 *
 * - read: the input helper has measured the board (pointer x); nothing else.
 * - step (120 Hz): the ball, the paddle and the bricks as plain numbers
 *   ({@link BreakoutState}); every hit is an event on the ring (`brick`,
 *   `paddle`, `wall`, `lost`, `cleared`). No DOM. Its state goes into the
 *   engine's snapshots through the system's `save`/`restore` pair.
 */
export function breakoutGame(options: BreakoutGameOptions = {}): { engine: PageEngine; state: BreakoutState } {
  const { root, fit = { scale: 1 }, name = 'breakout', seed, pause } = options;
  const engine = createEngine({
    ...(root === undefined ? {} : { root }),
    name,
    step: 1 / 120,
    maxSteps: 8,
    ...(seed === undefined ? {} : { seed }),
    ...(pause === undefined ? {} : { pause }),
  });
  const s: BreakoutState = {
    ballX: BOARD_WIDTH / 2,
    ballY: PADDLE_Y - 40,
    ballVX: BALL_SPEED * 0.6,
    ballVY: -BALL_SPEED * 0.8,
    paddleX: (BOARD_WIDTH - PADDLE_WIDTH) / 2,
    score: 0,
    lives: LIVES,
    left: COLUMNS * ROWS,
    pointerX: NaN,
    autopilot: true,
    alive: new Array<number>(COLUMNS * ROWS).fill(1),
  };
  states.set(engine, s);

  const serve = (): void => {
    s.ballX = s.paddleX + PADDLE_WIDTH / 2;
    s.ballY = PADDLE_Y - 20;
    const angle = -Math.PI / 2 + (((s.score * 7919) % 100) / 100 - 0.5) * 1.2;
    s.ballVX = BALL_SPEED * portableCos(angle);
    s.ballVY = BALL_SPEED * portableSin(angle);
  };

  engine.add({
    name: 'input',
    read(e) {
      const pointer = e.input.pointer;
      if (pointer.inside) {
        s.autopilot = false;
        s.pointerX = pointer.x / fit.scale; // the pointer is measured on the board as drawn
      }
      if (e.input.held('ArrowLeft') || e.input.held('ArrowRight')) {
        s.autopilot = false;
        s.pointerX = NaN;
      }
    },
  });

  engine.add({
    name: 'simulation',
    step(e, dt) {
      const { alive } = s;
      // The paddle.
      if (s.autopilot) s.paddleX += Math.max(-PADDLE_SPEED * dt, Math.min(PADDLE_SPEED * dt, s.ballX - PADDLE_WIDTH / 2 - s.paddleX + 14));
      else if (!Number.isNaN(s.pointerX)) s.paddleX = s.pointerX - PADDLE_WIDTH / 2;
      else s.paddleX += e.input.axis('ArrowLeft', 'ArrowRight') * PADDLE_SPEED * dt;
      s.paddleX = Math.max(0, Math.min(BOARD_WIDTH - PADDLE_WIDTH, s.paddleX));

      // The ball, and the walls.
      s.ballX += s.ballVX * dt;
      s.ballY += s.ballVY * dt;
      if (s.ballX < 0 || s.ballX > BOARD_WIDTH - BALL_SIZE) {
        s.ballX = Math.max(0, Math.min(BOARD_WIDTH - BALL_SIZE, s.ballX));
        s.ballVX = -s.ballVX;
        e.events.emit('wall');
      }
      if (s.ballY < 0) {
        s.ballY = 0;
        s.ballVY = -s.ballVY;
        e.events.emit('wall');
      }
      // The paddle: where it is hit steers the ball.
      if (s.ballVY > 0 && s.ballY + BALL_SIZE >= PADDLE_Y && s.ballY + BALL_SIZE <= PADDLE_Y + PADDLE_HEIGHT + 6 &&
        s.ballX + BALL_SIZE >= s.paddleX && s.ballX <= s.paddleX + PADDLE_WIDTH) {
        const offset = (s.ballX + BALL_SIZE / 2 - (s.paddleX + PADDLE_WIDTH / 2)) / (PADDLE_WIDTH / 2);
        const angle = -Math.PI / 2 + offset * 1.0;
        s.ballVX = BALL_SPEED * portableCos(angle);
        s.ballVY = BALL_SPEED * portableSin(angle);
        s.ballY = PADDLE_Y - BALL_SIZE;
        e.events.emit('paddle', offset);
      }
      // The bricks: the first one the ball overlaps breaks.
      for (let i = 0; i < alive.length; i++) {
        if (alive[i] === 0) continue;
        const bx = BRICK_GAP + (i % COLUMNS) * (BRICK_WIDTH + BRICK_GAP);
        const by = BRICK_TOP + Math.floor(i / COLUMNS) * (BRICK_HEIGHT + BRICK_GAP);
        if (s.ballX + BALL_SIZE < bx || s.ballX > bx + BRICK_WIDTH || s.ballY + BALL_SIZE < by || s.ballY > by + BRICK_HEIGHT) continue;
        alive[i] = 0;
        s.left--;
        s.score += 10 * (ROWS - Math.floor(i / COLUMNS));
        s.ballVY = -s.ballVY;
        e.events.emit('brick', i, s.score);
        break;
      }
      // Lost, and cleared.
      if (s.ballY > BOARD_HEIGHT) {
        s.lives--;
        e.events.emit('lost', s.lives);
        if (s.lives === 0) {
          s.lives = LIVES;
          s.score = 0;
          alive.fill(1);
          s.left = alive.length;
          e.events.emit('over');
        }
        serve();
      }
      if (s.left === 0) {
        alive.fill(1);
        s.left = alive.length;
        e.events.emit('cleared', s.score);
        serve();
      }
    },
    save: () => s,
    restore(data) {
      Object.assign(s, data as BreakoutState);
    },
  });
  return { engine, state: s };
}

/**
 * A small breakout game in plain DOM, on the page engine: {@link breakoutGame}
 * and its picture.
 *
 * - render: the ball, the paddle and each brick through the ledger (a brick's
 *   class changes once, when it breaks), and the HUD, which reads the ring.
 *
 * The game is always 560 × 380 CSS px: a narrower box scales the board's
 * picture, never the game, so it plays the same on a phone ({@link fitBoard}).
 * The paddle follows the pointer over the board (a finger dragged on it, on a
 * touch screen), or the arrow keys; until the visitor plays, it follows the
 * ball by itself. Typing in a field of the page pauses the game (the engine's
 * automatic `'typing'` pause).
 */
export function mountBreakout(view: BreakoutView, name = 'breakout'): PageEngine {
  const { board } = view;
  const fit = view.fit === undefined ? { scale: 1 } : fitBoard(board, view.fit);
  const { engine, state: s } = breakoutGame({ root: board, fit, name });
  const ball = document.createElement('div');
  ball.className = 'ball';
  const paddle = document.createElement('div');
  paddle.className = 'paddle';
  const bricks: HTMLElement[] = [];
  for (let i = 0; i < COLUMNS * ROWS; i++) {
    const brick = document.createElement('div');
    brick.className = `brick row-${Math.floor(i / COLUMNS)}`;
    brick.style.left = `${BRICK_GAP + (i % COLUMNS) * (BRICK_WIDTH + BRICK_GAP)}px`;
    brick.style.top = `${BRICK_TOP + Math.floor(i / COLUMNS) * (BRICK_HEIGHT + BRICK_GAP)}px`;
    brick.style.width = `${BRICK_WIDTH}px`;
    brick.style.height = `${BRICK_HEIGHT}px`;
    board.append(brick);
    bricks.push(brick);
  }
  board.append(paddle, ball);
  const lines: string[] = [];

  engine.add({
    name: 'render',
    render(e, alpha) {
      // The ball drawn where it will be alpha of a step from now.
      const x = s.ballX + s.ballVX * engine.step * alpha;
      const y = s.ballY + s.ballVY * engine.step * alpha;
      e.ledger.style(ball, 'transform', `translate(${x.toFixed(1)}px, ${y.toFixed(1)}px)`);
      e.ledger.style(paddle, 'transform', `translate(${s.paddleX.toFixed(1)}px, ${PADDLE_Y}px)`);
      for (let i = 0; i < bricks.length; i++) e.ledger.toggle(bricks[i]!, 'gone', s.alive[i] === 0);
    },
  });

  engine.add({
    name: 'hud',
    render(e) {
      e.ledger.text(view.score, String(s.score));
      e.ledger.text(view.lives, '●'.repeat(s.lives) + '○'.repeat(LIVES - s.lives));
      // The ring: this frame's events, oldest first.
      const ring = e.events;
      let changed = false;
      for (let i = 0; i < ring.length; i++) {
        const type = ring.type(i);
        const line =
          type === 'brick' ? `brick ${ring.a(i)} · score ${ring.b(i)}`
          : type === 'lost' ? `ball lost · ${ring.a(i)} left`
          : type === 'cleared' ? `board cleared at ${ring.a(i)}`
          : type === 'over' ? 'game over · new game'
          : undefined;
        if (line === undefined) continue;
        lines.unshift(line);
        changed = true;
      }
      if (changed) {
        lines.length = Math.min(lines.length, HUD_LINES);
        e.ledger.text(view.log, lines.join('\n'));
      }
    },
  });
  engine.start();
  return engine;
}

/** The scale a board is drawn at: its drawn width over {@link BOARD_WIDTH}. */
export interface BoardFit {
  readonly scale: number;
}

/**
 * Scales the board down to the width of its box, where the box is narrower
 * than the board (a phone), and keeps it fitted as the box resizes.
 *
 * The scale is the page's layout, not the game's state, so a resize observer
 * writes it at once, outside the engine's frames: an engine paused off screen
 * or while the visitor types renders nothing, and its board must fit all the
 * same. The game only reads the scale, to find the pointer on the board.
 */
export function fitBoard(board: HTMLElement, box: HTMLElement): BoardFit {
  const fit = { scale: 1 };
  new ResizeObserver(([entry]) => {
    const width = entry?.contentRect.width ?? BOARD_WIDTH;
    fit.scale = width > 0 ? Math.min(1, width / BOARD_WIDTH) : 1;
    board.style.transform = fit.scale === 1 ? '' : `scale(${fit.scale})`;
  }).observe(box);
  return fit;
}
