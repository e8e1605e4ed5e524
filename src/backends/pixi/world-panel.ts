import type { WorldDiagnostics } from '../../engines/world/world-backend.js';
import { DEFAULT_OVERLAY_STYLE, drawDiagnosticsOverlay, drawPanel, OVERLAY_FONT, OVERLAY_PANEL_CSS, type OverlayStyle } from '../overlay.js';


/**
 * The world's line under the shared panel (the open level and how many
 * actors are alive), in CSS pixels from the surface's top-left corner.
 */
export const WORLD_PANEL_LINE_CSS = {
  /** The left edge, in CSS pixels: the panel's. */
  x: OVERLAY_PANEL_CSS.x,
  /** The top edge, in CSS pixels: 4 below the panel. */
  y: OVERLAY_PANEL_CSS.y + OVERLAY_PANEL_CSS.height + 4,
  /** The width, in CSS pixels: the panel's. */
  width: OVERLAY_PANEL_CSS.width,
  /** The height, in CSS pixels. */
  height: 20,
} as const;

/**
 * Draws the world engine's diagnostics panel: the panel every backend shares
 * (frame rate, frame count, declined ticks, the frame-time graph; see
 * `drawDiagnosticsOverlay`), and under it, in the same colours and font, a
 * line with the actor count and the open level's name (clipped to the
 * panel's width when the name is long).
 *
 * Like the shared panel it draws in CSS pixels scaled to device pixels,
 * whatever transform the context holds, and restores the context's state.
 *
 * @example
 * ```ts
 * drawWorldPanel(ctx, { fps: 60, frameTimesMs: [16.7], declinedTicks: 0, frameCount: 1, level: 'court', actorCount: 4 }, 2);
 * drawWorldPanel(ctx, diagnostics, 2, overlayStyle('myGame', { accent: '#ff66cc' })); // another accent
 * ```
 */
export function drawWorldPanel(
  ctx: CanvasRenderingContext2D,
  diagnostics: WorldDiagnostics,
  pixelRatio: number,
  style: OverlayStyle = DEFAULT_OVERLAY_STYLE,
): void {
  drawDiagnosticsOverlay(ctx, diagnostics, pixelRatio, style);
  const ratio = pixelRatio > 0 && Number.isFinite(pixelRatio) ? pixelRatio : 1;
  const { x, y, width, height } = WORLD_PANEL_LINE_CSS;
  ctx.save();
  ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
  ctx.globalCompositeOperation = 'source-over';
  drawPanel(ctx, x, y, width, height, style);
  ctx.beginPath();
  ctx.rect(x, y, width - 8, height);
  ctx.clip();
  ctx.fillStyle = style.ink;
  ctx.font = OVERLAY_FONT;
  ctx.textBaseline = 'top';
  ctx.textAlign = 'left';
  ctx.fillText(`actors ${diagnostics.actorCount}`, x + 8, y + 4);
  ctx.fillText(`level ${diagnostics.level}`, x + 88, y + 4);
  ctx.restore();
}
