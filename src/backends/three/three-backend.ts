import { Color, PerspectiveCamera, Scene, WebGLRenderer, type ColorRepresentation } from 'three';
import { checkOptionKeys, optionsObject } from '../../../operators/validate.js';
import { OptionError } from '../../../operators/option-error.js';
import type { Diagnostics, PickView, StateBackend } from '../../engines/state/state-backend.js';
import type { Viewport } from '../../engines/viewport.js';
import { SurfaceFit } from '../surface-fit.js';
import { drawDiagnosticsOverlay } from '../overlay.js';
import { noopContext2D } from '../noop-context-2d.js';
import { CameraView } from './picking.js';
import { ScreenLayer } from './screen-layer.js';
import {
  createThreeRecorder,
  type FrameGrabOptions,
  type FrameRecording,
  type ThreeRecorder,
  type ThreeRecorderOptions,
  type VideoRecording,
  type VideoRecordingOptions,
} from './three-recorder.js';

/** The colour behind the scene and in the letterbox bars unless told otherwise: a blue-black night. */
export const DEFAULT_BACKGROUND = 0x0b0d17;

/** The camera's vertical field of view unless told otherwise, in degrees. */
export const DEFAULT_FOV = 50;

/** The camera's near and far planes, in world units. */
export const DEFAULT_NEAR = 0.1;
/** The camera's far plane, in world units: 1000. */
export const DEFAULT_FAR = 1000;

/** What render draws with on the three.js backend. */
export interface ThreeSurface {
  /** The retained scene: render updates its objects from the state. */
  readonly scene: Scene;
  /** The camera render poses; the picture and (from the next frame) picking go through it. */
  readonly camera: PerspectiveCamera;
  /** The screen layer, in logical coordinates inside the letterbox: readouts such as a score or a timer. */
  readonly screen: CanvasRenderingContext2D;
}

/** Options of {@link threeBackend}. */
export interface ThreeBackendOptions {
  /**
   * The element to draw in. The backend creates and owns, inside it, a WebGL
   * canvas and a visible 2D canvas stacked on top (absolutely positioned,
   * the container's size; the top one lets pointer events through). The
   * container gives the size: style it with a width and a height. Required
   * unless `headless`.
   */
  container?: HTMLElement;
  /** The game's logical resolution, letterboxed into the container. */
  logicalWidth: number;
  /** The game's logical height, in logical units (its width is `logicalWidth`). */
  logicalHeight: number;
  /** The colour behind the scene and in the bars. Defaults to {@link DEFAULT_BACKGROUND}. */
  background?: ColorRepresentation;
  /** The camera's vertical field of view, in degrees. Defaults to {@link DEFAULT_FOV}. */
  fov?: number;
  /**
   * For Node: a real scene and camera (picking works, through three's
   * Raycaster), no renderer and no canvas; the screen layer is a 2D context
   * that draws nothing. Defaults to false.
   */
  headless?: boolean;
}

/** The names of {@link ThreeBackendOptions}: the only keys the three backends take. */
const OPTION_KEYS = ['container', 'logicalWidth', 'logicalHeight', 'background', 'fov', 'headless'] as const;

/** The canvases of a browser backend. */
interface Surfaces {
  readonly container: HTMLElement;
  readonly renderer: WebGLRenderer;
  readonly canvas: HTMLCanvasElement;
  /** The screen layer: the visible top canvas (`layer.canvas`), which the game draws on itself. */
  readonly layer: ScreenLayer;
  /** The container's inline `position` before the backend made it a positioning context, to restore. */
  readonly containerPosition: string | undefined;
}

/**
 * The three.js backend of the state engine: a `WebGLRenderer`, a retained
 * `Scene` and a `PerspectiveCamera`, a screen layer for 2D readouts, picking
 * through the camera the player saw, and recorders of the picture. See
 * {@link threeBackend}.
 *
 * The engine calls its methods in the seed's order; a game touches only the
 * surface (in render), the view (in update) and, to record, `createRecorder`.
 * tickflow owns the loop: the backend never calls three's
 * `renderer.setAnimationLoop`, and a game must not either, or three would run
 * a second loop beside the engine's.
 */
