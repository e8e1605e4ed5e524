// The game's rules, apart from the page: a ship you steer collects drifting
// orbs. The world engine runs every frame in the same order (controllers,
// actors, timers, collisions, game mode, render), so the game schedules
// nothing. main.ts gives it a pixi.js backend; game.spec.ts a headless one.
import type { Observable } from 'rxjs';
import { circle, createInput, type Clock } from 'tickflow';
import { Actor, Controller, GameMode, createWorldEngine, type TickContext, type WorldBackend } from 'tickflow/world';

/** The game's logical size; the camera looks at (0, 0), the middle of the screen. */
export const WIDTH = 960;
export const HEIGHT = 540;
/** How fast the ship flies while a key is held, in world units per second. */
export const SHIP_SPEED = 300;
/** Where orbs appear, in turn. */
export const ORB_SPOTS = [
  { x: 220, y: -120 },
  { x: -260, y: 140 },
  { x: 320, y: 180 },
  { x: -150, y: -200 },
] as const;

export type Action = 'left' | 'right' | 'up' | 'down';

/** Wraps a coordinate into [-size / 2, size / 2): what leaves one edge comes back at the other. */
const wrap = (value: number, size: number) => ((((value + size / 2) % size) + size) % size) - size / 2;

/** The player's ship: flies where its controller drives it, and collects the orbs it touches. */
export class Ship extends Actor<Action> {
  override shape = circle(16);
  override visual = { kind: 'circle', radius: 16, color: 0x66ccff } as const;
  collected = 0;

  override tick(dt: number) {
    this.x = wrap(this.x + this.drive.x * SHIP_SPEED * dt, WIDTH);
    this.y = wrap(this.y + this.drive.y * SHIP_SPEED * dt, HEIGHT);
  }

  override onOverlapBegin(other: Actor<Action>) {
    if (!(other instanceof Orb) || this.world === undefined) return;
    this.collected++;
    this.world.destroy(other); // it leaves at the end of the frame
    this.world.spawn(new Orb(), ORB_SPOTS[this.collected % ORB_SPOTS.length]);
  }
}

/** An orb: drifts on its own, so the picture moves before any key is pressed. */
export class Orb extends Actor<Action> {
  override shape = circle(10);
  override visual = { kind: 'circle', radius: 10, color: 0xffaa33 } as const;

  override tick(dt: number) {
    this.x = wrap(this.x + 60 * dt, WIDTH);
    this.y = wrap(this.y + 30 * dt, HEIGHT);
  }
}

/** The arrow keys (or WASD) drive the possessed ship. */
class Pilot extends Controller<Action> {
  override tick(_dt: number, { input }: TickContext<Action>) {
    if (!this.pawn) return;
    this.pawn.drive.x = input.axis('left', 'right');
    this.pawn.drive.y = input.axis('up', 'down');
  }
}

/** The score, drawn as text in the top-left corner; a new visual only when it changes. */
class Score extends Actor<Action> {
  private readonly ship: Ship;
  constructor(ship: Ship) {
    super();
    this.ship = ship;
  }
  override tick() {
    const text = `orbs ${this.ship.collected}`;
    if (this.visual?.kind !== 'text' || this.visual.text !== text) this.visual = { kind: 'text', text, size: 24, color: 0xd8dee9, align: 'left' };
  }
}

export interface GameOptions {
  /** Draws the world: `pixiBackend(...)` in the page, `nullBackend()` in a test. */
  backend: WorldBackend;
  /** Host ticks; the page's frames by default, a marble in a test. */
  ticks?: Observable<number>;
  /** What each tick is worth: the wall clock by default; tests use `constantClock(1000 / 60)`. */
  clock?: Clock;
  /** Where keys are read: `window` in the page. Tests leave it out and call `engine.input.press('ArrowRight')`. */
  keyboardTarget?: EventTarget;
}

/** Builds the game: one level, a ship, a pilot, the first orb and the score. */
export function createGame({ backend, ticks, clock, keyboardTarget }: GameOptions) {
  return createWorldEngine<Action>({
    backend,
    ticks,
    clock,
    input: createInput({
      bindings: { left: ['ArrowLeft', 'KeyA'], right: ['ArrowRight', 'KeyD'], up: ['ArrowUp', 'KeyW'], down: ['ArrowDown', 'KeyS'] },
      keyboardTarget,
    }),
    levels: {
      space: (world) => {
        const ship = world.spawn(new Ship(), { x: 0, y: 0 });
        world.addController(new Pilot()).possess(ship);
        world.spawn(new Orb(), ORB_SPOTS[0]);
        world.spawn(new Score(ship), { x: -WIDTH / 2 + 24, y: -HEIGHT / 2 + 30 });
        world.gameMode = new GameMode();
      },
    },
    startLevel: 'space',
  });
}
