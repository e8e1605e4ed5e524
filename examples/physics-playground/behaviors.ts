// Physics Playground: the behaviors the scene documents name ("player",
// "camera", "spawner", "despawn") and one the spawner adds ("patrol"). Each
// is a factory: the state it keeps lives in the closure of the object it
// returns, and goes into the runtime's snapshots through its save()/restore()
// pair (runtime.save(): a recording that starts mid-game, a replay's seek).
import type { Behavior, BehaviorFactory, BehaviorGame, CollisionInfo, EntityHandle } from 'tickflow/runtime';

/** The player's running speed, metres per second: assigned as a velocity, never multiplied by delta. */
export const PLAYER_SPEED_MPS = 5;
/** The vertical velocity a jump assigns, metres per second (about 1.3 m high under 9.81 m/s²). */
export const JUMP_SPEED_MPS = 5;
/** A contact whose normal (player → other) points down at least this much is ground under the player. */
export const GROUND_NORMAL_Y = -0.5;
/** Seconds between two spawned balls. */
export const SPAWN_INTERVAL_SECONDS = 1;
/** Seconds a spawned ball lives before "despawn" destroys it. */
export const DESPAWN_AFTER_SECONDS = 3.5;
/** The patrolling nozzle's speed along x, metres per second: its displacement each tick is this × delta. */
export const PATROL_SPEED_MPS = 2.5;
/** How far either side of where it started the nozzle patrols, metres. */
export const PATROL_HALF_WIDTH_M = 4;

/** How far below the spawner's point its nozzle patrols, metres. */
export const NOZZLE_DROP_M = 2;

/** What the camera follows: the player's presented pose (smooth), or its raw simulation pose (judders). */
export type FollowMode = 'presentation' | 'transform';

/** The page's switches the behaviors read. */
export interface PlaygroundControls {
  follow: FollowMode;
}

/**
 * "player": a capsule whose horizontal velocity is assigned from the held
 * axes ("A velocity is metres per second: assign it directly"), and which
 * jumps on the jump edge in fixedUpdate (the tick's input: one press, one
 * jump, however many ticks a frame runs) when standing on something.
 */
export const player: BehaviorFactory = () => {
  const velocity = new Float64Array(3);
  // Handles of what the player stands on (a begin with a downward normal, until its end).
  const ground = new Set<EntityHandle>();
  return {
    fixedUpdate(game, self) {
      const input = game.input();
      game.velocity(self, velocity);
      let vy = velocity[1]!;
      if (input.jump && ground.size > 0) {
        vy = JUMP_SPEED_MPS;
        ground.clear();
      }
      // Up (W, ↑) runs away from the camera: -z.
      game.setVelocity(self, input.horizontal * PLAYER_SPEED_MPS, vy, -input.vertical * PLAYER_SPEED_MPS);
    },
    onCollision(_game, _self, collision: CollisionInfo) {
      if (collision.sensor) return;
      if (collision.kind === 'end') ground.delete(collision.other);
      else if (collision.hasContact && collision.normal[1]! < GROUND_NORMAL_Y) ground.add(collision.other);
    },
    save: () => [...ground],
    restore(data) {
      ground.clear();
      for (const handle of data as EntityHandle[]) ground.add(handle);
    },
  } satisfies Behavior;
};

/**
 * "patrol": a non-physical nozzle moved by a displacement computed by hand,
 * speed × delta, with setTransform in fixedUpdate ("A manually calculated
 * displacement is speed multiplied by delta"), turning back at either end.
 */
export const patrol: BehaviorFactory = () => {
  const position = new Float64Array(3);
  let home = 0;
  let direction = 1;
  return {
    onStart(game, self) {
      home = game.transform(self).position[0]!;
    },
    fixedUpdate(g, me, delta) {
      position.set(g.transform(me).position);
      position[0] = position[0]! + direction * PATROL_SPEED_MPS * delta;
      if (Math.abs(position[0]! - home) > PATROL_HALF_WIDTH_M) direction = -direction;
      g.setTransform(me, { position });
    },
    save: () => ({ home, direction }),
    restore(data) {
      ({ home, direction } = data as { home: number; direction: number });
    },
  };
};

