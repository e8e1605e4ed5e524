import { OptionError } from '../../operators/option-error.js';

/**
 * The fit a frame renders through: where the game's logical resolution sits,
 * letterboxed, inside its drawing surface. Computed by the backend before any
 * game code runs in a frame, so a point converted in the frame uses the fit
 * the frame renders through.
 */
export interface Viewport {
  /** The game's logical size, in its own units. */
  readonly logicalWidth: number;
  /** The game's logical height, in its own units. */
  readonly logicalHeight: number;
  /** The surface's size in CSS pixels. */
  readonly cssWidth: number;
  /** The surface's height in CSS pixels. */
  readonly cssHeight: number;
  /** Device pixels per CSS pixel. */
  readonly pixelRatio: number;
  /** The letterboxed area inside the canvas, in device pixels: its left edge, from the canvas's left. */
  readonly x: number;
  /** The top edge of the letterboxed area, in device pixels from the canvas's top. */
  readonly y: number;
  /** The letterboxed area's width, in whole device pixels. */
  readonly width: number;
  /** The letterboxed area's height, in whole device pixels. */
  readonly height: number;
  /** Device pixels per logical unit. */
  readonly scale: number;
}

/**
 * Letterboxes a logical size into a surface: the largest uniform scale that
 * fits, centred, in whole device pixels.
 *
 * @throws {OptionError} when the logical size is not positive.
 */
export function fitViewport(
  cssWidth: number,
  cssHeight: number,
  pixelRatio: number,
  logicalWidth: number,
  logicalHeight: number,
): Viewport {
  if (!(logicalWidth > 0) || !Number.isFinite(logicalWidth)) {
    throw new OptionError('fitViewport', 'logicalWidth', 'a finite number > 0', logicalWidth);
  }
  if (!(logicalHeight > 0) || !Number.isFinite(logicalHeight)) {
    throw new OptionError('fitViewport', 'logicalHeight', 'a finite number > 0', logicalHeight);
  }
  // Host values are never trusted: a detached element measures 0 or NaN.
  const ratio = pixelRatio > 0 && Number.isFinite(pixelRatio) ? pixelRatio : 1;
  const cssW = cssWidth > 0 && Number.isFinite(cssWidth) ? cssWidth : logicalWidth;
  const cssH = cssHeight > 0 && Number.isFinite(cssHeight) ? cssHeight : logicalHeight;
  const deviceW = Math.round(cssW * ratio);
  const deviceH = Math.round(cssH * ratio);
  const scale = Math.min(deviceW / logicalWidth, deviceH / logicalHeight);
  const width = Math.round(logicalWidth * scale);
  const height = Math.round(logicalHeight * scale);
  return {
    logicalWidth,
    logicalHeight,
    cssWidth: cssW,
    cssHeight: cssH,
    pixelRatio: ratio,
    x: Math.floor((deviceW - width) / 2),
    y: Math.floor((deviceH - height) / 2),
    width,
    height,
    scale,
  };
}

/** Converts a point in CSS pixels (relative to the surface) to logical units through a viewport. */
export function screenToLogical(
  viewport: Viewport,
  cssX: number,
  cssY: number,
): {
  /** The x, in logical units. */
  x: number;
  /** The y, in logical units. */
  y: number;
} {
  const { pixelRatio, x, y, scale } = viewport;
  return { x: (cssX * pixelRatio - x) / scale, y: (cssY * pixelRatio - y) / scale };
}

/** Converts a point in logical units to CSS pixels relative to the surface. */
export function logicalToScreen(
  viewport: Viewport,
  logicalX: number,
  logicalY: number,
): {
  /** The x, in CSS pixels of the surface. */
  x: number;
  /** The y, in CSS pixels of the surface. */
  y: number;
} {
  const { pixelRatio, x, y, scale } = viewport;
  return { x: (logicalX * scale + x) / pixelRatio, y: (logicalY * scale + y) / pixelRatio };
}
