import type { Entity } from './entity.js';
import type { Time } from './time.js';

/**
 * What the engine hands its backend once per frame, after `update` and the
 * interpolation: the active scene's entities with their drawn poses. One
 * object, rewritten each frame (a backend must not keep it).
 */
export interface SystemsFrame {
  /** The active scene's id. */
  readonly sceneId: string;
  /** The live entities, in creation order; draw each at `entity.drawn`. */
  readonly entities: readonly Entity[];
  /** The engine's one shared {@link Time}, refreshed for this frame. */
  readonly time: Time;
  /** The frame count of the world run. */
  readonly frame: number;
}

/**
 * What the systems engine needs from a drawing backend. Declared here, by
 * the engine; backends implement it: `pixiSystemsBackend` (tickflow/pixi)
 * in a browser, `nullSystemsBackend()` headless. Drawing never feeds back
 * into simulation state.
 */
export interface SystemsBackend {
  /** Draws one frame: once per frame the loop runs, never on a skipped one. */
  render(frame: SystemsFrame): void;
  /** Frees the surface (the engine's `destroy()` calls it). */
  destroy(): void;
}

/** The backend when none is given: draws nothing. @internal */
export function inertBackend(): SystemsBackend {
  return { render() {}, destroy() {} };
}