export class ThreeBackend implements StateBackend<ThreeSurface> {
  readonly surface: ThreeSurface;
  readonly view: PickView;
  /** The renderer; undefined when headless. Do not call its `setAnimationLoop` or `setPixelRatio`: the backend sizes the canvas in device pixels itself. */
  readonly renderer: WebGLRenderer | undefined;
  /** The WebGL canvas; undefined when headless. */
  readonly canvas: HTMLCanvasElement | undefined;
  /** The visible 2D canvas over it, the screen layer the game draws on; undefined when headless. */
  readonly screenCanvas: HTMLCanvasElement | undefined;

  private readonly cameraView: CameraView;
  private readonly surfaces: Surfaces | undefined;
  private readonly logicalWidth: number;
  private readonly logicalHeight: number;
  /**
   * The logical aspect, divided once: the division in every frame's sync made
   * a new heap number each frame where V8 runs sync in a baseline tier (as
   * the whole-games bench found Chromium doing). Declared without a value, the
   * field starts `undefined`, so it is never numbers-only and a read hands out
   * its one box; a field that only ever held numbers is copied out on each
   * read in those tiers (16 B, as reading three.js' `camera.aspect` still is).
   */
  private readonly aspect: number;
  private readonly fit: SurfaceFit;

  /** The fit the latest sync computed. */
  private get viewport(): Viewport {
    return this.fit.viewport;
  }
  private destroyed = false;

  /** @throws {OptionError} for bad options (see {@link threeBackend}). */
  constructor(options: ThreeBackendOptions) {
    const where = 'threeBackend';
    const {
      container,
      logicalWidth,
      logicalHeight,
      background = DEFAULT_BACKGROUND,
      fov = DEFAULT_FOV,
      headless = false,
    } = options ?? ({} as ThreeBackendOptions);
    optionsObject(where, options);
    checkOptionKeys(where, options, OPTION_KEYS);
    if (typeof headless !== 'boolean') throw new OptionError(where, 'headless', 'true or false', headless);
    // three.js reads an unknown colour name as black with only a console warning: check it first.
    if (!isColorRepresentation(background)) {
      throw new OptionError(where, 'background', 'a three.js colour: 0xRRGGBB, a CSS colour string, or a Color', background);
    }
    if (!isPositive(logicalWidth)) throw new OptionError(where, 'logicalWidth', 'a finite number > 0', logicalWidth);
    if (!isPositive(logicalHeight)) throw new OptionError(where, 'logicalHeight', 'a finite number > 0', logicalHeight);
    if (!(isPositive(fov) && fov < 180)) throw new OptionError(where, 'fov', 'a number of degrees > 0 and < 180', fov);
    if (!headless && !isElement(container)) {
      throw new OptionError(where, 'container', 'an HTMLElement to draw in (or pass headless: true, e.g. in Node)', container);
    }
    this.logicalWidth = logicalWidth;
    this.logicalHeight = logicalHeight;
    this.aspect = logicalWidth / logicalHeight;

    const scene = new Scene();
    // The engine updates world matrices once, at step 7; the renderer need not do it again.
    scene.matrixWorldAutoUpdate = false;
    const camera = new PerspectiveCamera(fov, logicalWidth / logicalHeight, DEFAULT_NEAR, DEFAULT_FAR);
    this.cameraView = new CameraView(scene);
    this.view = this.cameraView;

    if (headless) {
      this.surfaces = undefined;
      this.surface = Object.freeze({ scene, camera, screen: noopContext2D() });
    } else {
      this.surfaces = createSurfaces(container!, new Color(background));
      this.surface = Object.freeze({ scene, camera, screen: this.surfaces.layer.context });
    }
    this.renderer = this.surfaces?.renderer;
    this.canvas = this.surfaces?.canvas;
    this.screenCanvas = this.surfaces?.layer.canvas;
    this.fit = new SurfaceFit(logicalWidth, logicalHeight);
  }

