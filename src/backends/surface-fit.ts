import { fitViewport, type Viewport } from '../engines/viewport.js';

/**
 * A game's logical size letterboxed into an element: measures the element's
 * CSS size and its window's devicePixelRatio, and recomputes the fit only
 * when either changed, so an unchanged surface costs a frame nothing. Shared
 * by the drawing backends (step 3 of both engines' frames).
 */
export class SurfaceFit {
  /** The current fit. Before the first measure, the logical size at a ratio of 1. */
  viewport: Viewport;
  private measured: { cssWidth: number; cssHeight: number; pixelRatio: number } | undefined;

  constructor(
    readonly logicalWidth: number,
    readonly logicalHeight: number,
  ) {
    this.viewport = fitViewport(logicalWidth, logicalHeight, 1, logicalWidth, logicalHeight);
  }

  /**
   * Measures `element`; returns the new fit when its size or ratio changed
   * since the last measure, `undefined` when nothing did.
   */
  refit(element: HTMLElement): Viewport | undefined {
    const cssWidth = element.clientWidth;
    const cssHeight = element.clientHeight;
    const pixelRatio = element.ownerDocument.defaultView?.devicePixelRatio ?? 1;
    const last = this.measured;
    if (last !== undefined && last.cssWidth === cssWidth && last.cssHeight === cssHeight && last.pixelRatio === pixelRatio) {
      return undefined;
    }
    this.measured = { cssWidth, cssHeight, pixelRatio };
    this.viewport = fitViewport(cssWidth, cssHeight, pixelRatio, this.logicalWidth, this.logicalHeight);
    return this.viewport;
  }
}
