import type { Diagnostics } from '../engines/state/state-backend.js';

/**
 * The overlay panel's fill: a bright green no game palette is likely to use,
 * so a screenshot test can tell the overlay from the picture by colour alone.
 */
export const OVERLAY_PANEL_COLOR = '#00ff66';

/** The overlay's ink (text, graph bars): a dark green that reads on the panel. */
export const OVERLAY_INK_COLOR = '#03361a';

/** The overlay's font (CSS px, monospace so the numbers do not jump). */
export const OVERLAY_FONT = 'bold 12px ui-monospace, Menlo, Consolas, monospace';

/** The frame time a full-height bar of the graph stands for (two frames at 60 Hz). */
export const OVERLAY_GRAPH_MAX_MS = 1000 / 30;

/** Where the panel sits and how big it is, in CSS pixels from the surface's top-left corner. */
export const OVERLAY_PANEL_CSS = { x: 8, y: 8, width: 240, height: 84 } as const;

/** The panel's rectangle in device pixels, for a surface at `pixelRatio` device pixels per CSS pixel. */
export function overlayPanelRect(pixelRatio: number): { x: number; y: number; width: number; height: number } {
  const { x, y, width, height } = OVERLAY_PANEL_CSS;
  return {
    x: Math.round(x * pixelRatio),
    y: Math.round(y * pixelRatio),
    width: Math.round(width * pixelRatio),
    height: Math.round(height * pixelRatio),
  };
}

/**
 * Draws the diagnostics overlay (step 9 of the state engine's frame): a
 * panel in the surface's top-left corner with the frame rate, the frame
 * count, the ticks the clock declined, and a graph of the recent frame times
 * with a line at 60 Hz.
 *
 * The overlay draws in device space: whatever transform the game left on
 * the context, the panel keeps its size in CSS pixels and its corner, so it
 * reads the same at any logical resolution. It saves and restores the
 * context's state, so the game's next frame inherits nothing from it.
 *
 * Shared by the drawing backends (three.js, pixi.js), which call it on their
 * screen layer after the recorder captured the frame, so no recording holds
 * it.
 *
 * @example
 * ```ts
 * drawDiagnosticsOverlay(screenLayer, { fps: 60, frameTimesMs: [16.7, 16.6], declinedTicks: 0, frameCount: 2 }, devicePixelRatio);
 * ```
 *
 * @param ctx The screen layer's 2D context.
 * @param diagnostics What to show (the state engine's frame statistics).
 * @param pixelRatio Device pixels per CSS pixel.
 */
export function drawDiagnosticsOverlay(ctx: CanvasRenderingContext2D, diagnostics: Diagnostics, pixelRatio: number): void {
  const ratio = pixelRatio > 0 && Number.isFinite(pixelRatio) ? pixelRatio : 1;
  const { fps, frameTimesMs, declinedTicks, frameCount } = diagnostics;
  const { x, y, width, height } = OVERLAY_PANEL_CSS;
  ctx.save();
  // Device space scaled to CSS pixels: the panel's layout is written once, in CSS pixels.
  ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
  ctx.globalAlpha = 1;
  ctx.globalCompositeOperation = 'source-over';
  ctx.fillStyle = OVERLAY_PANEL_COLOR;
  ctx.fillRect(x, y, width, height);

  ctx.fillStyle = OVERLAY_INK_COLOR;
  ctx.font = OVERLAY_FONT;
  ctx.textBaseline = 'top';
  ctx.textAlign = 'left';
  ctx.fillText(`${fps.toFixed(1)} fps`, x + 8, y + 6);
  ctx.fillText(`frame ${frameCount}`, x + 88, y + 6);
  ctx.fillText(`declined ${declinedTicks}`, x + 8, y + 22);

  // The frame-time graph: one bar per recent frame, newest on the right.
  const graph = { x: x + 8, y: y + 40, width: width - 16, height: height - 48 };
  const bars = Math.min(frameTimesMs.length, graph.width);
  const barWidth = bars > 0 ? graph.width / bars : 0;
  for (let i = 0; i < bars; i++) {
    const ms = frameTimesMs[frameTimesMs.length - bars + i]!;
    const barHeight = Math.min(1, Math.max(0, ms) / OVERLAY_GRAPH_MAX_MS) * graph.height;
    ctx.fillRect(graph.x + i * barWidth, graph.y + graph.height - barHeight, Math.max(1, barWidth - 1), barHeight);
  }
  // The 60 Hz line: bars above it are frames slower than 16.7 ms.
  const line = graph.y + graph.height - ((1000 / 60) / OVERLAY_GRAPH_MAX_MS) * graph.height;
  ctx.fillRect(graph.x, Math.round(line), graph.width, 1);
  ctx.restore();
}