  /**
   * Step 3: sizes the WebGL canvas and the visible top canvas (the screen
   * layer) to the container's CSS size times the device pixel ratio, and
   * recomputes the letterboxed viewport (only when the size or ratio
   * changed: an unchanged frame allocates nothing). The container is
   * measured only when the window's `resize` event or a `ResizeObserver`
   * said its size may have changed (a change the page makes is fitted the
   * frame after the browser lays it out); the ratio is read every frame.
   * Headless: the logical size at a ratio of 1.
   */
  sync(): Viewport {
    const { camera } = this.surface;
    if (camera.aspect !== this.aspect) {
      camera.aspect = this.aspect;
      camera.updateProjectionMatrix();
    }
    const surfaces = this.surfaces;
    if (surfaces === undefined || this.destroyed) return this.viewport;
    const { container, renderer, canvas } = surfaces;
    const screenCanvas = surfaces.layer.canvas;
    const viewport = this.fit.refit(container);
    if (viewport === undefined) return this.viewport;
    const deviceWidth = Math.round(viewport.cssWidth * viewport.pixelRatio);
    const deviceHeight = Math.round(viewport.cssHeight * viewport.pixelRatio);
    // At the renderer's pixel ratio of 1, its sizes are device pixels.
    if (canvas.width !== deviceWidth || canvas.height !== deviceHeight) renderer.setSize(deviceWidth, deviceHeight, false);
    if (screenCanvas.width !== deviceWidth) screenCanvas.width = deviceWidth;
    if (screenCanvas.height !== deviceHeight) screenCanvas.height = deviceHeight;
    for (const element of [canvas, screenCanvas]) {
      element.style.width = `${viewport.cssWidth}px`;
      element.style.height = `${viewport.cssHeight}px`;
    }
    return viewport;
  }

  /** Step 4: clears the screen layer and gives it the viewport transform (logical coordinates). */
  beginScreen(): void {
    this.surfaces?.layer.begin(this.viewport);
  }

  /**
   * Step 7: updates world matrices, reads the camera into the view, clears
   * the whole canvas to the background (the bars), then renders the scene
   * through the camera inside the letterboxed viewport, with the scissor
   * test keeping the bars clear.
   */
  present(): void {
    const { scene, camera } = this.surface;
    scene.updateMatrixWorld();
    // A camera outside the scene is not reached by the scene's update.
    if (camera.parent === null) camera.updateMatrixWorld();
    this.cameraView.capture(camera, this.viewport);
    const surfaces = this.surfaces;
    if (surfaces === undefined || this.destroyed) return;
    const { renderer, canvas } = surfaces;
    const { x, y, width, height } = this.viewport;
    renderer.setScissorTest(false);
    renderer.setViewport(0, 0, canvas.width, canvas.height);
    renderer.clear();
    // WebGL counts y from the bottom; the viewport counts from the top.
    const bottom = canvas.height - y - height;
    renderer.setViewport(x, bottom, width, height);
    renderer.setScissor(x, bottom, width, height);
    renderer.setScissorTest(true);
    renderer.render(scene, camera);
  }

  /** Step 9: draws the diagnostics overlay on the screen layer, in device space. */
  drawOverlay(diagnostics: Diagnostics): void {
    if (this.surfaces === undefined || this.destroyed) return;
    drawDiagnosticsOverlay(this.surfaces.layer.context, diagnostics, this.viewport.pixelRatio);
  }

  /**
   * Step 10: nothing to copy. The screen layer is the visible canvas stacked
   * over the WebGL canvas, finished by now (the game's readouts, then the
   * overlay), and the browser composites it over the picture when it
   * presents the frame, and never one half drawn: a frame's steps run in one
   * task, and the browser shows a canvas only between tasks.
   */
  composite(): void {}

