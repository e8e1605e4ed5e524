import type { RuntimeObjectView } from './runtime-object.js';

/** What the runtime hands its renderer once per rendered frame: one object, rewritten each frame. */
export interface RuntimeFrame {
  /** The live objects, in creation order; draw each at `presented`. */
  readonly objects: readonly RuntimeObjectView[];
  /** The scene session: a new number for every scene loaded. */
  readonly session: number;
  /** Rendered frames of the runtime so far. */
  readonly frame: number;
  /** The accumulator fraction the presentation used, in [0, 1] (1 on a single step). */
  readonly alpha: number;
  /** Fixed ticks this frame ran. */
  readonly ticks: number;
  /** Whether the runtime is paused. */
  readonly paused: boolean;
}

/** What the runtime needs from a renderer (`threeRuntimeBackend` in `tickflow/three`). Rendering never feeds back into simulation. */
export interface RuntimeBackend {
  /** Draws one frame's snapshot. */
  render(frame: RuntimeFrame): void;
  /** Frees the surface (the runtime's `destroy()` calls it). */
  destroy(): void;
}

/** Both of a backend's methods: without `destroy()`, the runtime's own teardown would fail (and leak what it holds). @internal */
export function isRuntimeBackend(backend: unknown): backend is RuntimeBackend {
  const { render, destroy } = (backend ?? {}) as Partial<RuntimeBackend>;
  return backend !== null && typeof render === 'function' && typeof destroy === 'function';
}
