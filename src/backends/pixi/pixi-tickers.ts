import { Ticker, type Application } from 'pixi.js';

/**
 * Keeps pixi's tickers from running a loop of their own: tickflow's engine
 * owns the frame loop, and the backend renders once per engine frame.
 *
 * pixi has three kinds of ticker, and each would request animation frames
 * beside the engine's:
 *
 * - the Application's ticker renders the stage on every frame once started.
 *   The backend builds the app with `autoStart: false` and its own ticker
 *   (not `Ticker.shared`), and {@link holdAppTicker} also detaches the app's
 *   render from it, so even `app.start()` cannot render a second time;
 * - `Ticker.system`, which pixi starts as soon as a renderer exists, runs
 *   the renderer's housekeeping (the texture and renderable garbage
 *   collectors' schedule, the pointer events' hover checks). The backend
 *   keeps it stopped ({@link SystemTickerHold}) and advances it by hand once
 *   per rendered frame, so the housekeeping still runs, on the engine's
 *   frames;
 * - `Ticker.shared` serves whatever a game adds to it (an AnimatedSprite).
 *   The backend neither uses nor stops it.
 */
export function holdAppTicker(app: Application): void {
  const ticker = app.ticker;
  ticker.autoStart = false;
  ticker.stop();
  ticker.remove(app.render, app);
}

/**
 * A hold on `Ticker.system`: while at least one is held, pixi's system
 * ticker requests no animation frames and is advanced by {@link advance}.
 * When the last hold is released, the ticker is put back as it was found.
 *
 * Holds are counted, because `Ticker.system` is one object shared by every
 * pixi renderer on the page.
 */
export class SystemTickerHold {
  private static holds = 0;
  private static found: { started: boolean; autoStart: boolean } | undefined;
  private released = false;

  private constructor() {}

  /** Stops `Ticker.system`'s own frames (for as long as any hold is not released). */
  static acquire(): SystemTickerHold {
    const ticker = Ticker.system;
    if (SystemTickerHold.holds++ === 0) {
      SystemTickerHold.found = { started: ticker.started, autoStart: ticker.autoStart };
    }
    // A listener added later (pixi's pointer events add one) must not restart it.
    ticker.autoStart = false;
    ticker.stop();
    return new SystemTickerHold();
  }

  /** Runs `Ticker.system`'s listeners once, at `timeMs` (defaults to now): call it once per rendered frame. */
  advance(timeMs: number = performance.now()): void {
    if (!this.released) Ticker.system.update(timeMs);
  }

  /** Gives the hold back; the last one restores the ticker. Calling it twice does nothing. */
  release(): void {
    if (this.released) return;
    this.released = true;
    if (--SystemTickerHold.holds > 0) return;
    const found = SystemTickerHold.found;
    SystemTickerHold.found = undefined;
    const ticker = Ticker.system;
    ticker.autoStart = found?.autoStart ?? true;
    if (found?.started) ticker.start();
  }
}
