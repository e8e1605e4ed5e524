import { fitViewport, type Viewport } from '../engines/viewport.js';

/** What a fit watches in a browser: the element, through ResizeObservers, and its window (its resize event, its ratio). */
interface Watch {
  readonly element: HTMLElement;
  readonly view: Window;
  /** One on its content box, one on its border box (an observer watches an element in one box only). */
  readonly observers: readonly ResizeObserver[];
}

/**
 * A game's logical size letterboxed into an element: measures the element's
 * CSS size and its window's devicePixelRatio, and recomputes the fit only
 * when either changed, so an unchanged surface costs a frame nothing. Shared
 * by the drawing backends (step 3 of both engines' frames).
 *
 * In a browser the element is measured only when something said its size
 * may have changed, not every frame: reading `clientWidth` and
 * `clientHeight` cost about 14 µs a frame in Chromium (the pixi-world bench
 * cell's CPU profile, issue 29), and a read of layout in a frame whose DOM
 * changed makes the browser lay the page out there and then.
 *
 * - The window's `resize` event (a resized window, a turned phone, a zoom)
 *   comes before the frame's callbacks: fitted the same frame.
 * - ResizeObservers on the element's content box and border box (so a
 *   change of padding or border is seen too) report what the page changed
 *   (a style, a sidebar opening) after the browser lays the page out:
 *   fitted the frame after.
 * - The ratio is read every frame, one property of the window. (Not watched
 *   with a `(resolution: Ndppx)` media query: Chromium does not report to
 *   one a ratio change that comes without a change of the viewport's size,
 *   as the DevTools protocol's emulation makes it.)
 *
 * Where there is no ResizeObserver (Node, a document without a window), the
 * element is measured every frame.
 */
export class SurfaceFit {
  /** The current fit. Before the first measure, the logical size at a ratio of 1. */
  viewport: Viewport;
  private measured: { cssWidth: number; cssHeight: number; pixelRatio: number } | undefined;
  /** Whether the element may have changed size since it was measured: always, where nothing would tell. */
  private stale = true;
  private watch: Watch | undefined;
  private readonly markStale = (): void => {
    this.stale = true;
  };

  constructor(
    readonly logicalWidth: number,
    readonly logicalHeight: number,
  ) {
    this.viewport = fitViewport(logicalWidth, logicalHeight, 1, logicalWidth, logicalHeight);
  }

  /**
   * Measures `element` (unless neither its size nor the ratio can have
   * changed since the last measure); returns the new fit when either did,
   * `undefined` when nothing did.
   */
  refit(element: HTMLElement): Viewport | undefined {
    const watch = this.watch;
    const last = this.measured;
    if (!this.stale && watch !== undefined && watch.element === element && watch.view.devicePixelRatio === last?.pixelRatio) return undefined;
    const cssWidth = element.clientWidth;
    const cssHeight = element.clientHeight;
    const pixelRatio = element.ownerDocument.defaultView?.devicePixelRatio ?? 1;
    this.watchFor(element);
    if (last !== undefined && last.cssWidth === cssWidth && last.cssHeight === cssHeight && last.pixelRatio === pixelRatio) {
      return undefined;
    }
    this.measured = { cssWidth, cssHeight, pixelRatio };
    this.viewport = fitViewport(cssWidth, cssHeight, pixelRatio, this.logicalWidth, this.logicalHeight);
    return this.viewport;
  }

  /** Stops watching the element (the backend's destroy). */
  dispose(): void {
    const watch = this.watch;
    this.watch = undefined;
    this.stale = true;
    if (watch === undefined) return;
    for (const observer of watch.observers) observer.disconnect();
    watch.view.removeEventListener('resize', this.markStale);
  }

  /** Watches `element` for a change of size, where its window can tell of one; otherwise the fit stays stale. */
  private watchFor(element: HTMLElement): void {
    if (this.watch?.element !== element) {
      this.dispose();
      const view = element.ownerDocument.defaultView;
      if (view === null || typeof view.ResizeObserver !== 'function') return;
      const observers = (['content-box', 'border-box'] as const).map((box) => {
        const observer = new view.ResizeObserver(this.markStale);
        observer.observe(element, { box });
        return observer;
      });
      view.addEventListener('resize', this.markStale);
      this.watch = { element, view, observers };
    }
    this.stale = false;
  }
}
