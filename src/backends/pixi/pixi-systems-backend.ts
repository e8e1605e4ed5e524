import { Application, Container, Graphics } from 'pixi.js';
import type { Entity } from '../../engines/systems/entity.js';
import type { SystemsBackend, SystemsFrame } from '../../engines/systems/systems-backend.js';
import type { Viewport } from '../../engines/viewport.js';
import { FrameRecords, type FrameRecord } from '../frame-records.js';
import { SurfaceFit } from '../surface-fit.js';
import { SPRITE_COMPONENT, type SystemsSprite } from '../systems-sprite.js';
import { Letterbox } from './letterbox.js';
import { checkPixiAppOptions, createPixiApp, PixiMount } from './pixi-app.js';
import type { PixiBackendOptions } from './pixi-backend.js';
import { logicalRootTransform } from './view-transforms.js';

/** @deprecated The sprite component is one contract for both systems backends: use {@link SystemsSprite}. `PixiSprite` goes in 0.3. */
export type PixiSprite = SystemsSprite;

/** Every shape's fill: white, so its `tint` is its colour. */
const WHITE = { color: 0xffffff, alpha: 1 } as const;

interface DrawnSprite extends FrameRecord<Entity> {
  readonly graphics: Graphics;
  shape: string;
  a: number;
  b: number;
  color: number;
  alpha: number;
}

/**
 * The pixi.js v8 backend of the systems engine: each live entity with a
 * {@link SystemsSprite} component is drawn with WebGL at its drawn pose (the
 * interpolated one), letterboxed at the game's logical resolution.
 *
 * tickflow owns the loop, as in the world engine's backend: the
 * Application never starts its ticker, pixi's system ticker is held and
 * advanced once per rendered frame, and the stage is rendered exactly once
 * per engine frame, in {@link render}. A paused engine runs no frames, so
 * the last picture stays on the canvas.
 *
 * Per frame it walks the entities once, moving each entity's Graphics
 * (found by `FrameRecords`: one comparison, the entities coming in the
 * order their Graphics were made); a Graphics is drawn only for a new
 * entity or a new shape or size, and a colour or opacity change is a write
 * of its `tint` or `alpha`, so a steady frame allocates nothing per entity,
 * recoloured or not.
 */
export class PixiSystemsBackend implements SystemsBackend {
  /** The pixi Application (not started: the engine's frames render it). */
  readonly app: Application;
  /** The WebGL canvas the backend put in the container. */
  readonly canvas: HTMLCanvasElement;
  /** The renderer pixi chose: `'webgl'` is expected; anything else is pixi's fallback. */
  readonly rendererName: string;
  /** How many frames it rendered. */
  renderCount = 0;

  private readonly container: HTMLElement;
  private readonly root = new Container({ label: 'tickflow:logical' });
  private readonly layer = new Container({ label: 'tickflow:entities' });
  private readonly letterbox: Letterbox;
  private readonly fit: SurfaceFit;
  private readonly mount: PixiMount;
  /** The entities' Graphics, in `layer`; one whose entity is gone is destroyed. */
  private readonly sprites = new FrameRecords<Entity, DrawnSprite>((record) => record.graphics.destroy());
  private destroyed = false;

  /** Takes over an initialized pixi Application; use {@link pixiSystemsBackend}. */
  constructor(app: Application, options: Required<Omit<PixiBackendOptions, 'overlayStyle'>>) {
    const { container, logicalWidth, logicalHeight, letterbox } = options;
    this.app = app;
    this.container = container;
    this.rendererName = app.renderer.name;
    this.mount = new PixiMount(app, container);
    this.canvas = this.mount.canvas;
    // The renderer clears with the background colour; bars are drawn only where the aspects differ.
    this.letterbox = new Letterbox(letterbox);
    this.root.addChild(this.layer);
    app.stage.addChild(this.root, this.letterbox.bars);
    this.fit = new SurfaceFit(logicalWidth, logicalHeight);
  }

  /** The fit the latest frame drew through (to turn pointer positions into logical ones). */
  get viewport(): Viewport {
    return this.fit.viewport;
  }

