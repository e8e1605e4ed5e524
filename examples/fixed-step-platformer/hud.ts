import { WorldSystem, type SystemsEngineControls, type WorldSystemOptions } from 'tickflow/systems';
import type { GameState } from './game-state.js';
import type { SimulatedDisplay } from './simulated-display.js';

/** How often the rates are re-measured, in ms of page time. */
const RATE_WINDOW_MS = 500;

/** Where the HUD writes: the page's readouts, measured against its simulated display. */
export interface HudPage {
  readonly display: SimulatedDisplay;
  readonly root: Document;
}

/**
 * The readouts beside the stage, written from the engine's frames (a world
 * system's `update`), each only when its text changes. Paused, no frame
 * runs, so they hold their last values.
 *
 * Without a page (Node, a test) the system is there all the same and
 * writes nothing: the game has the same world systems wherever it runs, so
 * a snapshot taken on the page restores in Node.
 */
export function hudSystem(state: GameState, page?: HudPage) {
  if (page === undefined) {
    return class Hud extends WorldSystem {
      saveState(): null {
        return null;
      }

      restoreState(): void {}
    };
  }
  const { display, root } = page;
  const cell = (name: string) => root.querySelector<HTMLElement>(`[data-readout="${name}"]`)!;
  const cells = {
    scene: cell('scene'),
    fps: cell('fps'),
    steps: cell('steps'),
    apex: cell('apex'),
    drop: cell('drop'),
    falls: cell('falls'),
    dropped: cell('dropped'),
    frames: cell('frames'),
  };
  const title = root.querySelector<HTMLElement>('#level-title')!;
  const banner = root.querySelector<HTMLElement>('#drop-banner')!;
  const write = (element: HTMLElement, text: string) => {
    if (element.textContent !== text) element.textContent = text;
  };

  return class Hud extends WorldSystem {
    private readonly engine: SystemsEngineControls;
    /** Fixed steps run since this world was built: a world system's fixedUpdate runs once per fixed step. */
    private steps = 0;
    private windowStartMs = NaN;
    private ticksAtStart = 0;
    private stepsAtStart = 0;

    constructor(options: WorldSystemOptions) {
      super();
      this.engine = options.engine;
    }

    fixedUpdate(): void {
      this.steps += 1;
    }

    /** The rates are the page's measure, not the game's: nothing to save, and after a restore they are measured afresh. */
    saveState(): null {
      return null;
    }

    restoreState(): void {
      this.windowStartMs = NaN;
    }

    update(): void {
      const stats = this.engine.stats();
      // The page frame's timestamp, not performance.now(): a read of the wall clock inside update is what the
      // engine's determinism warnings flag (docs/determinism.md), and the host's timestamp is the time this frame shows.
      const nowMs = display.pageTimeMs;
      if (Number.isNaN(this.windowStartMs) || Number.isNaN(nowMs) || stats.frames <= 1) {
        this.windowStartMs = nowMs;
        this.ticksAtStart = display.ticks;
        this.stepsAtStart = this.steps;
      } else if (nowMs - this.windowStartMs >= RATE_WINDOW_MS) {
        const seconds = (nowMs - this.windowStartMs) / 1000;
        write(cells.fps, `${display.rateHz} Hz · ${((display.ticks - this.ticksAtStart) / seconds).toFixed(0)} fps`);
        write(cells.steps, `${((this.steps - this.stepsAtStart) / seconds).toFixed(0)} /s (${state.mode === 'fixed' ? 'used' : 'unused'})`);
        this.windowStartMs = nowMs;
        this.ticksAtStart = display.ticks;
        this.stepsAtStart = this.steps;
      }
      write(cells.scene, state.level?.id ?? '–');
      write(title, state.level?.title ?? '');
      write(cells.apex, state.lastJumpApex === undefined ? '–' : `${state.lastJumpApex.toFixed(1)} px`);
      write(cells.drop, state.dropResult === undefined ? (state.dropping ? 'falling…' : '–') : state.dropResult.replace(' the ledge', ''));
      write(cells.falls, String(state.falls));
      write(cells.dropped, `${stats.droppedMs.toFixed(0)} ms`);
      write(cells.frames, String(stats.frames));
      banner.hidden = state.dropResult === undefined;
      if (state.dropResult !== undefined) {
        write(banner, `${state.dropMode === 'fixed' ? 'fixed step' : 'per frame'}: ${state.dropResult}`);
        banner.className = `stage-banner ${state.dropResult.startsWith('landed') ? 'good' : 'bad'}`;
      }
    }
  };
}
