import { Container, Graphics, Text } from 'pixi.js';
import type { Actor } from '../../engines/world/actor.js';
import type { Visual } from '../../engines/world/visual.js';

/** The font a text visual is set in. */
export const DEFAULT_TEXT_FONT = 'system-ui, "Segoe UI", Roboto, Helvetica, Arial, sans-serif';

/**
 * The most device pixels per text unit a text is rasterized at. Text is a
 * bitmap in pixi: rasterized once at `size × resolution` pixels and then
 * scaled with its layer. Matching the resolution to the layer's scale keeps
 * it crisp; the cap keeps a large zoom from building huge textures.
 */
export const MAX_TEXT_RESOLUTION = 4;

/** Which edge of a text sits on its actor's x, by `align`, as pixi's anchor. */
const ALIGN_ANCHOR = { left: 0, center: 0.5, right: 1 } as const;

/**
 * The resolution a text is rasterized at for a layer that draws
 * `pixelsPerUnit` device pixels per text unit: rounded up to a half, so a
 * camera zooming smoothly re-rasterizes text a few times, not every frame;
 * between 1 and {@link MAX_TEXT_RESOLUTION}.
 */
export function textResolution(pixelsPerUnit: number): number {
  if (!(pixelsPerUnit > 0) || !Number.isFinite(pixelsPerUnit)) return 1;
  return Math.min(MAX_TEXT_RESOLUTION, Math.max(1, Math.ceil(pixelsPerUnit * 2) / 2));
}

/** The display object of one actor, and what it was last drawn from. */
interface ActorSprite {
  /** The actor's one display object: placed, turned and faded from the actor each frame. */
  readonly node: Container;
  /** Spawn order (actor ids grow with each spawn): the tie-break after `z`. */
  readonly id: number;
  /** The visual the node's child was drawn from (compared by identity). */
  drawn: Visual | undefined;
  /** The child that draws a circle or a rect. */
  shape: Graphics | undefined;
  /** The child that draws a text. */
  text: Text | undefined;
  layer: 'world' | 'screen';
  z: number;
  /** The last frame stamp it was seen alive with a visual. */
  seen: number;
}

/**
 * The retained pixi scene of a world: one display object per actor id,
 * created the first frame the actor is seen alive with a visual, updated
 * every frame from the actor, and destroyed the first frame it is not.
 *
 * Per frame and per actor it writes a position, a rotation and an alpha.
 * Everything costlier waits for a change:
 *
 * - a Graphics is redrawn only when the actor's `visual` is another object
 *   (visuals are immutable values: replace the object to change the look);
 * - a Text's string is set only when it differs (pixi re-rasterizes a text
 *   on every change), its resolution only when its layer's scale moved a
 *   half step;
 * - the layers are re-sorted only when an actor appears, or its `z` or
 *   layer changes. The order is `visual.z`, then spawn order.
 *
 * @example
 * ```ts
 * const sprites = new ActorSprites(worldLayer, screenLayer);
 * // each frame, in step 10:
 * sprites.sync(scene.actors, worldPixelsPerUnit, screenPixelsPerUnit);
 * ```
 */
export class ActorSprites {
  private readonly sprites = new Map<number, ActorSprite>();
  private readonly sortScratch: ActorSprite[] = [];
  private stamp = 0;
  private orderDirty = false;

  /**
   * @param world The layer of `layer: 'world'` visuals, transformed by the camera.
   * @param screen The layer of `layer: 'screen'` visuals, in logical units.
   */
  constructor(
    private readonly world: Container,
    private readonly screen: Container,
  ) {}

  /** How many actors have a display object. */
  get size(): number {
    return this.sprites.size;
  }

