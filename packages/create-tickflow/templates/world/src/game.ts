// The game's rules, apart from the page: a ship you steer collects drifting
// orbs. The world engine runs every frame in the same order (controllers,
// actors, timers, collisions, game mode, render), so the game schedules
// nothing. main.ts gives it a pixi.js backend; game.spec.ts a headless one.
import type { Observable } from 'rxjs';
import { circle, createInput, type Clock } from 'tickflow';
import { Actor, Controller, GameMode, createWorldEngine, type TickContext, type WorldBackend } from 'tickflow/world';

/** The game's logical size; the camera looks at (0, 0), the middle of the screen. */
export interface Field {
  readonly width: number;
  readonly height: number;
}
/** The field on a wide screen, and on a tall one (a phone held upright). */
export const LANDSCAPE: Field = { width: 960, height: 540 };
export const PORTRAIT: Field = { width: 540, height: 960 };
/** How fast the ship flies, with a key or towards a finger, in world units per second. */
export const SHIP_SPEED = 300;
/** Where orbs appear, in turn, as shares of the field's width and height from its middle. */
export const ORB_SPOTS = [
  { x: 0.23, y: -0.22 },
  { x: -0.27, y: 0.26 },
  { x: 0.33, y: 0.33 },
  { x: -0.16, y: -0.37 },
] as const;

export type Action = 'left' | 'right' | 'up' | 'down' | 'drag';

/** Where a point of the screen (CSS pixels of the game's element) is in the world: the engine's `screenToWorld`. */
export type ScreenToWorld = (x: number, y: number) => { x: number; y: number };

/** Wraps a coordinate into [-size / 2, size / 2): what leaves one edge comes back at the other. */
const wrap = (value: number, size: number) => ((((value + size / 2) % size) + size) % size) - size / 2;

/** The player's ship: flies where its controller drives it, and collects the orbs it touches. */
export class Ship extends Actor<Action> {
  override shape = circle(16);
  override visual = { kind: 'circle', radius: 16, color: 0x66ccff } as const;
  collected = 0;
  private readonly field: Field;

  constructor(field: Field) {
    super();
    this.field = field;
  }

  override tick(dt: number) {
    this.x = wrap(this.x + this.drive.x * SHIP_SPEED * dt, this.field.width);
    this.y = wrap(this.y + this.drive.y * SHIP_SPEED * dt, this.field.height);
  }

  override onOverlapBegin(other: Actor<Action>) {
    if (!(other instanceof Orb) || this.world === undefined) return;
    this.collected++;
    this.world.destroy(other); // it leaves at the end of the frame
    this.world.spawn(new Orb(this.field), orbSpot(this.field, this.collected));
  }
}

/** An orb: drifts on its own, so the picture moves before any key is pressed. */
export class Orb extends Actor<Action> {
  override shape = circle(10);
  override visual = { kind: 'circle', radius: 10, color: 0xffaa33 } as const;
  private readonly field: Field;

  constructor(field: Field) {
    super();
    this.field = field;
  }

  override tick(dt: number) {
    this.x = wrap(this.x + 60 * dt, this.field.width);
    this.y = wrap(this.y + 30 * dt, this.field.height);
  }
}

/** The n-th orb's spot on a field, in world units. */
export function orbSpot(field: Field, n: number) {
  const spot = ORB_SPOTS[n % ORB_SPOTS.length]!;
  return { x: spot.x * field.width, y: spot.y * field.height };
}

/**
 * Drives the possessed ship: the arrow keys (or WASD), or, while a finger
 * (or the mouse button) is held on the field, towards it, as fast as a key
 * would and never past it. Keys win over a finger.
 */
class Pilot extends Controller<Action> {
  private readonly toWorld: ScreenToWorld;

  constructor(toWorld: ScreenToWorld) {
    super();
    this.toWorld = toWorld;
  }

  override tick(dt: number, { input }: TickContext<Action>) {
    const ship = this.pawn;
    if (!ship) return;
    ship.drive.x = input.axis('left', 'right');
    ship.drive.y = input.axis('up', 'down');
    if (ship.drive.x !== 0 || ship.drive.y !== 0 || !input.held('drag') || !(dt > 0)) return;
    const target = this.toWorld(input.pointer.x, input.pointer.y);
    const gapX = target.x - ship.x;
    const gapY = target.y - ship.y;
    const distance = Math.hypot(gapX, gapY);
    if (distance === 0) return;
    const step = SHIP_SPEED * dt; // how far full drive takes it in this frame
    const share = Math.min(step, distance) / step; // full drive, or the share that stops it on the finger
    ship.drive.x = (gapX / distance) * share;
    ship.drive.y = (gapY / distance) * share;
  }
}

export interface GameOptions {
  /** Draws the world: `pixiBackend(...)` in the page, `nullBackend()` in a test. */
  backend: WorldBackend;
  /** The field; {@link LANDSCAPE} by default. The backend's logical size must be the same. */
  field?: Field;
  /** Host ticks; the page's frames by default, a marble in a test. */
  ticks?: Observable<number>;
  /** What each tick is worth: the wall clock by default; tests use `constantClock(1000 / 60)`. */
  clock?: Clock;
  /** Where keys are read: `window` in the page. Tests leave it out and call `engine.input.press('ArrowRight')`. */
  keyboardTarget?: EventTarget;
  /** Where a finger (or the mouse) is read: the game's element in the page. Tests call `engine.input.movePointer(x, y)` and `press('Pointer0')`. */
  pointerTarget?: EventTarget;
}

/** Builds the game: one level, a ship, a pilot and the first orb. */
export function createGame({ backend, field = LANDSCAPE, ticks, clock, keyboardTarget, pointerTarget }: GameOptions) {
  const engine = createWorldEngine<Action>({
    backend,
    ticks,
    clock,
    input: createInput({
      bindings: { left: ['ArrowLeft', 'KeyA'], right: ['ArrowRight', 'KeyD'], up: ['ArrowUp', 'KeyW'], down: ['ArrowDown', 'KeyS'], drag: ['Pointer0'] },
      keyboardTarget,
      pointerTarget,
    }),
    levels: {
      space: (world) => {
        const ship = world.spawn(new Ship(field), { x: 0, y: 0 });
        world.addController(new Pilot((x, y) => engine.screenToWorld(x, y))).possess(ship);
        world.spawn(new Orb(field), orbSpot(field, 0));
        world.gameMode = new GameMode();
      },
    },
    startLevel: 'space',
  });
  return engine;
}
