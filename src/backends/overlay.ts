import type { Diagnostics } from '../engines/state/state-backend.js';

import { OptionError } from '../../operators/option-error.js';
import { checkOptionKeys } from '../../operators/validate.js';

/**
 * How the debug overlay looks. Every colour is a CSS colour string.
 *
 * The defaults ({@link DEFAULT_OVERLAY_STYLE}) are a dark, slightly
 * see-through panel with light text, and one accent (the frame-time graph,
 * the 60 Hz line, the panel's edge, the collision outlines) in a bright green
 * no game palette is likely to use, so a screenshot test can still tell the
 * overlay from the picture by colour.
 */
export interface OverlayStyle {
  /** The panel's fill. Defaults to a blue-black, {@link OVERLAY_PANEL_COLOR}. */
  readonly panel: string;
  /** The panel's opacity, in [0, 1] (text and graph stay opaque). Defaults to {@link DEFAULT_OVERLAY_OPACITY}. */
  readonly opacity: number;
  /** The text. Defaults to an off-white, {@link OVERLAY_INK_COLOR}. */
  readonly ink: string;
  /** The graph's bars, its 60 Hz line and the panel's edge. Defaults to {@link OVERLAY_ACCENT_COLOR}. */
  readonly accent: string;
  /** The collision shapes' outlines (the 2D backend). Defaults to the accent, {@link OVERLAY_ACCENT_COLOR}. */
  readonly outline: string;
}

/** The overlay panel's fill unless told otherwise: a blue-black that dims whatever is under it. */
export const OVERLAY_PANEL_COLOR = '#0a0f1c';

/** How opaque the panel is unless told otherwise: enough to read over any picture, and a hint of the game beneath. */
export const DEFAULT_OVERLAY_OPACITY = 0.86;

/** The overlay's text unless told otherwise: an off-white that reads on the panel. */
export const OVERLAY_INK_COLOR = '#e6edf3';

/** The overlay's accent unless told otherwise (graph, 60 Hz line, panel edge, collision outlines): a bright green. */
export const OVERLAY_ACCENT_COLOR = '#00ff66';

/** The overlay's look unless told otherwise. */
export const DEFAULT_OVERLAY_STYLE: OverlayStyle = {
  panel: OVERLAY_PANEL_COLOR,
  opacity: DEFAULT_OVERLAY_OPACITY,
  ink: OVERLAY_INK_COLOR,
  accent: OVERLAY_ACCENT_COLOR,
  outline: OVERLAY_ACCENT_COLOR,
};

const STYLE_KEYS = ['panel', 'opacity', 'ink', 'accent', 'outline'] as const;

/**
 * The overlay style `options` asks for, over the defaults: checked (a
 * colour is a non-empty string, the opacity a number in [0, 1], no unknown
 * key) before anything starts.
 *
 * @example
 * ```ts
 * overlayStyle('pixiBackend', { accent: '#ff66cc', opacity: 0.7 }); // the rest from DEFAULT_OVERLAY_STYLE
 * ```
 *
 * @throws {OptionError} naming `<option>.<key>`, the rule and the value.
 */
export function overlayStyle(where: string, options: Partial<OverlayStyle> | undefined, option = 'overlayStyle'): OverlayStyle {
  if (options === undefined) return DEFAULT_OVERLAY_STYLE;
  if (typeof options !== 'object' || options === null) throw new OptionError(where, option, 'an object of overlay colours and an opacity', options);
  checkOptionKeys(`${where}: ${option}`, options, STYLE_KEYS);
  const style = { ...DEFAULT_OVERLAY_STYLE, ...options };
  for (const key of ['panel', 'ink', 'accent', 'outline'] as const) {
    const value: unknown = style[key];
    if (typeof value !== 'string' || value.trim() === '') throw new OptionError(where, `${option}.${key}`, "a CSS colour string ('#rrggbb', 'rgb(...)', a name)", value);
  }
  const opacity: unknown = style.opacity;
  if (typeof opacity !== 'number' || !(opacity >= 0 && opacity <= 1)) throw new OptionError(where, `${option}.opacity`, 'a number from 0 to 1', opacity);
  return style;
}

/** The overlay's font (CSS px, monospace so the numbers do not jump). */
export const OVERLAY_FONT = 'bold 12px ui-monospace, Menlo, Consolas, monospace';

/** The frame time a full-height bar of the graph stands for (two frames at 60 Hz). */
export const OVERLAY_GRAPH_MAX_MS = 1000 / 30;

/** Where the panel sits and how big it is, in CSS pixels from the surface's top-left corner. */
export const OVERLAY_PANEL_CSS = {
  /** The left edge, in CSS pixels. */
  x: 8,
  /** The top edge, in CSS pixels. */
  y: 8,
  /** The width, in CSS pixels. */
  width: 240,
  /** The height, in CSS pixels. */
  height: 84,
} as const;

/** The panel's rectangle in device pixels, for a surface at `pixelRatio` device pixels per CSS pixel. */
export function overlayPanelRect(pixelRatio: number): {
  /** The left edge, in whole device pixels. */
  x: number;
  /** The top edge, in whole device pixels. */
  y: number;
  /** The width, in whole device pixels. */
  width: number;
  /** The height, in whole device pixels. */
  height: number;
} {
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
 * @param style How it looks; defaults to {@link DEFAULT_OVERLAY_STYLE} (build one with {@link overlayStyle}).
 */
export function drawDiagnosticsOverlay(
  ctx: CanvasRenderingContext2D,
  diagnostics: Diagnostics,
  pixelRatio: number,
  style: OverlayStyle = DEFAULT_OVERLAY_STYLE,
): void {
  const ratio = pixelRatio > 0 && Number.isFinite(pixelRatio) ? pixelRatio : 1;
  const { fps, frameTimesMs, declinedTicks, frameCount } = diagnostics;
  const { x, y, width, height } = OVERLAY_PANEL_CSS;
  ctx.save();
  // Device space scaled to CSS pixels: the panel's layout is written once, in CSS pixels.
  ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
  ctx.globalCompositeOperation = 'source-over';
  drawPanel(ctx, x, y, width, height, style);

  ctx.fillStyle = style.ink;
  ctx.font = OVERLAY_FONT;
  ctx.textBaseline = 'top';
  ctx.textAlign = 'left';
  ctx.fillText(`${fps.toFixed(1)} fps`, x + 8, y + 6);
  ctx.fillText(`frame ${frameCount}`, x + 88, y + 6);
  ctx.fillText(`declined ${declinedTicks}`, x + 8, y + 22);

  // The frame-time graph: one bar per recent frame, newest on the right.
  ctx.fillStyle = style.accent;
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
  ctx.fillStyle = style.ink;
  ctx.globalAlpha = 0.6;
  ctx.fillRect(graph.x, Math.round(line), graph.width, 1);
  ctx.globalAlpha = 1;
  ctx.restore();
}

/**
 * A panel of the overlay, in CSS pixels of the current transform: the fill at
 * the style's opacity, then a one-pixel edge in the accent. Leaves
 * `globalAlpha` at 1.
 */
export function drawPanel(ctx: CanvasRenderingContext2D, x: number, y: number, width: number, height: number, style: OverlayStyle): void {
  ctx.globalAlpha = style.opacity;
  ctx.fillStyle = style.panel;
  ctx.fillRect(x, y, width, height);
  ctx.globalAlpha = 1;
  ctx.strokeStyle = style.accent;
  ctx.lineWidth = 1;
  ctx.strokeRect(x + 0.5, y + 0.5, width - 1, height - 1);
}