  /** Draws one frame: the surface follows its container, each sprite moves to its entity's drawn pose, the stage renders once. */
  render(frame: SystemsFrame): void {
    if (this.destroyed) return;
    this.sync();
    const stamp = ++this.renderCount;
    const entities = frame.entities;
    let drawn = 0;
    for (let i = 0; i < entities.length; i++) {
      const entity = entities[i]!;
      const sprite = entity.components[SPRITE_COMPONENT] as SystemsSprite | undefined;
      if (sprite === undefined || !entity.alive) continue;
      const record = this.spriteFor(entity, sprite);
      record.seen = stamp;
      record.graphics.position.set(entity.drawn.x, entity.drawn.y);
      record.graphics.rotation = entity.drawn.rotation;
      drawn++;
    }
    this.sprites.sweep(stamp, drawn);
    this.mount.render();
  }

  /** Destroys the pixi app and its WebGL context, removes the canvas, gives pixi's system ticker back. */
  destroy(): void {
    if (this.destroyed) return;
    this.destroyed = true;
    // Out of the layer at once, then each destroyed: one by one, each would search the layer for itself.
    this.layer.removeChildren();
    this.sprites.clear();
    this.fit.dispose();
    this.mount.destroy();
  }

  private sync(): void {
    const viewport = this.fit.refit(this.container);
    if (viewport === undefined) return;
    this.mount.resize(viewport);
    this.letterbox.update(viewport);
    const root = logicalRootTransform(viewport);
    this.root.position.set(root.x, root.y);
    this.root.scale.set(root.scale);
  }

  /**
   * The entity's Graphics, made for a new entity; its shape drawn again only
   * when the sprite's shape or size changed. The shape is filled white once
   * and coloured by `tint` and `alpha`, the writes pixi has for a colour and
   * an opacity: a redrawn shape makes pixi build its geometry again, rebatch
   * the layer in the draw call, and allocate several KB.
   */
  private spriteFor(entity: Entity, sprite: SystemsSprite): DrawnSprite {
    let record = this.sprites.next(entity);
    if (record === undefined) {
      const graphics = new Graphics();
      this.layer.addChild(graphics);
      record = this.sprites.add({ key: entity, graphics, seen: 0, shape: '', a: NaN, b: NaN, color: NaN, alpha: NaN });
    }
    const a = sprite.shape === 'rect' ? sprite.width : sprite.radius;
    const b = sprite.shape === 'rect' ? sprite.height : 0;
    if (record.shape !== sprite.shape || record.a !== a || record.b !== b) {
      const g = record.graphics.clear();
      if (sprite.shape === 'rect') g.rect(-a / 2, -b / 2, a, b);
      else g.circle(0, 0, a);
      g.fill(WHITE);
      record.shape = sprite.shape;
      record.a = a;
      record.b = b;
    }
    if (record.color !== sprite.color) {
      record.graphics.tint = sprite.color;
      record.color = sprite.color;
    }
    const alpha = sprite.alpha ?? 1;
    if (record.alpha !== alpha) {
      record.graphics.alpha = alpha;
      record.alpha = alpha;
    }
    return record;
  }
}

/**
 * Builds the pixi.js v8 backend of the systems engine, in `container`.
 * Asynchronous because pixi v8's `Application.init` is. It asks for WebGL;
 * pixi falls back to another renderer without an error when WebGL fails,
 * so check `rendererName` where that matters.
 *
 * @example
 * ```ts
 * import { createSystemsEngine } from 'tickflow/systems';
 * import { pixiSystemsBackend } from 'tickflow/pixi';
 *
 * const engine = createSystemsEngine({
 *   backend: await pixiSystemsBackend({ container: document.querySelector('#game')!, logicalWidth: 960, logicalHeight: 540 }),
 *   scenes: [{ id: 'main', entities: [{ id: 'box', transform: { x: 480, y: 270 }, components: { sprite: { shape: 'rect', width: 40, height: 40, color: 0xffcc00 } } }] }],
 *   startSceneId: 'main',
 * });
 * await engine.play();
 * ```
 *
 * @throws {OptionError} (as a rejection) for a missing container, a logical size that is not a positive finite number, or a colour that is not 0xRRGGBB.
 */
export async function pixiSystemsBackend(options: PixiBackendOptions): Promise<PixiSystemsBackend> {
  const checked = checkPixiAppOptions('pixiSystemsBackend', options);
  return new PixiSystemsBackend(await createPixiApp(checked), checked);
}