  /**
   * Brings the display objects in line with `actors` (in spawn order).
   *
   * @param worldPixelsPerUnit Device pixels per world unit (viewport scale × zoom), for text resolution.
   * @param screenPixelsPerUnit Device pixels per logical unit (viewport scale), for text resolution.
   */
  sync(actors: readonly Actor<string>[], worldPixelsPerUnit: number, screenPixelsPerUnit: number): void {
    const stamp = ++this.stamp;
    const worldResolution = textResolution(worldPixelsPerUnit);
    const screenResolution = textResolution(screenPixelsPerUnit);
    for (let i = 0; i < actors.length; i++) {
      const actor = actors[i]!;
      const visual = actor.visual;
      if (visual === undefined || !actor.alive) continue;
      let sprite = this.sprites.get(actor.id);
      if (sprite === undefined) {
        sprite = this.create(actor.id);
        this.sprites.set(actor.id, sprite);
      }
      sprite.seen = stamp;
      if (visual !== sprite.drawn) this.redraw(sprite, visual);
      const { node } = sprite;
      node.position.set(actor.x, actor.y);
      node.rotation = actor.rotation;
      node.alpha = visual.alpha ?? 1;
      const text = sprite.text;
      if (text !== undefined) {
        const resolution = sprite.layer === 'world' ? worldResolution : screenResolution;
        if (text.resolution !== resolution) text.resolution = resolution;
      }
    }
    for (const [id, sprite] of this.sprites) {
      if (sprite.seen === stamp) continue;
      // Removing a child keeps the others' order: no re-sort needed.
      sprite.node.destroy({ children: true });
      this.sprites.delete(id);
    }
    if (this.orderDirty) this.sort();
  }

  /** Destroys every display object. */
  clear(): void {
    for (const sprite of this.sprites.values()) sprite.node.destroy({ children: true });
    this.sprites.clear();
  }

  private create(id: number): ActorSprite {
    const node = new Container({ label: `actor:${id}` });
    this.orderDirty = true;
    return { node, id, drawn: undefined, shape: undefined, text: undefined, layer: 'world', z: 0, seen: 0 };
  }

  /** Draws `visual` into the sprite's node: its child, its layer and its z. */
  private redraw(sprite: ActorSprite, visual: Visual): void {
    sprite.drawn = visual;
    const layer = visual.layer ?? 'world';
    const z = visual.z ?? 0;
    const { node } = sprite;
    if (node.parent === null || layer !== sprite.layer || z !== sprite.z) {
      sprite.layer = layer;
      sprite.z = z;
      (layer === 'world' ? this.world : this.screen).addChild(node);
      this.orderDirty = true;
    }
    if (visual.kind === 'text') {
      if (sprite.shape !== undefined) {
        sprite.shape.destroy();
        sprite.shape = undefined;
      }
      if (sprite.text === undefined) {
        sprite.text = new Text({
          text: visual.text,
          style: { fontFamily: DEFAULT_TEXT_FONT, fontSize: visual.size, fill: visual.color },
        });
        node.addChild(sprite.text);
      }
      const text = sprite.text;
      if (text.text !== visual.text) text.text = visual.text;
      const { style } = text;
      if (style.fontSize !== visual.size) style.fontSize = visual.size;
      if (style.fill !== visual.color) style.fill = visual.color;
      // Like the shapes, a text is centred on its actor, vertically always and horizontally unless aligned to an edge.
      text.anchor.set(ALIGN_ANCHOR[visual.align ?? 'center'], 0.5);
      return;
    }
    if (sprite.text !== undefined) {
      sprite.text.destroy({ style: true });
      sprite.text = undefined;
    }
    if (sprite.shape === undefined) {
      sprite.shape = new Graphics();
      node.addChild(sprite.shape);
    }
    const shape = sprite.shape.clear();
    if (visual.kind === 'circle') shape.circle(0, 0, visual.radius).fill(visual.color);
    else shape.rect(-visual.width / 2, -visual.height / 2, visual.width, visual.height).fill(visual.color);
  }

  /** Re-stacks both layers by `z`, then spawn order. Runs only after a change of membership, layer or z. */
  private sort(): void {
    this.orderDirty = false;
    const scratch = this.sortScratch;
    for (const layer of [this.world, this.screen]) {
      scratch.length = 0;
      for (const sprite of this.sprites.values()) if (sprite.node.parent === layer) scratch.push(sprite);
      scratch.sort((a, b) => a.z - b.z || a.id - b.id);
      for (let i = 0; i < scratch.length; i++) {
        const node = scratch[i]!.node;
        if (layer.getChildIndex(node) !== i) layer.setChildIndex(node, i);
      }
    }
    scratch.length = 0;
  }
}
