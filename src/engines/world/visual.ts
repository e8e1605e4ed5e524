/**
 * What a backend draws for an actor, at the actor's position and rotation.
 * Colours are 0xRRGGBB. Sizes are world units (screen units for `layer: 'screen'`).
 */
export type Visual = (
  | { readonly kind: 'circle'; readonly radius: number; readonly color: number }
  | { readonly kind: 'rect'; readonly width: number; readonly height: number; readonly color: number }
  | {
      readonly kind: 'text';
      readonly text: string;
      readonly size: number;
      readonly color: number;
      readonly align?: 'left' | 'center' | 'right';
    }
) & {
  /** Opacity in [0, 1]; defaults to 1. */
  readonly alpha?: number;
  /** `'world'` (moves with the camera, the default) or `'screen'` (fixed, e.g. a HUD or a pause menu). */
  readonly layer?: 'world' | 'screen';
  /** Drawing order within the layer; higher draws later. Defaults to 0 (then spawn order). */
  readonly z?: number;
};
