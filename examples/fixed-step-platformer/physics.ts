import { SceneSystem, type Entity, type SceneSystemOptions } from 'tickflow/systems';
import type { GameState } from './game-state.js';
import type { Level, Solid } from './levels.js';
import {
  DROP_HEIGHT,
  DROP_SPEED,
  FALL_OUT_Y,
  GRAVITY,
  JUMP_SPEED,
  LOGICAL_WIDTH,
  MAX_FALL_SPEED,
  PLAYER_HEIGHT,
  PLAYER_WIDTH,
  RUN_SPEED,
} from './tuning.js';

/** The player's body component. */
export interface Body {
  vx: number;
  vy: number;
  grounded: boolean;
  /** Where the current jump started (y), and the highest it got (smallest y). */
  jumpFromY: number;
  jumpTopY: number;
  jumping: boolean;
}

const HALF_W = PLAYER_WIDTH / 2;
const HALF_H = PLAYER_HEIGHT / 2;

/**
 * The level's physics, a scene system: run, jump, gravity and collisions
 * against the level's solids.
 *
 * It integrates in `fixedUpdate` by `fixedDeltaTime` (the fixed step), or,
 * with the page's toggle on "per frame", in `update` by `deltaTime`. The
 * collision test is deliberately the plain one most games start with: move,
 * then test the new position for overlap. On the fixed step no move is
 * longer than one 20 ms step (at most 22 px down), so the 54 px window of a
 * 14 px ledge under a 40 px player is always hit. Per frame, one long frame
 * moves the player in one go (900 px/s for 250 ms is 225 px): no position
 * is ever tested inside the ledge, and the player falls through it, which is
 * what the seed describes.
 */
export function physicsSystem(level: Level, state: GameState) {
  return class LevelPhysics extends SceneSystem {
    private readonly options: SceneSystemOptions;
    private player: Entity | undefined;
    private leaving = false;

    constructor(options: SceneSystemOptions) {
      super();
      this.options = options;
      options.events.addEventListener('drop-test', () => this.startDropTest());
    }

    onSceneEnter(): void {
      state.level = level;
      this.player = this.options.scene.find('player');
    }

    /** Whether the level is being left (the goal reached, the next scene loading), for `engine.save()`. */
    saveState(): { leaving: boolean } {
      return { leaving: this.leaving };
    }

    /** After a restore the player may be another object (built again): found afresh. */
    restoreState(saved: { leaving: boolean }): void {
      this.leaving = saved.leaving;
      this.player = this.options.scene.find('player');
    }

    fixedUpdate(): void {
      if (state.mode === 'fixed') this.step(this.options.time.fixedDeltaTime);
    }

    update(): void {
      if (state.mode === 'frame') this.step(this.options.time.deltaTime);
    }

    /** Puts the player just above the ledge, falling fast (the page stalls the display for the next frame). */
    private startDropTest(): void {
      const player = this.player;
      const ledge = level.solids.find((s) => s.ledge);
      if (player === undefined || ledge === undefined) return;
      player.teleport(ledge.x + ledge.width / 2, ledge.y - DROP_HEIGHT - HALF_H);
      const body = player.get<Body>('body')!;
      Object.assign(body, { vx: 0, vy: DROP_SPEED, grounded: false, jumping: false });
      state.dropping = true;
      state.dropResult = undefined;
      state.dropMode = state.mode;
    }

    private step(dt: number): void {
      const player = this.player;
      if (player === undefined || dt <= 0) return;
      const body = player.get<Body>('body')!;
      const t = player.transform;
      const { input } = state;
      body.vx = state.dropping ? 0 : ((input.right ? 1 : 0) - (input.left ? 1 : 0)) * RUN_SPEED;
      if (input.jumpPressed && body.grounded && !state.dropping) {
        body.vy = -JUMP_SPEED;
        body.grounded = false;
        body.jumping = true;
        body.jumpFromY = t.y;
        body.jumpTopY = t.y;
      }
      input.jumpPressed = false;
      body.vy = Math.min(body.vy + GRAVITY * dt, MAX_FALL_SPEED);

      t.x = Math.min(Math.max(t.x + body.vx * dt, HALF_W), LOGICAL_WIDTH - HALF_W);
      for (const solid of level.solids) {
        if (!overlaps(t.x, t.y, solid)) continue;
        t.x = body.vx > 0 ? solid.x - HALF_W : solid.x + solid.width + HALF_W;
      }

      t.y += body.vy * dt;
      body.grounded = false;
      for (const solid of level.solids) {
        if (!overlaps(t.x, t.y, solid)) continue;
        if (body.vy > 0) {
          t.y = solid.y - HALF_H;
          body.grounded = true;
          this.landed(body, solid);
        } else {
          t.y = solid.y + solid.height + HALF_H;
        }
        body.vy = 0;
      }
      if (body.jumping) body.jumpTopY = Math.min(body.jumpTopY, t.y);

      if (t.y > FALL_OUT_Y) this.fellOut(player, body);
      else if (!this.leaving && this.atGoal(t.x, t.y)) {
        this.leaving = true;
        state.levelsCleared++;
        void this.options.engine.loadScene(level.next);
      }
    }

    private landed(body: Body, solid: Solid): void {
      if (body.jumping) {
        body.jumping = false;
        state.lastJumpApex = body.jumpFromY - body.jumpTopY;
      }
      if (state.dropping) {
        state.dropping = false;
        state.drops++;
        state.dropResult = solid.ledge ? 'landed on the ledge' : 'fell through the ledge';
      }
    }

    private fellOut(player: Entity, body: Body): void {
      state.falls++;
      if (state.dropping) {
        state.dropping = false;
        state.drops++;
        state.dropResult = 'fell through the ledge';
      }
      player.teleport(level.start.x, level.start.y);
      Object.assign(body, { vx: 0, vy: 0, grounded: false, jumping: false });
    }

    private atGoal(x: number, y: number): boolean {
      return Math.abs(x - level.goal.x) < 12 + HALF_W && Math.abs(y - level.goal.y) < 40 + HALF_H;
    }
  };
}

/** Whether the player's box centred at (x, y) overlaps a solid (touching edges do not count). */
function overlaps(x: number, y: number, solid: Solid): boolean {
  return x + HALF_W > solid.x && x - HALF_W < solid.x + solid.width && y + HALF_H > solid.y && y - HALF_H < solid.y + solid.height;
}
