import type { Actor } from './actor.js';

/** A rectangle in world units. */
export interface Bounds {
  readonly minX: number;
  readonly minY: number;
  readonly maxX: number;
  readonly maxY: number;
}

/**
 * Where the world is seen from: the world point at the centre of the view,
 * and a zoom (screen units per world unit). It can follow an actor and be
 * kept inside bounds. The engine updates it in step 10, after the world
 * settled and just before the picture is drawn.
 */
export class Camera {
  /** The world point at the centre of the view. */
  x = 0;
  y = 0;
  /** Screen (logical) units per world unit; defaults to 1. */
  zoom = 1;
  /** The actor to centre on, if any. */
  target: Actor<string> | undefined;
  /** Keep the view inside these world bounds, if set. */
  bounds: Bounds | undefined;

  /** Centres on `actor` from now on (`undefined` stops following). */
  follow(actor: Actor<string> | undefined): void {
    this.target = actor;
  }

  /**
   * Centres on the target (if alive), then clamps to the bounds for a view of
   * `viewWidth` × `viewHeight` logical units. A view larger than the bounds
   * is centred on them.
   */
  update(viewWidth: number, viewHeight: number): void {
    if (this.target?.alive) {
      this.x = this.target.x;
      this.y = this.target.y;
    }
    const b = this.bounds;
    if (b === undefined) return;
    const halfW = viewWidth / this.zoom / 2;
    const halfH = viewHeight / this.zoom / 2;
    this.x = b.maxX - b.minX <= 2 * halfW ? (b.minX + b.maxX) / 2 : Math.min(Math.max(this.x, b.minX + halfW), b.maxX - halfW);
    this.y = b.maxY - b.minY <= 2 * halfH ? (b.minY + b.maxY) / 2 : Math.min(Math.max(this.y, b.minY + halfH), b.maxY - halfH);
  }

  /** A world point to logical screen units, for a view of `viewWidth` × `viewHeight`. */
  worldToScreen(worldX: number, worldY: number, viewWidth: number, viewHeight: number): { x: number; y: number } {
    return { x: (worldX - this.x) * this.zoom + viewWidth / 2, y: (worldY - this.y) * this.zoom + viewHeight / 2 };
  }

  /** A logical screen point to world units, for a view of `viewWidth` × `viewHeight`. */
  screenToWorld(screenX: number, screenY: number, viewWidth: number, viewHeight: number): { x: number; y: number } {
    return { x: (screenX - viewWidth / 2) / this.zoom + this.x, y: (screenY - viewHeight / 2) / this.zoom + this.y };
  }
}
