import { Application, Container } from 'pixi.js';
// pixi.js compiles its shader and uniform upload code with `new Function`, which a Content Security Policy
// without 'unsafe-eval' forbids (pixi then refuses to start). This module installs pixi's own eval-free
// versions of that code, for every renderer on the page. tickflow/pixi imports it itself, so a game works
// under any CSP with no line of its own (see docs/world-engine.md, "Content Security Policy").
import 'pixi.js/unsafe-eval';
import { checkOptionKeys } from '../../../operators/validate.js';
import type { Viewport } from '../../engines/viewport.js';
import { SurfaceFit } from '../surface-fit.js';
import type { WorldBackend, WorldDiagnostics, WorldScene } from '../../engines/world/world-backend.js';
import { ActorSprites } from './actor-sprites.js';
import { DEFAULT_BACKGROUND, DEFAULT_LETTERBOX } from './colors.js';
import { checkPixiAppOptions, createPixiApp, PixiMount } from './pixi-app.js';
import { Letterbox } from './letterbox.js';
import { OverlayCanvas } from './overlay-canvas.js';
import { overlayStyle, type OverlayStyle } from '../overlay.js';
import { logicalRootTransform, worldLayerTransform, type MutableLayerTransform } from './view-transforms.js';

/** Options of {@link pixiBackend}. */
export interface PixiBackendOptions {
  /**
   * The element to draw in. The backend creates and owns a canvas inside it,
   * sized to the container's CSS size times the device pixel ratio (and,
   * once the debug overlay draws, a 2D canvas stacked over it). The
   * container gives the size: style it with a width and a height.
   */
  container: HTMLElement;
  /** The game's logical resolution, letterboxed into the container. */
  logicalWidth: number;
  /** The game's logical height, in logical units. */
  logicalHeight: number;
  /** The logical area's colour, 0xRRGGBB. Defaults to {@link DEFAULT_BACKGROUND}. */
  background?: number;
  /** The bars' colour, 0xRRGGBB. Defaults to {@link DEFAULT_LETTERBOX}. */
  letterbox?: number;
  /**
   * How the debug overlay (`overlay: true` on the engine) looks: any of its
   * colours and the panel's opacity; the rest from `DEFAULT_OVERLAY_STYLE`
   * (a dark see-through panel, light text, a bright green accent).
   */
  overlayStyle?: Partial<OverlayStyle>;
}

/**
 * The pixi.js v8 backend of the world engine: a WebGL picture of each live
 * actor's visual, letterboxed at the game's logical resolution, through the
 * world's camera, with the debug overlay drawn on top. Build it with
 * {@link pixiBackend}.
 *
 * The stage it renders:
 *
 * ```text
 * stage                      CSS pixels of the surface (renderer resolution = devicePixelRatio), cleared with `background`
 * ├─ logical root            the letterboxed fit: logical units
 * │  ├─ world layer          the camera: camera.x/y at the view centre, scaled by zoom
 * │  └─ screen layer         logical units, no camera (HUD, pause menu)
 * └─ letterbox bars          in `letterbox`, over anything that spilled out of the fit (none when the aspect matches)
 * ```
 *
 * tickflow owns the loop: pixi's Application is built with
 * `autoStart: false`, its ticker is stopped and detached from the stage,
 * and pixi's system ticker is advanced from the engine's frames rather than
 * its own (see `pixi-tickers.ts`). The stage is rendered exactly once per
 * engine frame, in {@link render}; starting `app.ticker` renders nothing.
 */
export class PixiBackend implements WorldBackend {
  /** The pixi Application (not started: the engine's frames render it). */
  readonly app: Application;
  /** The WebGL canvas the backend put in the container. */
  readonly canvas: HTMLCanvasElement;
  /** The renderer pixi chose: `'webgl'` is expected; anything else is pixi's fallback when WebGL failed. */
  readonly rendererName: string;

  private readonly container: HTMLElement;
  private readonly logicalWidth: number;
  private readonly logicalHeight: number;
  private readonly root = new Container({ label: 'tickflow:logical' });
  private readonly worldLayer = new Container({ label: 'tickflow:world' });
  private readonly screenLayer = new Container({ label: 'tickflow:screen' });
  private readonly letterbox: Letterbox;
  /** Where each frame's layer transforms are written (none allocated per frame). */
  private readonly rootTransform: MutableLayerTransform = { x: 0, y: 0, scale: 1 };
  private readonly worldTransform: MutableLayerTransform = { x: 0, y: 0, scale: 1 };
  private readonly sprites: ActorSprites;
  private readonly mount: PixiMount;
  private overlay: OverlayCanvas | undefined;
  private readonly overlayStyle: OverlayStyle;
  private readonly fit: SurfaceFit;

  /** The fit the latest sync computed. */
  private get viewport(): Viewport {
    return this.fit.viewport;
  }
  private destroyed = false;

