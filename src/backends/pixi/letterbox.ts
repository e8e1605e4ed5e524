import { Graphics } from 'pixi.js';
import type { Viewport } from '../../engines/viewport.js';
import { letterboxBars } from './view-transforms.js';

/**
 * The letterbox: the game's background behind the logical area, and bars
 * over everything outside it.
 *
 * Why bars drawn on top rather than only a clear colour: the world layer is
 * not clipped, so an actor the camera sees half-way off the logical view
 * would otherwise spill into the bars. Drawing the bars after the layers
 * covers the spill exactly, at whole device pixels (the fit is in whole
 * device pixels), without a mask or a stencil pass.
 *
 * Both shapes are redrawn only when the viewport changes, so an unchanged
 * frame costs two draw calls and no geometry rebuild.
 *
 * @example
 * ```ts
 * const letterbox = new Letterbox(0x0b0d17, 0x000000);
 * root.addChildAt(letterbox.background, 0); // in logical units, under the layers
 * stage.addChild(letterbox.bars);            // in CSS pixels, over them
 * letterbox.update(viewport);                // each frame; redraws only on change
 * ```
 */
export class Letterbox {
  /** The logical area's fill, in logical units: add it to the logical root, below the layers. */
  readonly background = new Graphics();
  /** The bars, in CSS pixels of the surface: add it to the stage, above the layers. */
  readonly bars = new Graphics();

  private drawnFor: Viewport | undefined;

  /**
   * @param backgroundColor The logical area's colour, 0xRRGGBB.
   * @param letterboxColor The bars' colour, 0xRRGGBB.
   */
  constructor(
    private readonly backgroundColor: number,
    private readonly letterboxColor: number,
  ) {
    this.background.label = 'tickflow:background';
    this.bars.label = 'tickflow:letterbox';
  }

  /** Redraws the background and the bars for `viewport`, if it is not the one they were drawn for. */
  update(viewport: Viewport): void {
    if (viewport === this.drawnFor) return;
    this.drawnFor = viewport;
    this.background.clear().rect(0, 0, viewport.logicalWidth, viewport.logicalHeight).fill(this.backgroundColor);
    this.bars.clear();
    const bars = letterboxBars(viewport);
    if (bars.length === 0) return; // the container has the logical aspect
    for (const bar of bars) this.bars.rect(bar.x, bar.y, bar.width, bar.height);
    this.bars.fill(this.letterboxColor);
  }
}
