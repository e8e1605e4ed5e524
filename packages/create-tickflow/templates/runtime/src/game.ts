// The game's rules, apart from the page: a scene document (the objects, in
// metres and seconds, y up) and the behaviors it names. The runtime steps
// physics on a fixed tick (1/60 s), makes and removes objects only between
// ticks, and presents each object between its last two simulated poses.
// main.ts draws it with three.js; game.spec.ts runs it headless.
import type { Observable } from 'rxjs';
import type { Clock } from 'tickflow';
import { createRuntime, type BehaviorFactory, type PhysicsAdapter, type RuntimeBackend } from 'tickflow/runtime';

/** How fast the player runs, in metres per second: a velocity is assigned, never multiplied by delta. */
export const RUN_SPEED = 4;
/** The upward velocity a jump assigns, in metres per second. */
export const JUMP_SPEED = 5;
/** Seconds between two balls, and how long each lives. */
export const DROP_EVERY = 1;
export const BALL_LIFETIME = 4;
/** Where the balls fall, in turn: x and z on the ground, in metres. */
export const DROP_SPOTS = [
  [0, 0],
  [2, -1],
  [-2, -2],
  [1, 2],
  [-3, 1],
  [3, -3],
] as const;
/** Where the player starts, and comes back to after falling off the ground. */
export const PLAYER_START = [0, 1, 2] as const;

/** The scene document: plain JSON (it could live in a .json file). The object named "camera" is the view. */
export const SCENE = {
  objects: [
    { name: 'ground', position: [0, -0.5, 0], body: { kind: 'fixed', colliders: [{ shape: 'box', half_extents: [6, 0.5, 6] }] }, visual: { shape: 'box', color: '#3d4f45' } },
    { name: 'player', position: [...PLAYER_START], body: { lock_rotations: true, colliders: [{ shape: 'capsule', radius: 0.4, half_height: 0.5 }] }, visual: { shape: 'capsule', color: '#f2c14e' }, behaviors: ['player'] },
    { name: 'dropper', position: [0, 4, 0], behaviors: ['dropper'] },
    // Tilted 25° down (a unit quaternion [x, y, z, w]).
    { name: 'camera', position: [0, 5, 10], rotation: [-0.216439614, 0, 0, 0.976296007], behaviors: ['camera'] },
  ],
};

/** What the page shows: the balls the player caught. */
export interface Score {
  caught: number;
}

/**
 * The arrows (or WASD, or the touch pad's buttons) run, Space (or Jump)
 * jumps: the tick's input, in fixedUpdate. A ball the player touches is
 * caught; off the ground, the player starts again.
 */
const player =
  (score: Score): BehaviorFactory =>
  () => {
    const velocity = new Float64Array(3);
    return {
      fixedUpdate(game, self) {
        if (game.transform(self).position[1]! < -5) {
          game.teleport(self, { position: PLAYER_START });
          game.setVelocity(self, 0, 0, 0);
          return;
        }
        const { horizontal, vertical, jump } = game.input();
        game.velocity(self, velocity);
        game.setVelocity(self, horizontal * RUN_SPEED, jump ? JUMP_SPEED : velocity[1]!, -vertical * RUN_SPEED);
      },
      onCollision(game, _self, { kind, other }) {
        if (kind !== 'begin' || !game.valid(other) || !game.hasTag(other, 'ball')) return;
        score.caught++;
        game.destroyObject(other); // it goes at the next tick's barrier
      },
    };
  };

/** Drops a ball at once, then every second, at each spot in turn. A spawn (like a destroy) waits for the next tick's barrier. */
const dropper: BehaviorFactory = () => {
  let sinceSeconds = DROP_EVERY;
  let count = 0;
  return {
    fixedUpdate(game, self, delta) {
      sinceSeconds += delta;
      if (sinceSeconds < DROP_EVERY) return;
      sinceSeconds -= DROP_EVERY;
      const [x, z] = DROP_SPOTS[count % DROP_SPOTS.length]!;
      count++;
      game.spawn({
        name: `ball-${count}`,
        position: [x, game.transform(self).position[1]!, z],
        body: { colliders: [{ shape: 'ball', radius: 0.3, restitution: 0.6 }] },
        visual: { shape: 'ball', color: '#4ea3f2' },
        behaviors: ['expire'],
        tags: ['ball'],
      });
    },
  };
};

/** Destroys its object when its time is up. */
const expire: BehaviorFactory = () => {
  let ageSeconds = 0;
  return {
    fixedUpdate(game, self, delta) {
      ageSeconds += delta;
      if (ageSeconds >= BALL_LIFETIME) game.destroyObject(self);
    },
  };
};

/** Follows the player's presented pose (smooth), after the frame's ticks: all the way in depth, half-way sideways, so the run shows. */
const camera: BehaviorFactory = () => ({
  lateUpdate(game, self) {
    const target = game.find('player');
    if (target === undefined) return;
    const p = game.presentation(target).position;
    game.setPresentation(self, { position: [p[0]! / 2, 5, p[2]! + 8] });
  },
});

export interface GameOptions {
  /** The physics world: `await createRapier3d()`. The runtime owns it from here. */
  physics: PhysicsAdapter;
  /** Draws each frame: `threeRuntimeBackend(...)` in the page; nothing by default. */
  backend?: RuntimeBackend;
  /** Host ticks: the page's frames by default, a marble in a test. */
  ticks?: Observable<number>;
  /** What each tick is worth: the wall clock by default; tests use `constantClock(1000 / 60)`. */
  clock?: Clock;
  /** Where keys are read: `window` in the page. Tests leave it out and call `runtime.press('ArrowRight')`. */
  keyboardTarget?: EventTarget;
}

/** Builds the game: the scene, its behaviors, the keys (P pauses, N steps one tick). `runtime.start()` runs it. */
export function createGame({ physics, backend, ticks, clock, keyboardTarget }: GameOptions) {
  const score: Score = { caught: 0 };
  const runtime = createRuntime({
    scene: SCENE,
    physics,
    backend,
    ticks,
    clock,
    behaviors: { player: player(score), dropper, expire, camera },
    input: { target: keyboardTarget },
  });
  return { runtime, score };
}
