import { AnimatedSprite, Container, Graphics, Sprite, Text, type TextStyleFontWeight } from 'pixi.js';
import type { Actor } from '../../engines/world/world.js';
import type { WorldScene } from '../../engines/world/world-backend.js';
import type { TexturePlacement, Visual, VisualXY } from '../../engines/world/visual.js';
import { animationFor, textureFor } from './assets.js';

/** The font a text visual is set in. */
export const DEFAULT_TEXT_FONT = 'system-ui, "Segoe UI", Roboto, Helvetica, Arial, sans-serif';

/**
 * The most device pixels per text unit a text is rasterized at. Text is a
 * bitmap in pixi: rasterized once at `size × resolution` pixels and then
 * scaled with its layer. Matching the resolution to the layer's scale keeps
 * it crisp; the cap keeps a large zoom from building huge textures.
 */
export const MAX_TEXT_RESOLUTION = 4;

/** Where a textured visual's anchor is unless told otherwise: its centre, as the shapes are drawn. */
export const DEFAULT_SPRITE_ANCHOR = 0.5;

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

/** What kind of display object an actor is drawn with. */
type NodeKind = 'shape' | 'text' | 'sprite' | 'animation' | 'custom';

/** The display object of one actor, and what it was last drawn from. */
interface ActorSprite {
  /**
   * The actor's one display object, placed, turned and faded from the actor
   * each frame: a Graphics, a Text, a Sprite, an AnimatedSprite or the game's
   * own Container, directly in its layer (no wrapper: a wrapper would double
   * the transforms pixi updates per frame). None while its visual cannot be drawn.
   */
  node: Container | undefined;
  kind: NodeKind | undefined;
  /** Spawn order (actor ids grow with each spawn): the tie-break after `z`. */
  readonly id: number;
  /** The visual the node was drawn from (compared by identity). */
  drawn: Visual | undefined;
  /** The sheet and animation an AnimatedSprite node holds the frames of. */
  animationKey: string;
  /** An animation's clock: seconds of unpaused world time it has played, and the world time last read. */
  playedSeconds: number;
  lastWorldTime: number;
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
 * Per frame and per actor it writes a position, a rotation and an alpha
 * (and an animation's frame when it changes). Everything costlier waits for
 * a change:
 *
 * - a Graphics is redrawn, a sprite's texture, anchor, scale and tint set,
 *   only when the actor's `visual` is another object (visuals are immutable
 *   values: replace the object to change the look);
 * - a Text's string is set only when it differs (pixi re-rasterizes a text
 *   on every change), its resolution only when its layer's scale moved a
 *   half step;
 * - the layers are re-sorted only when an actor appears, or its `z`, layer
 *   or kind of display object changes. The order is `visual.z`, then spawn order.
 *
 * Nothing is allocated and nothing is hashed per actor per frame. The
 * display objects are kept in one array in spawn order (actor ids grow with
 * each spawn), and the actors arrive in spawn order too, so the sync walks
 * both together: the next display object is almost always the next actor's,
 * found by comparing one id (a binary search when it is not: an actor that
 * only now got a visual). Neither a Map nor a `for...of` is on the path: a
 * Map lookup per actor cost as much as the rest of the sync together, and a
 * `for...of` over a Map allocates an entry per element.
 *
 * A visual that cannot be drawn (a texture not loaded) draws nothing; the
 * error is returned once for that visual object, after every other actor is
 * brought up to date, so one bad visual costs neither the frame nor the log.
 *
 * @example
 * ```ts
 * const sprites = new ActorSprites(worldLayer, screenLayer);
 * // each frame, in step 10:
 * const error = sprites.sync(scene);
 * ```
 */
