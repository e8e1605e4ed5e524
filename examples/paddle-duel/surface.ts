import type { InputView } from 'tickflow';
import type { DuelAction } from './bindings.js';
import { NO_TEXT_FLOOR, type TextFloor } from './label.js';

/**
 * What the surface a match is drawn on lends the objects of its world: the
 * smallest legible text size, and the way from a point of the stage into
 * the world (a drag on the court).
 *
 * Both follow the engine's fit, which changes as the page resizes, so they
 * are functions, not game state. A snapshot cannot hold a function, and an
 * object a restore makes again (from its class, without its constructor:
 * after a restore into another level, or into a fresh engine) was never
 * handed one. So no world object keeps them in a field: a tick looks them up
 * through the input it is handed (the engine's own, `context.input`), under
 * which createPaddleDuel lent them.
 *
 * @module
 */

/**
 * Where a point of the stage is in the world: the engine's `screenToWorld`,
 * from CSS pixels of the stage (the input's pointer) to world units.
 */
export type ScreenToWorld = (cssX: number, cssY: number) => { x: number; y: number };

/** What a match's surface lends its world's objects. */
export interface DuelSurface {
  /** The smallest legible text size now, in logical units (label.ts). */
  readonly textFloor: TextFloor;
  /** How a drag is found in the court; without it, no drag moves a paddle (keys only). */
  readonly screenToWorld?: ScreenToWorld;
}

/** Where nothing was lent (levels built without createPaddleDuel): every label at its own size, keys only. */
const NO_SURFACE: DuelSurface = { textFloor: NO_TEXT_FLOOR };

/** The surfaces lent, by the engine input's frame view (what a tick is handed as `context.input`). */
const lent = new WeakMap<InputView<DuelAction>, DuelSurface>();

/** Lends `surface` to the world objects of the engine that reads `input` (pass the input's `frame` view). */
export function lendSurface(input: InputView<DuelAction>, surface: DuelSurface): void {
  lent.set(input, surface);
}

/** The surface lent to the engine whose tick is handed `input` (`context.input`). */
export function surfaceOf(input: InputView<DuelAction>): DuelSurface {
  return lent.get(input) ?? NO_SURFACE;
}