  /**
   * A recorder of the picture the game submitted: pass it to the engine as
   * `recorder`, then `start()` and `stop()` it. In `'frames'` mode it keeps
   * each frame as ImageData; in `'video'` mode `MediaRecorder` encodes the
   * frames as WebM.
   *
   * @example
   * ```ts
   * const backend = threeBackend({ container, logicalWidth: 960, logicalHeight: 540 });
   * const recorder = backend.createRecorder({ mode: 'frames', maxFrames: 60 });
   * const engine = createStateEngine({ backend, recorder, initial, update, render });
   * recorder.start();
   * engine.start();
   * // ...later
   * const { frames } = await recorder.stop();
   * ```
   *
   * @throws {OptionError} for bad options.
   * @throws {Error} when headless: there is no picture to record.
   */
  createRecorder(options: FrameGrabOptions): ThreeRecorder<FrameRecording>;
  createRecorder(options: VideoRecordingOptions): ThreeRecorder<VideoRecording>;
  createRecorder(options: ThreeRecorderOptions): ThreeRecorder;
  createRecorder(options: ThreeRecorderOptions): ThreeRecorder {
    if (this.surfaces === undefined) {
      throw new Error('createRecorder: a headless three backend draws no picture to record; record in a browser');
    }
    return createThreeRecorder({ canvas: this.surfaces.canvas, layer: this.surfaces.layer.canvas }, options);
  }

  /** Frees the renderer and its WebGL context and removes both canvases. The scene's own geometries and materials stay the game's to dispose. */
  destroy(): void {
    if (this.destroyed) return;
    this.destroyed = true;
    this.fit.dispose();
    const surfaces = this.surfaces;
    if (surfaces === undefined) return;
    const { renderer, canvas, layer, container, containerPosition } = surfaces;
    renderer.dispose();
    // Free the context now rather than at garbage collection (browsers cap the live ones).
    renderer.forceContextLoss();
    canvas.remove();
    layer.canvas.remove();
    if (containerPosition !== undefined) container.style.position = containerPosition;
  }
}

/** Creates the stacked canvases inside the container, and the renderer over the bottom one. */
function createSurfaces(container: HTMLElement, background: Color): Surfaces {
  const document = container.ownerDocument;
  // The canvases are stacked absolutely, so the container must position them.
  let containerPosition: string | undefined;
  if (document.defaultView?.getComputedStyle(container).position === 'static') {
    containerPosition = container.style.position;
    container.style.position = 'relative';
  }
  const canvas = document.createElement('canvas');
  const screenCanvas = document.createElement('canvas');
  canvas.style.cssText = 'position:absolute;left:0;top:0;display:block;';
  screenCanvas.style.cssText = 'position:absolute;left:0;top:0;display:block;pointer-events:none;';
  const layer = new ScreenLayer(screenCanvas);
  const renderer = new WebGLRenderer({ canvas, antialias: true, alpha: false });
  renderer.setPixelRatio(1);
  renderer.setClearColor(background, 1);
  renderer.autoClear = true;
  container.append(canvas, screenCanvas);
  return { container, renderer, canvas, layer, containerPosition };
}

function isPositive(value: unknown): value is number {
  return typeof value === 'number' && value > 0 && Number.isFinite(value);
}

function isElement(value: unknown): value is HTMLElement {
  // Not instanceof: an element of another frame has another HTMLElement.
  return typeof value === 'object' && value !== null && typeof (value as HTMLElement).appendChild === 'function' && 'clientWidth' in value;
}

