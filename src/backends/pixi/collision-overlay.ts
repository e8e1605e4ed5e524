import type { Actor } from '../../engines/world/world.js';
import type { Camera } from '../../engines/world/camera.js';
import type { Viewport } from '../../engines/viewport.js';
import { OVERLAY_ACCENT_COLOR } from '../overlay.js';

/**
 * The collision outlines' colour unless told otherwise (`overlayStyle.outline`):
 * the overlay's accent, so everything the debug overlay draws reads as one
 * layer, apart from any game palette.
 */
export const COLLISION_OUTLINE_COLOR = OVERLAY_ACCENT_COLOR;

/** How wide an outline is on screen, in CSS pixels, whatever the zoom. */
export const COLLISION_OUTLINE_CSS_WIDTH = 1.5;

/**
 * Draws the collision shape of every live actor that has one, as an outline
 * in world space: through the fit this frame renders through and the
 * camera, so each outline lies over what the collision pass tests.
 *
 * Shapes are drawn as the collision pass sees them: circles and
 * axis-aligned boxes centred on the actor's position, never rotated (an
 * actor's rotation turns its visual, not its collider). Outlines are clipped
 * to the letterboxed area, so none strays into the bars.
 *
 * The context is used in device pixels; its state is saved and restored.
 *
 * @example
 * ```ts
 * drawCollisionShapes(overlayContext, scene.actors, scene.camera, scene.viewport);
 * ```
 */
export function drawCollisionShapes(
  ctx: CanvasRenderingContext2D,
  actors: readonly Actor<string>[],
  camera: Camera,
  viewport: Viewport,
  color: string = COLLISION_OUTLINE_COLOR,
): void {
  const { x, y, width, height, scale, pixelRatio, logicalWidth, logicalHeight } = viewport;
  const zoom = camera.zoom;
  // device = world * scale * zoom + offset: the logical fit composed with Camera.worldToScreen.
  const s = scale * zoom;
  if (!(s > 0) || !Number.isFinite(s)) return;
  const offsetX = x + scale * (logicalWidth / 2 - camera.x * zoom);
  const offsetY = y + scale * (logicalHeight / 2 - camera.y * zoom);
  ctx.save();
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  ctx.beginPath();
  ctx.rect(x, y, width, height);
  ctx.clip();
  ctx.setTransform(s, 0, 0, s, offsetX, offsetY);
  ctx.globalAlpha = 1;
  ctx.globalCompositeOperation = 'source-over';
  ctx.strokeStyle = color;
  ctx.lineWidth = (COLLISION_OUTLINE_CSS_WIDTH * pixelRatio) / s;
  ctx.beginPath();
  for (let i = 0; i < actors.length; i++) {
    const actor = actors[i]!;
    const shape = actor.shape;
    if (shape === undefined || !actor.alive) continue;
    if (shape.kind === 'circle') {
      ctx.moveTo(actor.x + shape.radius, actor.y);
      ctx.arc(actor.x, actor.y, shape.radius, 0, 2 * Math.PI);
    } else {
      ctx.rect(actor.x - shape.width / 2, actor.y - shape.height / 2, shape.width, shape.height);
    }
  }
  ctx.stroke();
  ctx.restore();
}
