import type { Viewport } from '../../engines/viewport.js';

/**
 * A uniform scale and a translation: `screen = point * scale + (x, y)`.
 * What a pixi container's `position` and `scale` say, as plain numbers.
 */
export interface LayerTransform {
  /** The translation along x, in the parent container's units (CSS pixels for the logical root, logical units for the world layer). */
  readonly x: number;
  /** The translation along y, in the parent container's units. */
  readonly y: number;
  /** Parent units per unit of the container (the same along x and y). */
  readonly scale: number;
}

/** A {@link LayerTransform} a caller owns and lets the functions below write into, so a frame allocates none. */
export interface MutableLayerTransform {
  /** The translation along x, as in {@link LayerTransform.x}. */
  x: number;
  /** The translation along y, as in {@link LayerTransform.y}. */
  y: number;
  /** The uniform scale, as in {@link LayerTransform.scale}. */
  scale: number;
}

/**
 * Where the letterboxed logical area sits on the pixi stage: the transform
 * of the root container that holds the game's layers.
 *
 * The backend renders at a resolution of `viewport.pixelRatio`, so pixi's
 * stage counts CSS pixels and pixi multiplies by the ratio when it
 * rasterizes. The viewport counts device pixels, so both its offset and its
 * scale are divided by the ratio here: a logical point `p` lands on device
 * pixel `(p * scale + x) / ratio * ratio = p * scale + x`, which is exactly
 * where `logicalToScreen` (from `tickflow`) and the engine's `screenToWorld` say it is.
 *
 * @example
 * ```ts
 * // 640 × 360 logical in a 600 × 400 CSS surface at a ratio of 2:
 * const viewport = fitViewport(600, 400, 2, 640, 360); // x 0, y 62, scale 1.875 (device px)
 * logicalRootTransform(viewport); // { x: 0, y: 31, scale: 0.9375 } (CSS px)
 * ```
 *
 * @param out Where to write the result (the backend passes one it keeps, so a frame allocates nothing); defaults to a new object.
 */
export function logicalRootTransform(viewport: Viewport, out: MutableLayerTransform = { x: 0, y: 0, scale: 1 }): LayerTransform {
  const { x, y, scale, pixelRatio } = viewport;
  out.x = x / pixelRatio;
  out.y = y / pixelRatio;
  out.scale = scale / pixelRatio;
  return out;
}

/**
 * The world layer's transform inside the logical root: the camera's point
 * `(cameraX, cameraY)` at the centre of the logical view, world units scaled
 * by `zoom`. It is the same mapping as `Camera.worldToScreen`:
 * `screen = (world - camera) * zoom + view / 2`.
 *
 * @example
 * ```ts
 * worldLayerTransform(100, 50, 2, 640, 360); // { x: 120, y: 80, scale: 2 }: world (100, 50) lands on (320, 180)
 * ```
 *
 * @param out Where to write the result; defaults to a new object.
 */
export function worldLayerTransform(
  cameraX: number,
  cameraY: number,
  zoom: number,
  logicalWidth: number,
  logicalHeight: number,
  out: MutableLayerTransform = { x: 0, y: 0, scale: 1 },
): LayerTransform {
  out.x = logicalWidth / 2 - cameraX * zoom;
  out.y = logicalHeight / 2 - cameraY * zoom;
  out.scale = zoom;
  return out;
}

/** An axis-aligned rectangle, in CSS pixels of the surface. */
export interface CssRect {
  /** The left edge, in CSS pixels from the surface's left. */
  readonly x: number;
  /** The top edge, in CSS pixels from the surface's top. */
  readonly y: number;
  /** The width, in CSS pixels. */
  readonly width: number;
  /** The height, in CSS pixels. */
  readonly height: number;
}

/**
 * The letterbox bars: the parts of the surface outside the viewport, in CSS
 * pixels, as up to four rectangles (top, bottom, left, right). Empty bars are
 * left out, so a surface with the logical aspect has none.
 *
 * The top and bottom bars span the full width; the side bars only the
 * viewport's height, so no pixel is covered twice.
 *
 * @example
 * ```ts
 * letterboxBars(fitViewport(900, 360, 1, 640, 360));
 * // [{ x: 0, y: 0, width: 130, height: 360 }, { x: 770, y: 0, width: 130, height: 360 }]
 * ```
 */
export function letterboxBars(viewport: Viewport): CssRect[] {
  const { cssWidth, cssHeight, pixelRatio, x, y, width, height } = viewport;
  const deviceWidth = Math.round(cssWidth * pixelRatio);
  const deviceHeight = Math.round(cssHeight * pixelRatio);
  const bars: CssRect[] = [];
  const push = (bx: number, by: number, bw: number, bh: number) => {
    if (bw > 0 && bh > 0) bars.push({ x: bx / pixelRatio, y: by / pixelRatio, width: bw / pixelRatio, height: bh / pixelRatio });
  };
  push(0, 0, deviceWidth, y);
  push(0, y + height, deviceWidth, deviceHeight - y - height);
  push(0, y, x, height);
  push(x + width, y, deviceWidth - x - width, height);
  return bars;
}
