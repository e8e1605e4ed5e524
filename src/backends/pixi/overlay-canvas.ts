import type { Viewport } from '../../engines/viewport.js';
import type { WorldDiagnostics, WorldScene } from '../../engines/world/world-backend.js';
import { DEFAULT_OVERLAY_STYLE, type OverlayStyle } from '../overlay.js';
import { drawCollisionShapes } from './collision-overlay.js';
import { drawWorldPanel } from './world-panel.js';

/**
 * The debug overlay's surface: a 2D canvas stacked over the pixi canvas
 * (same size, absolutely positioned, letting pointer events through), on
 * which the overlay draws after pixi rendered the picture.
 *
 * Why a 2D canvas and not more pixi objects: the overlay is the same panel
 * the three.js backend draws (`drawDiagnosticsOverlay`), drawn by the same
 * code, so the two backends show one look; and the picture stays a single
 * pixi render per frame, with nothing of the overlay in pixi's scene.
 *
 * It is created the first time the overlay draws, so a game without the
 * overlay has one canvas. A frame that does not draw the overlay clears it,
 * so a stale panel never stays on screen.
 *
 * @example
 * ```ts
 * const overlay = new OverlayCanvas(container);
 * overlay.resize(viewport);          // in step 3, when the fit changes
 * overlay.clear();                   // in step 10, before the picture
 * overlay.draw(diagnostics, scene);  // in step 10, after the picture
 * ```
 */
export class OverlayCanvas {
  readonly canvas: HTMLCanvasElement;
  readonly context: CanvasRenderingContext2D;
  private dirty = false;

  /**
   * Appends the canvas to `container` (which the backend made a positioning context).
   * @param style How the overlay looks.
   */
  constructor(
    container: HTMLElement,
    private readonly style: OverlayStyle = DEFAULT_OVERLAY_STYLE,
  ) {
    const canvas = container.ownerDocument.createElement('canvas');
    canvas.style.cssText = 'position:absolute;left:0;top:0;display:block;pointer-events:none;';
    const context = canvas.getContext('2d');
    if (context === null) throw new Error('pixiBackend: the browser gave no 2D context for the overlay canvas');
    container.append(canvas);
    this.canvas = canvas;
    this.context = context;
  }

  /** Sizes the canvas in device pixels and CSS pixels like the picture's (resizing clears it). */
  resize(viewport: Viewport): void {
    const { canvas } = this;
    const width = Math.round(viewport.cssWidth * viewport.pixelRatio);
    const height = Math.round(viewport.cssHeight * viewport.pixelRatio);
    if (canvas.width !== width) canvas.width = width;
    if (canvas.height !== height) canvas.height = height;
    canvas.style.width = `${viewport.cssWidth}px`;
    canvas.style.height = `${viewport.cssHeight}px`;
  }

  /** Clears what the last overlay drew (nothing to do when it drew nothing). */
  clear(): void {
    if (!this.dirty) return;
    this.dirty = false;
    this.context.setTransform(1, 0, 0, 1, 0, 0);
    this.context.clearRect(0, 0, this.canvas.width, this.canvas.height);
  }

  /** Draws the collision outlines, then the diagnostics panel on top of them. */
  draw(diagnostics: WorldDiagnostics, scene: WorldScene): void {
    this.clear();
    this.dirty = true;
    drawCollisionShapes(this.context, scene.actors, scene.camera, scene.viewport, this.style.outline);
    drawWorldPanel(this.context, diagnostics, scene.viewport.pixelRatio, this.style);
  }

  /** Takes the canvas out of the page. */
  remove(): void {
    this.canvas.remove();
  }
}