/**
 * "spawner": on start, spawns its patrolling nozzle; then every
 * {@link SPAWN_INTERVAL_SECONDS} spawns a ball with a dynamic body under the
 * nozzle, which "despawn" destroys after {@link DESPAWN_AFTER_SECONDS}.
 */
export const spawner: BehaviorFactory = () => {
  let nozzle: EntityHandle = 0;
  let sinceSeconds = 0;
  let count = 0;
  return {
    onStart(game, self) {
      const p = game.transform(self).position;
      nozzle = game.spawn({
        name: `${game.nameOf(self)}-nozzle`,
        // Below the spawner's point, so the camera sees it.
        position: [p[0]!, p[1]! - NOZZLE_DROP_M, p[2]!],
        behaviors: ['patrol'],
        visual: { shape: 'box', color: '#e85d75', size: [0.8, 0.3, 0.8] },
        tags: ['nozzle'],
      });
    },
    fixedUpdate(game, self, delta) {
      sinceSeconds += delta;
      if (sinceSeconds < SPAWN_INTERVAL_SECONDS || !game.valid(nozzle)) return;
      sinceSeconds -= SPAWN_INTERVAL_SECONDS;
      const p = game.transform(nozzle).position;
      count++;
      game.spawn({
        name: `${game.nameOf(self)}-ball-${count}`,
        position: [p[0]!, p[1]! - 0.6, p[2]!],
        body: { ccd: true, colliders: [{ shape: 'ball', radius: 0.3, density: 2, friction: 0.4, restitution: 0.6 }] },
        behaviors: ['despawn'],
        visual: { shape: 'ball', color: count % 2 === 0 ? '#f2994e' : '#4ec3f2' },
        tags: ['ball', 'spawned'],
      });
    },
    save: () => ({ nozzle, sinceSeconds, count }),
    restore(data) {
      ({ nozzle, sinceSeconds, count } = data as { nozzle: EntityHandle; sinceSeconds: number; count: number });
    },
  };
};

/** "despawn": destroys its object {@link DESPAWN_AFTER_SECONDS} of simulation after it started. */
export const despawn: BehaviorFactory = () => {
  let ageSeconds = 0;
  return {
    fixedUpdate(game, self, delta) {
      ageSeconds += delta;
      if (ageSeconds >= DESPAWN_AFTER_SECONDS) game.destroyObject(self);
    },
    save: () => ageSeconds,
    restore(data) {
      ageSeconds = data as number;
    },
  };
};

/**
 * "camera": keeps its offset from the player, following the player's
 * presented pose in lateUpdate ("Use presentation(target) in lateUpdate when
 * a camera follows a physical object") and setting its own with
 * setPresentation. With `controls.follow === 'transform'` it follows the
 * discrete simulation pose instead, and the picture judders.
 */
export function cameraBehavior(controls: PlaygroundControls): BehaviorFactory {
  return (game: BehaviorGame, self: EntityHandle) => {
    const offset = new Float64Array(3);
    const position = new Float64Array(3);
    let target: EntityHandle = 0;
    const aim = () => {
      target = game.find('player') ?? 0;
      if (target === 0) return;
      const from = game.transform(self).position;
      const to = game.transform(target).position;
      for (let i = 0; i < 3; i++) offset[i] = from[i]! - to[i]!;
    };
    return {
      onStart: aim,
      lateUpdate(g, me) {
        if (!g.valid(target)) return;
        const followed = controls.follow === 'presentation' ? g.presentation(target) : g.transform(target);
        const p = followed.position;
        for (let i = 0; i < 3; i++) position[i] = p[i]! + offset[i]!;
        g.setPresentation(me, { position });
      },
      // The offset is taken in onStart, which a restore does not run again.
      save: () => ({ target, offset: [...offset] }),
      restore(data) {
        const saved = data as { target: EntityHandle; offset: number[] };
        target = saved.target;
        offset.set(saved.offset);
      },
    };
  };
}
