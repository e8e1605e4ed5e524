import type { WorldBackend, WorldDiagnostics, WorldScene } from 'tickflow/world';
import type { Viewport } from 'tickflow';

/** A {@link WorldBackend} that draws once a host frame: see {@link latestFrameBackend}. */
export interface LatestFrameBackend extends WorldBackend {
  /** Draws the latest scene the engine handed over since the last draw, if any. Call it after `session.frame(t)`. */
  draw(): void;
}

/**
 * Wraps a backend so that the engine's render step only keeps the scene,
 * and {@link LatestFrameBackend.draw} draws it, once a host frame.
 *
 * Online, one host frame may run many ticks: a rollback loads an older
 * state and runs every tick since again, each a whole engine frame whose
 * render step would draw a picture nobody sees. The scene an engine hands
 * its backend is the live world (its actors, its camera), so drawing the
 * last one after `session.frame(t)` returns draws the corrected present,
 * and the ticks before it cost no drawing at all.
 */
export function latestFrameBackend(inner: WorldBackend): LatestFrameBackend {
  let pending: WorldScene | undefined;
  return {
    sync: (): Viewport => inner.sync(),
    render(scene: WorldScene): void {
      pending = scene;
    },
    drawOverlay(_diagnostics: WorldDiagnostics, _scene: WorldScene): void {
      // No overlay online: the netplay HUD beside the court says what the overlay would.
    },
    draw(): void {
      if (pending === undefined) return;
      inner.render(pending);
      pending = undefined;
    },
    destroy: () => inner.destroy(),
  };
}
