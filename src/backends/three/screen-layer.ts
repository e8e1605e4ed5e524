import type { Viewport } from '../../engines/viewport.js';

/**
 * The screen layer: an offscreen 2D canvas the size of the WebGL canvas, on
 * which the game draws its readouts (score, timer) in logical coordinates,
 * and which the engine lifts onto the visible canvas over the 3D picture.
 *
 * Why offscreen rather than drawing straight on the visible canvas: the
 * frame's steps touch the layer in an order the screen must not show. The
 * recorder captures it after the game drew (step 8), the overlay then draws
 * on it (step 9), and only the finished layer is composited (step 10). A
 * recording taken from the layer at step 8 therefore holds the readouts and
 * nothing of the overlay, and the visible canvas never shows a half-drawn
 * layer.
 *
 * @example
 * ```ts
 * const layer = new ScreenLayer(document);
 * layer.resize(1600, 900);
 * layer.begin(viewport);            // step 4: cleared, logical coordinates
 * layer.context.fillText('42', 10, 20);
 * layer.compositeOnto(topContext);  // step 10
 * ```
 */
export class ScreenLayer {
  /** The offscreen canvas (never in the document). */
  readonly canvas: HTMLCanvasElement;
  /** What the game draws with. */
  readonly context: CanvasRenderingContext2D;

  /** @throws {Error} when the document cannot make a 2D context. */
  constructor(document: Document) {
    this.canvas = document.createElement('canvas');
    const context = this.canvas.getContext('2d');
    if (context === null) throw new Error('threeBackend: the browser gave no 2D context for the screen layer');
    this.context = context;
  }

  /** Sizes the layer in device pixels (a resize clears it; nothing happens when the size is unchanged). */
  resize(deviceWidth: number, deviceHeight: number): void {
    if (this.canvas.width !== deviceWidth) this.canvas.width = deviceWidth;
    if (this.canvas.height !== deviceHeight) this.canvas.height = deviceHeight;
  }

  /**
   * Step 4: clears the layer, resets its drawing state, and gives it the
   * viewport transform, so the game draws in logical units inside the
   * letterboxed area: logical (0, 0) is the area's top-left corner and one
   * logical unit is `viewport.scale` device pixels.
   *
   * The state is reset (fill, font, alpha, transform...) so a frame's
   * drawing never depends on what the previous frame, or its overlay, left.
   */
  begin(viewport: Viewport): void {
    const ctx = this.context;
    if (typeof ctx.reset === 'function') {
      ctx.reset();
    } else {
      // Browsers before CanvasRenderingContext2D.reset(): the transform and the pixels.
      ctx.setTransform(1, 0, 0, 1, 0, 0);
      ctx.clearRect(0, 0, this.canvas.width, this.canvas.height);
    }
    ctx.setTransform(viewport.scale, 0, 0, viewport.scale, viewport.x, viewport.y);
  }

  /** Step 10: replaces what `target` shows with the layer. */
  compositeOnto(target: CanvasRenderingContext2D): void {
    target.setTransform(1, 0, 0, 1, 0, 0);
    target.clearRect(0, 0, target.canvas.width, target.canvas.height);
    target.drawImage(this.canvas, 0, 0);
  }
}
