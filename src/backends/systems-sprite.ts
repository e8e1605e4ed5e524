/**
 * What a systems backend draws for an entity: its `sprite` component
 * ({@link SPRITE_COMPONENT}). The pixi.js and the three.js systems backends
 * read the same component, so one game draws on either.
 *
 * - pixi.js: a filled rectangle or circle centred on the entity's drawn
 *   pose, turning with its rotation.
 * - three.js: a rectangle becomes a box `depth` deep, a circle a sphere;
 *   both sit centred on the drawn pose in the z = 0 plane and turn with its
 *   rotation about z.
 *
 * Change a field and the next frame shows it: a new colour or opacity is
 * one write (pixi: the shape's `tint` and `alpha`, over a white fill; three:
 * the material's colour and opacity), a new shape or size redraws the shape
 * (pixi) or rescales the mesh (three); leave it and the frame only moves it.
 *
 * @example
 * ```ts
 * import type { SystemsSprite } from 'tickflow/pixi';
 *
 * const paddle: SystemsSprite = { shape: 'rect', width: 12, height: 80, color: 0xf2f2f2 };
 * const entity = { id: 'paddle', transform: { x: 40, y: 270 }, components: { sprite: paddle } };
 * ```
 */
export type SystemsSprite =
  | {
      /** A filled rectangle (three.js: a box). */
      readonly shape: 'rect';
      /** Full width, in the game's logical units. */
      width: number;
      /** Full height, in the game's logical units. */
      height: number;
      /** three.js only: full depth toward the camera, in logical units; defaults to the smaller of width and height. */
      depth?: number;
      /** Fill colour, 0xRRGGBB. */
      color: number;
      /** Opacity in [0, 1]; defaults to 1. */
      alpha?: number;
    }
  | {
      /** A filled circle (three.js: a sphere). */
      readonly shape: 'circle';
      /** Radius, in the game's logical units. */
      radius: number;
      /** Fill colour, 0xRRGGBB. */
      color: number;
      /** Opacity in [0, 1]; defaults to 1. */
      alpha?: number;
    };

/** The component name both systems backends read: `'sprite'`. */
export const SPRITE_COMPONENT = 'sprite';
