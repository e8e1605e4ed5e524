import { checkOptionKeys, optionsObject, positiveFinite } from '../../../operators/validate.js';
import { fitViewport, type Viewport } from '../../engines/viewport.js';
import { noopContext2D } from '../noop-context-2d.js';
import type { Diagnostics, PickView, StateBackend } from '../../engines/state/state-backend.js';
import type { WorldBackend, WorldScene } from '../../engines/world/world-backend.js';

/** Options of {@link nullBackend}. */
export interface NullBackendOptions {
  /** The game's logical size; defaults to 800 × 600. */
  logicalWidth?: number;
  /** The game's logical height; defaults to 600. */
  logicalHeight?: number;
}

/** What the null backend hands render: a screen layer that draws nothing. */
export interface NullSurface {
  /** A 2D context whose every method does nothing (so render code runs unchanged). */
  readonly screen: CanvasRenderingContext2D;
}

/**
 * A backend with no drawing surface, for Node, for both engines: the simulation runs, stepped
 * by `advance()`, and nothing is drawn. The viewport is the logical size at a
 * ratio of 1; picks hit nothing; the overlay's diagnostics are kept so a test
 * can read the last ones.
 */
export class NullBackend implements StateBackend<NullSurface>, WorldBackend {
  readonly surface: NullSurface = { screen: noopContext2D() };
  readonly view: PickView = { ray: () => undefined, pick: () => undefined };
  /** The diagnostics the overlay step was last handed. */
  lastDiagnostics: Diagnostics | undefined;
  /** How many frames the world engine asked it to render. */
  renderCount = 0;
  private readonly viewport: Viewport;

  constructor(options?: NullBackendOptions) {
    optionsObject('nullBackend', options, true);
    checkOptionKeys('nullBackend', options, ['logicalWidth', 'logicalHeight']);
    const { logicalWidth = 800, logicalHeight = 600 } = options ?? {};
    positiveFinite('nullBackend', 'logicalWidth', logicalWidth);
    positiveFinite('nullBackend', 'logicalHeight', logicalHeight);
    this.viewport = fitViewport(logicalWidth, logicalHeight, 1, logicalWidth, logicalHeight);
  }

  sync(): Viewport {
    return this.viewport;
  }
  beginScreen(): void {}
  present(): void {}
  render(_scene: WorldScene): void {
    this.renderCount++;
  }
  drawOverlay(diagnostics: Diagnostics): void {
    this.lastDiagnostics = diagnostics;
  }
  composite(): void {}
  destroy(): void {}
}

/**
 * A backend with no drawing surface, for running an engine in Node.
 *
 * @example
 * ```ts
 * import { nullBackend, constantClock } from 'tickflow';
 * import { createStateEngine } from 'tickflow/state';
 *
 * const engine = createStateEngine({ initial: { t: 0 }, update: (s, { dt }) => ({ t: s.t + dt }), backend: nullBackend(), clock: constantClock(16) });
 * engine.advance();
 * ```
 */
export function nullBackend(options?: NullBackendOptions): NullBackend {
  return new NullBackend(options);
}