/**
 * Builds the three.js backend of the state engine.
 *
 * In a browser it draws in `container`: a WebGL canvas with the scene,
 * letterboxed at the game's logical resolution, and a 2D canvas over it with
 * the screen layer (the game's readouts, then the diagnostics overlay). In
 * Node, `headless: true` keeps a real scene and camera, so a simulation's
 * picking is testable with no drawing surface.
 *
 * Each frame the engine calls it in the seed's order: `sync` (step 3),
 * `beginScreen` (4), the game's render draws with `surface` (6), `present`
 * (7), a recorder's `capture` (8), `drawOverlay` (9), `composite` (10:
 * nothing to copy: the browser composites the top canvas over the picture).
 *
 * @example
 * ```ts
 * import { BoxGeometry, Mesh, MeshNormalMaterial } from 'three';
 * import { createStateEngine } from 'tickflow/state';
 * import { threeBackend } from 'tickflow/three';
 *
 * const backend = threeBackend({ container: document.querySelector('#game')!, logicalWidth: 960, logicalHeight: 540 });
 * const cube = new Mesh(new BoxGeometry(), new MeshNormalMaterial());
 * cube.name = 'cube'; // pickable: view.pick(x, y)?.name === 'cube'
 * backend.surface.scene.add(cube);
 *
 * const engine = createStateEngine({
 *   backend,
 *   initial: { angle: 0 },
 *   update: (s, { dt }) => ({ angle: s.angle + dt }),
 *   render: (s, { camera, screen }) => {
 *     cube.rotation.y = s.angle;
 *     camera.position.set(0, 1, 4);
 *     camera.lookAt(0, 0, 0);
 *     screen.fillStyle = '#fff';
 *     screen.fillText(`angle ${s.angle.toFixed(2)}`, 16, 24); // logical coordinates
 *   },
 * });
 * engine.start();
 * ```
 *
 * @throws {OptionError} for a logical size or fov that is not a positive finite number (fov below 180), or a missing container when not headless.
 */
export function threeBackend(options: ThreeBackendOptions): ThreeBackend {
  return new ThreeBackend(options);
}

/**
 * Builds the state engine's three backend for another backend that draws
 * through it (`threeSystemsBackend`, `threeRuntimeBackend`), with the same
 * options: checks that `options` is an options object with no other keys,
 * fills in a logical size the caller has a default for, and names `where`,
 * the function the user called, in any option error.
 *
 * @throws {OptionError} as {@link threeBackend} does, naming `where`.
 */
export function threeBackendFor(
  where: string,
  options: Omit<ThreeBackendOptions, 'logicalWidth' | 'logicalHeight'> & Partial<Pick<ThreeBackendOptions, 'logicalWidth' | 'logicalHeight'>>,
  defaults?: { readonly logicalWidth: number; readonly logicalHeight: number },
): ThreeBackend {
  optionsObject(where, options);
  checkOptionKeys(where, options, OPTION_KEYS);
  // Without defaults a missing size stays missing, for the three backend's own check to report.
  const complete =
    defaults === undefined
      ? options
      : { ...options, logicalWidth: options.logicalWidth ?? defaults.logicalWidth, logicalHeight: options.logicalHeight ?? defaults.logicalHeight };
  try {
    return new ThreeBackend(complete as ThreeBackendOptions);
  } catch (error) {
    // The three backend's checks, named for the function the user called.
    if (error instanceof OptionError) throw new OptionError(where, error.option, error.rule, error.value);
    throw error;
  }
}

/** Whether three.js reads `value` as a colour (not black by accident): a 24-bit number, a Color, or a CSS colour it knows. */
function isColorRepresentation(value: unknown): boolean {
  if (value instanceof Color) return true;
  if (typeof value === 'number') return Number.isInteger(value) && value >= 0 && value <= 0xffffff;
  if (typeof value !== 'string') return false;
  const text = value.trim().toLowerCase();
  if (/^#([0-9a-f]{3}|[0-9a-f]{6})$/.test(text) || /^(rgb|rgba|hsl|hsla)\(/.test(text)) return true;
  return text in Color.NAMES;
}
