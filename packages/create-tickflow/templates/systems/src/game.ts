// The game's rules, apart from the page: entities (the court, a ball, a
// paddle) and the systems that move them. Simulation runs in fixedUpdate, at
// a fixed rate whatever the display's (50 a second by default), so it plays
// the same on every machine. The page sends events: 'steer' (the keys),
// 'aim' (a finger on the court) and 'serve'; main.ts draws with pixi.js,
// game.spec.ts runs it headless.
import type { Subscribable } from 'rxjs';
import { createSystemsEngine, SceneSystem, type Entity, type Scene, type SceneSystemOptions, type SystemsBackend, type Time } from 'tickflow/systems';

/** The court's size, in pixels; x runs right and y down. */
export interface Court {
  readonly width: number;
  readonly height: number;
}
/** The court on a wide screen, and on a tall one (a phone held upright). */
export const LANDSCAPE: Court = { width: 960, height: 540 };
export const PORTRAIT: Court = { width: 540, height: 960 };
export const BALL_RADIUS = 12;
/** The paddle's size; it sits this far above the court's bottom edge. */
export const PADDLE = { width: 160, height: 18, lift: 40 };
/** How fast the paddle moves, with a key or towards a finger, in pixels per second. */
export const PADDLE_SPEED = 600;
/** Where a waiting ball hangs, above the paddle; how fast it falls when served, in pixels per second. */
export const SERVE = { y: 120, speed: 320 };
/** How fast a ball leaves the paddle sideways: the further from the paddle's middle it hits, the faster, never slower than min. */
export const BOUNCE = { min: 80, max: 320 };

/** The ball's components. */
export interface Velocity {
  x: number;
  y: number;
}
export interface Rally {
  hits: number;
  misses: number;
  /** Whether the ball is in play; until a serve it waits above the paddle. */
  inPlay: boolean;
}

/** The events the page dispatches. */
export const STEER = 'steer'; // the keys changed: -1 left, 0 still, 1 right
export const AIM = 'aim'; // a finger on the court at this x, in court pixels; null when it lifts
export const SERVE_BALL = 'serve'; // a tap or Space: a waiting ball falls

/**
 * Moves the paddle: the latest 'steer' event's way, or towards the finger
 * of the latest 'aim' event, as fast as a key would and never past it. Keys
 * win over a finger. (A system is built before its scene's entities: it
 * finds them once the scene is loaded.)
 */
class PaddleSystem extends SceneSystem {
  private readonly time: Time;
  private paddle: Entity | undefined;
  private court: Court = LANDSCAPE;
  private direction = 0;
  private aim: number | null = null;

  constructor({ time, events }: SceneSystemOptions) {
    super();
    this.time = time;
    events.addEventListener<number>(STEER, ({ payload }) => (this.direction = payload));
    events.addEventListener<number | null>(AIM, ({ payload }) => (this.aim = payload));
  }

  onSceneLoad(scene: Scene): void {
    this.paddle = scene.find('paddle');
    this.court = scene.find('court')!.get<Court>('size')!;
  }

  fixedUpdate(): void {
    const paddle = this.paddle!.transform;
    const step = PADDLE_SPEED * this.time.fixedDeltaTime; // how far a key takes it in one fixed step
    const move = this.direction !== 0 || this.aim === null ? this.direction * step : Math.max(-step, Math.min(step, this.aim - paddle.x));
    const half = PADDLE.width / 2;
    paddle.x = Math.min(this.court.width - half, Math.max(half, paddle.x + move));
  }
}

/**
 * Moves the ball: it waits above the paddle until served, then falls; it
 * bounces off the walls and the paddle, and waits again when it gets past.
 */
class BallSystem extends SceneSystem {
  private readonly time: Time;
  private ball: Entity | undefined;
  private paddle: Entity | undefined;
  private court: Court = LANDSCAPE;
  private served = false;

  constructor({ time, events }: SceneSystemOptions) {
    super();
    this.time = time;
    events.addEventListener(SERVE_BALL, () => (this.served = true));
  }

  onSceneLoad(scene: Scene): void {
    this.ball = scene.find('ball');
    this.paddle = scene.find('paddle');
    this.court = scene.find('court')!.get<Court>('size')!;
  }

  fixedUpdate(): void {
    const ball = this.ball!;
    const at = ball.transform;
    const velocity = ball.get<Velocity>('velocity')!;
    const rally = ball.get<Rally>('rally')!;
    const paddle = this.paddle!.transform;
    if (!rally.inPlay) {
      if (!this.served) {
        at.x = paddle.x; // waiting: it hangs above the paddle, so the serve falls onto it
        return;
      }
      rally.inPlay = true;
      Object.assign(velocity, { x: 0, y: SERVE.speed });
    }
    const step = this.time.fixedDeltaTime;
    at.x += velocity.x * step; // position += velocity * step
    at.y += velocity.y * step;
    if (at.x < BALL_RADIUS || at.x > this.court.width - BALL_RADIUS) velocity.x = -velocity.x;
    if (at.y < BALL_RADIUS) velocity.y = Math.abs(velocity.y);
    const offset = (at.x - paddle.x) / (PADDLE.width / 2); // -1 at the paddle's left end, 1 at its right
    const onPaddle = Math.abs(offset) < 1 + BALL_RADIUS / (PADDLE.width / 2) && Math.abs(at.y - paddle.y) < PADDLE.height / 2 + BALL_RADIUS;
    if (onPaddle && velocity.y > 0) {
      velocity.y = -velocity.y;
      velocity.x = Math.sign(offset || 1) * Math.max(BOUNCE.min, Math.min(1, Math.abs(offset)) * BOUNCE.max);
      rally.hits++;
    }
    if (at.y > this.court.height + BALL_RADIUS) {
      rally.misses++;
      rally.inPlay = false;
      this.served = false;
      ball.teleport(paddle.x, SERVE.y); // a jump, not drawn as a streak
    }
  }
}

export interface GameOptions {
  /** The court; {@link LANDSCAPE} by default. The backend's logical size must be the same. */
  court?: Court;
  /** Draws the entities with a `sprite`: `pixiSystemsBackend(...)` in the page; nothing by default. */
  backend?: SystemsBackend;
  /** Host ticks (timestamps in ms): the page's frames by default, a marble in a test. */
  ticks?: Subscribable<number>;
}

/** Builds the game: one scene, its three entities and its two systems. `play()` starts it. */
export function createGame({ court = LANDSCAPE, backend, ticks }: GameOptions = {}) {
  const paddleY = court.height - PADDLE.lift;
  return createSystemsEngine({
    backend,
    ticks,
    scenes: [
      {
        id: 'court',
        systems: [PaddleSystem, BallSystem],
        entities: [
          { id: 'court', transform: { x: 0, y: 0 }, components: { size: { ...court } satisfies Court } },
          {
            id: 'ball',
            transform: { x: court.width / 2, y: SERVE.y },
            components: {
              velocity: { x: 0, y: 0 } satisfies Velocity,
              rally: { hits: 0, misses: 0, inPlay: false } satisfies Rally,
              sprite: { shape: 'circle', radius: BALL_RADIUS, color: 0xff6347 },
            },
          },
          {
            id: 'paddle',
            transform: { x: court.width / 2, y: paddleY },
            components: { sprite: { shape: 'rect', width: PADDLE.width, height: PADDLE.height, color: 0x66ccff } },
          },
        ],
      },
    ],
    startSceneId: 'court',
  });
}
