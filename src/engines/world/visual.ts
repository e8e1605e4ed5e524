/** A pair of numbers along x and y (an anchor, a scale). */
export interface VisualXY {
  /** The value along x. */
  readonly x: number;
  /** The value along y. */
  readonly y: number;
}

/**
 * How a texture is placed on its actor: the parts every textured visual
 * (`sprite`, `animation`) shares.
 */
export interface TexturePlacement {
  /**
   * The point of the texture that sits on the actor's position, as shares of
   * its width and height: 0.5 (the default) centres it, as the shapes are;
   * `{ x: 0.5, y: 1 }` stands it on its feet. One number sets both.
   */
  readonly anchor?: number | VisualXY;
  /**
   * The texture's size in world units (screen units for `layer: 'screen'`)
   * is its size in pixels times this. Defaults to 1. One number sets both;
   * a negative one mirrors.
   */
  readonly scale?: number | VisualXY;
  /** A colour the texture is multiplied by, 0xRRGGBB. Defaults to 0xffffff (none). */
  readonly tint?: number;
}

/**
 * What a backend draws for an actor, at the actor's position and rotation.
 * Colours are 0xRRGGBB. Sizes are world units (screen units for `layer: 'screen'`).
 *
 * Visuals are values: a backend redraws an actor's picture only when its
 * `visual` is another object, so change the look by assigning a new object,
 * never by editing one in place. Position, rotation (`actor.rotation`, in
 * radians) and `alpha` are read every frame.
 *
 * - `circle`, `rect`, `text`: shapes and text the backend draws itself.
 * - `sprite`: a texture a backend loaded (pixi.js: through its `Assets`;
 *   see `PixiBackend.load`). `texture` is the name it was loaded under (an
 *   alias or its URL); with `sheet`, it is the name of a frame of that
 *   spritesheet. The name is looked up when an actor's visual names another
 *   texture or sheet, or when the texture it found was destroyed (unloaded):
 *   a new visual naming the same texture (another tint, say) keeps the one
 *   shown, as it was found.
 * - `animation`: the frames of a spritesheet animation, played at `fps` on
 *   the world's time while the world is not paused (so a paused world's
 *   animations hold still, and a scripted clock gives the same frames on
 *   every run). `loop` defaults to true; otherwise it stops on the last frame.
 * - `container`: the escape hatch, a display object of the backend's own
 *   kind that the game built (pixi.js: any `Container`). The backend places it
 *   at the actor each frame (position, rotation, alpha, layer, z) and draws
 *   whatever it holds; everything inside it is the game's. One container per
 *   actor; when the actor leaves, the backend takes it off the stage and
 *   leaves destroying it to the game.
 *
 * @example
 * ```ts
 * import type { Visual } from 'tickflow/world';
 *
 * const ball: Visual = { kind: 'circle', radius: 8, color: 0xffcc00 };
 * const crate: Visual = { kind: 'sprite', texture: 'crate.png', anchor: { x: 0.5, y: 1 }, scale: 0.5, tint: 0xffddaa, z: 1 };
 * const coin: Visual = { kind: 'animation', sheet: 'items.json', animation: 'coin-spin', fps: 12 };
 * ```
 */
export type Visual = (
  | {
      /** A filled circle centred on the actor. */
      readonly kind: 'circle';
      /** Radius, in world units. */
      readonly radius: number;
      /** Fill colour, 0xRRGGBB. */
      readonly color: number;
    }
  | {
      /** A filled rectangle centred on the actor. */
      readonly kind: 'rect';
      /** Full width, in world units. */
      readonly width: number;
      /** Full height, in world units. */
      readonly height: number;
      /** Fill colour, 0xRRGGBB. */
      readonly color: number;
    }
  | {
      /** A line of text, vertically centred on the actor. */
      readonly kind: 'text';
      /** The string to draw. */
      readonly text: string;
      /** Font size, in world units. */
      readonly size: number;
      /** Text colour, 0xRRGGBB. */
      readonly color: number;
      /** Which edge of the text sits on the actor's x; defaults to `'center'`. */
      readonly align?: 'left' | 'center' | 'right';
      /** Font weight, as CSS counts it (400 normal, 700 bold). Defaults to 400. */
      readonly weight?: number;
    }
  | ({
      /** A texture the backend loaded. */
      readonly kind: 'sprite';
      /** The name the texture was loaded under (alias or URL); with `sheet`, the name of a frame of that spritesheet. */
      readonly texture: string;
      /** The name a spritesheet was loaded under, when `texture` is one of its frames. */
      readonly sheet?: string;
    } & TexturePlacement)
  | ({
      /** The frames of a spritesheet animation. */
      readonly kind: 'animation';
      /** The name the spritesheet was loaded under. */
      readonly sheet: string;
      /** The name of the animation in that spritesheet. */
      readonly animation: string;
      /** Frames per second of world time. */
      readonly fps: number;
      /** Whether the animation repeats; defaults to true, otherwise it stops on the last frame. */
      readonly loop?: boolean;
    } & TexturePlacement)
  | {
      /** A display object of the backend's own kind, built by the game. */
      readonly kind: 'container';
      /** The display object (pixi.js: any `Container`); the backend places it, the game owns it. */
      readonly container: object;
    }
) & {
  /** Opacity in [0, 1]; defaults to 1. */
  readonly alpha?: number;
  /** `'world'` (moves with the camera, the default) or `'screen'` (fixed, e.g. a HUD or a pause menu). */
  readonly layer?: 'world' | 'screen';
  /** Drawing order within the layer; higher draws later. Defaults to 0 (then spawn order). */
  readonly z?: number;
};
