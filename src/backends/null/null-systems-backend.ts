import type { SystemsBackend, SystemsFrame } from '../../engines/systems/systems-backend.js';

/**
 * The systems engine's backend for Node: nothing is drawn, and what would
 * have been is counted, so a headless test can check that a frame rendered
 * and where each entity was drawn.
 */
export class NullSystemsBackend implements SystemsBackend {
  /** How many frames the engine asked it to draw. */
  renderCount = 0;
  /** The active scene's id at the latest frame. */
  lastSceneId: string | undefined;
  /** How many entities the latest frame held. */
  lastEntityCount = 0;
  /** Whether `destroy()` was called. */
  destroyed = false;

  render(frame: SystemsFrame): void {
    this.renderCount++;
    this.lastSceneId = frame.sceneId;
    this.lastEntityCount = frame.entities.length;
  }

  destroy(): void {
    this.destroyed = true;
  }
}

/**
 * A systems backend with no drawing surface, for running the engine headless.
 *
 * @example
 * ```ts
 * import { NEVER } from 'rxjs';
 * import { nullSystemsBackend } from 'tickflow';
 * import { createSystemsEngine } from 'tickflow/systems';
 *
 * const backend = nullSystemsBackend();
 * const engine = createSystemsEngine({ scenes: [{ id: 'main' }], startSceneId: 'main', backend, ticks: NEVER });
 * await engine.play();
 * engine.advance(0);
 * backend.renderCount; // 1
 * ```
 */
export function nullSystemsBackend(): NullSystemsBackend {
  return new NullSystemsBackend();
}