export class ActorSprites {
  /** Every actor's display object, in spawn order (ascending id). */
  private readonly list: ActorSprite[] = [];
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
    return this.list.length;
  }

  /**
   * Brings the display objects in line with the scene's actors (in spawn
   * order). A text is rasterized for its layer's device pixels per unit: the
   * viewport's scale (times the camera's zoom in the world layer). The scene
   * is passed whole, not those numbers: a fractional number handed to a call
   * that is not inlined is a new heap number each frame.
   *
   * @return The first error of a visual that could not be drawn this frame (reported once per visual object), if any.
   */
  sync(scene: WorldScene): Error | undefined {
    const { actors, viewport, camera } = scene;
    const stamp = ++this.stamp;
    const worldResolution = textResolution(viewport.scale * camera.zoom);
    const screenResolution = textResolution(viewport.scale);
    let failure: Error | undefined;
    const list = this.list;
    // Where the next actor's display object should be in `list`, and how many were seen (to skip an idle sweep).
    let cursor = 0;
    let seen = 0;
    for (let i = 0; i < actors.length; i++) {
      const actor = actors[i]!;
      const visual = actor.visual;
      if (visual === undefined || !actor.alive) continue;
      const id = actor.id;
      // Display objects of lower ids belong to actors gone or without a visual: the sweep below removes them.
      while (cursor < list.length && list[cursor]!.id < id) cursor++;
      let sprite = list[cursor];
      if (sprite === undefined || sprite.id !== id) {
        const at = this.indexOf(id);
        if (at >= 0) {
          cursor = at;
          sprite = list[at]!;
        } else {
          sprite = this.insert(id);
          cursor = this.indexOf(id);
        }
      }
      cursor++;
      seen++;
      sprite.seen = stamp;
      if (visual !== sprite.drawn) {
        const error = this.redraw(sprite, visual, actor);
        if (error !== undefined && failure === undefined) failure = error;
      }
      const node = sprite.node;
      if (node === undefined) continue;
      node.position.set(actor.x, actor.y);
      node.rotation = actor.rotation;
      node.alpha = visual.alpha ?? 1;
      if (sprite.kind === 'text') {
        const text = node as Text;
        const resolution = sprite.layer === 'world' ? worldResolution : screenResolution;
        if (text.resolution !== resolution) text.resolution = resolution;
      } else if (sprite.kind === 'animation' && visual.kind === 'animation') {
        this.play(sprite, node as AnimatedSprite, visual, actor);
      }
    }
    if (seen === list.length) {
      if (this.orderDirty) this.sort();
      return failure;
    }
    // The sweep: what was not seen this frame goes, and the rest close up in spawn order.
    let kept = 0;
    for (let i = 0; i < list.length; i++) {
      const sprite = list[i]!;
      if (sprite.seen === stamp) list[kept++] = sprite;
      // Removing a child keeps the others' order: no re-sort needed.
      else this.removeNode(sprite);
    }
    list.length = kept;
    if (this.orderDirty) this.sort();
    return failure;
  }

  /** Destroys every display object (but the game's own containers, which are only taken off the stage). */
  clear(): void {
    for (let i = 0; i < this.list.length; i++) this.removeNode(this.list[i]!);
    this.list.length = 0;
  }

  /** The index of actor `id`'s display object in `list` (a binary search: `list` is in ascending id), or -1. */
  private indexOf(id: number): number {
    const list = this.list;
    let low = 0;
    let high = list.length - 1;
    while (low <= high) {
      const middle = (low + high) >> 1;
      const at = list[middle]!.id;
      if (at === id) return middle;
      if (at < id) low = middle + 1;
      else high = middle - 1;
    }
    return -1;
  }

  /** A new entry for actor `id`, at its place in spawn order (at the end, but for an actor that only now got a visual). */
  private insert(id: number): ActorSprite {
    const sprite: ActorSprite = { node: undefined, kind: undefined, id, drawn: undefined, animationKey: '', playedSeconds: 0, lastWorldTime: 0, layer: 'world', z: 0, seen: 0 };
    const list = this.list;
    let at = list.length;
    list.push(sprite);
    while (at > 0 && list[at - 1]!.id > id) {
      list[at] = list[at - 1]!;
      at--;
    }
    list[at] = sprite;
    return sprite;
  }

  /** Takes the node off the stage: destroyed when it is the backend's, left whole when it is the game's. */
  private removeNode(sprite: ActorSprite): void {
    const { node, kind } = sprite;
    sprite.node = undefined;
    sprite.kind = undefined;
    sprite.animationKey = '';
    if (node === undefined) return;
    if (kind === 'custom') node.removeFromParent();
    else if (kind === 'text') (node as Text).destroy({ style: true });
    else node.destroy();
  }

  /** Makes `node` the sprite's display object, in its layer (replacing the one it had). */
  private setNode(sprite: ActorSprite, node: Container, kind: NodeKind): void {
    this.removeNode(sprite);
    sprite.node = node;
    sprite.kind = kind;
    if (kind !== 'custom') node.label = `actor:${sprite.id}`;
    (sprite.layer === 'world' ? this.world : this.screen).addChild(node);
    this.orderDirty = true;
  }

  /**
   * Draws `visual` into the sprite's node, in its layer at its z. A visual
   * that cannot be drawn leaves the actor without a node and returns why.
   */
  private redraw(sprite: ActorSprite, visual: Visual, actor: Actor<string>): Error | undefined {
    const before = sprite.drawn;
    sprite.drawn = visual;
    const layer = visual.layer ?? 'world';
    const z = visual.z ?? 0;
    if (layer !== sprite.layer || z !== sprite.z) {
      sprite.layer = layer;
      sprite.z = z;
      if (sprite.node !== undefined) (layer === 'world' ? this.world : this.screen).addChild(sprite.node);
      this.orderDirty = true;
    }
    try {
      switch (visual.kind) {
        case 'circle':
        case 'rect':
          this.drawShape(sprite, visual);
          return undefined;
        case 'text':
          this.drawText(sprite, visual);
          return undefined;
        case 'sprite':
          this.drawSprite(sprite, visual, before);
          return undefined;
        case 'animation':
          this.drawAnimation(sprite, visual, actor);
          return undefined;
        case 'container':
          this.drawContainer(sprite, visual.container);
          return undefined;
        default:
          throw new Error(`visual: unknown kind ${JSON.stringify((visual as { kind: unknown }).kind)}`);
      }
    } catch (error) {
      this.removeNode(sprite);
      const reason = error instanceof Error ? error.message : String(error);
      return new Error(`pixiBackend: actor ${actor.id} "${actor.name}": ${reason}; it draws nothing until its visual changes`, { cause: error });
    }
  }

  private drawShape(sprite: ActorSprite, visual: Extract<Visual, { kind: 'circle' | 'rect' }>): void {
    if (sprite.kind !== 'shape') this.setNode(sprite, new Graphics(), 'shape');
    const shape = (sprite.node as Graphics).clear();
    if (visual.kind === 'circle') shape.circle(0, 0, visual.radius).fill(visual.color);
    else shape.rect(-visual.width / 2, -visual.height / 2, visual.width, visual.height).fill(visual.color);
  }

  private drawText(sprite: ActorSprite, visual: Extract<Visual, { kind: 'text' }>): void {
    if (sprite.kind !== 'text') {
      const created = new Text({ text: visual.text, style: { fontFamily: DEFAULT_TEXT_FONT, fontSize: visual.size, fill: visual.color, fontWeight: '400' } });
      this.setNode(sprite, created, 'text');
    }
    const text = sprite.node as Text;
    if (text.text !== visual.text) text.text = visual.text;
    const { style } = text;
    if (style.fontSize !== visual.size) style.fontSize = visual.size;
    if (style.fill !== visual.color) style.fill = visual.color;
    const weight = String(visual.weight ?? 400) as TextStyleFontWeight;
    if (style.fontWeight !== weight) style.fontWeight = weight;
    // Like the shapes, a text is centred on its actor, vertically always and horizontally unless aligned to an edge.
    text.anchor.set(ALIGN_ANCHOR[visual.align ?? 'center'], 0.5);
  }

  private drawSprite(sprite: ActorSprite, visual: Extract<Visual, { kind: 'sprite' }>, before: Visual | undefined): void {
    // A visual that names the texture the node already shows (a new tint, scale or anchor) keeps it: the name is
    // looked up in pixi's cache only when it changes, or when the texture it found was destroyed (unloaded).
    const shown = sprite.kind === 'sprite' ? (sprite.node as Sprite).texture : undefined;
    const same = shown !== undefined && !shown.destroyed && before?.kind === 'sprite' && before.texture === visual.texture && before.sheet === visual.sheet;
    const texture = same ? shown : textureFor(visual.texture, visual.sheet);
    if (sprite.kind !== 'sprite') this.setNode(sprite, new Sprite({ texture }), 'sprite');
    const node = sprite.node as Sprite;
    node.texture = texture;
    place(node, visual);
  }

  private drawAnimation(sprite: ActorSprite, visual: Extract<Visual, { kind: 'animation' }>, actor: Actor<string>): void {
    if (!(visual.fps > 0) || !Number.isFinite(visual.fps)) {
      throw new Error(`animation: fps must be a finite number > 0, got ${String(visual.fps)}`);
    }
    const key = `${visual.sheet}\u0000${visual.animation}`;
    if (sprite.kind !== 'animation' || sprite.animationKey !== key) {
      const frames = animationFor(visual.sheet, visual.animation);
      // autoUpdate false: no Ticker.shared; the backend sets the frame from the world's time (see play).
      this.setNode(sprite, new AnimatedSprite({ textures: frames, autoUpdate: false }), 'animation');
      sprite.animationKey = key;
      // Another animation starts from its first frame; the same one with another tint or scale plays on.
      sprite.playedSeconds = 0;
      sprite.lastWorldTime = actor.world?.time ?? 0;
    }
    place(sprite.node as AnimatedSprite, visual);
  }

  /** Moves an animation on by the world time since the last frame, unless its world is paused; sets its frame on a change. */
  private play(sprite: ActorSprite, animation: AnimatedSprite, visual: Extract<Visual, { kind: 'animation' }>, actor: Actor<string>): void {
    const world = actor.world;
    if (world === undefined) return;
    const time = world.time;
    const step = time - sprite.lastWorldTime;
    sprite.lastWorldTime = time;
    if (!world.paused && step > 0) sprite.playedSeconds += step;
    const count = animation.totalFrames;
    const index = Math.floor(sprite.playedSeconds * visual.fps);
    const frame = visual.loop === false ? Math.min(index, count - 1) : index % count;
    if (animation.currentFrame !== frame) animation.currentFrame = frame;
  }

  private drawContainer(sprite: ActorSprite, container: object): void {
    if (!(container instanceof Container)) {
      throw new Error('a container visual needs a pixi.js Container (from the same pixi.js the backend uses)');
    }
    if (sprite.node !== container) this.setNode(sprite, container, 'custom');
  }

  /** Re-stacks both layers by `z`, then spawn order. Runs only after a change of membership, layer, z or node. */
  private sort(): void {
    this.orderDirty = false;
    this.sortLayer(this.world);
    this.sortLayer(this.screen);
  }

  private sortLayer(layer: Container): void {
    const scratch = this.sortScratch;
    const list = this.list;
    scratch.length = 0;
    for (let i = 0; i < list.length; i++) if (list[i]!.node?.parent === layer) scratch.push(list[i]!);
    scratch.sort(byZThenSpawn);
    for (let i = 0; i < scratch.length; i++) {
      const node = scratch[i]!.node!;
      if (layer.getChildIndex(node) !== i) layer.setChildIndex(node, i);
    }
    scratch.length = 0;
  }
}

function byZThenSpawn(a: ActorSprite, b: ActorSprite): number {
  return a.z - b.z || a.id - b.id;
}

/** Sets a textured child's anchor, scale and tint from its visual. */
function place(target: Sprite, visual: TexturePlacement): void {
  const anchor = visual.anchor ?? DEFAULT_SPRITE_ANCHOR;
  const scale = visual.scale ?? 1;
  target.anchor.set(xOf(anchor), yOf(anchor));
  target.scale.set(xOf(scale), yOf(scale));
  target.tint = visual.tint ?? 0xffffff;
}

const xOf = (value: number | VisualXY): number => (typeof value === 'number' ? value : value.x);
const yOf = (value: number | VisualXY): number => (typeof value === 'number' ? value : value.y);

