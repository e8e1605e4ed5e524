import { Application } from 'pixi.js';
import { OptionError } from '../../../operators/option-error.js';
import type { Viewport } from '../../engines/viewport.js';
import { DEFAULT_BACKGROUND, DEFAULT_LETTERBOX } from './colors.js';
import { holdAppTicker, SystemTickerHold } from './pixi-tickers.js';

/** What both pixi backends draw into, checked, defaults applied. @internal */
export interface PixiAppOptions {
  readonly container: HTMLElement;
  readonly logicalWidth: number;
  readonly logicalHeight: number;
  readonly background: number;
  readonly letterbox: number;
}

/**
 * Checks the options both pixi backends take (`pixiBackend`,
 * `pixiSystemsBackend`), in order, and applies the colours' defaults.
 *
 * @throws {OptionError} naming `where`, for a missing container, a logical size that is not a positive finite number, or a colour that is not 0xRRGGBB.
 * @internal
 */
export function checkPixiAppOptions(where: string, options: { readonly [K in keyof PixiAppOptions]?: unknown } | undefined): PixiAppOptions {
  const { container, logicalWidth, logicalHeight, background = DEFAULT_BACKGROUND, letterbox = DEFAULT_LETTERBOX } = options ?? {};
  if (!isElement(container)) throw new OptionError(where, 'container', 'an HTMLElement to draw in', container);
  if (!isPositive(logicalWidth)) throw new OptionError(where, 'logicalWidth', 'a finite number > 0', logicalWidth);
  if (!isPositive(logicalHeight)) throw new OptionError(where, 'logicalHeight', 'a finite number > 0', logicalHeight);
  if (!isColor(background)) throw new OptionError(where, 'background', 'a colour 0xRRGGBB (an integer from 0 to 0xffffff)', background);
  if (!isColor(letterbox)) throw new OptionError(where, 'letterbox', 'a colour 0xRRGGBB (an integer from 0 to 0xffffff)', letterbox);
  return { container, logicalWidth, logicalHeight, background, letterbox };
}

/**
 * Builds and initializes the pixi Application a backend draws with (pixi
 * v8's `init` is asynchronous: it picks and loads a renderer). It asks for
 * WebGL; pixi falls back to another renderer without an error when WebGL
 * fails.
 *
 * @internal
 */
export async function createPixiApp({ container, logicalWidth, logicalHeight, background }: PixiAppOptions): Promise<Application> {
  const app = new Application();
  await app.init({
    preference: 'webgl',
    // tickflow owns the loop: no ticker of the app's may render the stage.
    autoStart: false,
    sharedTicker: false,
    width: container.clientWidth || logicalWidth,
    height: container.clientHeight || logicalHeight,
    resolution: container.ownerDocument.defaultView?.devicePixelRatio ?? 1,
    // The backend sets the canvas's CSS size itself, on each new fit.
    autoDensity: false,
    antialias: true,
    // The background is the clear colour (no quad: see Letterbox); the bars are drawn over the rest.
    background,
  });
  return app;
}

/**
 * An initialized pixi Application put to work in its container, the same
 * way for both backends: pixi's tickers held (tickflow's engine owns the
 * frame loop, see pixi-tickers.ts), the canvas laid over the container (a
 * static container becomes `position: relative` until {@link destroy}),
 * resized to each new fit, and the stage rendered once per engine frame.
 *
 * @internal
 */
export class PixiMount {
  /** The WebGL canvas, in the container. */
  readonly canvas: HTMLCanvasElement;
  private readonly systemTicker: SystemTickerHold;
  private readonly containerPosition: string | undefined;

  constructor(
    readonly app: Application,
    private readonly container: HTMLElement,
  ) {
    holdAppTicker(app);
    this.systemTicker = SystemTickerHold.acquire();
    if (container.ownerDocument.defaultView?.getComputedStyle(container).position === 'static') {
      this.containerPosition = container.style.position;
      container.style.position = 'relative';
    }
    this.canvas = app.canvas as HTMLCanvasElement;
    this.canvas.style.cssText = 'position:absolute;left:0;top:0;display:block;';
    container.append(this.canvas);
  }

  /** The renderer and the canvas to a new fit: the stage then counts CSS pixels; the canvas holds round(css × ratio) device pixels, as the fit does. */
  resize(viewport: Viewport): void {
    this.app.renderer.resize(viewport.cssWidth, viewport.cssHeight, viewport.pixelRatio);
    this.canvas.style.width = `${viewport.cssWidth}px`;
    this.canvas.style.height = `${viewport.cssHeight}px`;
  }

  /** Advances pixi's system ticker (its housekeeping) and renders the stage, once. */
  render(): void {
    this.systemTicker.advance();
    this.app.renderer.render(this.app.stage);
  }

  /** Destroys the app and its WebGL context, removes the canvas, gives pixi's system ticker back and the container its position. */
  destroy(): void {
    this.app.destroy({ removeView: true }, { children: true });
    this.canvas.remove();
    this.systemTicker.release();
    if (this.containerPosition !== undefined) this.container.style.position = this.containerPosition;
  }
}

function isPositive(value: unknown): value is number {
  return typeof value === 'number' && value > 0 && Number.isFinite(value);
}

function isColor(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= 0xffffff;
}

function isElement(value: unknown): value is HTMLElement {
  // Not instanceof: an element of another frame has another HTMLElement.
  return typeof value === 'object' && value !== null && typeof (value as HTMLElement).appendChild === 'function' && 'clientWidth' in value;
}
