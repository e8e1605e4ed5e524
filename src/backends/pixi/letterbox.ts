import { Graphics } from 'pixi.js';
import type { Viewport } from '../../engines/viewport.js';
import { letterboxBars } from './view-transforms.js';

/**
 * The letterbox bars: drawn over everything outside the logical area, only
 * when the container's aspect differs from the game's.
 *
 * The game's background is not drawn at all: the renderer clears each frame
 * with the background colour, and the bars then cover what lies outside the
 * fit. A clear is the cheapest way to fill the canvas, where a quad the size
 * of the canvas costs a full pass of fill rate: in software-rendered
 * Chromium (SwiftShader) that quad alone took a bare page from 60 fps to
 * 8-12 (see bench/browser/pixi-background.ts). A container with the logical
 * aspect therefore draws no bar and no background quad.
 *
 * Why bars drawn on top rather than a clip: the world layer is not clipped,
 * so an actor the camera sees half-way off the logical view would otherwise
 * spill into the bars. Drawing the bars after the layers covers the spill
 * exactly, at whole device pixels (the fit is in whole device pixels),
 * without a mask or a stencil pass.
 *
 * The bars are redrawn only when the viewport changes, so an unchanged frame
 * costs at most one draw call and no geometry rebuild.
 *
 * @example
 * ```ts
 * const letterbox = new Letterbox(0x000000); // the renderer clears with the background colour
 * stage.addChild(letterbox.bars);             // in CSS pixels, over the layers
 * letterbox.update(viewport);                 // each frame; redraws only on change
 * ```
 */
export class Letterbox {
  /** The bars, in CSS pixels of the surface: add it to the stage, above the layers. */
  readonly bars = new Graphics();

  private drawnFor: Viewport | undefined;

  /** @param letterboxColor The bars' colour, 0xRRGGBB. */
  constructor(private readonly letterboxColor: number) {
    this.bars.label = 'tickflow:letterbox';
  }

  /** Redraws the bars for `viewport`, if it is not the one they were drawn for; none when it needs none. */
  update(viewport: Viewport): void {
    if (viewport === this.drawnFor) return;
    this.drawnFor = viewport;
    this.bars.clear();
    const bars = letterboxBars(viewport);
    // The container has the logical aspect: nothing to draw, and an empty Graphics is not rendered.
    this.bars.visible = bars.length > 0;
    if (bars.length === 0) return;
    for (const bar of bars) this.bars.rect(bar.x, bar.y, bar.width, bar.height);
    this.bars.fill(this.letterboxColor);
  }
}
