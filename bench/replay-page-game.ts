/**
 * A page-engine game of DOM Breakout's shape, for the replay bench: the
 * gallery's page games build their DOM when they mount and cannot run in
 * Node, so this stands in for them (bench/replay-games.ts says why).
 *
 * Like DOM Breakout: one engine, a 1/120 s step (`maxSteps` 8), a read
 * phase that takes the pointer, a step that moves a paddle (following the
 * pointer, or the arrow keys) and a ball that bounces off the walls, the
 * paddle and 50 bricks, all plain numbers; no render (Node has no DOM; a
 * render writes nothing a recording sees). Unlike it, its state is given
 * through the system's `save`/`restore` pair, so the sync test can roll it
 * back and a checkpoint can hash it (DOM Breakout keeps its state in a
 * closure with no hook: its sessions have no checkpoints).
 *
 * The visitor: the arrows held and let go about five times a second
 * ({@link HumanKeys}), and every 3-6 s the mouse swept across the board for
 * 0.5-1.5 s, one pointer move a frame (browsers fire pointermove at the
 * display's rate). The pointer sweeps are what a pointer-driven page game
 * records most of.
 */
import { createEngine, type FrameScheduler, type PageEngine } from '../src/engines/page/index.js';
import { createSeededRandom, nextRandom } from '../operators/seeded-random.js';
import { HumanKeys, type GalleryGame } from './gallery-game.js';

const BOARD_WIDTH = 560;
const BOARD_HEIGHT = 380;
const PADDLE_WIDTH = 84;
const PADDLE_Y = BOARD_HEIGHT - 28;
const PADDLE_SPEED = 520;
const BRICKS = 50;

/** The game's state, all of it: what its system saves and restores. */
interface Board {
  ballX: number;
  ballY: number;
  ballVX: number;
  ballVY: number;
  paddleX: number;
  pointerX: number;
  score: number;
  alive: number[];
}

const boards = new WeakMap<PageEngine, Board>();

/** A frame scheduler the bench drives: `tick(ts)` runs the frame requested, if any. */
function drivenFrames(): FrameScheduler & { tick(timestampMs: number): void } {
  let pending: ((timestampMs: number) => void) | undefined;
  return {
    requestAnimationFrame(callback) {
      pending = callback;
      return 1;
    },
    cancelAnimationFrame() {
      pending = undefined;
    },
    tick(timestampMs) {
      const callback = pending;
      pending = undefined;
      callback?.(timestampMs);
    },
  };
}

function createBoardEngine(seed: number | undefined, frames: FrameScheduler): PageEngine {
  const engine = createEngine({ frames, pause: false, step: 1 / 120, maxSteps: 8, name: 'breakout stand-in', ...(seed === undefined ? {} : { seed }) });
  const board: Board = { ballX: 280, ballY: 300, ballVX: 180, ballVY: -240, paddleX: 238, pointerX: Number.NaN, score: 0, alive: new Array<number>(BRICKS).fill(1) };
  boards.set(engine, board);
  engine.add({
    name: 'board',
    read(e) {
      if (e.input.pointer.inside) board.pointerX = e.input.pointer.x;
      if (e.input.held('ArrowLeft') || e.input.held('ArrowRight')) board.pointerX = Number.NaN;
    },
    step(e, dt) {
      if (Number.isNaN(board.pointerX)) board.paddleX += e.input.axis('ArrowLeft', 'ArrowRight') * PADDLE_SPEED * dt;
      else board.paddleX = board.pointerX - PADDLE_WIDTH / 2;
      board.paddleX = Math.max(0, Math.min(BOARD_WIDTH - PADDLE_WIDTH, board.paddleX));
      board.ballX += board.ballVX * dt;
      board.ballY += board.ballVY * dt;
      if (board.ballX < 0 || board.ballX > BOARD_WIDTH) board.ballVX = -board.ballVX;
      if (board.ballY < 0) board.ballVY = Math.abs(board.ballVY);
      if (board.ballVY > 0 && board.ballY >= PADDLE_Y && board.ballX >= board.paddleX && board.ballX <= board.paddleX + PADDLE_WIDTH) board.ballVY = -board.ballVY;
      const brick = Math.floor(board.ballX / (BOARD_WIDTH / 10)) + 10 * Math.floor((board.ballY - 36) / 20);
      if (board.ballY >= 36 && brick >= 0 && brick < BRICKS && board.alive[brick] === 1) {
        board.alive[brick] = 0;
        board.score += 10;
        board.ballVY = -board.ballVY;
      }
      if (board.ballY > BOARD_HEIGHT) Object.assign(board, { ballX: board.paddleX + PADDLE_WIDTH / 2, ballY: PADDLE_Y - 20, ballVY: -240 });
      if (!board.alive.includes(1)) board.alive.fill(1);
    },
    save: () => board,
    restore(data) {
      Object.assign(board, data as Board);
    },
  });
  return engine;
}

export const pageGame: GalleryGame = {
  name: 'page engine (a stand-in of DOM Breakout\'s shape)',
  preset: 'page engine',
  how: 'one engine, 1/120 s step, a paddle and a ball among 50 bricks; the arrows held about five times a second, and every 3-6 s the mouse swept across the board for 0.5-1.5 s (a pointer move every frame); driven by the page\'s frames',
  stateOf: (engine: PageEngine) => ({ ...boards.get(engine)! }),
  async build(host) {
    const frames = drivenFrames();
    const engine = createBoardEngine(host?.seed, frames);
    if (host !== undefined) return { engine, beforeTick: () => {}, tick: () => false };
    const device = engine.input.device;
    const keys = new HumanKeys(['ArrowLeft', 'ArrowRight'], undefined, (c) => engine.input.press(c), (c) => engine.input.release(c));
    const random = createSeededRandom(11);
    let sweepFrom = 3;
    let sweepUntil = 0;
    engine.start();
    return {
      engine,
      beforeTick(_index, seconds) {
        keys.at(seconds);
        if (seconds >= sweepFrom) {
          sweepUntil = seconds + 0.5 + nextRandom(random);
          sweepFrom = sweepUntil + 3 + 3 * nextRandom(random);
        }
        if (seconds < sweepUntil) device.movePointer((seconds * 700) % BOARD_WIDTH, PADDLE_Y, true);
      },
      tick(timestampMs) {
        const before = engine.frame().count;
        frames.tick(timestampMs);
        return engine.frame().count > before;
      },
    };
  },
};
