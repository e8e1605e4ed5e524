// The game's rules, apart from the page: entities (a ball, a paddle) and the
// systems that move them. Simulation runs in fixedUpdate, at a fixed rate
// whatever the display's (50 a second by default), so it plays the same on
// every machine. The page steers the paddle with 'steer' events; main.ts
// draws with pixi.js, game.spec.ts runs it headless.
import type { Subscribable } from 'rxjs';
import { createSystemsEngine, SceneSystem, type Entity, type Scene, type SceneSystemOptions, type SystemsBackend, type Time } from 'tickflow/systems';

/** The game's logical size, in pixels; x runs right and y down. */
export const WIDTH = 960;
export const HEIGHT = 540;
export const BALL_RADIUS = 12;
export const PADDLE = { width: 160, height: 18, y: 500 };
/** How fast the paddle moves while steered, in pixels per second. */
export const PADDLE_SPEED = 500;
/** Where the ball starts, and starts again after a miss; its velocity in pixels per second. */
export const BALL_START = { x: 480, y: 120, vx: 240, vy: 200 };

/** The ball's components. */
export interface Velocity {
  x: number;
  y: number;
}
export interface Rally {
  hits: number;
  misses: number;
}

/** The event the page dispatches when the keys change: -1 left, 0 still, 1 right. */
export const STEER = 'steer';

/**
 * Moves the paddle the way the latest 'steer' event says. (A system is built
 * before its scene's entities: it finds them once the scene is loaded.)
 */
class PaddleSystem extends SceneSystem {
  private readonly time: Time;
  private paddle: Entity | undefined;
  private direction = 0;

  constructor({ time, events }: SceneSystemOptions) {
    super();
    this.time = time;
    events.addEventListener<number>(STEER, ({ payload }) => (this.direction = payload));
  }

  onSceneLoad(scene: Scene): void {
    this.paddle = scene.find('paddle');
  }

  fixedUpdate(): void {
    const paddle = this.paddle!.transform;
    const half = PADDLE.width / 2;
    paddle.x = Math.min(WIDTH - half, Math.max(half, paddle.x + this.direction * PADDLE_SPEED * this.time.fixedDeltaTime));
  }
}

/** Moves the ball, bounces it off the walls and the paddle, and starts it again when it gets past. */
class BallSystem extends SceneSystem {
  private readonly time: Time;
  private ball: Entity | undefined;
  private paddle: Entity | undefined;

  constructor({ time }: SceneSystemOptions) {
    super();
    this.time = time;
  }

  onSceneLoad(scene: Scene): void {
    this.ball = scene.find('ball');
    this.paddle = scene.find('paddle');
  }

  fixedUpdate(): void {
    const ball = this.ball!;
    const step = this.time.fixedDeltaTime;
    const at = ball.transform;
    const velocity = ball.get<Velocity>('velocity')!;
    const rally = ball.get<Rally>('rally')!;
    at.x += velocity.x * step; // position += velocity * step
    at.y += velocity.y * step;
    if (at.x < BALL_RADIUS || at.x > WIDTH - BALL_RADIUS) velocity.x = -velocity.x;
    if (at.y < BALL_RADIUS) velocity.y = Math.abs(velocity.y);
    const paddle = this.paddle!.transform;
    const onPaddle = Math.abs(at.x - paddle.x) < PADDLE.width / 2 + BALL_RADIUS && Math.abs(at.y - paddle.y) < PADDLE.height / 2 + BALL_RADIUS;
    if (onPaddle && velocity.y > 0) {
      velocity.y = -velocity.y;
      rally.hits++;
    }
    if (at.y > HEIGHT + BALL_RADIUS) {
      rally.misses++;
      ball.teleport(BALL_START.x, BALL_START.y); // a jump, not drawn as a streak
      Object.assign(velocity, { x: BALL_START.vx, y: BALL_START.vy });
    }
  }
}

export interface GameOptions {
  /** Draws the entities with a `sprite`: `pixiSystemsBackend(...)` in the page; nothing by default. */
  backend?: SystemsBackend;
  /** Host ticks (timestamps in ms): the page's frames by default, a marble in a test. */
  ticks?: Subscribable<number>;
}

/** Builds the game: one scene, its two entities and its two systems. `play()` starts it. */
export function createGame({ backend, ticks }: GameOptions = {}) {
  return createSystemsEngine({
    backend,
    ticks,
    scenes: [
      {
        id: 'court',
        systems: [PaddleSystem, BallSystem],
        entities: [
          {
            id: 'ball',
            transform: { x: BALL_START.x, y: BALL_START.y },
            components: {
              velocity: { x: BALL_START.vx, y: BALL_START.vy } satisfies Velocity,
              rally: { hits: 0, misses: 0 } satisfies Rally,
              sprite: { shape: 'circle', radius: BALL_RADIUS, color: 0xff6347 },
            },
          },
          {
            id: 'paddle',
            transform: { x: WIDTH / 2, y: PADDLE.y },
            components: { sprite: { shape: 'rect', width: PADDLE.width, height: PADDLE.height, color: 0x66ccff } },
          },
        ],
      },
    ],
    startSceneId: 'court',
  });
}