  /**
   * Takes over an initialized pixi Application. Use {@link pixiBackend},
   * which checks the options and initializes the app (pixi v8's init is
   * asynchronous) and passes every option, defaults applied.
   */
  constructor(app: Application, options: Required<Omit<PixiBackendOptions, 'overlayStyle'>> & { overlayStyle: OverlayStyle }) {
    const { container, logicalWidth, logicalHeight, letterbox } = options;
    this.overlayStyle = options.overlayStyle;
    this.app = app;
    this.container = container;
    this.logicalWidth = logicalWidth;
    this.logicalHeight = logicalHeight;
    this.rendererName = app.renderer.name;
    this.mount = new PixiMount(app, container);
    this.canvas = this.mount.canvas;

    this.letterbox = new Letterbox(letterbox);
    this.root.addChild(this.worldLayer, this.screenLayer);
    app.stage.addChild(this.root, this.letterbox.bars);
    this.sprites = new ActorSprites(this.worldLayer, this.screenLayer);
    this.fit = new SurfaceFit(logicalWidth, logicalHeight);
    this.sync();
  }

  /**
   * Step 3: resizes the renderer to the container's CSS size at the device
   * pixel ratio, and recomputes the letterboxed fit. When neither changed it
   * returns the same fit and touches nothing. The container is measured only
   * when the window's `resize` event or a `ResizeObserver` said its size may
   * have changed (a change the page makes is fitted the frame after the
   * browser lays it out); the ratio is read every frame.
   */
  sync(): Viewport {
    if (this.destroyed) return this.viewport;
    const { container } = this;
    const viewport = this.fit.refit(container);
    if (viewport === undefined) return this.viewport;
    this.mount.resize(viewport);
    this.overlay?.resize(viewport);
    return viewport;
  }

  /**
   * Step 10: poses the logical root on the fit and the world layer on the
   * camera, brings each live actor's display object up to date, and renders
   * the stage, once.
   */
  render(scene: WorldScene): void {
    if (this.destroyed) return;
    const { viewport, camera } = scene;
    this.letterbox.update(viewport);
    const root = logicalRootTransform(viewport, this.rootTransform);
    this.root.position.set(root.x, root.y);
    this.root.scale.set(root.scale);
    const world = worldLayerTransform(camera.x, camera.y, camera.zoom, viewport.logicalWidth, viewport.logicalHeight, this.worldTransform);
    this.worldLayer.position.set(world.x, world.y);
    this.worldLayer.scale.set(world.scale);
    const failure = this.sprites.sync(scene);
    // A frame without the overlay must not keep showing the last one's.
    this.overlay?.clear();
    this.mount.render();
    // A visual that could not be drawn is reported after the picture, which shows everything else.
    if (failure !== undefined) throw failure;
  }

  /**
   * Step 10, after render: the collision shapes of live actors as outlines
   * through the camera, then the diagnostics panel (the same one the three.js
   * backend draws) with the level and the actor count, on the 2D canvas over
   * the picture.
   */
  drawOverlay(diagnostics: WorldDiagnostics, scene: WorldScene): void {
    if (this.destroyed) return;
    if (this.overlay === undefined) {
      this.overlay = new OverlayCanvas(this.container, this.overlayStyle);
      this.overlay.resize(this.viewport);
    }
    this.overlay.draw(diagnostics, scene);
  }

  /** Destroys the pixi app and its WebGL context, removes both canvases and gives pixi's system ticker back. */
  destroy(): void {
    if (this.destroyed) return;
    this.destroyed = true;
    this.sprites.clear();
    this.fit.dispose();
    this.mount.destroy();
    this.overlay?.remove();
  }
}

/**
 * Builds the pixi.js v8 backend of the world engine, in `container`.
 *
 * Asynchronous because pixi v8's `Application.init` is (it picks and loads a
 * renderer). It asks for WebGL; pixi falls back to another renderer without
 * an error when WebGL fails, so check `rendererName` where that matters.
 *
 * Each frame the engine calls `sync` (step 3: the canvas follows the
 * container's size and ratio, and the fit is recomputed before any game
 * code runs), then `render` and, with `overlay: true`, `drawOverlay`
 * (step 10). Screen points convert to world points through the same fit:
 * `engine.screenToWorld(cssX, cssY)`.
 *
 * @example
 * ```ts
 * import { Actor, createWorldEngine } from 'tickflow/world';
 * import { pixiBackend } from 'tickflow/pixi';
 *
 * class Ball extends Actor {
 *   override visual = { kind: 'circle', radius: 12, color: 0xffcc00 } as const;
 *   override tick(dt: number) { this.x += 60 * dt; }
 * }
 * const engine = createWorldEngine({
 *   backend: await pixiBackend({ container: document.querySelector('#game')!, logicalWidth: 640, logicalHeight: 360 }),
 *   levels: { court: (world) => void world.spawn(new Ball()) },
 *   startLevel: 'court',
 *   overlay: true,
 * });
 * engine.start();
 * ```
 *
 * @throws {OptionError} (as a rejection) for an unknown option (naming the closest known one), a missing container, a logical
 * size that is not a positive finite number, a colour that is not 0xRRGGBB, or an overlay style that is not colours and an opacity in [0, 1].
 */
export async function pixiBackend(options: PixiBackendOptions): Promise<PixiBackend> {
  const where = 'pixiBackend';
  checkOptionKeys(where, options, ['container', 'logicalWidth', 'logicalHeight', 'background', 'letterbox', 'overlayStyle']);
  const checked = checkPixiAppOptions(where, options);
  const style = overlayStyle(where, options.overlayStyle);
  return new PixiBackend(await createPixiApp(checked), { ...checked, overlayStyle: style });
}
