import type { Viewport } from '../../engines/viewport.js';

/**
 * The screen layer: the visible 2D canvas stacked over the WebGL canvas, on
 * which the game draws its readouts (score, timer) in logical coordinates.
 * The browser composites it over the 3D picture when it presents the frame.
 *
 * The game draws on the visible canvas itself, not on an offscreen one
 * copied over at the end of the frame: a frame's steps run in one task, and
 * the browser shows a canvas only between tasks, so the steps that touch the
 * layer in an order the screen must not show (the recorder captures it after
 * the game drew, step 8; the overlay then draws on it, step 9) are never seen
 * half done. A recording taken from the layer at step 8 holds the readouts
 * and nothing of the overlay. The copy cost every frame a full-size
 * `drawImage` (about 0.34 ms of main-thread time a frame at 1280×800 in
 * headless Chromium) and a second canvas's memory.
 *
 * @example
 * ```ts
 * const layer = new ScreenLayer(visibleCanvas);
 * layer.begin(viewport);            // step 4: cleared, logical coordinates
 * layer.context.fillText('42', 10, 20);
 * ```
 */
export class ScreenLayer {
  /** What the game draws with. */
  readonly context: CanvasRenderingContext2D;

  /** @throws {Error} when the browser cannot make a 2D context for `canvas`. */
  constructor(readonly canvas: HTMLCanvasElement) {
    const context = canvas.getContext('2d');
    if (context === null) throw new Error('threeBackend: the browser gave no 2D context for the screen canvas');
    this.context = context;
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
}
